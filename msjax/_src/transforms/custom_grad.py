"""User-written gradients: a Cell's `bprop`, `mindspore._Function` (custom autograd functions),
a Python Primitive's `get_bprop` and `ops.custom_vjp`'s `defbwd`, on `jax.custom_vjp`.

`call_with_gradient(forward, backward, args, roots, rules)` runs `forward(*args)`; when anything
it reads is being differentiated, the gradient of its Tensor arguments is what `backward`
returns, not autodiff's. The Parameters the forward pass reads (those of `roots`, the Cell) are
inputs of the custom-gradient function whose gradient is zero, as MindSpore gives them; values it
assigns come out of it and are written back as every transform writes back (core/lifting.py).
`backward` runs on the backward pass with concrete values eagerly (a `print` in it shows them),
traced under `jit`. `rules` says how its result is read (`BpropRules` for bprop methods,
`_Function`'s own): MindSpore's checks and messages (tests/goldens/api/conformance_probe3.out).
"""
from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import context, lifting
from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.registry import PrimitiveWithInfer
from msjax._src.transforms.control_flow import call


def _unwrap_tree(tree):
    return jax.tree_util.tree_map(lambda t: t._data if isinstance(t, Tensor) else t, tree,
                                  is_leaf=lambda t: isinstance(t, Tensor))


def _wrap_tree(tree):
    return jax.tree_util.tree_map(lambda a: _wrap(a) if isinstance(a, jax.Array) else a, tree)


def _is_traced(x) -> bool:
    return isinstance(x, jax.core.Tracer)


def _zero_cotangent(x):
    """The cotangent of an input that gets no gradient (float0 for integer arrays)."""
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return jnp.zeros_like(x)
    return np.zeros(np.shape(x), dtype=jax.dtypes.float0)


class BpropRules:
    """How a bprop method's result is read (a Cell's `bprop`, `get_bprop`, `defbwd`): one
    gradient per argument of the forward call, as a tuple (PyNative also takes a single
    Tensor), each broadcastable to its argument's shape."""

    def __init__(self, name):
        self.name = name

    def gradients(self, result, args):
        graph = context.is_graph_mode()
        if not isinstance(result, (tuple, list)):
            if graph:
                raise TypeError(f"For bprop function, output should be a tuple, but got "
                                f"{_abstract(result)}.")
            result = (result,)
        if len(result) < len(args):
            if graph:
                raise RuntimeError(f"The output size of the 'bprop' must match the number of "
                                   f"parameters in its corresponding primal function "
                                   f"'{self.name}' : {len(result)} vs. {len(args)}.")
            raise RuntimeError(f"Grad size should lager than forward inputs, but got "
                               f"{len(result)} vs {len(args)}")
        return tuple(result[:len(args)])

    @staticmethod
    def shape_error(got, expected):
        """The error for a gradient that does not broadcast to its input (also `_Function`'s)."""
        def vector(shape):
            return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"
        return RuntimeError(f"For grad interface or custom function, grad tensor should be "
                            f"broadcast to expected shape, but got {vector(got)} vs "
                            f"{vector(expected)}")


def _abstract(value) -> str:
    """How MindSpore's graph compiler names a value's abstract type in its messages."""
    if isinstance(value, Tensor):
        shape = ", ".join(str(d) for d in value.shape)
        return (f"AbstractTensor(shape: ({shape}), element: AbstractScalar(Type: {value.dtype}, "
                f"Value: ValueAny, Shape: NoShape))")
    return f"AbstractScalar(Type: {type(value).__name__}, Value: {value!r})"


