"""ops.coo_concat (COOTensors joined along an axis, entries in row-major order) and its errors:
MindSpore 2.10's results. Golden: tests/goldens/api/conformance_probe27.out."""
from mindspore import COOTensor, Tensor
from mindspore.common import dtype as mstype
from mindspore.ops import functional as F


def show(label, f):
    try:
        r = f()
        print(label, "->", r.indices.dtype, r.indices.asnumpy().tolist(), r.values.dtype,
              r.values.asnumpy().tolist(), r.shape)
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


def coo(indices, values, shape, itype=mstype.int64, vtype=mstype.float32):
    return COOTensor(Tensor(indices, itype), Tensor(values, vtype), shape)


a = coo([[0, 1], [1, 2]], [1., 2.], (3, 4))
b = coo([[0, 0], [1, 1]], [3., 4.], (3, 4))
c = coo([[1, 1], [1, 2], [1, 3]], [5., 6., 7.], (3, 6))
show("axis 1", lambda: F.coo_concat((a, b), 1))
show("axis -1 three", lambda: F.coo_concat((c, b, a), -1))
show("axis 0 default", lambda: F.coo_concat((a, b, coo([[1, 1], [2, 3]], [5., 6.], (4, 4)))))
show("int32 indices int8 values", lambda: F.coo_concat(
    (coo([[0, 1]], [1], (2, 2), mstype.int32, mstype.int8), coo([[1, 0]], [2], (2, 2), mstype.int32, mstype.int8)), 1))
show("one input", lambda: F.coo_concat((a,), 1))
show("shapes differ", lambda: F.coo_concat((a, c), 0))
show("values dtypes differ", lambda: F.coo_concat((a, coo([[0, 1]], [1], (3, 4), vtype=mstype.int32)), 1))
show("axis out of range", lambda: F.coo_concat((a, b), 2))
show("axis float", lambda: F.coo_concat((a, b), -1.0))
