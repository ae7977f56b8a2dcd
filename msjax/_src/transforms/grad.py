"""`mindspore.grad`, `value_and_grad`, `ops.GradOperation`, `jacrev`, `jacfwd` on `jax.vjp`.

One engine, `_differentiate`, serves them all: the differentiated Tensors and Parameters become
the primals of `jax.vjp` (Parameters through the lifting layer, core/lifting.py: the function
lifted over them runs with their boxes holding the primals), and every other box the function
writes (BatchNorm statistics, an `ops.assign`) is returned as auxiliary output and written back
after the call. The results are arranged as MindSpore arranges them
(`../shared/reference/mindspore_semantics.md` §2).
Works eagerly (op by op, like PyNative) and under any enclosing trace (jit, vmap, grad).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import attributes, context, lifting, state
from msjax._src.core import grad_mode, integer_inputs, tensor_hooks
from msjax._src.core import x64
from msjax._src.ops.batch_norm_train import reverse_mode_only
from msjax._src.ops import state_ops
from msjax._src.ops.graph_values import _Dict, _List, _Tuple
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.sparse_tensor import COOTensor, CSRTensor
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.transforms import control_flow, graph_fallback
from msjax._src.parallel.mapped_axes import vary_over_mapped_axes
from msjax._src.transforms.vmap import ASSIGN_ERROR

_NO_GRAD_DEPTH = grad_mode.DEPTH  # how many `no_grad` blocks enclose the running code


# -- argument normalisation (shared by grad, value_and_grad, jacrev, jacfwd) -------------------
def normalize_grad_position(grad_position):
    """MindSpore's checks; returns a tuple of positions or None."""
    if grad_position is None:
        return None
    if isinstance(grad_position, bool) or not isinstance(grad_position, (int, tuple)):
        raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
    if isinstance(grad_position, int):
        if grad_position < 0:
            raise ValueError("grad_position must be >= 0.")
        return (grad_position,)
    for p in grad_position:
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
        if p < 0:
            raise ValueError("The element in grad_position must be >= 0.")
    if len(set(grad_position)) != len(grad_position):
        raise ValueError("There are duplicate positions in `grad_position`, please check it")
    return tuple(grad_position)


def normalize_weights(weights):
    """(list of Parameters, form): form is None (no weights), 'single' or 'sequence'."""
    if weights is None:
        return [], None
    if isinstance(weights, Parameter):
        return [weights], "single"
    if isinstance(weights, (list, tuple, ParameterTuple)):
        for w in weights:
            if not isinstance(w, Parameter):
                raise TypeError("For 'grad', the 'weights' should be a Parameter, a list or "
                                f"tuple of Parameters or a ParameterTuple, but got an element "
                                f"of type {type(w).__name__}.")
        return list(weights), "sequence"
    raise TypeError("For 'grad', the 'weights' should be a Parameter, a list or tuple of "
                    f"Parameters or a ParameterTuple, but got {type(weights).__name__}.")


def _differentiable(array) -> bool:
    """Floats, and integers: MindSpore differentiates integer inputs and returns integer grads
    (its graph-mode tutorial's ForwardNet gives 3); msjax differentiates them in Float32."""
    return jnp.issubdtype(array.dtype, jnp.inexact) or jnp.issubdtype(array.dtype, jnp.integer)


def _as_primal(array):
    return array if jnp.issubdtype(array.dtype, jnp.inexact) else array.astype(jnp.float32)


def _grad_in_dtype_of(grad, array):
    if jnp.issubdtype(array.dtype, jnp.complexfloating):
        # MindSpore's (and PyTorch's) gradient of a complex input is the conjugate of JAX's
        # (`imag(z)` gives 1j, `abs(z)` z/|z|; the cotangent is conjugated too, below)
        return jnp.conj(grad)
    if jnp.issubdtype(array.dtype, jnp.inexact):
        return grad
    return grad.astype(array.dtype)  # toward zero, as MindSpore's Cast: x * 1.5 gives 1


def _conjugated(cotangent):
    """A sensitivity given for a complex output, as JAX's vjp takes it (see _grad_in_dtype_of)."""
    return jnp.conj(cotangent) if jnp.iscomplexobj(cotangent) else cotangent


