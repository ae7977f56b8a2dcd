"""MindSpore 2.10's SummaryCollector (argument checks, specified data, loss parsing, histogram
selection, what a Model.train run writes), summary enums and _summary_adapter helpers, for the
gen6b sample's unit g6_train (issue #25). Printed `label -> RESULT`; tests/train/test_summary_collector.py
runs it unchanged on msjax. (No sink-mode run: MindSpore 2.10 on a CPU trains a sink-mode
Model.train step by step, a Model behaviour, not the collector's.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/summary_collector_probe.py \\
        | grep -- " -> " > tests/goldens/train/summary_collector_probe.out
"""
import os, tempfile
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter, SummaryCollector
from mindspore.train.callback import _InternalCallbackParam
from mindspore.train.summary.enums import ModeEnum, PluginEnum, WriterPluginEnum, BaseEnum
from mindspore.train.summary._summary_adapter import _calc_histogram_bins
from mindspore.nn.optim.optimizer import Optimizer


def show(label, f):
    try:
        r = repr(f())
    except Exception as e:
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {r}")


d = lambda: tempfile.mkdtemp()
show("ModeEnum", lambda: ModeEnum.to_list())
show("PluginEnum", lambda: PluginEnum.to_list())
show("WriterPluginEnum", lambda: [m.value for m in WriterPluginEnum])
show("BaseEnum subclass", lambda: issubclass(PluginEnum, BaseEnum))
for n in [0, 1, 5, 6, 10, 11, 100, 880, 881, 10000]:
    show(f"bins {n}", lambda: _calc_histogram_bins(n))
show("default data", lambda: sorted(SummaryCollector._DEFAULT_SPECIFIED_DATA.items()))

cases = [
    ("summary_dir", {"summary_dir": 1234}), ("summary_dir", {"summary_dir": ""}), ("summary_dir", {"summary_dir": "  "}),
    ("collect_freq", {"collect_freq": None}), ("collect_freq", {"collect_freq": 0}), ("collect_freq", {"collect_freq": -2}),
    ("collect_freq", {"collect_freq": True}), ("collect_freq", {"collect_freq": 0.5}),
    ("collect_tensor_freq", {"collect_tensor_freq": 0}), ("collect_tensor_freq", {"collect_tensor_freq": "a"}),
    ("max_file_size", {"max_file_size": 0}), ("max_file_size", {"max_file_size": 1.0}),
    ("keep_default_action", {"keep_default_action": 1}), ("keep_default_action", {"keep_default_action": None}),
    ("num_process", {"num_process": 0}), ("num_process", {"num_process": "x"}),
    ("export_options", {"export_options": 123}), ("export_options", {"export_options": {"k": "v"}}),
    ("export_options", {"export_options": {"tensor_format": 1}}), ("export_options", {"export_options": {1: "npy"}}),
    ("export_options", {"export_options": {"tensor_format": "npy"}}), ("export_options", {"export_options": {}}),
    ("specified", {"collect_specified_data": 123}), ("specified", {"collect_specified_data": {1: True}}),
    ("specified", {"collect_specified_data": {"collect_metric": 1}}),
    ("specified", {"collect_specified_data": {"histogram_regular": 1}}),
    ("specified", {"collect_specified_data": {"histogram_regular": "(("}}),
    ("specified", {"collect_specified_data": {"collect_landscape": 1}}),
    ("specified", {"collect_specified_data": {"collect_landscape": None}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"landscape_size": 2}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"landscape_size": 300}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"unit": "s"}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"num_samples": 1.0}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"create_landscape": {"x": True}}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"create_landscape": {"train": 1}}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"intervals": [1]}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2]]}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2, 3.0]]}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2, 3]]}}}),
    ("specified", {"collect_specified_data": {"collect_landscape": {"intervals": [[1, 2, 3]], "bad": 1}}}),
    ("custom", {"custom_lineage_data": []}), ("custom", {"custom_lineage_data": {"a": [1]}}),
    ("custom", {"custom_lineage_data": {"a": True}}), ("custom", {"custom_lineage_data": {"a": 1, "b": "s", "c": 1.5}}),
]
for name, kw in cases:
    def mk(kw=kw):
        kw = dict(kw)
        kw.setdefault("summary_dir", d())
        c = SummaryCollector(**kw)
        return (sorted(c._collect_specified_data), sorted(os.listdir(c._summary_dir)), sorted(c._custom_lineage_data.items()))
    show(f"{name} {kw}", mk)

