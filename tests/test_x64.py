"""JAX's settings left as the user set them (issue 24, core/x64.py): `import msjax` does not turn
on `jax_enable_x64`, JAX code between msjax calls sees the user's setting, MindSpore's 64-bit
dtypes hold inside msjax's calls, and a float32 model's training step, compiled in GRAPH_MODE
or taken out with `msjax.functional`, lowers for GPU and TPU with no float64 in it."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.core import x64
from tests.ops.op_records import CASES
from tests.ops.test_op_table import _prepare

BENCHMARKS = pathlib.Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("user_setting", [False, True], ids=["user_x64_off", "user_x64_on"])
def test_import_and_calls_leave_jax_enable_x64_as_the_user_set_it(user_setting):
    code = (f"import jax; jax.config.update('jax_enable_x64', {user_setting}); "
            "import jax.numpy as jnp; import msjax; from msjax import Tensor, ops; "
            "t = Tensor([1, 2]) + ops.argmax(Tensor([1.0, 3.0])); "
            "print(jax.config.jax_enable_x64, jnp.arange(3.0).dtype, jnp.arange(3).dtype, t.dtype)")
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)
    bits = 64 if user_setting else 32
    assert out.stdout.split() == [str(user_setting), f"float{bits}", f"int{bits}", "Int64"]


def test_a_jax_users_arrays_are_float32_after_import():
    if os.environ.get("JAX_ENABLE_X64", "0").lower() not in ("0", "false", ""):
        pytest.skip("this process's user turned 64-bit types on (JAX_ENABLE_X64)")
    assert jax.config.jax_enable_x64 is False
    assert jnp.arange(3.0).dtype == np.float32
    assert jnp.asarray(np.arange(3)).dtype == np.int32


class _Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return self.dense(x).argmax(-1)


def _user_sees_float32():
    return jnp.arange(3.0).dtype == np.float32 and jax.config.jax_enable_x64 is False


def test_jax_code_between_msjax_calls_sees_the_users_setting():
    with jax.enable_x64(False):  # the user's setting
        assert Tensor(3).dtype == ms.int64 and _user_sees_float32()
        assert Tensor(3.0).dtype == ms.float32 and _user_sees_float32()
        assert Tensor(np.ones(2)).dtype == ms.float64 and _user_sees_float32()
        assert (Tensor([1, 2]) * 2).dtype == ms.int64 and _user_sees_float32()
        assert ops.cast(Tensor([1.5]), ms.int64).dtype == ms.int64 and _user_sees_float32()
        net = _Affine()
        x = Tensor(np.ones((4, 3), np.float32))
        assert net(x).dtype == ms.int64 and _user_sees_float32()
        ms.set_context(mode=ms.GRAPH_MODE)
        assert net(x).dtype == ms.int64 and _user_sees_float32()
        assert ms.jit(lambda t: t.sum())(Tensor([1, 2])).dtype == ms.int64
        assert _user_sees_float32()
        with pytest.raises(TypeError):
            ops.add(Tensor([1.0]), "one")  # an error inside an msjax call restores it too
        assert _user_sees_float32()


def test_msjax_ops_inside_a_users_jit_keep_mindspores_dtypes_and_lower():
    with jax.enable_x64(False):
        x = jnp.asarray(np.random.default_rng(0).standard_normal((3, 4)), jnp.float32)
        indices = jax.jit(lambda a: ops.argmax(Tensor(a), 1)._data)(x)
        assert indices.dtype == np.int64
        np.testing.assert_array_equal(indices, np.argmax(np.asarray(x), 1))


def test_64_bit_values_survive_a_checkpoint(tmp_path):
    with jax.enable_x64(False):
        net = nn.Cell()
        net.count = ms.Parameter(Tensor(np.array([2 ** 40 + 1], np.int64)), name="count")
        net.scale = ms.Parameter(Tensor(np.array([1 + 2 ** -40])), name="scale")
        ms.save_checkpoint(net, str(tmp_path / "net.ckpt"))
        loaded = ms.load_checkpoint(str(tmp_path / "net.ckpt"))
        assert loaded["count"].dtype == ms.int64 and loaded["scale"].dtype == ms.float64
        assert int(loaded["count"].asnumpy()[0]) == 2 ** 40 + 1
        assert float(loaded["scale"].asnumpy()[0]) == 1 + 2 ** -40


# -- a float32 model's training step has no float64 ------------------------------------------------
PLATFORMS = ("cuda", "tpu")
_F64 = re.compile(r"\bf64\b")  # StableHLO's float64 element type (tensor<f64>, tensor<2x3xf64>)


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


def _small_model(name, models_msjax, rnn):
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


def _train_cell(name, models):
    net, loss, optimizer, x, y = _small_model(name, *models)
    models_msjax, rnn = models
    with_loss = rnn.LossOfNextTokens(net) if loss is None else nn.WithLossCell(net, loss)
    train = nn.TrainOneStepCell(with_loss, optimizer(net.trainable_params()))
    train.set_train()
    return train, x, y


def _only_program(compiled):
    (program,) = set(compiled.programs.values())
    return program


def _graph_mode_step(name, models):
    """The compiled GRAPH_MODE step as benchmarks/models_msjax.py runs it (ViT-tiny:
    value_and_grad and the optimizer in one ms.jit function; the LSTM: ms.jit of the
    TrainOneStepCell; the others: the TrainOneStepCell called in GRAPH_MODE), run once: its
    program and the values it takes."""
    ms.set_context(mode=ms.GRAPH_MODE)
    if name == "vit_tiny":
        net, loss, optimizer, x, y = _small_model(name, *models)
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
        train, x, y = _train_cell(name, models)
        step = ms.jit(train) if name == "lstm_lm" else train
        compiled = step.func.compiled if name == "lstm_lm" else None
    x, y = Tensor(x), Tensor(y)
    step(x, y)
    compiled = compiled or train.__dict__["_graph_call"]
    program = _only_program(compiled)
    return program.jitted, [*compiled.read_boxes(program), x._data, y._data]


def _f64_lines(text):
    return [line.strip()[:200] for line in text.splitlines() if _F64.search(line)]


MODELS = ["resnet18", "resnet50", "mobilenet_v3_small", "vit_tiny", "bert_tiny", "lstm_lm"]


@pytest.mark.parametrize("name", MODELS)
def test_a_graph_mode_training_step_of_a_float32_model_lowers_without_float64(
        name, benchmark_models):
    jitted, args = _graph_mode_step(name, benchmark_models)
    for platform in PLATFORMS:
        with x64.on():  # as msjax traces and lowers its programs
            exported = jax.export.export(jitted, platforms=[platform])(*args)
        assert _f64_lines(exported.mlir_module()) == [], (name, platform)


@pytest.mark.parametrize("name", MODELS)
def test_a_functional_training_step_of_a_float32_model_lowers_without_float64(
        name, benchmark_models):
    train, x, y = _train_cell(name, benchmark_models)
    params, apply = ms.functional(train)
    step = jax.jit(lambda p, data, label: apply.with_updates(p, data, label))
    for platform in PLATFORMS:  # traced and lowered by the user's jit, with the user's setting
        exported = jax.export.export(step, platforms=[platform])(params, x, y)
        assert _f64_lines(exported.mlir_module()) == [], (name, platform)


# -- no op makes float64 of float32 Tensors ----------------------------------------------------------
# Records whose float32 call has float64 in its program by design or inside JAX's own functions.
FLOAT64_BY_DESIGN = {
    "sum-dtype": "asks for a Float64 sum",
    "float_power": "MindSpore's float_power computes in and returns Float64",
    "float_power-tensors": "MindSpore's float_power computes in and returns Float64",
    "quantile": "jnp.quantile passes a Python NaN to `where` inside its own program",
    "quantile-axis": "jnp.quantile passes a Python NaN to `where` inside its own program",
    "nanquantile": "jnp.nanquantile passes a Python NaN to `where` inside its own program",
    "pinv": "jnp.linalg.pinv passes a Python float to `where` inside its own program",
}


def _float32_records():
    """The op records called with float32 (or 16-bit float) Tensors and no 64-bit float one,
    that the op table also runs under jax.jit (random draws and data-dependent shapes do not)."""
    records = []
    for case in CASES:
        if case.error or not case.transforms or not case.values:
            continue
        dtypes = [str(t.dtype) for t in _prepare(case)[1]]
        if (any(d in ("Float32", "Float16", "BFloat16") for d in dtypes)
                and not any(d in ("Float64", "Complex128") for d in dtypes)):
            records.append(case)
    return records


def _holds_float64(jaxpr) -> bool:
    """Whether a jaxpr (or one nested in its equations) has a float64 value."""
    def is_float64(var):
        return getattr(getattr(var, "aval", None), "dtype", None) == np.float64
    if any(map(is_float64, [*jaxpr.invars, *jaxpr.outvars, *jaxpr.constvars])):
        return True
    for eqn in jaxpr.eqns:
        if any(map(is_float64, [*eqn.invars, *eqn.outvars])):
            return True
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr's Jaxpr
                if hasattr(inner, "eqns") and _holds_float64(inner):
                    return True
    return False


@pytest.mark.parametrize("case", _float32_records(), ids=lambda c: c.id)
def test_an_op_of_float32_tensors_computes_no_float64(case):
    fn, tensors = _prepare(case)
    with x64.on():  # as msjax traces a compiled program
        jaxpr = jax.make_jaxpr(fn)(*tensors).jaxpr
    assert _holds_float64(jaxpr) == (case.id in FLOAT64_BY_DESIGN), \
        FLOAT64_BY_DESIGN.get(case.id, f"{case.id}: a float64 value in a float32 op's program")


def test_bucketize_compares_float32_values_with_the_boundaries_in_float32():
    # MindSpore 2.10's output, tests/goldens/scripts/bucketize_float32_probe.py (float32 0.1 is
    # 0.1 there; as float64 boundaries, float32 0.1 = 0.10000000149 lay above the boundary 0.1)
    x = Tensor(np.array([0.1, 0.2, 0.3], np.float32))
    assert ops.bucketize(x, boundaries=[0.1, 0.2, 0.3]).asnumpy().tolist() == [0, 1, 2]
    assert ops.bucketize(x, boundaries=[0.1, 0.2, 0.3], right=True).asnumpy().tolist() == [1, 2, 3]
    assert ops.Bucketize(boundaries=[0.1, 0.2, 0.3])(x).asnumpy().tolist() == [1, 2, 3]
