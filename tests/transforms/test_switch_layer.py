"""Graph mode's switch_layer (`F.switch_layer(index, layers)`, and a tuple or CellList of Cells
indexed by a Tensor) forward and under grad, against MindSpore 2.10 (golden
tests/goldens/compiler/switch_layer.txt from tests/goldens/scripts/switch_layer_probe.py), and
its compiled program: one `cond` per layer but the last, no eager fallback."""
import warnings

import jax
import numpy as np
import pytest

import msjax as ms
from msjax import nn, Tensor, Parameter
from msjax.ops import functional as F
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/switch_layer.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("switch_layer_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


class _Scale(nn.Cell):
    def __init__(self, v):
        super().__init__()
        self.z = Parameter(Tensor(np.full([3], v, np.float32)), name=f"z{v}")

    def construct(self, x):
        return x * self.z


class _Switch(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([_Scale(1.0), _Scale(2.0), _Scale(3.0)])

    def construct(self, index, x):
        return self.layers[index](x)


def test_compiled_once_for_every_index():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, x = _Switch(), Tensor(np.ones(3, np.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no GraphFallbackWarning: the call compiles
        outs = [net(Tensor(i, ms.int32), x).asnumpy() for i in range(3)]
    np.testing.assert_array_equal(outs, [[1.0] * 3, [2.0] * 3, [3.0] * 3])
    assert len(net.compile_cache) == 1  # one program serves every index


def test_concrete_index_is_plain_indexing():
    layers = (_Scale(1.0), _Scale(2.0))
    assert F.switch_layer(Tensor(1, ms.int32), layers) is layers[1]
    assert F.switch_layer(Tensor(-1, ms.int32), layers) is layers[1]


def test_program_switches_with_conds():
    index = jax.numpy.int32(1)
    layers = (lambda v: v + 1, lambda v: v * 10, lambda v: v - 1)
    jaxpr = jax.make_jaxpr(
        lambda i, v: F.switch_layer(Tensor(i), layers)(Tensor(v))._data)(index, 2.0)
    assert str(jaxpr).count("cond[") == 2
