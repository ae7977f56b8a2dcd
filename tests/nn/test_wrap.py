"""Training wrappers: WithLossCell, TrainOneStepCell, WithEvalCell, ...; all-or-nothing steps and
vmap ensembles of whole training steps.

Goldens: tests/goldens/nn/lenet.json and optim_extra.json (tests/goldens/scripts/).
"""
import re

import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, nn, ops
from msjax._src.nn.cell import Cell
from tests.nn.optim_models import EXTRA, LENET, MSELoss, RawDense, Small, make_case


def snapshot(cell):
    return {p.name: p.asnumpy() for p in cell.get_parameters()}


def assert_same_values(before, after):
    assert list(before) == list(after)
    for name in before:
        np.testing.assert_array_equal(after[name], before[name], err_msg=name)


def test_with_loss_cell_keeps_names_and_computes_the_loss():
    net, loss_fn, x, y = make_case("small")
    with_loss = nn.WithLossCell(net, loss_fn)
    assert [p.name for p in with_loss.get_parameters()] == \
        ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert with_loss.backbone_network is net
    np.testing.assert_allclose(with_loss(x, y).asnumpy(), loss_fn(net(x), y).asnumpy())
    assert float(with_loss(x, y).asnumpy()) == pytest.approx(LENET_LOSS_SMALL, rel=1e-6)


LENET_LOSS_SMALL = EXTRA["training"]["momentum_sens"]["losses"][0]


def test_train_one_step_cell_return_grad_matches_mindspore():
    expected = EXTRA["return_grad"]
    net, loss_fn, x, y = make_case("small")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Momentum(net.trainable_params(), 0.01, 0.9),
                               return_grad=True)
    out = step(x, y)
    assert (type(out).__name__, len(out), type(out[1]).__name__) == \
        (expected["type"], expected["len"], expected["grads_type"])
    assert float(out[0].asnumpy()) == pytest.approx(expected["loss"], rel=1e-6)
    assert list(out[1]) == expected["keys"]
    for name, grad in out[1].items():
        np.testing.assert_allclose(grad.asnumpy(), np.asarray(expected["grads"][name], np.float32),
                                   rtol=1e-5, atol=1e-7, err_msg=name)


def test_train_one_step_cell_gradients_equal_grad_operation():
    net, loss_fn, x, y = make_case("small")
    with_loss = nn.WithLossCell(net, loss_fn)
    weights = msjax.ParameterTuple(net.trainable_params())
    expected = ops.GradOperation(get_by_list=True)(with_loss, weights)(x, y)
    step = nn.TrainOneStepCell(with_loss, nn.SGD(net.trainable_params(), 0.0), return_grad=True)
    _, grads = step(x, y)
    for g, e in zip(grads.values(), expected):
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6)


WRAP_ERRORS = [c for c in EXTRA["errors"] if c.startswith(("train_", "with_", "parameter_"))]


@pytest.mark.parametrize("case", WRAP_ERRORS)
def test_wrapper_argument_errors_match_mindspore(case):
    meta = EXTRA["errors"][case]
    net, _, _, _ = make_case("small")
    namespace = {"nn": nn, "np": np, "Tensor": Tensor, "ps": net.trainable_params(), "net": net}
    with pytest.raises(Exception) as info:
        eval(meta["expr"], namespace)
    assert (type(info.value).__name__, class_names(str(info.value))) == \
        (meta["type"], class_names(meta["message"]))


def class_names(message):
    """Messages quote classes by module path (mindspore.common.tensor.Tensor); keep the name."""
    return re.sub(r"<class '(?:[\w.]+\.)?(\w+)'>", r"<class '\1'>", message)


def test_with_eval_cell_returns_loss_outputs_and_label():
    net, loss_fn, x, y = make_case("small")
    loss, outputs, label = nn.WithEvalCell(net, loss_fn)(x, y)
    np.testing.assert_allclose(outputs.asnumpy(), net(x).asnumpy())
    assert label is y
    np.testing.assert_allclose(loss.asnumpy(), loss_fn(net(x), y).asnumpy())
    half_label = Tensor(y.asnumpy().astype(np.float16))
    _, outputs, label = nn.WithEvalCell(net, loss_fn, add_cast_fp32=True)(x, half_label)
    assert (outputs.dtype, label.dtype) == (msjax.float32, msjax.float32)


def test_with_grad_cell_and_forward_value_and_grad():
    net, loss_fn, x, y = make_case("small")
    weights = msjax.ParameterTuple(net.trainable_params())
    expected = ops.GradOperation(get_by_list=True)(nn.WithLossCell(net, loss_fn), weights)(x, y)
    grads = nn.WithGradCell(net, loss_fn)(x, y)
    assert len(grads) == len(expected)
    for g, e in zip(grads, expected):
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6)
    doubled = nn.WithGradCell(net, loss_fn, sens=Tensor(np.float32(2.0)))(x, y)
    np.testing.assert_allclose(doubled[0].asnumpy(), 2 * expected[0].asnumpy(), rtol=1e-6)
    loss, grads = nn.ForwardValueAndGrad(nn.WithLossCell(net, loss_fn), weights, get_by_list=True)(x, y)
    np.testing.assert_allclose(loss.asnumpy(), nn.WithLossCell(net, loss_fn)(x, y).asnumpy())
    np.testing.assert_allclose(grads[2].asnumpy(), expected[2].asnumpy(), rtol=1e-6)


