"""Convolutions as matrix products (`msjax/_src/backend/conv_as_dot.py`), the CPU lowering's
rewrite of compiled programs. Expected values come from the same computation in pure JAX
(`lax.conv_general_dilated`) and from the program compiled as traced (the plain lowering):
the rewrite sums the same products in another order, so results agree to float32 rounding.

`rewrite` reads traced programs through JAX's private jaxpr API: without it
(`MSJAX_PRIVATE_JAX=0`) it rewrites nothing and programs are compiled as traced, which the tests
of the rewrite check instead (`_rewrite`). The functions it computes with (slices, products) are
public JAX and tested in both modes."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import msjax as ms
from msjax import Tensor, nn
from msjax._src.backend import conv_as_dot, lowering
from tests.support import PRIVATE_JAX

_RNG = np.random.default_rng(0)

# (input shape, kernel shape, strides, padding, lhs dilation, rhs dilation, dimension numbers)
CONVS = [
    ((2, 4, 8, 8), (6, 4, 3, 3), (2, 2), [(1, 1), (1, 1)], (1, 1), (1, 1),
     ("NCHW", "OIHW", "NCHW")),
    ((2, 4, 5, 7), (6, 4, 3, 2), (1, 2), [(2, 0), (1, -1)], (2, 1), (1, 2),
     ("NCHW", "OIHW", "NCHW")),
    ((2, 8, 8, 4), (3, 3, 4, 6), (1, 1), "SAME", (1, 1), (1, 1), ("NHWC", "HWIO", "NHWC")),
    ((3, 4, 9), (5, 4, 3), (2,), [(1, 1)], (1,), (2,), ("NCH", "OIH", "NCH")),
]


def _all_convolutions(monkeypatch):
    """Make every ungrouped convolution a candidate, whatever its sizes."""
    monkeypatch.setattr(conv_as_dot, "worth_rewriting", lambda eqn: (
        eqn.params["feature_group_count"] == 1 and eqn.params["batch_group_count"] == 1))


def _rewrite(closed):
    """`conv_as_dot.rewrite(closed)`; None without JAX's private fast paths, which is checked."""
    rewritten = conv_as_dot.rewrite(closed)
    if not PRIVATE_JAX:
        assert rewritten is None  # programs are compiled as traced
    return rewritten


def _run(closed, *args):
    """What the traced program `closed` computes for `args`."""
    return jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *args)


def _conv_count(jaxpr) -> int:
    count = 0
    for eqn in jaxpr.eqns:
        count += eqn.primitive is lax.conv_general_dilated_p
        sub = conv_as_dot._sub_jaxpr(eqn)
        if sub is not None:
            count += _conv_count(sub.jaxpr)
    return count


def _case(case):
    """A CONVS case's input and kernel (standard normal) and the sum of sin of its convolution."""
    x_shape, w_shape, strides, padding, lhs_dilation, rhs_dilation, numbers = case
    x = jnp.asarray(_RNG.standard_normal(x_shape), jnp.float32)
    w = jnp.asarray(_RNG.standard_normal(w_shape), jnp.float32)

    def loss(x, w):
        out = lax.conv_general_dilated(x, w, strides, padding, lhs_dilation=lhs_dilation,
                                       rhs_dilation=rhs_dilation, dimension_numbers=numbers)
        return jnp.sum(jnp.sin(out))
    return x, w, loss


@pytest.mark.parametrize("case", CONVS, ids=lambda c: c[-1][0])
def test_a_convolution_and_its_gradients_as_dots_equal_lax_conv(monkeypatch, case):
    x, w, loss = _case(case)
    closed = jax.make_jaxpr(jax.value_and_grad(loss, argnums=(0, 1)))(x, w)
    _all_convolutions(monkeypatch)
    rewritten = _rewrite(closed)
    if rewritten is None:
        return
    assert _conv_count(closed.jaxpr) == 3 and _conv_count(rewritten.jaxpr) == 0
    expected = _run(closed, x, w)
    got = _run(rewritten, x, w)
    for e, g in zip(expected, got):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=1e-5, atol=1e-4)


def _counting_patches(monkeypatch) -> list:
    """A list that gets one entry per patch array the rewrite builds."""
    built, build = [], conv_as_dot.window_patches

    def counted(*args, **kwargs):
        built.append(args[1])
        return build(*args, **kwargs)
    monkeypatch.setattr(conv_as_dot, "window_patches", counted)
    return built