# -- the engine --------------------------------------------------------------------------------
def _differentiate(*args, **kwargs):
    """`_differentiate_once`; run again with the function's float loops as Python when JAX
    refuses to differentiate one of its `while` loops in reverse mode, where msjax could not
    see before that a loop is differentiated (public JAX only: control_flow.py's
    `_check_reverse_differentiable`). Nothing is written back before the gradients are taken,
    so the first run leaves no state behind."""
    try:
        return _differentiate_once(*args, **kwargs)
    except ValueError as error:
        if not control_flow.refuses_reverse_loop(error):
            raise
    with lifting.differentiated_loops_as_python():
        return _differentiate_once(*args, **kwargs)


def _differentiate_once(fn, args, kwargs, positions, weights, has_aux, sens,
                        weights_by_use=False, write_state=True):
    """Run `fn(*args, **kwargs)` under jax.vjp. Returns (outputs, input grads, weight grads).
    With `weights_by_use`, the weight grads are those of the `weights` the call reads, in the
    order it first reads them (MindSpore's PyNative GradOperation of a Cell's own weights).
    With `write_state` False, the boxes the call writes keep their values (a forward pass run
    again only to be differentiated)."""
    if _NO_GRAD_DEPTH.get():
        raise RuntimeError("In no_grad context, you can not calculate gradient")
    positions = positions or ()
    graph = context.is_graph_mode()  # MindSpore's error types differ between its two modes
    for p in positions:
        if p >= len(args):
            raise (IndexError if graph else RuntimeError)(
                f"Position index {p} is exceed input size.")
    slots = _gradient_slots(args, positions)
    # the differentiated arrays: (slot, leaf index or None), each a float or integer Tensor
    primal_refs = [(i, leaf) for i, (p, tree) in enumerate(slots)
                   for leaf in ((None,) if tree is None else _differentiated_leaves(tree))
                   if _differentiable_value(args[p] if leaf is None else tree[1][leaf])]
    # PyNative differentiates Tensor objects: one passed at several places is one variable,
    # and each of its places gets its whole gradient (graph mode's inputs are its arguments)
    shared = not graph and not state.tracing_depth()
    variables, variable_of = _variables(args, slots, primal_refs, shared)
    held_reads = {} if weights_by_use else None
    lifted_fn, lifted = lifting.lift(_returning_values(fn), boxes=weights, held_reads=held_reads)
    weight_values = lifted.values()
    # integer Parameters are differentiated in Float32 and get integer gradients, as inputs do
    primals = ([_as_primal(tensor._data) for tensor in variables]
               + [_as_primal(v) for v in weight_values])
    # Inside pmap or a data-parallel step: a gradient per device (MindSpore's), not JAX's sum
    # over the devices of the gradient of a replicated value.
    primals = vary_over_mapped_axes(primals)
    n_inputs = len(variables)
    # the dtypes the primals stand for (an integer's primal is its Float32 copy)
    primal_dtypes = ([tensor._data.dtype for tensor in variables]
                     + [jnp.asarray(v).dtype for v in weight_values])
    free_written = []  # the boxes outside `weights` the call wrote (BatchNorm statistics, assign)
    kept = []  # which output leaves are differentiated (float values; not strings, ints, None)

    # the leaves' `register_hook` hooks (core/tensor_hooks.py): their gradients go through them
    hooked_leaves = variables + list(weights or ())
    # As in MindSpore, a leaf's hooks run even where the output does not depend on it (with a
    # zero gradient): a zero multiple of each hooked value is differentiated too, so the hooks'
    # backward pass is never skipped as JAX skips a symbolic zero's.
    anchored = any(tensor_hooks.hooks(leaf) for leaf in hooked_leaves)
    # Inside a compiled call, the attributes `fn` writes leave jax.vjp as auxiliary outputs and
    # are set after it, where the compiled call carries them (core/attributes.py)
    attribute_writes = attributes.TransformWrites() if attributes.recording_now() else None

    def pure(*primal_values):
        primal_values = [tensor_hooks.apply_hooks(leaf, v)
                         for leaf, v in zip(hooked_leaves, primal_values)]
        anchor = [sum(jnp.sum(v) * 0 for leaf, v in zip(hooked_leaves, primal_values)
                      if tensor_hooks.hooks(leaf))] if anchored else []
        call_args = _with_primals(args, slots, primal_refs,
                                  [primal_values[k] for k in variable_of])
        if shared and n_inputs:
            call_args = _with_variables(call_args, variables, primal_values[:n_inputs])
        with integer_inputs.differentiated_as_float(
                (v, dtype) for v, dtype in zip(primal_values, primal_dtypes)
                if jnp.issubdtype(dtype, jnp.integer)):
            if attribute_writes is None:
                call = lifted_fn(primal_values[n_inputs:], *call_args, **kwargs)
            else:
                call = attribute_writes.call([fn, *attributes.captured(fn)], lifted_fn,
                                             primal_values[n_inputs:], *call_args, **kwargs)
        out, finals, strays = call.result, call.finals, call.free_written()
        free_written[:] = [box for box, _ in strays]
        if has_aux:
            if not isinstance(out, tuple) or len(out) < 2:
                raise (RuntimeError if graph else ValueError)(
                    "When has_aux is True, origin fn requires more than one outputs.")
            differentiated, aux = out[0], out[1:]
        else:
            differentiated, aux = out, ()
        leaves = _flat_leaves(differentiated)
        kept[:] = [i for i, leaf in enumerate(leaves) if _carries_gradient(leaf)]
        return ([leaves[i] for i in kept] + anchor,
                (out, aux, finals, [v for _, v in strays],
                 attribute_writes.arrays if attribute_writes is not None else []))

    with reverse_mode_only():  # BatchNorm's written-out gradient (ops/batch_norm_train.py)
        differentiated, vjp_fn, (out, aux, weight_finals, stray_finals, attribute_finals) = (
            jax.vjp(pure, *primals, has_aux=True))
    if anchored:
        differentiated, anchor_value = differentiated[:-1], differentiated[-1]
    if sens is None:
        cotangent = [jnp.ones_like(o) for o in differentiated]
    else:
        sens_leaves = _check_sens(sens, out[0] if has_aux else out, graph)
        # (an output leaf may be a Python number: a scalar op on mutable scalars, `x / y`)
        cotangent = [_conjugated(jnp.asarray(sens_leaves[i]).astype(jnp.result_type(o))
                                 .reshape(jnp.shape(o))) for i, o in zip(kept, differentiated)]
    grads = vjp_fn(cotangent + [jnp.zeros_like(anchor_value)] if anchored else cotangent)
    if write_state:
        lifted.write_back(weight_finals, inputs=primals[n_inputs:])
        lifting.write_back(free_written, stray_finals)
    if attribute_writes is not None:
        attribute_writes.outputs.write(attribute_finals)
    input_grads = _slot_gradients(args, slots,
                                  {ref: grads[k] for ref, k in zip(primal_refs, variable_of)})
    weight_grads = [_wrap(_grad_in_dtype_of(g, v)) for g, v in zip(grads[n_inputs:],
                                                                   weight_values)]
    if not graph:  # PyNative: a weight with requires_grad False (then) gets a zero gradient
        weight_grads = [g if getattr(w, "requires_grad", True) else _wrap(jnp.zeros_like(g._data))
                        for w, g in zip(weights or (), weight_grads)]
    if weights_by_use:
        by_id = {id(w): g for w, g in zip(weights, weight_grads)}
        weight_grads = [by_id[key] for key in held_reads if key in by_id]
    return out, aux, input_grads, weight_grads


