"""The compile cache: `MS_COMPILER_CACHE_ENABLE=1` / `set_context(enable_compile_cache=True)`.

A process that compiles a program stores an entry under
`$MS_COMPILER_CACHE_PATH/rank_<RANK_ID>/graph_cache/` (MindSpore's layout): JSON saying what msjax
needs to call the program (which Parameters are its inputs, how its outputs rebuild into Tensors,
its dependency files), the traced program serialised with `jax.export` (what runs when the
program is called under an enclosing trace) and XLA's serialised executable. A later process
with the same program skips tracing (no user Python runs), lowering and XLA compilation: it
loads the executable and calls it (without JAX's private fast paths, `jax_private.ENABLED` False,
an entry holds no executable: the later process compiles the exported program, still running
no user Python). Nothing in an entry is a pickle, and an entry is signed with
a key only this user can read: a planted, corrupted or foreign file is rejected before any of it
is parsed. JAX's persistent compilation cache, whose executables are not signed, is not switched
on in this folder (which may be shared): only msjax's signed entries are loaded from it.

An entry is used only when nothing it depends on changed: the source files of the functions and
Cell classes involved and of every function that ran while the program was traced (MindSpore's
"dependency files"), the functions' code, closures, defaults and the module settings they read,
the values of the module globals read by every user function that ran in the trace (its own
module's `SCALE`, another module's `settings.SCALE`, a NumPy array; checked when the entry is
loaded: a program reading an array above 16 MB is not cached, and says so once), argument shapes, dtypes and static values, the Cells' structure and attributes, msjax/jax/jaxlib
versions and the backend. Otherwise msjax prints
MindSpore's warning and compiles anew; `MS_DEV_FORCE_USE_COMPILE_CACHE=1` skips the file check,
as in MindSpore. A truncated, corrupted or foreign entry is detected by its checksum, reported
once and replaced; entries are written to a temporary file and renamed, so processes sharing a
cache directory never read half an entry.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import inspect
import json
import linecache
import logging
import os
import sys
import tempfile
import types

import jax
import numpy as np

from msjax._src.backend import jax_private
from msjax._src.backend import lowering
from msjax._src.backend import stacked_outputs
from msjax._src.core import atomic_files
from msjax._src.core import context
from msjax._src.core import lifting as C  # (the cache key's kinds)
from msjax._src.core import op_precision
from msjax._src.core import log as mindspore_log
from msjax._src.core.lifting import is_cell
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.random import GLOBAL_KEY
from msjax._src.core.result_nodes import InsertionOrdered, MergedNumber
from msjax._src.core.state import STATIC_TYPES
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core.version import __version__


_logger = logging.getLogger("msjax")
_MAGIC = b"MSJAXCC3"  # the entry format: 3 is signed JSON and binary parts (2 was a pickle)
_HASH_WARNING = ("Check the consistency of dependency files hash failed. Execute all the "
                 "compilation actions.")
_reported_corrupt: set = set()
_reported_cannot_store: list = []
_reported_unwritable: set = set()
# msjax's own package directory (the folder above _src/).
MSJAX_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class NotCacheable(Exception):
    """The program refers to something that cannot be identified in another process."""


def cache_dir() -> str | None:
    """The graph-cache directory when the compile cache is on and msjax can write there, else
    None. A folder msjax cannot create or write to is reported once (MindSpore logs and runs
    too) and the process runs uncached."""
    path = cache_path()
    if path is None:
        return None
    try:
        os.makedirs(path, exist_ok=True)
        writable = os.access(path, os.W_OK | os.X_OK)
    except OSError as error:
        writable, problem = False, str(error)
    else:
        problem = "it is not writable"
    if not writable:
        if path not in _reported_unwritable:
            _reported_unwritable.add(path)
            _logger.warning("msjax compile cache: the folder %s cannot be used (%s); programs "
                            "are compiled without the cache.", path, problem)
        return None
    return path


def cache_path() -> str | None:
    """Where the graph cache is (`cache_dir`), made or not, or None when it is off."""
    enabled = context._context.get("enable_compile_cache")
    if enabled is None:
        enabled = os.environ.get("MS_COMPILER_CACHE_ENABLE", "0") == "1"
    if not enabled:
        return None
    root = (context._context.get("compile_cache_path")
            or os.environ.get("MS_COMPILER_CACHE_PATH") or os.getcwd())
    rank = os.environ.get("RANK_ID", "0")
    return os.path.join(os.path.abspath(root), f"rank_{rank}", "graph_cache")


def without_jax_persistent_cache():
    """Compile without JAX's persistent cache inside the block (see
    `jax_private.without_persistent_cache`)."""
    return jax_private.without_persistent_cache()


# -- identifying a program across processes ----------------------------------------------------
def _array_identity(value, limit: int, what: str):
    """A Tensor's or array's shape, dtype and a hash of its bytes; NotCacheable above `limit`
    bytes (hashing it on every lookup would cost more than compiling)."""
    array = np.asarray(value._data if isinstance(value, Tensor) else value)
    if array.nbytes > limit:
        raise NotCacheable(what)
    return ("A", array.shape, str(array.dtype), hashlib.sha256(array.tobytes()).hexdigest())


def _describe_object(obj, depth=0):
    """What identifies `obj` in another process, for a program that uses it; NotCacheable when
    nothing does (then the program is compiled without the cache rather than risk a wrong one)."""
    if isinstance(obj, STATIC_TYPES):
        return ("S", type(obj).__name__, repr(obj))
    if isinstance(obj, Parameter):
        return ("P", obj.name, tuple(obj.shape), str(obj.dtype))
    if is_cell(obj):
        params = tuple((name, tuple(p.shape), str(p.dtype))
                       for name, p in obj.parameters_and_names())
        cells = tuple((name, type(cell).__module__, type(cell).__qualname__, _cell_state(cell))
                      for name, cell in obj.cells_and_names())
        return ("C", obj._phase, obj.training, params, cells)
    if depth > 4:
        raise NotCacheable("an argument nested too deeply to identify")
    if isinstance(obj, (tuple, list)):
        return ("L", type(obj).__name__, tuple(_describe_object(o, depth + 1) for o in obj))
    if hasattr(type(obj), "_cache_identity"):
        return obj._cache_identity(lambda o: _describe_object(o, depth + 1))
    if inspect.ismethod(obj):
        return ("M", _describe_object(obj.__self__, depth + 1), _describe_function(obj.__func__,
                                                                                  depth + 1))
    if inspect.isfunction(obj):
        return _describe_function(obj, depth)
    if isinstance(obj, (Tensor, jax.Array, np.ndarray)):
        return _array_identity(obj, 1 << 20, "a captured array larger than 1 MB")
    raise NotCacheable(f"an argument of type {type(obj).__name__}")


def _cell_state(cell):
    """A Cell's own attributes (its Parameters and sub-Cells are described apart), and the
    settings its `construct` reads from its module: two instances of one class that differ in
    a Python attribute trace different programs."""
    items = [(k, v) for k, v in vars(cell).items() if not k.startswith("_") or k == "_primitives"]
    construct = getattr(type(cell), "construct", None)
    settings = _simple_globals(construct) if inspect.isfunction(construct) else ()
    return tuple(sorted((k, _fingerprint(v)) for k, v in items)), settings


def _fingerprint(value, depth=0):
    """A process-independent description of an attribute's value, as far as it can tell."""
    if isinstance(value, STATIC_TYPES):
        return (type(value).__name__, repr(value))
    if isinstance(value, (Parameter, ParameterTuple)) or is_cell(value):
        return type(value).__name__  # described by the Cell's Parameters and sub-Cells
    if isinstance(value, (Tensor, jax.Array, np.ndarray, np.generic)):
        return _array_identity(value, 16 << 20, "a Cell attribute holds a Tensor larger than 16 MB")
    if depth > 3:
        return type(value).__qualname__
    if isinstance(value, (tuple, list, set, frozenset)):
        items = [_fingerprint(v, depth + 1) for v in value]
        return (type(value).__name__, tuple(sorted(map(repr, items)) if isinstance(
            value, (set, frozenset)) else items))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), _fingerprint(v, depth + 1))
                                     for k, v in value.items())))
    if inspect.isfunction(value) or inspect.ismethod(value):
        return _describe_object(value, depth + 1)
    state = getattr(value, "__dict__", None)
    if isinstance(state, dict):  # e.g. a Primitive: its attributes decide what it computes
        return (type(value).__module__, type(value).__qualname__,
                tuple(sorted((k, _fingerprint(v, depth + 1)) for k, v in state.items()
                             if not k.startswith("__"))))
    return (type(value).__module__, type(value).__qualname__)


