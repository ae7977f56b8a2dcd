"""The generated in-place Primitives (ops.auto_generate.Inplace*), PReLUGrad, Assign with a
Python number, common.file_system.FileSystem, CellDict's checks and the HalfNormal/StudentT
distributions: values and errors. One `label -> result` line per case
(tests/ops/test_gen7a_ops_nn.py)."""
import os
import tempfile

import numpy as np

import mindspore as ms
import mindspore.nn as nn
import mindspore.nn.probability.distribution as msd
from mindspore import Parameter, Tensor, ops
from mindspore.common.file_system import FileSystem
from mindspore.ops.auto_generate import gen_ops_prim as G


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 3).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    print(f"{label} -> {result}")


def inplace(op, *args):
    x = Tensor(np.array([1., -2., 3., 4.], np.float32))
    out = op()(x, *args)
    return out, x


ones = Tensor(np.ones(4, np.float32))
case("InplaceAddExt", lambda: inplace(G.InplaceAddExt, ones, 2))
case("InplaceAddExt default alpha", lambda: inplace(G.InplaceAddExt, ones))
case("InplaceAddsExt", lambda: inplace(G.InplaceAddsExt, 1.5, 2))
case("InplaceSubExt", lambda: inplace(G.InplaceSubExt, ones, 3))
case("InplaceSubScalar", lambda: inplace(G.InplaceSubScalar, 1.0))
case("InplaceMul", lambda: inplace(G.InplaceMul, ones * 3))
case("InplaceMuls", lambda: inplace(G.InplaceMuls, 0.5))
case("InplaceDiv", lambda: inplace(G.InplaceDiv, ones * 2))
case("InplaceDivs", lambda: inplace(G.InplaceDivs, 4.0))
case("InplaceDivMods floor", lambda: inplace(G.InplaceDivMods, 3.0, "floor"))
case("InplaceFillScalar", lambda: inplace(G.InplaceFillScalar, 7.0))
case("InplaceFillTensor", lambda: inplace(G.InplaceFillTensor, Tensor(np.float32(5.0))))
case("InplaceClampScalar", lambda: inplace(G.InplaceClampScalar, 0.0, 3.0))
case("InplaceZero", lambda: inplace(G.InplaceZero))
case("InplaceCopy", lambda: inplace(G.InplaceCopy, ones * 9))
case("InplaceIndexAddExt", lambda: inplace(G.InplaceIndexAddExt, 0, Tensor(np.array([0, 2])),
                                           Tensor(np.ones(2, np.float32)), 3))
case("InplaceScatterSrc", lambda: inplace(G.InplaceScatterSrc, 0, Tensor(np.array([3, 0])),
                                          Tensor(np.array([10., 20.], np.float32))))
case("PReLUGrad 2-D", lambda: G.PReLUGrad()(Tensor(np.ones((3, 2), np.float32)),
                                            Tensor(np.arange(-6, 0).reshape(3, 2).astype(np.float32)),
                                            Tensor(np.array([0.1, 0.6], np.float32))))
case("PReLUGrad 3-D", lambda: G.PReLUGrad()(
    Tensor(np.array([[[-0.6, -0.5], [-2.4, -1.8], [0.6, 0.3]], [[0., 1.], [2., 3.], [4., 5.]]], np.float32)),
    Tensor(np.arange(-5, 7).reshape((2, 3, 2)).astype(np.float32)),
    Tensor(np.array([0.1, 0.6, -0.3], np.float32))))


class AssignNet(nn.Cell):
    def construct(self, x, y):
        ops.Assign()(y, 2)
        ops.AssignAdd()(x, y)
        return x, y


case("Assign int32 Tensor a Python int", lambda: AssignNet()(Tensor(2, ms.float32), Tensor(3, ms.int32)))
case("Assign int32 Parameter a Python int", lambda: ops.Assign()(Parameter(Tensor(3, ms.int32), name="p"), 5))
fs = FileSystem()
case("FileSystem", lambda: (fs.backend, fs.create_args, fs.open_args, fs.open is open, fs.create is open))


