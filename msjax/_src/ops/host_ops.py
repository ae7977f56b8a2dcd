"""`mindspore.ops` operators that reach outside the array program: `DType`, `Print`, `constexpr`,
`Custom` (Python or JAX kernels), `HookBackward`, and the tuple helpers of `ops.functional`.

Host work inside a compiled program goes through JAX's callbacks (`jax.debug.callback` to print,
`jax.pure_callback` for a Python kernel or a gradient hook), so each runs eagerly, under `jit`
and under `grad` and sees concrete Tensors, never tracers.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.backend.interface import differentiated
from msjax._src.core import lifting, state, tensor_hooks
from msjax._src.ops.registry import PRIMITIVES, Primitive, _register, unwrap, wrap
from msjax._src.core.sparse_tensor import COOTensor, CSRTensor
from msjax._src.core.tensor import Tensor
from msjax._src.core.tensor_repr import graph_print_constant, tensor_graph_print
from msjax._src.core.type_text import type_of


def _primitive_class(cls):
    _register(PRIMITIVES, cls.__name__, cls)
    cls.__module__ = "msjax.ops"
    return cls


def _host_tensors(arrays):
    return tuple(Tensor(np.asarray(a)) for a in arrays)


# -- DType, Print ------------------------------------------------------------------------------
@_primitive_class
class DType(Primitive):
    """`mindspore.ops.DType`: `DType()(x)` is the dtype of Tensor `x` (`mindspore.float32`, ...);
    of a COOTensor or CSRTensor, its values' dtype."""

    def __init__(self):
        super().__init__("DType")

    def __call__(self, x):
        if not isinstance(x, (Tensor, COOTensor, CSRTensor)):
            raise TypeError("For Primitive[Dtype], the input argument[input_x] must be a Tensor, "
                            f"CSRTensor or COOTensor, but got {type(x)}.")
        return x.dtype


def _print_host(*values):
    print(*values, sep="\n", flush=True)


def graph_print_items(inputs):
    """The items a compiled Print (or `print`) writes, one a line: a tuple or list holding a
    Tensor (or array) is spread into its elements, as MindSpore's graph flattens it; other
    values stay whole."""
    items = []
    for x in inputs:
        if isinstance(x, (tuple, list)) and _holds_tensor(x):
            items.extend(graph_print_items(x))
        else:
            items.append(x)
    return items


def _holds_tensor(value):
    if isinstance(value, (tuple, list)):
        return any(_holds_tensor(v) for v in value)
    return isinstance(value, (Tensor, jax.Array, np.ndarray))


@_primitive_class
class Print(Primitive):
    """`mindspore.ops.Print`: prints its inputs, one per line.

    Eagerly (PyNative) a Tensor prints as its repr and other inputs as Python prints them.
    Inside a compiled program (GRAPH_MODE, `jit`) the printing happens when the program runs,
    with the concrete values, through `jax.debug.callback`, in the text MindSpore's Print kernel
    writes (core/tensor_repr.py: `tensor_graph_print`, `graph_print_constant`). Under a
    transform in PyNative (`grad`) it prints in PyNative's text when the values are there.
    """

    def __init__(self):
        super().__init__("Print")
        self.add_prim_attr("side_effect_io", True)

    def __call__(self, *inputs):
        arrays = [x._data for x in inputs if isinstance(x, Tensor)]
        graph = tensor_hooks.IN_GRAPH[0]()
        # Outside a compiled program it prints now; inside one (even with no Tensor to print:
        # `Print()("overflow")` in a branch) when the program runs, and only if that branch runs.
        if (not graph and not state.tracing_depth()
                and not any(isinstance(a, jax.core.Tracer) for a in arrays)):
            _print_host(*[repr(x) if isinstance(x, Tensor) else x for x in inputs])
            return None
        if graph:
            items = graph_print_items(inputs)
            shown = [x if isinstance(x, Tensor) else graph_print_constant(x) for x in items]
            show_tensor = lambda x, value: tensor_graph_print(np.asarray(value), str(x.dtype))
        else:
            shown = list(inputs)
            show_tensor = lambda x, value: repr(Tensor(np.asarray(value)))
        positions = [i for i, x in enumerate(shown) if isinstance(x, Tensor)]
        tensors = [shown[i] for i in positions]

        def show(*values):
            text = list(shown)
            for i, x, value in zip(positions, tensors, values):
                text[i] = show_tensor(x, value)
            _print_host(*text)

        jax.debug.callback(show, *[x._data for x in tensors], ordered=True)
        return None


