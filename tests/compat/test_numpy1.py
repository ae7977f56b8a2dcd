"""NumPy 1's removed names, back on `numpy` while the alias is installed (compat/numpy1.py)."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import msjax.compat
from msjax._src.compat import numpy1
from tests.compat.msjax_command import REPO
from tests.golden_scripts import golden_cases, run_script_on_msjax


def test_probe_prints_what_mindspore_with_numpy1_prints():
    """Every line of the probe as MindSpore 2.10 with NumPy 1.26 printed it."""
    expected = golden_cases("compat/numpy1_names.txt")
    got = run_script_on_msjax("numpy1_names_probe.py")
    assert len(expected) == 45
    assert got == expected


def test_names_only_while_the_alias_is_installed():
    assert not hasattr(np, "NINF") and not hasattr(np, "float_")
    msjax.compat.install(force=True)
    try:
        assert np.NINF == -np.inf and np.float_ is np.float64 and np.in1d is numpy1._in1d
    finally:
        msjax.compat.uninstall()
    assert not hasattr(np, "NINF") and not hasattr(np, "in1d")


def test_a_name_numpy_has_is_never_replaced(monkeypatch):
    monkeypatch.setattr(np, "trapz", "numpy's own", raising=False)
    msjax.compat.install(force=True)
    try:
        assert np.trapz == "numpy's own" and np.NINF == -np.inf
    finally:
        msjax.compat.uninstall()
    assert np.trapz == "numpy's own"  # left as it was, not removed by restore()


def test_turned_off_by_the_environment():
    code = textwrap.dedent("""
        import numpy as np
        import msjax.compat
        msjax.compat.install(force=True)
        import mindspore
        print(hasattr(np, "NINF"))
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         env={**os.environ, "MSJAX_NUMPY1_NAMES": "0"}, check=True)
    assert out.stdout.split() == ["False"]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32])
def test_asfarray_matches_numpy1_rule(dtype):
    """NumPy 1's rule: the dtype asked for if inexact, else float64 (numpy/lib/type_check.py)."""
    out = numpy1._asfarray(np.arange(3), dtype=dtype)
    want = dtype if np.issubdtype(dtype, np.inexact) else np.float64
    assert out.dtype == want and out.tolist() == [0.0, 1.0, 2.0]
