"""MindSpore 2.10's SummaryRecord: the tags and order of one record's values (add_value, the
summary operators, `_cache_summary_tensor_data`, a cached name that is not `TAG[:TYPE]`), and what
eval mode leaves out (issue #25). Printed `label -> RESULT`; tests/train/test_summary.py runs it
unchanged on msjax, reading msjax's TensorBoard events with TensorBoard's schema.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/summary_record_tags_probe.py \\
        | grep -- " -> " > tests/goldens/train/summary_record_tags_probe.out
"""
import struct, tempfile
import numpy as np
from mindspore import Tensor, ops, SummaryRecord
from mindspore.train.summary.summary_record import _cache_summary_tensor_data, _get_summary_tensor_data
try:
    from mindspore.train.summary_pb2 import Event
    KINDS = {"scalar_value": "scalar", "histogram": "histogram", "image": "image", "tensor": "tensor"}
except ImportError:  # msjax writes TensorBoard's events: read with TensorBoard's schema, MindSpore's names
    from tests.train.test_summary import _tensorboard_event_class
    Event = _tensorboard_event_class()
    KINDS = {"simple_value": "scalar", "histo": "histogram", "image": "image", "tensor": "tensor"}


def events(path):
    with open(path, "rb") as file:
        data = file.read()
    out, off = [], 0
    while off < len(data):
        (n,) = struct.unpack("<Q", data[off:off + 8])
        out.append(Event.FromString(data[off + 12:off + 12 + n]))
        off += 16 + n
    return out


def rows(path):
    return [(event.step, [(v.tag, [KINDS[f.name] for f, _ in v.ListFields() if f.name in KINDS][0])
                          for v in event.summary.value]) for event in events(path)[1:]]


def recorded_value(plugin, value):
    """The Summary.Value a record of one value writes."""
    with SummaryRecord(tempfile.mkdtemp()) as record:
        record.add_value(plugin, "v", Tensor(value))
        record.record(1)
        path = record.log_dir
    return events(path)[1].summary.value[0]


image = Tensor(np.ones((1, 3, 2, 2), np.float32))
with SummaryRecord(tempfile.mkdtemp()) as record:
    ops.ScalarSummary()("x", Tensor(np.float32(1)))
    ops.ImageSummary()("im", image)
    _cache_summary_tensor_data([{"name": "h[:Histogram]", "data": Tensor(np.ones(3, np.float32))},
                                {"name": "bad", "data": Tensor(1.0)}, {"name": "t[:Tensor]", "data": Tensor([1, 2])}])
    record.add_value("scalar", "b", Tensor(1.0))
    record.add_value("histogram", "c", Tensor(np.ones(3, np.float32)))
    record.add_value("scalar", "a", Tensor(2.0))
    record.record(3)
    record.set_mode("eval")
    ops.ScalarSummary()("y", Tensor(np.float32(1)))
    record.add_value("scalar", "e", Tensor(3.0))
    record.record(4)
    record.set_mode("train")
    record.record(5)
    path = record.log_dir
for step, values in rows(path):
    print(f"step {step} -> {values}")
ops.ScalarSummary()("z", Tensor(np.float32(1)))
print("left in the cache ->", sorted(_get_summary_tensor_data()))
import os
# The file is made by the first value written (its name holds the time: only its end is shown).
for label, calls in [("nothing", []), ("record", ["record"]), ("flush", ["flush"]), ("eval record", ["eval", "record"]),
                     ("eval value", ["eval", "value", "record"]), ("left operator value", ["record"])]:
    folder = tempfile.mkdtemp()
    if label == "left operator value":
        ops.ScalarSummary()("w", Tensor(np.float32(1)))
    with SummaryRecord(folder) as record:
        for call in calls:
            if call == "record":
                record.record(1)
            elif call == "flush":
                record.flush()
            elif call == "eval":
                record.set_mode("eval")
            else:
                record.add_value("scalar", "a", Tensor(1.0))
    print(f"files after {label} ->", [name[-3:] for name in os.listdir(folder)])

