"""Graph mode's Python fallback (msjax/_src/transforms/graph_fallback.py).

The probe scripts cover MindSpore's tutorials `compile/python_builtin_functions` (27 examples) and
`compile/statements` (18), plus run-time fallback, globals, STRICT and side-effect order. They run
unchanged on msjax and must print what MindSpore 2.10 printed (tests/goldens/transforms/
builtins_probe.out, statements_probe.out), including the lines printed inside `jit`, except where
`DIFFERENCES` says why not.
"""
import os
import subprocess
import sys
import pathlib
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import GOLDENS, golden_cases, run_script_on_msjax

REPO = pathlib.Path(__file__).resolve().parents[2]
PROBES = ("builtins_probe", "statements_probe")
GOLDEN = {probe: golden_cases(f"transforms/{probe}.out") for probe in PROBES}

# (probe, label) -> (the start of msjax's line, why msjax differs from MindSpore 2.10 there).
DIFFERENCES = {
    ("builtins_probe", "type"): ("tuple(type:<class 'int'>", "msjax's Tensor class is "
                                 "msjax._src.core.tensor.Tensor (MindSpore's lives in mindspore.common)"),
    ("statements_probe", "nested list comprehension"): ("list(int:1, int:2", "msjax runs "
                                                        "comprehensions of two loops"),
    ("statements_probe", "nested dict comprehension"): ("dict('a': int:1", "the same"),
}

# The cases MindSpore runs with a tensor's value turned into a Python value at run time: msjax
# runs these functions eagerly, with one GraphFallbackWarning naming the line.
EAGER = {"int_func": "f = int(x)", "float_func": "e = float(x.asnumpy())",
         "getattr_func": "getattr(x.asnumpy()", "len_func": "len(w.asnumpy())",
         "isinstance_func": "isinstance(w.asnumpy(), np.ndarray)",
         "traced_to_python": "float(x), int(x), x.asnumpy()",
         "numpy_from_argument": "y = x.asnumpy() * 2 + 1", "strict_asnumpy": "float(x.asnumpy())",
         "accumulate_total": "total += x"}


def printed_lines(text):
    return [line for line in text.splitlines() if " -> " not in line]


@pytest.fixture(scope="module")
def probe_runs():
    runs = {}
    for probe in PROBES:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            cases = run_script_on_msjax(f"{probe}.py")
        runs[probe] = (cases, [str(w.message) for w in caught
                               if issubclass(w.category, GraphFallbackWarning)])
    return runs


@pytest.mark.parametrize("probe,label", [(p, label) for p in PROBES for label in sorted(GOLDEN[p])])
def test_case_matches_mindspore(probe, label, probe_runs):
    got = probe_runs[probe][0].get(label)
    if (probe, label) in DIFFERENCES:
        start, why = DIFFERENCES[probe, label]
        assert got is not None and got.startswith(start), why
        assert got != GOLDEN[probe][label]
        return
    assert got == GOLDEN[probe][label]


def test_tensor_values_read_at_run_time_fall_back_once_naming_the_line(probe_runs):
    messages = probe_runs["builtins_probe"][1]
    for name, line in EAGER.items():
        named = [m for m in messages if f"'{name}'" in m]
        assert len(named) == 1, (name, messages)
        assert line in named[0] and "builtins_probe.py:" in named[0]
    assert len(messages) == len(EAGER)  # constants fold: no other function fell back


def test_raise_under_a_tensor_condition_raises_only_when_taken(probe_runs):
    messages = probe_runs["statements_probe"][1]
    raising = [m for m in messages if "the `if` raises `ValueError(" in m]
    # Two RaiseNet instances: two call signatures, each falls back (and warns) once.
    assert len(raising) == 2, messages
    assert all("statements_probe.py:41: `if x <= y:`" in m for m in raising)


@pytest.mark.parametrize("probe", PROBES)
def test_lines_printed_inside_jit_match_mindspore(probe):
    """`print` inside `jit` prints MindSpore's graph Print format, each argument on its line."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-W", "ignore", "-c",
                           "import msjax.compat, runpy, sys; msjax.compat.install(force=True); "
                           f"runpy.run_path({str(GOLDENS / 'scripts' / f'{probe}.py')!r}, "
                           "run_name='__main__')"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    expected = printed_lines((GOLDENS / "transforms" / f"{probe}.out").read_text())
    assert expected, "the golden records printed lines"
    assert printed_lines(proc.stdout) == expected


def test_print_of_a_traced_value_prints_on_every_call(capsys):
    @ms.jit
    def shout(x):
        print(x)
        return x + 1

    shout(Tensor(np.array([1, 2], np.int32)))
    shout(Tensor(np.array([3, 4], np.int32)))
    assert capsys.readouterr().out.splitlines() == [
        "Tensor(shape=[2], dtype=Int32, value=[1 2])", "Tensor(shape=[2], dtype=Int32, value=[3 4])"]


def test_python_values_are_kept_with_the_compiled_program():
    calls = []

    @ms.jit
    def described(x):
        calls.append(1)  # trace-time only
        return x * 2, "doubled", {"n": 2, "dtype": x.dtype}, None

    for value in (1.0, 2.0):
        out = described(Tensor(np.array([value], np.float32)))
        assert out[1:] == ("doubled", {"n": 2, "dtype": ms.float32}, None)
        np.testing.assert_allclose(out[0].asnumpy(), [2 * value])
    assert calls == [1]  # compiled once: the Python values came from the program


def test_strict_syntax_level_refuses_asnumpy_as_mindspore_does(monkeypatch):
    """MindSpore 2.10 with MS_DEV_JIT_SYNTAX_LEVEL=0 (oracle): AttributeError with this text."""
    monkeypatch.setenv("MS_DEV_JIT_SYNTAX_LEVEL", "0")

    @ms.jit
    def to_numpy(x):
        return float(x.asnumpy())

    with pytest.raises(AttributeError, match=r"In JIT strict mode, cannot get attributes asnumpy "
                                             r"or the Tensor\[Float32\] object has no attribute"):
        to_numpy(Tensor(np.array([1.0], np.float32)))
