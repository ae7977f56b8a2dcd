"""MindSpore's checkpoints in the safetensors format, read and written as NumPy arrays.

A ``.safetensors`` file (Hugging Face's format, written here by the `safetensors` package) is an
8-byte little-endian header length, a JSON header naming each tensor's dtype (``F32``, ``BF16``,
...), shape and byte range, then the raw little-endian bytes. MindSpore 2.10's
``save_checkpoint(..., format="safetensors")`` conventions, kept here:

* tensors are written in sorted name order (the package sorts them too), zero-size ones included;
* the header's ``__metadata__`` is ``{"format": "ms"}``, with ``"remove_redundancy": "True"/"False"``
  when `save_checkpoint` got that keyword, and ``"crc_num"`` (a decimal string) with `crc_check`:
  the CRC-32 over, name by name in sorted order, the name's UTF-8 bytes then the tensor's bytes;
* a file with no tensors has no ``__metadata__`` at all;
* `load_checkpoint` reads the tensors in sorted name order; a file that does not parse is
  "Fail to parse the input safetensors: '<path>'. Please check the correctness of the file.".

The `safetensors` package is imported on first use, so `import msjax` does not load it.
"""
from __future__ import annotations

import binascii
import io
import json
import logging
import os
import stat
import struct

import ml_dtypes
import numpy as np

from msjax._src.core import atomic_files

__all__ = ["checked_source", "read_safetensors", "remove_redundancy_of", "safetensors_bytes", "write_safetensors"]

logger = logging.getLogger("msjax")

# The safetensors dtype codes MindSpore's checkpoints use, and the NumPy dtypes they hold.
_DTYPES = {
    "BOOL": np.bool_, "U8": np.uint8, "I8": np.int8, "U16": np.uint16, "I16": np.int16,
    "U32": np.uint32, "I32": np.int32, "U64": np.uint64, "I64": np.int64,
    "F16": np.float16, "BF16": ml_dtypes.bfloat16, "F32": np.float32, "F64": np.float64,
}
_DTYPES = {code: np.dtype(dtype) for code, dtype in _DTYPES.items()}
_HEADER_LENGTH_BYTES = 8


def _crc(named_arrays) -> int:
    crc = 0
    for name, array in named_arrays:
        crc = binascii.crc32(name.encode("utf-8"), crc)
        # bytes(), as MindSpore takes them: NumPy refuses a bfloat16 array's buffer (ValueError
        # "cannot include dtype 'E' in a buffer"), so neither can save or check a bfloat16 CRC.
        crc = binascii.crc32(bytes(np.require(array, requirements="C")), crc)
    return crc


def safetensors_bytes(named_arrays, crc_check=False, remove_redundancy=None) -> bytes:
    """The bytes of the safetensors file MindSpore writes for `named_arrays` ((name, ndarray)
    pairs, names unique; see the module doc for the layout)."""
    import safetensors.numpy  # pylint: disable=import-outside-toplevel  (heavy; first use only)
    ordered = sorted(named_arrays, key=lambda pair: pair[0])
    tensors = {name: np.require(array, requirements="C") for name, array in ordered}  # 0-d stays 0-d
    if not tensors:
        return safetensors.numpy.save({})
    metadata = {"format": "ms"}
    if isinstance(remove_redundancy, bool):
        metadata["remove_redundancy"] = str(remove_redundancy)
    if crc_check:
        metadata["crc_num"] = str(_crc(ordered))
    return safetensors.numpy.save(tensors, metadata=metadata)


def write_safetensors(path, named_arrays, crc_check=False, remove_redundancy=None) -> None:
    """Write `named_arrays` to `path` as MindSpore does, atomically (core/atomic_files.py): the
    bytes are all made before the file is touched, and the old file stays until the new one is
    whole. The file is left read-only, as MindSpore leaves it."""
    data = safetensors_bytes(named_arrays, crc_check, remove_redundancy)
    atomic_files.write_atomically(path, data, mode=stat.S_IRUSR)


def _parse_error(source):
    name = source if isinstance(source, str) else str(type(source))
    return ValueError(f"Fail to parse the input safetensors: '{name}'. Please check the correctness of the file.")


