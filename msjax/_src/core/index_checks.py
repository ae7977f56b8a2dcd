"""Out-of-range indices raise MindSpore's errors, eagerly and in compiled programs.

XLA clamps or drops an index out of range (a gather gives NaN or the last row, a scatter drops
its update) where MindSpore raises. Every indexing op (Tensor indexing with a Tensor, `gather`,
`gather_nd`, `gather_elements`, `nn.Embedding`, `cross_entropy`/`nll_loss`'s labels, the
`tensor_scatter_*` ops, `scatter_nd`, `unsorted_segment_*`) checks its indices with one of the
checks below, which raise the exception and message MindSpore 2.10 gives (recorded by
tests/goldens/scripts/index_checks_probe.py):

- **eagerly** (concrete indices) the indices are read on the host and checked before the op runs;
- **in a compiled program** (`ms.jit`, GRAPH_MODE Cells, `Model.train`'s steps) the check is a
  flag computed in the program: a program's first trace notes that it checks (`Probe`) and
  binds the checks, and the compiled-call path (transforms/compiled.py) runs that traced
  program under `jax.experimental.checkify` (a trace called inside another one, or one that
  must be traced again anyway, is traced again under checkify instead), whose error value
  leaves the program with its outputs. A failed call's program writes back
  the values it was given (`functionalised`), so it changes no Parameter, and its error is
  raised after the program ran, as MindSpore's graph mode does: by a later compiled call once
  its flag is ready, and at the latest by the next value read on the host (`raise_pending`:
  `asnumpy`, `print`, `float`, saving a checkpoint, the end of a `Model.train` epoch). The steady
  path never waits for a flag (`after_call`). A program without indexing ops is traced once and
  carries no flag. Where a program's checks read only its arguments, the backend may run them as
  a program of their own just before it, passing it their flag (backend/split_checks.py, on
  XLA's CPU backend): the flag, the error and the rollback are the same.

`ms.vmap`'s programs check their indices too (its CompiledFunction's `checks_structured`): the
vmapped function is checkified whole, and the call waits for its flag and raises before it
writes anything. Indices traced by a transform msjax does not compile itself (the user's own
`jax.jit` or `jax.vmap` around msjax ops) are not checked: their values are known to no one who
could raise. `MSJAX_CHECK_INDICES=sync` makes every compiled call wait for its own flag and raise at
the call itself; `MSJAX_CHECK_INDICES=0` turns the checks off (benchmarks/index_checks.py
measures what they cost); msjax then warns once, at the first index it does not check.
"""
from __future__ import annotations

import collections
import contextvars
import functools
import os
import threading
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import checkify

SWITCH = "MSJAX_CHECK_INDICES"
_ENABLED = [os.environ.get(SWITCH, "1") != "0"]
_SYNC = [os.environ.get(SWITCH) == "sync"]  # wait for every checked call's flag
# Checked calls whose flags are not read yet, at most (`after_call`): a bound on what is kept,
# not a pace. JAX's CPU client makes a call wait once a few dozen programs are in flight (about
# 30 measured with this jaxlib), so a steady loop's host does not get this far ahead of its
# device and never waits for a flag.
MAX_PENDING = 64
_warned_off = [False]

PROBE, FUNCTIONALISED = "probe", "functionalised"
_ERRORS = {"RuntimeError": RuntimeError, "ValueError": ValueError, "IndexError": IndexError}
_CHECKIFY_SUFFIX = " (`check` failed)"


class Probe:
    """A compiled trace's view of the checks: `mode` PROBE notes that an op checked
    (`needed`); FUNCTIONALISED binds checkify's checks, which the trace's checkify collects.
    A probe that `binds` also binds the checks, unfunctionalised, in the trace it notes them in:
    that trace's program is then checkified as it is (`functionalised` of the traced program),
    not traced again (transforms/compiled.py)."""

    __slots__ = ("mode", "needed", "binds")

    def __init__(self, mode):
        self.mode = mode
        self.needed = False
        self.binds = False


_active: contextvars.ContextVar = contextvars.ContextVar("msjax_index_checks", default=None)


def enabled() -> bool:
    """Whether indices are checked (`MSJAX_CHECK_INDICES`, default on)."""
    return _ENABLED[0]


def set_enabled(on: bool) -> bool:
    """Turn index checks on or off for this process (as `MSJAX_CHECK_INDICES` does at start);
    returns the previous setting. Programs compiled before keep the checks they were built with."""
    previous, _ENABLED[0] = _ENABLED[0], bool(on)
    _warned_off[0] = False
    return previous


