"""`ops.FractionalMaxPool` and `ops.FractionalAvgPool` (NHWC, with pooling sequences): the probe
script run unchanged on msjax prints what MindSpore 2.10 printed where the sequences are fixed
(tests/goldens/ops/fractional_pool_tf_probe.out); drawn sequences cut each axis as MindSpore's
do, and the values are the pools of the cells they give; `deterministic` with a seed repeats."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/fractional_pool_tf_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("fractional_pool_tf_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_pool_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


_X = np.random.RandomState(0).rand(2, 11, 13, 3).astype(np.float32)


def _pools(x, rows, cols, overlapping, reduce):
    out = np.zeros((x.shape[0], len(rows) - 1, len(cols) - 1, x.shape[3]), x.dtype)
    extra = int(overlapping)
    for i in range(len(rows) - 1):
        for j in range(len(cols) - 1):
            cell = x[:, rows[i]:min(rows[i + 1] + extra, x.shape[1]),
                     cols[j]:min(cols[j + 1] + extra, x.shape[2])]
            out[:, i, j] = reduce(cell, axis=(1, 2))
    return out


@pytest.mark.parametrize("name, reduce", [("FractionalMaxPool", np.max),
                                          ("FractionalAvgPool", np.mean)])
@pytest.mark.parametrize("pseudo_random", [False, True])
@pytest.mark.parametrize("overlapping", [False, True])
def test_drawn_sequences_cut_the_axes_and_pool_their_cells(name, reduce, pseudo_random,
                                                            overlapping):
    prim = getattr(ops, name)([1.0, 1.6, 1.9, 1.0], pseudo_random=pseudo_random,
                              overlapping=overlapping)
    y, rows, cols = prim(Tensor(_X))
    rows, cols = rows.asnumpy(), cols.asnumpy()
    for seq, length, ratio in ((rows, 11, 1.6), (cols, 13, 1.9)):
        cells = int(length / ratio)
        assert len(seq) == cells + 1 and seq[0] == 0 and seq[-1] == length
        steps = np.diff(seq)
        assert set(steps) <= {length // cells, length // cells + 1}, seq
        assert rows.dtype == np.int64
    np.testing.assert_allclose(y.asnumpy(), _pools(_X, rows, cols, overlapping, reduce),
                               rtol=1e-6)


def test_deterministic_seeded_sequences_repeat_and_jit_matches():
    prim = ops.FractionalMaxPool([1.0, 1.6, 1.9, 1.0], deterministic=True, seed=5, seed2=2)
    first, second = prim(Tensor(_X)), prim(Tensor(_X))
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    compiled = ms.jit(lambda t: prim(t))(Tensor(_X))
    for a, b in zip(first, compiled):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_unseeded_sequences_are_drawn_each_call():
    prim = ops.FractionalAvgPool([1.0, 1.6, 1.9, 1.0])
    draws = {tuple(prim(Tensor(_X))[1].asnumpy()) for _ in range(8)}
    assert len(draws) > 1
