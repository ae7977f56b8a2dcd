"""`mindspore.device_context.gpu.op_precision`'s TF32 switches and `set_context(gpu_config=)`
(core/op_precision.py):
tests/goldens/scripts/op_precision_probe.py run unchanged against MindSpore 2.10's output. What the
switches do to the programs is checked in tests/backend/test_accelerator_lowering.py."""
import jax
import pytest

import msjax as ms
from msjax._src.core import op_precision, x64
from tests.golden_scripts import GOLDENS, script_output_on_msjax


def test_the_switches_and_gpu_config_match_mindspore():
    got = script_output_on_msjax("op_precision_probe.py")  # (conftest puts the switches back)
    golden = (GOLDENS / "core" / "op_precision_probe.out").read_text().splitlines()
    assert got.splitlines() == golden


def test_gpu_config_sets_the_switches_on_the_gpu_target_with_mindsporess_checks():
    """MindSpore's GPU build applies `set_context(gpu_config=...)` (its CPU build, the oracle's,
    ignores it with a warning, as msjax does for device_target 'CPU': the probe above)."""
    ms.set_context(device_target="GPU", gpu_config={"matmul_allow_tf32": True,
                                                    "conv_allow_tf32": False})
    assert op_precision.settings() == (None, "HIGHEST")
    assert ms.get_context("matmul_allow_tf32") is True
    assert ms.get_context("conv_allow_tf32") is False
    with pytest.raises(ValueError, match="For 'gpu_config', the value of argument "
                                         "matmul_allow_tf32 must be one of \\[True, False\\], but got 2"):
        ms.set_context(gpu_config={"matmul_allow_tf32": 2})
    with pytest.raises(ValueError, match="the key of argument 'gpu_config' must be one of"):
        ms.set_context(gpu_config={"bogus": 1})


def test_the_precision_is_msjaxs_inside_nested_calls_and_the_users_after_an_error():
    @x64.scoped
    def failing():
        with x64.on():  # a nested msjax call sees msjax's setting too
            assert jax.config.jax_default_matmul_precision == "float32"
        assert jax.config.jax_default_matmul_precision == "float32"
        raise ValueError("inside")

    with jax.default_matmul_precision("bfloat16"):
        with pytest.raises(ValueError, match="inside"):
            failing()
        assert jax.config.jax_default_matmul_precision == "bfloat16"
        with x64.on():
            assert jax.config.jax_default_matmul_precision == "float32"
        assert jax.config.jax_default_matmul_precision == "bfloat16"
    assert not x64._SCOPE.outermost_open
