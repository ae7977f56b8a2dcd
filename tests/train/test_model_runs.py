"""Model beyond the golden script: plain iterables, dataset sink mode (one scanned program per
chunk, on every backend), all-or-nothing steps, build, fit's evaluation and callbacks' protocol."""
import re

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax.train import Callback, Model
from tests.train.helpers import (RecordSteps, TinyDataset, batches, initial_weights, jax_momentum_training,
                                 loss_fn, make_arrays, make_net, weights_of)


def _model(metrics=None):
    net = make_net()
    return net, Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics=metrics)


def _expected(epochs=1):
    x, y = make_arrays(1)
    return jax_momentum_training(initial_weights(), batches(x, y, 4) * epochs)


def test_plain_list_of_tuples_trains_like_pure_jax():
    x, y = make_arrays(1)
    net, model = _model()
    model.train(2, batches(x, y, 4))
    expected, _, _, _ = _expected(epochs=2)
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_dataset_is_read_through_its_public_iterator():
    x, y = make_arrays(1)
    data = TinyDataset(x, y, 4)
    _, model = _model()
    model.train(2, data)
    assert data.iterators_made == [(1, True), (1, True)]  # one pass per epoch, with do_copy as MindSpore asks


@pytest.mark.parametrize("sink_size", [-1, 3])
def test_sink_mode_equals_step_by_step_training(sink_size):
    x, y = make_arrays(1)
    net, model = _model()
    record = RecordSteps()
    epochs = 2 if sink_size == -1 else 4  # the same 12 steps either way
    model.train(epochs, TinyDataset(x, y, 4), callbacks=[record], dataset_sink_mode=True, sink_size=sink_size)
    expected, losses, _, _ = _expected(epochs=2)
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    chunk = 6 if sink_size == -1 else 3
    # one step_end per chunk, with the chunk's last loss and the step count advanced by the chunk
    assert [(e, s) for e, s, _ in record.records] == [(i + 1, (i + 1) * chunk) for i in range(epochs)]
    np.testing.assert_allclose([loss for _, _, loss in record.records], losses[chunk - 1::chunk], rtol=1e-5)


def test_scanned_chunks_equal_step_by_step_training():
    from msjax._src.train.sink import SinkRunner
    x, y = make_arrays(1)
    net, model = _model()
    runner = SinkRunner(model.train_network, scan=True)
    rows = batches(x, y, 4)
    rows.append((x[:2], y[:2]))  # a partial batch: its own scanned group
    model.train_network.set_train(True)
    last_loss = runner.run(rows)
    expected, losses, _, _ = jax_momentum_training(initial_weights(), rows)
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(float(last_loss.asnumpy()), losses[-1], rtol=1e-5)
    assert len(runner.compiled.programs) == 2  # one program per row signature
    runner.run(rows)
    assert len(runner.compiled.programs) == 2  # reused for chunks of the same length


def test_sink_scans_except_on_cpu():
    from msjax._src.train.sink import scan_chunks_on
    assert [scan_chunks_on(b) for b in ("cpu", "gpu", "tpu")] == [False, True, True]


def test_a_data_parallel_network_sinks_as_its_data_parallel_steps():
    """Its collectives act over the ranks only in its data-parallel step: never scanned."""
    from msjax._src.train.sink import SinkRunner
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)
    net = nn.Dense(3, 1)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert SinkRunner(train, scan=True).scan is False
    ms.reset_auto_parallel_context()
    plain = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert SinkRunner(plain, scan=True).scan is True


def test_a_failing_step_keeps_the_weights_of_the_last_completed_step():
    x, y = make_arrays(1)
    rows = batches(x, y, 4)
    rows[2] = (x[:4, :3], y[:4])  # a batch the network cannot take
    net, model = _model()
    with pytest.raises(Exception):  # noqa: B017  (the shape error's type is XLA's)
        model.train(1, rows)
    expected, _, _, _ = jax_momentum_training(initial_weights(), rows[:2])
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_a_raising_callback_keeps_the_completed_steps():
    class Raises(Callback):
        def on_train_step_end(self, run_context):
            if run_context.original_args().cur_step_num == 2:
                raise RuntimeError("callback failed")

    x, y = make_arrays(1)
    net, model = _model()
    with pytest.raises(RuntimeError, match="callback failed"):
        model.train(1, batches(x, y, 4), callbacks=[Raises()])
    expected, _, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4)[:2])
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_build_compiles_without_training():
    x, y = make_arrays(1)
    net, model = _model(metrics={"acc"})
    before = weights_of(net)
    model.build(TinyDataset(x, y, 4), TinyDataset(x, y, 4))
    for ours, theirs in zip(weights_of(net), before):
        np.testing.assert_array_equal(ours, theirs)
    compiled = model.train_network.__dict__["_graph_call"]
    assert any(program.compiled is not None for program in compiled.programs.values())


def test_loss_fn_needs_two_columns():
    x, _ = make_arrays(1)
    _, model = _model()
    with pytest.raises(ValueError, match="should return two elements, but got 1"):
        model.train(1, [(x[:4],)])


