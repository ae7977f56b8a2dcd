"""`mindspore.common.initializer` against MindSpore 2.10 (tests/goldens/nn/initializer.json, recorded
by tests/goldens/scripts/initializer.py, and the 'initializer' section of cells.json).

Random initializers are compared by distribution (mean, std and bounds of large samples against
MindSpore's and against the formula), deterministic ones by value. msjax draws at once from its
global key, so the same seed gives the same values and a new draw gives new ones.
"""
import json
import math

import numpy as np
import pytest

import msjax
from msjax import Tensor
from msjax._src.core import initializer as init_impl
from msjax.common import initializer as I
from msjax.common.initializer import initializer
from tests.conftest import GOLDENS

GOLDEN = json.loads((GOLDENS / "nn" / "initializer.json").read_text())
CELLS = json.loads((GOLDENS / "nn" / "cells.json").read_text())["initializer"]
NAMESPACE = {name: getattr(I, name) for name in dir(I) if not name.startswith("_")}
NAMESPACE.update(math=math, np=np, Tensor=Tensor, ms=msjax)
DTYPES = {"int32": msjax.int32, "float16": msjax.float16, "float64": msjax.float64}


def _outcome(thunk):
    try:
        return thunk()
    except Exception as e:  # noqa: BLE001
        return {"error": [type(e).__name__, str(e)]}


def _parse_stats_key(key):
    expr, rest = key.split(" [", 1)
    shape_text, _, dtype = rest.partition("]")
    shape = tuple(int(v) for v in shape_text.split(", "))
    return expr, shape, DTYPES.get(dtype.strip(), msjax.float32)


@pytest.mark.parametrize("key", list(GOLDEN["stats"]))
def test_distribution_matches_mindspore(key):
    expr, shape, dtype = _parse_stats_key(key)
    mean, std, low, high, _ = GOLDEN["stats"][key]
    values = initializer(eval(expr, NAMESPACE), shape, dtype)
    assert values.shape == shape and values.dtype == dtype
    v = values.asnumpy().astype(np.float64)
    scale = max(std, 1e-12)
    assert abs(v.mean() - mean) < 0.02 * scale + 0.01 * abs(mean)
    assert v.std() == pytest.approx(std, rel=0.02)
    # Bounded distributions reach their bounds; unbounded ones reach a similar extreme.
    assert v.min() == pytest.approx(low, rel=0.25, abs=0.02 * scale)
    assert v.max() == pytest.approx(high, rel=0.25, abs=0.02 * scale)


@pytest.mark.parametrize("init, shape, bound", [
    (I.Uniform(0.3), (50, 40), 0.3),
    (I.HeUniform(math.sqrt(5)), (30, 20), 1 / math.sqrt(20)),
    (I.HeUniform(mode="fan_out", nonlinearity="relu"), (8, 4, 3, 3), math.sqrt(6 / (8 * 9))),
    (I.XavierUniform(gain=2), (6, 4, 5), 2 * math.sqrt(6 / (4 * 5 + 6 * 5))),
    (I.VarianceScaling(scale=2.0, mode="fan_avg", distribution="uniform"), (10, 30),
     math.sqrt(3 * 2.0 / 20)),
    (I.TruncatedNormal(sigma=1.0, mean=0.5, a=0.0, b=0.75), (40, 40), None),
])
def test_uniform_bounds_follow_the_fan_formulas(init, shape, bound):
    v = initializer(init, shape).asnumpy()
    if bound is None:
        assert v.min() >= 0.0 and v.max() <= 0.75
    else:
        assert np.abs(v).max() <= bound * (1 + 1e-6)
        assert np.abs(v).max() > 0.9 * bound


def test_variance_scaling_default_is_uniform_as_in_mindspore():
    """MindSpore tests for 'truncated_norm', which its constructor rejects: the default
    'truncated_normal' draws U(-sqrt(3·scale/fan_in), +sqrt(3·scale/fan_in))."""
    v = initializer(I.VarianceScaling(), (400, 500)).asnumpy()
    limit = math.sqrt(3 / 500)
    assert np.abs(v).max() <= limit * (1 + 1e-6)
    assert v.std() == pytest.approx(limit / math.sqrt(3), rel=0.02)


