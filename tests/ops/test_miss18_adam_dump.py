"""ops.AdamNoUpdateParam (msjax/_src/ops/legacy_ops.py) and ops.TensorDump / ops.tensordump
(msjax/_src/ops/dump_ops.py) as MindSpore 2.10 has them: tests/goldens/scripts/
miss18_adam_dump_probe.py run unchanged. The returned Adam steps are float32 values printed to 9
decimals, compared to 1e-5 relative (MindSpore's CPU kernel and XLA round the last bit of a
float32 differently); everything else (m and v written back, eagerly and under jit, attributes,
file names and contents, errors) exactly. The dump files are numbered by the process's dump count,
so the probe must be the process's only dumper (no other test dumps)."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("ops/miss18_adam_dump_probe.out")
STEPS = {"AdamNoUpdateParam nesterov=False", "AdamNoUpdateParam nesterov=True",
         "AdamNoUpdateParam in jit"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_adam_dump_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - STEPS))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("label", sorted(STEPS))
def test_adam_step_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases[label], GOLDEN[label], rtol=1e-5, atol=1e-9)
