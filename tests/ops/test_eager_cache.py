"""msjax's cache of eager programs (msjax/_src/backend/eager_cache.py): a program stored by one
`EagerProgram` is loaded by another with the same key without tracing, lowering or compiling,
gives the same values and the same kind of arrays, and a missing, corrupted, foreign or
mismatched entry is passed over quietly: the program is compiled and the entry rewritten.
(The two-process test is tests/test_eager_compile_cache.py.)

The cache is one of JAX's private fast paths: without them (`MSJAX_PRIVATE_JAX=0`) an
`EagerProgram` is `jax.jit` of its implementation, computing the same values; nothing is stored
or loaded, and a program is compiled once per process (JAX's own cache). Each test says what it
expects then (`STORED`)."""
import os
import shutil

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.backend import compile_settings
from msjax._src.backend import eager_cache
from msjax._src.backend.eager_cache import EagerProgram
from msjax._src.backend import compile_cache

from tests.ops.test_eager_programs import programs_compiled
from tests.support import PRIVATE_JAX

STORED = PRIVATE_JAX  # whether programs are stored in (and loaded from) the folder


def _stored(count: int) -> int:
    """How many entries `count` programs make in the folder."""
    return count if STORED else 0


def _scaled_tanh(x, w, scale):
    return jnp.tanh(x @ w) * scale, x.sum()


def _program():
    return EagerProgram(_scaled_tanh, "scale", {"cpu": {"xla_cpu_use_fusion_emitters": False}})


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_settings, "_eager_folder", [str(tmp_path)])
    return tmp_path / eager_cache.SUBFOLDER


X = jnp.asarray(np.random.default_rng(0).standard_normal((3, 4)), jnp.float32)
W = jnp.asarray(np.random.default_rng(1).standard_normal((4, 5)), jnp.float32)
EXPECTED = (np.tanh(np.asarray(X) @ np.asarray(W)) * 2.0, np.asarray(X).sum())


