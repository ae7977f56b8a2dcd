"""msjax's executable cache for eager (PyNative) programs.

A first eager forward of a network compiles one XLA program per distinct (op, shape). JAX's
persistent compilation cache keeps their executables on disk, but a later process still traces
and lowers each program to compute that cache's key, which is about half of what it spends. An
`EagerProgram` (what `one_program.eager_jit` makes) keys its programs by what determines them
without tracing: the implementation (its module, name, code and closure), the static arguments,
the input structure and each input's shape, dtype, weak type, committedness and device, the
JAX settings that change tracing, and (once per process) msjax's source, the jax and jaxlib
versions, the backend, `XLA_FLAGS` and the compiler options. A program is looked up in memory,
then in `<eager cache folder>/msjax_programs/<sha256 of the key without the compiler
options>.msjax` (one file read finds its optimised or its quick executable, see `quick_compile`;
the optimised one replaces the quick one there); a hit calls the stored executable through JAX's
own C++ dispatch, skipping tracing, lowering and compiling. Most of a hit (~75-80% on a CPU, ~0.6-
1.5 ms a program) is XLA's `deserialize_executable`; the rest (~0.2 ms: the file, its HMAC and
JSON, the key, JAX's `Compiled` around the executable) is kept small by building each program's
key once and JAX's avals, shardings and output trees once per process.

In memory at most `MSJAX_EAGER_PROGRAMS_MAX` programs are kept (default 512, all EagerPrograms
together, least recently used first out: `_remember`), and the C++ dispatchers keep their
executables in caches of that size: an eager session that meets ever new shapes holds a
bounded set of executables (each costs its machine code's memory, ~1 MB on XLA's CPU). What JAX
keeps per traced shape in its Python-level caches (jaxprs, abstract evaluations, sharding
checks: ~0.1 MB a shape, up to thousands of entries per cache) is emptied each time that many
programs (at least 256) were dropped (`jax_private.clear_staging_caches`): a session that keeps
meeting new shapes stays flat, and one that runs the same shapes never drops a program.

Entries are written with the graph compile cache's signed format
(`backend/compile_cache.py`: JSON and XLA's serialised executable, an HMAC under this user's
key, no pickle): a file is parsed only when this user's msjax wrote it whole, and is used only
when the full key stored in it equals the call's. A file that is missing, unreadable, truncated,
foreign or for another key is passed over quietly (an eager op must not warn), the program is
compiled and the file rewritten. The folder holds at most `MSJAX_EAGER_CACHE_MAX_MB` megabytes
(default 1024): a write that takes it past that removes the least recently used entries (a load
marks its entry used). The folder follows JAX's eager cache
(`compile_settings.enable_eager_cache`: `MSJAX_EAGER_COMPILE_CACHE`, `MS_COMPILER_CACHE_ENABLE`,
the user's own JAX cache settings; `program_dir`): off when that is off, in MindSpore's compile
cache folder when that cache is on.
"""
from __future__ import annotations

import collections
import functools
import hashlib
import os
import sys
import types

import jax
import numpy as np
from jax.sharding import SingleDeviceSharding as _SINGLE_DEVICE

from msjax._src.backend import compile_settings
from msjax._src.backend import jax_private
from msjax._src.backend import quick_compile
from msjax._src.backend import compile_cache
from msjax._src.core.state import STATIC_TYPES
from msjax._src.core.version import __version__

_InternalFloatingPointError = jax_private.INTERNAL_FLOATING_POINT_ERROR
_ARRAY_IMPL = jax_private.ARRAY_IMPL
_at_top_level = jax_private.at_top_level
_committed = jax_private.committed
# Whether EagerProgram keeps its programs (in memory and on disk) and runs them through JAX's C++
# dispatch, which are built on JAX's private APIs. Without them (MSJAX_PRIVATE_JAX=0, another JAX)
# an EagerProgram is the plain `jax.jit` of `impl` (`_public_call`).
AVAILABLE = jax_private.ENABLED
_Tracer = jax.core.Tracer

