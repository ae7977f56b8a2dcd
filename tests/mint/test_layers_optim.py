"""mint.nn layers and mint.optim optimizers against MindSpore 2.10 (tests/goldens/mint/layers.json:
Parameter names, shapes, dtypes, outputs with MindSpore's weights) and, where its CPU build has
no kernel, against the same computation written in NumPy / pure JAX; the optimizers against
optax and PyTorch's SGD formula."""
import json

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import msjax
from msjax import Parameter, Tensor, mint
from tests.conftest import GOLDENS
from tests.support import assert_close

GOLDEN = json.loads((GOLDENS / "mint" / "layers.json").read_text())
LAYERS = GOLDEN["layers"]


def _conv(x, w, stride=1, padding=0):
    nd = x.ndim - 2
    spatial = "DHW"[-nd:] if nd > 1 else "W"
    return jax.lax.conv_general_dilated(x, w, (stride,) * nd, [(padding, padding)] * nd,
                                        dimension_numbers=("NC" + spatial, "OI" + spatial,
                                                           "NC" + spatial))


def _conv_transpose(x, w, stride):
    k = w.shape[-1]
    flipped = jnp.flip(w, (-2, -1)).swapaxes(0, 1)
    return jax.lax.conv_general_dilated(x, flipped, (1, 1), [(k - 1, k - 1)] * 2,
                                        lhs_dilation=(stride, stride),
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def _norm(x, axes, eps):
    mean = x.mean(axes, keepdims=True)
    return (x - mean) / np.sqrt(x.var(axes, keepdims=True) + eps)


def _channel(v, ndim):
    return v.reshape((1, -1) + (1,) * (ndim - 2))


# The computation of each layer whose MindSpore CPU kernel is missing, from its input and weights.
REFERENCES = {
    "conv2d": lambda x, p: _conv(x, p["weight"], 1, 1) + _channel(p["bias"], 4),
    "conv2d_nobias_stride": lambda x, p: _conv(x, p["weight"], 2, 0),
    "conv1d": lambda x, p: _conv(x, p["weight"]) + _channel(p["bias"], 3),
    "convtranspose2d": lambda x, p: _conv_transpose(x, p["weight"], 2) + _channel(p["bias"], 4),
    "batchnorm2d": lambda x, p: (x - _channel(p["running_mean"], 4)) / np.sqrt(
        _channel(p["running_var"], 4) + 1e-5) * _channel(p["weight"], 4) + _channel(p["bias"], 4),
    "batchnorm1d": lambda x, p: (x - p["running_mean"]) / np.sqrt(p["running_var"] + 1e-5)
    * p["weight"] + p["bias"],
    "layernorm": lambda x, p: _norm(x, (-1,), 1e-5) * p["weight"] + p["bias"],
    "layernorm_nobias": lambda x, p: _norm(x, (-2, -1), 1e-5) * p["weight"],
    "embedding": lambda x, p: p["weight"][x],
    "gelu_tanh": lambda x, p: jax.nn.gelu(x, approximate=True),
    "maxpool2d": lambda x, p: x.reshape(2, 3, 2, 2, 2, 2).max((3, 5)),
    "avgpool2d": lambda x, p: (x[..., :-1, :-1] + x[..., 1:, :-1] + x[..., :-1, 1:]
                               + x[..., 1:, 1:]) / 4,
    "adaptiveavgpool2d": lambda x, p: x.reshape(2, 3, 2, 2, 2, 2).mean((3, 5)),
    "hardtanh": lambda x, p: np.clip(x, -0.5, 0.5),
}


def build(key):
    info = LAYERS[key]
    cell = eval(info["ctor"], {"mint": mint})  # noqa: S307
    cell.set_train(False)
    for path, param in cell.parameters_and_names():
        param.set_data(Tensor(np.asarray(info["weights"][path], np.float32)))
    return cell, np.asarray(info["x"], info["x_dtype"])


@pytest.mark.parametrize("key", list(LAYERS))
def test_layer_matches_mindspore(key):
    info = LAYERS[key]
    cell, x = build(key)
    assert [[path, p.name, list(p.shape), str(p.dtype), bool(p.requires_grad)]
            for path, p in cell.parameters_and_names()] == info["params"]
    if "out" in info:
        want = np.asarray(info["out"], np.float32)
    else:
        weights = {k: np.asarray(v, np.float32) for k, v in info["weights"].items()}
        want = np.asarray(REFERENCES[key](x, weights), np.float32)
    assert_close(cell(Tensor(x)), want, rtol=1e-4, atol=1e-5)
    assert_close(msjax.jit(cell)(Tensor(x)), want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("ctor", list(GOLDEN["optimizers"]))
def test_optimizer_state_names_match_mindspore(ctor):
    ps = [Parameter(Tensor(np.ones((2, 3), np.float32)), name="w"),
          Parameter(Tensor(np.zeros(3, np.float32)), name="b")]
    opt = eval(ctor, {"mint": mint, "ps": ps})  # noqa: S307
    want = GOLDEN["optimizers"][ctor]
    assert [[n, p.name, list(p.shape), str(p.dtype)] for n, p in opt.parameters_and_names()] == \
        want["params"]
    expected_keys = set(want["group_keys"]) - {"lr_float"}  # MindSpore's internal float copy
    assert set(opt.param_groups[0]) == expected_keys


GRADS = [np.array([0.1, 0.2, -0.3], np.float32), np.array([0.3, -0.1, 0.05], np.float32),
         np.array([-0.2, 0.4, 0.1], np.float32)]


@pytest.mark.parametrize("ctor, transform", [
    ("mint.optim.Adam(ps, lr=0.1)", optax.adam(0.1)),
    ("mint.optim.AdamW(ps, lr=0.1, weight_decay=0.05)", optax.adamw(0.1, weight_decay=0.05)),
    ("mint.optim.FusedAdamW(ps, lr=0.1)", optax.adamw(0.1, weight_decay=0.01)),
    ("mint.optim.SGD(ps, lr=0.1, momentum=0.9)", optax.sgd(0.1, momentum=0.9)),
    ("mint.optim.SGD(ps, lr=0.1, momentum=0.9, nesterov=True)",
     optax.sgd(0.1, momentum=0.9, nesterov=True)),
])
def test_optimizer_steps_match_optax(ctor, transform):
    start = np.array([0.5, -0.3, 0.2], np.float32)
    w = Parameter(Tensor(start), name="w")
    opt = eval(ctor, {"mint": mint, "ps": [w]})  # noqa: S307
    step = msjax.jit(lambda g: opt((g,)))
    params = jnp.asarray(start)
    state = transform.init(params)
    for grad in GRADS:
        step(Tensor(grad))
        updates, state = transform.update(jnp.asarray(grad), state, params)
        params = optax.apply_updates(params, updates)
        assert_close(w, np.asarray(params), rtol=1e-5, atol=2e-6)


def test_adam_amsgrad_is_pytorchs():
    """PyTorch's AMSGrad keeps the maximum of the raw second moment (optax's of the corrected)."""
    w = Parameter(Tensor(np.array([0.5, -0.3, 0.2], np.float32)), name="w")
    opt = mint.optim.Adam([w], lr=0.1, amsgrad=True)
    param, m, v, v_max = np.array([0.5, -0.3, 0.2]), 0.0, 0.0, 0.0
    for t, grad in enumerate(GRADS, 1):
        opt((Tensor(grad),))
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        v_max = np.maximum(v_max, v)
        param = param - 0.1 / (1 - 0.9 ** t) * m / (np.sqrt(v_max) / np.sqrt(1 - 0.999 ** t) + 1e-8)
        assert_close(w, param.astype(np.float32), rtol=1e-5, atol=2e-6)
    assert [p.name for p in opt.param_groups[0]["max_exp_avg_sq"]] == ["max_exp_avg_sq.w"]


def test_sgd_weight_decay_dampening_and_groups():
    w = Parameter(Tensor(np.array([1.0, -2.0], np.float32)), name="w")
    b = Parameter(Tensor(np.array([0.5], np.float32)), name="b")
    opt = mint.optim.SGD([{"params": [w], "weight_decay": 0.1}, {"params": [b], "lr": 0.5}],
                         lr=0.1, momentum=0.9, dampening=0.5)
    expected_w, buf = np.array([1.0, -2.0]), None
    for grad in ([0.2, 0.1], [-0.3, 0.4]):
        opt((Tensor(np.array(grad, np.float32)), Tensor(np.array([1.0], np.float32))))
        g = np.array(grad) + 0.1 * expected_w
        buf = g if buf is None else 0.9 * buf + 0.5 * g
        expected_w = expected_w - 0.1 * buf
    assert_close(w, expected_w.astype(np.float32), rtol=1e-6)
    assert_close(b, np.array([0.5 - 0.5 - 0.5 * (0.9 + 0.5)], np.float32), rtol=1e-6)
    assert_close([g["lr"] for g in opt.param_groups], np.array([0.1, 0.5], np.float32))
    assert [p.name for p in opt.lrs] == ["learning_rate_group_0", "learning_rate_group_1"]


def test_mint_linear_trains_with_mint_adamw():
    msjax.set_seed(0)
    net = mint.nn.Linear(3, 1)
    opt = mint.optim.AdamW(net.trainable_params(), lr=0.05)
    x = Tensor(np.random.default_rng(0).standard_normal((16, 3)).astype(np.float32))
    y = Tensor((x.asnumpy() @ np.array([[1.0], [-2.0], [0.5]], np.float32)))

    def loss_fn(x, y):
        return mint.nn.functional.mse_loss(net(x), y)

    grad_fn = msjax.value_and_grad(loss_fn, None, opt.parameters)

    @msjax.jit
    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    losses = [float(train_step(x, y).asnumpy()) for _ in range(30)]
    assert losses[-1] < 0.5 * losses[0]


def test_experimental_optim_is_mint_optim():
    """mindspore.experimental.optim's Optimizer, Adam, AdamW and SGD are mint.optim's classes."""
    from msjax.experimental import optim

    assert (optim.Adam, optim.AdamW, optim.SGD) == (mint.optim.Adam, mint.optim.AdamW,
                                                    mint.optim.SGD)
    w = Parameter(Tensor(np.array([1.0, -1.0], np.float32)), name="w")
    opt = optim.SGD([w], lr=0.5)
    assert isinstance(opt, optim.Optimizer)
    opt((Tensor(np.array([0.2, -0.4], np.float32)),))
    assert_close(w, np.array([0.9, -0.8], np.float32), rtol=1e-6)