def fit_gradient(grad, like, rules):
    """`grad` (an array or number) as the cotangent of the array `like`: cast to its dtype and
    summed over broadcast axes down to its shape (MindSpore's auto-reduce)."""
    g = jnp.asarray(grad)
    if g.shape != like.shape:
        try:
            np.broadcast_shapes(g.shape, like.shape)
            broadcast_ok = np.broadcast_shapes(g.shape, like.shape) == tuple(g.shape)
        except ValueError:
            broadcast_ok = False
        if not broadcast_ok:
            raise rules.shape_error(g.shape, like.shape)
        extra = g.ndim - like.ndim
        g = jnp.sum(g, axis=tuple(range(extra))) if extra > 0 else g
        axes = tuple(i for i, (a, b) in enumerate(zip(g.shape, like.shape)) if a != b)
        g = jnp.sum(g, axis=axes, keepdims=True) if axes else g
    if not jnp.issubdtype(like.dtype, jnp.inexact):
        return _zero_cotangent(like)
    return g.astype(like.dtype)


def _new_boxes(out, args):
    """`out` with each of `args` it returns as a new Tensor of the same value."""
    inputs = {id(a) for a in args if isinstance(a, Tensor)}
    if not inputs:
        return out
    return jax.tree_util.tree_map(
        lambda t: _wrap(t._data) if isinstance(t, Tensor) and id(t) in inputs else t, out,
        is_leaf=lambda t: isinstance(t, Tensor))


def call_with_gradient(forward, backward, args, roots=(), rules=None, new_outputs=False):
    """`forward(*args)`, differentiated through `backward(*args, out, dout)` (see the module
    doc). `backward` returns the arguments' gradients in their order (`rules.gradients`)."""
    lifted_forward, lifted = lifting.lift(forward, roots=roots)
    box_values = lifted.values()
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    arrays = [args[i]._data for i in positions]
    if not any(_is_traced(v) for v in arrays + list(box_values)):
        # nothing is differentiated here: the forward pass as it is (a Cell recorded for a
        # gradient, `new_outputs`, returns new Tensors as MindSpore's custom function does)
        out = forward(*args)
        return _new_boxes(out, args) if new_outputs else out
    if tracing_depth():  # compiled: the bprop's own graph-mode code (print shows values, ...)
        backward = call(backward)
    lifted_backward, _ = lifting.lift(backward, roots=roots)

    def rebuild(values):
        call_args = list(args)
        for i, v in zip(positions, values):
            call_args[i] = _wrap(v)
        return call_args

    free_written = []

    def primal(values, inputs):
        record = lifted_forward(values, *rebuild(inputs))
        free_written[:] = record.free_written()
        return (_unwrap_tree(record.result), record.finals,
                [value for _, value in record.free_written()])

    def fwd(values, inputs):
        out = primal(values, inputs)
        return out, (values, inputs, out[0])

    def bwd(saved, cotangents):
        values, inputs, out = saved
        call_args = rebuild(inputs)
        record = lifted_backward(values, *call_args, _wrap_tree(out),
                                 _wrap_tree(cotangents[0]))
        grads = rules.gradients(record.result, args)
        input_grads = []
        for i, x in zip(positions, inputs):
            g = grads[i]
            if g is None:
                input_grads.append(_zero_cotangent(x))
            else:
                input_grads.append(fit_gradient(_unwrap_tree(g), x, rules))
        return [_zero_cotangent(v) for v in values], input_grads

    function = jax.custom_vjp(primal)
    function.defvjp(fwd, bwd)
    out, finals, stray_values = function(list(box_values), arrays)
    lifted.write_back(finals, inputs=box_values)
    lifting.write_back([box for box, _ in free_written], stray_values)
    return _wrap_tree(out)


# -- ops.function.grad.grad_func.custom_vjp ----------------------------------------------------
class CustomVjp:
    """A function made by `custom_vjp(fn)`: called, it runs `fn`; once `defbwd(bprop)` gave it
    a backward function, its gradient is `bprop(*args, out, dout)` (the arguments' gradients,
    as a Cell's `bprop` returns them), not `fn`'s own."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.bprop = None

    def defbwd(self, bprop):
        """Use `bprop(*args, out, dout)` as the function's backward pass; returns `bprop`."""
        if not callable(bprop):
            raise TypeError(f"For 'custom_vjp', the bprop must be callable, but got "
                            f"{type(bprop).__name__}.")
        self.bprop = bprop
        return bprop

    def __call__(self, *args):
        if self.bprop is None:
            return self.fn(*args)
        return call_with_gradient(self.fn, self.bprop, args,
                                  rules=BpropRules(f"{getattr(self.fn, '__name__', 'fn')}()"))


