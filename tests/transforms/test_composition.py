"""Transforms composed in every order, checked against the same computation in pure JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops

RNG = np.random.default_rng(0)
X = RNG.standard_normal((4, 3)).astype(np.float32)
Y = RNG.standard_normal((4, 3)).astype(np.float32)
W = RNG.standard_normal((3, 2)).astype(np.float32)


def f_ms(x, y):
    return ops.sin(x + 2 * y).sum()


def f_jax(x, y):
    return jnp.sin(x + 2 * y).sum()


class Linear(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(W), name="w")

    def construct(self, x):
        return ops.tanh(ops.matmul(x, self.w)).sum()


def linear_jax(w, x):
    return jnp.tanh(x @ w).sum()


def test_vmap_of_vmap():
    out = ms.vmap(ms.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0))(
        Tensor(X[0]), Tensor(Y))
    expected = jax.vmap(jax.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0))(
        X[0], Y)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)


def test_grad_of_vmap():
    gx, gy = ms.grad(ms.vmap(f_ms), (0, 1))(Tensor(X), Tensor(Y))
    ex, ey = jax.grad(lambda x, y: jax.vmap(f_jax)(x, y).sum(), (0, 1))(X, Y)
    np.testing.assert_allclose(gx.asnumpy(), ex, rtol=1e-5)
    np.testing.assert_allclose(gy.asnumpy(), ey, rtol=1e-5)


def test_vmap_of_grad_gives_per_sample_gradients_of_weights():
    net = Linear()
    per_sample = ms.vmap(ms.grad(net, None, net.w))(Tensor(X))
    expected = jax.vmap(jax.grad(linear_jax), in_axes=(None, 0))(W, X)
    assert per_sample.shape == (4, 3, 2)
    np.testing.assert_allclose(per_sample.asnumpy(), expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(net.w.asnumpy(), W)  # reading weights changes nothing


def test_jacrev_of_vmap():
    jac = ms.jacrev(ms.vmap(lambda a: a * a))(Tensor(X[:2]))
    expected = jax.jacrev(jax.vmap(lambda a: a * a))(X[:2])
    np.testing.assert_allclose(jac.asnumpy(), expected, rtol=1e-6)


def test_grad_inside_jit():
    net = Linear()
    step = ms.jit(lambda x: ms.grad(net, None, net.w)(x))
    np.testing.assert_allclose(step(Tensor(X)).asnumpy(), jax.grad(linear_jax)(W, X), rtol=1e-5)


def test_failed_vmapped_call_writes_nothing():
    class Writer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, x):
            ops.assign(self.p, x)
            return ops.matmul(x, Tensor(np.ones((5, 5), np.float32)))  # shape error after assign

    cells = nn.CellList([Writer(), Writer()])
    with pytest.raises(ValueError, match="For 'Matmul'"):  # MindSpore's type for the shapes
        ms.vmap(cells)(Tensor(X[:2]))
    for cell in cells:
        np.testing.assert_array_equal(cell.p.asnumpy(), np.zeros(3, np.float32))


def test_ensemble_members_keep_their_own_weights_and_work_alone():
    class Scale(nn.Cell):
        def __init__(self, value):
            super().__init__()
            self.s = Parameter(Tensor(np.full(3, value, np.float32)), name="s")

        def construct(self, x):
            ops.assign(self.s, self.s * 2)
            return x * self.s

    cells = nn.CellList([Scale(1.0), Scale(3.0)])
    out = ms.vmap(cells, in_axes=None)(Tensor(X[0]))
    np.testing.assert_allclose(out.asnumpy(), np.stack([X[0] * 2, X[0] * 6]), rtol=1e-6)
    np.testing.assert_allclose(cells[0].s.asnumpy(), np.full(3, 2.0))
    np.testing.assert_allclose(cells[1].s.asnumpy(), np.full(3, 6.0))
    np.testing.assert_allclose(cells[1](Tensor(X[0])).asnumpy(), X[0] * 12, rtol=1e-6)


def test_nested_vmap_with_python_slicing_beyond_mindspore():
    """The vmap tutorial's nested-vmap cell, which MindSpore 2.10 itself fails."""
    import msjax.numpy as mnp

    def convolve(x, w):
        return mnp.stack([mnp.dot(x[i - 1:i + 2], w) for i in range(1, len(x) - 1)])

    hx = np.array([[1., 2., 3., 4., 5.], [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.]], np.float32)
    hw = np.array([[1., 1., 1.], [2., 2., 2.], [3., 3., 3.]], np.float32)
    out = ms.vmap(ms.vmap(convolve, in_axes=[None, 0]), in_axes=[0, None])(Tensor(hx), Tensor(hw))
    expected = np.array([[[np.dot(x[i - 1:i + 2], w) for i in range(1, 4)] for w in hw]
                         for x in hx], np.float32)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)