_config = jax.config
_PYTHON_SCALARS = (float, int, bool)  # passed to programs as JAX does: weakly typed inputs
_MAGIC = b"MSJAXEP1"  # eager program entries; the graph compile cache's are MSJAXCC3
SUBFOLDER = "msjax_programs"
MAX_MB_SWITCH = "MSJAX_EAGER_CACHE_MAX_MB"
DEFAULT_MAX_MB = 1024
_process_identity: list = []
MAX_PROGRAMS_SWITCH = "MSJAX_EAGER_PROGRAMS_MAX"
DEFAULT_MAX_PROGRAMS = 512
# (EagerProgram, key) of every program kept in memory, least recently used first (`_remember`)
_RECENT: collections.OrderedDict = collections.OrderedDict()
_folder_bytes: dict = {}  # folder -> its entries' total size, as this process last knew it
# Programs dropped since JAX's tracing caches were last emptied (`_remember`): they are emptied
# once per max(MSJAX_EAGER_PROGRAMS_MAX, MIN_EVICTIONS_PER_CLEAR) programs dropped.
_evicted = [0]
MIN_EVICTIONS_PER_CLEAR = 256


def program_dir() -> str | None:
    """The folder of stored eager programs, or None when the eager cache is off: beside JAX's
    eager cache; with MindSpore's compile cache on (`MS_COMPILER_CACHE_ENABLE=1`), in its
    folder, `<MS_COMPILER_CACHE_PATH>/rank_<RANK_ID>/graph_cache/msjax_programs`."""
    folder = compile_settings.eager_folder()
    if folder is not None:
        return os.path.join(folder, SUBFOLDER)
    if os.environ.get(compile_settings.SWITCH) == "0":
        return None
    graph_cache = compile_cache.cache_path()
    return None if graph_cache is None else os.path.join(graph_cache, SUBFOLDER)


