"""`mindspore.SummaryRecord` (and the `_summary_adapter` helpers it uses), writing TensorBoard
event files; `SummaryCollector`, which records through it, is in summary_collector.py.

MindSpore writes summaries in its own protobuf for MindInsight. msjax writes them in TensorBoard's
format instead (TFRecord-framed `Event` protos), to files named
`<prefix>.out.tfevents.<time>.<host><suffix>` so TensorBoard finds them: `tensorboard --logdir
<log_dir>` shows them. Scalars are `simple_value`s; images a PNG of MindSpore's canvas (the NCHW
batch tiled 8 a row, scaled to 0-255 as MindSpore scales it); histograms TensorBoard's
`HistogramProto` over MindSpore's number of bins; tensors a `TensorProto`. Values are written
under MindSpore's tags (`loss` for `ScalarSummary()("loss", x)`), grouped by plugin as MindSpore
groups them; the file is made by the first value written. The lineage, graph and landscape
plugins of `add_value` raise NotImplementedError.
"""
from __future__ import annotations

import atexit
import os
import re
import socket
import struct
import time
import zlib

import numpy as np

from msjax._src.core import checkparam, log
from msjax._src.core.tensor import Tensor
from msjax._src.ops.summary_ops import take_pending
from msjax._src.train.checkpoint import make_directory
from msjax._src.train import checks


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC32C_TABLE = _crc32c_table()


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli), as TFRecord frames use."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC32C_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def _masked_crc(data: bytes) -> int:
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(value: int) -> bytes:
    out = bytearray()
    value &= (1 << 64) - 1
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _length_delimited(field: int, payload: bytes) -> bytes:
    return _varint((field << 3) | 2) + _varint(len(payload)) + payload


def _double(field: int, value: float) -> bytes:
    return _varint((field << 3) | 1) + struct.pack("<d", value)


def _png(image: np.ndarray) -> bytes:
    """An HWC uint8 image (3 channels) as PNG bytes (filter 0 rows, zlib)."""
    height, width, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) \
        + chunk(b"IEND", b"")


def make_canvas_for_imgs(tensor: np.ndarray, col_imgs: int = 8) -> np.ndarray:
    """MindSpore's `_make_canvas_for_imgs`: an NCHW batch (C 1 or 3) tiled `col_imgs` a row on
    one float64 CHW canvas of 3 channels (one channel repeated three times)."""
    if tensor.shape[1] == 1:
        tensor = np.concatenate([tensor, tensor, tensor], 1)
    n, _, h, w = tensor.shape
    cols = min(n, col_imgs)
    rows = int(np.ceil(float(n) / cols))
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = tensor[i]
    return canvas


def convert_image_format(np_tensor: np.ndarray, input_format: str, out_format: str = "HWC") -> np.ndarray:
    """MindSpore's `_convert_image_format`: a batch laid out as `input_format` (a permutation of
    NCHW) as one canvas laid out as `out_format` (a permutation of CHW)."""
    input_format = input_format.upper()
    if input_format != "NCHW":
        np_tensor = np_tensor.transpose([input_format.find(c) for c in "NCHW"])
    return make_canvas_for_imgs(np_tensor).transpose(["CHW".find(c) for c in out_format])


def _image_canvas(value: np.ndarray):
    """MindSpore's image summary of an NCHW batch (C 1 or 3): the images tiled 8 a row, HWC,
    scaled to uint8 as MindSpore scales the canvas; None (MindSpore logs an error, writes
    nothing) for another shape."""
    if value.ndim != 4 or value.shape[1] not in (1, 3):
        log.error(f"The dimension of Summary tensor should be 4 or second dimension should be 1 or 3, "
                  f"but got shape={value.shape}, which means Summary tensor is not Image.")
        return None
    if 0 in value.shape:
        log.error(f"The tensor with shape({value.shape}) is not a valid image because the shape contains zero.")
        return None
    canvas = convert_image_format(value, "NCHW")
    # MindSpore scales the float64 canvas (so a uint8 batch too: 255 becomes 254): [0, 1] to
    # [0, 255], any other range onto [0, 255 * span / (span + 1)].
    scale, shift = 1.0, 0.0
    high, low = np.max(canvas), np.min(canvas)
    if high <= 1 and low >= 0:
        scale = 255.0
    else:
        if high != low:
            scale = 255 / (high - low + 1)
        shift = low
    return ((canvas.astype(np.float32) - shift) * scale).astype(np.uint8)