class tracing:
    """Within a compiled program's trace: checks there are probed (`functionalised=False`) or
    bound as checkify checks. `tracing(None)` is a trace whose indices are not checked (a
    nested trace of a transform that does not carry the flag)."""

    def __init__(self, probe: Probe | None):
        self.probe = probe

    def __enter__(self):
        self.token = _active.set(self.probe)
        return self.probe

    def __exit__(self, *exc):
        _active.reset(self.token)


def _is_traced(x) -> bool:
    return isinstance(x, jax.core.Tracer)


def _off() -> bool:
    if _ENABLED[0]:
        return False
    if not _warned_off[0]:
        _warned_off[0] = True
        warnings.warn(f"msjax: index checks are off ({SWITCH}=0): an out-of-range index gives an "
                      "undefined value instead of MindSpore's error.", stacklevel=4)
    return True


def _raise(template: str, payload: dict):
    kind, message = template.split(": ", 1)
    raise _ERRORS[kind](message.format(**{k: _text(v) for k, v in payload.items()}))


def _text(value) -> str:
    value = np.asarray(value)
    if value.ndim == 0:
        return str(int(value))
    return ", ".join(str(int(v)) for v in value.reshape(-1))


def _require(bad_fn, indices, template: str, *statics):
    """Raise `template` (`"Kind: message"`) with the payload `bad_fn` computes when any index is
    bad. `bad_fn(xp, indices, *statics) -> (any_bad, payload dict)` is written once for NumPy
    (eager: concrete indices, read on the host) and jax.numpy (traced: a checkify check)."""
    if _is_traced(indices):
        probe = _active.get()
        if probe is None:
            return
        if _off():
            return
        if probe.mode == PROBE:
            probe.needed = True
            if not probe.binds:
                return
        bad, payload = bad_fn(jnp, indices, *statics)
        checkify.check(~bad, template, **payload)
        return
    if _off():
        return
    host = np.asarray(indices)
    if host.size == 0:
        return
    bad, payload = bad_fn(np, host, *statics)
    if bad:
        _raise(template, payload)


def raise_failed(error_tree, leaves) -> None:
    """After a checked program ran: raise MindSpore's error its checks found, if any. Its
    first leaf says whether any check failed (`functionalised`): one value read from the
    device on a call that passed (through NumPy: `bool` of a JAX array costs 5-25 us more)."""
    if not np.asarray(leaves[0]):
        return
    error = jax.tree_util.tree_unflatten(error_tree, leaves[1:])
    text = error.get()
    if text is None:
        return
    if text.endswith(_CHECKIFY_SUFFIX):
        text = text[:-len(_CHECKIFY_SUFFIX)]
    kind, message = text.split(": ", 1)
    raise _ERRORS.get(kind, RuntimeError)(message) from None


_local = threading.local()


def _ready(flag) -> bool:
    """Whether a kept flag can be read without waiting for its program."""
    return flag.is_ready()


def after_call(error_tree, leaves) -> None:
    """After a checked program was called (its outputs written back: a failed call's are the
    values it was given, see `functionalised`): keep this call's flag, then read the kept flags
    whose programs have finished, oldest first, and raise the first failed one's error. Only a
    host more than `MAX_PENDING` calls ahead waits, for the oldest. With
    `MSJAX_CHECK_INDICES=sync` every call waits for its own flag.

    Waiting for a flag at every call (or every few) stops JAX's asynchronous dispatch from
    running ahead; the flags of calls still running cost nothing kept, and a result read on
    the host raises them (`raise_pending`)."""
    if _SYNC[0]:
        raise_pending()
        raise_failed(error_tree, leaves)
        return
    pending = getattr(_local, "pending", None)
    if pending is None:
        pending = _local.pending = collections.deque()
    pending.append((error_tree, leaves))
    while pending and (len(pending) > MAX_PENDING or _ready(pending[0][1][0])):
        tree, values = pending.popleft()
        try:
            raise_failed(tree, values)
        except Exception:
            pending.clear()  # one error a time: the later calls ran on what the failed one kept
            raise


def raise_pending() -> None:
    """Raise the error of an earlier compiled call whose check failed and was not raised yet
    (`after_call`), waiting for the kept flags: called where a value is read on the host
    (`Tensor.asnumpy`, `print`, a checkpoint's values, ...) and at the end of each of
    `Model.train`'s epochs."""
    pending = getattr(_local, "pending", None)
    if pending:
        earlier = list(pending)
        pending.clear()
        for tree, values in earlier:
            raise_failed(tree, values)


