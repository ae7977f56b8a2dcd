"""mindspore.dataset.vision.NormalizePad against MindSpore 2.10.

tests/goldens/scripts/dataset_normalize_pad_probe.py runs unchanged on msjax; errors and CHW
results must be MindSpore's (goldens: tests/goldens/dataset/normalize_pad_probe.txt). On HWC and
<H,W> images MindSpore's CPU kernel writes the normalised values contiguously and the zero channel
after them (a defect: its (H, W, C+1) array holds the pixels shifted across channels); msjax
gives what MindSpore documents, and the test checks msjax's values are MindSpore's, placed per
pixel.
"""
import functools
import json

import numpy as np
import pytest

from tests.dataset.test_transforms import _check
from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = {label: json.loads(result)
            for label, result in golden_cases("dataset/normalize_pad_probe.txt").items()}
# Labels whose (H, W, C+1) result MindSpore lays out as [all normalised values, then the zeros].
CONTIGUOUS_LAYOUT_DEFECT = {"NormalizePad HWC", "NormalizePad float16", "NormalizePad gray",
                            "NormalizePad float input", "NormalizePad one mean",
                            "NormalizePad four channels", "NormalizePad in pipeline",
                            "NormalizePad then HWC2CHW in pipeline"}


@functools.lru_cache(maxsize=None)
def _msjax_results():
    return {label: json.loads(result)
            for label, result in run_script_on_msjax("dataset_normalize_pad_probe.py").items()}


def _as_mindspore_lays_it_out(result, label):
    """msjax's documented result rearranged as MindSpore's kernel writes it: the normalised
    values in HWC order, then the zeros, in the same (H, W, C+1) shape."""
    values = np.asarray(result["values"])
    if label == "NormalizePad then HWC2CHW in pipeline":
        values = values.transpose(1, 2, 0)
    rearranged = np.concatenate([values[..., :-1].ravel(), values[..., -1].ravel()])
    rearranged = rearranged.reshape(values.shape)
    if label == "NormalizePad then HWC2CHW in pipeline":
        rearranged = rearranged.transpose(2, 0, 1)
    return dict(result, values=rearranged.tolist())


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_normalize_pad_matches_mindspore(label):
    results = _msjax_results()
    assert label in results, f"msjax printed no result for {label!r}"
    actual = results[label]
    if label in CONTIGUOUS_LAYOUT_DEFECT:
        assert np.all(np.asarray(actual["values"])[..., -1] == 0) if "HWC2CHW" not in label \
            else np.all(np.asarray(actual["values"])[-1] == 0)
        actual = _as_mindspore_lays_it_out(actual, label)
    _check(label, EXPECTED[label], actual)