def _code_identity(code):
    """A code object by its location, its bytecode, the names it uses and its constants (nested
    code included): two lambdas on one line differ here."""
    consts = tuple(_code_identity(c) if inspect.iscode(c) else (type(c).__name__, repr(c))
                   for c in code.co_consts)
    digest = hashlib.sha256(code.co_code + repr((code.co_names, code.co_varnames, consts))
                            .encode()).hexdigest()
    return (code.co_filename, code.co_firstlineno, code.co_name, digest)


def _describe_function(fn, depth=0):
    """A Python function: its module, name and code, and what its closure and defaults hold."""
    code = getattr(fn, "__code__", None)
    if code is None:  # a builtin or another callable without Python code
        return ("F", getattr(fn, "__module__", None), getattr(fn, "__qualname__", repr(fn)))
    closure = tuple(_describe_object(cell.cell_contents, depth + 1)
                    for cell in fn.__closure__ or ())
    defaults = tuple(_describe_object(d, depth + 1) for d in fn.__defaults__ or ())
    return ("F", fn.__module__, fn.__qualname__, _code_identity(code), closure, defaults,
            _simple_globals(fn))


def _names_used(code) -> set:
    names = set(code.co_names)
    for const in code.co_consts:
        if inspect.iscode(const):
            names |= _names_used(const)
    return names