@pytest.mark.parametrize("key", list(GOLDEN["values"]))
def test_deterministic_values_match_mindspore(key):
    expected = GOLDEN["values"][key]
    inits = {
        "zeros": ("zeros", (2, 3), None), "ZEROS": ("ZEROS", (2,), None),
        "ones_int32": ("ones", (2,), msjax.int32), "One()": (I.One(), (2, 2), msjax.float16),
        "Zero()": (I.Zero(), (3,), msjax.int64), "Constant(0.5)": (I.Constant(0.5), (2,), None),
        "Constant(3)_int32": (I.Constant(3), (2,), msjax.int32),
        "Constant(2.7)_int32": (I.Constant(2.7), (2,), msjax.int32),
        "number_0.25": (0.25, (2,), None), "number_True": (True, (2,), None),
        "number_int_7": (7, (1, 2), msjax.int32), "identity": ("identity", (2, 3), None),
        "Identity()_3x2": (I.Identity(), (3, 2), None),
        "Dirac(groups=2)_4x2x3": (I.Dirac(groups=2), (4, 2, 3), None),
        "dirac_2x3x3x3": ("dirac", (2, 3, 3, 3), None), "Dirac()_3x2x1x3x3": (I.Dirac(), (3, 2, 1, 3, 3), None),
        "ones_scalar_shape": ("ones", (), None), "zeros_int_shape": ("zeros", 3, None),
        "ones_list_shape": ("ones", [2, 1], None), "ones_bool": ("ones", (2,), msjax.bool_),
        "tensor_init": (Tensor(np.array([1.5, 2.0], np.float32)), (2,), None),
    }
    if key == "tensor_init_returns_same_object":
        t = Tensor(np.ones(2, np.float32))
        assert (initializer(t, [2]) is t) is expected
        return
    if key == "tensor_init_dtype_ignored":
        assert str(initializer(Tensor(np.ones(2, np.float32)), (2,), msjax.int32).dtype) == expected
        return
    init, shape, dtype = inits[key]
    t = initializer(init, shape) if dtype is None else initializer(init, shape, dtype)
    assert [str(t.dtype), list(t.shape), t.asnumpy().tolist()] == expected


@pytest.mark.parametrize("key", list(GOLDEN["fans"]))
def test_fan_and_gain_computations(key):
    kind, args_text = key.split(" ", 1)
    expected = GOLDEN["fans"][key]
    if kind == "fan_in_fan_out":
        shape = tuple(json.loads(args_text))
        got = _outcome(lambda: list(init_impl._calculate_fan_in_and_fan_out(shape)))
    elif kind == "gain":
        args = json.loads(args_text.replace("'", '"').replace("True", "true"))
        got = _outcome(lambda: init_impl._calculate_gain(*args))
    else:
        shape_text, mode = args_text.rsplit(" ", 1)
        got = _outcome(lambda: init_impl._calculate_correct_fan(tuple(json.loads(shape_text)), mode))
    if isinstance(expected, dict):
        assert got == expected
    else:
        assert got == pytest.approx(expected, rel=1e-12)


def test_orthogonal_rows_or_columns_are_orthonormal_times_gain():
    for shape, gain in (((4, 2, 2), 2.0), ((3, 5), 1.0), ((5, 3), 1.0)):
        expected = GOLDEN["structure"][f"Orthogonal({'gain=2.0' if gain == 2.0 else ''}) {list(shape)} gram"]
        v = initializer(I.Orthogonal(gain=gain), shape).asnumpy().reshape(shape[0], -1)
        gram = v @ v.T if v.shape[0] <= v.shape[1] else v.T @ v
        np.testing.assert_allclose(gram, np.abs(expected), atol=1e-4)


def test_sparse_zeroes_ceil_of_sparsity_times_rows_in_each_column():
    for shape, sparsity, key in (((4, 3), 0.5, "Sparse(0.5) [4, 3] zeros per column"),
                                 ((10, 6), 0.3, "Sparse(0.3) [10, 6] zeros per column")):
        v = initializer(I.Sparse(sparsity, 1.0), shape).asnumpy()
        assert (v == 0).sum(0).tolist() == GOLDEN["structure"][key]


@pytest.mark.parametrize("key", list(GOLDEN["errors"]))
def test_errors_match_mindspore(key):
    """As tests/goldens/scripts/initializer.py: an initializer's own errors are raised when it
    draws (`init_data()`), the arguments' when `initializer` is called."""
    thunks = {
        "constant_string": lambda: initializer("constant", (2, 3)),
        "unknown_string": lambda: initializer("foo", (2,)),
        "bad_type_list": lambda: initializer([1, 2], (2,)),
        "bad_type_none": lambda: initializer(None, (2,)),
        "shape_zero": lambda: initializer("ones", (2, 0)),
        "shape_negative": lambda: initializer("ones", [-1]),
        "shape_float": lambda: initializer("ones", (2.0,)),
        "tensor_shape_mismatch": lambda: initializer(Tensor(np.ones(2, np.float32)), (3,)),
        "tensor_shape_mismatch_list": lambda: initializer(Tensor(np.ones(2, np.float32)), [3]),
        "tensor_shape_none": lambda: initializer(Tensor(np.ones(2, np.float32))),
        "init_without_shape": lambda: initializer("ones"),
        "xavier_1d": lambda: initializer("xavier_uniform", (3,)).init_data(),
        "he_uniform_1d": lambda: initializer("he_uniform", (3,)).init_data(),
        "he_bad_mode": lambda: initializer(I.HeUniform(mode="foo"), (3, 3)).init_data(),
        "he_bad_nonlinearity": lambda: initializer(I.HeNormal(nonlinearity="foo"), (3, 3)).init_data(),
        "he_bad_slope": lambda: initializer(I.HeUniform(negative_slope="x"), (3, 3)).init_data(),
        "identity_3d": lambda: initializer("identity", (3, 3, 3)).init_data(),
        "dirac_2d": lambda: initializer("dirac", (3, 3)).init_data(),
        "dirac_groups": lambda: initializer(I.Dirac(groups=2), (3, 3, 3)).init_data(),
        "orthogonal_1d": lambda: initializer("orthogonal", (3,)).init_data(),
        "sparse_string": lambda: initializer("sparse", (3, 3)),
        "sparse_3d": lambda: initializer(I.Sparse(0.1), (3, 3, 3)).init_data(),
        "variance_scaling_scale": lambda: I.VarianceScaling(scale=0),
        "variance_scaling_mode": lambda: I.VarianceScaling(mode="x"),
        "variance_scaling_distribution": lambda: I.VarianceScaling(distribution="x"),
        "normal_negative_sigma": lambda: initializer(I.Normal(sigma=-1.0), (2, 2)).init_data(),
        "truncated_normal_negative_sigma": lambda: initializer(I.TruncatedNormal(sigma=-1.0), (2, 2)).init_data(),
    }
    assert _outcome(thunks[key]) == GOLDEN["errors"][key]


