"""`ops.jvp`, `ops.vjp`, `ops.linearize`, `ops.jet`, `ops.derivative` (also `mindspore.jvp` and
`mindspore.vjp`) and the deprecated Cells `nn.grad.Jvp` / `nn.grad.Vjp`, on `jax.jvp`,
`jax.linearize`, `jax.experimental.jet` and msjax's reverse-mode engine (grad.py).

MindSpore builds forward mode from two reverse passes; JAX has it natively, with the same
results. Parameters the function reads are constants here (as in MindSpore, where only `vjp`'s
`weights` are differentiated); values the function assigns are written back after the call.
Return structures, argument checks and messages are MindSpore 2.10's
(tests/goldens/scripts/conformance_probe2.py).
"""
from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
from jax import lax

from msjax._src.core import context, lifting, x64
from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.transforms import grad as reverse
from msjax._src.transforms.vmap import check_call_arguments, positional_count


def _check_has_aux(has_aux):
    if not isinstance(has_aux, bool):
        raise TypeError("The 'has_aux' must be bool type.")


def _as_tuple(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _split_aux(out):
    """(differentiated output, aux) of `fn`'s outputs when `has_aux`: the first output, and the
    second or the rest."""
    if not isinstance(out, tuple) or len(out) < 2:
        raise ValueError("When 'has_aux' is True, origin 'fn' requires more than one outputs.")
    return out[0], (out[1] if len(out) == 2 else out[1:])


def _unwrap(tree):
    return jax.tree_util.tree_map(lambda t: t._data if isinstance(t, Tensor) else t, tree,
                                  is_leaf=lambda t: isinstance(t, Tensor))


def _wrap_tree(tree):
    return jax.tree_util.tree_map(_wrap, tree)


def _pure(fn, args, written):
    """`fn` as a function of its arguments' arrays: Tensors in, arrays out; the boxes it writes
    are collected into `written` (box, value) for `lifting.write_back` after the transform."""
    lifted_fn, _ = lifting.lift(fn)
    check_call_arguments(positional_count(fn), args, {})

    def pure(*arrays):
        call = lifted_fn((), *[_wrap(a) for a in arrays])
        written[:] = call.free_written()
        return _unwrap(call.result)
    return pure


def _write_back(written):
    lifting.write_back([box for box, _ in written], [value for _, value in written])


def _check_inputs_and_vectors(inputs, v):
    if not isinstance(inputs, (Tensor, tuple, list)) or not isinstance(v, (Tensor, tuple, list)):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    n_inputs = len(inputs) if isinstance(inputs, (tuple, list)) else 1
    n_vectors = len(v) if isinstance(v, (tuple, list)) else 1
    if n_inputs != n_vectors:
        raise ValueError(f"v has invalid length: should be {n_inputs}, but got {n_vectors}")
    if n_inputs == 1 and isinstance(v, (tuple, list)):  # one input: a Tensor gradient,
        raise TypeError("Type Join Failed: Abstract type AbstractTuple cannot join with "
                        "AbstractTensor.")  # differentiated along v: a Tensor, as MindSpore's


def _array(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


def _tangents(vectors, primals):
    """The tangents' arrays; MindSpore's TypeError where one's dtype is not its input's."""
    tangents = [_array(t) for t in vectors]
    for tangent, primal in zip(tangents, primals):
        if tangent.dtype != primal.dtype:
            raise TypeError(f"Type Join Failed: dtype1 = {mstype.from_numpy(tangent.dtype)}, "
                            f"dtype2 = {mstype.from_numpy(primal.dtype)}.")
    return tangents


def _integer(array) -> bool:
    return jnp.issubdtype(array.dtype, jnp.integer)


def _in_float(primals):
    """Integer inputs as Float32: MindSpore differentiates integer inputs (its tangents are
    integers too, `ops.jvp(x*y)` of Int32 gives Int32); JAX only floats. msjax differentiates
    them in Float32, as the reverse mode does (grad.py)."""
    return [p.astype(jnp.float32) if _integer(p) else p for p in primals]


def _like(tangents, outputs):
    """Tangents computed in Float32 for integer inputs, in the dtypes of `fn`'s outputs on the
    integer inputs themselves (toward zero for an integer output, as MindSpore's Cast and
    grad.py's integer gradients)."""
    return jax.tree_util.tree_map(lambda tangent, out: tangent.astype(out.dtype), tangents,
                                  outputs)


@x64.scoped
def jvp(fn, inputs, v, has_aux=False):
    """`ops.jvp(fn, inputs, v, has_aux=False)`: `(fn(*inputs), J·v)` (and the aux outputs with
    `has_aux`), the product shaped as `fn`'s output."""
    _check_has_aux(has_aux)
    _check_inputs_and_vectors(inputs, v)
    args, vectors = _as_tuple(inputs), _as_tuple(v)
    written = []
    pure = _pure(fn, args, written)
    primals = [_array(a) for a in args]
    tangents = _tangents(vectors, primals)
    differentiated = pure
    if has_aux:
        def differentiated(*arrays):
            first, aux = _split_aux(pure(*arrays))
            return first, aux
    if any(map(_integer, primals)):
        out = differentiated(*primals)  # the outputs on the integer inputs, their dtypes
        _, tangent_out = jax.jvp(differentiated, _in_float(primals), _in_float(tangents),
                                 **({"has_aux": True} if has_aux else {}))[:2]
        if has_aux:
            out, aux = out
        tangent_out = _like(tangent_out, out)
    elif has_aux:
        out, tangent_out, aux = jax.jvp(differentiated, primals, tangents, has_aux=True)
    else:
        out, tangent_out = jax.jvp(pure, primals, tangents)
    _write_back(written)
    if has_aux:
        return _wrap_tree(out), _wrap_tree(tangent_out), _wrap_tree(aux)
    return _wrap_tree(out), _wrap_tree(tangent_out)


def _check_vjp_inputs(inputs):
    if not isinstance(inputs, (Tensor, tuple)):
        raise TypeError("The inputs type must be Tensor.")
    if isinstance(inputs, tuple):
        for item in inputs:
            if not isinstance(item, (Tensor, tuple, list)):
                raise TypeError("The inputs type must be Tensor.")


@x64.scoped
def vjp(fn, *inputs, weights=None, has_aux=False):
    """`ops.vjp(fn, *inputs, weights=None, has_aux=False)`: `(fn(*inputs), vjp_fn)` (and the
    aux outputs with `has_aux`). `vjp_fn(*v)` gives the gradients of every input (a tuple)
    and, with `weights`, of them: `(input grads, weight grads)`. In PyNative a second call of
    `vjp_fn` runs the forward pass again (its state writes too) and warns, as MindSpore does."""
    _check_vjp_inputs(inputs)
    _check_has_aux(has_aux)
    out = fn(*inputs)
    if has_aux:
        first, aux = _split_aux(out)
    weight_list, weight_form = reverse.normalize_weights(weights)
    positions = tuple(range(len(inputs)))
    graph = context.is_graph_mode()
    calls = [0]

    @x64.scoped
    def vjp_fn(*v):
        _check_vjp_inputs(v)
        calls[0] += 1
        if calls[0] > 1 and not graph:
            warnings.warn("vjp_fn has been called multiple times; the forward pass will be "
                          "recomputed.", RuntimeWarning, stacklevel=2)
        sens = v if len(v) > 1 else v[0]
        # The first call differentiates the forward pass `vjp` ran (graph mode: every call
        # does): its state writes (BatchNorm statistics) are not made again
        _, _, input_grads, weight_grads = reverse._differentiate(
            fn, inputs, {}, positions, weight_list, has_aux, sens,
            write_state=calls[0] > 1 and not graph)
        if weight_form is None:
            return tuple(input_grads)
        return tuple(input_grads), tuple(weight_grads)

    if has_aux:
        return first, vjp_fn, aux
    return out, vjp_fn


@x64.scoped
def linearize(fn, inputs):
    """`ops.linearize(fn, inputs)`: `(fn(*inputs), jvp_fn)`; `jvp_fn(v)` is the Jacobian-vector
    product at `inputs` (`v` shaped as `inputs`), the linearisation computed once."""
    if not isinstance(inputs, (Tensor, tuple, list)):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    args = _as_tuple(inputs)
    written = []
    pure = _pure(fn, args, written)
    primals = [_array(a) for a in args]
    integer = any(map(_integer, primals))
    out, linear = jax.linearize(pure, *_in_float(primals))
    if integer:
        out = pure(*primals)
    _write_back(written)

    @x64.scoped
    def jvp_fn(v):
        vectors = _as_tuple(v)
        if len(vectors) != len(args):
            raise ValueError(f"v has invalid length: should be {len(args)}, but got "
                             f"{len(vectors)}")
        tangents = _tangents(vectors, primals)
        if not integer:
            return _wrap_tree(linear(*tangents))
        return _wrap_tree(_like(linear(*_in_float(tangents)), out))

    return _wrap_tree(out), jvp_fn


# -- Taylor mode -------------------------------------------------------------------------------
_TAYLOR_TYPES = (mstype.int32, mstype.int64, mstype.float32, mstype.float64)


def _jet_item(primal, series):
    if primal.dtype not in _TAYLOR_TYPES or primal.dtype != series.dtype:
        raise TypeError("For `F.jet`, the elements' types of primals and series must be the same "
                        "and belong to `mstype.int32, mstype.int64, mstype.float32, "
                        "mstype.float64`, but got other dtype.")
    p, s = primal._data, series._data
    if primal.dtype in (mstype.int32, mstype.int64):
        p, s = p.astype(jnp.float32), s.astype(jnp.float32)
    if p.shape == s.shape:
        s = s[None]
    elif p.shape != s.shape[1:]:
        raise ValueError("In series, the shape of each element must be the same as the "
                         "primals.")
    return p, s


def _complete_taylor_rules(jax_jet) -> None:
    """Give JAX's Taylor-mode table the rule of `tan`, which MindSpore's `jet` and `derivative`
    expand and JAX 0.10 lacks: `sin / cos`, by JAX's own `def_comp`. Added once, when msjax first
    expands a series, and only while JAX has none (a later JAX's own rule is kept)."""
    if lax.tan_p not in jax_jet.jet_rules:
        jax_jet.def_comp(lax.tan_p, lambda x: lax.sin(x) / lax.cos(x))


def _unsupported_in_taylor(error: KeyError):
    """MindSpore's RuntimeError for an operation with no Taylor rule (JAX raises a KeyError
    naming its primitive); None for any other KeyError."""
    primitive = error.args[0] if error.args else None
    name = getattr(primitive, "name", None)
    if not isinstance(name, str) or not hasattr(primitive, "bind"):
        return None
    return RuntimeError(f"The operation {name.capitalize()} is not supported in taylor higher "
                        "order differentiation currently.")


def _taylor(fn, primals, series):
    """(outputs, their series) of `fn` at `primals` with the input series `series` (each the
    1st..nth derivatives of an input along the path, stacked on axis 0)."""
    from jax.experimental import jet as jax_jet
    _complete_taylor_rules(jax_jet)
    written = []
    pure = _pure(fn, primals, written)
    try:
        out, out_series = jax_jet.jet(
            pure, tuple(primals), tuple(tuple(s[i] for i in range(s.shape[0])) for s in series))
    except KeyError as error:
        unsupported = _unsupported_in_taylor(error)
        if unsupported is None:
            raise
        raise unsupported from None
    _write_back(written)
    return out, out_series


def _jet_result(out, out_series, pick):
    if isinstance(out, tuple) and len(out) > 1:
        return ([_wrap(o) for o in out], [_wrap(pick(s)) for s in out_series])
    if isinstance(out, tuple):
        out, out_series = out[0], out_series[0]
    return _wrap(out), _wrap(pick(out_series))


@x64.scoped
def jet(fn, primals, series):
    """`ops.jet(fn, primals, series)`: `(fn(primals), the 1st..nth derivatives of the output)`
    given the 1st..nth derivatives of the inputs (`series[i]`: the (i+1)-th)."""
    if not (isinstance(primals, Tensor) and isinstance(series, Tensor)) and not (
            isinstance(primals, tuple) and isinstance(series, tuple)):
        raise TypeError("For 'F.jet', the 'primals' and `series` must be both Tensor or tuple.")
    if isinstance(primals, tuple) and len(primals) != len(series):
        raise ValueError("The lengths of primals and series must be the same.")
    items = [_jet_item(p, s) for p, s in zip(_as_tuple(primals), _as_tuple(series))]
    out, out_series = _taylor(fn, [p for p, _ in items], [s for _, s in items])
    return _jet_result(out, out_series, jnp.stack)


@x64.scoped
def derivative(fn, primals, order):
    """`ops.derivative(fn, primals, order)`: `(fn(primals), the order-th derivative)` along the
    inputs' direction of ones."""
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError("For `F.derivative`, the type of order must be int.")
    if order < 1:
        raise ValueError(f"For `F.derivative`, value of order should not be less than 1, but "
                         f"got {order}.")
    arrays = []
    for p in _as_tuple(primals):
        if p.dtype not in _TAYLOR_TYPES:
            raise TypeError("For `F.derivative`, the elements of primals must belong to "
                            "`mstype.int32, mstype.int64, mstype.float32, mstype.float64`, but "
                            "got other dtype.")
        data = p._data
        arrays.append(data.astype(jnp.float32) if p.dtype in (mstype.int32, mstype.int64)
                      else data)
    series = [jnp.concatenate([jnp.ones((1,) + a.shape, a.dtype),
                               jnp.zeros((order - 1,) + a.shape, a.dtype)]) for a in arrays]
    out, out_series = _taylor(fn, arrays, series)
    return _jet_result(out, out_series, lambda s: s[-1])
