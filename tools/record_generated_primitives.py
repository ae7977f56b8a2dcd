"""Records MindSpore 2.10's generated operators (`mindspore.ops.auto_generate`) into msjax.

    ../shared/tools/mindspore-oracle tools/record_generated_primitives.py > /tmp/gen.json
    python tools/record_generated_primitives.py --write /tmp/gen.json

MindSpore generates most of its operators from YAML: a Primitive class per operator in
`gen_ops_prim` (`SumExt`), one module-level instance of it (`sum_ext_op`), and a functional
form in `gen_ops_def` (`sum_ext`) that calls the instance; `mint.sum` *is* `gen_ops_def.sum_ext`.
Under MindSpore (the oracle) this prints one JSON document:
- `primitives`: each generated Primitive class with its constructor and call signatures (as
  lists of [name, default or null, required]) and its instances' names;
- `functions`: each `gen_ops_def` function with its signature, the instances it calls, and the
  public names that are the same object (`mindspore.mint.sum`, `mindspore.ops.sum`, ...);
- `callers`: the public functions that call generated functions or instances, with their
  signatures and the generated names they use (`mindspore.mint.sum` uses `sum_ext`);
- `inner`: `pyboost_inner_prim`'s instances (`rms_norm_impl`) with their class names;
- `inner_calls`: their call signatures: the generated Primitive's call inputs, then its
  constructor's arguments (`argmax_with_value_impl(input, axis, keep_dims)` is
  `ArgMaxWithValue(axis, keep_dims)(input)`).
msjax builds `mindspore.ops.auto_generate` from these facts and its own functions
(msjax/_src/generated_ops.py); with `--write FILE` (under msjax's Python) the document is
written to `msjax/_src/reference/mindspore_2.10.0_generated_ops.json`.
"""
import inspect
import json
import pathlib
import sys

OUT = (pathlib.Path(__file__).resolve().parents[1] / "msjax" / "_src" / "reference"
       / "mindspore_2.10.0_generated_ops.json")
PUBLIC = ("mindspore.mint", "mindspore.mint.nn.functional", "mindspore.mint.linalg",
          "mindspore.mint.special", "mindspore.ops", "mindspore.ops.function",
          "mindspore.ops.extend", "mindspore.nn.functional")


def parameters(fn, skip_self):
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    out = []
    for i, p in enumerate(signature.parameters.values()):
        if skip_self and i == 0:
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            out.append([("*" if p.kind is p.VAR_POSITIONAL else "**") + p.name, None, False])
            continue
        required = p.default is p.empty
        default = None if required else p.default
        if not isinstance(default, (int, float, str, bool, type(None), tuple, list)):
            default = repr(default)
        out.append([p.name, default, required])
    return out


def record():
    import importlib
    from mindspore.ops import Primitive
    from mindspore.ops.auto_generate import gen_ops_def, gen_ops_prim, pyboost_inner_prim

    instances = {}
    for name, value in vars(gen_ops_prim).items():
        if isinstance(value, Primitive) and not inspect.isclass(value):
            instances.setdefault(type(value).__name__, []).append(name)
    primitives = {}
    for name, cls in vars(gen_ops_prim).items():
        if (inspect.isclass(cls) and issubclass(cls, Primitive)
                and cls.__module__ == gen_ops_prim.__name__):
            primitives[name] = {"init": parameters(cls.__init__, True),
                                "call": parameters(cls.__call__, True),
                                "instances": sorted(instances.get(name, ()))}
    public = {}
    for module_name in PUBLIC:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in dir(module):
            public.setdefault(id(getattr(module, name)), []).append(f"{module_name}.{name}")
    instance_names = {n for names in instances.values() for n in names}
    functions = {}
    for name, fn in vars(gen_ops_def).items():
        if not inspect.isfunction(fn) or fn.__module__ != gen_ops_def.__name__:
            continue
        calls = sorted(n for n in fn.__code__.co_names if n in instance_names)
        functions[name] = {"signature": parameters(fn, False), "calls": calls,
                           "public": sorted(public.get(id(fn), ()))}
    # Public functions that call a generated function or instance (`mint.sum` calls `sum_ext`
    # with the same parameters): the candidates for what a generated name computes.
    generated = set(functions) | instance_names
    callers = {}
    for module_name in PUBLIC:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in dir(module):
            fn = getattr(module, name)
            if not inspect.isfunction(fn) or fn.__module__ == gen_ops_def.__name__:
                continue
            uses = sorted(n for n in fn.__code__.co_names if n in generated)
            if uses:
                callers[f"{module_name}.{name}"] = {"signature": parameters(fn, False),
                                                    "uses": uses}
    inner = {name: type(value).__name__ for name, value in vars(pyboost_inner_prim).items()
             if name.endswith("_impl") and not inspect.isclass(value)}
    inner_calls = {name: parameters(type(getattr(pyboost_inner_prim, name)).__call__, True)
                   for name in inner}
    return {"how": "tools/record_generated_primitives.py under MindSpore 2.10.0 (the oracle)",
            "primitives": primitives, "functions": functions, "callers": callers,
            "inner": inner, "inner_calls": inner_calls}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        text = pathlib.Path(sys.argv[2]).read_text()
        document = json.loads(text[text.index("{"):])
        OUT.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    else:
        print(json.dumps(record()))