def print_(*input_x):
    """`ops.print_(*input_x)`: prints its inputs, one per line, as `ops.Print()` does (inside a
    compiled function, when the program runs)."""
    return Print()(*input_x)


@_primitive_class
class Assert(Primitive):
    """`mindspore.ops.Assert(summarize=3)(condition, input_data)`: raises MindSpore's
    RuntimeError "assert failed" when `condition` (a Python bool or a Bool Tensor, all of whose
    elements count) is false; otherwise an Int32 Tensor [0]. `input_data` (a list or tuple of
    Tensors, MindSpore prints at most `summarize` elements of each on failure) is not printed.
    Inside a compiled function a Tensor condition needs its value: the call runs eagerly there
    (transforms/control_flow.py's fallback)."""

    def __init__(self, summarize=3):
        super().__init__("Assert")
        if isinstance(summarize, bool) or not isinstance(summarize, int):
            raise TypeError(f"For 'Assert', the type of 'summarize' should be 'int', but got type "
                            f"'{type(summarize).__name__}'.")
        self.summarize = summarize
        self.add_prim_attr("summarize", summarize)
        self.add_prim_attr("side_effect_io", True)

    def __call__(self, condition, input_data):
        if isinstance(condition, Tensor):
            if condition.dtype != mstype.bool_:
                raise TypeError("For 'Assert', the type of 'condition' must be in "
                                f"[mindspore.bool], but got {condition.dtype}.")
            holds = bool(np.asarray(condition._data).all())
        elif isinstance(condition, bool):
            holds = condition
        else:
            raise TypeError("For 'Assert', the type of 'condition' must be in [mindspore.bool], "
                            f"but got {type_of(condition)}.")
        if not holds:
            raise RuntimeError("assert failed")
        return Tensor(np.zeros(1, np.int32))


# -- constexpr ---------------------------------------------------------------------------------
def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """`mindspore.ops.constexpr`: marks a function of constants (shapes, dtypes, Python numbers)
    that MindSpore's graph compiler evaluates while compiling.

    msjax traces Python, so such a function simply runs on the values it gets, eagerly and while
    `jit` traces. Inside a compiled function, an argument that is a function or a Cell (which
    MindSpore's graph holds as a graph, not a constant) reaches it as None, as in MindSpore. As
    in MindSpore the result is a Primitive instance (`get_instance=True`) or its class, and the
    decorator may be used with or without arguments.
    """
    def decorate(function):
        def __call__(self, *args):
            if state.tracing_depth():
                args = tuple(None if inspect.isroutine(a) or lifting.is_cell(a) else a
                             for a in args)
            return function(*args)

        cls = type("ProxyOp", (Primitive,), {
            "__call__": __call__, "__doc__": function.__doc__, "__module__": "msjax.ops",
            "__init__": lambda self: Primitive.__init__(self, name or function.__name__)})
        return cls() if get_instance else cls

    return decorate(fn) if fn is not None else decorate


def _primexpr(fn=None, get_instance=True, name=None, reuse_result=True):
    """`mindspore.ops.primitive._primexpr`: as `constexpr`, except that MindSpore compiles the
    function into the graph when an argument is a variable (a `mutable`, a graph input) instead of
    refusing it. msjax traces Python either way, so the function runs on the values it gets (a
    traced Tensor included); the result is a Primitive instance (`get_instance=True`) or its
    class, and the decorator may be used with or without arguments."""
    def decorate(function):
        cls = type("PrimexprOp", (Primitive,), {
            "__call__": lambda self, *args: function(*args), "__doc__": function.__doc__,
            "__module__": "msjax.ops",
            "__init__": lambda self: Primitive.__init__(self, name or function.__name__)})
        return cls() if get_instance else cls

    return decorate(fn) if fn is not None else decorate


