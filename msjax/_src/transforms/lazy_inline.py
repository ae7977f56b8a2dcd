"""`mindspore.lazy_inline`: reuse one traced program for identical blocks, scan over runs of them.

MindSpore 2.10 supports `@lazy_inline` only on Ascend; msjax supports it everywhere. On the
`__init__` of a Cell it records `cell_init_args` exactly as MindSpore does. While msjax traces a
program (jit, GRAPH_MODE, vmap...), a call of such a Cell with one Tensor does not run at once:
it returns a *pending* Tensor and joins a chain. Consecutive calls of blocks with the same
`cell_init_args`, each fed the previous one's output (the `for i in range(n): x = blocks[i](x)`
pattern of transformer stacks), extend the chain. When the value is needed, the chain runs as
one `lax.scan` over the blocks' stacked Parameters, tracing the block's `construct` once, so
compile time stops growing with depth. Results, gradients and Parameter writes are those of the
inlined program; a chain that cannot be scanned (a block that changes its input's shape or
writes state outside its own Parameters) runs inlined, block by block. The stacked gradients
of a scanned chain leave the program stacked (stacked_outputs.py); a program that goes on to
compute with them row by row (an optimizer step in the same program) is traced again with its
chains inlined, which XLA's CPU backend compiles faster than the rows of a stack.
"""
from __future__ import annotations

import contextvars
import functools
import inspect
import logging

import jax

from msjax._src.core import lifting
from msjax._src.core.tensor import Tensor, _wrap

_logger = logging.getLogger("msjax")


LAZY_INLINE_MARK = "lazy_inline_"


def _bound_arguments(init, attrs, self, args, kwargs):
    """The values `__init__` is called with (in its parameters' order), when `attrs` is None."""
    if attrs is not None:
        return []
    bound = inspect.signature(init).bind(self, *args, **kwargs)
    arguments = dict(bound.arguments)
    del arguments["self"]
    return arguments.values()


def _init_args_text(cell, attrs, init_args) -> str:
    """MindSpore's `cell_init_args` (without lazy_inline's mark): the class name and the
    constructor's arguments, or the values of the attributes `attrs` names (a list or one)."""
    if attrs is None:
        return type(cell).__name__ + str(init_args)
    if isinstance(attrs, list):
        init_args = []
        for attr in attrs:
            if not isinstance(attr, str):
                raise ValueError("attr must be a string")
            if hasattr(cell, attr):
                init_args.append(getattr(cell, attr))
    elif isinstance(attrs, str):
        init_args = getattr(cell, attrs) if hasattr(cell, attrs) else []
    else:
        raise ValueError("attrs must be list or string")
    return type(cell).__name__ + str(init_args)


def cell_attr_register(fn=None, attrs=None):
    """`mindspore._extends.cell_attr_register(fn=None, attrs=None)` on a Cell's `__init__`:
    after it runs, the Cell's `cell_init_args` is its class name and constructor arguments (or
    the attributes `attrs` names), as MindSpore records it. Such a Cell is no lazy_inline block:
    it runs as any other."""
    def wrap_init(init):
        @functools.wraps(init)
        def registered_init(self, *args, **kwargs):
            init_args = _bound_arguments(init, attrs, self, args, kwargs)
            init(self, *args, **kwargs)
            self.cell_init_args = _init_args_text(self, attrs, init_args)
        return registered_init
    return wrap_init(fn) if fn is not None else wrap_init


def lazy_inline(fn=None, attrs=None, policy=None):
    """`mindspore.lazy_inline(fn=None, attrs=None, policy=None)` on a Cell's `__init__`."""
    def wrap_init(init):
        if inspect.isclass(init):
            raise ValueError("The lazy_inline should decorate the __init__ function, not the class "
                             f"{init.__name__}. File: {inspect.getfile(init)}")
        if init.__name__ != "__init__":
            raise ValueError("The lazy_inline should decorate the __init__ function, not the "
                             f"function: {init.__name__}. line: {init.__code__.co_firstlineno} "
                             f"in {init.__code__.co_filename}")

        def lazy_inline_init(self, *args, **kwargs):
            init_args = _bound_arguments(init, attrs, self, args, kwargs)
            init(self, *args, **kwargs)
            if isinstance(policy, str) and policy == "front":
                self.no_inline = False
            elif policy is not None:
                raise ValueError("policy must be None or 'front'")
            self.cell_init_args = LAZY_INLINE_MARK + _init_args_text(self, attrs, init_args)

        lazy_inline_init.__wrapped__ = init
        lazy_inline_init.__name__ = init.__name__
        lazy_inline_init.__qualname__ = init.__qualname__
        lazy_inline_init.__doc__ = init.__doc__
        return lazy_inline_init

    if fn is not None:
        return wrap_init(fn)
    return wrap_init


def no_inline(fn=None):
    """`mindspore.no_inline(fn=None)`: marks a function (`fn.no_inline = True`) whose compiled
    subgraph MindSpore keeps as one reusable call instead of inlining it; returns `fn` itself
    (used bare or as `no_inline()`). XLA decides inlining in msjax, so the mark changes nothing
    that a program computes."""
    def mark(function):
        function.no_inline = True
        return function

    if fn is not None:
        return mark(fn)
    return mark


class _Chain:
    """Consecutive calls of blocks sharing `cell_init_args`, not yet run."""

    __slots__ = ("key", "input", "blocks", "outputs", "done")

    def __init__(self, key, input_data):
        self.key = key
        self.input = input_data      # the array fed to the first block
        self.blocks = []
        self.outputs = []            # PendingTensor per block
        self.done = 0                # blocks already run (their outputs are materialised)


