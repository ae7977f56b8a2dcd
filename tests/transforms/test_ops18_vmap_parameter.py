"""Adam under vmap with its Parameters passed as mapped arguments (each slice checked and updated
as one Parameter: msjax/_src/ops/input_rules.py `describe` reads a Parameter's value in the
running call) against MindSpore 2.10: tests/goldens/scripts/ops18_vmap_parameter_probe.py run
unchanged, compared with MindSpore's output (tests/goldens/transforms/
ops18_vmap_parameter_probe.out). Errors exactly; values (printed to 5 decimals) to 2e-5: float32
Adam steps of MindSpore's kernel and of XLA may round the last printed digit apart."""
import json

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ops18_vmap_parameter_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ops18_vmap_parameter_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    got, want = msjax_cases.get(label), GOLDEN[label]
    if want.startswith("OK "):
        assert got is not None and got.startswith("OK "), got
        np.testing.assert_allclose(json.loads(got[3:]), json.loads(want[3:]), rtol=0, atol=2e-5)
    else:
        assert got == want
