"""A compiled function's record of one call signature (`Program`) and of one trace of it
(`TraceRecord`).

The compiled-call path (transforms/compiled.py) makes and fills them; the backend reads and fills
the fields of a `Program` it needs (graph_call.py: `boxes`, `compiled`, `call`, `dispatch`,
`single`, `written_index`, `rows`, `donated`, `eager`, `fast_call`; compile_cache.py: the output
layout and the cache entry's name and files). Both are core's, below the two layers that use them.
"""
from __future__ import annotations

from msjax._src.core import index_checks, lifting, state


class TraceRecord:
    """What one trace of a program learned: the output structure and Python values, which boxes
    it writes, and the free boxes (read or written without being inputs) it found. Created per
    jitted function and filled by its trace; the compiling code copies it into the `Program`.
    `fold` (graph_fallback.run_folding_when_needed) carries over to the next record: a program
    that needed its constants folded is traced folded again."""

    __slots__ = ("out_tree", "constants", "single", "writes", "written_index", "free", "created",
                 "created_written", "fold", "checks", "returned_box", "attribute_guard",
                 "attribute_writes")

    def __init__(self, fold=False):
        self.fold = fold  # constants are folded while tracing (graph_fallback.py)
        self.out_tree = None
        self.constants = ()  # the result's Python values (graph_fallback.flatten_result)
        self.single = False
        self.returned_box = None  # the result is this box (by index), unwritten: see Program
        self.writes = True
        self.written_index = []
        self.free = []
        self.created = []  # Parameters the trace created (a Cell built inside jit), in order
        self.created_written = []  # those it wrote, which the program must keep
        self.checks = index_checks.Probe(index_checks.PROBE)  # whether an op checked indices
        # Attributes the trace wrote (core/attributes.py): `(obj, name, guard key)` of each,
        # its value before the call, and the outputs of those whose final value is one
        # (`attributes.Outputs`; None when the trace wrote none but boxes)
        self.attribute_guard = ()
        self.attribute_writes = None

    def settled(self) -> bool:
        return not self.free and not self.created_written


class Program:
    """One compiled signature: its boxes and its jitted pure function."""

    __slots__ = ("boxes", "jitted", "record", "compiled", "key", "objs", "context", "out_tree",
                 "single", "writes", "written_index", "cache_name", "cache_deps", "cache_reads",
                 "rows", "returned_box",
                 "inline_chains", "eager", "call", "rebuild", "created", "constants",
                 "donated", "dispatch", "fast_call", "checked", "error_tree", "split",
                 "attribute_guard", "attribute_keys", "attribute_writes", "variants",
                 "argument_hooks", "__weakref__")

    def __init__(self, key, objs, boxes, make_jitted, rebuild, context=None):
        self.key = key
        self.objs = objs  # the same objects for every call with this key: ids are in the key
        self.boxes = boxes
        self.context = context  # what a transform needs to know of this signature (vmap axes)
        self.out_tree = None  # the output structure, when outputs are returned flat
        self.single = False  # the output is one Tensor
        # The whole result is the Parameter `boxes[returned_box]`, which the call did not write:
        # MindSpore's graph returns that Parameter itself (its name, its later values).
        self.returned_box = None
        self.writes = True  # the program writes some box
        self.written_index = []  # which boxes it writes (flat outputs)
        self.compiled = None  # the XLA executable, for calls with concrete values
        self.call = None  # what a call with concrete values runs: the executable, or a lowering's
        self.rebuild = rebuild  # the result from the flat outputs (compiled.py's `_rebuild`)
        self.cache_name = self.cache_deps = None  # its compile-cache entry, when caching
        self.cache_reads = None  # the module globals its trace read (compile_cache.global_reads)
        self.rows = None  # set when compiling: outputs returned stacked (stacked_outputs.py)
        self.inline_chains = False  # run lazy_inline chains inlined (set when compiling)
        self.eager = False  # this signature could not be compiled: it runs eagerly (jit.py)
        self.created = None  # the Parameters an earlier trace created, which later traces replay
        self.constants = ()  # the result's Python values (graph_fallback.py)
        self.donated = ()  # the box inputs the executable donates (written boxes: _compile)
        self.dispatch = None  # the jitted function whose trace was compiled (_compile)
        self.fast_call = None  # (call key version, a Cell's fast call, its class call or None)
        self.record = None  # the record of the jitted function's traces (None: from the cache)
        # The program checks indices (core/index_checks.py): its last `error_tree.num_leaves`
        # outputs are checkify's error, raised after a call before anything is written back.
        self.checked = False
        self.error_tree = None  # [the error's tree], filled by the checked program's trace
        self.split = None  # (checks, reads): its checks run as a program before it (_compile)
        # The attributes its trace wrote (core/attributes.py): `(obj, name, key)` rows whose
        # values (`attribute_keys`) select this program, the outputs written back to them, and
        # the programs traced for other values of them (`variants`, by their keys)
        self.attribute_guard = ()
        self.attribute_keys = ()
        self.attribute_writes = None
        self.variants = None
        # The hooks of its Tensor arguments when it was made (lifting.argument_hooks), or None
        self.argument_hooks = None
        self.jitted, self.record = make_jitted(self)  # for calls under an enclosing trace

    def adopt(self, record: TraceRecord) -> None:
        """Take the output layout a trace learned."""
        self.out_tree, self.single, self.constants = (record.out_tree, record.single,
                                                      record.constants)
        self.returned_box = record.returned_box
        self.writes, self.written_index = record.writes, list(record.written_index)
        self.attribute_guard = record.attribute_guard
        self.attribute_keys = tuple(key for _, _, key in record.attribute_guard)
        self.attribute_writes = record.attribute_writes

    def grow(self, record: TraceRecord, make_jitted) -> None:
        """Make the free boxes a trace found, and the Parameters it created and wrote, inputs of
        a new jitted function (which replays the trace's creations: `state.Frame.adopt`)."""
        if record.created_written:
            for box in record.created_written:
                if box._value is None:  # its initial value was traced (a random initialiser)
                    raise state.created_parameter_error(box)
            self.created = record.created
        self.boxes = lifting.grown(self.boxes, record.free + record.created_written)
        self.jitted, self.record = make_jitted(self)
