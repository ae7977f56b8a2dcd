"""Records MindSpore 2.10's overload tables of Tensor methods and functional ops into msjax.

    ../shared/tools/mindspore-oracle tools/record_overload_signatures.py > /tmp/ovl.json
    python tools/record_overload_signatures.py --write /tmp/ovl.json

MindSpore generates, from its op YAML, one overload table per Tensor method (`Tensor.add`,
`Tensor.max`, ...) and per functional op of `mindspore.ops.functional_overload` (`mint.add`,
`mint.clamp`, ...). A call that matches none of a name's signatures raises a TypeError that
lists them ("The valid calling should be: ..."). The tables ship compiled into MindSpore's
libraries; this tool reads them in two ways under MindSpore (the oracle):
- the displayed signatures, as MindSpore's own error lists them, in PyNative mode and in graph
  mode (`ms.jit`), elicited by calling each name with a keyword no signature has;
- the parser signatures (`AddExt(tensor|number other, *, number alpha=1)`: types, defaults,
  keyword-only marks), the strings MindSpore's argument parser is built from, read from the
  installed `_c_expression` and `libmindspore_pynative` binaries.
With `--write FILE` (under msjax's Python) it joins the two (a displayed signature takes the
defaults of the parser signature with the same parameter names) and writes
`msjax/_src/reference/mindspore_2.10.0_overloads.json`, which `msjax/_src/ops/overloads.py`
reads to resolve calls.
"""
import json
import pathlib
import re
import sys

OUT = (pathlib.Path(__file__).resolve().parents[1] / "msjax" / "_src" / "reference"
       / "mindspore_2.10.0_overloads.json")
PROBE = "msjax_probe"
MARK = "==== overload tables ===="
_PARSER = re.compile(rb"(?<=\x00)([A-Za-z_][A-Za-z0-9_]*)\(([^()\x00]*)\)(?=\x00)")
_PARAM = re.compile(r"^(?:\*|!?[a-z\[\]|!]+ \*?[a-z_0-9]+(?:=[^,]*)?)$")


def _message(error):
    return [type(error).__name__, re.split(r"\n+-{10,}", str(error))[0].rstrip()]


def _parser_signatures(paths):
    found = []
    for path in paths:
        data = pathlib.Path(path).read_bytes()
        for m in _PARSER.finditer(data):
            args = m.group(2).decode("latin1")
            if args and not all(_PARAM.match(a) for a in args.split(", ")):
                continue
            text = m.group(0).decode("latin1")
            if text not in found:
                found.append(text)
    return found


def record():
    import importlib
    import inspect
    import os
    import tempfile

    import numpy as np
    import mindspore as ms
    from mindspore import Tensor
    from mindspore.ops import functional_overload

    methods = sorted(n for n in dir(Tensor) if not n.startswith("_")
                     and type(getattr(Tensor, n, None)).__name__ == "method_descriptor"
                     and "TensorPy" in repr(getattr(Tensor, n)))
    functional = sorted(n for n, v in vars(functional_overload).items()
                        if inspect.isfunction(v) and v.__module__ == functional_overload.__name__
                        and not n.startswith("__"))
    # graph mode compiles from source: one module of small functions, one a name
    lines = ["from mindspore.ops import functional_overload as fo", ""]
    for n in methods:
        lines += [f"def method_{n}(x):", f"    return x.{n}({PROBE}=1)", ""]
    for n in functional:
        lines += [f"def functional_{n}(x):", f"    return fo.{n}(x, {PROBE}=1)", ""]
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "overload_probe.py")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    sys.path.insert(0, folder)  # graph mode resolves the functions' module by name
    probe = importlib.import_module("overload_probe")
    x = Tensor(np.array([2.0], np.float32))
    out = {"methods": {}, "functional": {}}
    for kind, names, call in (("methods", methods, lambda n: getattr(x, n)),
                              ("functional", functional,
                               lambda n: (lambda *a, **kw: getattr(functional_overload, n)(x, *a, **kw)))):
        for n in names:
            rec = {}
            try:
                call(n)(**{PROBE: 1})
                rec["pynative"] = None
            except Exception as e:  # pylint: disable=broad-except
                rec["pynative"] = _message(e)
            try:  # no arguments: MindSpore's lists leave out a signature of none (`max(input)`)
                call(n)()
                rec["empty"] = None
            except Exception as e:  # pylint: disable=broad-except
                rec["empty"] = _message(e)
            try:  # too many arguments for every signature: PyNative then lists them all
                call(n)(*([0] * 9))
                rec["many"] = None
            except Exception as e:  # pylint: disable=broad-except
                rec["many"] = _message(e)
            try:
                ms.jit(getattr(probe, f"{kind[:-1] if kind == 'methods' else kind}_{n}"))(x)
                rec["graph"] = None
            except Exception as e:  # pylint: disable=broad-except
                rec["graph"] = _message(e)
            out[kind][n] = rec
    folder = os.path.dirname(ms.__file__)
    libs = [os.path.join(folder, f) for f in os.listdir(folder) if f.startswith("_c_expression")]
    libs.append(os.path.join(folder, "lib", "libmindspore_pynative.so"))
    out["parser_signatures"] = _parser_signatures(libs)
    print(MARK)  # MindSpore prints its graph-mode tracebacks to stdout: the document follows
    print(json.dumps(out, indent=1, sort_keys=True))