def forward_failed(error_tree, leaves) -> None:
    """A checked program called inside another's trace: its error joins the enclosing
    program's (checkify) or makes the enclosing trace note that it checks (probe)."""
    probe = _active.get()
    if probe is None:
        return
    if probe.mode == PROBE:
        probe.needed = True
        if not probe.binds:
            return
    checkify.check_error(jax.tree_util.tree_unflatten(error_tree, leaves[1:]))


def functionalised(fn, written):
    """`fn(*flat) -> tuple` under checkify: its outputs, then whether a check failed and the
    error's leaves; the error's tree is put in the list returned with it when `fn` is traced.
    `written()` (known once `fn` was traced) lists the inputs whose new values are `fn`'s last outputs, in order: when a check
    fails those outputs are the inputs as they came in, so a failed call that donated its
    inputs writes back the values it was given (a failed call changes no Parameter)."""
    holder = [None]

    def checked(*flat):
        error, outputs = checkify.checkify(fn, errors=checkify.user_checks)(*flat)
        leaves, holder[0] = jax.tree_util.tree_flatten(error)
        # checkify's error holds one flag per kind of check: whether it failed
        flags = [leaf for leaf in leaves if leaf.dtype == np.bool_ and leaf.ndim == 0]
        failed = functools.reduce(jnp.logical_or, flags, jnp.zeros((), np.bool_))
        outputs = list(outputs)
        index = written()
        if flags and index:
            start = len(outputs) - len(index)
            for k, i in enumerate(index):
                outputs[start + k] = jnp.where(failed, flat[i], outputs[start + k])
        return tuple(outputs) + (failed,) + tuple(leaves)
    return checked, holder


# -- the checks: one per MindSpore message ------------------------------------------------------
def _first(xp, bad):
    """The flat position of the first True in `bad` (C order)."""
    return xp.argmax(bad.reshape(-1))


def _gather_bad(xp, indices, size):
    bad = (indices < -size) | (indices >= size)
    first = indices.reshape(-1)[_first(xp, bad)]
    return bad.any(), {"value": xp.where(first < 0, first + size, first)}


def check_gather(indices, size: int) -> None:
    """Gather (ops.gather, Tensor indexing with a Tensor, nn.Embedding): in [-size, size)."""
    _require(_gather_bad, indices,
             "RuntimeError: For 'Gather', the 'input_indices' should be in the range "
             f"[0, {size}), but got {{value}}, error_code[58]", size)


def _outside_bad(xp, indices, size):
    """Indices outside [0, size) (negative ones too), and the first of them."""
    bad = (indices < 0) | (indices >= size)
    return bad.any(), {"value": indices.reshape(-1)[_first(xp, bad)]}


def check_box_index(index, batch: int) -> None:
    """CropAndResize's box_index: in [0, batch)."""
    _require(_outside_bad, index,
             f"ValueError: For 'CropAndResize', the value of box_index must be in [0, {batch}), "
             "but got [{value}].", batch)


def check_token_ids(name: str, ids, vocab: int) -> None:
    """A decoding op's token ids (NoRepeatNGram's state_seq): in [0, vocab)."""
    _require(_outside_bad, ids,
             f"ValueError: For {name}, the id in the state input is not valid. Please make the "
             f"value in the state_seq in the valid range between [0,{vocab}).", vocab)


def _gather_d_bad(xp, index, size):
    bad = (index < -size) | (index >= size)
    return bad.any(), {"value": index.reshape(-1)[_first(xp, bad)]}


def check_gather_d(index, size: int) -> None:
    """GatherD (gather_elements, cross_entropy/nll_loss labels): in [-size, size)."""
    _require(_gather_d_bad, index,
             f"RuntimeError: For 'GatherD', the value of 'index' must be in [-{size}, {size}), "
             "but got: {value}", size)


def _rows(xp, indices, shape):
    depth = indices.shape[-1]
    rows = indices.reshape(-1, depth)
    limits = xp.asarray(shape[:depth])
    bad_rows = ((rows < 0) | (rows >= limits)).any(axis=-1)
    first = _first(xp, bad_rows)
    return bad_rows.any(), first, rows[first], depth


def _vector(n) -> str:
    """`{row0, row1, ...}` as MindSpore prints a vector: literal braces around the fields."""
    return "{{" + ", ".join(f"{{row{i}}}" for i in range(n)) + "}}"


def _row_payload(row, depth) -> dict:
    return {f"row{i}": row[i] for i in range(depth)}


