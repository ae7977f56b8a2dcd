"""Primitives and functions added or corrected for MindSpore's st/ops sample s15a (indices read
from a differentiated integer input, also once reshaped, tiled or indexed; EmbeddingLookup,
DeformableOffsetsGrad, Uniform, TraceV2Grad and TraceV2, ExtractVolumePatches,
SparseTensorDenseMatmul, SparseReorder, MaxPoolWithArgmaxV2) as MindSpore 2.10 computes them: the
probe scripts tests/goldens/scripts/ops15a_*_probe.py run unchanged on msjax and print what
MindSpore printed (tests/goldens/ops/ops15a_*_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("ops15a_index_grad_probe", "ops15a_index_grad2_probe",
          "ops15a_embedding_lookup_probe",
          "ops15a_deformable_grad_probe", "ops15a_uniform_probe",
          "ops15a_tracev2_probe", "ops15a_volume_patches_probe",
          "ops15a_sparse_probe", "ops15a_max_pool_argmax_v2_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"ops/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_ops15a_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]
