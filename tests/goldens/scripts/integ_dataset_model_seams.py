"""Where `mindspore.dataset` meets `mindspore.train.Model`: what a callback sees of the batch
(`cb_params.train_dataset_element`), `fit` with a validation pipeline, `eval` with
`dataset_sink_mode=True`, `take`/`repeat`/`skip` pipelines as training data, Python-int labels of a
`GeneratorDataset` (int64) into a sparse loss, `predict` on a batch. Fixed weights, no shuffling.
Recorded with MindSpore 2.10:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/integ_dataset_model_seams.py \\
        > tests/goldens/train/integ_dataset_model_seams.txt
"""
import json

import numpy as np
import mindspore
from mindspore import nn
import mindspore.dataset as ds
from mindspore.train import Model, Callback


def show(label, value):
    print(f"{label} -> {json.dumps(value)}")


def rounded(values, digits=6):
    return [round(float(v), digits) for v in values]


def fixed_network():
    net = nn.SequentialCell(nn.Dense(4, 6), nn.ReLU(), nn.Dense(6, 3))
    rng = np.random.RandomState(1)
    for param in net.trainable_params():
        param.set_data(mindspore.Tensor(rng.uniform(-0.5, 0.5, param.shape).astype(np.float32)))
    return net


rng = np.random.RandomState(3)
FEATURES = rng.normal(size=(20, 4)).astype(np.float32)
LABELS = (FEATURES[:, 0] > 0).astype(np.int32) + (FEATURES[:, 1] > 0).astype(np.int32)


def slices(count=20, batch=5):
    data = ds.NumpySlicesDataset({"x": FEATURES[:count], "y": LABELS[:count]}, shuffle=False)
    return data.batch(batch)


class SeenBatches(Callback):
    def __init__(self):
        super().__init__()
        self.seen = []
        self.losses = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        element = cb_params.train_dataset_element
        self.seen.append([[type(e).__name__, list(e.shape), str(e.dtype)] for e in element])
        self.losses.append(float(cb_params.net_outputs.asnumpy()))


def new_model(loss=None, metrics=None):
    net = fixed_network()
    loss = loss or nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics=metrics)


# What a step callback sees of the batch.
net, model = new_model()
seen = SeenBatches()
model.train(1, slices(), callbacks=[seen])
show("element/first", seen.seen[0])
show("element/count", len(seen.seen))
show("element/losses", rounded(seen.losses))

# take / repeat / skip pipelines as training data: steps and losses.
for name, pipeline in [("take", slices().take(2)), ("repeat", slices(10).repeat(2)),
                       ("skip", slices().skip(3))]:
    net, model = new_model()
    seen = SeenBatches()
    model.train(1, pipeline, callbacks=[seen])
    show(f"{name}/size", pipeline.get_dataset_size())
    show(f"{name}/losses", rounded(seen.losses))

# fit with a validation pipeline.
net, model = new_model(metrics={"acc": nn.Accuracy(), "loss": nn.Loss()})


class EvalResults(Callback):
    def __init__(self):
        super().__init__()
        self.results = []

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics is not None:
            self.results.append({k: round(float(v), 6) for k, v in sorted(metrics.items())})


results = EvalResults()
model.fit(2, slices(15), slices(20, 4).skip(3), callbacks=[results])
show("fit/metrics", results.results)

# eval with dataset_sink_mode=True.
show("eval/sink", {k: round(float(v), 6) for k, v in sorted(
    model.eval(slices(20, 4), dataset_sink_mode=True).items())})
show("eval/no_sink", {k: round(float(v), 6) for k, v in sorted(
    model.eval(slices(20, 4)).items())})

# Python-int labels from a GeneratorDataset are int64; a sparse loss takes them.


def rows():
    for features, label in zip(FEATURES, LABELS):
        yield features, int(label)


generated = ds.GeneratorDataset(rows, ["x", "y"], shuffle=False).batch(5)
show("generator/types", [str(t) for t in generated.output_types()])
net, model = new_model()
seen = SeenBatches()
model.train(1, generated, callbacks=[seen])
show("generator/element", seen.seen[0])
show("generator/losses", rounded(seen.losses))

# predict on a batch the pipeline made.
batch = next(slices().create_tuple_iterator())
show("predict", [list(np.round(row, 5).astype(float)) for row in model.predict(batch[0]).asnumpy()[:2]])