def _plain(value):
    """A mutable container as plain tuples, lists and dicts (JAX's pytrees)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return (list if isinstance(value, list) else tuple)(_plain(v) for v in value)
    return value


def _gradient_slots(args, positions) -> list:
    """The arguments at `positions` that get a gradient: (position, None) for a Tensor, and in
    graph mode (position, (treedef, leaves)) for a `mutable` tuple, list or dict, whose gradient
    has its structure (MindSpore's; PyNative and unmarked containers get none)."""
    graph = context.is_graph_mode()
    slots = []
    for p in positions:
        arg = args[p]
        if isinstance(arg, Tensor):
            slots.append((p, None))
        elif isinstance(arg, (CSRTensor, COOTensor)):
            leaves, tree = jax.tree_util.tree_flatten(arg, is_leaf=lambda t: isinstance(t, Tensor))
            slots.append((p, _SparseSlot(tree, leaves)))
        elif graph and isinstance(arg, (_Tuple, _List, _Dict)):
            leaves, tree = jax.tree_util.tree_flatten(_plain(arg),
                                                      is_leaf=lambda t: isinstance(t, Tensor))
            slots.append((p, (tree, leaves)))
    return slots


class _SparseSlot(tuple):
    """A CSRTensor or COOTensor input, as `(treedef, parts)`: only its values (the last part)
    are differentiated, as in MindSpore. Its gradient is the values' gradient as a Tensor in
    PyNative, and in graph mode (or jit) a sparse tensor of its kind holding it, with zero
    indices (MindSpore 2.10's `CSRTensor(indptr=[0, 0, 0], indices=[0, 0], values=g)`)."""

    def __new__(cls, tree, leaves):
        return super().__new__(cls, (tree, leaves))

    def differentiated(self):
        return (len(self[1]) - 1,)


def _differentiated_leaves(tree):
    """The leaf indices of a container slot that are differentiated."""
    return tree.differentiated() if isinstance(tree, _SparseSlot) else range(len(tree[1]))


def grad_positions(args, positions) -> list:
    """The positions of the gradients `_differentiate` returns, in order."""
    return [p for p, _ in _gradient_slots(args, positions or ())]


def _differentiable_value(value) -> bool:
    return isinstance(value, Tensor) and _differentiable(value._data)


def _slot_value(args, slots, ref):
    i, leaf = ref
    p, tree = slots[i]
    return args[p] if leaf is None else tree[1][leaf]


def _with_primals(args, slots, refs, values) -> list:
    """`args` with the differentiated Tensors (direct or inside containers) replaced by
    `values`."""
    call_args = list(args)
    leaves = {i: list(tree[1]) for i, (_, tree) in enumerate(slots) if tree is not None}
    for (i, leaf), value in zip(refs, values):
        if leaf is None:
            call_args[slots[i][0]] = _wrap(value)
        else:
            leaves[i][leaf] = _wrap(value)
    for i, new_leaves in leaves.items():
        p, (tree, _) = slots[i]
        call_args[p] = jax.tree_util.tree_unflatten(tree, new_leaves)
    return call_args


def _variables(args, slots, refs, shared):
    """The differentiated Tensors, once each when `shared` (by identity), and for each of
    `refs` the index of its variable."""
    variables, variable_of, index = [], [], {}
    for ref in refs:
        tensor = _slot_value(args, slots, ref)
        k = index.setdefault(id(tensor), len(variables)) if shared else len(variables)
        if k == len(variables):
            variables.append(tensor)
        variable_of.append(k)
    return variables, variable_of


def _with_variables(call_args, variables, values) -> list:
    """`call_args` with the other places (any argument, in tuples, lists and dicts) holding
    one of the `variables` Tensors given its value too."""
    by_id = {id(t): _wrap(v) for t, v in zip(variables, values)}

    def substituted(value):
        if isinstance(value, Tensor):
            return by_id.get(id(value), value)
        if type(value) in (tuple, list):
            items = [substituted(v) for v in value]
            if any(a is not b for a, b in zip(items, value)):
                return type(value)(items)
        elif type(value) is dict:
            items = {k: substituted(v) for k, v in value.items()}
            if any(items[k] is not v for k, v in value.items()):
                return items
        return value

    return [substituted(a) for a in call_args]


def _slot_gradients(args, slots, by_ref) -> list:
    """One gradient per slot: a Tensor, or the container's structure of them (zeros for
    Tensors not differentiated)."""
    graph = context.is_graph_mode() or state.tracing_depth()

    def leaf_gradient(value, ref):
        if ref in by_ref:
            return _wrap(_grad_in_dtype_of(by_ref[ref], value._data))
        return _wrap(jnp.zeros_like(value._data)) if isinstance(value, Tensor) else value

    out = []
    for i, (p, tree) in enumerate(slots):
        if tree is None:
            out.append(leaf_gradient(args[p], (i, None)))
        elif isinstance(tree, _SparseSlot) and not graph:
            (values,) = tree.differentiated()
            out.append(leaf_gradient(tree[1][values], (i, values)))
        else:
            grads = [leaf_gradient(v, (i, j)) for j, v in enumerate(tree[1])]
            out.append(jax.tree_util.tree_unflatten(tree[0], grads))
    return out


def _sens_structure(tree):
    return jax.tree_util.tree_structure(tree, is_leaf=lambda t: isinstance(t, Tensor))


def _check_sens(sens, out, graph) -> list:
    """The leaves of `sens`, which must be shaped as the output (MindSpore's errors)."""
    if _sens_structure(sens) != _sens_structure(out):
        if graph:
            raise TypeError("Type Join Failed: Abstract type AbstractTuple cannot join with "
                            "AbstractTensor.")
        raise RuntimeError("Failure info [The given sens gradient's size should be same as out "
                           "of network!].")
    sens_leaves, out_leaves = _flat_leaves(sens), _flat_leaves(out)
    for s, o in zip(sens_leaves, out_leaves):
        if jnp.shape(s) != jnp.shape(o) and jnp.size(s) != 1:
            def vector(shape):
                return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"
            raise ValueError(f"The shape should be {vector(jnp.shape(o))}, but got "
                             f"{vector(jnp.shape(s))}.")
    return sens_leaves


def _flat_leaves(tree) -> list:
    """The leaves of an output (Tensors as their arrays; None and empty containers have none)."""
    return jax.tree_util.tree_leaves(_unwrap_tree(tree))


def _carries_gradient(leaf) -> bool:
    """A float array or Python float: MindSpore's sensitivity reaches Tensor outputs only (a
    shape's ints, a string or a slice among the outputs get none)."""
    if isinstance(leaf, float):
        return True
    dtype = getattr(leaf, "dtype", None)
    return dtype is not None and jnp.issubdtype(dtype, jnp.inexact)


def _returning_values(fn):
    """`fn` whose outputs give each Parameter as its value in the call (a Parameter read after
    the call would give the value outside it: no gradient flows through a returned `self.w`)."""
    def call(*args, **kwargs):
        return jax.tree_util.tree_map(
            lambda t: _wrap(t._data) if isinstance(t, Parameter) else t, fn(*args, **kwargs),
            is_leaf=lambda t: isinstance(t, Tensor))
    return call


def _unwrap_tree(x):
    return jax.tree_util.tree_map(lambda t: t._data if isinstance(t, Tensor) else t, x,
                                  is_leaf=lambda t: isinstance(t, Tensor))


def _arrange(input_grads, weight_grads, positions, weights, weight_form, return_ids,
             tensor_positions):
    """MindSpore's return structure of grads."""
    if return_ids:
        input_grads = [(p, g) for p, g in zip(tensor_positions, input_grads)]
        weight_grads = [(w.name, g) for w, g in zip(weights, weight_grads)]
    pos_part = None
    if positions is not None:
        pos_part = input_grads[0] if len(input_grads) == 1 else tuple(input_grads)
    if weight_form is None:
        return pos_part
    weight_part = weight_grads[0] if weight_form == "single" else tuple(weight_grads)
    if positions is None:
        return weight_part
    return pos_part, weight_part


def _variable_positions(positions, args):
    """`positions` less those of a graph's constant inputs (`Tensor.set_const_arg`): in graph
    mode and compiled functions MindSpore does not differentiate them (a constant first input's
    gradient is `()`, `get_all` gives the other inputs'); PyNative mode ignores the mark."""
    if positions is None or not (context.is_graph_mode() or state.tracing_depth()):
        return positions
    return tuple(p for p in positions
                 if not (p < len(args) and getattr(args[p], "const_arg", False)))


def _split_sens(args, kwargs, sens_param):
    if not sens_param:
        return args, kwargs, None
    if "sens" in kwargs:
        kwargs = dict(kwargs)
        return args, kwargs, kwargs.pop("sens")
    return args[:-1], kwargs, args[-1]


class _Grad:
    """The function returned by grad/value_and_grad."""

    traces_fn = True  # what a program traces for it is it with `fn` converted (control_flow.py)

    def __init__(self, fn, grad_position, weights, has_aux, return_ids, sens_param, with_value):
        self.positions = normalize_grad_position(grad_position)
        self.weights, self.weight_form = normalize_weights(weights)
        if self.positions is None and self.weight_form is None:
            raise ValueError("`grad_position` and `weight` can not be None at the same time.")
        self.fn, self.has_aux, self.return_ids = fn, has_aux, return_ids
        self.sens_param, self.with_value = sens_param, with_value

    def _state_roots(self):
        """What holds the Parameters a call reads, so a compiled call knows them before its
        first trace (lifting.collect_parameters) and the compile cache can find them again."""
        return (getattr(self.fn, "__self__", self.fn), *self.weights)

    def _cache_identity(self, describe):
        """What identifies this gradient function in another process (compile_cache.py)."""
        return ("grad", describe(self.fn), self.positions, self.weight_form, self.has_aux,
                self.return_ids, self.sens_param, self.with_value)

    @x64.scoped
    def __call__(self, *args, **kwargs):
        if self.positions == ():
            end = "." if context.is_graph_mode() else "!"
            raise RuntimeError(f"grad_position should not be empty when grad by position{end}")
        if context.precompile_only() and context.is_graph_mode() and not state.tracing_depth():
            return None  # MindSpore's compile-only mode: its graph-mode gradient is compiled only
        args, kwargs, sens = _split_sens(args, kwargs, self.sens_param)
        positions = _variable_positions(self.positions, args)
        out, aux, input_grads, weight_grads = _differentiate(
            self.fn, args, kwargs, positions, self.weights, self.has_aux, sens)
        tensor_positions = grad_positions(args, positions)
        grads = _arrange(input_grads, weight_grads, positions, self.weights,
                         self.weight_form, self.return_ids, tensor_positions)
        if self.with_value:
            return out, grads
        if self.has_aux:
            return grads, tuple(aux)
        return grads


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """`mindspore.grad`: gradients of `fn` w.r.t. the inputs at `grad_position` and `weights`."""
    return _Grad(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value=False)


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False,
                   sens_param=False):
    """`mindspore.value_and_grad`: `(fn's outputs, gradients)` with grad's return structure."""
    return _Grad(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value=True)