class EagerProgram:
    """`jax.jit(impl, static_argnames=...)` for msjax's eager ops: a call at top level runs the
    executable for its key, from memory, from disk or compiled with the options
    `options_by_backend` gives the default backend (see the module doc); with `quick` (a
    `quick_compile.QuickCompile`) a program that loses little at the quick options is compiled
    with those first and again with `options_by_backend`'s once it has run often. A call
    inside a trace is the plain jit (inlined into the enclosing program), or with
    `inline_in_traces` `impl` itself (for single primitives, where a nested jit would only add
    an equation to the enclosing program). Static arguments are passed by keyword."""

    def __init__(self, impl, static_argnames=(), options_by_backend=None,
                 inline_in_traces=False, quick=None):
        if isinstance(static_argnames, str):
            static_argnames = (static_argnames,)
        self.impl = impl
        self.static_argnames = tuple(static_argnames)
        self.options_by_backend = options_by_backend or {}
        self.inline_in_traces = inline_in_traces
        self.traced_jit = None  # the jits are made when first needed (each costs a little at
        self.eager_jit = None  # import), the options on the first eager call: asking for the
        self.compiler_options = None  # backend at import would start it
        self.programs: dict = {}  # in-memory key -> the `Compiled` taking the flat array inputs
        self.quick = quick
        self.quick_runs: dict = {}  # key of a quick program -> the runs it has left
        self.dispatch = None  # JAX's C++ dispatch for calls with arrays by position
        self.identity = None  # the implementation's description, made on the first store
        self.__name__ = self.__qualname__ = getattr(impl, "__name__", "program")
        self.__module__ = getattr(impl, "__module__", None)
        self.__doc__ = getattr(impl, "__doc__", None)
        self.__wrapped__ = impl

    def traced(self, *args, **kwargs):
        """The call inside a trace (see the class doc)."""
        if self.inline_in_traces:
            return self.impl(*args, **kwargs)
        if self.traced_jit is None:
            self.traced_jit = jax.jit(self.impl, static_argnames=self.static_argnames)
        return self.traced_jit(*args, **kwargs)

    def eager(self, *args, **kwargs):
        """The call as plain `jax.jit` with the eager options, for inputs the cache does not
        key (NumPy arrays, Python numbers, arrays sharded over several devices)."""
        if self.eager_jit is None:
            self.eager_jit = jax.jit(self.impl, static_argnames=self.static_argnames,
                                     compiler_options=self._options())
        return self.eager_jit(*args, **kwargs)

    def _options(self):
        if self.compiler_options is None:
            self.compiler_options = self.options_by_backend.get(jax.default_backend(), {})
        return self.compiler_options or None

    def _quick_options(self):
        """The options of a quick first compile on the default backend, or None."""
        if self.quick is None:
            return None
        return self.quick.options(jax.default_backend(), self._options())

    def __call__(self, *args, **kwargs):
        if not kwargs and self.dispatch:  # the hot path: arguments by position, keyed and run
            try:  # by JAX's C++ (misses: `_dispatch_miss`)
                return self.dispatch(*args)
            except _InternalFloatingPointError as error:  # jax.debug_nans' check of outputs
                raise FloatingPointError(f"invalid value ({error.ty}) encountered in "
                                         f"{self.__name__}") from None
        if _at_top_level is None:
            return self._public_call(args, kwargs)
        if not _at_top_level():
            return self.traced(*args, **kwargs)
        if _config.jax_debug_nans or _config.jax_debug_infs:  # jax.jit checks the outputs
            return self.eager(*args, **kwargs)
        if not kwargs and self.dispatch is None:
            dispatch = self.positional_dispatch()
            if dispatch:
                return dispatch(*args)
        if _config.jax_disable_jit:  # JAX's switch for debugging: the op's Python, op by op
            return self.impl(*args, **kwargs)
        return self._run(args, kwargs)[0]

    def _public_call(self, args, kwargs):
        """The call on public JAX only: the plain jit, one program per eager call (public JAX
        cannot tell an eager call from one inside a trace whose inputs are all constants, so
        no eager compile options: `jax.jit` refuses them on a nested jit); with
        `inline_in_traces`, a call given a tracer is `impl` itself."""
        if self.inline_in_traces and (_any_tracer(args) or _any_tracer(kwargs.values())):
            return self.impl(*args, **kwargs)
        if self.traced_jit is None:
            self.traced_jit = jax.jit(self.impl, static_argnames=self.static_argnames)
        return self.traced_jit(*args, **kwargs)

    def positional_dispatch(self):
        """JAX's C++ dispatch of this program for arguments by position (made now when no call
        has made it yet), which `__call__` calls first: a signature run before runs without
        Python; a miss goes to `_dispatch_miss`. An op's Tensor-level function calls it itself
        (`registry.one_program_functional`). None when this JAX has none."""
        if self.dispatch is None:
            self.dispatch = _cpp_dispatch(self.__name__, self.impl, self._dispatch_miss) or False
        return self.dispatch or None

    def _dispatch_miss(self, *args):
        """The C++ dispatch's cache miss (a new signature, a traced argument, a JAX setting
        changed): runs the call and hands the C++ side what it needs to run the next call with
        the same signature itself (None: it asks again)."""
        if _at_top_level is None or not _at_top_level():
            return self.traced(*args), None, False
        if _config.jax_debug_nans or _config.jax_debug_infs:  # jax.jit checks the outputs
            return self.eager(*args), None, False
        outputs, compiled, final = self._run(args, {})
        # a quickly compiled program is left to this miss handler, which counts its calls
        return outputs, _fastpath_data(compiled, args, outputs) if final else None, False

    def _run(self, args, kwargs):
        """The call's outputs, the `Compiled` that ran it (None when it went JAX's way) and
        whether that is the program's final executable (False: a quick one, still counted)."""
        static = tuple((n, kwargs.pop(n)) for n in self.static_argnames if n in kwargs)
        leaves, treedef = jax.tree_util.tree_flatten((args, kwargs))
        signature = []
        for leaf in leaves:
            if type(leaf) is not _ARRAY_IMPL:
                if type(leaf) in _PYTHON_SCALARS:  # an input of the program, weakly typed
                    signature.append((type(leaf).__name__,))
                    continue
                return self.eager(*args, **kwargs, **dict(static)), None, True  # NumPy
            sharding = leaf.sharding
            if type(sharding) is not _SINGLE_DEVICE:
                return self.eager(*args, **kwargs, **dict(static)), None, True
            signature.append((leaf.shape, leaf.dtype, leaf.weak_type, _committed(leaf), sharding))
        key = (treedef, static, tuple(signature), _tracing_settings())
        try:
            compiled = self.programs.get(key)
        except TypeError:  # an unhashable static argument: jax.jit says what is wrong
            return self.eager(*args, **kwargs, **dict(static)), None, True
        if compiled is not None:
            _RECENT.move_to_end((self, key))
        if compiled is None:
            compiled, slowdown = self._load_or_compile(leaves, treedef, static, signature)
            self.programs[key] = compiled
            _remember(self, key)
            runs = None if slowdown is None else self.quick.runs_before_reoptimizing(slowdown)
            if runs is not None:  # counted by the miss handler, then optimised
                self.quick_runs[key] = runs
        runs_left = self.quick_runs.get(key) if self.quick_runs else None
        if runs_left is not None:
            if runs_left > 0:
                self.quick_runs[key] = runs_left - 1
            else:  # run often: compiled optimised from now on
                self.quick_runs.pop(key, None)
                compiled = self._load_or_compile(leaves, treedef, static, signature,
                                                 quick_allowed=False)[0]
                self.programs[key] = compiled
                # JAX's C++ dispatch sends a signature whose miss gave it nothing to run (the
                # quick runs) to the miss handler for good: a new one takes the optimised
                self.dispatch = None
        outputs = (jax_private.executable_cpp_call(compiled) or compiled)(*leaves)
        return outputs, compiled, key not in self.quick_runs

    def _load_or_compile(self, leaves, treedef, static, signature, quick_allowed=True):
        """The program for the key, loaded or compiled, and for a quick one its
        `quick_compile.quick_slowdown` (None for an optimised one). A program's optimised and
        quick executables are stored under one name (the hash of its key without the compile
        options), so one lookup finds either; an optimised one replaces the quick one there."""
        directory = program_dir()
        quick_options = self._quick_options() if quick_allowed else None
        keys = None  # full key -> whether it is the quick program's
        program_key = None if directory is None else self._program_key(treedef, static,
                                                                        signature)
        if program_key is not None:
            keys = {_with_options(program_key, self._options()): False}
            if quick_options is not None:
                keys[_with_options(program_key, quick_options)] = True
            path = os.path.join(directory, entry_name(program_key))
            loaded = _load(path, keys)
            if loaded is not None:
                compiled, slowdown, quick = loaded
                return compiled, slowdown if quick else None
        static_kwargs = dict(static)
        impl = self.impl

        def flat(*arrays):
            args, kwargs = jax.tree_util.tree_unflatten(treedef, arrays)
            return impl(*args, **kwargs, **static_kwargs)
        flat.__name__ = flat.__qualname__ = self.__name__
        traced = jax.jit(flat).trace(*leaves)
        slowdown = (None if quick_options is None
                    else quick_compile.quick_slowdown(traced.jaxpr.jaxpr))
        quick = slowdown is not None and slowdown <= self.quick.slowdown_limit
        options = quick_options if quick else self._options()
        lowered = traced.lower()
        if keys is None:
            return lowered.compile(options), slowdown if quick else None
        # compiled afresh, not taken from JAX's cache: XLA's CPU executable loaded from a cache
        # serialises without its kernels; and the program is stored once, here
        with compile_cache.without_jax_persistent_cache():
            compiled = lowered.compile(options)
        full_key = next(key for key, is_quick in keys.items() if is_quick == quick)
        _store(path, full_key, compiled, slowdown if quick else 0.0)
        return compiled, slowdown if quick else None

    def _full_key(self, treedef, static, signature, options) -> str | None:
        """The key as text, the same in every process for the same program compiled with
        `options`; None when a part cannot be described that way (the program is then kept in
        memory only)."""
        program_key = self._program_key(treedef, static, signature)
        return None if program_key is None else _with_options(program_key, options)

    def _program_key(self, treedef, static, signature) -> str | None:
        """`_full_key` without the compile options (what names the program's entry)."""
        if not signature or not all(_describable(v) for _, v in static):
            return None
        if self.identity is None:
            try:
                self.identity = repr(_describe_impl(self.impl))
            except compile_cache.NotCacheable:
                self.identity = ""
        if not self.identity:
            return None
        device = None
        inputs = []
        for s in signature:
            if len(s) == 1:  # a Python scalar
                inputs.append(s)
                continue
            if device is None:
                device = s[4]
            elif s[4] != device:
                return None
            inputs.append((tuple(s[0]), _dtype_name(s[1]), s[2], s[3], _sharding_repr(s[4])))
        if device is None:
            return None
        return repr((self.identity, self.static_argnames, static, str(treedef), tuple(inputs),
                     _tracing_settings(), process_identity()))


