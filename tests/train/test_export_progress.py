"""mindspore.export/load (msjax's StableHLO program format, GraphCell) and the ProgressBar callback."""
import io
import logging
import pathlib
import sys

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax.train import Model, ProgressBar
from tests.train.helpers import TinyDataset, loss_fn, make_arrays, make_net

GOLDENS = pathlib.Path(__file__).resolve().parents[1] / "goldens" / "train"


def test_export_then_load_runs_the_network(tmp_path, caplog):
    net = make_net()
    x = Tensor(np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32))
    expected = net(x).asnumpy()
    with caplog.at_level(logging.WARNING, logger="msjax"):
        ms.export(net, x, file_name=str(tmp_path / "tiny"), file_format="MINDIR")
    graph = ms.load(str(tmp_path / "tiny.mindir"))
    cell = nn.GraphCell(graph)
    np.testing.assert_allclose(cell(x).asnumpy(), expected, rtol=1e-6)
    assert sorted(p.name for p in cell.get_parameters()) == sorted(p.name for p in net.get_parameters())
    # the loaded program takes new parameter values, and runs under Model.predict
    doubled = {p.name: Tensor(p.asnumpy() * 2) for p in net.trainable_params()}
    other = nn.GraphCell(ms.load(str(tmp_path / "tiny.mindir")), params_init=doubled)
    for p in net.trainable_params():
        p.set_data(doubled[p.name])
    np.testing.assert_allclose(Model(other).predict(x).asnumpy(), net(x).asnumpy(), rtol=1e-6)


def test_an_encryption_key_is_refused_not_ignored(tmp_path):
    """msjax's program format is not encrypted: a key raises, and nothing is written or read."""
    net = make_net()
    x = Tensor(np.ones((3, 4), np.float32))
    with pytest.raises(NotImplementedError, match=r"export\(enc_key=\.\.\.\) is not supported"):
        ms.export(net, x, file_name=str(tmp_path / "secret"), file_format="MINDIR",
                  enc_key=b"0123456789ABCDEF", enc_mode="AES-GCM")
    assert list(tmp_path.iterdir()) == []
    ms.export(net, x, file_name=str(tmp_path / "plain"), file_format="MINDIR")
    with pytest.raises(NotImplementedError, match=r"load\(dec_key=\.\.\.\) is not supported"):
        ms.load(str(tmp_path / "plain.mindir"), dec_key=b"0123456789ABCDEF")
    assert nn.GraphCell(ms.load(str(tmp_path / "plain.mindir")))(x).shape == net(x).shape


def test_export_of_a_function_reading_a_cell(tmp_path):
    net = make_net()
    x = Tensor(np.random.default_rng(1).standard_normal((2, 4)).astype(np.float32))

    def predict(data):
        return ms.ops.softmax(net(data), axis=-1)

    ms.export(predict, x, file_name=str(tmp_path / "fn"), file_format="MINDIR")
    cell = nn.GraphCell(ms.load(str(tmp_path / "fn.mindir")))
    assert sorted(p.name for p in cell.get_parameters()) == sorted(p.name for p in net.get_parameters())
    np.testing.assert_allclose(cell(x).asnumpy(), predict(x).asnumpy(), rtol=1e-6)


def test_export_refuses_a_cell_reading_a_global_parameter_as_mindspore_does(tmp_path):
    """MindSpore's save_load tutorial: a Parameter created outside the Cell cannot be exported
    (MindSpore's ValueError), and nothing is written; one passed as an input can."""
    global_param = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="global_param")

    class ReadsGlobal(nn.Cell):
        def __init__(self):
            super().__init__()
            self.bias = ms.Parameter(Tensor(np.array([0.0, 1.0, -1.0], np.float32)), name="bias")

        def construct(self, x):
            return x + global_param + self.bias

    net = ReadsGlobal()
    value = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="input_param")
    with pytest.raises(ValueError, match=r"^There's a mindspore.Parameter that wasn't created in "
                                         r"nn.Cell, and mindspore.export\(\) does not support exporting "
                                         r"such Parameters. The parameter name is: global_param.\n"):
        ms.export(net, value, file_name=str(tmp_path / "model"), file_format="MINDIR")
    assert list(tmp_path.iterdir()) == []

    class AddsInput(nn.Cell):
        def construct(self, x, y):
            return x + y

    ms.export(AddsInput(), value, global_param, file_name=str(tmp_path / "model"))
    graph = nn.GraphCell(ms.load(str(tmp_path / "model.mindir")))
    np.testing.assert_array_equal(graph(value, global_param).asnumpy(), [2.0, 4.0, 6.0])


