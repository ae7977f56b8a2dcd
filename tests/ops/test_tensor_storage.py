"""Tensor's memory and device methods (`untyped_storage`, `get_bytes`, `data_sync`, `move_to`,
`index`: ops/tensor_storage.py), `ops.view_as_real`, `ops.print_` and
`ops.functional.mixed_precision_cast` as MindSpore 2.10 has them:
tests/goldens/scripts/tensor_storage_probe.py run unchanged.

`Tensor.index` runs on Ascend only in MindSpore 2.10 ("index only supports Ascend." on its CPU);
msjax runs it everywhere, checked against NumPy's advanced indexing."""
import contextlib
import io

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from tests.golden_scripts import GOLDENS, golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/tensor_storage_probe.out")
ASCEND_ONLY = sorted(k for k, v in GOLDEN.items() if "only supports Ascend" in v)
X = np.arange(12, dtype=np.float32).reshape(3, 4)


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_storage_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(ASCEND_ONLY)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_print_prints_as_mindspore():
    """The probe's `ops.print_("a", x[0], 3)`: what MindSpore printed (the golden's text)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert ms.ops.print_("a", Tensor(X)[0], 3) is None
    expected = (GOLDENS / "ops/tensor_storage_probe_printed.txt").read_text()
    assert out.getvalue() == expected


def test_ascend_only_cases_are_the_index_ones():
    assert ASCEND_ONLY == ["index", "index two"]


INDEX_CASES = [  # (indices, what NumPy gives)
    ((Tensor([0, 2]),), X[[0, 2]]),
    ((Tensor([0, 2]), Tensor([1, 3])), X[[0, 2], [1, 3]]),
    ([Tensor([[0], [2]]), Tensor([1, 3])], X[[[0], [2]], [1, 3]]),
    ((Tensor([True, False, True]),), X[[True, False, True]]),
]


@pytest.mark.parametrize("indices, expected", INDEX_CASES)
def test_index_is_advanced_indexing(indices, expected):
    np.testing.assert_array_equal(Tensor(X).index(indices).asnumpy(), expected)


def test_index_under_jit():
    fn = ms.jit(lambda x, i: x.index((i,)))
    np.testing.assert_array_equal(fn(Tensor(X), Tensor([2, 1])).asnumpy(), X[[2, 1]])


def test_storage_copy_takes_the_source_bytes():
    a = Tensor(np.zeros(3, np.float32))
    storage = a.untyped_storage()
    assert storage.copy_(Tensor(np.array([4., 5., 6.], np.float32)).untyped_storage()) is storage
    np.testing.assert_array_equal(a.asnumpy(), [4., 5., 6.])
    a.untyped_storage().copy_(Tensor(np.array([1, 2, 3], np.int32)).untyped_storage())
    np.testing.assert_array_equal(a.asnumpy(), np.array([1, 2, 3], np.int32).view(np.float32))


def test_storage_resize_to_another_size_says_why_not():
    a = Tensor(np.ones(3, np.float32))
    assert a.untyped_storage().resize_(12) is a.untyped_storage()
    with pytest.raises(NotImplementedError, match="cannot be resized in place"):
        a.untyped_storage().resize_(0)
    np.testing.assert_array_equal(a.asnumpy(), [1., 1., 1.])


@pytest.mark.parametrize("dtype", [ms.float32, ms.float16, ms.bfloat16, ms.int8, ms.bool_])
def test_bytes_round_trip(dtype):
    t = Tensor(np.array([[1, 0], [1, 1]]), dtype)
    back = Tensor.convert_bytes_to_tensor(t.get_bytes(), (2, 2), dtype)
    assert back.dtype == dtype
    np.testing.assert_array_equal(back.asnumpy(), t.asnumpy())


def test_convert_bytes_to_tensor_checks_the_size():
    with pytest.raises(ValueError, match="4 bytes cannot hold a Tensor of shape"):
        Tensor.convert_bytes_to_tensor(b"\x00\x00\x80?", (2,), ms.float32)


def test_mixed_precision_cast_in_a_gradient():
    from msjax.ops import functional as F

    def loss(x):
        return F.mixed_precision_cast(ms.float16, x).astype(ms.float32).sum() * 3
    grad = ms.grad(loss)(Tensor(np.ones(3, np.float32)))
    np.testing.assert_array_equal(grad.asnumpy(), [3., 3., 3.])