def _gather_nd_bad(xp, indices, shape):
    bad, first, row, depth = _rows(xp, indices, shape)
    return bad, {"position": first, **_row_payload(row, depth)}


def check_gather_nd(indices, shape) -> None:
    """GatherNd: each index row within the input's leading dimensions (no negative index)."""
    depth = indices.shape[-1]
    if depth == 0:
        return
    _require(_gather_nd_bad, indices,
             "RuntimeError: For 'GatherNd', the indices[{position}]: [const vector]"
             f"{_vector(depth)}, does not index into input_shape: [const vector]"
             "{{" + ", ".join(str(s) for s in shape) + "}}.", tuple(shape))


def _negative_bad(xp, indices):
    bad = indices < 0
    return bad.any(), {"value": indices.reshape(-1)[_first(xp, bad)]}


def _scatter_rows_bad(xp, indices, shape):
    bad, first, row, depth = _rows(xp, indices, shape)
    return bad, {"position": first * depth, **_row_payload(row, depth)}


def _beyond_rows_bad(xp, indices, shape):
    return _scatter_rows_bad(xp, xp.maximum(indices, 0), shape)


def check_tensor_scatter(name: str, indices, shape) -> None:
    """TensorScatterUpdate / TensorScatterAdd, ... : each index row within the input's leading
    dimensions, with MindSpore's messages (Update's differ from the others')."""
    depth = indices.shape[-1]
    if depth == 0:
        return
    if name in ("TensorScatterUpdate", "ScatterNdUpdate"):
        _require(_negative_bad, indices, "RuntimeError: The int value({value}) is less than 0.")
        _require(_beyond_rows_bad, indices,
                 f"ValueError: For '{name}', indices out of range for input_x. "
                 f"Please check the indices which is [const vector]{_vector(depth)}",
                 tuple(shape))
        return
    limits = ", ".join(str(s) for s in shape[:depth])
    _require(_scatter_rows_bad, indices,
             f"RuntimeError: For '{name}', the {{position}}-th value of 'indices'"
             f"[{', '.join(f'{{row{i}}}' for i in range(depth))}] is out of range[{limits}].",
             tuple(shape))


def check_scatter_rows(name: str, indices, size: int) -> None:
    """The legacy ScatterUpdate / ScatterAdd / ... on a Parameter: each index a row in [0, size)
    (no negative indices), with MindSpore's message."""
    _require(_outside_bad, indices,
             f"RuntimeError: For '{name}', the value of indices should be in [0, {size}), but got "
             "'{value}' in indices.", size)


def _coordinates_bad(xp, indices, shape):
    depth = indices.shape[-1]
    limits = xp.asarray(shape[:depth])
    bad = ((indices < 0) | (indices >= limits)).any(axis=-1)
    return bad.any(), {}


def check_nd_coordinates(name: str, indices, shape) -> None:
    """ScatterNdAdd / ScatterNdSub / ... on a Parameter: each coordinate of each index row in
    [0, its dimension). MindSpore's CPU kernel reports only that its launch failed; the number
    after `-op` is the kernel's, counted per op and input signature in MindSpore's process
    (msjax says op0: docs/migration.md, "Scatter kernels' launch failures")."""
    if indices.shape[-1] == 0:
        return
    _require(_coordinates_bad, indices,
             f"RuntimeError: Launch kernel failed, name:Default/{name}-op0", tuple(shape))


def _zero_bad(xp, values):
    return (values == 0).any(), {}


def check_nonzero(name: str, updates) -> None:
    """ScatterDiv: no update may be 0 (any dtype), with MindSpore's message."""
    _require(_zero_bad, updates, f"ValueError: For '{name}', updates must not contain 0")


def _flagged(xp, flags):
    return flags.any(), {}


def check_positive_definite(factor) -> None:
    """Cholesky: XLA's factor of a matrix that is not symmetric positive-definite (or holds NaN)
    is NaN, where MindSpore's kernel raises."""
    _require(_flagged, jnp.isnan(factor).any(axis=(-2, -1)),
             "RuntimeError: Cholesky expects symmetric positive definite matrices as inputs.")


def _normalised(xp, indices, size):
    return xp.where(indices < 0, indices + size, indices)


def _set_negative_bad(xp, indices, size):
    return _negative_bad(xp, _normalised(xp, indices, size))


def _set_beyond_bad(xp, indices, size):
    indices = _normalised(xp, indices, size)
    bad = indices >= size
    return bad.any(), {"value": indices.reshape(-1)[_first(xp, bad)]}