# ---- msjax side: parse the messages, join with the parser signatures ----

def _split_top(text):
    """Splits `a, b<c, d>, e` at top-level commas (`<...>` nests)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _displayed(message, name):
    """The displayed signatures of a 'The valid calling should be:' message: [(display, params)],
    params [[name, [type, ...], keyword_only]]."""
    if message is None or "The valid calling should be:\n" not in message[1]:
        return None
    sigs = []
    for line in message[1].split("The valid calling should be:\n", 1)[1].split("\n"):
        m = re.fullmatch(r'"((?:Tensor\.)?\w+)\((.*)\)"', line)  # an alias shows its target
        if not m:
            continue
        params, keyword_only = [], False
        for part in _split_top(m.group(2)):
            if part == "*":
                keyword_only = True
                continue
            pm = re.fullmatch(r"(\w+)=<(.*)>", part)
            params.append([pm.group(1), [t.strip() for t in pm.group(2).split(",")], keyword_only])
        sigs.append([line[1:-1], params])
    return sigs


def _parser_params(text):
    m = re.fullmatch(r"(\w+)\((.*)\)", text)
    out, keyword_only = [], False
    for part in (m.group(2).split(", ") if m.group(2) else []):
        if part == "*":
            keyword_only = True
            continue
        types, rest = part.split(" ", 1)
        vararg = rest.startswith("*")
        pname, _, default = rest.lstrip("*").partition("=")
        out.append({"name": pname, "types": types, "default": default if _ else None,
                    "required": not _ and not vararg, "keyword_only": keyword_only,
                    "vararg": vararg})
    return out


def _elements(types):
    """The element types of a parser type's sequences: `tuple[int]|list[int]` gives
    {"tuple": "int", "list": "int"}."""
    return dict(re.findall(r"(tuple|list)\[(\w+)\]", types))


def _join(display, parsers):
    """A displayed signature's parameters with required/vararg from the parser signature whose
    parameter names and keyword-only marks are the same."""
    names = [(p[0], p[2]) for p in display[1]]
    for text in parsers:
        params = _parser_params(text)
        if [(p["name"], p["keyword_only"]) for p in params] == names:
            return {"display": display[0], "parser": text,
                    "params": [{"name": d[0], "types": d[1], "keyword_only": d[2],
                                "required": p["required"], "vararg": p["vararg"],
                                "elements": _elements(p["types"]), "parser_types": p["types"]}
                               for d, p in zip(display[1], params)]}
    # no parser signature with these names: a parameter whose types include None is optional
    return {"display": display[0], "parser": None,
            "params": [{"name": d[0], "types": d[1], "keyword_only": d[2],
                        "required": "None" not in d[1], "vararg": False, "elements": {}}
                       for d in display[1]]}


def write(path):
    raw = json.loads(pathlib.Path(path).read_text().split(MARK + "\n", 1)[-1])
    parsers = raw["parser_signatures"]
    tables = {}
    for kind in ("methods", "functional"):
        for name, rec in sorted(raw[kind].items()):
            entry = {}
            for mode in ("pynative", "graph"):
                sigs = _displayed(rec[mode], name)
                if sigs:
                    entry[mode] = [_join(s, parsers) for s in sigs]
            # PyNative lists the signatures the arguments fit, so the keyword probe misses those
            # of fewer parameters; nine arguments fit none, and it lists every one, in graph
            # mode's words: the complete table
            every = _displayed(rec.get("many"), name)
            if every and entry:
                entry["every"] = [_join(s, parsers) for s in every]
            if entry:
                shown = re.match(r"Failed calling (\w+) with", (rec["many"] or rec["pynative"])[1])
                entry["shown_as"] = shown.group(1) if shown else name  # `clip` shows `clamp`
                # graph mode answers the keyword probe in Python's words: it has one signature
                entry["one_in_graph"] = rec["graph"] == [
                    "TypeError", f"match failed because incorrect keyword name: {PROBE}"]
                # a call with no arguments that MindSpore runs (or fails on after resolution)
                entry["takes_no_arguments"] = not (rec.get("empty") and rec["empty"][0] == "TypeError"
                                                   and "valid calling" in rec["empty"][1])
                tables.setdefault(kind, {})[name] = entry
            elif kind == "methods" and rec.get("many"):  # one signature: its positional count
                m = re.fullmatch(r"(\w+)\(\) takes (\d+) positional arguments? but 9 were "
                                 r"given\.?", rec["many"][1])
                if m:
                    tables.setdefault("single", {})[name] = {"shown_as": m.group(1),
                                                            "positional": int(m.group(2))}
    doc = {"source": "MindSpore 2.10.0 (tools/record_overload_signatures.py)", **tables}
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}: {len(tables.get('methods', {}))} methods, "
          f"{len(tables.get('functional', {}))} functional ops, "
          f"{len(tables.get('single', {}))} methods of one signature")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write(sys.argv[2])
    else:
        record()
