"""MindSpore 2.10 behaviour of the internals MindSpore's own tests and libraries import (issue
#25): the generated operators of `ops.auto_generate`, `_c_expression.typing`, `_checkparam`, the
debug-implementation registry, the gradient Primitives of `ops.operations._grad_ops` and their
1.x partners, `ScalarSummary`, and the two executors of `mindspore.common.api`; printed
`label -> RESULT` as in used_names_probe.py. tests/api/test_conformance_golden.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe1.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe1.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
import mindspore.ops.operations as P
import mindspore.ops.operations._grad_ops as G
from mindspore import _checkparam as validator
from mindspore.common import dtype as mstype
from mindspore._c_expression import typing
from mindspore.common.api import _cell_graph_executor, _pynative_executor
from mindspore.ops.auto_generate import gen_ops_def, gen_ops_prim
from mindspore.ops.vm_impl_registry import get_vm_impl_fn, vm_impl_registry


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 3)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x23 = Tensor(np.arange(6).reshape(2, 3).astype(np.float32))
# -- ops.auto_generate (MindSpore 2.10's CPU build has no kernel for many `*Ext` operators, e.g.
# OnesLikeExt, CumsumExt: those are checked against mint in tests/ops/test_generated_ops.py) ----
show("SumExt", lambda: gen_ops_prim.SumExt()(x23, 1))
show("SumExt keywords", lambda: gen_ops_prim.SumExt()(x23, dim=0, keepdim=True))
show("SumExt no input", lambda: gen_ops_prim.SumExt()())
show("SubExt alpha", lambda: gen_ops_prim.SubExt()(x23, x23, 2))
show("AddExt scalar", lambda: gen_ops_prim.AddExt()(x23, 1))
show("Ones", lambda: gen_ops_prim.Ones()((2,), ms.int32))
show("Zeros default dtype", lambda: gen_ops_prim.Zeros()((1, 2)))
show("sum_ext_op", lambda: (repr(gen_ops_prim.sum_ext_op), gen_ops_prim.sum_ext_op(x23, (0,), True)))
show("sum_ext", lambda: gen_ops_def.sum_ext(x23))
show("repr", lambda: (repr(gen_ops_prim.SumExt()), repr(gen_ops_prim.SubExt())))
show("same classes", lambda: (ops.Add is gen_ops_prim.Add, ops.Zeros is gen_ops_prim.Zeros))
# -- _c_expression.typing -----------------------------------------------------------------------
show("type_id_to_type", lambda: [typing.type_id_to_type(i) for i in (30, 34, 35, 42, 43, 44, 45, 51)])
show("type_id_to_type bad", lambda: typing.type_id_to_type(999))
show("type_to_type_id", lambda: [typing.type_to_type_id(t) for t in (ms.bool_, ms.int32, ms.float32, ms.float16)])
show("str_to_type", lambda: (typing.str_to_type("Float32"), str(typing.str_to_type("Tensor[Float32]"))))
show("kFloat32", lambda: (typing.kFloat32 is ms.float32, str(typing.kInt), str(typing.kNumber)))
show("is_subclass", lambda: (typing.is_subclass(ms.float32, ms.number), typing.is_subclass(ms.int8, ms.float_), typing.is_subclass(ms.int8, ms.int8)))
show("isinstance Float", lambda: (isinstance(ms.float32, typing.Float), isinstance(ms.int32, typing.Number)))
# -- _checkparam --------------------------------------------------------------------------------
show("check_positive_int", lambda: validator.check_positive_int(3, "n", "Prim"))
show("check_positive_int 0", lambda: validator.check_positive_int(0, "n", "Prim"))
show("check_positive_int bool", lambda: validator.check_positive_int(True, "n"))
show("check_positive_int float", lambda: validator.check_positive_int(1.5))
show("check_non_negative_int", lambda: validator.check_non_negative_int(-1, "n", "Prim"))
show("check_int GE", lambda: validator.check_int(2, 3, validator.GE, "n", "Prim"))
show("check_int_range", lambda: validator.check_int_range(5, 0, 5, validator.INC_LEFT, "n", "Prim"))
show("check_float_range", lambda: validator.check_float_range(0.5, 0.0, 1.0, validator.INC_BOTH, "p"))
show("check_float_range type", lambda: validator.check_float_range(1, 0.0, 1.0, validator.INC_BOTH, "p"))
show("check_bool", lambda: validator.check_bool(1, "flag", "Prim"))
show("check_value_type", lambda: validator.check_value_type("x", 1.0, [int, bool], "Prim"))
show("check_value_type one", lambda: validator.check_value_type("x", "s", int))
show("check_string", lambda: validator.check_string("c", ["a", "b"], "mode", "Prim"))
show("check_is_float", lambda: validator.check_is_float(1, "x"))
show("check_is_int nan", lambda: validator.check_is_int(float("nan"), "x"))
show("check_equal_int", lambda: validator.check_equal_int(1, 2, "x", "Prim"))
show("check", lambda: validator.check("x", 1, "y", 2, validator.EQ, "Prim"))
show("check_number", lambda: validator.check_number("x", 1, 2, validator.GT, "Prim"))
show("check_positive_int_sequence", lambda: validator.check_positive_int_sequence((1, 0), "dims", "Prim"))
show("check_str_by_regular", lambda: validator.check_str_by_regular("a b"))
show("check_subclass", lambda: validator.check_subclass("x", ms.int32, (ms.float16, ms.float32), "Prim"))
show("check_tensor_dtype_valid", lambda: validator.check_tensor_dtype_valid("x", mstype.TensorType(ms.int32), (ms.float32,), "Prim"))
show("check_tensor_dtype_valid ok", lambda: validator.check_tensor_dtype_valid("x", mstype.TensorType(ms.float32), (ms.float32,), "Prim"))
show("check_types_same_and_valid", lambda: validator.check_types_same_and_valid({"a": ms.float32, "b": ms.float16}, (ms.float32, ms.float16), "Prim"))
show("check_type_name", lambda: validator.check_type_name("t", ms.int32, (ms.float32,), "Prim"))
show("check_isinstance", lambda: validator.check_isinstance("x", 1, str))
# -- vm_impl_registry ---------------------------------------------------------------------------


@vm_impl_registry.register(P.Neg)
def _neg_impl(prim):
    return lambda v: -v


@vm_impl_registry.register("MyOp")
def _my_impl(prim):
    return lambda v: v * 10


show("get_vm_impl_fn prim", lambda: get_vm_impl_fn(P.Neg())(3))
show("get_vm_impl_fn name", lambda: (get_vm_impl_fn("MyOp")(2), get_vm_impl_fn("Neg")(4)))
show("get_vm_impl_fn missing", lambda: get_vm_impl_fn(P.Abs()))
# -- gradient Primitives and their 1.x partners ---------------------------------------------------
x = Tensor(np.arange(32).reshape(1, 2, 4, 4).astype(np.float32) % 7 - 3)
dy4 = Tensor(np.arange(8).reshape(1, 2, 2, 2).astype(np.float32))
show("ReluGrad", lambda: G.ReluGrad()(Tensor(np.array([1., 2, 3], np.float32)), Tensor(np.array([-1., 0, 2], np.float32))))
show("ReLU6Grad", lambda: G.ReLU6Grad()(Tensor(np.array([1., 2, 3], np.float32)), Tensor(np.array([-1., 3, 7], np.float32))))
show("BiasAddGrad", lambda: G.BiasAddGrad()(x))
show("BiasAddGrad NHWC", lambda: G.BiasAddGrad("NHWC")(x))
show("FlattenGrad", lambda: G.FlattenGrad()(Tensor(np.arange(6).astype(np.float32).reshape(2, 3)), (2, 1, 3)))
show("ConcatOffset", lambda: G.ConcatOffset(3, 1)((Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 2), np.float32)), Tensor(np.ones((2, 4), np.float32)))))
out = P.MaxPool(2, 2)(x)
show("MaxPoolGrad", lambda: G.MaxPoolGrad(2, 2)(x, out, dy4))
show("MaxPoolWithArgmax", lambda: P.MaxPoolWithArgmax(2, 2)(x))
ma = P.MaxPoolWithArgmax(2, 2)(x)
show("MaxPoolGradWithArgmax", lambda: G.MaxPoolGradWithArgmax(2, 2)(x, dy4, ma[1]))
show("AvgPoolGrad", lambda: G.AvgPoolGrad(2, 2)(x, P.AvgPool(2, 2)(x), dy4))
show("AvgPoolGrad same", lambda: G.AvgPoolGrad(3, 2, "SAME")(x, P.AvgPool(3, 2, "SAME")(x), dy4))
dconv = Tensor(np.arange(27).reshape(1, 3, 3, 3).astype(np.float32))
show("Conv2DBackpropFilter", lambda: G.Conv2DBackpropFilter(3, 2)(dconv, x, (3, 2, 2, 2)))
scale = Tensor(np.array([1., 2.], np.float32))
bias = Tensor(np.array([0.1, 0.2], np.float32))
show("BatchNorm infer", lambda: P.BatchNorm()(x, scale, bias, Tensor(np.array([0.5, -0.5], np.float32)), Tensor(np.array([2., 3.], np.float32))))
running_mean = Tensor(np.array([0.5, -0.5], np.float32))
running_var = Tensor(np.array([2., 3.], np.float32))
show("BatchNorm train", lambda: P.BatchNorm(True, momentum=0.1)(x, scale, bias, running_mean, running_var))
show("BatchNorm train updates", lambda: (running_mean, running_var))
dy = Tensor((np.arange(32).reshape(1, 2, 4, 4).astype(np.float32) % 5) - 2)
mean = Tensor(np.array([0.5, -0.5], np.float32))
var = Tensor(np.array([2., 3.], np.float32))
show("BatchNormGrad infer", lambda: G.BatchNormGrad(False)(dy, x, scale, mean, var, var))
show("BatchNormGrad train", lambda: G.BatchNormGrad(True)(dy, x, scale, mean, var, var))
img = Tensor(np.arange(16).reshape(1, 1, 4, 4).astype(np.float32))
grads = Tensor(np.arange(36).reshape(1, 1, 6, 6).astype(np.float32))
show("ResizeBilinearGrad", lambda: G.ResizeBilinearGrad()(grads, img))
show("ResizeBilinearGrad align_corners", lambda: G.ResizeBilinearGrad(True)(grads, img))
show("ResizeBilinearGrad half_pixel", lambda: G.ResizeBilinearGrad(False, True)(grads, img))
show("InvertPermutation", lambda: P.InvertPermutation()((3, 4, 0, 2, 1)))
show("InvertPermutation duplicate", lambda: P.InvertPermutation()((3, 3, 0)))
v = ms.Parameter(Tensor(np.array([1., 2.], np.float32)), name="v")
a = ms.Parameter(Tensor(np.array([0.5, 0.5], np.float32)), name="a")
show("ApplyMomentum", lambda: P.ApplyMomentum()(v, a, 0.1, Tensor(np.array([1., -1.], np.float32)), 0.9))
show("ApplyMomentum updates", lambda: (v.value(), a.value()))
show("Load", lambda: P.Load()(v, Tensor(0)))
show("reprs", lambda: (repr(G.ReluGrad()), repr(G.BiasAddGrad()), repr(G.MaxPoolGrad(2, 2)), repr(P.BatchNorm()), repr(P.ApplyMomentum()), repr(G.ConcatOffset(3, 1))))
# -- ScalarSummary ------------------------------------------------------------------------------
show("ScalarSummary", lambda: (repr(P.ScalarSummary()), P.ScalarSummary()("loss", Tensor(2.0))))
# -- the executors ------------------------------------------------------------------------------
show("sync", lambda: _pynative_executor.sync())
show("grad flags", lambda: (_pynative_executor.enable_grad(), _pynative_executor.requires_grad()))



class Dense(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, t):
        return self.dense(t)


net = Dense()
show("compile", lambda: _cell_graph_executor.compile(net, Tensor(np.ones((4, 3), np.float32)))[1])
show("compile again", lambda: _cell_graph_executor.compile(net, Tensor(np.ones((4, 3), np.float32)))[1])
show("compile new shape", lambda: _cell_graph_executor.compile(net, Tensor(np.ones((5, 3), np.float32)))[1])
show("compile bad shape", lambda: _cell_graph_executor.compile(Dense(), Tensor(np.ones((4, 5), np.float32)))[1])
