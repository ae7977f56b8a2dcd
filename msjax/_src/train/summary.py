"""`mindspore.SummaryRecord` and `mindspore.train.SummaryCollector`, writing TensorBoard event files.

MindSpore writes summaries in its own protobuf for MindInsight. msjax writes scalars in
TensorBoard's format instead (TFRecord-framed `Event` protos with `simple_value`s), to files named
`<prefix>.out.tfevents.<time>.<host><suffix>` so TensorBoard finds them: `tensorboard --logdir
<log_dir>` shows them. Only scalars are written: `add_value` with the 'image', 'histogram' and
'tensor' plugins, and the lineage/graph plugins, raise NotImplementedError.
"""
from __future__ import annotations

import os
import socket
import struct
import time

import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.ops.summary_ops import take_pending
from msjax._src.train.callback import Callback, handle_loss
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


def encode_event(wall_time: float, step: int, *, file_version: str | None = None, scalars=()) -> bytes:
    """A TensorBoard `Event` proto: a file version, or a `Summary` of `(tag, value)` scalars."""
    event = b"\x09" + struct.pack("<d", wall_time) + b"\x10" + _varint(step)
    if file_version is not None:
        event += _length_delimited(3, file_version.encode())
    if scalars:
        summary = b"".join(_length_delimited(1, _length_delimited(1, tag.encode()) + b"\x15"
                                             + struct.pack("<f", value)) for tag, value in scalars)
        event += _length_delimited(5, summary)
    return event


