"""ops.Print, ops.Custom, ops.HookBackward, ops.FloatStatus beyond the MindSpore goldens: under
jit and vmap, msjax's own Custom form (func_type="jax"), and the errors. Expected values come
from NumPy (MindSpore's CPU build has no FloatStatus kernel; "jax" kernels are msjax's own)."""
import re

import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax.ops import operations as P

X = Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def test_print_prints_each_input_on_a_line_eagerly_and_compiled(capfd):
    ops.Print()("x:", X, 3)
    out = capfd.readouterr().out
    assert out == ("x:\nTensor(shape=[3], dtype=Float32, value= [ 1.00000000e+00,  "
                   "2.00000000e+00,  3.00000000e+00])\n3\n")

    @ms.jit
    def show(t):
        ops.Print()("inside", t * 2)
        return t + 1

    np.testing.assert_allclose(show(X).asnumpy(), [2.0, 3.0, 4.0])
    # compiled: the text MindSpore's Print kernel writes (tests/ops/test_print_graph_format.py)
    assert capfd.readouterr().out == ("inside\nTensor(shape=[3], dtype=Float32, value="
                                      "[ 2.00000000e+00  4.00000000e+00  6.00000000e+00])\n")
    assert repr(ops.Print()) == "Prim[Print]<side_effect_io=True>"


@pytest.mark.parametrize("values, expected", [([1.0, 2.0], 0.0), ([1.0, np.inf], 1.0),
                                              ([np.nan, 1.0], 1.0), ([-np.inf, 0.0], 1.0)])
def test_float_status(values, expected):
    out = ops.FloatStatus()(Tensor(np.array(values, np.float32)))
    assert out.shape == (1,) and out.dtype == ms.float32
    assert out.asnumpy().tolist() == [expected]
    jitted = ms.jit(lambda t: ops.FloatStatus()(t))(Tensor(np.array(values, np.float32)))
    assert jitted.asnumpy().tolist() == [expected]


def test_custom_jax_kernel_is_compiled_and_differentiable():
    square = ops.Custom(lambda a: a * a, func_type="jax")
    np.testing.assert_allclose(square(X).asnumpy(), [1.0, 4.0, 9.0])
    np.testing.assert_allclose(ms.grad(lambda a: square(a).sum())(X).asnumpy(), [2.0, 4.0, 6.0])
    batched = ms.vmap(lambda t: square(t))(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
    np.testing.assert_allclose(batched.asnumpy(), np.arange(6).reshape(2, 3) ** 2)
    assert repr(square) == "Prim[Custom]<func_name=<lambda>, func_type=jax>"


def test_custom_pyfunc_under_vmap_runs_on_host_arrays():
    seen = []

    def host_add_one(a):
        seen.append(type(a))
        return a + 1

    add_one = ops.Custom(host_add_one, out_shape=lambda s: s, out_dtype=lambda d: d)
    out = ms.vmap(lambda t: add_one(t))(Tensor(np.zeros((2, 3), np.float32)))
    np.testing.assert_allclose(out.asnumpy(), np.ones((2, 3)))
    assert seen and all(t is np.ndarray for t in seen)


def test_custom_refuses_kernel_languages_of_mindspores_back_ends():
    for func_type in ("aot", "akg", "tbe", "aicpu", "hybrid", "julia"):
        with pytest.raises(ValueError, match=f"func_type '{func_type}' compiles a kernel for "
                           "MindSpore's own Ascend/GPU/CPU back ends"):
            ops.Custom("kernel.so:add", out_shape=(3,), out_dtype=ms.float32,
                       func_type=func_type)
    with pytest.raises(ValueError, match="'out_shape' and 'out_dtype' must be given"):
        ops.Custom(lambda a: a)
    with pytest.raises(TypeError, match="'func' must be a function"):
        ops.Custom("add.py:add", out_shape=(3,), out_dtype=ms.float32)
    with pytest.raises(ValueError, match="func_type must be 'pyfunc' or 'jax'"):
        ops.Custom(lambda a: a, func_type="cuda")


def test_hook_backward_under_jit_and_vmap_sees_tensors():
    seen = []
    hook = ops.HookBackward(lambda grads: seen.append(
        (type(grads[0]).__name__, grads[0].asnumpy().tolist())))
    grad = ms.jit(ms.grad(lambda a: (hook(a) * 3).sum()))(X)
    np.testing.assert_allclose(grad.asnumpy(), [3.0, 3.0, 3.0])
    assert seen == [("Tensor", [3.0, 3.0, 3.0])]
    batched = ms.vmap(ms.grad(lambda a: (hook(a) * a).sum()))(
        Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)))
    np.testing.assert_allclose(batched.asnumpy(), [[2.0, 4.0], [6.0, 8.0]])
    with pytest.raises(TypeError, match="'hook_fn' must be a function"):
        ops.HookBackward(3)


def test_dtype_refuses_what_is_not_a_tensor():
    assert ops.DType()(Tensor(jnp.zeros(2, jnp.int8))) == ms.int8
    with pytest.raises(TypeError, match=re.escape(  # MindSpore's message (ut18_value_checks_probe)
            "For Primitive[Dtype], the input argument[input_x] must be a Tensor, CSRTensor or "
            "COOTensor, but got <class 'list'>.")):
        ops.DType()([1, 2])


def test_make_range_and_tuple_len_check_their_inputs():
    with pytest.raises(TypeError, match="For 'make_range'"):
        ops.make_range(1.5)
    with pytest.raises(TypeError, match="For 'tuple_len'"):
        ops.tuple_len(3)


@pytest.mark.parametrize("cls", [P.NPUAllocFloatStatus, P.NPUClearFloatStatus,
                                 P.NPUGetFloatStatus, ops.NPUAllocFloatStatus,
                                 ops.NPUClearFloatStatus, ops.NPUGetFloatStatus])
def test_npu_float_status_registers_are_ascend_only(cls):
    """MindSpore's CPU build refuses them too (RuntimeError); msjax's error says what to do."""
    name = cls.__name__
    primitive = cls()
    assert repr(primitive) == f"Prim[{name}]"
    with pytest.raises(RuntimeError, match=r"exist only on Ascend.*ops\.isfinite\(x\)\.all\(\)"):
        primitive(Tensor(np.zeros(8, np.float32))) if name != "NPUAllocFloatStatus" else primitive()


def test_no_grad_context_refuses_gradients_inside():
    with ms._no_grad():
        with pytest.raises(RuntimeError, match="In no_grad context, you can not calculate "
                           "gradient"):
            ms.grad(lambda a: (a * a).sum())(X)
    np.testing.assert_allclose(ms.grad(lambda a: (a * a).sum())(X).asnumpy(), [2.0, 4.0, 6.0])