for spec, action in [(None, True), (None, False), ({}, True), ({}, False), ({"collect_metric": False}, True),
                     ({"collect_graph": True}, False), ({"histogram_regular": "^conv"}, False)]:
    show(f"process {spec} {action}", lambda: sorted(SummaryCollector(d(), collect_specified_data=spec,
                                                                       keep_default_action=action)._collect_specified_data.items()))

for out in [None, 1, 1.5, Tensor(1), [1], [Tensor(2.0)], {}, (), [], "s", Tensor([[1, 2], [3, 4]]),
            [Tensor([[3, 4, 3]]), Tensor([3, 4])], (2.0,)]:
    def gl(out=out):
        cb = _InternalCallbackParam()
        cb.net_outputs = out
        c = SummaryCollector(d())
        loss = c._get_loss(cb)
        again = c._get_loss(cb)
        return (None if loss is None else (str(loss.dtype), loss.shape, float(loss.asnumpy())), c._is_parse_loss_success,
                again is None)
    show(f"get_loss {out!r}".replace("\n", " "), gl)


class Recorded:
    def __init__(self):
        self.values = []

    def add_value(self, plugin, name, value):
        self.values.append((plugin, name, value.shape if hasattr(value, "shape") else type(value).__name__))


params = [Parameter(Tensor(np.float32(i)), n) for i, n in enumerate(
    ["conv1.weight1", "conv2.weight2", "conv1.bias1", "conv3.bias", "conv5.bias", "conv6.bias", "fc.w"])]
for regular in [None, "conv1|conv2", "^fc", "bias$", "nothing"]:
    def hist(regular=regular):
        cb = _InternalCallbackParam()
        cb.optimizer = Optimizer(learning_rate=0.1, parameters=params)
        c = SummaryCollector(d())
        rec = Recorded()
        c._record = rec
        c._collect_specified_data["histogram_regular"] = regular
        c._collect_histogram(cb)
        return rec.values
    show(f"histogram {regular!r}", hist)

def nohist():
    cb = _InternalCallbackParam()
    cb.optimizer = Optimizer(learning_rate=0.1, parameters=params)
    c = SummaryCollector(d(), collect_specified_data={"collect_metric": True}, keep_default_action=False)
    rec = Recorded()
    c._record = rec
    c._collect_histogram(cb)
    return rec.values
show("histogram not asked", nohist)

for elem in [None, (), [], 3, Tensor(np.zeros((1, 3, 2, 2), np.uint8)), [Tensor(np.zeros((2, 1, 2, 2), np.float32)), Tensor(1)],
             Tensor(np.zeros((2, 3), np.float32)), Tensor(np.zeros((2, 2, 2, 2), np.float32))]:
    def inp(elem=elem):
        cb = _InternalCallbackParam()
        cb.train_dataset_element = elem
        c = SummaryCollector(d())
        rec = Recorded()
        c._record = rec
        c._dataset_sink_mode = False
        c._collect_input_data(cb)
        return rec.values, c._collect_specified_data["collect_input_data"]
    show(f"input {elem!r}".replace("\n", " "), inp)


class CustomNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.optimizer = Optimizer(learning_rate=1, parameters=[Parameter(Tensor(1), 'weight')])

    def construct(self, x):
        return x


class Plain(nn.Cell):
    def construct(self, x):
        return x


for mode, net, opt in [("train", CustomNet(), None), ("eval", CustomNet(), None), ("train", Plain(), None),
                       ("train", Plain(), 5), ("train", Plain(), nn.Momentum([Parameter(Tensor(1.0), "q")], 0.1, 0.9))]:
    def go(mode=mode, net=net, opt=opt):
        cb = _InternalCallbackParam()
        cb.optimizer = opt
        cb.mode = mode
        cb.train_network = net
        cb.eval_network = net
        c = SummaryCollector(d())
        first = c._get_optimizer(cb)
        return (type(first).__name__, c._temp_optimizer if isinstance(c._temp_optimizer, str) else type(c._temp_optimizer).__name__,
                c._get_optimizer(cb) is first)
    show(f"optimizer {mode} {type(net).__name__} {type(opt).__name__}", go)

