"""`ops.auto_generate`'s pyboost_inner_prim instances (`argmax_with_value_impl(input, axis,
keep_dims)`: the generated Primitive's inputs, then its constructor's arguments), generated
Primitives with constructor arguments (`StackExt(dim)`) and the random ones taking a generator's
(seed, offset): values and errors. One `label -> result` line per case
(tests/api/test_generated_inner.py). MindSpore 2.10's CPU build lacks the kernels of some (their
lines say "unregistered"); the test checks those against the public function they are."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from mindspore.ops.auto_generate import gen_ops_prim as G
from mindspore.ops.auto_generate import pyboost_inner_prim as P


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    print(f"{label} -> {result}", flush=True)


X = Tensor(np.array([[1., -3., 2.], [0.5, 4., -1.]], np.float32))
case("argmax_with_value_impl", lambda: P.argmax_with_value_impl(X, 1, False))
case("argmax_with_value_impl keep", lambda: P.argmax_with_value_impl(X, 0, True))
case("argmin_with_value_impl", lambda: P.argmin_with_value_impl(X, 1, True))
case("concat_impl", lambda: P.concat_impl([X, X], 1))
case("isclose_impl", lambda: P.isclose_impl(X, X + 1e-6, 1e-5, 1e-8, False))
case("reduce_all_impl", lambda: P.reduce_all_impl(X > 0, (1,), False))
case("reduce_any_impl", lambda: P.reduce_any_impl(X > 3, (), True))
case("reduce_max_impl", lambda: P.reduce_max_impl(X, (0,), False))
case("reverse_v2_impl", lambda: P.reverse_v2_impl(X, (1,)))
case("softmax_impl", lambda: P.softmax_impl(X, (-1,)))
case("squeeze_impl", lambda: P.squeeze_impl(X.reshape(1, 2, 3), (0,)))
case("cross_impl", lambda: P.cross_impl(X, X[::-1], 1))
case("triu_impl", lambda: P.triu_impl(X, 1))
case("glu_impl", lambda: P.glu_impl(Tensor(np.array([[1., 2., 3., 4.]], np.float32)), -1))
case("meshgrid_impl", lambda: P.meshgrid_impl([Tensor([1, 2]), Tensor([3, 4, 5])], "ij"))
case("bce_with_logits_impl", lambda: P.binary_cross_entropy_with_logits_impl(
    X, Tensor(np.array([[1., 0., 1.], [0., 1., 0.]], np.float32)), None, None, "mean"))
case("nllloss_impl", lambda: P.nllloss_impl(
    Tensor(np.log(np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32))),
    Tensor(np.array([2, 0], np.int32)), Tensor(np.ones(3, np.float32)), "mean", -100))
case("unique_consecutive_impl", lambda: P.unique_consecutive_impl(
    Tensor(np.array([1, 1, 2, 2, 3, 1], np.int64)), True, True, None))
case("grid_sampler_2d_impl", lambda: P.grid_sampler_2d_impl(
    Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)),
    Tensor(np.array([[[[-0.5, -0.5], [0.5, 0.25]]]], np.float32)), "bilinear", "zeros", False))
case("matmul_ext_op", lambda: G.matmul_ext_op(X, X.T))
case("argmax_with_value_impl missing", lambda: P.argmax_with_value_impl(X, 1))
case("Cummax", lambda: P.cummax_impl(X, 1))
s, o = Tensor(5, ms.int64), Tensor(0, ms.int64)
case("randint_op shape", lambda: G.randint_op(0, 5, (2, 3), s, o).shape)
# The kernels MindSpore 2.10 has for Ascend only come last: a failed kernel is reported late.
case("roll_impl", lambda: P.roll_impl(X, (1,), (1,)))
case("stack_ext_impl", lambda: P.stack_ext_impl([X, X], 1))
case("StackExt(dim)", lambda: G.StackExt(1)([X, X]))
case("elu_ext_impl", lambda: P.elu_ext_impl(X, 1.0))
case("rms_norm_impl", lambda: P.rms_norm_impl(X, Tensor(np.ones(3, np.float32)), 1e-6))
