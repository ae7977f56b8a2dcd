"""Facts about real MindSpore 2.10 that msjax measures itself against, recorded into the project.

`mindspore_2.10.0_api.json`: the public names and signatures of mindspore, mindspore.ops,
mindspore.nn, mindspore.numpy and mindspore.common.initializer. `mindspore_2.10.0_modules.json`:
every module of the mindspore package with its public names. Both were written by
`tools/record_mindspore_api.py` under real MindSpore (`../shared/tools/mindspore-oracle`); run it
again to refresh them. Nothing here is read by `import msjax`: only by `msjax coverage` and tests.
"""
import functools
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
API_FILE = HERE / "mindspore_2.10.0_api.json"
MODULES_FILE = HERE / "mindspore_2.10.0_modules.json"


@functools.cache
def mindspore_api() -> dict:
    """{module: {name: {"kind", "signature"}}} for the five modules of `API_FILE`."""
    return json.loads(API_FILE.read_text())["modules"]


@functools.cache
def mindspore_modules() -> dict:
    """{module path: {"names": [...], "package": bool} or {"error": "..."}} of `MODULES_FILE`."""
    return json.loads(MODULES_FILE.read_text())["modules"]