def _simple_globals(fn) -> tuple:
    """The values of the module globals `fn` reads that are numbers, strings or tuples of them:
    a script's settings (`N_CLASSES = int(os.environ[...])`) are frozen into the program the
    first time, so a different value in another process needs another entry."""
    module_globals = getattr(fn, "__globals__", {})
    found = []
    for name in sorted(_names_used(fn.__code__)):
        value = module_globals.get(name, _MISSING)
        if isinstance(value, STATIC_TYPES) or (isinstance(value, tuple) and all(
                isinstance(v, STATIC_TYPES) for v in value)):
            found.append((name, type(value).__name__, repr(value)))
    return tuple(found)


_MISSING = object()


def _stable_key(arg_key, objs):
    """`arg_key` (see lifting.flatten_args) with object identities replaced by descriptions."""
    objs_iter = iter(objs)

    def stable(key):
        kind = key[0]
        if kind in (C._TENSOR, C._ARRAY):
            return (kind, tuple(key[1]), str(key[2]))
        if kind == C._SEQ:
            return (kind, key[1].__name__, tuple(stable(k) for k in key[2]))
        if kind == C._DICT:
            return (kind, tuple(map(repr, key[1])), tuple(stable(k) for k in key[2]))
        if kind in (C._BOX, C._OBJECT):
            return (kind, _describe_object(next(objs_iter)))
        return ("S", key[0].__name__, repr(key[1]))

    return stable(arg_key)


def _source_of(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return "".join(linecache.getlines(path)).encode()


def dependency_files(fn, objs) -> list[str]:
    files = set()

    def add_code(f):
        code = getattr(f, "__code__", None)
        if code is not None:
            files.add(code.co_filename)

    add_code(getattr(fn, "__func__", fn))
    owner = getattr(fn, "__self__", None)
    for obj in list(objs) + ([owner] if owner is not None else []) + wrapped_roots(fn):
        if is_cell(obj):
            for _, cell in obj.cells_and_names():
                try:
                    files.add(inspect.getfile(type(cell)))
                except (TypeError, OSError):  # a class defined in exec'd code: no file
                    pass
        elif callable(obj):
            add_code(getattr(obj, "__func__", obj))
    return sorted(f for f in files if not f.startswith(_msjax_dir() + os.sep))


def files_hash(paths) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0" + _source_of(path) + b"\0")
    return digest.hexdigest()


@contextlib.contextmanager
def recording_files(found: set, namespaces: dict | None = None):
    """Adds to `found` the source file of every Python function that runs within: while a
    program is traced, the files it was built from (helpers in other modules included), which
    `user_files` then keeps; and to `namespaces` each function's code with its module's
    globals, whose values the program may have read (`global_reads`)."""
    previous = sys.getprofile()

    def profile(frame, event, arg):
        if event == "call":
            code = frame.f_code
            found.add(code.co_filename)
            if namespaces is not None:
                namespaces[code] = frame.f_globals
        if previous is not None:
            previous(frame, event, arg)

    sys.setprofile(profile)
    try:
        yield
    finally:
        sys.setprofile(previous)


# What a program reads from a module but is no value frozen into it: code (its files are
# dependencies), Cells and Parameters (described with the program, or its inputs).
_NOT_VALUES = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
               types.MethodType, types.BuiltinMethodType, functools.partial, Parameter,
               ParameterTuple)
