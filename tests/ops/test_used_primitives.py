"""`ops.P`, `LRN`, `Im2Col`, `MaskedScatter`, `RmsNorm`, `Randperm`, `ScalarToArray`
(ops/used_primitives.py), `nn.CentralCrop`, `_compile_utils`' indexing functions,
`_extends.cell_attr_register` and `mindspore.multiprocessing` as MindSpore 2.10 has them:
tests/goldens/scripts/used_primitives_probe.py run unchanged.

MindSpore 2.10 fails `RmsNorm` (no CPU kernel) and `ScalarToArray` (in PyNative and in graph
mode): those are checked against NumPy here, with `Randperm` (Ascend only)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax.ops import functional as F
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/used_primitives_probe.out")
MINDSPORE_FAILS = ["RmsNorm", "ScalarToArray", "scalar_to_array"]


@pytest.fixture(scope="module")
def msjax_cases():
    # The probe forks a child that only exits (JAX warns about any fork of its process).
    with pytest.warns(RuntimeWarning, match="os.fork"):
        return run_script_on_msjax("used_primitives_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(MINDSPORE_FAILS)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_the_cases_mindspore_fails_are_those_listed():
    assert sorted(k for k, v in GOLDEN.items() if v.startswith("RuntimeError")) == sorted(
        MINDSPORE_FAILS)


def test_rms_norm_computes_its_formula():
    x = np.random.RandomState(0).randn(2, 5).astype(np.float32)
    gamma = np.linspace(0.5, 1.5, 5).astype(np.float32)
    y, rstd = ops.RmsNorm(1e-6)(Tensor(x), Tensor(gamma))
    expected_rstd = 1 / np.sqrt((x ** 2).mean(1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(rstd.asnumpy(), expected_rstd, rtol=1e-5)
    np.testing.assert_allclose(y.asnumpy(), x * expected_rstd * gamma, rtol=1e-5)


@pytest.mark.parametrize("value, dtype", [(3, ms.int64), (1.5, ms.float32), (True, ms.bool_)])
def test_scalar_to_array_makes_a_0d_tensor(value, dtype):
    for out in (ops.ScalarToArray()(value), F.scalar_to_array(value)):
        assert out.shape == () and out.dtype == dtype and out.asnumpy() == value


def test_scalar_to_array_refuses_a_tensor():
    with pytest.raises(TypeError, match="'ScalarToArray', the input must be a scalar"):
        ops.ScalarToArray()(Tensor(1))


def test_randperm_pads_a_permutation():
    out = ops.Randperm(max_length=6, pad=-1)(Tensor([4], ms.int32)).asnumpy()
    assert out.dtype == np.int32 and sorted(out[:4].tolist()) == [0, 1, 2, 3]
    assert out[4:].tolist() == [-1, -1]
    draws = {tuple(ops.Randperm(max_length=5)(Tensor([5], ms.int32)).asnumpy()) for _ in range(8)}
    assert len(draws) > 1  # fresh numbers each call
    assert ops.Randperm(max_length=3, dtype=ms.int64)(Tensor([3], ms.int32)).dtype == ms.int64
    with pytest.raises(ValueError, match="'n' must be less than or equal to 'max_length'"):
        ops.Randperm(max_length=2)(Tensor([3], ms.int32))


def test_im2col_and_masked_scatter_under_jit():
    x = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
    eager = ops.Im2Col(ksizes=2, strides=2)(x)
    np.testing.assert_array_equal(ms.jit(ops.Im2Col(ksizes=2, strides=2))(x).asnumpy(),
                                  eager.asnumpy())
    mask = Tensor(np.array([[True, False], [False, True]]))
    out = ms.jit(lambda a, m, u: ops.MaskedScatter()(a, m, u))(
        Tensor(np.zeros((2, 2), np.float32)), mask, Tensor(np.array([7., 8.], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [[7., 0.], [0., 8.]])


def test_multiprocessing_names_are_pythons_but_process_and_pool():
    import multiprocessing

    import msjax.multiprocessing as msmp
    assert msmp.set_start_method == multiprocessing.set_start_method
    assert msmp.get_context is multiprocessing.get_context or (
        msmp.get_context == multiprocessing.get_context)
    assert issubclass(msmp.Process, multiprocessing.Process) and msmp.Process is not (
        multiprocessing.Process)
    assert issubclass(msmp.Pool, multiprocessing.pool.Pool)
