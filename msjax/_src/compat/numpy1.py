"""NumPy 1's names that NumPy 2 removed, back on `numpy` while msjax answers `import mindspore`.

MindSpore 2.10 is used with NumPy 1 (its wheels accept `numpy>=1.25`, and MindSpore's own tests
and model zoos are written for 1.x: `np.NINF`, `np.float_`, `np.complex_`, `np.in1d`, ...).
JAX needs NumPy 2, where those names raise AttributeError, so a MindSpore script that runs under
MindSpore would stop at the first one. Each name comes back as NumPy 1 defined it: an alias of
the NumPy 2 object its removal note names (`np.NINF` is `-np.inf`, `np.float_` is `np.float64`),
or for a removed function, NumPy 2's replacement with NumPy 1's signature. Only names that NumPy 2
lacks are set, so nothing a NumPy 2 program can reach changes; `uninstall()` of the alias removes
them again. `MSJAX_NUMPY1_NAMES=0` turns this off.
"""
from __future__ import annotations

import os
import warnings

import numpy as np

_ENV = "MSJAX_NUMPY1_NAMES"


def _in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """NumPy 1's `np.in1d`: `np.isin` on the flattened first argument."""
    return np.isin(np.ravel(ar1), ar2, assume_unique=assume_unique, invert=invert, kind=kind)


def _asfarray(a, dtype=np.float64):
    """NumPy 1's `np.asfarray`: `a` as an array of an inexact type (float64 unless `dtype` is)."""
    if not np.issubdtype(dtype, np.inexact):
        dtype = np.float64
    return np.asarray(a, dtype=dtype)


def _issubclass_(arg1, arg2):
    """NumPy 1's `np.issubclass_`: `issubclass`, False where that raises TypeError."""
    try:
        return issubclass(arg1, arg2)
    except TypeError:
        return False


#: NumPy 1 name -> its value; each is what NumPy 2's removal note names as the replacement.
NAMES = {
    # constants
    "NINF": -np.inf, "PINF": np.inf, "NZERO": -0.0, "PZERO": 0.0,
    "Inf": np.inf, "Infinity": np.inf, "infty": np.inf, "NaN": np.nan,
    # scalar types
    "float_": np.float64, "complex_": np.complex128, "cfloat": np.complex128,
    "singlecomplex": np.complex64, "longfloat": np.longdouble, "longcomplex": np.clongdouble,
    "clongfloat": np.clongdouble, "string_": np.bytes_, "unicode_": np.str_,
    "bool8": np.bool_, "int0": np.intp, "uint0": np.uintp, "object0": np.object_,
    "str0": np.str_, "bytes0": np.bytes_, "void0": np.void,
    # functions
    "round_": np.round, "product": np.prod, "cumproduct": np.cumprod, "alltrue": np.all,
    "sometrue": np.any, "trapz": np.trapezoid, "in1d": _in1d, "asfarray": _asfarray,
    "issubclass_": _issubclass_,
}

_set: list[str] = []


def enabled() -> bool:
    return os.environ.get(_ENV, "1").strip().lower() not in ("0", "false", "no", "off")


def activate() -> None:
    """Sets each NumPy 1 name that this NumPy lacks (none that it has)."""
    if _set or not enabled():
        return
    for name, value in NAMES.items():
        if name not in np.__dict__ and not _present(name):
            setattr(np, name, value)
            _set.append(name)


def restore() -> None:
    """Removes the names `activate` set."""
    while _set:
        np.__dict__.pop(_set.pop(), None)


def _present(name: str) -> bool:
    try:
        with warnings.catch_warnings():  # a deprecated name is still present
            warnings.simplefilter("ignore")
            getattr(np, name)  # NumPy's module __getattr__ answers some names lazily
    except AttributeError:
        return False
    return True
