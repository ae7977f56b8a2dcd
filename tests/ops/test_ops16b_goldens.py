"""Behaviours added for MindSpore's st/ops sample s16b (array_func.gather_ext, Cummin/Cummax with
NaN, std_mean's division, BroadcastTo's and Expand's -1 in a new axis, slice_scatter's and Eig's
checks, _inner_ops.ClipByNorm, MultinomialWithReplacement, SparseAddmm, SequenceStack/Unstack,
LayerNormGrad, CTCGreedyDecoder, Assert) as MindSpore 2.10 computes them:
the probe scripts tests/goldens/scripts/ops16b_*_probe.py run unchanged on msjax and print what
MindSpore printed (tests/goldens/ops/ops16b_*_probe.out). Where msjax goes beyond MindSpore
(docs/migration.md), the expected values come from NumPy."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, mint, ops
from msjax.ops.operations import _inner_ops as inner
from msjax.ops.operations._sequence_ops import SequenceStack
from msjax.ops.operations.sparse_ops import SparseAddmm

from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("ops16b_misc_probe", "ops16b_broadcast_probe", "ops16b_expand_probe",
          "ops16b_sparse_addmm_probe", "ops16b_sequence_probe", "ops16b_layer_norm_grad_probe",
          "ops16b_ctc_greedy_probe", "ops16b_assert_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"ops/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_ops16b_probe_matches_mindspore(probe, label, msjax_cases):
    assert msjax_cases[probe].get(label) == GOLDEN[probe, label]


def _numpy_cumulative_extreme(row, better):
    """(running extreme, index of its latest occurrence) of a 1-D row, NaN propagating."""
    values, indices = [], []
    for i, v in enumerate(row):
        if i == 0 or np.isnan(v) or (not np.isnan(values[-1]) and (better(v, values[-1])
                                                                    or v == values[-1])):
            values.append(v)
            indices.append(i)
        else:
            values.append(values[-1])
            indices.append(indices[-1])
    return np.array(values, row.dtype), np.array(indices)


@pytest.mark.parametrize("name, better", [("cummin", np.less), ("cummax", np.greater)])
def test_mint_cumulative_extremes_propagate_nan(name, better):
    """Beyond MindSpore 2.10 (its CPU has no CumminExt kernel): mint.cummin/cummax give what
    ops.cummin/cummax give, with Int64 indices."""
    row = np.array([2.0, np.nan, 1.0, 3.0, np.nan, 0.0, 1.0], np.float32)
    values, indices = getattr(mint, name)(Tensor(row), 0)
    expected_values, expected_indices = _numpy_cumulative_extreme(row, better)
    np.testing.assert_array_equal(values.asnumpy(), expected_values)
    np.testing.assert_array_equal(indices.asnumpy(), expected_indices)
    assert indices.dtype == ms.int64


def test_std_mean_divides_once_under_jit_and_eagerly():
    """The float32 std and mean are the sum over the count divided once, as NumPy's are (XLA's
    multiplication by a rounded reciprocal is an ulp off for this sample)."""
    x = np.array([8., -3., 0., 10, 1., 21., 3, 4, 5, 6], np.float32).reshape(2, 5)
    expected = (np.std(x), np.mean(x))
    eager = ops.std_mean(Tensor(x), ddof=0)
    compiled = ms.jit(lambda t: ops.std_mean(t, ddof=0))(Tensor(x))
    for got in (eager, compiled):
        assert [v.asnumpy().item() for v in got] == [float(e) for e in expected]


def _clip_by_norm_numpy(x, clip, axis):
    norm = np.sqrt(np.sum(np.square(x.astype(np.float64)), axis=axis, keepdims=True))
    return x * clip / np.maximum(norm, clip)


@pytest.mark.parametrize("axis", [0, 1, (0, 1), None])
def test_clip_by_norm_scales_each_axis_slice_to_its_norm(axis):
    """Beyond MindSpore 2.10 (its CPU kernel reduces other elements than the axis': see
    docs/migration.md): ClipByNorm scales each slice along `axis` by its own L2 norm, and its
    gradient is the derivative of that (checked against central differences in float64)."""
    x = np.random.RandomState(1).rand(3, 4).astype(np.float32)
    clip = np.array([0.5], np.float32)
    out = inner.ClipByNorm(axis)(Tensor(x), Tensor(clip))
    np.testing.assert_allclose(out.asnumpy(), _clip_by_norm_numpy(x, clip, axis), rtol=1e-6)

    def total(a, c):
        return _clip_by_norm_numpy(a, c, axis).sum()

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = inner.ClipByNorm(axis)

        def construct(self, a, c):
            return self.op(a, c)

    grads = ops.GradOperation(get_all=True)(Net())(Tensor(x), Tensor(clip))
    x64, c64, step = x.astype(np.float64), clip.astype(np.float64), 1e-6
    expected_x = np.zeros_like(x64)
    for index in np.ndindex(x.shape):
        shift = np.zeros_like(x64)
        shift[index] = step
        expected_x[index] = (total(x64 + shift, c64) - total(x64 - shift, c64)) / (2 * step)
    expected_c = (total(x64, c64 + step) - total(x64, c64 - step)) / (2 * step)
    np.testing.assert_allclose(grads[0].asnumpy(), expected_x, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(grads[1].asnumpy(), [expected_c], rtol=1e-4)


def test_multinomial_with_replacement_draws_follow_the_weights():
    """The draws are JAX's (docs/migration.md): the same seed and offset repeat them, and their
    frequencies follow the weights."""
    weights = Tensor(np.array([[1.0, 0.0, 3.0]], np.float32))
    seed, offset = Tensor(np.array([7], np.int64)), Tensor(np.array([0], np.int64))
    draws = ops.multinomial_with_replacement(weights, seed, offset, 20000, True).asnumpy()
    again = ops.multinomial_with_replacement(weights, seed, offset, 20000, True).asnumpy()
    np.testing.assert_array_equal(draws, again)
    counts = np.bincount(draws.reshape(-1), minlength=3) / draws.size
    np.testing.assert_allclose(counts, [0.25, 0.0, 0.75], atol=0.02)
    under_jit = ms.jit(lambda w, s, o: ops.multinomial_with_replacement(w, s, o, 20000, True))(
        weights, seed, offset)
    np.testing.assert_array_equal(under_jit.asnumpy(), draws)


def test_sparse_addmm_refuses_an_addend_of_another_shape():
    """Beyond MindSpore 2.10 (its kernel gives `x3_dense`'s shape and reads past the product):
    an `x3_dense` that is not of the product's shape is refused; otherwise the result is NumPy's
    beta * x3 + alpha * (S @ x2)."""
    indices = Tensor(np.array([[0, 1], [1, 2], [1, 2]], np.int32))
    values = Tensor(np.array([1, 2, 3], np.float32))
    shape = Tensor(np.array([3, 4], np.int32))
    x2 = np.arange(8, dtype=np.float32).reshape(4, 2)
    alpha, beta = Tensor(np.array([2], np.float32)), Tensor(np.array([0.5], np.float32))
    with pytest.raises(ValueError, match="'x3_dense' must have the shape of the product"):
        SparseAddmm()(indices, values, shape, Tensor(x2), Tensor(np.ones((2, 2), np.float32)),
                      alpha, beta)
    dense = np.zeros((3, 4), np.float32)
    np.add.at(dense, ([0, 1, 1], [1, 2, 2]), [1, 2, 3])
    x3 = np.ones((3, 2), np.float32)
    out = SparseAddmm()(indices, values, shape, Tensor(x2), Tensor(x3), alpha, beta)
    np.testing.assert_allclose(out.asnumpy(), 0.5 * x3 + 2 * dense @ x2)


def test_sequence_stack_gradient_splits_the_output_gradient():
    """Beyond MindSpore 2.10 (SequenceStack has no bprop there): each stacked Tensor's gradient
    is its slice of the output's."""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    sens = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    grads = ops.GradOperation(get_all=True, sens_param=True)(
        lambda x, y: SequenceStack(1)((x, y)))(Tensor(a), Tensor(a + 10), Tensor(sens))
    np.testing.assert_array_equal(grads[0].asnumpy(), sens[:, 0])
    np.testing.assert_array_equal(grads[1].asnumpy(), sens[:, 1])