@pytest.mark.parametrize("case", CONVS, ids=lambda c: c[-1][0])
def test_a_convolution_and_its_kernel_gradient_read_one_patch_array(monkeypatch, case):
    """The kernel-gradient convolution reads the forward's windows of the same input: one patch
    array serves both; the input-gradient convolution (of the reversed kernel) builds none."""
    x, w, loss = _case(case)
    closed = jax.make_jaxpr(jax.grad(loss, argnums=(0, 1)))(x, w)
    _all_convolutions(monkeypatch)
    built = _counting_patches(monkeypatch)
    reversed_convs = []
    computed = conv_as_dot.conv_of_reversed_kernel
    monkeypatch.setattr(conv_as_dot, "conv_of_reversed_kernel",
                        lambda *a, **k: reversed_convs.append(1) or computed(*a, **k))
    rewritten = _rewrite(closed)
    if rewritten is None:
        assert built == [] and reversed_convs == []
        return
    assert len(built) == 1 and len(reversed_convs) == 1
    expected = _run(closed, x, w)
    got = _run(rewritten, x, w)
    for e, g in zip(expected, got):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("case", CONVS, ids=lambda c: c[-1][0])
def test_a_convolution_of_a_reversed_kernel_equals_lax_conv(case):
    """conv_of_reversed_kernel(x, w) = conv(x, rev(w)) for any strides, padding (negative too)
    and dilations, in either layout; its gradients too."""
    x_shape, w_shape, strides, padding, lhs_dilation, rhs_dilation, numbers = case
    x = jnp.asarray(_RNG.standard_normal(x_shape), jnp.float32)
    w = jnp.asarray(_RNG.standard_normal(w_shape), jnp.float32)
    dn = lax.conv_dimension_numbers(x.shape, w.shape, numbers)
    if isinstance(padding, str):
        padding = lax.padtype_to_pads(
            [x.shape[d] for d in dn.lhs_spec[2:]], [w.shape[d] for d in dn.rhs_spec[2:]],
            strides, padding)
    params = dict(window_strides=strides, padding=padding, lhs_dilation=lhs_dilation,
                  rhs_dilation=rhs_dilation, dimension_numbers=dn, precision=None,
                  preferred_element_type=None)

    def plain(x, w):
        return lax.conv_general_dilated(x, lax.rev(w, dn.rhs_spec[2:]), strides, padding,
                                        lhs_dilation=lhs_dilation, rhs_dilation=rhs_dilation,
                                        dimension_numbers=dn)

    def as_dot(x, w):
        return conv_as_dot.conv_of_reversed_kernel(x, w, **params)

    np.testing.assert_allclose(np.asarray(as_dot(x, w)), np.asarray(plain(x, w)),
                               rtol=1e-5, atol=1e-4)
    grads = jax.grad(lambda x, w: jnp.sum(jnp.sin(as_dot(x, w))), argnums=(0, 1))(x, w)
    expected = jax.grad(lambda x, w: jnp.sum(jnp.sin(plain(x, w))), argnums=(0, 1))(x, w)
    for g, e in zip(grads, expected):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("dtype", [jnp.bfloat16, jnp.float16])
def test_a_narrow_convolution_of_a_reversed_kernel_adds_its_taps_in_float32(dtype):
    """In bfloat16/float16 the taps' shares are added in float32 and the result rounded once:
    as close to the float32 convolution as XLA's own narrow convolution is."""
    x = _RNG.standard_normal((2, 16, 3, 3)).astype(np.float32)
    w = _RNG.standard_normal((8, 16, 3, 3)).astype(np.float32)
    dn = lax.conv_dimension_numbers(x.shape, w.shape, ("NCHW", "OIHW", "NCHW"))
    params = dict(window_strides=(1, 1), padding=[(1, 1), (1, 1)], lhs_dilation=(1, 1),
                  rhs_dilation=(1, 1), dimension_numbers=dn, precision=None,
                  preferred_element_type=None)
    exact = np.asarray(lax.conv_general_dilated(
        jnp.asarray(x), lax.rev(jnp.asarray(w), (2, 3)), (1, 1), [(1, 1), (1, 1)],
        dimension_numbers=dn))
    narrow_x, narrow_w = jnp.asarray(x, dtype), jnp.asarray(w, dtype)
    got = conv_as_dot.conv_of_reversed_kernel(narrow_x, narrow_w, **params)
    assert got.dtype == dtype
    xla = lax.conv_general_dilated(narrow_x, lax.rev(narrow_w, (2, 3)), (1, 1),
                                   [(1, 1), (1, 1)], dimension_numbers=dn)
    got_error = np.abs(np.asarray(got, np.float32) - exact).max()
    xla_error = np.abs(np.asarray(xla, np.float32) - exact).max()
    assert got_error <= 1.5 * xla_error + 1e-6


