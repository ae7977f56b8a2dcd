"""nn.MultiheadAttention and the Transformer layers against MindSpore 2.10:
tests/goldens/nn/transformer.* (tests/goldens/scripts/transformer.py). Each case is rebuilt
with MindSpore's weights and checked for its Parameters, repr, outputs (eagerly and under jit)
and the gradients of sum_i (out_i * cot_i).sum() w.r.t. the first input and every Parameter."""
import json

import numpy as np
import pytest

import msjax
from msjax import Tensor, nn
from tests.conftest import GOLDENS
from tests.support import assert_close

META = json.loads((GOLDENS / "nn" / "transformer.json").read_text())
ARRAYS = np.load(GOLDENS / "nn" / "transformer.npz")
CASES = META["cases"]
SCOPE = {"nn": nn}
TOL = {"rtol": 2e-5, "atol": 2e-5}
GRAD_TOL = {"rtol": 2e-4, "atol": 2e-5}


def flat(out):
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat(o)]
    return [out]


def build(name):
    cell = eval(CASES[name]["ctor"], SCOPE)  # noqa: S307
    for path, param in cell.parameters_and_names():
        param.set_data(Tensor(ARRAYS[f"{name}/param/{path}"]))
    return cell


def call_arguments(name):
    info = CASES[name]
    args = [Tensor(ARRAYS[f"{name}/in/{k}"]) for k in info["args"]]
    kwargs = {k: v for k, v in info["kwargs"].items() if v is not None}
    kwargs.update({k: Tensor(ARRAYS[f"{name}/in/{k}"]) for k in info["tensor_kwargs"]})
    return args, kwargs


def expected(name):
    return [ARRAYS[f"{name}/out/{i}"] for i in range(len(CASES[name]["out_shapes"]))]


@pytest.mark.parametrize("name", list(CASES))
def test_structure_and_outputs_match_mindspore(name):
    cell = build(name)
    assert [[n, p.name, list(p.shape), bool(p.requires_grad)]
            for n, p in cell.parameters_and_names()] == CASES[name]["params"]
    assert repr(cell) == CASES[name]["repr"]
    args, kwargs = call_arguments(name)
    assert_close(flat(cell(*args, **kwargs)), expected(name), **TOL)
    assert_close(flat(msjax.jit(lambda *a: cell(*a, **kwargs))(*args)), expected(name), **TOL)


# The gradients of the stacked models compile for 6-17 s each: run with the heavy tests.
STACKED = {"transformer", "encoder_2_layers_norm", "decoder_layer"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.heavy) if n in STACKED else n
                                  for n in CASES])
def test_gradients_match_mindspore(name):
    cell = build(name)
    args, kwargs = call_arguments(name)
    cots = [Tensor(ARRAYS[f"{name}/cot/{i}"]) for i in range(len(CASES[name]["out_shapes"]))]

    def loss(first, *rest):
        return sum((o * c).sum() for o, c in zip(flat(cell(first, *rest, **kwargs)), cots))

    params = cell.trainable_params()
    grad_x, grad_w = msjax.jit(msjax.grad(loss, grad_position=0, weights=params))(*args)
    assert_close(grad_x, ARRAYS[f"{name}/grad_x"], **GRAD_TOL)
    path_of = {id(p): path for path, p in cell.parameters_and_names()}
    for param, grad in zip(params, grad_w):
        assert_close(grad, ARRAYS[f"{name}/grad/{path_of[id(param)]}"], **GRAD_TOL)


@pytest.mark.parametrize("ctor", list(META["errors"]))
def test_constructor_errors_match_mindspore(ctor):
    with pytest.raises(Exception) as info:
        eval(ctor, SCOPE)  # noqa: S307
    assert [type(info.value).__name__, str(info.value)] == META["errors"][ctor]


def test_attention_dropout_only_in_training():
    msjax.set_seed(0)
    cell = nn.MultiheadAttention(8, 2, dropout=0.5)
    x = Tensor(np.random.default_rng(0).standard_normal((4, 2, 8)).astype(np.float32))
    eval_out = cell(x, x, x)[0].asnumpy()
    np.testing.assert_array_equal(eval_out, cell(x, x, x)[0].asnumpy())
    cell.set_train()
    assert not np.allclose(cell(x, x, x)[0].asnumpy(), eval_out)


def test_encoder_layers_start_equal_and_train_apart():
    """TransformerEncoder deep-copies one fresh layer, as MindSpore does."""
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2)
    first, second = encoder.layers[0], encoder.layers[1]
    np.testing.assert_array_equal(first.self_attn.in_proj_weight.asnumpy(),
                                  second.self_attn.in_proj_weight.asnumpy())
    assert first.self_attn.in_proj_weight is not second.self_attn.in_proj_weight