def custom_vjp(fn=None):
    """`mindspore.ops.function.grad.grad_func.custom_vjp(fn)`: `fn` with a backward pass of
    one's own, given by `defbwd` (`CustomVjp`); usable as `@custom_vjp`."""
    if fn is None:
        return CustomVjp
    return CustomVjp(fn)


# -- ops.Morph -----------------------------------------------------------------------------------
class Morph(PrimitiveWithInfer):
    """`mindspore.ops.Morph(fn, infer_shape, infer_dtype, bprop_fn=None)`: a Primitive whose
    call, in compiled code (GRAPH_MODE, `jit`), is `fn`'s call, differentiated through `fn` or,
    given `bprop_fn(*args, out, dout)`, through it. Called eagerly it is MindSpore's
    RuntimeError. `infer_shape`/`infer_dtype` are kept and called only by `infer_*` (msjax
    learns shapes and dtypes by tracing `fn`)."""

    def __init__(self, fn, infer_shape, infer_dtype, bprop_fn=None):
        super().__init__("Morph")
        for name in ("side_effect_backprop", "side_effect_mem", "side_effect_io",
                     "__metamorphosis__"):
            self.add_prim_attr(name, True)
        self._infer_shape, self._infer_dtype = infer_shape, infer_dtype
        self.__morph_fn__ = fn
        self.__morph_bprop_fn__ = None
        if bprop_fn:
            for param in inspect.signature(fn).parameters.values():
                if not (param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
                        and param.default is inspect.Parameter.empty):
                    raise ValueError(
                        "When use `bprop` in Morph, Morph `fn` only support positional or keyword "
                        f"parameters with default value is empty, but got param '{param.name}' "
                        f"of kind '{param.kind.name}' with default value '{param.default}'.")
            self.__morph_bprop_fn__ = bprop_fn

    def infer_shape(self, *args):
        return self._infer_shape(*args)

    def infer_dtype(self, *args):
        return self._infer_dtype(*args)

    def __call__(self, *args, **kwargs):
        if not tracing_depth():  # MindSpore's Python `__call__(self, *args)`, run eagerly
            if kwargs:
                raise TypeError("Morph.__call__() got an unexpected keyword argument "
                                f"'{next(iter(kwargs))}'")
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        fn = call(self.__morph_fn__)  # graph-mode code: its control flow converted
        if self.__morph_bprop_fn__ is None:
            return fn(*args, **kwargs)
        bound = inspect.signature(self.__morph_fn__).bind(*args, **kwargs)
        return call_with_gradient(fn, self.__morph_bprop_fn__, tuple(bound.args),
                                  rules=BpropRules("Morph"))


