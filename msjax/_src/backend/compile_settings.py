"""JAX's persistent compilation cache for eager (PyNative) ops, on by default.

MindSpore's PyNative mode runs each op through a precompiled kernel. msjax runs each op through
XLA, which compiles it once per shape and dtype in a process: a first eager forward of a network
compiles every distinct op. JAX's persistent compilation cache keeps those executables on disk,
so the next process loads them instead of compiling. msjax switches it on when it is imported,
with no minimum compile time or entry size (eager ops compile in milliseconds; JAX's default
would skip every one of them):

- by default in `~/.cache/msjax/jax_cache` (`$XDG_CACHE_HOME/msjax/jax_cache` when set);
- not with `MS_COMPILER_CACHE_ENABLE=1`: MindSpore's compile cache folder may be shared, and
  JAX's cache entries are not signed; msjax's own signed entries (its graph programs and eager
  programs) are kept there instead;
- not at all with `MS_COMPILER_CACHE_ENABLE=0` set explicitly, or `MSJAX_EAGER_COMPILE_CACHE=0`
  (msjax's own switch; `MSJAX_EAGER_COMPILE_CACHE=/some/dir` chooses the folder instead).

msjax's own cache of eager programs (backend/eager_cache.py), which a later process reads without
tracing or lowering them, is kept in the subfolder `msjax_programs` of the folder chosen here
(with `MS_COMPILER_CACHE_ENABLE=1`, of MindSpore's graph cache folder), and is off whenever
msjax sets no folder here for another reason.

JAX loads its entries unsigned, so msjax uses a folder only this user can write to: it is made
readable by the user alone, and a folder that another user owns or that others may write to is
not used (with one warning).

A user's own JAX setting wins: when `JAX_COMPILATION_CACHE_DIR` or `JAX_ENABLE_COMPILATION_CACHE`
is in the environment, or `jax_compilation_cache_dir` was set before msjax was imported, msjax
changes nothing, and it keeps any `JAX_PERSISTENT_CACHE_MIN_*` value the environment gives.
"""
from __future__ import annotations

import os
import stat
import warnings

import jax

SWITCH = "MSJAX_EAGER_COMPILE_CACHE"
_USER_JAX_SETTINGS = ("JAX_COMPILATION_CACHE_DIR", "JAX_ENABLE_COMPILATION_CACHE")
_THRESHOLDS = (("jax_persistent_cache_min_compile_time_secs", 0.0),
               ("jax_persistent_cache_min_entry_size_bytes", 0))
_eager_folder: list = [None]  # what enable_eager_cache chose; msjax's eager programs go there too


def eager_folder() -> str | None:
    """The folder `enable_eager_cache` gave JAX's cache at import, or None when it set none
    (msjax's eager program cache, backend/eager_cache.py `program_dir`, is then off, or in
    MindSpore's compile cache folder when that is on)."""
    return _eager_folder[0]


def eager_cache_dir(environ=None) -> str | None:
    """The folder msjax gives JAX's persistent compilation cache for this environment, or None
    when msjax leaves JAX's setting alone (switched off, or the user configured JAX)."""
    env = os.environ if environ is None else environ
    choice = env.get(SWITCH, "1")
    if choice == "0" or env.get("MS_COMPILER_CACHE_ENABLE") == "0":
        return None
    if any(name in env for name in _USER_JAX_SETTINGS):
        return None
    if choice not in ("", "1"):
        return os.path.abspath(os.path.expanduser(choice))
    if env.get("MS_COMPILER_CACHE_ENABLE") == "1":
        return None  # the graph compile cache sets JAX's cache up in its own folder
    home = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(home, "msjax", "jax_cache")


def _not_private(path: str) -> str | None:
    """Why JAX's (unsigned) cache must not be loaded from `path`, or None: another user owns
    it, or others may write to it."""
    info = os.stat(path)
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return "belongs to another user"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "may be written by other users"
    return None


def enable_eager_cache() -> str | None:
    """Points JAX's persistent compilation cache at `eager_cache_dir()` (called by
    `import msjax`, before anything compiles). Returns the folder, or None when it left JAX's
    settings as they were."""
    if jax.config.jax_compilation_cache_dir is not None:  # set by the user's code: theirs
        return None
    path = eager_cache_dir()
    if path is None:
        return None
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        problem = _not_private(path)
    except OSError as error:  # read-only home, e.g.: say so once, run without the cache
        problem = f"cannot be created ({error})"
    if problem:
        warnings.warn(f"msjax: the eager compilation cache folder {path} {problem}; eager ops "
                      f"compile anew in every process. Set {SWITCH} to a folder only you can "
                      f"write to, or {SWITCH}=0 to silence this.", RuntimeWarning, stacklevel=2)
        return None
    jax.config.update("jax_compilation_cache_dir", path)
    _eager_folder[0] = path
    for name, value in _THRESHOLDS:
        if name.upper() not in os.environ:
            jax.config.update(name, value)
    return path
