"""MindSpore 2.10 behaviour of mindspore.COOTensor and mindspore.CSRTensor: their parts, reprs,
to_dense, to_tuple, astype, abs, negation, their checks, and a COOTensor built in a GRAPH_MODE
Cell, printed `label -> RESULT`; tests/test_sparse_tensor.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sparse_tensor_probe.py \
        | grep -- " -> " > tests/goldens/api/sparse_tensor_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, COOTensor, CSRTensor, nn


def show(label, f):
    try:
        result = f()
        result = repr(result).replace("\n", "|")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


i32, f32 = ms.int32, ms.float32
coo = COOTensor(Tensor([[0, 1], [1, 2]], i32), Tensor([1, 2], f32), (3, 4))
csr = CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32), Tensor([1, 2], f32), (2, 4))
show("coo repr", lambda: coo)
show("coo str", lambda: str(coo))
show("coo parts", lambda: (coo.indices.asnumpy().tolist(), coo.values.asnumpy().tolist(),
                           coo.shape, coo.dtype, coo.ndim, coo.size, coo.itemsize))
show("coo to_dense", lambda: coo.to_dense())
show("coo to_tuple", lambda: coo.to_tuple())
show("coo astype", lambda: coo.astype(ms.int32))
show("coo abs", lambda: COOTensor(Tensor([[0, 1]], i32), Tensor([-1.5], f32), (2, 2)).abs())
show("coo builtin abs", lambda: abs(coo))
show("coo neg", lambda: -coo)
show("coo copy", lambda: COOTensor(coo_tensor=coo))
show("coo repeated to_dense", lambda: COOTensor(Tensor([[1, 1], [1, 1]], i32),
                                                 Tensor([1, 2], f32), (2, 2)).to_dense())
show("coo indices dim 3", lambda: COOTensor(Tensor([[0, 0, 0], [0, 0, 1]], i32),
                                             Tensor([1., 2.]), (2, 2)))
show("coo shape 3", lambda: COOTensor(Tensor([[0, 0], [0, 1]], i32), Tensor([1., 2.]), (2, 2, 2)))
show("coo float indices", lambda: COOTensor(Tensor([[0, 0], [0, 1]], f32), Tensor([1., 2.]),
                                             (2, 2)))
show("coo list indices", lambda: COOTensor([[0, 0]], Tensor([1.]), (2, 2)))
show("coo length", lambda: COOTensor(Tensor([[0, 0], [0, 1]], i32), Tensor([1., 2., 3.]), (2, 2)))
show("coo list shape", lambda: COOTensor(Tensor([[0, 0], [0, 1]], i32), Tensor([1., 2.]), [2, 2]))
show("coo 1-D indices", lambda: COOTensor(Tensor([0, 0], i32), Tensor([1., 2.]), (2, 2)))
show("csr repr", lambda: csr)
show("csr parts", lambda: (csr.indptr.asnumpy().tolist(), csr.indices.asnumpy().tolist(),
                           csr.values.asnumpy().tolist(), csr.shape, csr.dtype, csr.ndim,
                           csr.size, csr.itemsize))
show("csr to_dense", lambda: csr.to_dense())
show("csr 3-D", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32),
                                  Tensor([[1., 1.], [2., 2.]]), (2, 4, 2)))
show("csr 3-D to_dense", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32),
                                           Tensor([[1., 1.], [2., 2.]]), (2, 4, 2)).to_dense())
show("csr empty row to_dense", lambda: CSRTensor(Tensor([0, 2, 2, 3], i32), Tensor([0, 3, 1], i32),
                                                 Tensor([1., 2., 3.]), (3, 4)).to_dense())
show("csr to_tuple", lambda: csr.to_tuple())
show("csr astype", lambda: csr.astype(ms.float64))
show("csr abs", lambda: CSRTensor(Tensor([0, 1], i32), Tensor([2], i32), Tensor([-3.]),
                                  (1, 4)).abs())
show("csr copy", lambda: CSRTensor(csr_tensor=csr))
show("csr float indptr", lambda: CSRTensor(Tensor([0, 1, 2], f32), Tensor([0, 1], i32),
                                           Tensor([1., 2.]), (2, 4)))
show("csr indptr length", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32),
                                            Tensor([1., 2.]), (3, 4)))
show("csr values length", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32),
                                            Tensor([1., 2., 3.]), (2, 4)))
show("csr 1-D shape", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], i32),
                                        Tensor([1., 2.]), (2,)))
show("csr 2-D indptr", lambda: CSRTensor(Tensor([[0, 1, 2]], i32), Tensor([0, 1], i32),
                                         Tensor([1., 2.]), (2, 4)))
show("csr int64 indices", lambda: CSRTensor(Tensor([0, 1, 2], i32), Tensor([0, 1], ms.int64),
                                            Tensor([1., 2.]), (2, 4)).indices.dtype)
show("sparse not Tensor", lambda: (isinstance(coo, Tensor), isinstance(csr, Tensor)))


class MakeCOO(nn.Cell):
    def construct(self, indices, values):
        coo_tensor = COOTensor(indices, values, (3, 4))
        return coo_tensor, coo_tensor.to_dense(), isinstance(coo_tensor, COOTensor)


class MakeCSR(nn.Cell):
    def construct(self, indptr, indices, values):
        return CSRTensor(indptr, indices, values, (2, 4)).to_dense()


ms.set_context(mode=ms.GRAPH_MODE)
show("graph coo", lambda: MakeCOO()(Tensor([[0, 1], [2, 3]], i32), Tensor([5., 6.], f32)))
show("graph csr to_dense", lambda: MakeCSR()(Tensor([0, 1, 2], i32), Tensor([3, 1], i32),
                                             Tensor([5., 6.], f32)))
