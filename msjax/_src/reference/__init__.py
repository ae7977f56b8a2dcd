"""Facts about real MindSpore 2.10 that msjax measures itself against, recorded into the project.

`mindspore_2.10.0_api.json`: the public names and signatures of mindspore, mindspore.ops,
mindspore.nn, mindspore.numpy and mindspore.common.initializer. `mindspore_2.10.0_modules.json`:
every module of the mindspore package with its public names. Both were written by
`tools/record_mindspore_api.py` under real MindSpore (`../shared/tools/mindspore-oracle`); run it
again to refresh them. `mindspore_usage_in_real_code.tsv`: how many of 5,358 real MindSpore files
use each name (`tools/record_usage.py` copies it from the shared usage scan).
`mindspore_2.10.0_generated_ops.json`: MindSpore's generated operators (`ops.auto_generate`), by
`tools/record_generated_primitives.py`; msjax.ops.auto_generate builds its names from it.
`mindspore_2.10.0_class_modules.json`: where MindSpore defines each public class, by
`tools/record_class_modules.py`; the alias gives msjax's classes those modules (compat/identity.py). Nothing here is read by `import msjax`: only by `msjax coverage` and tests.
"""
import functools
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
API_FILE = HERE / "mindspore_2.10.0_api.json"
MODULES_FILE = HERE / "mindspore_2.10.0_modules.json"
CLASS_MODULES_FILE = HERE / "mindspore_2.10.0_class_modules.json"
GENERATED_OPS_FILE = HERE / "mindspore_2.10.0_generated_ops.json"
USAGE_FILE = HERE / "mindspore_usage_in_real_code.tsv"


@functools.cache
def mindspore_api() -> dict:
    """{module: {name: {"kind", "signature"}}} for the five modules of `API_FILE`."""
    return json.loads(API_FILE.read_text())["modules"]


@functools.cache
def mindspore_modules() -> dict:
    """{module path: {"names": [...], "package": bool} or {"error": "..."}} of `MODULES_FILE`."""
    return json.loads(MODULES_FILE.read_text())["modules"]


@functools.cache
def mindspore_generated_ops() -> dict:
    """MindSpore's generated operators (`GENERATED_OPS_FILE`): {"primitives", "functions",
    "callers", "inner"}, as tools/record_generated_primitives.py describes them."""
    return json.loads(GENERATED_OPS_FILE.read_text())


@functools.cache
def mindspore_class_modules() -> dict:
    """{public path: defining module + qualname} of MindSpore's classes (`CLASS_MODULES_FILE`,
    tools/record_class_modules.py): `mindspore.Tensor` -> `mindspore.common.tensor.Tensor`."""
    return json.loads(CLASS_MODULES_FILE.read_text())


@functools.cache
def mindspore_usage() -> list[tuple[str, str, int]]:
    """[(name, namespace, files)] of `USAGE_FILE`, most used first: `mindspore.nn.Dense`,
    `Tensor.asnumpy` (a method), `mindspore.parallel._utils._get_device_num` (private), ..."""
    rows = []
    for line in USAGE_FILE.read_text().splitlines()[1:]:
        if line.startswith("#") or line.startswith("name\t"):
            continue
        name, namespace, files = line.split("\t")
        rows.append((name, namespace, int(files)))
    return rows