def _any_tracer(values) -> bool:
    """Whether a tracer is among `values` or in their tuples and lists."""
    for value in values:
        if isinstance(value, _Tracer):
            return True
        if isinstance(value, (tuple, list)) and _any_tracer(value):
            return True
    return False


def _with_options(program_key: str, options) -> str:
    """The full key of a program compiled with `options` (a repr has no line break)."""
    return f"{program_key}\n{options!r}"


def entry_name(program_key: str) -> str:
    """The file name of a program's entry: the hash of its key without the options."""
    return hashlib.sha256(program_key.encode()).hexdigest() + ".msjax"


# Memoised: keys are built per program, and NumPy's str(dtype) alone costs ~5 us.
_dtype_name = functools.cache(str)
_sharding_repr = functools.cache(repr)


def _cpp_dispatch(name, impl, cache_miss):
    """A JAX C++ jit dispatcher with `cache_miss` as its miss handler (see
    `jax_private.cpp_jit_dispatch`), keeping its executables in a cache of its own of
    `max_programs()` signatures, or None (then every call takes the Python path)."""
    return jax_private.cpp_jit_dispatch(name, impl, cache_miss,
                                        jax_private.cpp_dispatch_cache(max_programs()))


def max_programs() -> int:
    """The most eager programs kept in memory, all ops together (`MSJAX_EAGER_PROGRAMS_MAX`)."""
    try:
        return max(1, int(os.environ.get(MAX_PROGRAMS_SWITCH, DEFAULT_MAX_PROGRAMS)))
    except ValueError:
        return DEFAULT_MAX_PROGRAMS


