"""RGBToHSV, HSVToRGB, AdjustHue, AdjustSaturation, ResizeArea, ResizeBicubic, ScaleAndTranslate
(miss17_scale_translate_probe.py), AdaptiveMaxPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool3D,
UpsampleNearest3D, UpsampleTrilinear3D, MaxPool3DWithArgmax and Col2Im against MindSpore 2.10:
tests/goldens/scripts/miss17_image_primitives_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/ops/miss17_image_primitives_probe.out). Dtypes, shapes, reprs
and errors must match exactly; values (printed to 4 decimals) to 1e-4 absolute plus 1e-4
relative (float32 sums in XLA's order, one unit of the 4th decimal apart at most), 2e-3 for
float16 results (MindSpore's kernels round each step to float16, msjax computes in float32)."""
import colorsys

import numpy as np
import pytest

from msjax import Tensor, ops
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax
from tests.ops.primitive_goldens import assert_same_outcome

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_image_primitives_probe.out").read_text())
SCALE_GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_scale_translate_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_image_primitives_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert_same_outcome(cases[label], GOLDEN[label], rtol=1e-4, atol=1e-4, rtol16=2e-3)


@pytest.fixture(scope="module")
def scale_cases():
    return parse_lines(script_output_on_msjax("miss17_scale_translate_probe.py"))


@pytest.mark.parametrize("label", list(SCALE_GOLDEN))
def test_scale_and_translate_matches_mindspore(scale_cases, label):
    assert_same_outcome(scale_cases[label], SCALE_GOLDEN[label], rtol=1e-4, atol=1e-4,
                        rtol16=1e-4)


def test_hsv_round_trip():
    """HSVToRGB inverts RGBToHSV (NumPy's colorsys rules)."""
    rgb = np.random.default_rng(1).uniform(size=(1, 3, 4, 3)).astype(np.float32)
    hsv = ops.RGBToHSV()(Tensor(rgb)).asnumpy()
    want = np.array([colorsys.rgb_to_hsv(*p) for p in rgb.reshape(-1, 3)]).reshape(rgb.shape)
    np.testing.assert_allclose(hsv, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ops.HSVToRGB()(Tensor(hsv)).asnumpy(), rgb, rtol=1e-5, atol=1e-6)
