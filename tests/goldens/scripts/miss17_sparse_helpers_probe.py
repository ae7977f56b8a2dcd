"""MindSpore 2.10's sparse-tensor and graph-operator helpers of mindspore.ops that its CPU build
runs: coo_tensor_get_indices/values/dense_shape, csr_tensor_get_indptr/indices/values/dense_shape,
coo_add, conv3d_transpose, augassign_add/sub/mul/div/floordiv/mod, broadcast_gradient_args and
is_tensor_bool_cond: what each returns and the errors of bad input. Golden: tests/goldens/ops/miss17_sparse_helpers_probe.out
(tests/ops/test_miss17_more_ops.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor, COOTensor, CSRTensor


def described(r):
    if isinstance(r, Tensor):
        return f"TENSOR {r.dtype} {tuple(r.shape)} {np.round(r.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(r, COOTensor):
        return (f"COO {r.shape} {r.indices.asnumpy().tolist()} {r.values.dtype} "
                f"{np.round(r.values.asnumpy().astype(np.float64), 5).tolist()}")
    return f"VALUE {type(r).__name__} {r!r}"


def show(label, fn):
    try:
        print(label, "->", described(fn()))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


coo = COOTensor(Tensor(np.array([[0, 1], [1, 2]], np.int64)),
                Tensor(np.array([1.0, 2.0], np.float32)), (2, 3))
csr = CSRTensor(Tensor(np.array([0, 1, 2], np.int32)), Tensor(np.array([1, 2], np.int32)),
                Tensor(np.array([1.0, 2.0], np.float32)), (2, 3))
show("coo_tensor_get_indices", lambda: ops.coo_tensor_get_indices(coo))
show("coo_tensor_get_values", lambda: ops.coo_tensor_get_values(coo))
show("coo_tensor_get_dense_shape", lambda: ops.coo_tensor_get_dense_shape(coo))
show("csr_tensor_get_indptr", lambda: ops.csr_tensor_get_indptr(csr))
show("csr_tensor_get_indices", lambda: ops.csr_tensor_get_indices(csr))
show("csr_tensor_get_values", lambda: ops.csr_tensor_get_values(csr))
show("csr_tensor_get_dense_shape", lambda: ops.csr_tensor_get_dense_shape(csr))
show("coo_tensor_get_values of csr", lambda: ops.coo_tensor_get_values(csr))

other = COOTensor(Tensor(np.array([[0, 1], [0, 2]], np.int64)),
                  Tensor(np.array([-1.0, 0.5], np.float32)), (2, 3))
show("coo_add", lambda: ops.coo_add(coo, other, Tensor(0.0, ms.float32)))
show("coo_add thresh", lambda: ops.coo_add(coo, other, Tensor(0.6, ms.float32)))
show("coo_add shape", lambda: ops.coo_add(coo, COOTensor(Tensor(np.array([[0, 1]], np.int64)),
                                                         Tensor(np.array([1.0], np.float32)),
                                                         (3, 3)), Tensor(0.0, ms.float32)))
show("coo_add not coo", lambda: ops.coo_add(coo, Tensor(np.ones((2, 3), np.float32)),
                                            Tensor(0.0, ms.float32)))

rng = np.random.default_rng(0)
x = Tensor(rng.standard_normal((1, 2, 3, 3, 3)).astype(np.float32))
w = Tensor(rng.standard_normal((2, 1, 2, 2, 2)).astype(np.float32))
show("conv3d_transpose", lambda: ops.conv3d_transpose(x, w))
show("conv3d_transpose stride pad", lambda: ops.conv3d_transpose(x, w, "pad", 1, 2))
show("conv3d_transpose same", lambda: ops.conv3d_transpose(x, w, "same", stride=2))
show("conv3d_transpose output_padding", lambda: ops.conv3d_transpose(
    x, w, stride=2, output_padding=1))

a, b = Tensor(np.array([7.0, -3.0], np.float32)), Tensor(np.array([2.0, 2.0], np.float32))
for name, augmented in (("add", ops.augassign_add), ("sub", ops.augassign_sub),
                        ("mul", ops.augassign_mul), ("div", ops.augassign_div),
                        ("floordiv", ops.augassign_floordiv), ("mod", ops.augassign_mod)):
    show(f"augassign_{name}", lambda: augmented(a, b))
    show(f"augassign_{name} ints", lambda: augmented(7, 2))
one, two = Tensor(np.array([7.0], np.float32)), Tensor(np.array([2.0], np.float32))
show("augassign_div one element", lambda: ops.augassign_div(one, two))
show("augassign_floordiv one element", lambda: ops.augassign_floordiv(one, two))
show("augassign_div int tensors", lambda: ops.augassign_div(Tensor(np.array([7], np.int32)),
                                                            Tensor(np.array([2], np.int32))))
show("augassign_div tensor by number", lambda: ops.augassign_div(a, 2.0))
show("augassign_add tuple", lambda: ops.augassign_add((1, 2), (3,)))
show("augassign_add str", lambda: ops.augassign_add("a", "b"))
show("broadcast_gradient_args", lambda: ops.broadcast_gradient_args((2, 3), (3,)))
show("broadcast_gradient_args ones", lambda: ops.broadcast_gradient_args((2, 1, 4), (3, 1)))
show("broadcast_gradient_args same", lambda: ops.broadcast_gradient_args((2, 3), (2, 3)))
show("is_tensor_bool_cond", lambda: ops.is_tensor_bool_cond(Tensor(True)))
show("is_tensor_bool_cond 1d", lambda: ops.is_tensor_bool_cond(Tensor(np.array([True]))))
