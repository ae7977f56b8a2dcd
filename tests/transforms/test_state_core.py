"""The state core (`msjax/_src/core/state.py`, the rule, and `lifting.py`, the steps every
transform takes around it): Parameters under every transform, per thread. The layer's structure
and its steps one by one are tested in test_lifting_layer.py.

MindSpore's behaviours (a Cell built inside `jit`, `vmap` over a Parameter argument, `assign`
inside `jacrev`/`jacfwd`) are compared with the oracle's goldens (tests/goldens/scripts/
state_probe.py); msjax's own guarantees (threads, raw JAX transforms, bounded re-tracing, eager
fallback per call signature) with the same computation run another way.
"""
from __future__ import annotations

import threading
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/state_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("state_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_state_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


# -- two threads training two models ------------------------------------------------------------
class _Synced(nn.Cell):
    """Dense + ReLU whose construct meets the other thread's at a barrier (when given one), so
    the two threads' traces and steps interleave."""

    def __init__(self, seed, barrier=None):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.fc = nn.Dense(4, 3, weight_init=Tensor(rng.standard_normal((3, 4)).astype(np.float32)),
                           bias_init="zeros")
        self.barrier = barrier

    def construct(self, x):
        if self.barrier is not None:
            self.barrier.wait(timeout=60)
        return ops.relu(self.fc(x))


def _train(seed, barrier, compiled, steps=3):
    net = _Synced(seed, barrier)
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    rng = np.random.default_rng(seed + 100)
    x = Tensor(rng.standard_normal((5, 4)).astype(np.float32))
    y = Tensor(rng.standard_normal((5, 3)).astype(np.float32))

    def loss_fn(x, y):
        return ((net(x) - y) ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, optimizer.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    step = ms.jit(step) if compiled else step
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    return losses, [p.asnumpy() for p in net.trainable_params()]


@pytest.mark.parametrize("compiled", [False, True], ids=["pynative", "jit"])
def test_two_threads_training_two_models_equal_the_sequential_run(compiled):
    expected = [_train(seed, None, compiled) for seed in (1, 2)]
    barrier = threading.Barrier(2)
    results, errors = [None, None], []

    def run(index, seed):
        try:
            results[index] = _train(seed, barrier, compiled)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i, seed)) for i, seed in enumerate((1, 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not errors, errors
    for (losses, params), (want_losses, want_params) in zip(results, expected):
        np.testing.assert_allclose(losses, want_losses, rtol=1e-6)
        for got, want in zip(params, want_params):
            np.testing.assert_allclose(got, want, rtol=1e-6)


# -- raw JAX transforms ---------------------------------------------------------------------------
def test_writing_a_parameter_under_raw_jax_jit_is_a_clear_error():
    p = Parameter(Tensor(np.zeros(2, np.float32)), name="raw_written")

    def store(x):
        ops.assign(p, Tensor(x))
        return x

    with pytest.raises(RuntimeError, match=r"Parameter 'raw_written' was written inside a JAX "
                                           r"transform that msjax does not manage"):
        jax.jit(store)(jnp.ones(2))
    np.testing.assert_array_equal(p.asnumpy(), [0.0, 0.0])  # unchanged, and no tracer inside
    assert not isinstance(p._value, jax.core.Tracer)


def test_reading_a_parameter_under_raw_jax_transforms_works():
    p = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="raw_read")
    grads = jax.grad(lambda x: (Tensor(x) * p).sum()._data)(jnp.ones(2))
    np.testing.assert_array_equal(np.asarray(grads), [2.0, 3.0])


# -- re-tracing is bounded --------------------------------------------------------------------------
def test_a_trace_that_never_settles_fails_naming_the_function():
    pool = [Parameter(Tensor(np.float32(i)), name=f"pool_{i}") for i in range(40)]
    calls = []

    @ms.jit
    def always_a_new_parameter(x):
        calls.append(None)
        return x + pool[len(calls)]  # every trace reads a Parameter no trace has read before

    with pytest.raises(RuntimeError, match=r"compiling 'always_a_new_parameter' did not settle "
                                           r"after 16 traces.*pool_"):
        always_a_new_parameter(Tensor(np.float32(1.0)))
    assert len(calls) == 16



def test_a_step_capturing_its_net_and_optimizer_is_traced_once_and_trains():
    """The Parameters of Cells a jitted function captures (closure, grad's function) are program
    inputs before the first trace, so it is traced once, not once more to take them in."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.SGD(net.trainable_params(), 0.1)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    traces = []

    @ms.jit
    def step(x, y):
        traces.append(None)
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    y = np.linspace(0, 1, 8, dtype=np.float32).reshape(4, 2)
    losses = [float(step(Tensor(x), Tensor(y)).asnumpy()) for _ in range(2)]
    assert len(traces) == 1
    w, b = np.ones((2, 3), np.float32), np.zeros(2, np.float32)
    for got in losses:  # the same SGD steps in NumPy
        err = x @ w.T + b - y
        np.testing.assert_allclose(got, (err ** 2).mean(), rtol=1e-5)
        w, b = w - 0.1 * (2 * err.T @ x / err.size), b - 0.1 * (2 * err.sum(0) / err.size)
    np.testing.assert_allclose(net.weight.asnumpy(), w, rtol=1e-5)
    np.testing.assert_allclose(net.bias.asnumpy(), b, rtol=1e-5, atol=1e-7)

# -- eager fallback is per call signature and never silent --------------------------------------
_NO_SOURCE = """
def branchy(x, use_tensor_condition):
    trace_log.append(None)
    if use_tensor_condition and x.sum() > 0:
        return x * 2
    return x - 1
"""


def test_one_failed_signature_does_not_make_the_function_eager():
    namespace = {"trace_log": []}
    exec(compile(_NO_SOURCE, "<no source>", "exec"), namespace)  # noqa: S102 - no source: unconverted
    log, branchy = namespace["trace_log"], ms.jit(namespace["branchy"])
    x = Tensor(np.ones(3, np.float32))
    with pytest.warns(GraphFallbackWarning, match=r"'branchy' could not be compiled and runs "
                                                  r"eagerly .* for this call signature"):
        np.testing.assert_array_equal(branchy(x, True).asnumpy(), [2.0, 2.0, 2.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same signature: eager again, no second warning
        np.testing.assert_array_equal(branchy(x, True).asnumpy(), [2.0, 2.0, 2.0])
        del log[:]
        for _ in range(3):  # another signature is compiled: traced once, then run compiled
            np.testing.assert_array_equal(branchy(x, False).asnumpy(), [0.0, 0.0, 0.0])
    assert len(log) == 1
    with pytest.warns(GraphFallbackWarning):  # a new failing signature warns again
        branchy(Tensor(np.ones(4, np.float32)), True)


# -- Parameters created inside a compiled function -----------------------------------------------------
# A Cell built inside jit whose Parameter the program writes keeps it between calls, as MindSpore
# does (golden 'parameter built and written in jit'); one whose initial value is computed inside
# the function (a random draw, a Tensor) msjax cannot keep, and refuses with a clear error.
class _Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(np.zeros(1, np.float32), name="count")

    def construct(self, x):
        ops.assign_add(self.count, Tensor(np.ones(1, np.float32)))
        return x * self.count


class _RandomCounter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(ops.standard_normal((1,)), name="random_count")

    def construct(self, x):
        ops.assign_add(self.count, Tensor(np.ones(1, np.float32)))
        return x * self.count


def test_writing_a_randomly_initialised_parameter_created_inside_jit_is_a_clear_error():
    @ms.jit
    def build_and_count(x):
        return _RandomCounter()(x)

    with pytest.raises(RuntimeError, match=r"Parameter 'random_count' is created and then "
                                           r"written inside a transformed function"):
        build_and_count(Tensor(np.ones(2, np.float32)))


def test_a_parameter_created_and_written_inside_jit_lasts_per_signature():
    @ms.jit
    def build_and_count(x):
        return _Counter()(x)

    x = Tensor(np.ones(2, np.float32))
    assert [build_and_count(x).asnumpy().tolist() for _ in range(3)] == [[1, 1], [2, 2], [3, 3]]
    y = Tensor(np.ones(3, np.float32))  # another signature: another program, its own Parameter
    assert build_and_count(y).asnumpy().tolist() == [1, 1, 1]
    assert build_and_count(x).asnumpy().tolist() == [4, 4]
