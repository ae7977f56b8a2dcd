"""mindspore.dataset.vision transforms pixel for pixel against MindSpore 2.10's OpenCV kernels.

Each probe under tests/goldens/scripts/ds19b_*_probe.py prints, per case, the result's dtype,
shape and the md5 of its bytes (or the exception); it runs unchanged on msjax and every line must
be MindSpore's exactly (no tolerance: MindSpore's own tests compare md5 goldens of these kernels).
"""
import functools

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = {"ds19b_resize_probe.py": "dataset/ds19b_resize_probe.out",
          "ds19b_adjust_probe.py": "dataset/ds19b_adjust_probe.out",
          "ds19b_bbox_probe.py": "dataset/ds19b_bbox_probe.out",
          "ds19b_tensor_probe.py": "dataset/ds19b_tensor_probe.out",
          "ds19b_cutmix_probe.py": "dataset/ds19b_cutmix_probe.out",
          "ds19b_checks_probe.py": "dataset/ds19b_checks_probe.out",
          "ds19b_readimage_probe.py": "dataset/ds19b_readimage_probe.out",
          "ds19b_policies_probe.py": "dataset/ds19b_policies_probe.out"}


@functools.lru_cache(maxsize=None)
def _msjax_cases(script):
    return run_script_on_msjax(script)


def _cases():
    return [(script, label) for script, golden in PROBES.items()
            for label in sorted(golden_cases(golden))]


@pytest.mark.parametrize("script,label", _cases())
def test_matches_mindspore_bit_for_bit(script, label):
    expected = golden_cases(PROBES[script])[label]
    got = _msjax_cases(script)
    assert label in got, f"msjax printed no result for {label!r}"
    assert got[label] == expected