# An image summary's pixels: nine NCHW images tiled 8 a row on a canvas whose empty cells are 0,
# scaled to 0-255 over the whole canvas; a one-channel uint8 batch is scaled too.
import io
from PIL import Image
for label, batch in [("float 9x1x2x3 in [2, 55]", 2 + np.arange(54, dtype=np.float32).reshape(9, 1, 2, 3)),
                     ("float 2x3x2x2 in [0, 1]", np.linspace(0, 1, 24, dtype=np.float32).reshape(2, 3, 2, 2)),
                     ("uint8 1x1x2x2", np.array([[[[0, 7], [200, 255]]]], np.uint8))]:
    value = recorded_value("image", batch)
    fields = {f.name: v for f, v in value.image.ListFields()}
    pixels = np.asarray(Image.open(io.BytesIO([v for v in fields.values() if isinstance(v, bytes)][0])))
    print(f"image {label} ->", (fields["height"], fields["width"], fields["colorspace"], pixels.shape,
                                pixels[:, :, 0].tolist()))

# A histogram summary's buckets: their right edges (in the value's dtype) and counts.
for label, array in [("int64 1..6", np.array([[1, 2, 3], [4, 5, 6]])), ("float32 ones", np.ones(20, np.float32)),
                     ("float64 normal 50", np.random.RandomState(10).normal(size=50)),
                     ("float32 with nan and infs", np.array([1, 2, np.nan, np.inf, -np.inf, 3, 7, 7, 9, 0, 1], np.float32)),
                     ("int32 constant", np.full(7, 3, np.int32))]:
    value = recorded_value("histogram", array)
    if "histogram" in KINDS:  # MindSpore's Histogram: buckets of (left, width, count)
        rights = [b.left + b.width for b in value.histogram.buckets]
        counts = [b.count for b in value.histogram.buckets]
    else:  # TensorBoard's HistogramProto: right edges and counts
        rights, counts = list(value.histo.bucket_limit), [int(c) for c in value.histo.bucket]
    print(f"histogram {label} ->", ([round(r, 4) for r in rights], counts))

# One SummaryRecord at a time; a failed one does not count, a closed one no longer does.
def two_at_once():
    first = SummaryRecord(tempfile.mkdtemp())
    try:
        SummaryRecord(tempfile.mkdtemp())
    finally:
        first.close()
def after_a_failed_one():
    try:
        SummaryRecord(tempfile.mkdtemp(), raise_exception=1)
    except TypeError:
        pass
    with SummaryRecord(tempfile.mkdtemp()):
        return "ok"
def after_close():
    SummaryRecord(tempfile.mkdtemp()).close()
    with SummaryRecord(tempfile.mkdtemp()):
        return "ok"
for label, make in [("two at once", two_at_once), ("after a failed one", after_a_failed_one), ("after close", after_close)]:
    try:
        result = make()
    except Exception as e:
        result = f"ERR {type(e).__name__} | {e}"
    print(f"instances {label} ->", result)

# File prefixes and suffixes MindSpore refuses, and a negative max_file_size (a warning: no limit).
for kwargs in [{"file_prefix": "a b"}, {"file_suffix": "-x"}, {"file_prefix": ""}, {"file_suffix": "_ok.1"},
               {"max_file_size": -1}]:
    try:
        with SummaryRecord(tempfile.mkdtemp(), **kwargs) as record:
            result = record.log_dir.endswith(kwargs.get("file_suffix", "_MS"))
    except Exception as e:
        result = f"ERR {type(e).__name__} | {e}"
    print(f"names {kwargs} ->", result)

# max_file_size: the version event and each record count, framing included; the first record that
# does not fit stops the file.
for limit in [10, 60, 100, 150, 10000]:
    folder = tempfile.mkdtemp()
    with SummaryRecord(folder, max_file_size=limit) as record:
        for step in range(1, 4):
            record.add_value("scalar", "loss", Tensor(float(step)))
            record.record(step)
        path = record.log_dir
    written = rows(path) if os.path.exists(path) else "no file"
    print(f"max_file_size {limit} ->", written)  # (sizes differ: the two formats frame alike, 42-44 bytes a record)
