"""nn.ProximalAdagrad and nn.LazyAdam (msjax/_src/nn/optim/proximal.py, adam.py) as MindSpore 2.10
has them: tests/goldens/scripts/optim_proximal_lazy_probe.py (three training steps in PYNATIVE
and GRAPH mode, the states, the argument checks) runs unchanged on msjax, values to 4 decimals;
the proximal step against NumPy."""
import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, nn
from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("nn/optim_proximal_lazy_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("optim_proximal_lazy_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases.get(label, "<missing>"), GOLDEN[label]), \
        (msjax_cases.get(label), GOLDEN[label])


def _proximal_adagrad(w, accum, g, lr, l1, l2):
    accum = accum + g * g
    step = lr / np.sqrt(accum)
    v = w - step * g
    if l1 > 0:
        v = np.sign(v) * np.maximum(np.abs(v) - step * l1, 0)
    return v / (1 + step * l2), accum


@pytest.mark.parametrize("l1, l2", [(0.0, 0.0), (0.3, 0.0), (0.05, 0.4)])
def test_proximal_adagrad_step_matches_numpy(l1, l2):
    w0 = np.array([0.5, -0.02, 1.5, -2.0], np.float32)
    g = np.array([0.3, 0.01, -1.0, 0.0], np.float32)
    weight = Parameter(Tensor(w0), name="w")
    opt = nn.ProximalAdagrad([weight], accum=0.1, learning_rate=0.2, l1=l1, l2=l2)
    opt((Tensor(g),))
    expected, accum = _proximal_adagrad(w0, np.full(4, 0.1, np.float32), g, 0.2, l1, l2)
    np.testing.assert_allclose(weight.asnumpy(), expected, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(opt.accum[0].asnumpy(), accum, rtol=1e-6)


def test_lazy_adam_updates_as_adam_with_dense_gradients():
    grads = (Tensor(np.array([0.3, -0.2], np.float32)),)
    lazy_w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    adam_w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    lazy, adam = nn.LazyAdam([lazy_w], learning_rate=0.1), nn.Adam([adam_w], learning_rate=0.1)
    for _ in range(3):
        lazy(grads)
        adam(grads)
    np.testing.assert_allclose(lazy_w.asnumpy(), adam_w.asnumpy(), rtol=1e-6)
    assert lazy.beta1_power.shape == (1,)


def test_a_failed_step_leaves_the_states_as_they_were():
    weight = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    opt = nn.ProximalAdagrad([weight], learning_rate=0.1)
    net = nn.TrainOneStepCell(nn.WithLossCell(_Scale(weight), nn.MSELoss()), opt)
    before = (weight.asnumpy().copy(), opt.accum[0].asnumpy().copy())
    with pytest.raises(ValueError):
        net(Tensor(np.ones((3,), np.float32)), Tensor(np.ones((2,), np.float32)))
    np.testing.assert_array_equal(weight.asnumpy(), before[0])
    np.testing.assert_array_equal(opt.accum[0].asnumpy(), before[1])
    msjax.set_context(mode=msjax.PYNATIVE_MODE)


class _Scale(nn.Cell):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def construct(self, x):
        return x * self.weight