# -- ops.functional tuple helpers --------------------------------------------------------------
def make_range(*args):
    """`mindspore.ops.functional.make_range(start=0, stop, step=1)`: `range` as a tuple."""
    if not 1 <= len(args) <= 3 or not all(isinstance(a, int) for a in args):
        raise TypeError(f"For 'make_range', the inputs must be 1 to 3 integers (stop, or start, "
                        f"stop[, step]), but got {args}.")
    return tuple(range(*args))


def tail(*args):
    """`mindspore.ops.composite.tail(sequence)`: a tuple or list without its first element."""
    if len(args) != 1 or not isinstance(args[0], (tuple, list)):
        raise TypeError(f"For 'tail', the input must be one tuple or list, but got {args}.")
    if not args[0]:
        raise ValueError("For 'tail', the input must not be empty.")
    return args[0][1:]


def tuple_len(*args):
    """`mindspore.ops.functional.tuple_len(data)`: the length of a tuple or list."""
    if len(args) != 1 or not isinstance(args[0], (tuple, list)):
        raise TypeError(f"For 'tuple_len', the input must be one tuple or list, but got {args}.")
    return len(args[0])


# -- Custom ------------------------------------------------------------------------------------
_KERNEL_LANGUAGES = ("aot", "akg", "tbe", "aicpu", "hybrid", "julia", "tvm", "ir_builder")


def _as_shapes(value, many):
    """`out_shape` as a list of shapes: one shape is a sequence of ints."""
    if many:
        return [tuple(int(d) for d in s) for s in value]
    return [tuple(int(d) for d in value)]


@_primitive_class
class Custom(Primitive):
    """`mindspore.ops.Custom`: an operator whose kernel the user writes.

    - `func_type="pyfunc"` (MindSpore's default): `func` is a Python function on NumPy arrays. It
      runs on the host through `jax.pure_callback`, eagerly and inside `jit`. `out_shape` and
      `out_dtype` are the output's shape and dtype, or functions of the inputs' shapes and
      dtypes (a list of them for several outputs).
    - `func_type="jax"` (msjax's own form): `func` is a JAX function on `jax.Array`s, compiled by
      XLA with the rest of the program on any device and differentiable; `out_shape` and
      `out_dtype` may be omitted.
    - MindSpore's kernel languages for its own back ends ("aot", "akg", "tbe", "aicpu", "hybrid",
      "julia") raise ValueError: msjax has no such back end.

    `reg_info` (`CustomRegOp(...).get_op_info()`, or a list of them) is kept as given: msjax's
    kernels take every dtype their function takes and have no device formats to select.

    `bprop(*inputs, out, dout)`, when given, returns the inputs' gradients (a tuple), as in
    MindSpore; without it a "pyfunc" kernel is not differentiable. The repr shows `func_name` and
    `func_type` (MindSpore's also shows its compiler's unique name and source path).
    """

    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None,
                 reg_info=None):
        super().__init__("Custom")
        if func_type in _KERNEL_LANGUAGES:
            raise ValueError(
                f"For 'Custom', func_type '{func_type}' compiles a kernel for MindSpore's own "
                "Ascend/GPU/CPU back ends, which msjax does not have. Write the kernel as a "
                "NumPy function (func_type='pyfunc', run on the host) or as a JAX function "
                "(func_type='jax', compiled by XLA on any device).")
        if func_type not in ("pyfunc", "jax"):
            raise ValueError(f"For 'Custom', func_type must be 'pyfunc' or 'jax' in msjax, but "
                             f"got {func_type!r}.")
        if not callable(func):
            raise TypeError(f"For 'Custom', 'func' must be a function when func_type is "
                            f"{func_type!r}, but got {type(func).__name__}: {func!r}.")
        if func_type == "pyfunc" and (out_shape is None or out_dtype is None):
            raise ValueError("For 'Custom' with func_type 'pyfunc', 'out_shape' and 'out_dtype' "
                             "must be given (the host function's result cannot be traced).")
        self.func, self.out_shape, self.out_dtype = func, out_shape, out_dtype
        self.func_type, self.bprop, self.reg_info = func_type, bprop, reg_info
        self.add_prim_attr("func_name", getattr(func, "__name__", type(func).__name__))
        self.add_prim_attr("func_type", func_type)
        self._kernel = self._differentiable(self._forward)

    def _result_types(self, arrays):
        shapes = [list(a.shape) for a in arrays]
        dtypes = [mstype.from_numpy(np.dtype(a.dtype)) for a in arrays]
        shape = self.out_shape(*shapes) if callable(self.out_shape) else self.out_shape
        dtype = self.out_dtype(*dtypes) if callable(self.out_dtype) else self.out_dtype
        many = isinstance(dtype, (list, tuple))
        dtypes_out = list(dtype) if many else [dtype]
        shapes_out = _as_shapes(shape, many)
        structs = [jax.ShapeDtypeStruct(s, mstype.to_numpy_dtype(d))
                   for s, d in zip(shapes_out, dtypes_out)]
        return (tuple(structs) if many else structs[0]), many

    def _forward(self, *arrays):
        if self.func_type == "jax":
            return self.func(*arrays)
        result_types, many = self._result_types(arrays)

        def on_host(*values):
            out = self.func(*[np.asarray(v) for v in values])
            if many:
                return tuple(np.asarray(o, r.dtype) for o, r in zip(out, result_types))
            return np.asarray(out, result_types.dtype)

        return jax.pure_callback(on_host, result_types, *arrays, vmap_method="sequential")

    def _differentiable(self, forward):
        if self.bprop is None:
            return forward
        kernel = jax.custom_vjp(forward)

        def fwd(*arrays):
            out = forward(*arrays)
            return out, (arrays, out)

        def bwd(saved, dout):
            arrays, out = saved
            grads = self.bprop(*wrap(tuple(arrays)), wrap(out), wrap(dout))
            grads = unwrap(tuple(grads) if isinstance(grads, (tuple, list)) else (grads,))
            return tuple(jnp.asarray(g, a.dtype) for g, a in zip(grads, arrays))

        kernel.defvjp(fwd, bwd)
        return kernel

    def __call__(self, *inputs):
        return wrap(self._kernel(*[unwrap(x) if isinstance(x, Tensor) else jnp.asarray(x)
                                   for x in inputs]))


