"""Records where MindSpore 2.10 defines each of its public classes, for msjax's identity.

    MSJAX_ROOT=$PWD ../shared/tools/mindspore-oracle tools/record_class_modules.py \
        > /tmp/classes.json
    python tools/record_class_modules.py --write /tmp/classes.json

Under MindSpore (the oracle) it imports every module of msjax's record of MindSpore's module
tree (`reference/mindspore_2.10.0_modules.json`) and prints, for each class one of their public
names is, `{"<public path>": "<defining module>.<qualname>"}` (one public path per class, the
shortest). With `--write FILE` (under msjax's Python) it writes
`msjax/_src/reference/mindspore_2.10.0_class_modules.json`: under `import mindspore`, msjax's
class for each public path reports MindSpore's module (`type(t)` is
`<class 'mindspore.common.tensor.Tensor'>`; msjax/_src/compat/identity.py).
"""
import importlib
import inspect
import json
import os
import pathlib
import sys

# (the oracle runs a copy of this file elsewhere: MSJAX_ROOT says where msjax's tree is)
ROOT = pathlib.Path(os.environ.get("MSJAX_ROOT") or pathlib.Path(__file__).resolve().parents[1])
OUT = ROOT / "msjax" / "_src" / "reference" / "mindspore_2.10.0_class_modules.json"


def record():
    modules = json.loads((ROOT / "msjax" / "_src" / "reference"
                          / "mindspore_2.10.0_modules.json").read_text())["modules"]
    best = {}
    for path, entry in sorted(modules.items()):
        if "error" in entry or path.split(".")[1:2] in (["_extends"], ["_akg"]):
            continue
        try:
            module = importlib.import_module(path)
        except Exception:  # noqa: BLE001 - a module MindSpore itself cannot import here
            continue
        for name in entry.get("names", ()):
            value = getattr(module, name, None)
            if not inspect.isclass(value) or not getattr(value, "__module__", "").startswith(
                    "mindspore"):
                continue
            public = f"{path}.{name}"
            defined = f"{value.__module__}.{value.__qualname__}"
            key = id(value)
            if key not in best or len(public) < len(best[key][0]):
                best[key] = (public, defined)
    return {public: defined for public, defined in sorted(best.values())}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        text = pathlib.Path(sys.argv[2]).read_text()
        document = json.loads(text[text.index("{"):])
        OUT.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    else:
        print(json.dumps(record()))
