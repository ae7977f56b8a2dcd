"""Where mindspore.dataset meets Model (tests/goldens/scripts/integ_dataset_model_seams.py): the
batch a callback sees (`cb_params.train_dataset_element`: Tensors with the pipeline's dtypes, int64
for a generator's Python ints), take/repeat/skip pipelines as training data, `fit` with a
validation pipeline, `eval` with `dataset_sink_mode=True`, `predict` on a pipeline's batch. Run
unchanged with `mindspore` answered by msjax; strings exactly MindSpore 2.10's, numbers within
float32 rounding."""
import logging

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.golden_compare import compare_case

GOLDEN = golden_cases("train/integ_dataset_model_seams.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("integ_dataset_model_seams.py")


def test_every_case_is_printed(msjax_cases):
    assert sorted(msjax_cases) == sorted(GOLDEN)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(msjax_cases, label):
    compare_case(label, msjax_cases[label], GOLDEN[label], rtol=2e-5, atol=2e-5)


def _fixed_model(msjax):
    net = msjax.nn.SequentialCell(msjax.nn.Dense(4, 6), msjax.nn.ReLU(), msjax.nn.Dense(6, 3))
    rng = np.random.RandomState(1)
    for param in net.trainable_params():
        param.set_data(msjax.Tensor(rng.uniform(-0.5, 0.5, param.shape).astype(np.float32)))
    loss = msjax.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, msjax.train.Model(net, loss, msjax.nn.SGD(net.trainable_params(), 0.1))


def test_sink_size_not_dividing_the_dataset_warns_and_streams_on(caplog):
    # MindSpore's devices (its CPU build does not sink): 3 epochs of sink_size=2 over a 3-batch
    # pipeline train on 6 consecutive batches of the repeated stream, after warning once.
    import msjax
    import msjax.dataset as ds
    rng = np.random.RandomState(3)
    features = rng.normal(size=(15, 4)).astype(np.float32)
    labels = (features[:, 0] > 0).astype(np.int32)

    def pipeline():
        return ds.NumpySlicesDataset({"x": features, "y": labels}, shuffle=False).batch(5)

    sunk, model = _fixed_model(msjax)
    with caplog.at_level(logging.WARNING, logger="msjax"):
        model.train(3, pipeline(), dataset_sink_mode=True, sink_size=2)
    assert [r.getMessage() for r in caplog.records] == [
        "In dataset_sink mode (dataset_size % sink_size) should equal to 0, it is suggested to "
        "pad/drop data or adjust sink_size. But got 'dataset_size': 3, 'sink_size': 2."]
    stepped, model = _fixed_model(msjax)
    model.train(1, pipeline().repeat(2))
    for ours, expected in zip(sunk.trainable_params(), stepped.trainable_params()):
        np.testing.assert_allclose(ours.asnumpy(), expected.asnumpy(), rtol=1e-6, atol=1e-6)
