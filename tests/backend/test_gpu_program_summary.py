"""benchmarks/gpu_program.py's count of an optimised GPU program's kernels and of the bytes they
move (issue 29), on a program written out here: what it counts is what the benchmark's ratio
compares."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest
BENCHMARKS = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"

PROGRAM = """HloModule step

%fused_slice (param_0: f32[128,64]) -> f32[64] {
  %param_0 = f32[128,64]{1,0} parameter(0)
  %slice.1 = f32[1,64]{1,0} slice(%param_0), slice={[0:1], [0:64]}
  ROOT %bitcast.2 = f32[64]{0} bitcast(%slice.1)
}

%fused_shift (param_0.1: f32[128,64], param_1: f32[64]) -> f32[128,64] {
  %param_0.1 = f32[128,64]{1,0} parameter(0)
  %param_1 = f32[64]{0} parameter(1)
  %broadcast.3 = f32[128,64]{1,0} broadcast(%param_1), dimensions={1}
  ROOT %subtract.4 = f32[128,64]{1,0} subtract(%param_0.1, %broadcast.3)
}

ENTRY %main (p0: f32[128,64]) -> (f32[128,64], u8[0]) {
  %p0 = f32[128,64]{1,0} parameter(0)
  %fusion.1 = f32[64]{0} fusion(%p0), kind=kLoop, calls=%fused_slice
  %fusion.2 = f32[128,64]{1,0} fusion(%p0, %fusion.1), kind=kLoop, calls=%fused_shift
  ROOT %cudnn-conv = (f32[128,64]{1,0}, u8[0]{0}) custom-call(%fusion.2), custom_call_target="__cudnn$convForward"
}
"""


def _gpu_program():
    sys.path.insert(0, str(BENCHMARKS))  # its sibling imports (_timing), as when run
    try:
        spec = importlib.util.spec_from_file_location("gpu_program", BENCHMARKS / "gpu_program.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_kernels_and_bytes_moved():
    summary = _gpu_program().program_summary(PROGRAM)
    assert summary["kinds"] == {"fusion kLoop": 2, "custom-call __cudnn$convForward": 1}
    assert summary["kernels"] == 3
    row, activation = 64 * 4, 128 * 64 * 4
    # the slicing fusion reads one row of p0, not p0; the shift reads p0 and the row; the
    # convolution reads the shifted array and writes its result (and an empty scratch buffer)
    assert summary["bytes"] == (row + row) + (activation + activation + row) + (
        activation + activation)


TUNED = """HloModule step

%gemm_a (p0: f32[64,32], p1: f32[32,16]) -> f32[64,16] {
  %p0 = f32[64,32]{1,0} parameter(0)
  %p1 = f32[32,16]{1,0} parameter(1)
  ROOT %dot.1 = f32[64,16]{1,0} dot(%p0, %p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}, metadata={op_name="jit(step)/dot_general"}
}

%gemm_b (q0: f32[64,32], q1: f32[32,16]) -> f32[64,16] {
  %q0 = f32[64,32]{1,0} parameter(0)
  %q1 = f32[32,16]{1,0} parameter(1)
  ROOT %dot.9 = f32[64,16]{1,0} dot(%q0, %q1), lhs_contracting_dims={1}, rhs_contracting_dims={0}, metadata={op_name="jit(step)/other/dot_general"}
}

