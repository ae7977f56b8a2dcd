"""Dataset names real code uses beyond the transforms and sources probes, against MindSpore 2.10:
tests/goldens/scripts/dataset_additions_probe.py runs unchanged on msjax and must print what
MindSpore printed (tests/goldens/dataset/additions_probe.txt)."""
import contextlib
import functools
import io
import runpy
import subprocess
import sys

import pytest

import msjax.compat
from tests.golden_scripts import GOLDENS, parse_lines

PROBE = GOLDENS / "scripts" / "dataset_additions_probe.py"
EXPECTED = parse_lines((GOLDENS / "dataset" / "additions_probe.txt").read_text())


@functools.lru_cache(maxsize=None)
def _msjax_results():
    msjax.compat.install(force=True)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(PROBE), run_name="__main__")
    return parse_lines(out.getvalue())


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_matches_mindspore(label):
    assert _msjax_results().get(label) == EXPECTED[label]


def test_is_pil_does_not_import_pillow():
    code = ("import sys, numpy as np, msjax.dataset.vision.py_transforms_util as u; "
            "assert u.is_pil(np.zeros(2)) is False; assert 'PIL' not in sys.modules; print('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.stdout.strip() == "ok", result.stderr


def test_other_py_transforms_util_names_say_they_are_missing():
    import msjax.dataset.vision.py_transforms_util as util
    with pytest.raises(AttributeError, match="rotate"):
        util.rotate  # pylint: disable=pointless-statement
