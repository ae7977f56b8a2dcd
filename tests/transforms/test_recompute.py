"""`mindspore.recompute` and `Cell.recompute()` (transforms/recompute.py): the probe script run
unchanged on msjax prints what MindSpore 2.10 printed (values, gradients, argument checks:
tests/goldens/api/recompute_probe.out), and the program of a gradient really rematerialises
(its jaxpr holds JAX's checkpoint equation), with state written back once."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/recompute_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("recompute_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_recompute_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def _checkpoint_primitive():
    """The name of JAX's checkpoint primitive as it shows in a gradient's jaxpr."""
    jaxpr = jax.make_jaxpr(jax.grad(jax.checkpoint(jnp.sin)))(1.0)
    names = {eqn.primitive.name for eqn in jaxpr.jaxpr.eqns}
    found = names - {"sin", "cos", "mul"}
    assert len(found) == 1, names
    return found.pop()


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return ops.sin(self.dense(x))


def _gradient_jaxpr(loss, block):
    def weight_grad(a):
        grads = ops.grad(loss, grad_position=0, weights=block.trainable_params())(Tensor(a))
        return grads[1][0]._data
    return str(jax.make_jaxpr(weight_grad)(np.ones((2, 3), np.float32)))


@pytest.mark.parametrize("how", ["function", "Cell.recompute", "plain"])
def test_gradient_program_rematerialises(how):
    block = _Block()
    if how == "Cell.recompute":
        block.recompute()
    call = (lambda x: ms.recompute(block, x)) if how == "function" else block
    found = f"{_checkpoint_primitive()}[" in _gradient_jaxpr(lambda x: call(x).sum(), block)
    assert found == (how != "plain")


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_recomputed_batchnorm_updates_statistics_once(mode):
    ms.set_context(mode=mode)
    x = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))

    def moving_mean(recomputed):
        net = nn.BatchNorm1d(3, momentum=0.5)
        net.set_train()
        if recomputed:
            net.recompute()
        grad = ms.grad(lambda t: (net(t) ** 2).sum())(x)
        return net.moving_mean.asnumpy(), grad.asnumpy()

    (mean, grad), (mean_plain, grad_plain) = moving_mean(True), moving_mean(False)
    np.testing.assert_allclose(mean, mean_plain, rtol=1e-6)
    np.testing.assert_allclose(grad, grad_plain, rtol=1e-5, atol=1e-6)
    assert not np.allclose(mean, 0.0)


def test_recomputed_dropout_draws_the_forward_pass_numbers():
    """The random key is an input of the checkpoint: the recomputation drops the same units, so
    the gradient is zero exactly where the output is (Dropout's mask)."""
    ms.set_seed(3)
    drop = nn.Dropout(p=0.5)
    drop.set_train()
    drop.recompute()
    x = Tensor(np.ones((64,), np.float32))
    scale = Tensor(np.arange(1, 65, dtype=np.float32))

    def loss(t):
        y = drop(t)
        return (y * scale).sum(), y

    (_, y), grad = ops.value_and_grad(loss, has_aux=True)(x)
    kept = y.asnumpy() != 0
    assert 10 < kept.sum() < 54
    np.testing.assert_array_equal(grad.asnumpy() != 0, kept)


def test_failed_recompute_changes_nothing():
    block = _Block()
    before = block.dense.weight.asnumpy().copy()
    with pytest.raises(TypeError, match="inherited from Cell"):
        ms.recompute(lambda t: t, Tensor(np.ones(2, np.float32)))
    with pytest.raises(ValueError, match="not recognized"):
        block.recompute(foo=True)
    assert "_recompute_context_fn" not in block.__dict__
    np.testing.assert_array_equal(block.dense.weight.asnumpy(), before)