_reported_not_cached: set = set()


def _read_digest(value) -> str | None:
    """A digest of a module global's value as a program's trace froze it (a number, a string,
    a NumPy array or a Tensor, a container of them, an object's attributes); None for code,
    Cells and Parameters. NotCacheable for an array above 16 MB (see `_fingerprint`)."""
    if isinstance(value, _NOT_VALUES) or is_cell(value):
        return None
    if isinstance(value, (Tensor, jax.Array, np.ndarray)):
        return repr(_array_identity(value, 16 << 20, "an array larger than 16 MB"))
    return hashlib.sha256(repr(_fingerprint(value)).encode()).hexdigest()


def _user_code(filename: str, skip: tuple) -> bool:
    return not filename.startswith("<frozen") and not any(
        filename.startswith(prefix + os.sep) for prefix in skip)


def global_reads(namespaces: dict, name: str) -> list | None:
    """The module globals the user's functions that ran in a trace (`recording_files`'s
    `namespaces`) name, as `[module, name, digest]`: a global of the function's own module
    (`SCALE`), or of a module it names (`settings.SCALE`, `pkg.settings.SCALE`). A program
    froze their values; its entry is served only while each is the same (`changed_read`).
    None, said once per program `name`, when a value cannot be identified: not cached."""
    import sysconfig  # pylint: disable=import-outside-toplevel
    skip = tuple({sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib",
                                                    "platlib")} | {_msjax_dir()})
    reads = {}
    try:
        for code, namespace in namespaces.items():
            if not _user_code(code.co_filename, skip):
                continue
            names = _names_used(code)
            scopes = [(namespace.get("__name__"), namespace, 0)]
            while scopes:
                module_name, scope, depth = scopes.pop()
                for used in names:
                    value = scope.get(used, _MISSING)
                    if value is _MISSING:
                        continue
                    if isinstance(value, types.ModuleType):
                        if depth < 2 and _user_code(getattr(value, "__file__", None) or "", skip):
                            scopes.append((value.__name__, vars(value), depth + 1))
                        continue
                    try:
                        digest = _read_digest(value)
                    except NotCacheable as reason:
                        raise NotCacheable(f"{module_name}.{used} ({reason})") from None
                    if digest is not None and module_name is not None:
                        reads[(module_name, used)] = digest
    except NotCacheable as reason:
        if name not in _reported_not_cached:
            _reported_not_cached.add(name)
            _logger.warning("msjax compile cache: %s is not cached: it reads %s, whose value a "
                            "later process could not check cheaply.", name, reason)
        return None
    return [[module, used, digest] for (module, used), digest in sorted(reads.items())]


def changed_read(reads) -> str | None:
    """The first of an entry's `global_reads` whose value is not the same now (`module.name`),
    or None when all are."""
    for module_name, name, digest in reads:
        module = sys.modules.get(module_name)
        value = vars(module).get(name, _MISSING) if module is not None else _MISSING
        try:
            now = None if value is _MISSING else _read_digest(value)
        except NotCacheable:
            now = None
        if now != digest:
            return f"{module_name}.{name}"
    return None


def _msjax_dir() -> str:
    """msjax's own package directory: its files are no dependency (its version is in the name)."""
    return MSJAX_DIR


