"""benchmarks/gpu_program.py's count of an optimised GPU program's kernels and of the bytes they
move (issue 29), on a program written out here: what it counts is what the benchmark's ratio
compares."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

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


def test_shapes_of_tuples_add_up():
    shape_bytes = _gpu_program().shape_bytes
    assert shape_bytes("(bf16[2,3]{1,0}, s32[4]{0}, pred[])") == 2 * 6 + 4 * 4 + 1
