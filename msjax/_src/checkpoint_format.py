"""MindSpore's checkpoint file format (``.ckpt``), read and written as NumPy arrays.

A ``.ckpt`` file is a run of serialized ``Checkpoint`` protobuf messages (MindSpore's
``checkpoint.proto``, proto2), one per record, with nothing between them; protobuf merges the
repeated ``value`` fields of concatenated messages, so the whole file parses as one message::

    message Checkpoint {
      message Value {
        required string tag = 1;
        oneof value { TensorProto tensor = 2; MapTensorProto maptensor = 3; }
      }
      repeated Value value = 1;
    }
    message TensorProto {
      repeated int64 dims = 1;
      required string tensor_type = 2;    // "Float32", "BFloat16", "Bool", ... or "str"
      required bytes tensor_content = 3;  // raw little-endian C-order bytes
    }
    message MapTensorProto { repeated TensorProto tensor = 1; }

Conventions of MindSpore 2.10 kept here: a 0-d tensor has no dims; a string has dims ``[0]``, type
``"str"`` and UTF-32-LE content (``numpy.array(s).tobytes()``), and dims ``[0]`` is read as a 0-d
shape; tensors over 512 MiB are split into 512 MiB records with the same tag and full dims, joined
again on reading; zero-size tensors are not written at all; ``save_checkpoint(crc_check=True)``
appends ``b"crc_num"`` and the CRC-32 of everything before it as 10 big-endian bytes.
"""
import binascii
import functools
import os
import stat

import ml_dtypes
import numpy as np

from msjax._src.core import atomic_files

__all__ = ["read_checkpoint", "write_checkpoint"]

# MindSpore's tensor_type strings (``str(mindspore.dtype)``) and the NumPy dtypes they hold.
_DTYPES = {
    "Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16,
    "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64,
    "Float16": np.float16, "Float32": np.float32, "Float64": np.float64,
    "BFloat16": ml_dtypes.bfloat16, "Bool": np.bool_,
}
_DTYPES = {name: np.dtype(dtype) for name, dtype in _DTYPES.items()}
_TYPE_NAMES = {dtype: name for name, dtype in _DTYPES.items()}
_STR_TYPE = "str"
_SLICE_BYTES = 512 * 1024 * 1024
_CRC_MARK = b"crc_num"
_CRC_FOOTER_BYTES = len(_CRC_MARK) + 10


def _add_field(msg, name, number, label, kind, type_name="", oneof_index=None):
    from google.protobuf import descriptor_pb2
    field = descriptor_pb2.FieldDescriptorProto
    added = msg.field.add(name=name, number=number, label=getattr(field, "LABEL_" + label),
                          type=getattr(field, "TYPE_" + kind))
    if type_name:
        added.type_name = type_name
    if oneof_index is not None:
        added.oneof_index = oneof_index


def _build_checkpoint_message_class():
    """Builds the ``Checkpoint`` message class of MindSpore's checkpoint.proto in a private pool."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    proto = descriptor_pb2.FileDescriptorProto(name="checkpoint.proto")
    checkpoint = proto.message_type.add(name="Checkpoint")
    _add_field(checkpoint, "value", 1, "REPEATED", "MESSAGE", ".Checkpoint.Value")
    value = checkpoint.nested_type.add(name="Value")
    _add_field(value, "tag", 1, "REQUIRED", "STRING")
    _add_field(value, "tensor", 2, "OPTIONAL", "MESSAGE", ".TensorProto", oneof_index=0)
    _add_field(value, "maptensor", 3, "OPTIONAL", "MESSAGE", ".MapTensorProto", oneof_index=0)
    value.oneof_decl.add(name="value")
    tensor = proto.message_type.add(name="TensorProto")
    _add_field(tensor, "dims", 1, "REPEATED", "INT64")
    _add_field(tensor, "tensor_type", 2, "REQUIRED", "STRING")
    _add_field(tensor, "tensor_content", 3, "REQUIRED", "BYTES")
    map_tensor = proto.message_type.add(name="MapTensorProto")
    _add_field(map_tensor, "tensor", 1, "REPEATED", "MESSAGE", ".TensorProto")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("Checkpoint"))


def _Checkpoint():  # noqa: N802 - stands for the message class it makes
    """A new, empty `Checkpoint` message (its class is built on first use: protobuf's descriptor
    machinery is slow to import, and `import msjax` stays light)."""
    return _checkpoint_class()()


@functools.lru_cache(maxsize=1)
def _checkpoint_class():
    return _build_checkpoint_message_class()


def _decode_error():
    from google.protobuf import message
    return message.DecodeError


def _checked_path(path):
    """Validates ``path`` as MindSpore's ``load_checkpoint`` does; returns its real path."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError("For 'load_checkpoint', the argument 'ckpt_file_name' must be string, "
                        "but got {}.".format(type(path)))
    if not path.endswith("ckpt"):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', "
                         f"but got file_name:'{path}', format:'ckpt'")
    real_path = os.path.realpath(path)
    if not os.path.exists(real_path):
        raise ValueError("For 'load_checkpoint', the checkpoint file: {} does not exist, please check "
                         "whether the 'ckpt_file_name' is correct.".format(real_path))
    return real_path