def _remember(owner, key) -> None:
    """Note that `owner.programs[key]` was made or used now; past `max_programs()` programs in
    memory, the least recently used one is dropped, with its owner's C++ dispatcher (whose
    cache holds the executables it ran: a new one is made at the owner's next call)."""
    entry = (owner, key)
    _RECENT[entry] = None
    _RECENT.move_to_end(entry)
    limit = max_programs()
    while len(_RECENT) > limit:
        (old_owner, old_key), _ = _RECENT.popitem(last=False)
        old_owner.programs.pop(old_key, None)
        old_owner.quick_runs.pop(old_key, None)
        old_owner.dispatch = None
        _evicted[0] += 1
        if _evicted[0] >= max(limit, MIN_EVICTIONS_PER_CLEAR):
            # What JAX keeps per traced shape (its tracing caches: ~0.05-0.1 MB a shape, up to
            # thousands of entries each) goes too; msjax's programs keep their executables.
            _evicted[0] = 0
            jax_private.clear_staging_caches()


def _fastpath_data(compiled, args, outputs):
    """What the C++ dispatch needs to run `compiled` itself, as `jax.jit` hands it over; None
    (the next call misses again) for a call that went JAX's way."""
    if compiled is None:
        return None
    return jax_private.fastpath_data(compiled, args, outputs)


def _describable(value) -> bool:
    """Whether `repr(value)` says all of `value` (so equal reprs mean equal programs)."""
    if isinstance(value, STATIC_TYPES):
        return True
    if isinstance(value, tuple):
        return all(_describable(v) for v in value)
    return isinstance(value, np.dtype)


_PINNED_PACKAGES = ("msjax", "jax", "jaxlib", "numpy")  # their code is part of every key


def _describe_impl(value, depth=0):
    """What identifies an implementation in another process: a function of msjax, jax or NumPy
    reachable by its module and name is that name (their code is in `process_identity`);
    another function is its module, name, code, closure and defaults, described alike (and,
    outside those packages, its source file's hash: the helpers it calls); a value in a closure
    by its repr when that says all of it. NotCacheable otherwise."""
    name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
    module = getattr(value, "__module__", None)
    if (isinstance(module, str) and isinstance(name, str)
            and module.split(".")[0] in _PINNED_PACKAGES and "<" not in name
            and _reachable(module, name) is value):
        return ("global", module, name)
    if depth > 4:
        raise compile_cache.NotCacheable("an implementation nested too deeply")
    if isinstance(value, types.FunctionType):
        code = value.__code__
        pinned = str(value.__module__).split(".")[0] in _PINNED_PACKAGES
        return ("function", value.__module__, value.__qualname__,
                compile_cache._code_identity(code),
                "" if pinned else compile_cache.files_hash([code.co_filename]),
                tuple(_describe_impl(c.cell_contents, depth + 1) for c in value.__closure__ or ()),
                tuple(_describe_impl(d, depth + 1) for d in value.__defaults__ or ()))
    if _describable(value):
        return ("value", repr(value))
    if isinstance(value, (set, frozenset)) and all(_describable(v) for v in value):
        return ("set", tuple(sorted(map(repr, value))))
    wrapped = getattr(value, "__wrapped__", None) or getattr(value, "fun", None)
    if wrapped is not None and wrapped is not value:  # a jit or custom_jvp of a function
        return ("wraps", type(value).__name__, _describe_impl(wrapped, depth + 1))
    raise compile_cache.NotCacheable(f"an implementation holding a {type(value).__name__}")


