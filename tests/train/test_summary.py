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
from tests.train.helpers import TinyDataset, batches, initial_weights, jax_momentum_training, loss_fn, make_arrays, make_net


def _tensorboard_event_class():
    """TensorBoard's Event { double wall_time = 1; int64 step = 2; string file_version = 3;
    Summary summary = 5; }, Summary { repeated Value value = 1; }, Value { string tag = 1;
    float simple_value = 2; } (the fields a scalar uses)."""
    f = descriptor_pb2.FileDescriptorProto(name="tb_event_test.proto", package="tbtest")
    value = f.message_type.add(name="Value")
    value.field.add(name="tag", number=1, type=9, label=1)
    value.field.add(name="simple_value", number=2, type=2, label=1)
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


def test_summary_record_bad_input(tmp_path):
    record = ms.SummaryRecord(str(tmp_path))
    with pytest.raises(TypeError, match='"value" expect to be Tensor'):
        record.add_value("scalar", "x", 1.0)
    with pytest.raises(NotImplementedError, match="TensorBoard scalars only"):
        record.add_value("histogram", "x", Tensor(np.ones(3, np.float32)))
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
    (name,) = os.listdir(tmp_path)
    events = _read_events(tmp_path / name)
    steps = [(e.step, v.simple_value) for e in events for v in e.summary.value if v.tag == "loss/auto"]
    _, losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4) * 2)
    assert [s for s, _ in steps] == [1, 5, 9, 12]
    np.testing.assert_allclose([v for _, v in steps], [losses[s - 1] for s, _ in steps], rtol=1e-5)
