"""`mindspore.device_context.gpu.op_precision`'s TF32 switches (core/op_precision.py):
tests/goldens/scripts/op_precision_probe.py run unchanged against MindSpore 2.10's output. What the
switches do to the programs is checked in tests/backend/test_accelerator_lowering.py."""
from msjax._src.core import op_precision
from tests.golden_scripts import GOLDENS, script_output_on_msjax


def test_the_switches_and_gpu_config_match_mindspore():
    try:
        got = script_output_on_msjax("op_precision_probe.py")
    finally:  # the probe allows TF32 in matrix products: MindSpore's defaults back
        op_precision.matmul_allow_tf32(False)
        op_precision.conv_allow_tf32(True)
    golden = (GOLDENS / "core" / "op_precision_probe.out").read_text().splitlines()
    # `set_context(gpu_config=...)`: MindSpore's CPU build (the oracle's) drops the dict, its GPU
    # build applies it; msjax keeps the dict as given, so those lines are not compared.
    def compared(lines):
        return [line for line in lines if not line.startswith("set_context")]
    assert compared(got.splitlines()) == compared(golden)
    assert len(compared(golden)) == 8