_NO_FUNCTION = object()  # GradOperation()() : no function given


def _check_differentiated(fn):
    """MindSpore's errors for GradOperation given no function, or a value that is none: in a
    compiled function (its graph compiler's RuntimeErrors) at once; in PyNative, Python's for a
    missing argument, and the returned function's TypeError when called (`after_grad`)."""
    compiling = state.tracing_depth() > 0
    if fn is _NO_FUNCTION:
        if compiling:
            raise RuntimeError("'GradOperation' requires a forward network or function as an "
                               "input, while the input is empty.")
        raise TypeError("GradOperation.__call__() missing 1 required positional argument: 'fn'")
    if fn is None and compiling:
        raise RuntimeError("For 'GradOperation', the first argument must be a 'Function' or "
                           "'Cell', but got AbstractNone(Value: None)")


class GradOperation:
    """`ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)`."""

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list),
                            ("sens_param", sens_param)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'GradOperation', the '{name}' should be bool, but got "
                                f"{type(value).__name__}")
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(self, fn=_NO_FUNCTION, weights=None):
        get_all, get_by_list, sens_param = self.get_all, self.get_by_list, self.sens_param
        _check_differentiated(fn)
        weight_list, weight_form = normalize_weights(weights) if get_by_list else ([], None)

        @x64.scoped
        def after_grad(*args, **kwargs):
            if not callable(fn):
                raise TypeError(f"The fn should be callable, but got {type(fn).__name__}")
            args, kwargs, sens = _split_sens(args, kwargs, sens_param)
            call_fn, args, kwargs = _keywords_as_inputs(fn, args, kwargs)
            positions = tuple(range(len(args))) if get_all else (0,)
            if not get_all and not get_by_list and not args:
                positions = ()
            positions = _variable_positions(positions, args)
            weights_now, form, by_use = weight_list, weight_form, False
            if (get_by_list and weights is None and lifting.is_cell(fn)
                    and not context.is_graph_mode()):
                # PyNative: the Cell's trainable weights the call reads, in their first use order
                weights_now, form, by_use = list(fn.trainable_params()), "sequence", True
            _, _, input_grads, weight_grads = _differentiate(
                call_fn, args, kwargs, positions if (get_all or not get_by_list) else (),
                weights_now, False, sens, weights_by_use=by_use)
            # a single Parameter (not in a sequence) gives its gradient, not a 1-tuple
            weight_part = weight_grads[0] if form == "single" else tuple(weight_grads)
            if get_all and get_by_list:
                return tuple(input_grads), weight_part
            if get_by_list:
                return weight_part
            if get_all or not input_grads:  # no inputs: ()
                return tuple(input_grads)
            first = input_grads[0]
            # a graph returns a dict's values under STRICT syntax (MS_DEV_JIT_SYNTAX_LEVEL=0)
            if isinstance(first, dict) and graph_fallback.strict():
                return tuple(first.values())
            return first

        return after_grad