def check_setitem(indices, size: int, before: str = "", after: str = "") -> None:
    """`x[indices] = v` with integer `indices` on an axis of `size` elements, as MindSpore's
    TensorScatterUpdate checks them once a negative index had `size` added: its messages name
    the first bad index row, whose other coordinates are `before` and `after` (text: `"0, "`
    for a slice `:` before the axis)."""
    _require(_set_negative_bad, indices, "RuntimeError: The int value({value}) is less than 0.",
             size)
    _require(_set_beyond_bad, indices,
             "ValueError: For 'TensorScatterUpdate', indices out of range for input_x. Please "
             f"check the indices which is [const vector]{{{{{before}{{value}}{after}}}}}", size)


def _scatter_nd_beyond(xp, indices, shape):
    depth = indices.shape[-1]
    rows = indices.reshape(-1, depth)
    limits = xp.asarray(shape[:depth])
    bad = rows >= limits
    first = _first(xp, bad)
    return bad.any(), {"value": rows.reshape(-1)[first],
                       "limit": xp.broadcast_to(limits, rows.shape).reshape(-1)[first]}


def check_scatter_nd(indices, shape) -> None:
    """ScatterNd: every index element in [0, shape)."""
    if indices.shape[-1] == 0:
        return
    _require(_negative_bad, indices,
             "RuntimeError: For 'ScatterNd', each element in 'indice' must be greater than or "
             "equal to 0, but got {value}")
    _require(_scatter_nd_beyond, indices,
             "RuntimeError: For 'ScatterNd', each element in 'indices' should be smaller than "
             "the value of shape, but got {value} and got the value of shape {limit}",
             tuple(shape))


def _segment_bad(xp, ids, count):
    bad = ids >= count
    first = _first(xp, bad)
    return bad.any(), {"position": first, "value": ids.reshape(-1)[first]}


def check_segment_ids(name: str, ids, count: int) -> None:
    """UnsortedSegment*: ids below `num_segments` (a negative id drops its row, as MindSpore's
    does). MindSpore's own message names only the kernel; the second line says which id."""
    _require(_segment_bad, ids,
             f"RuntimeError: Launch kernel failed, name:Default/{name}-op0\n"
             f"For '{name}', segment_ids[{{position}}] = {{value}} is not less than "
             f"num_segments = {count}.", count)


def _axis_bad(xp, indices, size):
    bad = (indices < -size) | (indices >= size)
    return bad.any(), {"value": indices.reshape(-1)[_first(xp, bad)]}


def check_axis_indices(name: str, indices, size: int) -> None:
    """ScatterAddWithAxis: each index in [-size, size) of its axis (negative ones count from
    the end), else MindSpore's ValueError naming the first index out of it."""
    _require(_axis_bad, indices,
             f"ValueError: For '{name}', indices value {{value}} is out of bound {size}!", size)


def _not_finite_bad(xp, values, kind):
    """The first value that is NaN or infinite decides MindSpore's message: NaN (kind 0) or
    Inf (kind 1)."""
    flat = values.reshape(-1)
    bad = ~xp.isfinite(flat)
    first_is_nan = xp.isnan(flat[_first(xp, bad)])
    return bad.any() & (first_is_nan == (kind == 0)), {}


def check_numerics(values) -> None:
    """CheckNumerics: MindSpore's CPU kernel stops at the first NaN or infinite value, with a
    RuntimeError naming which it was."""
    if values.size == 0:
        return
    _require(_not_finite_bad, values, "RuntimeError: : Tensor had NaN values", 0)
    _require(_not_finite_bad, values, "RuntimeError: : Tensor had Inf values", 1)


def _dims_bad(xp, dims):
    return (dims <= 0).any(), {}


def _below_zero_bad(xp, indices):
    return (indices < 0).any(), {}


def _beyond_bad(xp, both, count):
    """`both`: the indices, then the `count` dimensions."""
    indices, dims = both[:-count], both[-count:]
    return (indices >= xp.prod(dims)).any(), {}


def check_unravel(indices, dims) -> None:
    """UnravelIndex: every dimension positive, every index in [0, prod(dims)), with MindSpore's
    ValueErrors (its kernel checks the dimensions first)."""
    _require(_dims_bad, dims, "ValueError: All dimensions must be greater than 0.")
    _require(_below_zero_bad, indices, "ValueError: Index must be greater than 0.")
    xp = jnp if _is_traced(indices) or _is_traced(dims) else np
    both = xp.concatenate([xp.ravel(indices), xp.ravel(dims).astype(indices.dtype)])
    _require(_beyond_bad, both, "ValueError: Index out of boundary.", dims.shape[0])