def calc_histogram_bins(count: int) -> int:
    """MindSpore's `_calc_histogram_bins`: the number of histogram bins for `count` finite values
    (1 for none, 2 up to 5, 3 up to 10, then about 10 values a bin, at most 90)."""
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    return count // 10 + 1 if count <= 880 else 90


def _histogram_proto(value: np.ndarray) -> bytes:
    """TensorBoard's HistogramProto (min, max, num, sum, sum_squares, bucket_limit, bucket) of the
    finite values."""
    finite = value[np.isfinite(value)].astype(np.float64) if value.dtype.kind in "fc" \
        else value.astype(np.float64).ravel()
    if finite.size:
        low, high = float(finite.min()), float(finite.max())
    else:
        low = high = 0.0
    first, last = (low, high) if low < high else (low - 0.5, high + 0.5)
    # MindSpore's edges are in the value's dtype (an int tensor's are truncated: 1, 2, 4, 6)
    edges = np.linspace(first, last, calc_histogram_bins(finite.size) + 1,
                        dtype=value.dtype if value.dtype.kind in "iuf" else np.float64)
    data = value[np.isfinite(value)] if value.dtype.kind in "fc" else value.ravel()
    counts, edges = np.histogram(data, bins=edges)
    proto = (_double(1, low) + _double(2, high) + _double(3, float(value.size))
             + _double(4, float(finite.sum())) + _double(5, float(np.sum(finite * finite))))
    proto += _length_delimited(6, b"".join(struct.pack("<d", e) for e in edges[1:]))
    proto += _length_delimited(7, b"".join(struct.pack("<d", float(c)) for c in counts))
    return proto


# NumPy dtype -> TensorFlow's DataType enum (TensorProto.dtype)
_TF_DTYPES = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "int64": 9,
              "bool": 10, "uint16": 17, "float16": 19, "uint32": 22, "uint64": 23}


def _tensor_proto(value: np.ndarray) -> bytes:
    """TensorBoard's TensorProto: dtype, shape, little-endian content."""
    value = np.ascontiguousarray(value)
    if value.dtype.name not in _TF_DTYPES:
        value = value.astype(np.float32)
    shape = b"".join(_length_delimited(2, b"\x08" + _varint(size)) for size in value.shape)
    return (b"\x08" + _varint(_TF_DTYPES[value.dtype.name]) + _length_delimited(2, shape)
            + _length_delimited(4, value.astype(value.dtype.newbyteorder("<")).tobytes()))


def _summary_value(plugin: str, tag: str, value: np.ndarray):
    """One `Summary.Value` of a plugin's value; None when MindSpore would write nothing."""
    head = _length_delimited(1, tag.encode())
    if plugin == "scalar":
        return head + b"\x15" + struct.pack("<f", float(np.asarray(value, np.float64).reshape(())))
    if plugin == "image":
        canvas = _image_canvas(value)
        if canvas is None:
            return None
        height, width, _ = canvas.shape
        image = b"\x08" + _varint(height) + b"\x10" + _varint(width) + b"\x18\x03" \
            + _length_delimited(4, _png(canvas))
        return head + _length_delimited(4, image)
    if plugin == "histogram":
        return head + _length_delimited(5, _histogram_proto(value))
    return head + _length_delimited(8, _tensor_proto(value))


def encode_event(wall_time: float, step: int, *, file_version: str | None = None, scalars=(),
                 values=()) -> bytes:
    """A TensorBoard `Event` proto: a file version, or a `Summary` of `(tag, value)` scalars and
    of encoded `Summary.Value`s."""
    event = b"\x09" + struct.pack("<d", wall_time) + b"\x10" + _varint(step)
    if file_version is not None:
        event += _length_delimited(3, file_version.encode())
    encoded = [_summary_value("scalar", tag, value) for tag, value in scalars] + list(values)
    if encoded:
        event += _length_delimited(5, b"".join(_length_delimited(1, v) for v in encoded))
    return event


