"""Quick first compiles of eager programs (msjax/_src/backend/quick_compile.py): a small program is
compiled first with the quick options, a large one optimised at once; a quick one is compiled
optimised after the runs its work allows, then runs through JAX's C++ dispatch; both give the
same values; quick and optimised programs have different keys but one entry (the optimised one
replaces the quick one there), and a later process loads whichever is stored, counting the quick
one's runs.

The estimate (`quick_slowdown`) reads the traced program and is tested in both modes; the quick
compiles themselves are EagerProgram's own compiles, one of JAX's private fast paths: without
them (`MSJAX_PRIVATE_JAX=0`) an EagerProgram is the plain `jax.jit`, which compiles with XLA's
defaults by itself (nothing through `Lowered.compile`), once, and counts no runs. Each test says
what it expects then (`QUICKLY`)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.backend import compile_settings
from msjax._src.backend import eager_cache, one_program
from msjax._src.backend.eager_cache import EagerProgram
from msjax._src.backend.quick_compile import TRANSCENDENTAL_WEIGHT, QuickCompile, quick_slowdown

from tests.ops.test_eager_programs import record_compile_options
from tests.support import PRIVATE_JAX

QUICKLY = PRIVATE_JAX  # whether EagerProgram compiles (quickly, then optimised) itself


def _stored(count: int) -> int:
    return count if QUICKLY else 0


def _compiled(options: list) -> list:
    """What `record_compile_options` records for compiles with `options`."""
    return options if QUICKLY else []

BACKEND = jax.default_backend()
OPTIMISED = {"xla_cpu_use_fusion_emitters": False} if BACKEND == "cpu" else {}
QUICK_OPTIONS = dict(OPTIMISED, xla_backend_optimization_level=0)
# runs_before_reoptimizing: a slowdown of 4096 -> 3 runs (12288 / 4096); of 1000 -> kept
QUICK = QuickCompile({BACKEND: QUICK_OPTIONS}, slowdown_limit=10_000,
                     reoptimize_slowdown=12_288, keep_quick_up_to=1_000)


def _array(*shape, seed=0):
    return jnp.asarray(np.random.default_rng(seed).standard_normal(shape), jnp.float32)


def _program(fn, quick=QUICK):
    return EagerProgram(fn, (), {BACKEND: OPTIMISED}, quick=quick)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_settings, "_eager_folder", [str(tmp_path)])
    return tmp_path / eager_cache.SUBFOLDER


@pytest.fixture
def in_memory(monkeypatch):
    monkeypatch.setattr(compile_settings, "_eager_folder", [None])


def _jaxpr(fn, *args):
    return jax.make_jaxpr(fn)(*args).jaxpr


def test_quick_slowdown_counts_elements_library_calls_windows_and_loop_trips():
    x = jnp.ones((2, 3, 8, 8))
    assert quick_slowdown(_jaxpr(lambda v: v + 1.0, x)) == 384  # its elements
    assert quick_slowdown(_jaxpr(jnp.sum, x)) == 384  # the larger of its input and output
    assert quick_slowdown(_jaxpr(jnp.tanh, x)) == TRANSCENDENTAL_WEIGHT * 384
    conv = _jaxpr(lambda x, w: jax.lax.conv_general_dilated(x, w, (1, 1), "SAME"), x,
                  jnp.ones((5, 3, 3, 3)))
    assert quick_slowdown(conv) == 2 * 2 * 5 * 8 * 8  # XLA's library: twice its largest operand
    assert quick_slowdown(_jaxpr(jnp.matmul, jnp.ones((4, 70)), jnp.ones((70, 9)))) == 2 * 630
    pool = _jaxpr(lambda x: jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2),
                                                  (1, 1, 1, 1), "VALID"), x)
    assert quick_slowdown(pool) == 2 * 3 * 7 * 7 * 4  # each output reads its 4 window elements
    nested = _jaxpr(jax.jit(jax.nn.relu), x)  # inside a nested jit: counted the same
    assert quick_slowdown(nested) == quick_slowdown(_jaxpr(lambda v: jnp.maximum(v, 0.0), x))
    scan = _jaxpr(lambda x: jax.lax.scan(lambda c, r: (c + r, None), jnp.zeros(8), x)[0],
                  jnp.ones((10, 8)))
    assert quick_slowdown(scan) == 8 + 10 * 8  # the zeros, then the body (8 elements) 10 times
    loop = _jaxpr(lambda n: jax.lax.while_loop(lambda i: i < n, lambda i: i + 1, 0), 3)
    assert quick_slowdown(loop) == float("inf")  # unbounded: never compiled quick


def _conv(x, w, groups=1):
    return jax.lax.conv_general_dilated(x, w, (1, 1), ((1, 1), (1, 1)),
                                        feature_group_count=groups)


def test_a_convolution_xla_computes_with_its_own_loop_is_never_quick():
    small_input = _jaxpr(_conv, jnp.ones((2, 8, 2, 2)), jnp.ones((8, 8, 3, 3)))
    assert quick_slowdown(small_input) == float("inf")  # a 3x3 kernel on a 2x2 input
    fits = _jaxpr(_conv, jnp.ones((2, 8, 3, 3)), jnp.ones((8, 8, 3, 3)))
    assert quick_slowdown(fits) == 2 * 8 * 8 * 3 * 3  # twice its largest operand, the kernel
    depthwise = _jaxpr(lambda x, w: _conv(x, w, 8), jnp.ones((2, 8, 2, 2)),
                       jnp.ones((8, 1, 3, 3)))
    assert quick_slowdown(depthwise) == 2 * 8 * 3 * 3  # XLA's library takes it at any size


def test_runs_before_reoptimizing_is_the_slowdown_budget_over_the_slowdown_a_run():
    assert QUICK.runs_before_reoptimizing(4096) == 3
    assert QUICK.runs_before_reoptimizing(5000) == 3  # rounded up
    assert QUICK.runs_before_reoptimizing(1001) == 13
    assert QUICK.runs_before_reoptimizing(10_000) == 2
    assert QUICK.runs_before_reoptimizing(1000) is None  # losing that little: kept
    assert QUICK.runs_before_reoptimizing(0) is None
    assert QUICK.options(BACKEND, OPTIMISED) == QUICK_OPTIONS
    assert QUICK.options("another backend", OPTIMISED) is None
    assert QuickCompile({BACKEND: OPTIMISED}, 1, 1, 1).options(BACKEND, OPTIMISED) is None


def test_a_small_program_runs_quick_then_optimised_with_the_same_values(in_memory,
                                                                        monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    program = _program(jax.nn.hard_swish)
    x = _array(32, 32) * 4
    runs = QUICK.runs_before_reoptimizing(quick_slowdown(_jaxpr(jax.nn.hard_swish, x)))
    assert runs == 3  # five elementwise ops on 1024 elements: 12288 / 5120, rounded up
    quick = [program(x) for _ in range(runs)]
    assert compiled_with == _compiled([QUICK_OPTIONS])
    optimised = program(x)  # the next run: compiled optimised
    assert compiled_with == _compiled([QUICK_OPTIONS, OPTIMISED or None])
    expected = np.asarray(x) * np.clip(np.asarray(x) + 3, 0, 6) / 6
    for got in quick:
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(got, optimised, rtol=1e-6, atol=1e-7)
    misses = []
    run = program._run
    monkeypatch.setattr(program, "_run", lambda *a: misses.append(a) or run(*a))
    np.testing.assert_array_equal(program(x), optimised)  # a new C++ dispatch: one miss...
    np.testing.assert_array_equal(program(x), optimised)
    # ...then JAX's C++ dispatch runs it (without ours: JAX's jit, never a miss of ours)
    assert (len(misses), len(compiled_with)) == ((1, 2) if QUICKLY else (0, 0))


def test_quick_runs_take_the_counting_miss_handler(in_memory, monkeypatch):
    program = _program(jnp.negative)
    x = _array(64, 64)
    program(x)
    misses = []
    run = program._run
    monkeypatch.setattr(program, "_run", lambda *a: misses.append(a) or run(*a))
    program(x), program(x)
    # counted, not handed to C++ yet (without the quick compile: nothing to count)
    assert len(misses) == (2 if QUICKLY else 0) and bool(program.quick_runs) is QUICKLY
    program(x)  # the fourth: optimised, handed to a new C++ dispatch at its first miss
    assert not program.quick_runs
    program(x), program(x)
    assert len(misses) == (4 if QUICKLY else 0)


def test_a_program_losing_little_is_kept_quick_and_run_by_jax_s_cpp_dispatch(in_memory,
                                                                              monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    program = _program(jnp.negative)
    x = _array(16, 16)  # a slowdown of 256 a run <= 1000
    quick = program(x)
    assert compiled_with == _compiled([QUICK_OPTIONS]) and not program.quick_runs
    misses = []
    run = program._run
    monkeypatch.setattr(program, "_run", lambda *a: misses.append(a) or run(*a))
    for _ in range(20):
        np.testing.assert_array_equal(program(x), quick)
    assert misses == [] and compiled_with == _compiled([QUICK_OPTIONS])  # never recompiled
    np.testing.assert_array_equal(quick, -np.asarray(x))


def test_a_large_program_is_compiled_optimised_at_once(in_memory, monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    program = _program(jnp.matmul)
    a, b = _array(400, 30), _array(30, 20, seed=1)  # twice 12,000 elements > 10,000
    np.testing.assert_allclose(program(a, b), np.asarray(a) @ np.asarray(b), rtol=1e-5,
                               atol=1e-5)
    assert compiled_with == _compiled([OPTIMISED or None]) and not program.quick_runs
    small = _program(jnp.matmul)
    small(a[:20], b)  # twice 600: quick
    assert compiled_with[-1:] == _compiled([QUICK_OPTIONS]) and bool(small.quick_runs) is QUICKLY


def test_without_quick_options_for_the_backend_every_program_is_optimised(in_memory,
                                                                          monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    elsewhere = QuickCompile({"another backend": QUICK_OPTIONS}, 10_000, 12_288, 1_000)
    program = _program(jnp.negative, quick=elsewhere)
    np.testing.assert_array_equal(program(_array(4)), -np.asarray(_array(4)))
    assert compiled_with == _compiled([OPTIMISED or None]) and not program.quick_runs


def test_quick_and_optimised_programs_share_one_entry_the_optimised_one_replacing_it(
        folder, monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    x = _array(32, 32)  # tanh: a slowdown of 4 x 1024 a run, 3 quick runs
    first = _program(jnp.tanh)
    quick = first(x)
    if not QUICKLY:  # nothing stored, nothing compiled through Lowered.compile
        np.testing.assert_array_equal(_program(jnp.tanh)(x), quick)
        assert not folder.exists() and compiled_with == []
        return
    [entry] = folder.iterdir()  # the quick program
    quick_key = eager_cache.compile_cache.unseal(entry.read_bytes(), eager_cache._MAGIC)[0]["key"]
    later = _program(jnp.tanh)  # as in another process: loads the quick one...
    np.testing.assert_array_equal(later(x), quick)
    assert compiled_with == [QUICK_OPTIONS] and later.quick_runs  # ...and counts its runs
    later(x), later(x)  # with its slowdown stored beside it: 3 runs, then optimised
    optimised = later(x)
    assert compiled_with == [QUICK_OPTIONS, OPTIMISED or None]
    np.testing.assert_allclose(optimised, quick, rtol=1e-6, atol=1e-7)
    assert list(folder.iterdir()) == [entry]  # the optimised one, in the quick one's place
    optimised_key = eager_cache.compile_cache.unseal(entry.read_bytes(),
                                                     eager_cache._MAGIC)[0]["key"]
    assert optimised_key != quick_key
    assert optimised_key.split("\n")[0] == quick_key.split("\n")[0]  # the options differ
    last = _program(jnp.tanh)
    np.testing.assert_array_equal(last(x), optimised)
    assert len(compiled_with) == 2 and not last.quick_runs  # loaded, optimised, no counting


def test_without_the_quick_compile_a_stored_quick_program_is_replaced_by_an_optimised_one(
        folder, monkeypatch):
    compiled_with = record_compile_options(monkeypatch)
    x = _array(32, 32)
    quick = _program(jnp.tanh)(x)  # stored quick
    optimised_only = _program(jnp.tanh, quick=None)  # MSJAX_EAGER_QUICK_COMPILE=0
    np.testing.assert_allclose(optimised_only(x), quick, rtol=1e-6, atol=1e-7)
    # the quick one is not taken
    assert compiled_with == _compiled([QUICK_OPTIONS, OPTIMISED or None])
    later = _program(jnp.tanh)  # the quick compile on again: loads the optimised one
    later(x)
    assert len(compiled_with) == _stored(2) and not later.quick_runs
    assert len(list(folder.iterdir()) if folder.exists() else []) == _stored(1)


def test_eager_jit_uses_the_quick_compile_unless_switched_off(monkeypatch):
    program = one_program.eager_jit(jnp.negative)
    assert program.quick is one_program.EAGER_QUICK_COMPILE
    monkeypatch.setenv("MSJAX_EAGER_QUICK_COMPILE", "0")
    program = one_program.eager_jit(jnp.negative)
    assert program.quick is None
    assert program.options_by_backend == one_program.EAGER_COMPILER_OPTIONS


def _normalize(x, mean, var, gamma, beta):
    shape = (1, -1, 1, 1)
    return ((x - mean.reshape(shape)) * jax.lax.rsqrt(var.reshape(shape) + 1e-5)
            * gamma.reshape(shape) + beta.reshape(shape))


# (name, function, inputs): ops of the benchmark's models, at small shapes
AGREEMENT_CASES = [
    ("conv", lambda x, w: jax.lax.conv_general_dilated(x, w, (2, 2), ((1, 1), (1, 1))),
     [_array(2, 3, 9, 9), _array(4, 3, 3, 3, seed=1)]),
    ("depthwise conv", lambda x, w: _conv(x, w, 6), [_array(2, 6, 5, 5), _array(6, 1, 3, 3)]),
    ("batch norm", _normalize, [_array(2, 6, 4, 4), _array(6, seed=1),
                                jnp.abs(_array(6, seed=2)) + 0.5, _array(6, seed=3),
                                _array(6, seed=4)]),
    ("dense", lambda x, w, b: x @ w.T + b, [_array(5, 7), _array(3, 7, seed=1), _array(3)]),
    ("softmax", lambda x: jax.nn.softmax(x, axis=-1), [_array(4, 9) * 3]),
    ("gelu", lambda x: jax.nn.gelu(x, approximate=False), [_array(4, 9) * 3]),
    ("hard swish", jax.nn.hard_swish, [_array(4, 9) * 4]),
    ("mean", lambda x: jnp.mean(x, axis=(2, 3)), [_array(2, 6, 4, 4)]),
    ("layer norm", lambda x: (x - x.mean(-1, keepdims=True))
     * jax.lax.rsqrt(x.var(-1, keepdims=True) + 1e-6), [_array(4, 16)]),
]


@pytest.mark.parametrize("name,fn,inputs", AGREEMENT_CASES, ids=[c[0] for c in AGREEMENT_CASES])
def test_quick_and_optimised_programs_agree(in_memory, monkeypatch, name, fn, inputs):
    compiled_with = record_compile_options(monkeypatch)
    once = QuickCompile({BACKEND: QUICK_OPTIONS}, 1e9, 1, 0)  # optimised at the second run
    program = _program(fn, quick=once)
    quick, optimised = program(*inputs), program(*inputs)
    assert compiled_with == _compiled([QUICK_OPTIONS, OPTIMISED or None]), name
    np.testing.assert_allclose(quick, optimised, rtol=2e-6, atol=1e-6)


def test_an_op_calling_its_program_s_dispatch_takes_the_new_one_once_reoptimised(
        in_memory, monkeypatch):
    # An op registered with `program=` (ops.matmul) calls its program's C++ dispatch itself.
    # The dispatch that ran the quick runs sends their signature to Python for good; once the
    # program is optimised, the op's next call takes the new dispatch: one miss, then none.
    from msjax import Tensor
    from msjax._src.ops.registry import one_program_functional

    program = _program(jax.nn.hard_swish)

    def hard_swish(input):
        return program(input)
    call = one_program_functional(hard_swish, program)
    x = Tensor(np.asarray(_array(32, 32) * 4))
    for _ in range(4):  # three quick runs, then the optimised program (as above)
        call(x)
    assert not program.quick_runs
    misses = []
    run = program._run
    monkeypatch.setattr(program, "_run", lambda *a: misses.append(a) or run(*a))
    results = [call(x) for _ in range(3)]
    assert len(misses) == (1 if QUICKLY else 0)  # (without ours: JAX's jit, never a miss)
    expected = np.asarray(x) * np.clip(np.asarray(x) + 3, 0, 6) / 6
    for got in results:
        np.testing.assert_allclose(got.asnumpy(), expected, rtol=1e-6, atol=1e-6)
