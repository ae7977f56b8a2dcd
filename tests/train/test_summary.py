"""SummaryRecord and SummaryCollector write TensorBoard event files: read back here with the
protobuf library and TensorBoard's own Event/Summary message layout (event.proto, summary.proto)."""
import os
import struct

import numpy as np
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

import msjax as ms
from msjax import Tensor, nn
from msjax.train import Model, SummaryCollector
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.helpers import TinyDataset, batches, initial_weights, jax_momentum_training, loss_fn, make_arrays, make_net


def _tensorboard_event_class():
    """TensorBoard's Event { double wall_time = 1; int64 step = 2; string file_version = 3;
    Summary summary = 5; }, Summary { repeated Value value = 1; }, Value { string tag = 1;
    float simple_value = 2; Image image = 4; HistogramProto histo = 5; TensorProto tensor = 8 }."""
    f = descriptor_pb2.FileDescriptorProto(name="tb_event_test.proto", package="tbtest")
    image = f.message_type.add(name="Image")
    for number, name in ((1, "height"), (2, "width"), (3, "colorspace")):
        image.field.add(name=name, number=number, type=5, label=1)
    image.field.add(name="encoded_image_string", number=4, type=12, label=1)
    histo = f.message_type.add(name="HistogramProto")
    for number, name in ((1, "min"), (2, "max"), (3, "num"), (4, "sum"), (5, "sum_squares")):
        histo.field.add(name=name, number=number, type=1, label=1)
    histo.field.add(name="bucket_limit", number=6, type=1, label=3, options=descriptor_pb2.FieldOptions(packed=True))
    histo.field.add(name="bucket", number=7, type=1, label=3, options=descriptor_pb2.FieldOptions(packed=True))
    dim = f.message_type.add(name="Dim")
    dim.field.add(name="size", number=1, type=3, label=1)
    shape = f.message_type.add(name="Shape")
    shape.field.add(name="dim", number=2, type=11, label=3, type_name=".tbtest.Dim")
    tensor = f.message_type.add(name="TensorProto")
    tensor.field.add(name="dtype", number=1, type=5, label=1)
    tensor.field.add(name="tensor_shape", number=2, type=11, label=1, type_name=".tbtest.Shape")
    tensor.field.add(name="tensor_content", number=4, type=12, label=1)
    value = f.message_type.add(name="Value")
    value.field.add(name="tag", number=1, type=9, label=1)
    value.field.add(name="simple_value", number=2, type=2, label=1)
    value.field.add(name="image", number=4, type=11, label=1, type_name=".tbtest.Image")
    value.field.add(name="histo", number=5, type=11, label=1, type_name=".tbtest.HistogramProto")
    value.field.add(name="tensor", number=8, type=11, label=1, type_name=".tbtest.TensorProto")
    summary = f.message_type.add(name="Summary")
    summary.field.add(name="value", number=1, type=11, label=3, type_name=".tbtest.Value")
    event = f.message_type.add(name="Event")
    event.field.add(name="wall_time", number=1, type=1, label=1)
    event.field.add(name="step", number=2, type=3, label=1)
    event.field.add(name="file_version", number=3, type=9, label=1)
    event.field.add(name="summary", number=5, type=11, label=1, type_name=".tbtest.Summary")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("tbtest.Event"))


def _read_events(path):
    from msjax._src.train.summary import _masked_crc
    Event = _tensorboard_event_class()
    with open(path, "rb") as f:
        data = f.read()
    events, offset = [], 0
    while offset < len(data):
        header = data[offset:offset + 8]
        (length,) = struct.unpack("<Q", header)
        assert struct.unpack("<I", data[offset + 8:offset + 12])[0] == _masked_crc(header)
        payload = data[offset + 12:offset + 12 + length]
        assert struct.unpack("<I", data[offset + 12 + length:offset + 16 + length])[0] == _masked_crc(payload)
        events.append(Event.FromString(payload))
        offset += 16 + length
    return events


def test_crc32c_check_value():
    from msjax._src.train.summary import crc32c
    assert crc32c(b"123456789") == 0xE3069283  # the standard CRC-32C check value


def test_summary_record_writes_scalars(tmp_path):
    with ms.SummaryRecord(str(tmp_path)) as record:
        record.add_value("scalar", "loss", Tensor(np.float32(0.5)))
        record.add_value("scalar", "lr", Tensor(np.array([0.1], np.float32)))
        assert record.record(3)
        record.add_value("scalar", "loss", Tensor(np.float32(0.25)))
        record.record(4)
        path = record.log_dir
    assert "tfevents" in os.path.basename(path)  # TensorBoard's file-name test
    events = _read_events(path)
    assert events[0].file_version == "brain.Event:2"
    scalars = [(e.step, v.tag, v.simple_value) for e in events[1:] for v in e.summary.value]
    assert scalars == [(3, "loss", 0.5), (3, "lr", pytest.approx(0.1)), (4, "loss", 0.25)]
    assert not record.record(5)  # closed