%gemm_c (r0: f32[64,32], r1: f32[32,16]) -> f32[64,16] {
  %r0 = f32[64,32]{1,0} parameter(0)
  %r1 = f32[32,16]{1,0} parameter(1)
  %dot.5 = f32[64,16]{1,0} dot(%r0, %r1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT %negate.6 = f32[64,16]{1,0} negate(%dot.5)
}

%add (x: f32[64,16], y: f32[64,16]) -> f32[64,16] {
  %x = f32[64,16]{1,0} parameter(0)
  %y = f32[64,16]{1,0} parameter(1)
  ROOT %add.7 = f32[64,16]{1,0} add(%x, %y)
}

ENTRY %main (a: f32[64,32], b: f32[32,16], c: f32[8,4,4,3], w: f32[5,3,3,3]) -> f32[64,16] {
  %a = f32[64,32]{1,0} parameter(0)
  %b = f32[32,16]{1,0} parameter(1)
  %c = f32[8,4,4,3]{3,2,1,0} parameter(2)
  %w = f32[5,3,3,3]{3,2,1,0} parameter(3)
  %conv.1 = (f32[8,4,4,5]{3,2,1,0}, u8[0]{0}) custom-call(%c, %w), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_o01i->b01f, custom_call_target="__cudnn$convForward", metadata={op_name="a"}, backend_config={"algorithm":{"algo_id":"-1"}}
  %conv.2 = (f32[8,4,4,5]{3,2,1,0}, u8[0]{0}) custom-call(%c, %w), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_o01i->b01f, custom_call_target="__cudnn$convForward", metadata={op_name="b"}, backend_config={"algorithm":{"algo_id":"7"}}
  %conv.3 = (f32[8,2,2,5]{3,2,1,0}, u8[0]{0}) custom-call(%c, %w), window={size=3x3 stride=2x2 pad=1_1x1_1}, dim_labels=b01f_o01i->b01f, custom_call_target="__cudnn$convForward"
  %f1 = f32[64,16]{1,0} fusion(%a, %b), kind=kCustom, calls=%gemm_a, backend_config={"fusion_backend_config":{"kind":"__triton_nested_gemm_fusion"}}
  %f2 = f32[64,16]{1,0} fusion(%a, %b), kind=kCustom, calls=%gemm_b, backend_config={"fusion_backend_config":{"kind":"__triton_gemm"}}
  %f3 = f32[64,16]{1,0} fusion(%a, %b), kind=kCustom, calls=%gemm_c, backend_config={"fusion_backend_config":{"kind":"__triton_gemm"}}
  ROOT %sum = f32[64,16]{1,0} fusion(%f1, %f2), kind=kLoop, calls=%add
}
"""


def test_autotuned_problems_are_the_distinct_tuned_kernels():
    """Two convolutions alike but for their names, metadata and chosen algorithm are one
    problem; a strided one another; two products whose fused computations differ only in names
    one, and a product with a negation fused after it another; the elementwise fusion none."""
    gpu_program = _gpu_program()
    summary = gpu_program.program_summary(TUNED)
    assert len(summary["tuned"]) == 4
    assert len(gpu_program.program_summary(PROGRAM)["tuned"]) == 1  # its one convolution
    # a problem is the same in two programs: the same keys
    renamed = TUNED.replace("%conv.3", "%cudnn-conv.30").replace("gemm_c", "gemm_z")
    assert gpu_program.program_summary(renamed)["tuned"] == summary["tuned"]


def test_shapes_of_tuples_add_up():
    shape_bytes = _gpu_program().shape_bytes
    assert shape_bytes("(bf16[2,3]{1,0}, s32[4]{0}, pred[])") == 2 * 6 + 4 * 4 + 1


# XLA's log of two GPU compiles (TF_CPP_VMODULE=hlo_pass_pipeline=1,gpu_compiler=1), cut down:
# in the first, `fusion-pipeline` runs `priority-fusion` within it and the autotuner runs a
# per-fusion pipeline whose passes are its own; thread 9 compiles a kernel meanwhile
LOG = """\
I1201 04:51:33.767904   12279 hlo_pass_pipeline.cc:302] Running HLO pass pipeline on module jit_step: main
I1201 04:51:33.767910   12279 hlo_pass_pipeline.cc:211]   HLO pass fusion-pipeline
I1201 04:51:33.767911   12279 hlo_pass_pipeline.cc:211]   HLO pass priority-fusion
I1201 04:51:33.767912   12279 hlo_pass_pipeline.cc:206] HLO pass: priority-fusion time: 1.5 s (1500000 us) (cumulative: 1.5 s, max: 1.5 s, #called: 1)
I1201 04:51:33.767913   12279 hlo_pass_pipeline.cc:206] HLO pass: fusion-pipeline time: 1.6 s (1600000 us) (cumulative: 3.1 s, max: 1.6 s, #called: 2)
I1201 04:51:33.767914   12279 hlo_pass_pipeline.cc:211]   HLO pass gemm-fusion-autotuner
I1201 04:51:33.767915   12279 hlo_pass_pipeline.cc:302] Running HLO pass pipeline on module fused_dot: pre-scheduling-passes
I1201 04:51:33.767916   12279 hlo_pass_pipeline.cc:211]   HLO pass dce
I1201 04:51:33.767917   12279 hlo_pass_pipeline.cc:206] HLO pass: dce time: 250 ms (250000 us) (cumulative: 3.35 s, max: 1.6 s, #called: 3)
I1201 04:51:33.767918    9 hlo_pass_pipeline.cc:211]   HLO pass dce
I1201 04:51:33.767919    9 hlo_pass_pipeline.cc:206] HLO pass: dce time: 20 us (20 us) (cumulative: 3.35 s, max: 1.6 s, #called: 4)
I1201 04:51:33.767920   12279 hlo_pass_pipeline.cc:206] HLO pass: gemm-fusion-autotuner time: 2.5 min (150000000 us) (cumulative: 2.56 min, max: 2.5 min, #called: 5)
I1201 04:51:48.883711   12279 gpu_compiler.cc:2345] GpuCompiler::RunHloPasses for jit_step time: 2.6 min (156000000 us) (cumulative: 2.6 min, max: 2.6 min, #called: 1)
I1201 04:51:51.548585   12279 gpu_compiler.cc:3017] GpuCompiler::RunBackend for jit_step time: 2.66 s (2664816 us) (cumulative: 2.66 s, max: 2.66 s, #called: 1)
I1201 04:51:52.767912   12279 hlo_pass_pipeline.cc:211]   HLO pass priority-fusion
I1201 04:51:52.767913   12279 hlo_pass_pipeline.cc:206] HLO pass: priority-fusion time: 800 ms (800000 us) (cumulative: 800 ms, max: 800 ms, #called: 1)
I1201 04:51:53.883711   12279 gpu_compiler.cc:2345] GpuCompiler::RunHloPasses for jit_step time: 900 ms (900000 us) (cumulative: 2.6 min, max: 2.6 min, #called: 2)
I1201 04:51:54.548585   12279 gpu_compiler.cc:3017] GpuCompiler::RunBackend for jit_step time: 3 ms (3000 us) (cumulative: 2.66 s, max: 2.66 s, #called: 2)
"""


def test_compile_phases_from_xlas_log():
    gpu_program = _gpu_program()
    first, second = gpu_program.compile_phases(LOG)
    # outermost passes only: priority-fusion within fusion-pipeline and the autotuner's own
    # passes are in their callers' time; thread 9's pass is outermost on its thread
    assert first["passes"] == pytest.approx({"fusion-pipeline": 1.6,
                                             "gemm-fusion-autotuner": 150.0, "dce": 20e-6})
    assert first["hlo_passes"] == 156.0 and first["backend"] == 2.66
    assert gpu_program.tuning_seconds(first["passes"]) == 150.0
    assert second == {"hlo_passes": 0.9, "backend": 0.003, "passes": {"priority-fusion": 0.8}}
    assert gpu_program.tuning_seconds(second["passes"]) == 0
    assert gpu_program.compile_phases("no timers here") == []


def test_compile_step_on_this_device_with_and_without_autotuning(tmp_path):
    """The --on-device path (run on a GPU by tools/device_check.sh) on whatever device this
    is: the program compiles with the options it passes (autotuning off, then the dump of
    autotuning results) and is summarised."""
    import jax
    import jax.numpy as jnp
    path = tmp_path / "step.exported"
    exported = jax.export.export(jax.jit(lambda a, b: jnp.tanh(a @ b).sum()),
                                 platforms=[jax.devices()[0].platform])(
        jnp.ones((8, 8)), jnp.ones((8, 8)))
    path.write_bytes(exported.serialize())
    result = _gpu_program().compile_step(str(path), True, str(tmp_path / "autotune"))
    assert result["compile_untuned_s"] > 0 and result["compile_s"] > 0
    assert result["kernels"] >= 1 and result["bytes"] > 0
    assert result["device"] == jax.devices()[0].device_kind