def test_export_keeps_bfloat16_parameters(tmp_path):
    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor(np.array([1.5, -2.0, 0.25], np.float32)).astype(ms.bfloat16), name="w")

        def construct(self, x):
            return x * self.w

    net = Scale()
    x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32)).astype(ms.bfloat16)
    ms.export(net, x, file_name=str(tmp_path / "bf16"), file_format="MINDIR")
    cell = nn.GraphCell(ms.load(str(tmp_path / "bf16.mindir")))
    assert [p.dtype for p in cell.get_parameters()] == [ms.bfloat16]
    np.testing.assert_array_equal(cell(x).astype(ms.float32).asnumpy(), [[1.5, -4.0, 0.75]])


def test_export_gives_one_notice_that_the_format_is_msjax(tmp_path, caplog):
    from msjax._src.train import export as export_module
    export_module._notice_given[0] = False
    x = Tensor(np.ones((1, 4), np.float32))
    with caplog.at_level(logging.WARNING, logger="msjax"):
        ms.export(make_net(), x, file_name=str(tmp_path / "a"), file_format="MINDIR")
        ms.export(make_net(), x, file_name=str(tmp_path / "b"), file_format="MINDIR")
    notices = [r.message for r in caplog.records if "not MindSpore's MindIR" in r.message]
    assert len(notices) == 1


def test_load_of_a_mindspore_mindir_says_what_it_is():
    with pytest.raises(RuntimeError, match="MindIR protobuf written by MindSpore itself"):
        ms.load(str(GOLDENS / "mindspore_dense.mindir"))


def test_export_and_load_bad_input(tmp_path):
    with pytest.raises(NotImplementedError, match="file_format='MINDIR'"):
        ms.export(make_net(), Tensor(np.ones((1, 4), np.float32)), file_name=str(tmp_path / "a"),
                  file_format="ONNX")
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(str(tmp_path / "x.onnx"))


def test_progress_bar_counts_steps_and_shows_loss():
    x, y = make_arrays(1)
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    out = io.StringIO()
    model.train(2, TinyDataset(x, y, 4), callbacks=[ProgressBar(file=out)])
    text = out.getvalue()
    assert "Epoch 1/2" in text and "Epoch 2/2" in text
    assert "6/6" in text and "loss=" in text


def test_progress_bar_in_sink_mode_advances_by_chunks():
    x, y = make_arrays(1)
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    out = io.StringIO()
    model.train(2, TinyDataset(x, y, 4), callbacks=[ProgressBar(file=out)], dataset_sink_mode=True, sink_size=3)
    assert out.getvalue().count("3/3") >= 2


def test_import_mindspore_does_not_load_tqdm():
    import subprocess
    code = "import msjax, sys; print('tqdm' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("damage", ["huge length", "truncated"])
def test_load_checks_every_length_against_the_file(tmp_path, damage):
    """A length claiming more than the file holds (2**62 bytes) raises at once, never
    MemoryError; nor does a file cut short."""
    from msjax._src.train import export as export_module
    net = make_net()
    ms.export(net, Tensor(np.ones((3, 4), np.float32)), file_name=str(tmp_path / "tiny"),
              file_format="MINDIR")
    path = tmp_path / "tiny.mindir"
    data = bytearray(path.read_bytes())
    start = len(export_module.MAGIC)
    if damage == "huge length":
        data[start:start + 8] = (2 ** 62).to_bytes(8, "little")
        match = "claims 4611686018427387904 bytes"
    else:
        data = data[:start + 4]
        match = "truncated"
    path.write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match=match):
        ms.load(str(path))
