"""`mindspore.dataset.vision.read_file` and `write_file`: a file's bytes as a uint8 array and
back, with MindSpore's errors (a bad argument's TypeError; its pipeline RuntimeError for a path
or array its C++ refuses)."""
from __future__ import annotations

import os

import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.dataset.rows import pipeline_error


def _check_filename(filename) -> None:
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")


def read_file(filename) -> np.ndarray:
    """`vision.read_file(filename)`: the file's contents as a one-dimensional uint8 array."""
    _check_filename(filename)
    if not os.path.exists(filename):
        raise pipeline_error(f"ReadFile: Invalid file path, {filename} does not exist.",
                             "ReadFile")
    if not os.path.isfile(filename):
        raise pipeline_error(f"ReadFile: Invalid file path, {filename} is not a regular file.",
                             "ReadFile")
    with open(filename, "rb") as file:
        return np.frombuffer(file.read(), np.uint8).copy()


def write_file(filename, data) -> None:
    """`vision.write_file(filename, data)`: writes a one-dimensional uint8 array (or Tensor)
    as the file's contents. Refused data leaves the file as it was."""
    _check_filename(filename)
    if isinstance(data, Tensor):
        data = data.asnumpy()
    elif not isinstance(data, np.ndarray):
        raise TypeError(f"Input data is not of type {np.ndarray} or {Tensor}, but got: "
                        f"{type(data)}.")
    if os.path.exists(filename) and not os.path.isfile(filename):
        raise pipeline_error(f"WriteFile: Invalid file path, {filename} is not a regular file.",
                             "WriteFile")
    if data.dtype != np.uint8:
        raise pipeline_error(f"WriteFile: The type of the elements of data should be UINT8, but "
                             f"got {data.dtype}.", "WriteFile")
    if data.ndim != 1:
        raise pipeline_error(f"WriteFile: The data has invalid dimensions. It should have only "
                             f"one dimension, but got {data.ndim} dimensions.", "WriteFile")
    try:
        with open(filename, "wb") as file:
            file.write(data.tobytes())
    except FileNotFoundError:
        raise pipeline_error("No such file or directory", "WriteFile") from None
