"""mindspore.dataset.vision / transforms / text against MindSpore 2.10.

tests/goldens/scripts/dataset_transforms_probe.py runs unchanged on msjax; each case must give
MindSpore's dtype, shape and values (goldens: tests/goldens/dataset/transforms_probe.txt), with
one grey level allowed for interpolating uint8 resizes (OpenCV's fixed-point arithmetic) and
float32 rounding for float results; errors must have MindSpore's type and ``[ERROR]`` sentence.
"""
import functools
import json
import re

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = {label: json.loads(result)
            for label, result in golden_cases("dataset/transforms_probe.txt").items()}
# MindSpore's C++ ports of Pillow's enhancers round differently from Pillow itself (msjax uses
# Pillow): one grey level allowed, as for resizes.
INTERPOLATING = {"AutoContrast cutoff", "RandomColor fixed", "RandomSharpness fixed",
                 "Resize bilinear", "Resize bilinear up", "Resize bicubic", "Resize area",
                 "Resize pilcubic", "Resize shorter side", "Resize gray", "Resize in pipeline"}


@functools.lru_cache(maxsize=None)
def _msjax_results():
    return {label: json.loads(result)
            for label, result in run_script_on_msjax("dataset_transforms_probe.py").items()}


def _error_parts(result):
    message = result["message"]
    sentence = re.search(r"\[ERROR\] (.*?) -{10}", message)
    return result["error"], message.split(" ----")[0], sentence and sentence.group(1)


def _check(label, expected, actual):
    if isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), (label, actual)
        for e, a in zip(expected, actual):
            _check(label, e, a)
        return
    if "error" in expected:
        assert "error" in actual, (label, actual)
        assert _error_parts(actual) == _error_parts(expected)
        return
    assert {k: v for k, v in actual.items() if k != "values"} == \
        {k: v for k, v in expected.items() if k != "values"}, label
    if isinstance(expected["values"], dict) or expected.get("dtype") == "str":
        assert actual["values"] == expected["values"]
        return
    want, got = np.asarray(expected["values"], np.float64), np.asarray(actual["values"], np.float64)
    if label in INTERPOLATING:
        np.testing.assert_allclose(got, want, atol=1, rtol=0)
    elif expected.get("dtype", "").startswith("float"):
        np.testing.assert_allclose(got, want, atol=1e-4, rtol=1e-5)
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_transform_matches_mindspore(label):
    results = _msjax_results()
    assert label in results, f"msjax printed no result for {label!r}"
    _check(label, EXPECTED[label], results[label])


def test_resizes_are_mostly_exact():
    """Interpolating resizes may differ by one grey level, but only on a few pixels."""
    results = _msjax_results()
    for label in INTERPOLATING:
        want = np.asarray(EXPECTED[label]["values"])
        got = np.asarray(results[label]["values"])
        assert np.mean(want != got) < 0.2, label