def _decode_tensor(tag, tensor, content, path):
    """Turns the joined content of one tag's records into an array, or a str for "str" records."""
    if tensor.tensor_type == _STR_TYPE:
        # MindSpore sizes the string by the last record alone; one record is all it ever writes.
        width = len(tensor.tensor_content) // 4
        return str(np.frombuffer(content, f"<U{width}")[0])
    dtype = _DTYPES.get(tensor.tensor_type)
    if dtype is None:
        raise ValueError(f"'{tensor.tensor_type}'\nFor 'load_checkpoint', "
                         f"failed to load the checkpoint file {path}.")
    shape = tuple(tensor.dims)
    shape = () if shape == (0,) else shape  # MindSpore reads dims [0] as 0-d, as for strings
    expected = int(np.prod(shape)) * dtype.itemsize
    if len(content) != expected:
        raise ValueError(f"For 'load_checkpoint', the parameter '{tag}' in {path} holds {len(content)} "
                         f"bytes of {tensor.tensor_type}, but its shape {shape} needs {expected}; the "
                         f"file is truncated or corrupted. Save the checkpoint again.")
    return np.frombuffer(content, dtype.newbyteorder("<")).astype(dtype).reshape(shape)


def read_checkpoint(path, crc_check=False):
    """Reads a MindSpore ``.ckpt`` file into NumPy arrays, in file order.

    This is the file-reading half of ``mindspore.load_checkpoint``: the same checks, exceptions and
    messages, but it returns arrays instead of Parameters and loads nothing into a network.

    Args:
        path: Path of the checkpoint; it must end with ``ckpt``, as in MindSpore.
        crc_check: If True, verify the CRC-32 footer that ``save_checkpoint(crc_check=True)``
            writes. A footer is always stripped; a file without one passes.

    Returns:
        dict mapping each name to a ``numpy.ndarray`` (``ml_dtypes.bfloat16`` for BFloat16), or to
        a ``str`` for string entries such as those of ``append_dict``.

    Raises:
        TypeError: ``path`` is not a string.
        ValueError: the file is missing, empty, unreadable, corrupted, fails the CRC check, or
            holds a tensor type MindSpore cannot load, with MindSpore's messages.

    Example:
        >>> write_checkpoint("/tmp/w.ckpt", {"w": np.ones((2, 3), np.float32)})
        >>> read_checkpoint("/tmp/w.ckpt")["w"].shape
        (2, 3)
    """
    path = _checked_path(path)
    # MindSpore reports a failed CRC check with the message of an unreadable file.
    unreadable = ValueError(f"Failed to read the checkpoint file {path}. May not have permission to "
                            f"read it, please check the correct of the file.")
    try:
        with open(path, "rb") as f:
            content = f.read()
    except OSError as e:
        raise unreadable from e
    if content[-_CRC_FOOTER_BYTES:-10] == _CRC_MARK:
        content, crc = content[:-_CRC_FOOTER_BYTES], int.from_bytes(content[-10:], "big")
        if crc_check and binascii.crc32(content) != crc:
            raise unreadable
    checkpoint = _Checkpoint()
    try:
        checkpoint.ParseFromString(content)
    except _decode_error() as e:
        raise ValueError(f"Failed to read the checkpoint file {path}. "
                         f"The file may be corrupted, and the content cannot be parsed.") from e
    arrays, pieces, values = {}, [], checkpoint.value
    for index, value in enumerate(values):
        if not value.HasField("tensor"):
            raise ValueError(f"For 'load_checkpoint', the entry '{value.tag}' in {path} is a "
                             f"MapParameter, which msjax does not support; save it as Tensors instead.")
        pieces.append(value.tensor.tensor_content)
        if index + 1 < len(values) and values[index + 1].tag == value.tag:
            continue  # a tensor over 512 MiB continues in the next record
        arrays[value.tag] = _decode_tensor(value.tag, value.tensor, b"".join(pieces), path)
        pieces = []
    if not arrays:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    return arrays