def test_string_aliases_are_mindspores():
    assert sorted(init_impl._INITIALIZER_ALIAS) == GOLDEN["aliases"]
    assert {k: v.__name__ for k, v in init_impl._INITIALIZER_ALIAS.items()} == \
        GOLDEN["aliases_classes"]
    assert "constant" not in init_impl._INITIALIZER_ALIAS


@pytest.mark.parametrize("name", list(GOLDEN["attrs"]))
def test_default_arguments_and_attributes(name):
    obj = eval(name if "(" in name else name + "()", NAMESPACE)
    attrs = {k: v for k, v in vars(obj).items() if not k.startswith("_") or k == "_kwargs"}
    assert attrs == GOLDEN["attrs"][name]


def test_repr_is_mindspores_object_repr():
    text = repr(I.HeUniform())
    assert text.startswith(GOLDEN["repr_pattern"] + " at 0x")


def test_cells_json_initializer_probes():
    assert initializer("normal", (2, 3)).shape == tuple(CELLS["normal_2x3"]["shape"])
    assert str(initializer("normal", (2, 3)).dtype) == CELLS["normal_2x3"]["dtype"]
    assert np.abs(initializer("normal", (2, 3)).asnumpy()).max() < 0.1
    assert initializer(I.Constant(0.5), (2,)).init_data().asnumpy().tolist() == CELLS["Constant_class"]
    assert initializer(0.25, (2,)).asnumpy().tolist() == CELLS["number"]
    assert repr(initializer(Tensor(np.ones(2, np.float32)), (2,))) == CELLS["tensor_init_from_tensor"]
    assert list(initializer("zeros", 3).shape) == CELLS["int_shape"]
    normal = I.Normal()
    assert {"sigma": normal.sigma, "mean": normal.mean} == CELLS["Normal_class_attrs"]


def test_draws_come_from_the_global_seed():
    msjax.set_seed(7)
    first = initializer("normal", (3, 4)).asnumpy()
    second = initializer("normal", (3, 4)).asnumpy()
    msjax.set_seed(7)
    again = initializer("normal", (3, 4)).asnumpy()
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, second)


def test_tensor_and_parameter_clone_use_the_initializer():
    t = Tensor(shape=(2, 3), dtype=msjax.float16, init=I.One())
    assert t.dtype == msjax.float16 and t.asnumpy().tolist() == [[1, 1, 1]] * 2
    p = msjax.Parameter(Tensor(np.full((2, 2), 3.0, np.float32)), name="w")
    assert p.clone(init="zeros").asnumpy().tolist() == [[0.0, 0.0]] * 2


def test_initializer_under_jit_draws_from_the_traced_key():
    """Inside a compiled function the draw uses jax.random on the traced key (same distribution)."""
    import jax

    from msjax._src.core import random as ms_random
    from msjax._src.core import state

    def draw(key):  # the global key as a pure input and output (the state core)
        call = state.call_with_values([ms_random.GLOBAL_KEY], [key],
                                      lambda: initializer(I.Uniform(0.5), (50, 40))._data)
        return call.result, call.finals[0]

    start = ms_random.key_state(jax.random.PRNGKey(3))
    values, new_state = jax.jit(draw)(start)
    values = np.asarray(values)
    assert values.dtype == np.float32 and np.abs(values).max() <= 0.5
    assert values.std() == pytest.approx(0.5 / math.sqrt(3), rel=0.1)
    assert np.asarray(new_state).tolist() == [3, 0, 1, 0]  # the seed kept, the offset advanced


def test_calling_an_initializer_fills_a_numpy_array_in_place():
    arr = np.zeros((2, 3), np.float32)
    I.One()(arr)
    assert arr.tolist() == [[1.0] * 3] * 2
