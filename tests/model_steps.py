"""The training steps of benchmarks/models.py's models at small shapes, as the tests lower them
(tests/test_x64.py, tests/backend/test_accelerator_lowering.py): each model's layers and
optimizer from benchmarks/models_msjax.py and rnn.py, the ResNets with one block a stage."""
from __future__ import annotations

import dataclasses
import pathlib
import sys

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn

BENCHMARKS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks"
MODELS = ["resnet18", "resnet50", "mobilenet_v3_small", "vit_tiny", "bert_tiny", "lstm_lm"]


@pytest.fixture(scope="module")
def benchmark_models():
    """benchmarks/models_msjax.py and rnn.py, the models of benchmarks/models.py."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import models_msjax
        import rnn
        yield models_msjax, rnn
    finally:
        sys.path.remove(str(BENCHMARKS))


@dataclasses.dataclass
class GraphStep:
    """A compiled GRAPH_MODE training step after its first call."""
    program: object  # its one Program (core/program.py)
    args: list  # the values it takes: its boxes' values, then the data and the label
    trained: list  # the network's trainable Parameters


def small_model(name, models_msjax, rnn):
    """(network, loss, optimizer factory, input, label) of benchmarks/models.py's model `name`:
    its layers and optimizer, at small shapes (the ResNets with one block a stage)."""
    m, rng = models_msjax, np.random.default_rng(0)
    images = rng.standard_normal((2, 3, 32, 32)).astype(np.float32)
    labels = rng.integers(0, 2, 2).astype(np.int32)
    momentum = lambda params: nn.Momentum(params, 0.01, 0.9)  # noqa: E731
    adam = lambda params: nn.Adam(params, 1e-4)  # noqa: E731
    sparse_ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if name == "resnet18":
        return m.ResNet(m.BasicBlock, (1, 1, 1, 1)), sparse_ce, momentum, images, labels
    if name == "resnet50":
        return m.ResNet(m.Bottleneck, (1, 1, 1, 1)), sparse_ce, momentum, images, labels
    if name == "mobilenet_v3_small":
        return m.MobileNetV3Small(), sparse_ce, momentum, images, labels
    if name == "vit_tiny":
        return (m.ViT(image=32, patch=8, dim=24, depth=2, heads=3, mlp_dim=48), sparse_ce,
                lambda params: nn.AdamWeightDecay(params, 1e-3, weight_decay=0.05), images,
                labels)
    if name == "bert_tiny":
        ids = rng.integers(0, 64, (2, 8)).astype(np.int32)
        return (m.BertTiny(vocab=64, seq=8, dim=16, depth=2, heads=2, mlp_dim=32), sparse_ce,
                adam, ids, labels)
    assert name == "lstm_lm"
    tokens = rng.integers(0, rnn.VOCAB, (2, 9)).astype(np.int32)
    return rnn.LanguageModel(), None, adam, tokens[:, :-1], tokens[:, 1:]


def train_cell(name, models):
    net, loss, optimizer, x, y = small_model(name, *models)
    models_msjax, rnn = models
    with_loss = rnn.LossOfNextTokens(net) if loss is None else nn.WithLossCell(net, loss)
    train = nn.TrainOneStepCell(with_loss, optimizer(net.trainable_params()))
    train.set_train()
    return train, x, y


def only_program(compiled):
    (program,) = set(compiled.programs.values())
    return program


def graph_mode_step(name, models):
    """The compiled GRAPH_MODE step as benchmarks/models_msjax.py runs it (ViT-tiny:
    value_and_grad and the optimizer in one ms.jit function; the LSTM: ms.jit of the
    TrainOneStepCell; the others: the TrainOneStepCell called in GRAPH_MODE), run once: its
    program and the values it takes."""
    ms.set_context(mode=ms.GRAPH_MODE)
    if name == "vit_tiny":
        net, loss, optimizer, x, y = small_model(name, *models)
        net.set_train()
        optimizer = optimizer(net.trainable_params())
        grad_fn = ms.value_and_grad(lambda d, l: loss(net(d), l), None, optimizer.parameters)

        @ms.jit
        def step(data, label):
            value, grads = grad_fn(data, label)
            optimizer(grads)
            return value
        compiled = step.compiled
    else:
        train, x, y = train_cell(name, models)
        step = ms.jit(train) if name == "lstm_lm" else train
        compiled = step.func.compiled if name == "lstm_lm" else None
    x, y = Tensor(x), Tensor(y)
    step(x, y)
    compiled = compiled or train.__dict__["_graph_call"]
    program = only_program(compiled)
    trained = (net if name == "vit_tiny" else train.network).trainable_params()
    return GraphStep(program, [*compiled.read_boxes(program), x._data, y._data], trained)
