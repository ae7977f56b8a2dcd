"""Primitives and functions added for MindSpore's st/ops sample s14 (the optimizer Primitives of
ops/optimizer_ops.py and FusedSparseFtrl, split_ext, SoftplusGrad, InvGrad, LogSoftmaxGrad,
ResizeNearestNeighborGrad, UniqueWithPad, ParallelConcat, AddV2,
ConjugateTranspose, threads_num, the scatter ops' gradients with respect to their integer indices)
as MindSpore 2.10 computes them: the probe scripts
tests/goldens/scripts/ops14_*_probe.py run unchanged on msjax and print what MindSpore printed
(tests/goldens/ops/ops14_*_probe.out)."""
import pytest

from msjax._src.core.device_context import cpu as cpu_context

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("ops14_optimizer_probe", "ops14_optimizer2_probe", "ops14_fused_sparse_probe",
          "ops14_misc_probe", "ops14_misc2_probe", "ops14_misc3_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"ops/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    # threads_num may be set once per process: the probe sets it, the setting is put back after
    saved = dict(cpu_context._threads)
    cpu_context._threads["num"] = None
    try:
        return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}
    finally:
        cpu_context._threads.update(saved)


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_ops14_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]