def user_files(files) -> set:
    """`files` without the standard library's, installed packages' and msjax's own (their
    versions are part of an entry's name) and without code that has no file."""
    import sysconfig
    skip = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    skip.add(_msjax_dir())
    return {f for f in files if not f.startswith("<") and os.path.isfile(f)
            and not any(f.startswith(prefix + os.sep) for prefix in skip)}


def wrapped_roots(fn, depth=0) -> list:
    """What a wrapping function such as grad's or jit's reads (its `_state_roots`), and what
    the functions a closure captures read, recursively."""
    if depth > 3:
        return []
    found = list(fn._state_roots()) if hasattr(type(fn), "_state_roots") else []
    captured = [cell.cell_contents for cell in getattr(fn, "__closure__", None) or ()]
    code, namespace = getattr(fn, "__code__", None), getattr(fn, "__globals__", {})
    if code is not None:
        captured += [namespace[n] for n in sorted(_names_used(code)) if n in namespace]
    # Cells and other holders of state: the state protocol (core/lifting.collect_parameters)
    found += [c for c in captured if hasattr(type(c), "_state_parameters")
              or hasattr(type(c), "_state_roots")]
    return found + [r for item in found for r in wrapped_roots(item, depth + 1)]


def _roots(owner, objs) -> list:
    """Where a program's Parameters are found: the function's owner, what it reads when it
    wraps another function, and the arguments passed by identity."""
    return [owner, *wrapped_roots(owner), *objs]


def entry_name(fn, arg_key, objs) -> str:
    fn_id = _describe_object(fn)
    ident = (fn_id, _stable_key(arg_key, objs), __version__, jax.__version__,
             jax_private.jaxlib_version(),
             jax.default_backend(), bool(jax.config.jax_enable_x64), sys.version_info[:2],
             lowering.for_backend().switches(), op_precision.settings())
    return hashlib.sha256(repr(ident).encode()).hexdigest()


# -- describing a program's boxes and outputs --------------------------------------------------
def describe_boxes(boxes, owner, objs):
    roots = _roots(owner, objs)
    described = []
    for box in boxes:
        if box is GLOBAL_KEY:
            described.append(("rng",))
            continue
        for index, root in enumerate(roots):
            if root is box:
                described.append(("root", index, None))
                break
            if is_cell(root):
                path = next((n for n, p in root.parameters_and_names() if p is box), None)
                if path is not None:
                    described.append(("root", index, path))
                    break
        else:
            raise NotCacheable(f"the free-variable Parameter '{box.name}'")
    return described


def resolve_boxes(described, owner, objs):
    roots = _roots(owner, objs)
    boxes = []
    for entry in described:
        if entry[0] == "rng":
            boxes.append(GLOBAL_KEY)
        elif entry[2] is None:
            boxes.append(roots[entry[1]])
        else:
            params = dict(roots[entry[1]].parameters_and_names())
            boxes.append(params[entry[2]])
    return boxes


def skeleton_of(out_tree):
    """A JSON-able description of an output pytree of Tensors/arrays."""
    n = out_tree.num_leaves
    filled = jax.tree_util.tree_unflatten(out_tree, [np.int64(i) for i in range(n)])

    def encode(x):
        if isinstance(x, Tensor):
            return ("T",)
        if isinstance(x, (tuple, list)):
            return (type(x).__name__, tuple(encode(e) for e in x))
        if isinstance(x, dict):
            return ("dict", tuple((k, encode(v)) for k, v in x.items()))
        if isinstance(x, MergedNumber):
            return ("N",)
        if x is None:
            return ("None",)
        return ("A",)
    return encode(filled)


def tree_of(skeleton):

    def decode(s):
        kind = s[0]
        if kind == "T":
            return _wrap(np.zeros(()))
        if kind in ("tuple", "list"):
            items = [decode(e) for e in s[1]]
            return tuple(items) if kind == "tuple" else items
        if kind == "dict":  # flattened in insertion order, as traced (graph_fallback.py)
            return InsertionOrdered((k, decode(v)) for k, v in s[1])
        if kind == "None":
            return None
        if kind == "N":
            return MergedNumber(np.zeros(()))
        return np.zeros(())
    return jax.tree_util.tree_structure(decode(skeleton))


