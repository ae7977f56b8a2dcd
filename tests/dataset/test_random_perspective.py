"""RandomPerspective (MindSpore's Python kernel on Pillow): tests/goldens/scripts/
ds20_random_perspective_probe.py must print what MindSpore 2.10 prints (argument checks,
PIL-only input, pixel sums of the draws that change nothing, sizes and modes of drawn results).
The draws themselves are msjax's (docs/migration.md).

Exact, except the pixel sums of a bicubic transform whose corners did not move ("scale 0 pil",
"gray pil", "pipeline"): its coefficients come from a least-squares solve whose last bits
depend on the BLAS kernel the machine picks (in MindSpore too), which moves a few pixels by a
grey level (12,378 or 12,382 of one image's sum, measured on two OpenBLAS kernels); those sums
agree to 1e-3 relative, the rest of the line exactly."""
import re

import numpy as np
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_random_perspective_probe.out")
BLAS_DEPENDENT = {"scale 0 pil", "gray pil", "pipeline"}
_NUMBER = re.compile(r"-?\d+\.\d+|(?<=, )\d{3,}(?=\))")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_random_perspective_case_matches_mindspore(label):
    got, want = dataset_script_cases("ds20_random_perspective_probe.py").get(label), GOLDEN[label]
    if label not in BLAS_DEPENDENT:
        assert got == want
        return
    assert _NUMBER.findall(want), want  # the sums compared below
    assert _NUMBER.sub("N", got) == _NUMBER.sub("N", want)
    np.testing.assert_allclose([float(n) for n in _NUMBER.findall(got)],
                               [float(n) for n in _NUMBER.findall(want)], rtol=1e-3)
