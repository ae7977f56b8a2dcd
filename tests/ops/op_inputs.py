"""The vocabulary of the op table (tests/ops/op_records.py), shared with its golden script.

Depends on NumPy only: the same records run under msjax (tests/ops/test_op_table.py) and under
MindSpore 2.10 (tests/goldens/scripts/ops_table.py, which records what MindSpore returns).

* `T(shape, dtype, kind)` is an input Tensor whose values come from an integer hash of the element
  index (no random generator, so both NumPy versions build identical inputs); `V(values, dtype)`
  is an input Tensor with given values; `D(name)` is a dtype argument (`mindspore.int32`).
* `Case(op, args, kwargs, ...)` is one call of `ops.<op>(*args, **kwargs)`, or, for a Primitive
  class (a capitalised name), of `ops.<op>(*init)(*args)`.
"""
from __future__ import annotations

import dataclasses

import numpy as np

# kind -> (low, high, integer-valued)
KINDS = {
    "real": (-3.0, 3.0, False),
    "small": (-1.0, 1.0, False),
    "pos": (0.25, 3.0, False),
    "unit": (-0.9, 0.9, False),
    "prob": (0.05, 0.95, False),
    "gt1": (1.1, 4.0, False),
    "int": (-6, 6, True),
    "nat": (1, 7, True),
    "bool": (0, 2, True),
}


def hashed_uniform(n: int, seed: int) -> np.ndarray:
    """n numbers in [0, 1) from an integer hash of (index, seed): identical on every platform."""
    m = np.uint64(2 ** 32)
    h = (np.arange(n, dtype=np.uint64) * np.uint64(2654435761)
         + np.uint64(seed * 40503 + 12345)) % m
    for mult, shift in ((2246822519, 15), (3266489917, 13), (668265263, 16)):
        h ^= h >> np.uint64(shift)
        h = (h * np.uint64(mult)) % m
    return h.astype(np.float64) / 2.0 ** 32


@dataclasses.dataclass(frozen=True)
class T:
    """An input Tensor of `shape` and `dtype` with hashed values of range `kind` (see KINDS);
    `kind` may also be ("idx", n) for integers in [0, n)."""
    shape: tuple = ()
    dtype: str = "float32"
    kind: object = "real"

    def array(self, seed: int) -> np.ndarray:
        size = int(np.prod(self.shape, dtype=np.int64))
        u = hashed_uniform(size, seed)
        if isinstance(self.kind, tuple):
            low, high, integer = 0, self.kind[1], True
        else:
            low, high, integer = KINDS[self.kind]
        values = low + u * (high - low)
        if integer:
            values = np.floor(values)
        if self.dtype == "bool":
            values = values >= (1 if self.kind == "bool" else 0.0)
        if self.dtype.startswith("complex"):
            values = values + 1j * (low + hashed_uniform(size, seed + 100) * (high - low))
        return np.asarray(values).astype(self.dtype).reshape(self.shape)


@dataclasses.dataclass(frozen=True)
class V:
    """An input Tensor with explicit `values`."""
    values: object
    dtype: str = "float32"

    def array(self, seed: int) -> np.ndarray:
        return np.asarray(self.values, dtype=self.dtype)


@dataclasses.dataclass(frozen=True)
class D:
    """A dtype argument, by NumPy name: D("int32") is mindspore.int32."""
    name: str


@dataclasses.dataclass
class Case:
    """One op call checked by the op table.

    op: a `mindspore.ops` name; a capitalised name is a Primitive class called as
        `ops.<op>(*init_args, **init_kwargs)(*args)`.
    ref: NumPy reference taking the NumPy inputs (and kwargs); None when the MindSpore golden
        is the only reference (MindSpore-specific semantics).
    transforms: also check under jax.jit and jax.vmap (False for data-dependent output shapes
        and Python-valued results).
    values: False for random ops: only dtype and shape are compared.
    error: the call must raise what MindSpore raises (type and message, from the golden).
    beyond: why msjax returns a result where MindSpore 2.10 on CPU raises (a missing CPU
        kernel, an unsupported dtype): the golden must be that error, and msjax must match
        the NumPy reference, dtype included.
    tol: (rtol, atol) overriding tests.support's tolerance for the result dtype.
    """
    op: str
    args: tuple = ()
    kwargs: dict = dataclasses.field(default_factory=dict)
    ref: object = None
    init: object = None
    tag: str = ""
    transforms: bool = True
    values: bool = True
    error: bool = False
    beyond: str = ""
    tol: tuple | None = None

    @property
    def id(self) -> str:
        return self.op + (f"-{self.tag}" if self.tag else "")

    @property
    def is_primitive(self) -> bool:
        return self.op[0].isupper()


def materialize(obj, make_tensor, make_dtype, seed=1):
    """Case arguments with T/V as Tensors (`make_tensor(np.ndarray)`) and D as dtypes."""
    if isinstance(obj, (T, V)):
        return make_tensor(obj.array(seed))
    if isinstance(obj, D):
        return make_dtype(obj.name)
    if isinstance(obj, (tuple, list)):
        return type(obj)(materialize(e, make_tensor, make_dtype, seed * 10 + i)
                         for i, e in enumerate(obj))
    if isinstance(obj, dict):
        return {k: materialize(v, make_tensor, make_dtype, seed * 7 + i)
                for i, (k, v) in enumerate(obj.items())}
    return obj


def call_args(case: Case, make_tensor, make_dtype):
    """(args, kwargs, init_args, init_kwargs) of `case`, materialized."""
    args = tuple(materialize(a, make_tensor, make_dtype, i + 1) for i, a in enumerate(case.args))
    kwargs = materialize(case.kwargs, make_tensor, make_dtype, 50)
    init = case.init
    if init is None:
        init_args, init_kwargs = (), {}
    elif isinstance(init, dict):
        init_args, init_kwargs = (), init
    else:
        init_args, init_kwargs = tuple(init), {}
    init_args = materialize(init_args, make_tensor, make_dtype, 60)
    init_kwargs = materialize(init_kwargs, make_tensor, make_dtype, 70)
    return args, kwargs, init_args, init_kwargs


def encode(value, tensor_type, dtype_type):
    """A JSON-able record of an op's result: Tensors as {dtype, shape, value}, recursively."""
    if isinstance(value, tensor_type):
        array = value.asnumpy()
        record = {"dtype": str(value.dtype), "shape": list(array.shape)}
        if array.dtype.kind == "c":
            record["value"] = [array.real.tolist(), array.imag.tolist()]
        else:
            record["value"] = array.astype(np.float64 if array.dtype.kind == "f" else array.dtype
                                           ).tolist()
        return {"tensor": record}
    if isinstance(value, (tuple, list)):
        return {type(value).__name__: [encode(v, tensor_type, dtype_type) for v in value]}
    if isinstance(value, dtype_type):
        return {"mstype": str(value)}
    if isinstance(value, (bool, int, float, type(None))):
        return {"python": value}
    if isinstance(value, np.generic):
        return {"python": value.item()}
    return {"other": repr(value)}