def _reachable(module: str, name: str):
    found = sys.modules.get(module)
    for part in name.split("."):
        found = getattr(found, part, None)
    return found


def _tracing_settings() -> tuple:
    """The JAX settings that change what a program traces to."""
    config = jax.config
    return (config.jax_enable_x64, config.jax_default_matmul_precision,
            config.jax_numpy_rank_promotion, config.jax_numpy_dtype_promotion)


def process_identity() -> tuple:
    """What every program of this process depends on: msjax's source, jax, jaxlib, Python, the
    backend and XLA's flags (computed once)."""
    if not _process_identity:
        digest = hashlib.sha256()
        root = compile_cache.MSJAX_DIR
        for path in sorted(_sources(root)):
            with open(path, "rb") as f:
                digest.update(os.path.basename(path).encode() + b"\0" + f.read())
        device = jax.devices()[0]
        _process_identity.append((
            __version__, digest.hexdigest(), jax.__version__, jax_private.jaxlib_version(),
            sys.version_info[:2], device.platform, device.device_kind,
            device.client.platform_version, os.environ.get("XLA_FLAGS", "")))
    return _process_identity[0]


def _sources(folder: str):
    """The paths of the Python files under `folder` (its __pycache__ folders skipped)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    yield from _sources(entry.path)
            elif entry.name.endswith(".py"):
                yield entry.path


# -- entries ------------------------------------------------------------------------------------
def _aval_fields(aval) -> list:
    return [list(aval.shape), str(aval.dtype), bool(aval.weak_type)]


def _store(path: str, full_key: str, compiled, slowdown: float = 0.0) -> None:
    """Writes `compiled` (a quick one with its `quick_compile.quick_slowdown`) under `path`
    when it is a single-device program without effects, callbacks or constants (what `_load`
    rebuilds); other programs stay in memory only."""
    program = jax_private.single_device_program(compiled)
    if program is None:
        return
    executable, kept = compile_cache.serialize_compiled(compiled)
    fields = {
        "key": full_key, "name": program["name"], "committed": program["committed"],
        "kept": kept, "device": program["device"],
        "in_avals": [_aval_fields(a) for a in program["in_avals"]],
        "out_avals": [_aval_fields(a) for a in program["out_avals"]],
        "in_memory_kinds": program["in_memory_kinds"],
        "out_memory_kinds": program["out_memory_kinds"],
        "out_tree": compile_cache.skeleton_of(compiled.out_tree), "slowdown": float(slowdown)}
    limit = max_bytes()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        sealed = compile_cache.seal(fields, executable, _MAGIC)
        compile_cache.write_atomically(path, sealed)
        _keep_within(os.path.dirname(path), len(sealed), limit)
    except OSError:  # a full disk or a read-only folder: the program is kept in memory
        pass


def max_bytes() -> int:
    """The most the folder of stored eager programs may hold (`MSJAX_EAGER_CACHE_MAX_MB`)."""
    value = os.environ.get(MAX_MB_SWITCH)
    if value is None:
        return DEFAULT_MAX_MB << 20
    try:
        megabytes = float(value)
    except ValueError:
        megabytes = -1.0
    if not megabytes >= 0:
        raise ValueError(f"{MAX_MB_SWITCH} must be a number of megabytes >= 0, but got "
                         f"{value!r}: set it to e.g. {DEFAULT_MAX_MB}, or unset it for the "
                         f"default ({DEFAULT_MAX_MB} MB).")
    return int(megabytes * (1 << 20))


def _entry_stats(folder: str) -> list:
    """`(last used, size, path)` of each entry in `folder` (entries other processes remove
    meanwhile are left out)."""
    stats = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.endswith(".msjax"):
                try:
                    stat = entry.stat()
                except OSError:
                    continue
                stats.append((stat.st_mtime, stat.st_size, entry.path))
    return stats


def _keep_within(folder: str, added: int, limit: int) -> None:
    """After an entry of `added` bytes was written to `folder`: when the folder then holds more
    than `limit` bytes, removes the least recently used entries until it does not. The total is
    counted once per process and then kept up to date by the writes (others' writes are
    counted at the next removal)."""
    total = _folder_bytes.get(folder)
    total = sum(size for _, size, _ in _entry_stats(folder)) if total is None else total + added
    if total > limit:
        stats = sorted(_entry_stats(folder))
        total = sum(size for _, size, _ in stats)
        for _, size, path in stats:
            if total <= limit:
                break
            try:
                os.remove(path)
            except OSError:  # removed by another process already
                pass
            total -= size
    _folder_bytes[folder] = total


_FIELDS = {"key": str, "name": str, "committed": bool, "kept": list, "device": int,
           "in_avals": list, "out_avals": list, "in_memory_kinds": list,
           "out_memory_kinds": list, "out_tree": list, "slowdown": float}


def _load(path: str, keys: dict):
    """The program stored at `path` under one of `keys` (full key -> whether it is the quick
    program's) as a `jax.stages.Compiled`, its `quick_slowdown` (0 for an optimised one) and
    whether it is the quick one; None when there is none that this user's msjax wrote for one
    of these keys (then it is compiled anew and the file rewritten)."""
    try:
        entry = _read_entry(path, keys)
        if entry is None:
            return None
        fields, loaded, device = entry
        try:
            os.utime(path)  # used now: the last to be removed when the folder is full
        except OSError:
            pass
        return _rebuild(fields, loaded, device), fields["slowdown"], keys[fields["key"]]
    except Exception:  # noqa: BLE001 - an entry XLA cannot load (e.g. another CPU): recompile
        return None


def _read_entry(path: str, keys: dict):
    """The fields, deserialised executable and device of the entry at `path`, or None when this
    user's msjax did not write it whole (nothing is parsed before the HMAC is checked) or its
    full key is not among `keys` (nothing is deserialised then). XLA's errors are raised."""
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except OSError:
        return None
    try:
        fields, executable = compile_cache.unseal(blob, _MAGIC)
    except ValueError:
        return None
    if any(not isinstance(fields.get(k), t) for k, t in _FIELDS.items()):
        return None
    if fields["key"] not in keys:
        return None
    device = next(d for d in jax.local_devices() if d.id == fields["device"])
    return fields, jax_private.deserialize_executable(executable, device), device


# what `_rebuild` makes alike for many programs, made once: JAX's own objects, immutable
@functools.cache
def _aval(shape: tuple, dtype: str, weak: bool):
    return jax.core.ShapedArray(shape, np.dtype(dtype), weak_type=weak)


def _avals(rows) -> list:
    return [_aval(tuple(shape), dtype, weak) for shape, dtype, weak in rows]


@functools.cache
def _sharding(device, memory_kind):
    from jax.sharding import SingleDeviceSharding
    return SingleDeviceSharding(device, memory_kind=memory_kind)


_trees_made: dict = {}  # repr of an out_tree skeleton (a list: unhashable) -> its PyTreeDef


def _out_tree(skeleton):
    key = repr(skeleton)
    tree = _trees_made.get(key)
    if tree is None:
        tree = _trees_made[key] = compile_cache.tree_of(skeleton)
    return tree


def _rebuild(fields: dict, loaded, device):
    """A `jax.stages.Compiled` around the deserialised executable `loaded`, whose calls take
    JAX's C++ dispatch path (`jax_private.rebuild_compiled`)."""
    return jax_private.rebuild_compiled(
        loaded, device, _avals(fields["in_avals"]), fields["kept"], _avals(fields["out_avals"]),
        [_sharding(device, kind) for kind in fields["in_memory_kinds"]],
        [_sharding(device, kind) for kind in fields["out_memory_kinds"]],
        fields["committed"], fields["name"], _out_tree(fields["out_tree"]))
