"""Records the valid calling of MindSpore 2.10's generated Primitives into msjax.

    ../shared/tools/mindspore-oracle tools/record_primitive_callings.py > /tmp/callings.txt
    python tools/record_primitive_callings.py --write /tmp/callings.txt

A Primitive generated from MindSpore's op YAML (`mindspore.ops.auto_generate.gen_ops_prim`)
that is called with an argument of a type it does not take raises

    TypeError: Failed calling Add with "Add()(input=Tensor, other=string)".
    The valid calling should be:
    "Add()(input=<Number, Tensor>, other=<Number, Tensor>)".

This tool (under MindSpore, the oracle) calls each such Primitive that can be made without
arguments with a string for every input and keeps the valid calling it names; with `--write
FILE` (under msjax's Python) it parses them into
`msjax/_src/reference/mindspore_2.10.0_primitive_callings.json`: per Primitive, its
constructor's attributes, its inputs' names and each input's accepted types, which
`msjax/_src/ops/registry.py` reads to word the error and to refuse a Python number where
MindSpore takes a Tensor only.
"""
import json
import pathlib
import re
import sys

OUT = (pathlib.Path(__file__).resolve().parents[1] / "msjax" / "_src" / "reference"
       / "mindspore_2.10.0_primitive_callings.json")
MARK = "CALLING "
_VALID = re.compile(r'The valid calling should be: \n"(\w+)\(([^()]*)\)\(([^()]*)\)"\.$')
_ARGUMENT = re.compile(r"(\w+)=<([^<>]*)>")


def record():
    import inspect
    from mindspore.ops import Primitive
    from mindspore.ops.auto_generate import gen_ops_prim

    for name, cls in sorted(vars(gen_ops_prim).items()):
        if name.startswith("_") or not (isinstance(cls, type) and issubclass(cls, Primitive)):
            continue
        try:
            prim = cls()
            params = [p for p in inspect.signature(cls.__call__).parameters.values()
                      if p.name != "self"]
        except Exception:  # pylint: disable=broad-except
            continue  # required constructor arguments, or no signature
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            continue
        try:
            prim(*(["s"] * len(params)))
        except TypeError as error:
            text = re.split(r"\n+-{10,}", str(error))[0].rstrip()
            if "The valid calling should be" in text:
                print(MARK + json.dumps([name, text]), flush=True)
        except Exception:  # pylint: disable=broad-except
            pass


def parse(lines) -> dict:
    table = {}
    for line in lines:
        if not line.startswith(MARK):
            continue
        name, text = json.loads(line[len(MARK):])
        match = _VALID.search(text)
        if match is None or match.group(1) != name:
            continue
        table[name] = {
            "attributes": [[k, v.split(", ")] for k, v in _ARGUMENT.findall(match.group(2))],
            "inputs": [[k, v.split(", ")] for k, v in _ARGUMENT.findall(match.group(3))],
        }
    return table


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        with open(sys.argv[2], encoding="utf-8") as f:
            table = parse(f)
        lines = [f"{json.dumps(name)}: {json.dumps(entry)}" for name, entry in sorted(table.items())]
        OUT.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # one Primitive a line
        print(f"wrote {OUT} ({len(table)} Primitives)")
    else:
        record()
