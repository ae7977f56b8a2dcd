"""Bad inputs to MindSpore's 200 most-used ops: MindSpore's answer or a clean Python exception,
never a crash, a hang or a value where MindSpore raises.

tests/goldens/scripts/robustness_probe.py generates the cases (each op's good call, then one
argument changed at a time: another dtype, rank, an empty or NaN/Inf Tensor, a string, an axis
of 99, a negative shape, ...) for the ops listed in tests/goldens/robustness/ops_by_usage.txt
(tools/record_robustness_ops.py), and recorded what MindSpore 2.10 does with each in
tests/goldens/robustness/robustness_probe.out. The same cases run here on msjax, with warnings
as errors: where MindSpore raises, msjax raises the same exception type, except the cases listed
in tests/goldens/robustness/expected_different.txt, each with msjax's outcome and why. A listed
case that msjax now gets right fails the test too (take it off the list):

    python -m tests.ops.test_robustness     # rewrites expected_different.txt, prints a summary

pytest-timeout guards against a hang; a crash would end the test run.
"""
import collections
import runpy
import sys
import warnings

import pytest

import msjax as ms
import msjax.compat
from tests.golden_scripts import GOLDENS

ROBUSTNESS = GOLDENS / "robustness"


def _table(path, separator) -> dict:
    """{first field: the other fields} of each line of `path` that is not a comment."""
    rows = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            first, *rest = line.split(separator)
            rows[first] = rest
    return rows


GOLDEN = {label: rest[0] for label, rest in
          _table(ROBUSTNESS / "robustness_probe.out", " -> ").items()}
# "op | case": [msjax's outcome kind, why]
EXPECTED_DIFFERENT = _table(ROBUSTNESS / "expected_different.txt", "\t")
OPS = list(dict.fromkeys(label.split(" | ")[0] for label in GOLDEN))


def _kind(outcome: str) -> str:
    """`ERR Type` or `OK`: what is compared."""
    return outcome.split(" | ")[0] if outcome.startswith("ERR") else "OK"


def load_probe():
    msjax.compat.install(force=True)
    return runpy.run_path(str(GOLDENS / "scripts" / "robustness_probe.py"),
                          run_name="robustness_probe")


@pytest.fixture(scope="module")
def probe():
    try:
        yield load_probe()
    finally:
        msjax.compat.uninstall()
        ms.set_context(mode=ms.PYNATIVE_MODE)