def _header(data: bytes, source):
    if len(data) < _HEADER_LENGTH_BYTES:
        raise _parse_error(source)
    (length,) = struct.unpack("<Q", data[:_HEADER_LENGTH_BYTES])
    try:
        header = json.loads(data[_HEADER_LENGTH_BYTES:_HEADER_LENGTH_BYTES + length])
    except (ValueError, UnicodeDecodeError) as e:
        raise _parse_error(source) from e
    if not isinstance(header, dict):
        raise _parse_error(source)
    return header


def read_safetensors(source, crc_check=False):
    """Read a safetensors checkpoint: `source` is a path (already checked to exist) or a binary
    file object (`io.BytesIO`). Returns `(arrays, metadata)`: name to ndarray in sorted name order,
    and the header's ``__metadata__`` (None without one). With `crc_check`, a file whose
    ``crc_num`` does not match raises MindSpore's ValueError; one without ``crc_num`` logs its
    warning."""
    import safetensors  # pylint: disable=import-outside-toplevel  (heavy; first use only)
    if isinstance(source, io.BytesIO):
        data = source.read()
    else:
        with open(source, "rb") as f:
            data = f.read()
    if not data:  # MindSpore maps the file, which an empty file cannot be
        raise ValueError("cannot mmap an empty file")
    header = _header(data, source)
    try:
        tensors = safetensors.deserialize(data)
    except Exception as e:  # safetensors' SafetensorError (a plain Exception) on any bad layout
        raise _parse_error(source) from e
    arrays = {}
    for name, info in sorted(tensors, key=lambda pair: pair[0]):
        dtype = _DTYPES.get(info["dtype"])
        if dtype is None:
            raise ValueError(f"For 'load_checkpoint', the tensor '{name}' of {source} has dtype "
                             f"{info['dtype']}, which msjax cannot load.")
        arrays[name] = np.frombuffer(bytes(info["data"]), dtype).reshape(info["shape"]).copy()
    metadata = header.get("__metadata__")
    if crc_check:
        if metadata is None or metadata.get("crc_num") is None:
            logger.warning("For 'load_checkpoint', the safetensors file do not contain the crc code, please "
                           "check the file.")
        elif _crc(arrays.items()) != int(metadata["crc_num"]):
            raise ValueError("For 'load_checkpoint', the crc check has failed. Please check whether the ckpt "
                             "file is damaged.")
    return arrays, metadata


def remove_redundancy_of(metadata, remove_redundancy) -> bool:
    """MindSpore's rule: the file's own ``remove_redundancy`` flag wins over the argument (with a
    warning) when the two differ."""
    flag = (metadata or {}).get("remove_redundancy")
    if flag == "True" and not remove_redundancy:
        logger.warning("For 'load_checkpoint', the safetensors file is deduplicated, but remove_redundancy is set "
                       "to False.")
        return True
    if flag == "False" and remove_redundancy:
        logger.warning("For 'load_checkpoint', the safetensors file is non-deduplicated, but remove_redundancy is "
                       "set to True.")
        return False
    return remove_redundancy


def checked_source(source):
    """Validates `source` as MindSpore's ``load_checkpoint(format="safetensors")`` does: a binary
    file object passes as it is, a path must be a str ending with ``safetensors`` of an existing
    file; returns the object or the real path."""
    if isinstance(source, io.BytesIO):
        return source
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise TypeError("For 'load_checkpoint', the argument 'ckpt_file_name' must be string, "
                        f"but got {type(source)}.")
    if not source.endswith("safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file format must same with 'format', "
                         f"but got file_name:'{source}', format:'safetensors'")
    real_path = os.path.realpath(source)
    if not os.path.exists(real_path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {real_path} does not exist, please check "
                         "whether the 'ckpt_file_name' is correct.")
    return real_path


def fast_load_file(filename) -> dict:
    """`mindspore.parallel.transform_safetensors._fast_load_file(filename)`: a safetensors
    file's tensors as {name: NumPy array} (what `safetensors.numpy.load_file` gives)."""
    return dict(read_safetensors(filename)[0])
