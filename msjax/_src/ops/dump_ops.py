"""`ops.TensorDump(input_output='out')` and `ops.tensordump(file_name, tensor, mode='out')`: a
Tensor saved with NumPy as `<file>_<dtype>_<n>.npy` (a `.npy` ending of `file` dropped first),
`n` counting the process's dumps from 0, as MindSpore 2.10 names them. Inside a compiled function
the value is saved when the program runs (`jax.debug.callback`, in program order).

`input_output` and `mode` say whether MindSpore dumps an operator's input or output in its
Ascend graphs; on the CPU, as in msjax, the given Tensor is what is saved.
"""
from __future__ import annotations

import itertools
import os

import jax
import numpy as np

from msjax._src.core import checkparam as check
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import Primitive

_DUMPS = itertools.count()  # the process's dump number


def _save(file, value):
    value = np.asarray(value)
    stem = file[:-len(".npy")] if file.endswith(".npy") else file
    np.save(f"{stem}_{value.dtype.name}_{next(_DUMPS)}.npy", value)


def _dump(file, tensor):
    data = tensor._data if isinstance(tensor, Tensor) else np.asarray(tensor)
    if isinstance(data, jax.core.Tracer):
        jax.debug.callback(lambda value: _save(file, value), data, ordered=True)
    else:
        _save(file, data)


class TensorDump(Primitive):
    """`ops.TensorDump(input_output='out')`: `TensorDump()(file, input_x)` saves `input_x` as
    `<file>_<dtype>_<n>.npy` and returns None."""

    def __init__(self, input_output="out"):
        super().__init__("TensorDump")
        if input_output not in ("in", "out"):
            raise ValueError("The 'input_output' argument should be one of ['in', 'out'], but "
                             f"got: {input_output}")
        self.add_prim_attr("input_output", input_output)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", "ms_tensor_dump")

    def __call__(self, file, input_x):
        check.check_value_type("file", file, [str], self.name)
        _dump(os.fspath(file), input_x)


def tensordump(file_name, tensor, mode="out"):
    """`ops.tensordump(file_name, tensor, mode='out')`: `TensorDump(mode)(file_name, tensor)`;
    `mode` 'in' or 'out'."""
    if mode not in ("out", "in", "all"):
        raise ValueError(f"Parameter mode should in ['out', 'in'], but got {mode}")
    if mode == "all":
        raise ValueError("Argument [mode] has been not supported value of 'all'.")
    return TensorDump(mode)(file_name, tensor)