class PendingTensor(Tensor):
    """The output of a block in a chain: its value is computed when first read."""

    __slots__ = ("_chain", "_index", "_value")

    @property
    def _data(self):
        if self._value is None:
            _materialise(self._chain, self._index)
        return self._value

    @_data.setter
    def _data(self, value):
        if self._value is None:
            _materialise(self._chain, self._index)
        self._value = value


def _flatten_pending(tensor):
    return (tensor._data,), None


jax.tree_util.register_pytree_node(PendingTensor, _flatten_pending,
                                   lambda _, children: _wrap(children[0]))


# Chains scanned so far in this process (a trace that scanned one changes the count), and whether
# chains are run inlined: compiled.py retraces a program so when the rows of a chain's stacked
# gradients feed further computation inside it (an optimizer step): XLA's CPU backend compiles
# each row's consumers separately and slowly (stacked_outputs.rows_feed_computation), and the
# inlined program compiles faster and runs without stacking the Parameters on every call.
# Both are per thread and task (ContextVars), like the state frames.
_SCANS: contextvars.ContextVar = contextvars.ContextVar("msjax_lazy_inline_scans", default=0)
_INLINE: contextvars.ContextVar = contextvars.ContextVar("msjax_lazy_inline_inlined",
                                                         default=False)


def scan_count() -> int:
    return _SCANS.get()


class inlined:
    """Within: lazy_inline blocks run inlined, as plain Cells (`with inlined(flag):`)."""

    __slots__ = ("flag", "token")

    def __init__(self, flag=True):
        self.flag = flag

    def __enter__(self):
        self.token = _INLINE.set(self.flag or _INLINE.get())

    def __exit__(self, *exc):
        _INLINE.reset(self.token)


def call_lazy(cell, args, kwargs):
    """A call of a lazy_inline Cell while tracing: join or start a chain (see the module doc)."""
    key = cell.cell_init_args
    if (_INLINE.get() or kwargs or len(args) != 1 or not isinstance(args[0], Tensor)
            or not isinstance(key, str) or not key.startswith(LAZY_INLINE_MARK)):
        return None  # (a Cell's cell_init_args from cell_attr_register: no lazy_inline block)
    x = args[0]
    chain = x._chain if isinstance(x, PendingTensor) else None
    if (chain is None or chain.key != key or x._value is not None
            or chain.outputs[-1] is not x or any(b is cell for b in chain.blocks)):
        chain = _Chain(key, x._data)
    out = object.__new__(PendingTensor)
    out._chain, out._index, out._value = chain, len(chain.blocks), None
    chain.blocks.append(cell)
    chain.outputs.append(out)
    return out


def _materialise(chain, upto):
    """Run the chain's blocks up to `upto` (inclusive) and store their outputs."""
    blocks = chain.blocks[chain.done:upto + 1]
    first = chain.done
    try:
        outputs = _scan_blocks(blocks, chain.input)
    except _CannotScan as reason:
        _logger.debug("msjax lazy_inline: running %d blocks inlined: %s", len(blocks), reason)
        outputs = _inline_blocks(blocks, chain.input)
    for i, value in enumerate(outputs):
        chain.outputs[first + i]._value = value
    chain.done = upto + 1
    chain.input = outputs[-1]


class _CannotScan(Exception):
    pass


def _inline_blocks(blocks, x):
    values = []
    for block in blocks:
        out = block._run_construct((_wrap(x),), {})
        x = out._data
        values.append(x)
    return values


def _scan_blocks(blocks, x):
    """All blocks as one lax.scan over their stacked Parameters; the outputs of every block."""
    params = [list(block.get_parameters()) for block in blocks]
    template = params[0]
    for block_params in params[1:]:
        if len(block_params) != len(template) or any(
                a.shape != b.shape or a.dtype != b.dtype for a, b in zip(template, block_params)):
            raise _CannotScan("the blocks' Parameters differ in number, shape or dtype")
    if len(blocks) == 1:
        return _inline_blocks(blocks, x)
    stacked = lifting.stack_states(params)
    written = []
    _SCANS.set(_SCANS.get() + 1)
    block, _ = lifting.lift(blocks[0]._run_construct, boxes=template)

    def body(carry, slices):
        call = block(slices, (_wrap(carry),), {})
        out, finals = call.result, call.finals
        if call.free_written():
            raise _CannotScan("a block writes state outside its own Parameters")
        if not isinstance(out, Tensor) or out.shape != carry.shape or out._data.dtype != carry.dtype:
            raise _CannotScan(f"a block's output ({getattr(out, 'shape', None)}, "
                              f"{getattr(out, 'dtype', None)}) differs from its input "
                              f"({carry.shape}, {carry.dtype})")
        written[:] = [j for j, (f, s) in enumerate(zip(finals, slices)) if f is not s]
        return out._data, (out._data, [finals[j] for j in written])

    # Save only the matmul results for the backward pass: by default JAX also keeps every value
    # derived from the blocks' Parameters (transposed weights: a copy of the stack) as
    # residuals, which made a step 4x slower than the inlined program on XLA's CPU backend
    # (N=48 blocks of the depth benchmark: 181 ms against 46 ms; 76-81 ms with this policy).
    body = jax.checkpoint(body, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
    _, (outputs, finals) = jax.lax.scan(body, x, stacked)
    per_position = [None] * len(template)  # the stacked finals of the written positions
    for k, j in enumerate(written):
        per_position[j] = finals[k]
    lifting.write_back(*lifting.unstack_writes(params, per_position))
    return list(outputs)