LOWERINGS = ["vectorised", "looped"]


@pytest.mark.parametrize("lowering", LOWERINGS)
def test_ensemble_lowerings_give_the_same_training_results(lowering):
    """Every way msjax may lower an ensemble trains each member exactly as alone."""
    class Member(nn.Cell):
        def __init__(self, scale):
            super().__init__()
            self.w = Parameter(Tensor(W * scale), name="w")

        def construct(self, x):
            loss = ops.tanh(ops.matmul(x, self.w)).sum()
            g = ms.grad(lambda v: ops.tanh(ops.matmul(v, self.w)).sum(), None, self.w)(x)
            ops.assign(self.w, self.w - 0.1 * g)
            return loss

    alone = [Member(s) for s in (1.0, 2.0, 3.0)]
    expected = [m(Tensor(X[:3])).asnumpy() for m in alone]
    members = nn.CellList([Member(s) for s in (1.0, 2.0, 3.0)])
    ensemble = ms.vmap(members, in_axes=None)
    ensemble.lowering = lowering
    losses = ensemble(Tensor(X[:3]))
    np.testing.assert_allclose(losses.asnumpy(), np.array(expected), rtol=1e-5)
    for member, reference in zip(members, alone):
        np.testing.assert_allclose(member.w.asnumpy(), reference.w.asnumpy(), rtol=1e-5)


class Pair(nn.Cell):
    """Two outputs, a Python attribute and a Parameter it updates."""

    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.w = Parameter(Tensor(W * scale), name="w")

    def construct(self, x, shift):
        out = ops.matmul(x, self.w) * self.scale
        ops.assign_add(self.w, ops.ones_like(self.w) * shift.sum())
        return out, out.sum(axis=-1)


def run_pairs(lowering, call=None):
    members = nn.CellList([Pair(s) for s in (1.0, 2.0, 3.0, 4.0)])
    ensemble = ms.vmap(members, in_axes=(0, None), out_axes=(1, 0))
    ensemble.lowering = lowering
    x = Tensor(np.stack([X[:2] * (i + 1) for i in range(4)]))
    shift = Tensor(np.array([0.5, 0.25], np.float32))
    out = (ensemble if call is None else call(ensemble))(x, shift)
    return [o.asnumpy() for o in out], [m.w.asnumpy() for m in members]


@pytest.mark.parametrize("lowering", LOWERINGS)
def test_ensemble_lowerings_agree_on_mapped_arguments_and_out_axes(lowering):
    (out, sums), weights = run_pairs(lowering)
    # MindSpore's rule: one program, traced with the last member's Python attributes (scale 4)
    expected = np.stack([X[:2] * (i + 1) @ (W * s) * 4.0 for i, s in enumerate((1, 2, 3, 4))])
    np.testing.assert_allclose(out, np.moveaxis(expected, 0, 1), rtol=1e-5)
    np.testing.assert_allclose(sums, expected.sum(-1), rtol=1e-5)
    for s, w in zip((1, 2, 3, 4), weights):
        np.testing.assert_allclose(w, W * s + 0.75, rtol=1e-6)


def test_looped_ensemble_under_an_enclosing_jit_gives_the_same_results():
    eager = run_pairs("looped")
    compiled = run_pairs("looped", call=lambda ensemble: ms.jit(lambda x, s: ensemble(x, s)))
    for got, want in zip(compiled[0] + compiled[1], eager[0] + eager[1]):
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_looped_ensemble_compiles_one_members_program():
    members = nn.CellList([Pair(s) for s in (1.0, 2.0, 3.0)])
    ensemble = ms.vmap(members, in_axes=(0, None), out_axes=(1, 0))
    assert ensemble.lowering == "looped"  # on the CPU
    traces = []
    original = Pair.construct
    Pair.construct = lambda self, x, shift: (traces.append(1), original(self, x, shift))[1]
    try:
        x = Tensor(np.stack([X[:2]] * 3))
        shift = Tensor(np.zeros(2, np.float32))
        ensemble(x, shift)
        ensemble(x, shift)
    finally:
        Pair.construct = original
    assert len(traces) == 1


def test_jit_passes_keyword_only_and_extra_keyword_arguments():
    @ms.jit
    def scaled(x, *, scale=1.0, **extra):
        return x * scale + extra.get("shift", 0.0)

    x = Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_allclose(scaled(x, scale=3.0, shift=1.0).asnumpy(), [4.0, 7.0])
    np.testing.assert_allclose(scaled(x).asnumpy(), [1.0, 2.0])


def test_python_numbers_returned_from_compiled_code_stay_python_numbers():
    """MindSpore 2.10 returns a constant as the Python value it is (builtins_probe.out: `round`)."""
    out = ms.jit(lambda x: (x * 2, 5))(Tensor(np.array([1.0], np.float32)))
    assert isinstance(out[0], Tensor) and type(out[1]) is int and out[1] == 5