def _keywords_as_inputs(fn, args, kwargs):
    """GradOperation's inputs are the positional arguments, then the Tensors given by keyword
    (in their order), as MindSpore's: `(fn', args', other keywords)` with those Tensors moved
    to the end of the positional arguments of `fn'`, which passes them on by keyword."""
    names = [name for name, value in kwargs.items() if isinstance(value, Tensor)]
    if not names:
        return fn, args, kwargs
    others = {name: value for name, value in kwargs.items() if name not in names}
    count = len(args)

    def with_keywords(*inputs, **more):
        return fn(*inputs[:count], **others, **dict(zip(names, inputs[count:])), **more)

    return with_keywords, tuple(args) + tuple(kwargs[name] for name in names), {}


def _jacobian(jax_jac, fn, grad_position, has_aux):
    positions = normalize_grad_position(grad_position)

    @x64.scoped
    def wrapped(*args):
        float_positions = [p for p in positions if isinstance(args[p], Tensor)]
        written_boxes = []  # the boxes the call wrote (an `assign`): written back afterwards
        lifted_fn, _ = lifting.lift(fn)

        def pure(*values):
            call_args = list(args)
            for p, v in zip(float_positions, values):
                call_args[p] = _wrap(v)
            seen = []
            token = state_ops.WRITES_SEEN.set(seen)
            try:
                call = lifted_fn((), *call_args)
            finally:
                state_ops.WRITES_SEEN.reset(token)
            out, written = call.result, call.free_written()
            traces = {id(v._trace) for v in values if isinstance(v, jax.core.Tracer)}
            if any(isinstance(v, jax.core.Tracer) and id(v._trace) in traces
                   for v in seen + [v for _, v in written]):
                # MindSpore computes Jacobians with vmap: an input-dependent write is its error.
                raise ValueError(ASSIGN_ERROR)
            written_boxes[:] = [box for box, _ in written]
            writes = [value for _, value in written]
            if has_aux:
                return _unwrap_tree(out[0]), (out[1:], writes)
            return _unwrap_tree(out), ((), writes)

        primals = [args[p]._data for p in float_positions]
        argnums = 0 if isinstance(grad_position, int) else tuple(range(len(primals)))
        jac, (aux, writes) = jax_jac(pure, argnums=argnums, has_aux=True)(*primals)
        lifting.write_back(written_boxes, writes)
        if has_aux:
            aux = aux[0] if len(aux) == 1 else aux
            return _wrap_tree(jac), aux
        return _wrap_tree(jac)

    return wrapped


def _wrap_tree(x):
    return jax.tree_util.tree_map(_wrap, x)


def jacrev(fn, grad_position=0, has_aux=False):
    """`mindspore.jacrev`: the Jacobian by reverse mode (out-shape + in-shape)."""
    return _jacobian(jax.jacrev, fn, grad_position, has_aux)


def jacfwd(fn, grad_position=0, has_aux=False):
    """`mindspore.jacfwd`: the Jacobian by forward mode."""
    return _jacobian(jax.jacfwd, fn, grad_position, has_aux)


class no_grad:
    """`mindspore._no_grad` context: gradients may not be taken inside, and what is computed
    inside carries no gradient (core/grad_mode.py)."""

    def __enter__(self):
        self.token = grad_mode.set_depth(_NO_GRAD_DEPTH.get() + 1)

    def __exit__(self, *exc):
        _NO_GRAD_DEPTH.reset(self.token)
        return False