def test_dataset_without_size_is_explained():
    _, model = _model()
    with pytest.raises(TypeError, match="neither get_dataset_size"):
        model.train(1, (row for row in []))


def test_predict_and_eval_with_tensor_rows():
    x, y = make_arrays(2)
    net, model = _model(metrics={"acc", "loss"})
    rows = [(Tensor(a), Tensor(b)) for a, b in batches(x, y, 4)]
    result = model.eval(rows)
    logits = model.predict(Tensor(x)).asnumpy()
    assert result["acc"] == pytest.approx(float(np.mean(logits.argmax(1) == y)))
    assert not net.training


def test_time_monitor_data_time_lines(capsys):
    from msjax.train import TimeMonitor
    x, y = make_arrays(1)
    for sink in (False, True):
        _, model = _model()
        model.train(1, TinyDataset(x, y, 4), callbacks=[TimeMonitor(data_time=True)], dataset_sink_mode=sink)
        line = capsys.readouterr().out.strip()
        assert re.fullmatch(r"Train epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms "
                            r"\(data time: \d+\.\d{3} ms\)", line), line


def test_custom_eval_network_and_indexes():
    x, y = make_arrays(2)
    net = make_net()

    class EvalNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net

        def construct(self, data, label):
            logits = self.net(data)
            return label, logits, loss_fn()(logits, label)

    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc", "loss"},
                  eval_network=EvalNet(), eval_indexes=[2, 1, 0])
    result = model.eval(batches(x, y, 4))
    logits = net(Tensor(x)).asnumpy()
    assert result["acc"] == pytest.approx(float(np.mean(logits.argmax(1) == y)))
    with pytest.raises(ValueError, match="'eval_indexes' must be a list or None"):
        Model(net, loss_fn(), metrics={"acc"}, eval_network=EvalNet(), eval_indexes=[0, 1])


def test_model_in_graph_mode_trains_like_pynative():
    import msjax as ms
    ms.set_context(mode=ms.GRAPH_MODE)
    x, y = make_arrays(1)
    net, model = _model()
    model.train(1, batches(x, y, 4))
    expected, _, _, _ = _expected()
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_interrupted_checkpoint_write_leaves_no_ckpt_file(tmp_path, monkeypatch):
    import os
    from msjax.train import CheckpointConfig, ModelCheckpoint
    x, y = make_arrays(1)
    net, model = _model()
    checkpoint = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=2))

    def interrupted(source, destination):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", interrupted)  # the rename over the old file
    with pytest.raises(OSError, match="disk full"):
        model.train(1, batches(x, y, 4), callbacks=[checkpoint])
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".ckpt")]
    expected, _, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4)[:2])
    for ours, theirs in zip(weights_of(net), expected):  # the two completed steps are kept
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_checkpoint_directory_that_is_a_file(tmp_path):
    from msjax.train import ModelCheckpoint
    path = tmp_path / "file"
    path.write_text("")
    with pytest.raises(NotADirectoryError, match="is a file path, it should be a directory path"):
        ModelCheckpoint(directory=str(path))


def test_exception_save_writes_a_breakpoint_checkpoint(tmp_path):
    import msjax as ms
    from msjax.train import CheckpointConfig, ModelCheckpoint

    class Fails(Callback):
        def on_train_step_end(self, run_context):
            if run_context.original_args().cur_step_num == 3:
                raise RuntimeError("step 3 failed")

    x, y = make_arrays(1)
    net, model = _model()
    config = CheckpointConfig(save_checkpoint_steps=100, exception_save=True)
    with pytest.raises(RuntimeError, match="step 3 failed"):
        model.train(1, batches(x, y, 4), callbacks=[ModelCheckpoint("net", str(tmp_path), config), Fails()])
    import os
    assert sorted(os.listdir(tmp_path)) == ["net-1_3_breakpoint.ckpt"]
    saved = ms.load_checkpoint(str(tmp_path / "net-1_3_breakpoint.ckpt"))
    expected, _, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4)[:3])
    for param, theirs in zip(net.trainable_params(), expected):
        np.testing.assert_allclose(saved[param.name].asnumpy(), theirs, rtol=1e-5, atol=1e-6)


def test_training_after_evaluation_runs_the_backbone_in_training_mode():
    # The eval network shares the backbone: after eval (and predict) put it in inference mode,
    # training must switch the whole tree back, or Dropout/BatchNorm would train in eval mode.
    x, y = make_arrays(1)
    net = nn.SequentialCell([nn.Dense(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dense(8, 3)])
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})
    model.train(1, batches(x, y, 4))
    moving_mean = net[1].moving_mean.asnumpy().copy()
    model.eval(batches(x, y, 4))
    model.predict(Tensor(x[:4]))
    np.testing.assert_array_equal(net[1].moving_mean.asnumpy(), moving_mean)  # inference: no update
    assert not net[1].training
    model.train(1, batches(x, y, 4))
    assert net[1].training
    assert not np.allclose(net[1].moving_mean.asnumpy(), moving_mean)  # statistics moved again