def test_a_kernel_reversed_along_other_axes_is_convolved_as_traced(monkeypatch):
    """Only a reversal of exactly the kernel's spatial axes takes conv_of_reversed_kernel; a
    kernel reversed along one spatial axis, or along its channel axis, is an ordinary kernel."""
    x = jnp.asarray(_RNG.standard_normal((2, 4, 5, 5)), jnp.float32)
    w = jnp.asarray(_RNG.standard_normal((6, 4, 3, 3)), jnp.float32)
    _all_convolutions(monkeypatch)
    for axes in ((3,), (0, 2, 3), (1,)):
        closed = jax.make_jaxpr(lambda x, w: lax.conv_general_dilated(
            x, lax.rev(w, axes), (1, 1), [(1, 1), (1, 1)]))(x, w)
        taken = []
        computed = conv_as_dot.conv_of_reversed_kernel
        monkeypatch.setattr(conv_as_dot, "conv_of_reversed_kernel",
                            lambda *a, **k: taken.append(1) or computed(*a, **k))
        rewritten = _rewrite(closed)
        if rewritten is None:
            assert taken == []
            continue
        assert taken == [] and _conv_count(rewritten.jaxpr) == 0
        np.testing.assert_allclose(np.asarray(_run(rewritten, x, w)[0]),
                                   np.asarray(_run(closed, x, w)[0]),
                                   rtol=1e-5, atol=1e-4)


def test_window_patches_are_the_padded_inputs_windows():
    """patches[U, J, V, K] = padded[U, V, j * u_step + k * v_step], against NumPy, for either
    axis order of the lhs spec and with interior (lhs) dilation."""
    x = _RNG.standard_normal((2, 3, 5, 4)).astype(np.float32)
    padding, dilation = [(1, 2), (2, 0)], (2, 1)
    u_set, v_set = ((2, 3), (3, 1)), ((3, 2), (1, 2))  # (counts, steps) per spatial dimension
    padded = np.zeros((2, 3, 1 + 9 + 2, 2 + 4), np.float32)
    padded[:, :, 1:10:2, 2:6] = x
    for spec in ((0, 1, 2, 3), (1, 0, 2, 3)):
        got = np.asarray(conv_as_dot.window_patches(jnp.asarray(x), spec, padding, dilation,
                                                    u_set, v_set))
        assert got.shape == (2, 2 * 3, 3, 3 * 2)
        for j0, j1, k0, k1 in np.ndindex(2, 3, 3, 2):
            window = padded[:, :, j0 * 3 + k0 * 1, j1 * 1 + k1 * 2]
            np.testing.assert_array_equal(got[:, j0 * 3 + j1, :, k0 * 2 + k1], window)


def test_only_ungrouped_convolutions_with_small_slices_are_rewritten():
    def conv_eqn(x_shape, w_shape, groups=1, strides=(1, 1)):
        x, w = jnp.zeros(x_shape), jnp.zeros(w_shape)
        closed = jax.make_jaxpr(lambda x, w: lax.conv_general_dilated(
            x, w, strides, [(1, 1), (1, 1)], dimension_numbers=("NCHW", "OIHW", "NCHW"),
            feature_group_count=groups))(x, w)
        return closed.jaxpr.eqns[0]

    # A late ResNet stage: 512 channels on a 1x1 map (patches 36 K, weight 2.4 M).
    assert conv_as_dot.worth_rewriting(conv_eqn((8, 512, 1, 1), (512, 512, 3, 3)))
    # An early stage: 64 channels on 8x8 (patches 295 K, weight 37 K): XLA's convolution.
    assert not conv_as_dot.worth_rewriting(conv_eqn((8, 64, 8, 8), (64, 64, 3, 3)))
    # A small weight (32x64x3x3): its transposes cost less than the rewrite's compile time.
    assert not conv_as_dot.worth_rewriting(conv_eqn((2, 32, 2, 2), (64, 32, 3, 3)))
    # Grouped (depthwise) convolutions are left as they are.
    assert not conv_as_dot.worth_rewriting(conv_eqn((8, 512, 1, 1), (512, 1, 3, 3), groups=512))