def check_to_numpy(plugin: str, value, who: str) -> np.ndarray:
    """A summary value as a NumPy array, refused as MindSpore refuses it (`who`: the operator or
    "SummaryRecord", named in the message)."""
    array = value.asnumpy() if isinstance(value, Tensor) else np.asarray(value)
    if plugin == "scalar" and array.size != 1:
        raise ValueError(f'For "{who}", the v rank must be less than or equal to 1, but got '
                         f"{len(array)}.")
    if plugin == "image" and array.ndim != 4:
        raise ValueError(f'For "{who}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram") and array.ndim == 0:
        raise ValueError(f'For "{who}", the value should not be empty.')
    return array.copy()


def tfrecord(payload: bytes) -> bytes:
    """`payload` framed as one TFRecord (length, masked CRCs)."""
    length = struct.pack("<Q", len(payload))
    return (length + struct.pack("<I", _masked_crc(length)) + payload
            + struct.pack("<I", _masked_crc(payload)))


# export_options -> the formats each accepts (MindSpore's `_DEFAULT_EXPORT_OPTIONS`)
DEFAULT_EXPORT_OPTIONS = {"tensor_format": {"npy", None}}


def process_export_options(export_options):
    """MindSpore's checks of `export_options` (`{'tensor_format': 'npy' or None}`); the options."""
    if export_options is None:
        return None
    checks.check_argument_type("export_options", export_options, [dict, type(None)])
    for option, export_format in export_options.items():
        checks.check_argument_type("export_option", option, [str])
        checks.check_argument_type("export_format", export_format, [str, type(None)])
    unexpected = set(export_options) - set(DEFAULT_EXPORT_OPTIONS)
    if unexpected:
        raise ValueError(f'For "SummaryRecord", the keys {unexpected} of "export_options" are unsupported, '
                         f"expect the follow keys: {list(DEFAULT_EXPORT_OPTIONS.keys())}")
    for option, export_format in export_options.items():
        allowed = DEFAULT_EXPORT_OPTIONS[option]
        if export_format not in allowed:
            raise ValueError(f'For "SummaryRecord", the export_format { {export_format} } of "export_options" are '
                             f"unsupported for {option}, expect the follow values: {list(allowed)}")
    return export_options


# name `TAG[:Type]` -> value, for the next SummaryRecord.record in train mode (MindSpore's
# `SUMMARY_TENSOR_CACHE`, which its summary operators fill).
SUMMARY_TENSOR_CACHE: dict = {}


def cache_summary_tensor_data(summary) -> bool:
    """MindSpore's `_cache_summary_tensor_data`: `[{"name": "tag[:Scalar]", "data": tensor}, ...]`
    kept for the next record."""
    for item in summary:
        SUMMARY_TENSOR_CACHE[item["name"]] = item["data"]
    return True


def get_summary_tensor_data() -> dict:
    """MindSpore's `_get_summary_tensor_data`: the cached values, emptying the cache."""
    data = dict(SUMMARY_TENSOR_CACHE)
    SUMMARY_TENSOR_CACHE.clear()
    return data


def record_summary_tensor_data() -> None:
    """MindSpore's `_record_summary_tensor_data`: the summary operators' values since the last
    call, checked as MindSpore checks them there, moved into the cache as `name[:Scalar]`, ..."""
    for kind, name, value, who in take_pending():
        summary = f"{kind}Summary"
        if not isinstance(name, str) or not name:
            raise TypeError(f'For "{summary}", the name must be valid string, but got "{name}".')
        if not isinstance(value, (Tensor, np.ndarray)):
            raise TypeError(f'For "{summary}", the parameter "value" expect to be Tensor, '
                            f'but got {type(value).__name__}')
        check_to_numpy(kind.lower(), value, who)
        value = value if isinstance(value, Tensor) else Tensor(value)
        cache_summary_tensor_data([{"name": f"{name}[:{kind}]", "data": value}])


def get_event_file_name(prefix: str, suffix: str, time_second: str) -> str:
    """The event file's name: TensorBoard's `<prefix>.out.tfevents.<time>.<host><suffix>` (MindSpore's
    `get_event_file_name` names its own format `<prefix>.out.events.summary.<time>.<device>.<host>
    <suffix>`); the prefix and suffix checked as MindSpore checks them."""
    checkparam.check_str_by_regular(prefix)
    checkparam.check_str_by_regular(suffix)
    return f"{prefix}.out.tfevents.{time_second}.{socket.gethostname()}{suffix}"


def parse_summary_name(name):
    """`TAG[:TYPE]` -> (TAG, TYPE); (None, None) for another name."""
    if not isinstance(name, str):
        return None, None
    match = re.match(r"(.+)\[:(.+)\]", name)
    return match.groups() if match else (None, None)


class SummaryRecord:
    """`mindspore.SummaryRecord(log_dir, file_prefix="events", file_suffix="_MS", num_process=32,
    network=None, max_file_size=None, raise_exception=False, export_options=None)`.

    `add_value('scalar', name, tensor)` then `record(step)` writes the scalars as one TensorBoard
    event (see the module doc); `network` (MindSpore's graph) is not written.

    Example:
        >>> with SummaryRecord("./summary") as summary:
        ...     summary.add_value("scalar", "loss", loss)
        ...     summary.record(step)
    """

    count = 0  # the open instances: MindSpore allows one at a time

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        self._closed = True  # (until the checks pass: close() then has nothing to do)
        if SummaryRecord.count > 0:
            raise RuntimeError(f"For '{SummaryRecord.__name__}', only one instance is supported in a training "
                               f"process, you are trying to create a new one when the existing instance number is "
                               f"{SummaryRecord.count}. Please check your scripts.")
        if not isinstance(raise_exception, bool):
            raise TypeError(f"The type of 'raise_exception' should be 'bool', but got type "
                            f"'{type(raise_exception).__name__}'.")
        log_path = make_directory(log_dir, "log_dir")
        if not isinstance(max_file_size, (int, type(None))):
            raise TypeError(f"For '{type(self).__name__}', the 'max_file_size' should be int type, "
                            f"but got type {type(max_file_size)}")
        if not isinstance(file_prefix, str) or not isinstance(file_suffix, str):
            raise TypeError(f"For '{type(self).__name__}', `file_prefix` and `file_suffix`  should be str, "
                            f"but got type {type(file_prefix)}")
        checkparam.check_str_by_regular(file_prefix)
        checkparam.check_str_by_regular(file_suffix)
        if max_file_size is not None and max_file_size < 0:
            log.warning(f"For '{type(self).__name__}', the 'max_file_size' should be greater than 0. but got value "
                        f"{max_file_size}.")
            max_file_size = None
        self._export_options = process_export_options(export_options)
        self.base_log_dir = log_dir
        self.network = network
        self._mode = "train"
        self._pool = {}  # plugin -> {tag: value}: MindSpore writes a record's values grouped by plugin
        self._closed = False
        name = get_event_file_name(file_prefix, file_suffix, str(int(time.time())))
        self.file_info = {"file_name": name, "file_path": os.path.join(log_path, name)}
        self._file = None  # opened by the first write: as MindSpore's, a record with no value leaves no file
        self._bytes_left = max_file_size  # None: no limit
        self._writing = True  # False once max_file_size is reached: MindSpore's writer then stops
        SummaryRecord.count += 1
        atexit.register(self.close)  # (MindSpore's too: values recorded are written if close is forgotten)

    @property
    def log_dir(self):
        """The path of the event file."""
        return self.file_info["file_path"]

    def __enter__(self):
        if self._closed:
            raise ValueError(f'For "{type(self).__name__}", SummaryRecord has been closed, please check if '
                             'close() method is called')
        return self

    def __exit__(self, *err):
        self.close()

    def set_mode(self, mode):
        if mode not in ("train", "eval"):
            raise ValueError(f'For "{type(self).__name__}.set_mode", {mode!r} is not a recognized mode, expect '
                             'the parameter "mode" is "train" or "eval"')
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Buffer a 'scalar', 'image', 'histogram' or 'tensor' value for the next `record`."""
        if plugin not in ('tensor', 'scalar', 'image', 'histogram', 'train_lineage', 'eval_lineage',
                          'dataset_graph', 'custom_lineage_data', 'graph', 'landscape'):
            raise ValueError(f'For "{type(self).__name__}.add_value", no such "plugin" of {plugin!r} , expect '
                             'value is one of [tensor, scalar, image, histogram, train_lineage, eval_lineage, '
                             'dataset_graph, custom_lineage_data, graph, landscape]')
        if plugin not in ("tensor", "scalar", "image", "histogram"):
            raise NotImplementedError(f"msjax: SummaryRecord writes TensorBoard scalars, images, histograms "
                                      f"and tensors; the {plugin!r} plugin (MindInsight's) is not supported.")
        if not name or not isinstance(name, str):
            raise ValueError(f'For "{type(self).__name__}", the parameter "name" type should be str, but got '
                             f'{type(name)}.')
        if not isinstance(value, Tensor):
            raise TypeError(f'For "{type(self).__name__}", the parameter "value" expect to be Tensor, but got '
                            f'{type(value).__name__}')
        array = check_to_numpy(plugin, value, type(self).__name__)
        values = self._pool.setdefault(plugin, {})
        if name in values:
            log.warning(f'For "{type(self).__name__}.add_value", {name + "/" + plugin!r} has duplicate '
                        'values. Only the newest one will be recorded.')
            del values[name]
        values[name] = array

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the buffered values at `step` (in train mode with what the summary operators and
        `_cache_summary_tensor_data` left); False when the record is closed."""
        if not isinstance(step, int) or isinstance(step, bool):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if self._closed:
            log.error(f"For '{type(self).__name__}', The record writer is closed, please check if close() "
                      "method is called")
            return False
        if self._mode == "train":
            self._take_summary_ops()
        pool, self._pool = self._pool, {}
        values = [_summary_value(plugin, tag, value) for plugin, tagged in pool.items()
                  if plugin_filter is None or plugin_filter(plugin) for tag, value in tagged.items()]
        values = [v for v in values if v is not None]
        if values:
            self._write(tfrecord(encode_event(time.time(), step, values=values)))
        return True

    def _take_summary_ops(self):
        """The values the summary operators and `_cache_summary_tensor_data` left since the last
        record, written under their tags (`loss` for `ScalarSummary()("loss", x)`, `t` for a
        cached `t[:Tensor]`)."""
        record_summary_tensor_data()
        for name, value in get_summary_tensor_data().items():
            tag, kind = parse_summary_name(name)
            if tag is None:
                log.warning(f"The name({name!r}) is invalid, expected 'TAG[:TYPE]'.")
            else:
                self.add_value(kind.lower(), tag, value)

    def _write(self, record: bytes):
        """Write one framed event (the file and its version event first); past `max_file_size`,
        nothing more, with MindSpore's warning."""
        if self._file is None:
            self._file = open(self.file_info["file_path"], "ab")  # noqa: SIM115  (closed by close())
            self._write(tfrecord(encode_event(time.time(), 0, file_version="brain.Event:2")))
        if not self._writing:
            return
        if self._bytes_left is not None:
            if len(record) > self._bytes_left:
                log.warning(f"'max_file_size' reached: There are {self._bytes_left} bytes remaining, but the "
                            f"'{self.file_info['file_path']}' requires to write {len(record)} bytes.")
                self._writing = False
                return
            self._bytes_left -= len(record)
        self._file.write(record)

    def flush(self):
        if self._closed:
            log.error(f"For '{type(self).__name__}', the record writer is closed and can not flush, please check "
                      "if close() method is called")
        elif self._file is not None:
            self._file.flush()

    def close(self):
        if not self._closed:
            atexit.unregister(self.close)
            if self._file is not None:
                self._file.close()
            self._closed = True
            SummaryRecord.count -= 1
