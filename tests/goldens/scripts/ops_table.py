"""Record what MindSpore 2.10 returns for every record of the op table (tests/ops/op_records.py).

Run from the repository root with the MindSpore oracle's Python (built by
``/work/shared/tools/mindspore-oracle`` on first use)::

    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/ops_table.py

or through the oracle, which copies this file to a scratch folder, so name the repository::

    MSJAX_REPO=$PWD /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops_table.py

Writes ``tests/goldens/ops_table.json``: {"mindspore_version", "cases": {case id: record}}, where
a record is what `op_inputs.encode` makes of the result ({"tensor": {dtype, shape, value}},
{"tuple": [...]}, {"python": v}, {"mstype": name}), or {"error": [exception type, first line of
the message]} when MindSpore raised; records of Primitive classes add "repr", the constructed
Primitive's repr.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(os.environ.get("MSJAX_REPO") or Path(__file__).resolve().parents[3])
sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402
import mindspore as ms  # noqa: E402
from mindspore import Tensor, ops  # noqa: E402
from mindspore.common import dtype as mstype  # noqa: E402

from tests.ops.op_inputs import call_args, encode  # noqa: E402
from tests.ops.op_records import CASES  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def make_dtype(name):
    return getattr(ms, {"bool": "bool_"}.get(name, name))


def run(case):
    args, kwargs, init_args, init_kwargs = call_args(case, Tensor, make_dtype)
    fn = getattr(ops, case.op)
    if case.is_primitive:
        fn = fn(*init_args, **init_kwargs)
    return fn(*args, **kwargs)


def error_record(exc):
    """[type, the message's first informative line] (C++ errors open with banner lines)."""
    lines = [line.strip() for line in str(exc).strip().splitlines()]
    lines = [line for line in lines if line and not line.startswith("-")] or [""]
    return {"error": [type(exc).__name__, lines[0]]}


def record(case):
    try:
        result = encode(run(case), Tensor, mstype.Type)
    except Exception as exc:  # noqa: BLE001  (the error is the record)
        result = error_record(exc)
    if case.is_primitive:
        try:
            _, _, init_args, init_kwargs = call_args(case, Tensor, make_dtype)
            result["repr"] = repr(getattr(ops, case.op)(*init_args, **init_kwargs))
        except Exception as exc:  # noqa: BLE001
            result["repr"] = f"!{type(exc).__name__}: {exc}"
    return result


def record_in_fresh_process(case):
    """MindSpore's PyNative mode may report a previous op's error again: errors are recorded
    from a process that ran only this case."""
    out = subprocess.run([sys.executable, __file__, "--one", case.id], capture_output=True,
                         text=True, env={**os.environ, "MSJAX_REPO": str(REPO)}, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    if sys.argv[1:2] == ["--one"]:
        case = next(c for c in CASES if c.id == sys.argv[2])
        print(json.dumps(record(case)))
        return
    only = set(sys.argv[1:])
    out = REPO / "tests" / "goldens" / "ops_table.json"
    records = {}
    if only and out.exists():
        records = json.loads(out.read_text())["cases"]
    for case in CASES:
        if only and case.id not in only and case.op not in only:
            continue
        if case.id in records and not only:
            raise SystemExit(f"duplicate case id {case.id}")
        records[case.id] = record(case)
        if "error" in records[case.id]:
            records[case.id] = record_in_fresh_process(case)
        if "error" in records[case.id] and not (case.error or case.beyond):
            print(f"{case.id}: MindSpore raised {records[case.id]['error']}")
    out.write_text(json.dumps({"mindspore_version": ms.__version__, "cases": records},
                              indent=0, sort_keys=True, allow_nan=True) + "\n")
    print(f"{out}: {len(records)} cases")


if __name__ == "__main__":
    np.set_printoptions(precision=8)
    main()