# -- HookBackward ------------------------------------------------------------------------------
def _call_gradient_hook(hook_fn, grads):
    """Runs `hook_fn` on the concrete gradients (a tuple of Tensors) wherever the backward pass
    runs; a non-None result replaces them."""
    if not grads:
        return grads

    def on_host(*values):
        result = hook_fn(_host_tensors(values))
        if result is None:
            return tuple(np.asarray(v) for v in values)
        result = result if isinstance(result, (tuple, list)) else (result,)
        if len(result) != len(values):
            raise ValueError(f"The backward hook {getattr(hook_fn, '__name__', hook_fn)} must "
                             f"return None or {len(values)} gradient(s), but returned "
                             f"{len(result)}.")
        return tuple(np.asarray(unwrap(r), np.asarray(v).dtype) for r, v in zip(result, values))

    shapes = tuple(jax.ShapeDtypeStruct(g.shape, g.dtype) for g in grads)
    return jax.pure_callback(on_host, shapes, *grads, vmap_method="sequential")


def hooked_identity(hook_fn):
    """A JAX identity whose backward pass hands the incoming gradients to `hook_fn`."""
    @jax.custom_vjp
    def identity(*arrays):
        return arrays

    identity.defvjp(lambda *arrays: (arrays, None),
                    lambda _, grads: _call_gradient_hook(hook_fn, tuple(grads)))
    return identity


@_primitive_class
class HookBackward(Primitive):
    """`mindspore.ops.HookBackward(hook_fn, cell_id="")`: the identity on its inputs, whose
    backward pass calls `hook_fn(grads)` with the gradients flowing into them (a tuple of
    Tensors); a non-None result replaces those gradients. Works under `grad` eagerly and under
    `jit`: the hook sees concrete Tensors.
    """

    def __init__(self, hook_fn, cell_id=""):
        super().__init__("HookBackward")
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the 'hook_fn' must be a function, but got "
                            f"{type(hook_fn).__name__}.")
        self.hook_fn, self.cell_id = hook_fn, cell_id
        self._identity = hooked_identity(hook_fn)

    def __call__(self, *inputs):
        outputs = wrap(self._identity(*[unwrap(x) for x in inputs]))
        return outputs[0] if len(outputs) == 1 else outputs