def _encode_value(name, value):
    """Returns MindSpore's (tensor_type, dims, content) for one value to save."""
    if not isinstance(name, str):
        raise TypeError(f"write_checkpoint: every name must be a str, but got {name!r} of type "
                        f"{type(name).__name__}.")
    if isinstance(value, str):
        return _STR_TYPE, [0], np.array(value, dtype="<U").tobytes()
    if not isinstance(value, np.generic):  # Tensor(True), Tensor(5), Tensor(2.5) in MindSpore
        if isinstance(value, bool):
            value = np.bool_(value)
        elif isinstance(value, int):
            value = np.int64(value)
        elif isinstance(value, float):
            value = np.float32(value)
    array = np.asarray(value)
    native = array.dtype.newbyteorder("=")
    if native not in _TYPE_NAMES:
        raise TypeError(f"write_checkpoint: '{name}' has dtype {array.dtype}, which a MindSpore checkpoint "
                        f"cannot hold; expected one of {', '.join(map(str, _TYPE_NAMES))}. Cast it "
                        f"first, e.g. with .astype(numpy.float32).")
    content = np.ascontiguousarray(array, dtype=native.newbyteorder("<")).tobytes()
    return _TYPE_NAMES[native], list(array.shape), content


def write_checkpoint(path, named_arrays, append_dict=None, crc_check=False):
    """Writes arrays to a ``.ckpt`` file exactly as ``mindspore.save_checkpoint`` would.

    MindSpore's ``load_checkpoint`` reads the file back bit for bit. As in MindSpore, entries of
    ``append_dict`` follow the arrays and replace same-named ones in place; Python ``bool``, ``int``
    and ``float`` are stored as 0-d Bool, Int64 and Float32 tensors and ``str`` as a string;
    zero-size arrays are skipped; the file is written to a temporary file, flushed, synced and
    renamed into place (a kill at any moment leaves the old file or the new one; concurrent
    savers never corrupt it) and left read-only.

    Args:
        path: Where to write; an existing file there is replaced.
        named_arrays: dict of name to array-like or str, or a list of ``(name, value)`` pairs.
        append_dict: Optional further ``{name: value}`` entries, as ``save_checkpoint``'s.
        crc_check: If True, append MindSpore's CRC-32 footer.

    Raises:
        TypeError: a name is not a str, or an array's dtype has no MindSpore tensor type.
    """
    entries = dict(named_arrays)
    entries.update(append_dict or {})
    records = []
    for name, value in entries.items():
        tensor_type, dims, content = _encode_value(name, value)
        for start in range(0, len(content), _SLICE_BYTES):
            checkpoint = _Checkpoint()
            record = checkpoint.value.add(tag=name)
            record.tensor.dims.extend(dims)
            record.tensor.tensor_type = tensor_type
            record.tensor.tensor_content = content[start:start + _SLICE_BYTES]
            records.append(checkpoint.SerializeToString())
    if crc_check:
        crc = 0
        for record in records:
            crc = binascii.crc32(record, crc)
        records.append(_CRC_MARK + crc.to_bytes(10, "big"))
    # the old file stays until the new one is whole (core/atomic_files.py)
    atomic_files.write_atomically(path, records, mode=stat.S_IRUSR)