def append_and_read():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "f.bin")
        with fs.create(path, *fs.create_args) as f:
            f.write(b"ab")
        with fs.create(path, *fs.create_args) as f:
            f.write(b"cd")
        with fs.open(path, *fs.open_args) as f:
            return f.read()


case("FileSystem append then read", append_and_read)


def cell_dict_set(key, cell):
    cells = nn.CellDict({"relu": nn.ReLU()})
    cells[key] = cell
    return list(cells.keys())


case("CellDict set", lambda: cell_dict_set("dense", nn.Dense(2, 2)))
case("CellDict int key", lambda: cell_dict_set(1, nn.ReLU()))
case("CellDict key training", lambda: cell_dict_set("training", nn.ReLU()))
case("CellDict key with dot", lambda: cell_dict_set(".conv", nn.ReLU()))
case("CellDict empty key", lambda: cell_dict_set("", nn.ReLU()))
case("CellDict None cell", lambda: cell_dict_set("a", None))
case("CellDict non-Cell", lambda: cell_dict_set("a", 3))
case("CellDict CellList cell", lambda: cell_dict_set("a", nn.CellList([nn.ReLU()])))
case("CellDict SequentialCell cell", lambda: cell_dict_set("a", nn.SequentialCell([nn.ReLU()])))
case("CellDict update 3-tuple", lambda: nn.CellDict().update([("a", nn.ReLU(), 1)]))
case("CellDict update non-iterable element", lambda: nn.CellDict().update([3]))
case("CellDict update non-iterable", lambda: nn.CellDict().update(3))
case("CellDict update pairs", lambda: list(nn.CellDict([("a", nn.ReLU()), ("b", nn.Tanh())]).keys()))
case("CellList extend CellDict", lambda: nn.CellList([nn.CellDict({"a": nn.ReLU()})]))

half = msd.HalfNormal(np.array([0.0, 0.5], np.float32), np.array([1.5, 2.0], np.float32))
values = Tensor(np.array([0.3, -2.0], np.float32))
case("HalfNormal log_prob", lambda: half.log_prob(values))
case("HalfNormal prob", lambda: half.prob(values))
case("HalfNormal log_prob given params", lambda: msd.HalfNormal().log_prob(
    values, Tensor(np.float32(0.0)), Tensor(np.float32(2.0))))
case("HalfNormal repr", lambda: repr(half))
case("HalfNormal cdf", lambda: half.cdf(values))
case("HalfNormal log_survival", lambda: half.log_survival(values))
case("HalfNormal sample", lambda: half.sample())
case("HalfNormal sd <= 0", lambda: msd.HalfNormal(0.0, -1.0))
student = msd.StudentT(np.array([3.0, 10.0], np.float32), np.array([0.0, 1.0], np.float32),
                       np.array([1.0, 2.0], np.float32))
case("StudentT log_prob", lambda: student.log_prob(Tensor(np.array([0.5, -1.0], np.float32))))
case("StudentT prob", lambda: student.prob(Tensor(np.array([0.5, -1.0], np.float32))))
case("StudentT repr", lambda: repr(student))
case("StudentT mean", lambda: student.mean())
case("StudentT df <= 0", lambda: msd.StudentT(-1.0, 0.0, 1.0))
case("StudentT sd <= 0", lambda: msd.StudentT(1.0, 0.0, 0.0))
coo = ms.COOTensor(Tensor([[0, 1], [1, 2]]), Tensor([1, 2], dtype=ms.float32), (3, 4))
case("DType of a COOTensor", lambda: ops.DType()(coo))
case("DType of a CSRTensor", lambda: ops.DType()(ms.CSRTensor(Tensor([0, 1, 2]), Tensor([0, 1]),
                                                              Tensor([1., 2.], ms.float16), (2, 2))))
