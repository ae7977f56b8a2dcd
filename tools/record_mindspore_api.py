"""Records MindSpore 2.10's public API into msjax: run under real MindSpore with the oracle.

    ../shared/tools/mindspore-oracle tools/record_mindspore_api.py > /tmp/api.txt
    python tools/record_mindspore_api.py --split /tmp/api.txt

Under MindSpore (the oracle) it prints one JSON document with two parts:
- `modules`: the public names (`__all__` plus non-module `dir()` entries) of mindspore,
  mindspore.ops, mindspore.nn, mindspore.numpy and mindspore.common.initializer, each with its
  kind and `inspect.signature` (the yardstick of `msjax coverage` and the signature tests);
- `tree`: every module `pkgutil.walk_packages` finds under `mindspore`, with its public names,
  or the error its import raised;
- `mindspore.Tensor` and `mindspore.Parameter` (in `modules`): the public methods and properties
  of the classes, each with its kind and signature (the yardstick of the Tensor method tests).
With `--split FILE` (under msjax's Python) it writes those parts to
`msjax/_src/reference/mindspore_2.10_api.json` and `mindspore_2.10_modules.json`.
"""
import importlib
import inspect
import json
import pathlib
import re
import sys

FIVE = ("mindspore", "mindspore.ops", "mindspore.nn", "mindspore.numpy",
        "mindspore.common.initializer")
OUT = pathlib.Path(__file__).resolve().parents[1] / "msjax" / "_src" / "reference"


def public_names(module):
    names = set(getattr(module, "__all__", ()) or ())
    names |= {n for n in dir(module) if not n.startswith("_")
              and not inspect.ismodule(getattr(module, n, None))}
    return sorted(str(n) for n in names)


def describe(obj):
    kind = "class" if inspect.isclass(obj) else "function" if callable(obj) else "value"
    signature = None
    if kind != "value":
        try:
            signature = str(inspect.signature(obj))
        except (TypeError, ValueError):
            signature = None
        if kind == "class" and (signature in (None, "()") or "*args, **kw" in signature):
            # A class whose __new__ or metaclass hides its constructor: read __init__ itself.
            try:
                init = re.sub(r"^\(self,? ?", "(", str(inspect.signature(obj.__init__)))
                if signature in (None, "()") or "*args" not in init:
                    signature = init
            except (TypeError, ValueError):
                pass
    # Object addresses and install paths in default values differ between runs: drop them.
    if signature:
        signature = re.sub(r" at 0x[0-9a-f]+", "", signature)
        signature = re.sub(r"from '[^']*/site-packages/", "from '", signature)
    described = {"kind": kind, "signature": signature}
    from mindspore.ops import Primitive
    if isinstance(obj, Primitive):  # a module-level instance (`ops.reduce_sum`): its repr
        described["primitive_instance"] = repr(obj)
    return described


def describe_member(cls, name):
    """A method (with its signature, `self` left out) or a property of class `cls`."""
    raw = inspect.getattr_static(cls, name)
    if isinstance(raw, (property, type(type.__dict__["__dict__"]))) or not callable(
            getattr(cls, name)):
        return {"kind": "property", "signature": None}
    described = describe(getattr(cls, name))
    kind = "staticmethod" if isinstance(raw, staticmethod) else (
        "classmethod" if isinstance(raw, classmethod) else "method")
    signature = described["signature"]
    if signature is None:  # a C++ method: the call forms its docstring lists, `name(...) -> T`
        doc = inspect.getdoc(getattr(cls, name)) or ""
        forms = [line.strip().split(" -> ")[0] for line in doc.splitlines()
                 if re.match(rf"^\s*(Tensor\.)?{re.escape(name)}\(.*\)", line)]
        if forms:
            return {"kind": kind, "signature": None,
                    "documented_forms": [f[f.index("("):] for f in forms]}
    if signature and kind == "method":
        signature = re.sub(r"^\(self, ?", "(", signature).replace("(self)", "()")
    return {"kind": kind, "signature": signature}


def record():
    import pkgutil
    import mindspore
    modules = {}
    for name in FIVE:
        module = importlib.import_module(name)
        modules[name] = {n: describe(getattr(module, n, None)) for n in public_names(module)}
    for cls in (mindspore.Tensor, mindspore.Parameter):
        modules[f"mindspore.{cls.__name__}"] = {
            n: describe_member(cls, n) for n in sorted(dir(cls)) if not n.startswith("_")}
    tree = {"mindspore": {"names": public_names(mindspore)}}
    for info in pkgutil.walk_packages(mindspore.__path__, "mindspore.", onerror=lambda _: None):
        try:
            module = importlib.import_module(info.name)
        except BaseException as error:  # noqa: BLE001 - recorded, not hidden
            tree[info.name] = {"error": f"{type(error).__name__}: {error}"[:300]}
            continue
        tree[info.name] = {"names": public_names(module), "package": info.ispkg}
    how = ("public names (__all__ plus non-module dir() entries) and inspect.signature of each, "
           f"read from the mindspore {mindspore.__version__} wheel on CPU by "
           "tools/record_mindspore_api.py")
    print("@@API@@" + json.dumps({"how": how, "mindspore_version": mindspore.__version__,
                                  "modules": modules, "tree": tree}, sort_keys=True))


def split(path):
    line = next(l for l in pathlib.Path(path).read_text().splitlines() if l.startswith("@@API@@"))
    data = json.loads(line[len("@@API@@"):])
    tree = data.pop("tree")
    OUT.mkdir(parents=True, exist_ok=True)
    version = data["mindspore_version"]
    (OUT / f"mindspore_{version}_api.json").write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    (OUT / f"mindspore_{version}_modules.json").write_text(json.dumps(
        {"how": "every module pkgutil.walk_packages finds under mindspore, with its public names "
                "(or the error its import raised), by tools/record_mindspore_api.py",
         "mindspore_version": version, "modules": tree}, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--split"]:
        split(sys.argv[2])
    else:
        record()