# -- mindspore._Function -------------------------------------------------------------------------
class _Function:
    """`mindspore._Function`: a custom autograd function, as PyTorch's `autograd.Function`.

    A subclass defines `forward(ctx, *args)` and `backward(ctx, *grad_outputs)` (static methods;
    or `forward(*args)` with `setup_context(ctx, inputs, output)`); `Cls.apply(*args)` runs the
    forward pass, and a gradient taken through it is what `backward` returns, one per input
    (None for an input that gets none). `ctx` is an instance of the class: `save_for_backward`,
    `saved_tensors`, `needs_input_grad`, `mark_non_differentiable` (those outputs pass no
    gradient), `set_materialize_grads(False)` (an output without a gradient gives `backward`
    None instead of zeros) and attributes of its own. Gradients are cast to their input's dtype
    and summed down to its shape. Checks and messages are MindSpore 2.10's.
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("backward function should be customized.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @classmethod
    def apply(cls, *args, **kwargs):
        return _apply_function(cls, args, kwargs)

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


def _run_forward(cls, ctx, args, kwargs):
    if cls.setup_context is not _Function.setup_context:
        output = cls.forward(*args, **kwargs)
        cls.setup_context(ctx, args, output)
        return output
    return cls.forward(ctx, *args, **kwargs)


def _function_gradients(cls, result, args):
    if not isinstance(result, (tuple, list)):
        result = (result,)
    if len(result) != len(args):
        raise RuntimeError(f"Function backward return a wrong number of gradients, expect: "
                           f"{len(args)}but: {len(result)}")
    for i, (g, a) in enumerate(zip(result, args)):
        if not isinstance(a, Tensor) and g is not None:
            raise RuntimeError(f"Input is not tensor, but gradient is not none, position: {i} "
                               f"type: {type(g)}")
        if g is not None and not isinstance(g, Tensor):
            raise RuntimeError(f"Gradient should be none or tensor, position: {i} type: "
                               f"{type(g)}")
    return result


def _apply_function(cls, args, kwargs):
    ctx = cls.__new__(cls)
    ctx.materialize_grads, ctx.non_differentiable = True, ()
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    arrays = [args[i]._data for i in positions]
    traced = {i for i, a in zip(positions, arrays) if _is_traced(a)}
    ctx.needs_input_grad = tuple(i in traced for i in range(len(args)))
    if not traced:
        return _run_forward(cls, ctx, args, kwargs)
    structure = {}

    def rebuild(values):
        call_args = list(args)
        for i, v in zip(positions, values):
            call_args[i] = _wrap(v)
        return call_args

    def primal(inputs):
        output = _run_forward(cls, ctx, rebuild(inputs), kwargs)
        leaves, tree = jax.tree_util.tree_flatten(output, is_leaf=lambda t: isinstance(t, Tensor))
        kinds = [isinstance(leaf, Tensor) for leaf in leaves]
        non_diff = {id(t) for t in ctx.non_differentiable}
        structure.update(tree=tree, leaves=leaves, kinds=kinds,
                         non_diff=[id(leaf) in non_diff for leaf in leaves])
        return [leaf._data for leaf, is_tensor in zip(leaves, kinds) if is_tensor]

    def fwd(inputs):
        values = [p.value for p in inputs]
        out = primal(values)
        saved = [t._data for t in getattr(ctx, "saved_tensors", ())]
        return out, (values, saved)

    def bwd(residuals, cotangents):
        values, saved = residuals
        for tensor, array in zip(getattr(ctx, "saved_tensors", ()), saved):
            tensor._data = array  # the values of this pass (the same objects: attributes kept)
        grads_out, arrays_out = [], iter(cotangents)
        for leaf, is_tensor, non_diff in zip(structure["leaves"], structure["kinds"],
                                             structure["non_diff"]):
            if not is_tensor:
                grads_out.append(None)
                continue
            ct = next(arrays_out)
            zero = isinstance(ct, jax.custom_derivatives.SymbolicZero) or non_diff
            if zero and not ctx.materialize_grads:
                grads_out.append(None)
            elif zero:
                grads_out.append(_wrap(jnp.zeros(leaf.shape, leaf._data.dtype)))
            else:
                grads_out.append(_wrap(ct))
        result = _function_gradients(cls, cls.backward(ctx, *grads_out), args)
        grads = []
        for i, x in zip(positions, values):
            g = result[i]
            grads.append(_zero_cotangent(x) if g is None or not ctx.needs_input_grad[i]
                         else fit_gradient(g._data, x, BpropRules))
        return (grads,)

    function = jax.custom_vjp(primal)
    function.defvjp(fwd, bwd, symbolic_zeros=True)
    out_arrays = iter(function(arrays))
    leaves = [_wrap(next(out_arrays)) if is_tensor else leaf
              for leaf, is_tensor in zip(structure["leaves"], structure["kinds"])]
    return jax.tree_util.tree_unflatten(structure["tree"], leaves)