def callbacks(n):
    cb = _InternalCallbackParam()
    cb.list_callback = [SummaryCollector(d()) for _ in range(n)] + [ms.train.LossMonitor()]
    return SummaryCollector(d())._check_callbacks(cb)
for n in (0, 1, 2):
    show(f"check_callbacks {n}", lambda: callbacks(n))

# A Model.train run: what is written, at which steps.
import mindspore.dataset as ds
from mindspore.train import Model
import struct
try:
    from mindspore.train.summary_pb2 import Event
    KINDS = {"scalar_value": "scalar_value", "histogram": "histogram", "image": "image", "tensor": "tensor"}
except ImportError:  # msjax writes TensorBoard's events: read with TensorBoard's schema, MindSpore's names
    from tests.train.test_summary import _tensorboard_event_class
    Event = _tensorboard_event_class()
    KINDS = {"simple_value": "scalar_value", "histo": "histogram", "image": "image", "tensor": "tensor"}


def kind_of(value):
    return [KINDS[f.name] for f, _ in value.ListFields() if f.name in KINDS][0]


def events(path):
    with open(path, "rb") as file:
        data = file.read()
    out, off = [], 0
    while off < len(data):
        (n,) = struct.unpack("<Q", data[off:off + 8])
        e = Event.FromString(data[off + 12:off + 12 + n])
        off += 16 + n
        out.append(e)
    return out


def train(collect_freq, epochs, sink, spec=None, tensor_freq=None, batches=6, images=False):
    ms.set_seed(1)
    x = np.random.RandomState(0).randn(batches * 2, 3).astype(np.float32)
    y = np.random.RandomState(1).randn(batches * 2, 1).astype(np.float32)
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    net.weight.name = "fc.weight"
    if images:  # NCHW batches of one-channel 1x3 images: collected as `input_data/auto`
        x = x.reshape(batches * 2, 1, 1, 3)
        net = nn.SequentialCell([nn.Flatten(), net])
    model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)
    root = d()
    sc = SummaryCollector(root, collect_freq=collect_freq, collect_specified_data=spec, collect_tensor_freq=tensor_freq)
    model.train(epochs, data, callbacks=[sc], dataset_sink_mode=sink)
    files = sorted(os.listdir(root))
    summary = [f for f in files if f.endswith("_MS")][0]
    rows = []
    for e in events(os.path.join(root, summary))[1:]:
        for v in e.summary.value:
            kind = kind_of(v)
            rows.append((e.step, v.tag, kind, round(v.scalar_value if kind in v.DESCRIPTOR.fields_by_name else v.simple_value, 4)
                         if kind == "scalar_value" else None))
    ckpts = sorted(os.listdir(os.path.join(root, "ckpt_dir"))) if "ckpt_dir" in files else None
    return files, rows, ckpts


for label, args in [("freq 4 epochs 2", (4, 2, False)), ("freq 1 no landscape", (1, 1, False, {"collect_landscape": None})),
                    ("freq 2 hist", (2, 1, False, {"histogram_regular": "fc", "collect_landscape": None})),
                    ("freq 3 tensor_freq 2", (3, 2, False, {"collect_landscape": None}, 2)),
                    ("freq 5 images", (5, 1, False, {"collect_landscape": None}, None, 6, True)),
                    ("landscape epoch", (5, 4, False, {"collect_landscape": {"unit": "epoch", "intervals": [[1, 2, 3]]}}))]:
    files, rows, ckpts = train(*args)
    # MindSpore also writes a `_lineage` file (MindInsight's), which msjax does not.
    show(f"train {label} files", lambda: [f.split(".")[0] + "..." + f.rsplit(".", 1)[-1][-3:] for f in files
                                          if not f.endswith("_lineage")])
    show(f"train {label} rows", lambda: rows)
    show(f"train {label} ckpts", lambda: ckpts)