def _check(outputs):
    np.testing.assert_allclose(outputs[0], EXPECTED[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(outputs[1], EXPECTED[1], rtol=1e-5)


def _entries(folder):
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_stored_program_is_loaded_without_compiling(folder):
    first = _program()
    assert programs_compiled(lambda: first(X, W, scale=2.0)) == ["jit(_scaled_tanh)"]
    assert len(_entries(folder)) == _stored(1)
    fresh = first(X, W, scale=2.0)
    second = _program()  # another op object, as in another process: nothing in memory
    # loaded from the folder; without the cache, JAX's jit of the same function reuses its own
    assert programs_compiled(lambda: second(X, W, scale=2.0)) == []
    loaded = second(X, W, scale=2.0)
    _check(loaded)
    for a, b in zip(fresh, loaded):
        np.testing.assert_array_equal(a, b)
        assert (type(a), a.dtype, a.weak_type, a._committed, a.sharding) == (
            type(b), b.dtype, b.weak_type, b._committed, b.sharding)
    committed = jax.device_put(X, jax.devices()[0])  # another key: compiled and stored too
    assert programs_compiled(lambda: second(committed, W, scale=2.0)) == ["jit(_scaled_tanh)"]
    assert second(committed, W, scale=2.0)[0]._committed
    assert len(_entries(folder)) == _stored(2)


def test_static_arguments_shapes_and_dtypes_key_the_program(folder):
    program = _program()
    program(X, W, scale=2.0)
    rows, x16, w16 = X[:2], X.astype(jnp.bfloat16), W.astype(jnp.bfloat16)
    assert programs_compiled(lambda: program(X, W, scale=3.0)) == ["jit(_scaled_tanh)"]
    assert programs_compiled(lambda: program(rows, W, scale=2.0)) == ["jit(_scaled_tanh)"]
    assert programs_compiled(lambda: program(x16, w16, scale=2.0)) == ["jit(_scaled_tanh)"]
    np.testing.assert_allclose(program(X, W, scale=3.0)[0], EXPECTED[0] * 1.5, rtol=1e-5,
                               atol=1e-6)
    assert len(_entries(folder)) == _stored(4)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped byte", "empty"])
def test_a_damaged_entry_is_recompiled_quietly_and_rewritten(folder, damage):
    _program()(X, W, scale=2.0)
    if not STORED:  # no entry is written, so none can be damaged: each value is computed
        assert _entries(folder) == []
        _check(_program()(X, W, scale=2.0))
        return
    [entry] = _entries(folder)
    blob = entry.read_bytes()
    entry.write_bytes({"garbage": b"\x80\x04K\x01." * 50, "truncated": blob[:len(blob) // 2],
                       "flipped byte": blob[:-10] + bytes([blob[-10] ^ 1]) + blob[-9:],
                       "empty": b""}[damage])
    program = _program()
    assert programs_compiled(lambda: program(X, W, scale=2.0)) == ["jit(_scaled_tanh)"]
    _check(program(X, W, scale=2.0))
    assert compile_cache.unseal(entry.read_bytes(), eager_cache._MAGIC)[0]["key"]  # rewritten
    assert programs_compiled(lambda: _program()(X, W, scale=2.0)) == []


def test_an_entry_for_another_key_is_never_used(folder):
    _program()(X, W, scale=2.0)
    if not STORED:  # no entry is written, so none can be misplaced: each value is computed
        assert _entries(folder) == []
        np.testing.assert_allclose(_program()(X, W, scale=5.0)[0], EXPECTED[0] * 2.5,
                                   rtol=1e-5, atol=1e-6)
        return
    [entry] = _entries(folder)
    _program()(X, W, scale=5.0)
    [other] = [e for e in _entries(folder) if e != entry]
    shutil.copyfile(entry, other)  # a validly signed entry under the wrong name
    program = _program()
    assert programs_compiled(lambda: program(X, W, scale=5.0)) == ["jit(_scaled_tanh)"]
    np.testing.assert_allclose(program(X, W, scale=5.0)[0], EXPECTED[0] * 2.5, rtol=1e-5,
                               atol=1e-6)


def test_off_without_a_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(compile_settings, "_eager_folder", [None])
    assert eager_cache.program_dir() is None
    program = _program()
    _check(program(X, W, scale=2.0))
    assert programs_compiled(lambda: program(X, W, scale=2.0)) == []  # kept in memory


def test_inputs_it_does_not_key_take_jax_s_way(folder):
    program = _program()
    _check(program(np.asarray(X), np.asarray(W), scale=2.0))  # NumPy inputs: plain jit
    assert _entries(folder) == []
    _check(jax.jit(lambda x, w: program(x, w, scale=2.0))(X, W))  # inside a trace: inlined
    assert _entries(folder) == []


def test_the_key_describes_the_implementation_and_the_process(folder):
    program = _program()
    parts = (jax.tree_util.tree_structure(((X, W), {})), (("scale", 2.0),),
             [(X.shape, X.dtype, False, False, X.sharding)] * 2)
    key = program._full_key(*parts, program._options())
    for part in ("_scaled_tanh", "('scale', 2.0)", "float32", jax.__version__,
                 "xla_cpu_use_fusion_emitters" if jax.default_backend() == "cpu" else ""):
        assert part in key
    assert eager_cache.process_identity()[1] in key  # msjax's source digest
    quick = program._full_key(*parts, {"xla_backend_optimization_level": 0})
    assert quick != key and "'xla_backend_optimization_level': 0" in quick  # options key it
    unhashable_repr = _program()._full_key(jax.tree_util.tree_structure(((X,), {})),
                                           (("scale", object()),),
                                           [(X.shape, X.dtype, False, False, X.sharding)], None)
    assert unhashable_repr is None  # a static value repr does not fully describe: memory only
    assert os.path.basename(str(folder)) == "msjax_programs"


def test_one_entry_name_per_program_whatever_its_compile_options(folder):
    program = _program()
    parts = (jax.tree_util.tree_structure(((X, W), {})), (("scale", 2.0),),
             [(a.shape, a.dtype, False, False, a.sharding) for a in (X, W)])
    program_key = program._program_key(*parts)
    optimised = program._full_key(*parts, program._options())
    quick = program._full_key(*parts, {"xla_backend_optimization_level": 0})
    assert optimised.split("\n") == [program_key, repr(program._options())]
    assert quick.split("\n") == [program_key, "{'xla_backend_optimization_level': 0}"]
    program(X, W, scale=2.0)
    assert _entries(folder) == ([folder / eager_cache.entry_name(program_key)] if STORED else [])
    other = program._program_key(parts[0], (("scale", 3.0),), parts[2])
    assert eager_cache.entry_name(other) != eager_cache.entry_name(program_key)


def test_calls_with_arrays_by_position_take_jax_s_cpp_dispatch(folder, monkeypatch):
    program = EagerProgram(jnp.add, inline_in_traces=True)
    np.testing.assert_array_equal(program(X, X), np.asarray(X) * 2)
    if not STORED:  # no C++ dispatch of ours: every call is JAX's (jnp.add's own jit)
        assert program.positional_dispatch() is None
    misses = []
    run = program._run
    monkeypatch.setattr(program, "_run", lambda *a: misses.append(a) or run(*a))
    np.testing.assert_array_equal(program(X, X), np.asarray(X) * 2)
    assert misses == []  # the same signature: JAX's C++ dispatch ran it, no Python of ours
    rows = X[:2]
    np.testing.assert_array_equal(program(rows, rows), np.asarray(X)[:2] * 2)
    assert len(misses) == _stored(1)  # a new signature: one miss, which compiles and stores it
    np.testing.assert_array_equal(program(rows, rows), np.asarray(X)[:2] * 2)
    assert len(misses) == _stored(1)


def test_python_scalars_are_weakly_typed_inputs_as_in_jax(folder):
    program = EagerProgram(jnp.multiply, inline_in_traces=True)
    half = X.astype(jnp.bfloat16)
    for args in [(X, 2.0), (half, 3), (X, True), (jnp.arange(3), 2)]:
        got, expected = program(*args), jnp.multiply(*args)
        np.testing.assert_array_equal(got, expected)
        assert (got.dtype, got.weak_type, got._committed) == (
            expected.dtype, expected.weak_type, expected._committed)
    # from disk; without the cache, JAX's jit of jnp.multiply compiled it in the loop above
    assert programs_compiled(lambda: EagerProgram(jnp.multiply)(half, 3)) == []
    np.testing.assert_array_equal(EagerProgram(jnp.multiply)(half, 5), half * 5)  # not the 3


def test_jax_debugging_switches_are_respected(folder):
    program = EagerProgram(jnp.sqrt, inline_in_traces=True)
    positive, negative = jnp.abs(X), -jnp.abs(X) - 1
    program(positive)
    row = positive[:1]
    with jax.disable_jit():  # the op's Python, op by op, as jax.jit does: no program made
        np.testing.assert_allclose(program(row), np.sqrt(np.asarray(row)), rtol=1e-6)
    assert len(program.programs) == len(_entries(folder)) == _stored(1)
    with jax.debug_nans(True):  # jax.jit's NaN check runs, even for a program in memory
        with pytest.raises(FloatingPointError):
            program(negative)


def _store_shapes(program, rows):
    for n in rows:
        program(jnp.ones((n, 4), jnp.float32), W, scale=2.0)


def test_the_folder_keeps_within_its_size_removing_the_least_recently_used(folder, monkeypatch):
    monkeypatch.setattr(eager_cache, "_folder_bytes", {})
    _store_shapes(_program(), [1, 2])
    if not STORED:  # nothing is stored: the folder stays empty whatever its limit
        monkeypatch.setenv(eager_cache.MAX_MB_SWITCH, "0")
        _store_shapes(_program(), [3])
        assert _entries(folder) == []
        return
    size = max(p.stat().st_size for p in _entries(folder))
    for entry in _entries(folder):
        os.utime(entry, (1, 1))  # both stored long ago
    assert programs_compiled(lambda: _store_shapes(_program(), [1])) == []  # loaded: used now
    (first,) = [p for p in _entries(folder) if p.stat().st_mtime > 1]
    (second,) = [p for p in _entries(folder) if p != first]
    monkeypatch.setenv(eager_cache.MAX_MB_SWITCH, str(2.5 * size / (1 << 20)))
    _store_shapes(_program(), [3])  # a third entry: the least recently used one goes
    kept = _entries(folder)
    assert len(kept) == 2 and first in kept and second not in kept
    assert sum(p.stat().st_size for p in kept) <= 2.5 * size
    monkeypatch.setenv(eager_cache.MAX_MB_SWITCH, "0")  # keeps nothing
    _store_shapes(_program(), [4])
    assert _entries(folder) == []


@pytest.mark.parametrize("value", ["-1", "lots", "nan"])
def test_a_bad_size_limit_is_refused_with_the_fix(folder, monkeypatch, value):
    monkeypatch.setenv(eager_cache.MAX_MB_SWITCH, value)
    with pytest.raises(ValueError, match=f"MSJAX_EAGER_CACHE_MAX_MB must be a number of "
                                         f"megabytes >= 0, but got '{value}'"):
        eager_cache.max_bytes()
