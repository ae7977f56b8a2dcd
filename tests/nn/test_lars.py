"""`nn.LARS` (nn/optim/lars.py) and `ops.LARSUpdate` (ops/lars_ops.py): MindSpore 2.10's
constructor checks and what LARS takes over from its optimizer (tests/goldens/scripts/
lars_probe.py run unchanged); the steps, which MindSpore 2.10's CPU cannot run (no LARSUpdate
kernel: the golden's RuntimeError), against NumPy written from MindSpore's documented formula."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/lars_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("lars_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - {"LARS step"}))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_mindspore_cpu_cannot_step():
    assert GOLDEN["LARS step"].startswith("RuntimeError")


def _trust_ratio(w, g, decay, coefficient, epsilon, lr=None):
    w_norm, g_norm = np.linalg.norm(w), np.linalg.norm(g)
    ratio = coefficient * w_norm / (g_norm + decay * w_norm + epsilon)
    if w_norm == 0 or g_norm == 0:
        ratio = 1.0
    if lr is not None:
        ratio = min(ratio / lr, 1.0)
    return ratio


X = np.random.RandomState(0).randn(4, 3).astype(np.float32)
Y = np.random.RandomState(1).randn(4, 2).astype(np.float32)


def _grads(w, b):
    out = X @ w.T + b
    d = 2 * (out - Y) / out.size
    return d.T @ X, d.sum(0)


@pytest.mark.parametrize("use_clip", [False, True])
@pytest.mark.parametrize("loss_scale", [1.0, 4.0])
def test_a_step_is_momentum_on_the_scaled_gradients(use_clip, loss_scale):
    ms.set_seed(0)
    net = nn.Dense(3, 2)
    w0, b0 = net.weight.asnumpy().copy(), net.bias.asnumpy().copy()
    lr, momentum, decay, coefficient, epsilon = 0.1, 0.9, 0.01, 0.02, 1e-8
    inner = nn.Momentum(net.trainable_params(), lr, momentum, weight_decay=decay,
                        loss_scale=loss_scale)
    lars = nn.LARS(inner, epsilon=epsilon, coefficient=coefficient, use_clip=use_clip)
    gw, gb = _grads(w0, b0)
    lars((Tensor(gw * loss_scale), Tensor(gb * loss_scale)))
    # The weight's gradient is scaled by its trust ratio, weight decay added; the bias (filtered
    # out by the default lars_filter) keeps its gradient and gets no weight decay.
    # (The optimizer keeps weight_decay · loss_scale, as MindSpore's; LARS divides it back.)
    ratio = _trust_ratio(w0, gw, decay, coefficient, epsilon, lr if use_clip else None)
    new_w = w0 - lr * ratio * (gw + decay * w0)
    np.testing.assert_allclose(net.weight.asnumpy(), new_w, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(net.bias.asnumpy(), b0 - lr * gb, rtol=1e-5, atol=1e-7)
    assert int(inner.global_step.asnumpy()[0]) == 1


def test_trains_in_a_compiled_step():
    ms.set_seed(0)
    net = nn.Dense(3, 2)
    lars = nn.LARS(nn.Momentum(net.trainable_params(), 0.1, 0.5), coefficient=0.1,
                   lars_filter=lambda p: True)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), lars)
    compiled = ms.jit(step)
    losses = [float(compiled(Tensor(X), Tensor(Y)).asnumpy()) for _ in range(20)]
    assert losses[-1] < 0.8 * losses[0], losses


def test_lars_update_primitive():
    w = np.array([3., 4.], np.float32)
    g = np.array([0.6, 0.8], np.float32)
    out = ops.LARSUpdate(1e-5, 0.001, False)(Tensor(w), Tensor(g), Tensor(25.), Tensor(1.),
                                             Tensor(0.5), Tensor(0.1))
    ratio = 0.001 * 5 / (1 + 0.5 * 5 + 1e-5)
    np.testing.assert_allclose(out.asnumpy(), ratio * (g + 0.5 * w), rtol=1e-6)
    zero = ops.LARSUpdate()(Tensor(w), Tensor(g), Tensor(0.), Tensor(1.), Tensor(0.), Tensor(0.1))
    np.testing.assert_allclose(zero.asnumpy(), g)


def test_clip_with_group_and_dynamic_rates_is_refused():
    net = nn.Dense(3, 2)
    schedule = nn.ExponentialDecayLR(0.1, 0.9, 10)
    groups = [{"params": [net.weight], "lr": schedule}, {"params": [net.bias], "lr": schedule}]
    with pytest.raises(ValueError, match="dynamic learning rate and group learning rate"):
        nn.LARS(nn.Momentum(groups, 0.1, 0.9), use_clip=True)
