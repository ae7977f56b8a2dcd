"""`ops.function.nn_func.multi_head_attention_forward` (ops/attention_ops.py) as MindSpore 2.10
computes it: tests/goldens/scripts/multi_head_attention_forward_probe.py run unchanged; and it is
what `nn.MultiheadAttention` computes."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax.ops.function import nn_func
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/multi_head_attention_forward_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("multi_head_attention_forward_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_is_what_the_layer_computes():
    ms.set_seed(0)
    layer = nn.MultiheadAttention(8, 2)
    layer.set_train(False)
    x = Tensor(np.random.RandomState(1).randn(5, 3, 8).astype(np.float32))
    out, weights = layer(x, x, x)
    f_out, f_weights = nn_func.multi_head_attention_forward(
        x, x, x, 8, 2, layer.in_proj_weight, layer.in_proj_bias, None, None, False, 0.0,
        layer.out_proj.weight, layer.out_proj.bias, training=False)
    np.testing.assert_allclose(f_out.asnumpy(), out.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(f_weights.asnumpy(), weights.asnumpy(), rtol=1e-6)


def test_checks_the_embedding_dimension():
    """MindSpore's message (tests/goldens/nn/nn17_attention_norm_probe.out, "MHA embed 6")."""
    x = Tensor(np.ones((2, 1, 4), np.float32))
    with pytest.raises(ValueError, match=r"^The `embed_dim` should be 6, but got 4\.$"):
        nn_func.multi_head_attention_forward(x, x, x, 6, 2, Tensor(np.ones((12, 4), np.float32)),
                                             None, None, None, False, 0.0,
                                             Tensor(np.ones((4, 4), np.float32)), None)
