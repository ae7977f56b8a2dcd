"""Eager (PyNative) calls of composite ops compile one XLA program per shape, and the same ops
still compose with jit, grad and vmap (`msjax._src.backend.one_program.eager_jit`).

A first eager forward of a network compiles one executable per distinct (op, shape); these
tests count the programs JAX lowers for one eager call of each op (JAX logs "Compiling jit(...)"
for each new one, cached on disk or not), on shapes no other test uses.
"""
import logging

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax._src.backend import compile_settings
from msjax._src.backend import one_program as one_program_module
from msjax._src.backend.one_program import eager_jit
from tests.support import PRIVATE_JAX


class _CompileLog(logging.Handler):
    def __init__(self):
        super().__init__()
        self.programs = []

    def emit(self, record):
        message = record.getMessage()
        if message.startswith("Compiling "):
            self.programs.append(message.split(" ")[1])


def programs_compiled(fn):
    """The names of the programs JAX lowers and compiles while `fn()` runs."""
    handler = _CompileLog()
    logger = logging.getLogger("jax")
    logger.addHandler(handler)
    try:
        with jax.log_compiles(True):
            jax.block_until_ready(fn())
    finally:
        logger.removeHandler(handler)
    return handler.programs


@pytest.fixture(autouse=True)
def _programs_kept_in_memory_only(monkeypatch):
    """These tests count what an eager call compiles: programs another test or run stored in
    msjax's eager program cache (tests/ops/test_eager_cache.py) would be loaded instead."""
    monkeypatch.setattr(compile_settings, "_eager_folder", [None])


