"""SummaryCollector, the summary enums and _summary_adapter's helpers against MindSpore 2.10: the
probe script (tests/goldens/scripts/summary_collector_probe.py) run unchanged on msjax, case by
case, and tables of what the goldens do not show."""
import numpy as np
import pytest

from msjax import Parameter, SummaryCollector, Tensor
from msjax._src.train.callback import InternalCallbackParam
from msjax._src.train.summary import calc_histogram_bins, convert_image_format, make_canvas_for_imgs
from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBE = "summary_collector_probe"
GOLDEN = golden_cases(f"train/{PROBE}.out")


@pytest.fixture(scope="module")
def probe_cases():
    return run_script_on_msjax(f"{PROBE}.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_summary_collector_matches_mindspore(label, probe_cases):
    assert probe_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("count, bins", [(0, 1), (3, 2), (7, 3), (20, 3), (879, 88), (10 ** 6, 90)])
def test_calc_histogram_bins(count, bins):
    assert calc_histogram_bins(count) == bins


def test_canvas_tiles_eight_images_a_row():
    batch = np.arange(9 * 1 * 2 * 2, dtype=np.float32).reshape(9, 1, 2, 2)
    canvas = make_canvas_for_imgs(batch)
    assert canvas.shape == (3, 4, 16) and canvas.dtype == np.float64
    np.testing.assert_array_equal(canvas[0, 2:, :2], batch[8, 0])  # the ninth image starts row two
    np.testing.assert_array_equal(canvas[:, 2:, 2:], 0)  # the rest of row two stays empty
    hwc = convert_image_format(batch.transpose(0, 2, 3, 1), "NHWC")  # the same batch, laid out NHWC
    np.testing.assert_array_equal(hwc, canvas.transpose(1, 2, 0))


@pytest.mark.parametrize("mode, attribute", [("train", "train_network"), ("eval", "eval_network")])
def test_histograms_follow_the_optimizer_found_in_the_network(tmp_path, mode, attribute):
    from msjax import nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.optimizer = nn.Momentum([Parameter(Tensor(np.ones(3, np.float32)), f"w{i}") for i in range(7)],
                                         0.1, 0.9)

        def construct(self, x):
            return x

    added = []
    cb_params = InternalCallbackParam(optimizer=None, mode=mode, **{attribute: Net()})
    collector = SummaryCollector(str(tmp_path), collect_specified_data={"histogram_regular": ".*w[135]"})
    collector._record = type("Record", (), {"add_value": lambda self, *v: added.append(v[:2])})()
    collector._collect_histogram(cb_params)
    names = [p.name for p in cb_params[attribute].optimizer.parameters]  # (prefixed with the cell's path)
    assert added == [("histogram", f"{name}/auto") for name in names if name[-1] in "135"]
    assert len(added) == 3


def test_a_failed_argument_check_creates_no_landscape_directory(tmp_path):
    with pytest.raises(TypeError, match="For `collect_metric` the type should be a valid type of"):
        SummaryCollector(str(tmp_path), collect_specified_data={"collect_metric": 1})
    assert list(tmp_path.iterdir()) == []


def test_custom_lineage_data_is_said_not_written(tmp_path, caplog):
    from msjax import nn
    from msjax.train import Model
    from tests.train.helpers import TinyDataset, loss_fn, make_arrays, make_net
    x, y = make_arrays(1)
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    collector = SummaryCollector(str(tmp_path), custom_lineage_data={"lr_plan": "cosine"},
                                 collect_specified_data={"collect_landscape": None})
    with caplog.at_level("WARNING", logger="mindspore"):
        model.train(1, TinyDataset(x, y, 4), callbacks=[collector])
    said = [r.getMessage() for r in caplog.records if "custom_lineage_data" in r.getMessage()]
    assert said == ["SummaryCollector: custom_lineage_data ['lr_plan'] is not written: it is MindInsight's lineage "
                    "record, which msjax does not write (TensorBoard has none)."]
    assert [p.name for p in tmp_path.iterdir() if "lineage" in p.name] == []


@pytest.mark.parametrize("specified, level", [
    ({"collect_landscape": None}, "INFO"),                           # collect_graph on by default
    ({"collect_landscape": None, "collect_graph": True}, "WARNING"),  # asked for by name
])
def test_skipped_graph_record_is_a_warning_only_when_asked_for(tmp_path, caplog, specified, level):
    from msjax import nn
    from msjax.train import Model
    from tests.train.helpers import TinyDataset, loss_fn, make_arrays, make_net
    x, y = make_arrays(1)
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    collector = SummaryCollector(str(tmp_path), collect_specified_data=specified)
    with caplog.at_level("INFO", logger="mindspore"):
        model.train(1, TinyDataset(x, y, 4), callbacks=[collector])
    said = [(r.levelname, r.getMessage()) for r in caplog.records if "collect_graph" in r.getMessage()]
    assert said == [(level, "SummaryCollector: ['collect_graph', 'collect_dataset_graph'] are MindInsight's "
                            "records, which msjax does not write (the scalars, images, tensors and histograms "
                            "are written, in TensorBoard's format).")]