# -- entries on disk ---------------------------------------------------------------------------
# An entry is `_MAGIC`, an HMAC-SHA256 of the rest under this user's key, the length of the JSON
# part (8 bytes, big endian), the JSON part (what msjax needs to call the program, and the sizes
# of the binary parts), the program's `jax.export` bytes and XLA's serialised executable. No
# pickle. XLA warns that loading an executable from untrusted bytes may run code, so nothing of an
# entry is parsed before its HMAC is checked: a file this user's msjax did not write (planted,
# corrupted, truncated, from another machine) is rejected unread.
_FIELDS = {"name": str, "deps": str, "dep_files": list, "boxes": list, "skeleton": list, "single": bool,
           "written_index": list, "rows": (list, type(None)), "kept_var_idx": list,
           "exported_size": int}
_key_cache: list = []


def signing_key() -> bytes:
    """This user's compile-cache key: 32 random bytes in `~/.cache/msjax/compile_cache.key`
    (`$XDG_CACHE_HOME` if set), made on first use, readable by the user only."""
    if _key_cache:
        return _key_cache[0]
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(root, "msjax", "compile_cache.key")
    try:
        with open(path, "rb") as f:
            key = f.read()
    except FileNotFoundError:
        key = b""
    if len(key) != 32:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(32))
        os.chmod(tmp, 0o600)
        try:
            os.link(tmp, path)  # first writer wins when processes race
        except FileExistsError:
            pass
        os.unlink(tmp)
        with open(path, "rb") as f:
            key = f.read()
    _key_cache.append(key)
    return key


def _signature(body: bytes) -> bytes:
    return hmac.new(signing_key(), body, hashlib.sha256).digest()


def seal(fields: dict, binary: bytes, magic: bytes = _MAGIC) -> bytes:
    """Signed bytes holding `fields` (JSON) and `binary`: `magic`, the HMAC, the JSON's length
    (8 bytes, big endian), the JSON, then `binary`. Read back with `unseal`."""
    metadata = json.dumps(fields).encode()
    body = len(metadata).to_bytes(8, "big") + metadata + binary
    return magic + _signature(body) + body


def unseal(blob: bytes, magic: bytes = _MAGIC) -> tuple[dict, bytes]:
    """The fields and binary part `seal` wrote; ValueError saying what is wrong when this user's
    msjax did not write `blob` whole. Nothing is parsed before the signature is checked."""
    header = len(magic) + 32
    if len(blob) < header + 8 or blob[:len(magic)] != magic:
        raise ValueError("is not an msjax compile-cache entry or is truncated")
    body = blob[header:]
    if not hmac.compare_digest(_signature(body), blob[len(magic):header]):
        raise ValueError("is not signed by this user's msjax (corrupted, or written elsewhere)")
    size = int.from_bytes(body[:8], "big")
    try:
        fields = json.loads(body[8:8 + size].decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"cannot be decoded ({type(error).__name__})") from None
    if not isinstance(fields, dict):
        raise ValueError("has fields msjax does not know")
    return fields, body[8 + size:]


def encode_entry(entry: dict) -> bytes:
    """The bytes of an entry: its fields as JSON, then its "exported" and "executable" bytes."""
    fields = {k: v for k, v in entry.items() if k not in ("exported", "executable")}
    fields["exported_size"] = len(entry["exported"])
    return seal(fields, entry["exported"] + entry["executable"])


def decode_entry(blob: bytes) -> dict:
    """The entry in `blob`; ValueError saying what is wrong when this user's msjax did not write
    it whole. Nothing is parsed before the signature is checked."""
    entry, binary = unseal(blob)
    if any(not isinstance(entry.get(k), t) for k, t in _FIELDS.items()):
        raise ValueError("has fields msjax does not know")
    entry["exported"] = binary[:entry["exported_size"]]
    entry["executable"] = binary[entry["exported_size"]:]
    return entry


