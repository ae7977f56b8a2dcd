"""`Cell.to_float(dst_type)` and `Cell.add_flags(fp16=True)` (or bf16, fp32): a flagged Cell casts
its float inputs, its own Parameters' values and its float Tensor attributes to the type on each
call (as MindSpore's graph mode does; its PyNative also casts Tensors made inside construct),
so its computation really runs in float16/bfloat16 while the Parameters stay float32 (their
gradients too). `mindspore.amp` (amp.py) builds its mixed-precision
levels on it.

A BatchNorm Cell (`keeps_parameter_dtypes`) casts its input only: MindSpore's BatchNorm kernel
takes the float32 scale, offset and moving statistics beside a float16 input, computes in float32,
and updates the statistics in float32 (checked with MindSpore 2.10: a to_float(float16)
BatchNorm1d's output is that of its float32 gamma, not of gamma rounded to float16, and its
moving mean and gamma gradient are not rounded to float16).
"""
from __future__ import annotations

import contextlib

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core import lifting
from msjax._src.core.tensor import Tensor, _wrap

_FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.bfloat16)


def set_float_type(cell, dst_type):
    """`Cell.to_float`: flag `cell` and its sub-Cells to run in `dst_type`."""
    if dst_type not in _FLOAT_TYPES:
        type_text = (f"<class 'mindspore._c_expression.typing.{type(dst_type).__name__}'>"
                     if isinstance(dst_type, mstype.Type) else str(type(dst_type)))
        raise ValueError("For 'to_float', the argument 'dst_type' must be mstype.float32, mstype.float16 or "
                         "mstype.bfloat16, but got type: {} and value: {}.".format(type_text, dst_type))
    flags = {'fp16': dst_type == mstype.float16, 'fp32': dst_type == mstype.float32,
             'bf16': dst_type == mstype.bfloat16}
    return cell.add_flags_recursive(**flags)  # (each Cell's add_flags: mark_float_type)


# The mixed-precision flags and the float type each makes a Cell run in.
_FLAG_TYPES = (("fp16", jnp.float16), ("fp32", jnp.float32), ("bf16", jnp.bfloat16))


def mark_float_type(cell, flags):
    """`Cell.add_flags(fp16=True)` (or fp32, bf16; the last true one wins): the Cell runs in that
    float type from now on, as MindSpore's `_add_mixed_precision_flag` sets its mixed-precision
    type; a false flag changes nothing."""
    for name, dtype in _FLAG_TYPES:
        if flags.get(name, False):
            object.__setattr__(cell, "_mixed_precision", jnp.dtype(dtype))


def _cast_float(value, dtype):
    if isinstance(value, Tensor) and jnp.issubdtype(value._data.dtype, jnp.floating) \
            and value._data.dtype != dtype:
        return _wrap(value._data.astype(dtype))
    if isinstance(value, (tuple, list)):
        return type(value)(_cast_float(v, dtype) for v in value)
    return value


@contextlib.contextmanager
def _float_tensor_attributes(cell, dtype):
    """The Cell's own float Tensor attributes (constants such as `self.scale = Tensor(...)`, not
    Parameters) in `dtype` while its construct runs, as MindSpore casts them in a flagged Cell;
    put back afterwards unless construct replaced them."""
    if getattr(cell, "keeps_parameter_dtypes", False):  # (a BatchNorm computes in float32)
        yield
        return
    originals = {name: value for name, value in cell.__dict__.items()
                 if type(value) is Tensor and jnp.issubdtype(value._data.dtype, jnp.floating)
                 and value._data.dtype != dtype}
    cast = {name: _cast_float(value, dtype) for name, value in originals.items()}
    for name, value in cast.items():
        object.__setattr__(cell, name, value)
    try:
        yield
    finally:
        for name, value in cast.items():
            if cell.__dict__.get(name) is value:
                object.__setattr__(cell, name, originals[name])


def run_in_float_type(cell, args, kwargs):
    """Run a `to_float`-flagged Cell: float inputs and the Cell's own float Parameters cast."""
    dtype = cell.__dict__["_mixed_precision"]
    args = _cast_float(args, dtype)
    kwargs = {k: _cast_float(v, dtype) for k, v in kwargs.items()}
    params = ([] if getattr(cell, "keeps_parameter_dtypes", False)
              else [p for p in cell._params.values() if p is not None])
    originals = lifting.read_values(params)
    cast = [(p, v) for p, v in zip(params, originals)
            if jnp.issubdtype(v.dtype, jnp.floating) and v.dtype != dtype]
    construct, _ = lifting.lift(cell._run_hooks_and_construct, boxes=[p for p, _ in cast])
    with _float_tensor_attributes(cell, dtype):
        record = construct([v.astype(dtype) for _, v in cast], args, kwargs)
    # A Parameter the Cell wrote (BatchNorm statistics) keeps its own dtype; free writes propagate.
    written = {id(b) for b, _ in record.written}
    updates = [(p, final.astype(v.dtype)) for (p, v), final in zip(cast, record.finals)
               if id(p) in written]
    updates += record.free_written()
    lifting.write_back([b for b, _ in updates], [v for _, v in updates])
    out = record.result
    output_type = cell.__dict__.get("mixed_precision_output")
    return out if output_type is None else _cast_float(out, output_type)