def test_the_switch_turns_the_rewrite_off(monkeypatch):
    x, w = jnp.ones((8, 512, 1, 1)), jnp.ones((512, 512, 3, 3))
    closed = jax.make_jaxpr(lambda x, w: lax.conv_general_dilated(
        x, w, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW")))(x, w)
    assert (conv_as_dot.rewrite(closed) is not None) is PRIVATE_JAX
    monkeypatch.setenv("MSJAX_CONV_AS_DOT", "0")
    assert conv_as_dot.rewrite(closed) is None
    assert lowering.for_backend("cpu").rewrite_program(closed) is None
    monkeypatch.delenv("MSJAX_CONV_AS_DOT")
    assert (lowering.for_backend("cpu").rewrite_program(closed) is not None) is PRIVATE_JAX
    for backend in ("gpu", "tpu"):  # their convolutions need no help: compiled as traced
        assert lowering.for_backend(backend).rewrite_program(closed) is None


def test_the_switch_is_part_of_the_compile_cache_key(monkeypatch):
    from msjax._src.backend import compile_cache
    monkeypatch.setattr(jax, "default_backend", lambda: "cpu")

    def step(x):
        return x

    from msjax._src.core import lifting
    key = lifting.flatten_args((), [], [])  # the key of a call with no arguments
    on = compile_cache.entry_name(step, key, [])
    monkeypatch.setenv("MSJAX_CONV_AS_DOT", "0")  # a program stored with the rewrite is not reused
    assert compile_cache.entry_name(step, key, []) != on
    monkeypatch.delenv("MSJAX_CONV_AS_DOT")
    assert compile_cache.entry_name(step, key, []) == on


class _Block(nn.Cell):
    """conv-BN-ReLU-conv-BN plus a projected residual, on a 2x2 map with 32-64 channels (the
    shape of a late ResNet stage, scaled down), so that the CPU lowering rewrites its convs."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(32, 64, 3, stride=1, pad_mode="pad", padding=1, has_bias=False,
                               weight_init="normal")
        self.bn1 = nn.BatchNorm2d(64)
        self.conv2 = nn.Conv2d(64, 64, 3, stride=1, pad_mode="pad", padding=1, has_bias=True,
                               weight_init="normal", bias_init="normal")
        self.bn2 = nn.BatchNorm2d(64)
        self.down = nn.Conv2d(32, 64, 1, has_bias=False, weight_init="normal")
        self.relu = nn.ReLU()
        self.mean = ms.ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(64, 3)

    def construct(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)) + self.down(x))
        return self.fc(self.mean(out, (2, 3)))


class _Recording(lowering.Lowering):
    """The CPU lowering, counting the convolutions its rewrites removed."""

    def __init__(self):
        super().__init__(("cpu",))
        self.removed = 0

    def rewrite_program(self, closed_jaxpr):
        rewritten = super().rewrite_program(closed_jaxpr)
        if rewritten is not None:
            self.removed += _conv_count(closed_jaxpr.jaxpr) - _conv_count(rewritten.jaxpr)
        return rewritten


def _train(monkeypatch, lowering_, steps=2):
    monkeypatch.setattr(lowering, "for_backend", lambda backend=None: lowering_)
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = _Block()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn),
                               nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    x = Tensor(np.linspace(-2, 2, 2 * 32 * 2 * 2, dtype=np.float32).reshape(2, 32, 2, 2))
    y = Tensor(np.array([0, 2], np.int32))
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    return losses, {p.name: p.asnumpy() for p in net.get_parameters()}


def test_a_training_step_with_convs_as_dots_matches_the_program_as_traced(monkeypatch):
    monkeypatch.setattr(conv_as_dot, "MIN_SAVED", 0)  # the shapes are scaled down
    recording = _Recording()
    built = _counting_patches(monkeypatch)
    losses, params = _train(monkeypatch, recording)
    # All 7: 3 forward convs, their 3 weight gradients and conv2's input gradient (the input x
    # needs none, so conv1 and down have no input-gradient conv); a forward conv and its
    # weight gradient read one patch array, conv1 and down (other windows of x) one each, and
    # conv2's input gradient (its kernel reversed) none.
    assert (recording.removed, len(built)) == ((7, 3) if PRIVATE_JAX else (0, 0))
    plain_losses, plain_params = _train(monkeypatch, lowering.Lowering())
    np.testing.assert_allclose(losses, plain_losses, rtol=1e-5)
    assert params.keys() == plain_params.keys()
    for name, value in params.items():  # weights, BatchNorm statistics, after two updates
        np.testing.assert_allclose(value, plain_params[name], rtol=1e-4, atol=1e-5,
                                   err_msg=name)