@_primitive_class
class InsertGradientOf(Primitive):
    """`mindspore.ops.InsertGradientOf(f)`: the identity on its input, whose backward pass
    calls `f(dout)` with the gradient flowing into it (a Tensor) and passes on what `f`
    returns. `f` sees concrete Tensors, eagerly and under `jit`."""

    def __init__(self, f):
        super().__init__("InsertGradientOf")
        if not callable(f):
            raise TypeError(f"For 'InsertGradientOf', the 'f' must be a function, but got "
                            f"{type(f).__name__}.")
        self.add_prim_attr("f", f)
        self.add_prim_attr("side_effect_backprop", True)
        self.add_prim_attr("side_effect_backprop_mem", True)
        self._identity = hooked_identity(lambda grads: (f(grads[0]),))

    def __call__(self, x):
        return wrap(self._identity(unwrap(x)))[0]


@_primitive_class
class TensorToTuple(Primitive):
    """`mindspore.ops.TensorToTuple()(x)`: the elements of a 1-D Tensor as a tuple of Python
    numbers (of 0-d Tensors inside a compiled function, where the values are not known)."""

    def __init__(self):
        super().__init__("TensorToTuple")

    def __call__(self, x):
        if not isinstance(x, Tensor) or x.ndim != 1:
            raise TypeError(f"For 'TensorToTuple', the input must be a 1-D Tensor, but got "
                            f"{x!r}.")
        if isinstance(x._data, jax.core.Tracer):
            return tuple(wrap(x._data[i]) for i in range(x.shape[0]))
        return tuple(np.asarray(x._data).tolist())


def make_tuple(*args):
    """`mindspore.ops.make_tuple(*args)`: the tuple of its arguments (the graph syntax's
    MakeTuple); a Python number becomes a Tensor, as MindSpore's Primitive call makes it."""
    return tuple(Tensor(e) if isinstance(e, (bool, int, float)) else e for e in args)


def _run_hooks(hooks, grads, call_hook):
    """Calls each hook in order; a non-None result replaces the gradients for the next one."""
    replaced = None
    for hook in list(hooks):
        result = call_hook(hook, grads)
        if result is not None:
            grads = tuple(result) if isinstance(result, (tuple, list)) else (result,)
            replaced = grads
    return replaced


def run_with_backward_hooks(cell, args, forward):
    """`forward(args)` with the Cell's backward hooks on its Tensor inputs and outputs.

    On the backward pass the pre-hooks see the gradients of the outputs (`hook(cell,
    grad_output)`), then the hooks see those of the inputs (`hook(cell, grad_input,
    grad_output)`); each may return replacements, as in MindSpore. The gradients are concrete
    Tensors wherever the backward pass runs (eagerly or compiled). When no input is
    differentiated (a gradient of weights only) the hooks run after the pre-hooks, with None
    for each input's gradient (MindSpore's), and what they return is not used.
    """
    shared = {"grad_output": ()}
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    inputs_differentiated = differentiated([args[i]._data for i in positions])

    def output_side(grads):
        replaced = _run_hooks(cell.__dict__.get("_backward_pre_hooks", {}).values(), grads,
                              lambda hook, g: hook(cell, g))
        shared["grad_output"] = replaced or grads
        if not inputs_differentiated:
            for hook in list(cell.__dict__.get("_backward_hooks", {}).values()):
                hook(cell, (None,) * len(positions), shared["grad_output"])
        return replaced

    def input_side(grads):
        return _run_hooks(cell.__dict__.get("_backward_hooks", {}).values(), grads,
                          lambda hook, g: hook(cell, g, shared["grad_output"]))

    if inputs_differentiated and positions:
        hooked = hooked_identity(input_side)(*[args[i]._data for i in positions])
        args = list(args)
        for i, value in zip(positions, hooked):
            args[i] = wrap(value)
        args = tuple(args)
    output = forward(args)
    leaves, tree = jax.tree_util.tree_flatten(output, is_leaf=lambda x: isinstance(x, Tensor))
    tensor_leaves = [i for i, leaf in enumerate(leaves) if isinstance(leaf, Tensor)]
    if not tensor_leaves:
        return output
    hooked = hooked_identity(output_side)(*[leaves[i]._data for i in tensor_leaves])
    for i, value in zip(tensor_leaves, hooked):
        leaves[i] = wrap(value)
    return jax.tree_util.tree_unflatten(tree, leaves)