def load(directory: str, name: str):
    """The entry `name` (a dict), or None when absent or unreadable (reported once)."""
    path = os.path.join(directory, name + ".msjax")
    try:
        with open(path, "rb") as f:
            blob = f.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        _report(path, f"cannot be read ({error})")
        return None
    try:
        entry = decode_entry(blob)
    except ValueError as problem:
        _report(path, str(problem))
        return None
    if entry["name"] != name:  # another program's entry, renamed or copied here
        _report(path, "was written for another program")
        return None
    return entry


def serialize_compiled(compiled) -> tuple[bytes, list]:
    """XLA's serialised executable of a `jax.stages.Compiled` and the indices of the inputs it
    keeps (jit drops unused ones)."""
    return jax_private.serialize_executable(compiled), jax_private.kept_inputs(compiled)


class StoredExecutable:
    """A program's executable loaded from an entry: called with the program's flat inputs, it
    returns its flat outputs, as the `Compiled` it was serialised from did."""

    def __init__(self, serialized: bytes, kept_var_idx):
        if not jax_private.ENABLED or not serialized:  # the caller compiles the exported one
            raise ValueError("no executable to load: the entry holds its exported program only")
        self.executable = jax_private.deserialize_executable(serialized)
        self.kept = list(kept_var_idx)
        self.device = jax.devices()[0]

    def __call__(self, *args):
        kept = [args[i] for i in self.kept]
        if any(isinstance(a, jax.core.Tracer) for a in kept):
            raise TypeError("a stored executable takes concrete arrays")  # callers trace then
        arrays = [a if isinstance(a, jax.Array) else jax.device_put(a, self.device)
                  for a in kept]
        return jax_private.run_executable(self.executable, arrays)


def _expanding(stacked_call, rows):
    """`stacked_call` (a program returning stacked outputs) returning the original outputs, for
    calls under an enclosing trace."""

    def call(*flat):
        return stacked_outputs.expand(stacked_call(*flat), rows, 0)
    return call


def load_program(function, program, dyn, directory) -> bool:
    """Fill `program` (of the compiled function `function`, called with the arrays `dyn`) from
    its entry in `directory` when one is valid: its boxes, output layout, the exported program
    for calls under a trace and the executable (compiled from the exported program when the
    entry holds none, or one this XLA cannot load). False when there is none: trace then."""
    try:
        program.cache_name = entry_name(function.fn, program.key, program.objs)
    except NotCacheable as reason:
        _logger.debug("msjax compile cache: %s is not cached: %s", function.name, reason)
        return False
    entry = load(directory, program.cache_name)
    if entry is None or (entry["deps"] != files_hash(entry["dep_files"]) and not force_use()):
        warn_dependency_change()
        return False
    changed = changed_read(entry.get("reads") or [])
    if changed is not None or "reads" not in entry:
        _logger.warning("msjax compile cache: %s, which %s read when it was compiled, is not "
                        "what it was; compiling anew.", changed or "what it read",
                        function.name)
        return False
    owner = getattr(function.fn, "__self__", function.fn)
    try:
        boxes = resolve_boxes(entry["boxes"], owner, program.objs)
        exported = jax.export.deserialize(bytearray(entry["exported"]))
        check_inputs(exported, [b._value for b in boxes], dyn)
        out_tree = tree_of(entry["skeleton"])
    except Exception as error:  # noqa: BLE001 - a stale or foreign entry: compile anew
        _logger.warning("msjax compile cache: the entry for %s does not fit this program "
                        "(%s); compiling anew.", function.name, type(error).__name__)
        return False
    program.boxes = boxes
    program.out_tree = out_tree
    program.single = entry["single"]
    program.written_index = entry["written_index"]
    program.writes = bool(entry["written_index"])
    program.rows = entry["rows"]
    stored = jax.jit(exported.call)  # for calls under a trace; outputs stacked as compiled
    program.jitted = stored if program.rows is None else _expanding(stored, program.rows)
    program.record = None
    try:
        program.compiled = StoredExecutable(entry["executable"], entry["kept_var_idx"])
    except Exception:  # noqa: BLE001 - none stored, or of another XLA version: compile
        program.compiled = stored.trace(*function.read_boxes(program), *dyn).lower().compile()
    return True