def test_parameter_update_assigns():
    param = Parameter(Tensor(np.zeros(3, np.float32)), name="p")
    out = nn.ParameterUpdate(param)(Tensor(np.arange(3, dtype=np.float32)))
    np.testing.assert_array_equal(param.asnumpy(), [0, 1, 2])
    np.testing.assert_array_equal(out.asnumpy(), [0, 1, 2])


# -- a failing step changes nothing -------------------------------------------------------------
class CountingSmall(Cell):
    """The small model plus a Parameter it increments on every forward pass (as BatchNorm
    moves its statistics), before computing anything that could fail."""

    def __init__(self):
        super().__init__()
        inner = Small()
        self.fc1, self.fc2 = inner.fc1, inner.fc2
        self.calls = Parameter(Tensor(np.zeros(1, np.float32)), requires_grad=False)

    def construct(self, x):
        ops.assign(self.calls, self.calls + 1)
        return self.fc2(ops.relu(self.fc1(x)))


class BreakLastGradient(nn.TrainOneStepCell):
    """Hands the optimizer a last gradient of the wrong shape: the update assigns every other
    parameter and state first, then fails on the last one."""

    def __init__(self, *args):
        super().__init__(*args)
        self.grad_reducer = BadShapeReducer()


class BadShapeReducer(nn.Cell):
    """A gradient reducer that reshapes the last gradient wrongly."""

    def construct(self, grads):
        return tuple(grads[:-1]) + (ops.reshape(grads[-1], (2, 1)),)


OPTIMIZERS = {
    "momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01),
    "adam_amsgrad": lambda ps: nn.Adam(ps, 0.01, use_amsgrad=True),
    "sgd_schedule": lambda ps: nn.SGD(ps, nn.ExponentialDecayLR(0.1, 0.9, 2), momentum=0.9),
}


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
@pytest.mark.parametrize("where", ["forward", "optimizer"])
@pytest.mark.parametrize("optimizer", list(OPTIMIZERS))
def test_a_failing_step_leaves_every_parameter_and_state_unchanged(optimizer, where, mode):
    msjax.set_context(mode=getattr(msjax, mode))
    net = CountingSmall()
    _, _, x, y = make_case("small")
    wrapper = BreakLastGradient if where == "optimizer" else nn.TrainOneStepCell
    good = nn.TrainOneStepCell(nn.WithLossCell(net, MSELoss()), OPTIMIZERS[optimizer](net.trainable_params()))
    for _ in range(2):
        good(x, y)
    step = wrapper(good.network, good.optimizer)
    before = snapshot(step)
    assert before["calls"][0] == 2 and before["global_step"][0] == 2
    bad_label = Tensor(np.zeros((6, 3), np.float32)) if where == "forward" else y
    with pytest.raises((ValueError, TypeError)):
        step(x, bad_label)
    assert_same_values(before, snapshot(step))
    good(x, y)  # the network still trains from where it was
    assert snapshot(step)["calls"][0] == 3 and snapshot(step)["global_step"][0] == 3


# -- ensembles ---------------------------------------------------------------------------------
def train_step(member, optimizer):
    net, loss_fn, _, _ = make_case("small")
    for p in net.get_parameters():
        p.set_data(Tensor(p.asnumpy() * (1.0 + 0.25 * member)))
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), OPTIMIZERS[optimizer](net.trainable_params()))


@pytest.mark.parametrize("optimizer", list(OPTIMIZERS))
def test_vmap_ensemble_of_training_steps_equals_separate_training(optimizer):
    """`vmap` over a CellList of TrainOneStepCells: every member's parameters and optimizer
    states are stacked, updated in one program and written back to each member."""
    _, _, x, y = make_case("small")
    members = nn.CellList([train_step(k, optimizer) for k in range(3)])
    separate = [train_step(k, optimizer) for k in range(3)]
    ensemble = msjax.vmap(members)
    xs, ys = Tensor(np.stack([x.asnumpy()] * 3)), Tensor(np.stack([y.asnumpy()] * 3))
    for _ in range(3):
        losses = ensemble(xs, ys)
        expected = [float(step(x, y).asnumpy()) for step in separate]
        np.testing.assert_allclose(losses.asnumpy(), expected, rtol=1e-6)
    for member, step in zip(members, separate):
        for (name, a), b in zip(member.parameters_and_names(), step.get_parameters()):
            np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-7, err_msg=name)
        assert int(member.optimizer.global_step.asnumpy()[0]) == 3


def test_raw_dense_is_nn_dense():
    """The test models' Dense is MindSpore's: x @ W.T + b."""
    w, b = LENET["small/init/fc1.weight"], LENET["small/init/fc1.bias"]
    x = LENET["small/x"]
    np.testing.assert_allclose(RawDense(w, b)(Tensor(x)).asnumpy(), x @ w.T + b, rtol=1e-6)
