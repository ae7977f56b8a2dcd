"""The arithmetic of float32 matrix products and convolutions: MindSpore's GPU settings.

MindSpore computes a float32 MatMul in float32 on a GPU unless
`mindspore.device_context.gpu.op_precision.matmul_allow_tf32(True)` lets cuBLAS round its
operands to TF32, and lets cuDNN compute float32 convolutions in TF32 unless
`conv_allow_tf32(False)` says otherwise. JAX's default on a GPU is TF32 for both (and one bfloat16
pass on a TPU), so msjax sets the precision itself, on every backend (the CPU computes float32
either way):

- dot products (MatMul, BatchMatMul, Dense, einsum, and the products msjax computes other ops
  with, such as a one-hot Embedding): inside msjax's own calls JAX's `default_matmul_precision`
  is msjax's, "float32" (`Precision.HIGHEST`), or JAX's default with `matmul_allow_tf32(True)`.
  core/x64.py switches it with 64-bit types, per thread, and puts the caller's back on return;
- convolutions name their precision (`conv_precision()`): `Precision.DEFAULT` (TF32 on a GPU) by
  default, `Precision.HIGHEST` with `conv_allow_tf32(False)`.

The precision is part of a traced program: a program traced under one setting keeps it (jit
retraces under the other, as it does for any JAX setting).
"""
from __future__ import annotations

from jax import lax

# what core/x64.py puts in jax.default_matmul_precision inside msjax's calls
MATMUL = ["float32"]
_CONV = [lax.Precision.DEFAULT]


def _check_bool(value):
    if not isinstance(value, bool):
        raise TypeError(f"The parameter 'value' must be {bool}, but got {type(value)}")


def matmul_allow_tf32(value):
    """`mindspore.device_context.gpu.op_precision.matmul_allow_tf32(value)`: whether float32
    matrix products may round their operands to TF32 (JAX's default precision); False by
    default."""
    _check_bool(value)
    MATMUL[0] = None if value else "float32"


def conv_allow_tf32(value):
    """`mindspore.device_context.gpu.op_precision.conv_allow_tf32(value)`: whether float32
    convolutions may compute in TF32; True by default."""
    _check_bool(value)
    _CONV[0] = lax.Precision.DEFAULT if value else lax.Precision.HIGHEST


def conv_precision():
    """The `precision=` of msjax's convolutions."""
    return _CONV[0]


def settings() -> tuple:
    """Both settings (part of the compile cache's key)."""
    return MATMUL[0], str(_CONV[0])