def tfrecord(payload: bytes) -> bytes:
    """`payload` framed as one TFRecord (length, masked CRCs)."""
    length = struct.pack("<Q", len(payload))
    return (length + struct.pack("<I", _masked_crc(length)) + payload
            + struct.pack("<I", _masked_crc(payload)))


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

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        log_path = make_directory(log_dir, "log_dir")
        if not isinstance(max_file_size, (int, type(None))):
            raise TypeError(f"For '{type(self).__name__}', the 'max_file_size' should be int type, "
                            f"but got type {type(max_file_size)}")
        if not isinstance(file_prefix, str) or not isinstance(file_suffix, str):
            raise TypeError(f"For '{type(self).__name__}', `file_prefix` and `file_suffix`  should be str, "
                            f"but got type {type(file_prefix)}")
        self.base_log_dir = log_dir
        self.network = network
        self._mode = "train"
        self._scalars = {}
        self._closed = False
        name = f"{file_prefix}.out.tfevents.{int(time.time())}.{socket.gethostname()}{file_suffix}"
        self.file_info = {"file_name": name, "file_path": os.path.join(log_path, name)}
        self._file = open(self.file_info["file_path"], "ab")  # noqa: SIM115  (closed by close())
        self._file.write(tfrecord(encode_event(time.time(), 0, file_version="brain.Event:2")))
        self._file.flush()

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
        """Buffer a value for the next `record`; msjax writes the 'scalar' plugin only."""
        if plugin not in ('tensor', 'scalar', 'image', 'histogram', 'train_lineage', 'eval_lineage',
                          'dataset_graph', 'custom_lineage_data', 'graph', 'landscape'):
            raise ValueError(f'For "{type(self).__name__}.add_value", no such "plugin" of {plugin!r} , expect '
                             'value is one of [tensor, scalar, image, histogram, train_lineage, eval_lineage, '
                             'dataset_graph, custom_lineage_data, graph, landscape]')
        if plugin != "scalar":
            raise NotImplementedError(f"msjax: SummaryRecord writes TensorBoard scalars only; the {plugin!r} "
                                      "plugin is not supported. Record a scalar, or use TensorBoard's own writer.")
        if not name or not isinstance(name, str):
            raise ValueError(f'For "{type(self).__name__}", the parameter "name" type should be str, but got '
                             f'{type(name)}.')
        if not isinstance(value, Tensor):
            raise TypeError(f'For "{type(self).__name__}", the parameter "value" expect to be Tensor, but got '
                            f'{type(value).__name__}')
        array = value.asnumpy()
        if array.size != 1:
            raise ValueError(f"For 'scalar', the tensor should be a scalar or a tensor of size 1, but got shape "
                             f"{array.shape}.")
        self._scalars[name] = float(np.asarray(array, np.float64).reshape(()))

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the buffered scalars at `step`; False when the record is closed."""
        if not isinstance(step, int) or isinstance(step, bool):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if self._closed:
            return False
        self._take_summary_ops()
        if plugin_filter is not None and not plugin_filter("scalar"):
            self._scalars = {}
            return True
        if self._scalars:
            scalars = [(f"{tag}", value) for tag, value in self._scalars.items()]
            self._file.write(tfrecord(encode_event(time.time(), step, scalars=scalars)))
            self._scalars = {}
        return True

    def _take_summary_ops(self):
        """The values `ops.ScalarSummary` buffered since the last record, checked as MindSpore
        checks them here (`name[:Scalar]` tags)."""
        for kind, name, value in take_pending():
            summary = f"{kind}Summary"
            if not isinstance(name, str) or not name:
                raise TypeError(f'For "{summary}", the name must be valid string, but got '
                                f'"{name}".')
            if value.size != 1:
                raise ValueError(f'For "{summary}", the tensor should be a scalar or a tensor '
                                 f"of size 1, but got shape {value.shape}.")
            self._scalars[f"{name}[:{kind}]"] = float(np.asarray(value, np.float64).reshape(()))

    def flush(self):
        if not self._closed:
            self._file.flush()

    def close(self):
        if not self._closed:
            self._file.flush()
            self._file.close()
            self._closed = True


class SummaryCollector(Callback):
    """`mindspore.train.SummaryCollector(summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
    keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None, max_file_size=None,
    export_options=None)`.

    Writes, as TensorBoard scalars, the training loss (`loss/auto`) every `collect_freq` steps and
    at the end of training, and after each evaluation of `Model.fit` its metrics
    (`eval_<name>/auto`). MindSpore's other collections (graphs, histograms, images, lineage) are not
    written: `collect_specified_data` asking for them raises NotImplementedError.
    """

    _SUPPORTED = {"collect_metric"}

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
                 keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None,
                 max_file_size=None, export_options=None):
        super().__init__()
        self._summary_dir = summary_dir
        self._collect_freq = checks.check_positive_int(collect_freq, "collect_freq")
        # MindSpore's worker processes for summary data; msjax writes scalars in this process.
        self._num_process = checks.check_positive_int(num_process, "num_process")
        wanted = {key for key, on in (collect_specified_data or {}).items() if on}
        unsupported = wanted - self._SUPPORTED
        if unsupported:
            raise NotImplementedError(f"msjax: SummaryCollector writes the loss and metrics as TensorBoard "
                                      f"scalars only; {sorted(unsupported)} cannot be collected.")
        self._max_file_size = max_file_size
        self._record = None
        self._last_step = 0

    def __enter__(self):
        self._record = SummaryRecord(self._summary_dir, max_file_size=self._max_file_size)
        return self

    def __exit__(self, *err):
        if self._record is not None:
            self._record.close()

    def _write_loss(self, cb_params):
        loss = handle_loss(cb_params.get("net_outputs"))
        if isinstance(loss, Tensor):
            loss = float(np.mean(loss.asnumpy()))
        if isinstance(loss, float):
            self._record.add_value("scalar", "loss/auto", Tensor(np.float32(loss)))
            self._record.record(cb_params.cur_step_num)
            self._last_step = cb_params.cur_step_num

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_step_num - self._last_step >= self._collect_freq or cb_params.cur_step_num == 1:
            self._write_loss(cb_params)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        for name, value in (cb_params.get("metrics") or {}).items():
            if np.size(value) == 1:
                self._record.add_value("scalar", f"eval_{name}/auto", Tensor(np.float32(value)))
        self._record.record(cb_params.cur_step_num)

    def on_train_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_step_num != self._last_step:
            self._write_loss(cb_params)
        self._record.flush()