def _array(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _batch_norm(x, mean, var, gamma, beta):
    # (Tensors, not Parameters: MindSpore refuses a Parameter made inside a jit function)
    return ops.batch_norm(x, mean, var, gamma, beta, training=False, eps=1e-5)


def _bn_reference(x, mean, var, gamma, beta):
    shape = (1, -1, 1, 1)
    return ((x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + 1e-5) * gamma.reshape(shape)
            + beta.reshape(shape))


def _conv_reference(x, w, b):
    out = jax.lax.conv_general_dilated(x, w, (1, 1), [(1, 1), (1, 1)],
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return np.asarray(out) + b.reshape(1, -1, 1, 1)


def _softmax_reference(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def _layer_norm_reference(x, gamma, beta):
    mean = x.mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) * gamma + beta


def _adaptive_avg_pool_reference(x, oh, ow):
    h, w = x.shape[-2:]
    return np.stack([np.stack([x[..., i * h // oh:-(-(i + 1) * h // oh),
                                 j * w // ow:-(-(j + 1) * w // ow)].mean((-2, -1))
                               for j in range(ow)], -1) for i in range(oh)], -2)


X4 = _array(3, 5, 7, 11)
STATS = [_array(5, seed=3), np.abs(_array(5, seed=4)) + 0.5, _array(5, seed=5), _array(5, seed=6)]
X2, W2, B2 = _array(13, 17), _array(19, 17, seed=7), _array(19, seed=8)

# (name, inputs, the op called eagerly on them as Tensors, a NumPy/JAX reference on the arrays)
CASES = [
    ("conv2d with bias", [X4, _array(6, 5, 3, 3, seed=1), _array(6, seed=2)],
     lambda x, w, b: ops.conv2d(x, w, b, pad_mode="pad", padding=1), _conv_reference),
    ("dense", [X2, W2, B2], ops.dense, lambda x, w, b: x @ w.T + b),
    ("batch_norm (inference)", [X4[:, :, :5, :9]] + STATS, _batch_norm, _bn_reference),
    ("softmax", [X4[:2, :3]], lambda x: ops.softmax(x, axis=-1),
     lambda x: _softmax_reference(x, -1)),
    ("log_softmax", [X4[:2, :4]], lambda x: ops.log_softmax(x, axis=1),
     lambda x: np.log(_softmax_reference(x, 1))),
    ("gelu", [X4[:1, :2]], ops.gelu, lambda x: np.asarray(jax.nn.gelu(x, approximate=False))),
    ("transpose", [X4[:2, :5, :6]], lambda x: ops.transpose(x, (3, 1, 0, 2)),
     lambda x: x.transpose(3, 1, 0, 2)),
    ("relu", [X4[:2, :1]], ops.relu, lambda x: np.maximum(x, 0)),
    ("hardswish", [X4[:2, :2] * 4], ops.hardswish, lambda x: x * np.clip(x + 3, 0, 6) / 6),
    ("hardsigmoid", [X4[:1, :3] * 4], ops.hardsigmoid, lambda x: np.clip(x + 3, 0, 6) / 6),
    ("silu", [X4[:1, :4]], ops.silu, lambda x: x / (1 + np.exp(-x))),
    ("layer_norm", [X4[:2, :3], _array(11, seed=10), _array(11, seed=11)],
     lambda x, g, b: ops.layer_norm(x, (11,), g, b, 1e-5), _layer_norm_reference),
    ("adaptive_avg_pool2d", [X4[:1, :4]], lambda x: ops.adaptive_avg_pool2d(x, (2, 3)),
     lambda x: _adaptive_avg_pool_reference(x, 2, 3)),
    ("integer index", [X4[:2, :2]], lambda x: x[1], lambda x: x[1]),
    ("basic index", [X4[:3, :2]], lambda x: x[None, 1:, -1, ..., ::2],
     lambda x: x[None, 1:, -1, ..., ::2]),
    ("reshape", [X4[:2, :3]], lambda x: x.reshape(3, -1), lambda x: x.reshape(3, -1)),
]


@pytest.mark.parametrize("name,inputs,call,reference", CASES, ids=[c[0] for c in CASES])
def test_an_eager_call_compiles_one_program(name, inputs, call, reference):
    tensors = [Tensor(np.ascontiguousarray(a)) for a in inputs]
    programs = programs_compiled(lambda: call(*tensors)._data)
    assert len(programs) == 1, (name, programs)
    np.testing.assert_allclose(call(*tensors).asnumpy(), reference(*inputs), rtol=2e-5,
                               atol=2e-5)
    assert programs_compiled(lambda: call(*tensors)._data) == []  # the next call reuses it


@pytest.mark.parametrize("name,inputs,call,reference", CASES, ids=[c[0] for c in CASES])
def test_inside_a_jit_the_program_is_part_of_the_enclosing_one(name, inputs, call, reference):
    # JAX refuses compiler options on a nested jit: eager_jit must not pass them there.
    tensors = [Tensor(np.ascontiguousarray(a)) for a in inputs]
    expected = reference(*inputs)
    np.testing.assert_allclose(jax.jit(lambda: call(*tensors)._data)(), expected, rtol=2e-5,
                               atol=2e-5)
    np.testing.assert_allclose(ms.jit(call)(*tensors).asnumpy(), expected, rtol=2e-5,
                               atol=2e-5)


def test_grad_and_vmap_go_through_the_programs():
    w, b = Tensor(W2), Tensor(B2)

    def loss(x):
        return ops.softmax(ops.dense(x, w, b), axis=-1)[:, 0].sum()

    got = ms.grad(loss)(Tensor(X2)).asnumpy()

    def reference(x):
        return jax.nn.softmax(x @ W2.T + B2, axis=-1)[:, 0].sum()
    np.testing.assert_allclose(got, jax.grad(reference)(jnp.asarray(X2)), rtol=1e-4, atol=1e-6)
    batched = ms.vmap(lambda x: ops.dense(x, w, b))(Tensor(X2[None])).asnumpy()
    np.testing.assert_allclose(batched, (X2 @ W2.T + B2)[None], rtol=2e-5, atol=2e-5)


def record_compile_options(monkeypatch):
    """The compiler options of every `Lowered.compile` from now on, in a list."""
    compiled_with, real_compile = [], jax.stages.Lowered.compile

    def record(self, compiler_options=None, **kwargs):
        compiled_with.append(compiler_options)
        return real_compile(self, compiler_options, **kwargs)

    monkeypatch.setattr(jax.stages.Lowered, "compile", record)
    return compiled_with


def test_eager_jit_compiles_eager_calls_with_the_eager_options(monkeypatch, tmp_path):
    compiled_with = record_compile_options(monkeypatch)
    monkeypatch.setattr(compile_settings, "_eager_folder", [str(tmp_path)])  # nothing stored yet
    negative = eager_jit(jnp.negative)
    assert compiled_with == []  # nothing is made before it is needed
    np.testing.assert_array_equal(negative(jnp.arange(3.0)), -np.arange(3.0))
    backend = jax.default_backend()
    options = one_program_module.EAGER_COMPILER_OPTIONS.get(backend)
    quick = one_program_module.EAGER_QUICK_COMPILE.options(backend, options)
    if not PRIVATE_JAX:  # the plain jax.jit compiles by itself, with XLA's defaults
        assert compiled_with == []
        return
    assert compiled_with == [quick or options]  # a small program: the quick options if any
    compiled_with.clear()
    monkeypatch.setenv("MSJAX_EAGER_FAST_COMPILE", "0")
    negative = eager_jit(jnp.negative)
    np.testing.assert_array_equal(negative(jnp.arange(3.0)), -np.arange(3.0))
    assert compiled_with == [None]  # switched off: XLA's defaults only


def test_a_tensor_from_numpy_compiles_nothing_and_owns_a_copy():
    source = _array(23, 29, seed=9)
    kept = source.copy()
    tensors = []
    assert programs_compiled(lambda: tensors.append(Tensor(source)) or tensors[0]._data) == []
    source[0, 0] = 100.0  # the Tensor does not see later writes to the array it came from
    np.testing.assert_array_equal(tensors[0].asnumpy(), kept)
    assert Tensor(np.ones(3, np.float64)).dtype == ms.float64  # dtype as before: MindSpore's
    assert Tensor(np.ones(3, np.float64))._data.dtype == np.float64


def test_an_initializer_compiles_nothing_per_shape():
    from msjax.common.initializer import Normal, initializer
    initializer(Normal(), (3, 5), ms.float32).init_data()  # the RNG key programs, once
    assert programs_compiled(
        lambda: initializer(Normal(), (31, 37), ms.float32).init_data()._data) == []


def test_inside_a_trace_single_op_programs_add_no_nested_jit():
    """Elementwise ops, activations, layer norm, reshape and basic indexing are the jax functions
    themselves inside a trace: a compiled step's program has no nested jit per op (conv and
    dense keep theirs)."""
    x, g = Tensor(X4[:1, :2]), Tensor(_array(11, seed=12))

    def step(x, g):
        y = ops.relu(x + x * 2.0) - ops.square(x)  # (jax.nn.hard_swish is a jit of JAX's own)
        y = ops.layer_norm(y, (11,), g, g, 1e-5)
        return ops.mean(y.reshape(2, -1)[0], axis=0)

    jaxpr = jax.make_jaxpr(lambda a, b: step(Tensor(a), Tensor(b))._data)(x._data, g._data)
    nested = [str(e.primitive) for e in jaxpr.jaxpr.eqns if "jit" in str(e.primitive)]
    assert nested == [], nested
    np.testing.assert_allclose(ms.jit(step)(x, g).asnumpy(), step(x, g).asnumpy(), rtol=1e-5,
                               atol=1e-6)