def outcomes(probe, name) -> dict:
    make = probe["OPS"][name][0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # as under pytest: a warning is an outcome too
        return {f"{name} | {case}": probe["outcome"](make, args)
                for case, args in probe["cases"](name)}


def test_the_200_listed_ops_have_their_cases_recorded():
    listed = list(_table(ROBUSTNESS / "ops_by_usage.txt", "\t"))
    assert len(listed) == 200 and OPS == listed
    assert all(label in GOLDEN for label in EXPECTED_DIFFERENT)


@pytest.mark.heavy  # ~2,600 cases, most of them a new program for msjax (~1 minute)
@pytest.mark.parametrize("name", OPS)
def test_where_mindspore_raises_msjax_raises_the_same_type(name, probe):
    got = outcomes(probe, name)
    assert set(got) == {label for label in GOLDEN if label.startswith(f"{name} | ")}
    wrong, fixed = {}, []
    for label, outcome in got.items():
        expected = GOLDEN[label]
        if label in EXPECTED_DIFFERENT:
            if _kind(outcome) == _kind(expected):
                fixed.append(label)
            elif _kind(outcome) != EXPECTED_DIFFERENT[label][0]:
                wrong[label] = (EXPECTED_DIFFERENT[label][0], outcome)
        elif expected.startswith("ERR") and _kind(outcome) != _kind(expected):
            wrong[label] = (expected, outcome)
    assert not fixed, f"these now match MindSpore: take them off expected_different.txt: {fixed}"
    assert not wrong, wrong


# -- the list of cases that differ, and why ---------------------------------------------------
_DTYPE_CASES = ("int32", "float32", "bool", "float64")
_SHAPE_CASES = ("rank+1", "scalar", "empty", "negative", "longer", "99", "-99", "empty tuple")


# MindSpore's errors that are no rule of its API: (a text of the message, why msjax differs)
_KNOWN_REASONS = (
    ("cannot be broadcast on CPU/GPU", "MindSpore's CPU and GPU BatchMatMul do not broadcast "
                                       "batch axes of inputs of different ranks; its Ascend "
                                       "one does, and so does msjax"),
    ("caused by framework's unexpected error", "MindSpore fails with an internal error here "
                                               "(no rule of its API); msjax computes"),
    ("fast stride can not be equal to 0", "MindSpore's kernel raises a RuntimeError at run time "
                                          "for an empty input; msjax computes the empty result"),
    ("Shape of input should not contain 0", "MindSpore raises a RuntimeError for an empty "
                                            "input of OneHot; msjax computes the empty result"),
    ("Eye error: n value can not be negative", "an artefact of MindSpore's PyNative state: "
                                               "Eye(3, 99, float32) computes when run alone"),
    ("indices out of range for input_x", "an index out of range for the legacy ScatterNdUpdate "
                                         "primitive, which msjax's index checks "
                                         "(core/index_checks.py) do not cover yet"),
    ("the output size must be greater than 0", "PadV3's paddings are a Tensor, whose values "
                                               "msjax does not read before the op runs"),
)


def reason(label: str, expected: str, outcome: str) -> str:
    """Why msjax's `outcome` differs from MindSpore's `expected` in case `label`."""
    case = label.split(" | ")[1].split(" ")[-1]
    if "msjax does not implement" in outcome:
        return "msjax does not implement this op yet (docs/api_coverage.md)"
    if any(text in expected for text in ("Select CPU operator", "Unsupported op",
                                         "unsupported reduce operation")):
        return ("MindSpore 2.10's CPU kernel lacks this dtype (or op); msjax computes it, as "
                "MindSpore's other backends' kernels do")
    for text, why in _KNOWN_REASONS:
        if text in expected:
            return why
    if outcome.startswith("ERR UserWarning") and "float64" in outcome.lower():
        return ("JAX warns that a Float64 input is computed in Float32 (an op not yet run in "
                "msjax's 64-bit scope)")
    if _kind(outcome).endswith("Warning"):
        return (f"msjax lets NumPy or JAX warn ({_kind(outcome)[4:]}: the string 'a' read as a "
                f"NumPy dtype alias, ...), an error with warnings as errors; MindSpore raises "
                f"{_kind(expected)[4:]}")
    if not outcome.startswith("ERR"):
        if case in _DTYPE_CASES:
            return ("msjax computes in the promoted dtype where MindSpore's type check rejects "
                    "this dtype (no per-op dtype table yet)")
        if case in _SHAPE_CASES:
            return ("msjax computes a value where MindSpore's shape inference rejects this "
                    "shape or value (no per-op shape check yet)")
        if case in ("nan", "inf"):
            return "MindSpore rejects a NaN/Inf value here; msjax computes with it"
        return "msjax computes a value where MindSpore raises (no check for this yet)"
    return (f"msjax raises {_kind(outcome)[4:]}, a clean exception, where MindSpore raises "
            f"{_kind(expected)[4:]}")


def write_expected(probe) -> collections.Counter:
    """Rewrite expected_different.txt from what msjax does now; the count of each reason."""
    lines = ["# Cases of tests/ops/test_robustness.py where msjax's outcome differs from "
             "MindSpore's raise:",
             "# label<TAB>msjax's outcome kind<TAB>why. Made by `python -m "
             "tests.ops.test_robustness`."]
    reasons = collections.Counter()
    for name in OPS:
        for label, outcome in outcomes(probe, name).items():
            expected = GOLDEN[label]
            if expected.startswith("ERR") and _kind(outcome) != _kind(expected):
                why = reason(label, expected, outcome)
                reasons[why] += 1
                lines.append(f"{label}\t{_kind(outcome)}\t{why}")
    (ROBUSTNESS / "expected_different.txt").write_text("\n".join(lines) + "\n")
    return reasons


if __name__ == "__main__":
    raises = sum(v.startswith("ERR") for v in GOLDEN.values())
    counts = write_expected(load_probe())
    print(f"{len(GOLDEN)} cases, MindSpore raises in {raises}; msjax differs in "
          f"{sum(counts.values())}:", file=sys.stderr)
    for why, count in counts.most_common():
        print(f"  {count:4d}  {why}", file=sys.stderr)