def _exported_of(traced, lowered, name):
    """The program as `jax.export` serialises it: from the lowering already made (JAX's
    private fast path), else exported again from the traced program (public JAX, no user
    Python runs: the traced jaxpr is evaluated)."""
    if jax_private.ENABLED:
        return jax_private.export_lowered(lowered, traced.jaxpr, name)
    closed = traced.jaxpr

    def program(*args):
        return tuple(jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *args))
    program.__name__ = name
    return jax.export.export(jax.jit(program))(*traced.in_avals[0])


def store_program(function, program, traced, lowered, directory) -> None:
    """Write `program`'s entry (compiled from `traced` and `lowered`) to `directory`: the
    exported program and, with JAX's private fast paths, XLA's executable (without them, a
    later process compiles the exported program: it still runs no user Python)."""
    name = function.name
    if program.constants or jax_private.lowered_const_args(lowered):  # not carried by an entry
        _logger.debug("msjax compile cache: %s returns Python values or folds constants "
                      "into arguments; it is not cached.", name)
        return
    owner = getattr(function.fn, "__self__", function.fn)
    try:
        boxes = describe_boxes(program.boxes, owner, program.objs)
        exported = _exported_of(traced, lowered, name)
        executable, kept = (serialize_compiled(program.compiled) if jax_private.ENABLED
                            else (b"", []))
        entry = {"deps": files_hash(program.cache_deps),
                 "dep_files": program.cache_deps, "reads": program.cache_reads,
                 "boxes": boxes,
                 "skeleton": skeleton_of(program.out_tree),
                 "single": program.single, "written_index": list(program.written_index),
                 "rows": program.rows, "kept_var_idx": kept,
                 "exported": bytes(exported.serialize()), "executable": executable}
    except ImportError as error:  # a missing serializer (flatbuffers): say so, once
        report_cannot_store(error)
        return
    except Exception as error:  # noqa: BLE001 - not cacheable: run without the cache
        _logger.debug("msjax compile cache: %s is not cached: %s", name, error)
        return
    store(directory, program.cache_name, entry)


def check_inputs(exported, *groups) -> None:
    """ValueError unless `exported` takes arrays shaped and typed as those in `groups` (a
    foreign entry under this entry's name must not be run)."""
    values = [v for group in groups for v in group]
    expected = [(tuple(a.shape), str(a.dtype)) for a in exported.in_avals]
    got = [(tuple(np.shape(v)), str(v.dtype)) for v in values]
    if expected != got:
        raise ValueError(f"the entry's program takes {expected}, this call passes {got}")


def store(directory: str, name: str, entry: dict) -> None:
    entry = dict(entry, name=name)  # signed with the entry: `load` serves it for `name` only
    try:
        blob = encode_entry(entry)
    except (TypeError, ValueError) as error:  # e.g. a dict output keyed by tuples: not JSON
        _logger.debug("msjax compile cache: %s is not stored: %s", name, error)
        return
    write_atomically(os.path.join(directory, name + ".msjax"), blob)


def write_atomically(path: str, blob: bytes) -> None:
    """Writes `blob` to `path` through a synced temporary file beside it
    (core/atomic_files.py), readable by this user only: a process reading `path` meanwhile
    sees the old file or the new one, never half of one."""
    atomic_files.write_atomically(path, blob, mode=0o600)


def _report(path: str, problem: str) -> None:
    if path not in _reported_corrupt:
        _reported_corrupt.add(path)
        _logger.warning("msjax compile cache: the entry %s %s; compiling anew and replacing it.",
                        path, problem)


def report_cannot_store(error: ImportError) -> None:
    """Warns once per process that no entry can be stored, with the import that failed (JAX's
    `Exported.serialize` needs the `flatbuffers` package): the cache never fails silently."""
    if not _reported_cannot_store:
        _reported_cannot_store.append(error)
        _logger.warning("msjax compile cache: no program can be stored, so every process compiles "
                        "anew: %s", error)


def warn_dependency_change() -> None:
    """MindSpore's warning on a cache's first use (or a changed source), in MindSpore's log
    format (`mindspore.log`), as MindSpore writes it."""
    mindspore_log.warning(_HASH_WARNING)


def force_use() -> bool:
    return os.environ.get("MS_DEV_FORCE_USE_COMPILE_CACHE", "0") == "1"