def test_summary_ops_write_images_histograms_and_tensors(tmp_path):
    from msjax import ops
    image = np.zeros((2, 1, 2, 3), np.float32)
    image[1] = 1.0
    values = np.array([[1.0, 2.0], [3.0, np.nan]], np.float32)
    with ms.SummaryRecord(str(tmp_path)) as record:
        ops.ImageSummary()("img", Tensor(image))
        ops.HistogramSummary()("h", Tensor(values))
        ops.TensorSummary()("t", Tensor(np.arange(6, dtype=np.int32).reshape(2, 3)))
        ops.ScalarSummary()("s", Tensor(np.float32(2.5)))
        record.record(7)
        path = record.log_dir
    (event,) = _read_events(path)[1:]
    by_tag = {v.tag: v for v in event.summary.value}
    assert event.step == 7 and list(by_tag) == ["img", "h", "t", "s"]  # MindSpore's tags
    img = by_tag["img"].image
    assert (img.height, img.width, img.colorspace) == (2, 6, 3)  # the two images side by side
    assert img.encoded_image_string.startswith(b"\x89PNG")
    histo = by_tag["h"].histo
    assert (histo.min, histo.max, histo.num, histo.sum, histo.sum_squares) == (1.0, 3.0, 4.0, 6.0, 14.0)
    assert list(histo.bucket) == [1.0, 2.0] and histo.bucket_limit[-1] == 3.0  # 3 finite values: 2 bins
    tensor = by_tag["t"].tensor
    assert tensor.dtype == 3 and [d.size for d in tensor.tensor_shape.dim] == [2, 3]
    assert np.frombuffer(tensor.tensor_content, np.int32).tolist() == list(range(6))
    assert by_tag["s"].simple_value == 2.5


def test_summary_record_bad_input(tmp_path):
    record = ms.SummaryRecord(str(tmp_path))
    with pytest.raises(TypeError, match='"value" expect to be Tensor'):
        record.add_value("scalar", "x", 1.0)
    with pytest.raises(NotImplementedError, match="'graph' plugin"):
        record.add_value("graph", "x", Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError, match='For "SummaryRecord", the tensor seems not to hold a valid image.'):
        record.add_value("image", "x", Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError, match='For "SummaryRecord", the value should not be empty.'):
        record.add_value("histogram", "x", Tensor(np.float32(1)))
    with pytest.raises(ValueError, match='For "SummaryRecord", the v rank must be less than or equal to 1, '
                                         'but got 2.'):
        record.add_value("scalar", "x", Tensor(np.ones(2, np.float32)))
    with pytest.raises(ValueError, match='no such "plugin"'):
        record.add_value("nope", "x", Tensor(np.float32(1)))
    with pytest.raises(ValueError, match="not a recognized mode"):
        record.set_mode("test")
    record.close()


def test_summary_collector_writes_the_loss_during_model_train(tmp_path):
    x, y = make_arrays(1)
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    model.train(2, TinyDataset(x, y, 4), callbacks=[SummaryCollector(str(tmp_path), collect_freq=4)])
    (name,) = [f for f in os.listdir(tmp_path) if "tfevents" in f]  # (and the landscape's ckpt_dir)
    events = _read_events(tmp_path / name)
    steps = [(e.step, v.simple_value) for e in events for v in e.summary.value if v.tag == "loss/auto"]
    _, losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4) * 2)
    # the first step, every collect_freq-th step, and again at the epoch end that is one (as MindSpore)
    assert [s for s, _ in steps] == [1, 4, 8, 12, 12]
    np.testing.assert_allclose([v for _, v in steps], [losses[s - 1] for s, _ in steps], rtol=1e-5)


PROBES = ("summary_ops_probe", "summary_record_args_probe", "summary_record_tags_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"train/{probe}.out").items()}


@pytest.fixture(scope="module")
def probe_cases():
    from msjax._src.ops.summary_ops import take_pending
    try:
        return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}
    finally:
        take_pending()  # (the probe's eager calls leave values for no record)


@pytest.mark.parametrize("probe, label", sorted(GOLDEN))
def test_summary_matches_mindspore(probe, label, probe_cases):
    assert probe_cases[probe].get(label) == GOLDEN[probe, label]
