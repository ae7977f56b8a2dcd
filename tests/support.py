"""Shared test helpers: tolerances by dtype, and checks of an op eagerly, under jit and vmap."""
from __future__ import annotations

import math

import jax
import numpy as np

from msjax import Tensor
from msjax._src.backend import jax_private

# Whether this run uses JAX's private fast paths (`MSJAX_PRIVATE_JAX`, backend/jax_private.py).
# Without them results are the same and only speed changes: a test of a fast path's effect (an
# executable reused, a count of compiles) says what it expects in each mode.
PRIVATE_JAX = jax_private.ENABLED

# Tolerances live here, keyed by NumPy dtype name (rtol, atol).
TOLERANCE = {
    "float16": (1e-2, 1e-2),
    "bfloat16": (2e-2, 2e-2),
    "float32": (1e-5, 1e-6),
    "float64": (1e-12, 1e-12),
    "complex64": (1e-5, 1e-6),
    "complex128": (1e-12, 1e-12),
}


def tolerance(dtype) -> tuple[float, float]:
    return TOLERANCE.get(np.dtype(dtype).name, (0.0, 0.0))


def to_numpy(x):
    """Tensors (in any tuple/list nesting) as NumPy arrays."""
    if isinstance(x, Tensor):
        return x.asnumpy()
    if isinstance(x, (tuple, list)):
        return type(x)(to_numpy(e) for e in x)
    return x


def assert_structure_close(actual, expected, rel=1e-6, abs=1e-12, path="value"):
    """Nested dicts/lists/tuples of numbers: the same keys and lengths exactly, each number within
    `rel`/`abs` (compared one by one: `pytest.approx` refuses nested containers since pytest 9)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected a dict, got {actual!r}"
        assert list(actual) == list(expected), f"{path}: keys {list(actual)} != {list(expected)}"
        for key in expected:
            assert_structure_close(actual[key], expected[key], rel, abs, f"{path}[{key!r}]")
    elif isinstance(expected, (list, tuple)):
        assert isinstance(actual, (list, tuple)), f"{path}: expected a sequence, got {actual!r}"
        assert len(actual) == len(expected), f"{path}: length {len(actual)} != {len(expected)}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_structure_close(a, e, rel, abs, f"{path}[{i}]")
    elif isinstance(expected, (int, float)) and not isinstance(expected, bool):
        assert isinstance(actual, (int, float)) and not isinstance(actual, bool), \
            f"{path}: expected a number, got {actual!r}"
        assert math.isclose(actual, expected, rel_tol=rel, abs_tol=abs), \
            f"{path}: {actual!r} != {expected!r}"
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


def assert_close(actual, expected, dtype=None, rtol=None, atol=None, check_dtype=True):
    """Compare a Tensor (or nesting of them) with a NumPy value, with the dtype's tolerance."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)), f"expected a sequence, got {type(actual)}"
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_close(a, e, dtype, rtol, atol, check_dtype)
        return
    actual_np = to_numpy(actual)
    expected_np = np.asarray(expected)
    if check_dtype:
        assert np.asarray(actual_np).dtype == expected_np.dtype, \
            f"dtype {np.asarray(actual_np).dtype} != expected {expected_np.dtype}"
    r, a = tolerance(dtype or expected_np.dtype)
    np.testing.assert_allclose(np.asarray(actual_np, dtype=expected_np.dtype)
                               if expected_np.dtype.kind != "V" else actual_np,
                               expected_np, rtol=rtol if rtol is not None else r,
                               atol=atol if atol is not None else a)


def check_eager_jit_vmap(fn, args, expected, **close_kwargs):
    """`fn(*args)` (Tensor args) equals `expected` eagerly, under jax.jit, and under jax.vmap
    over a batch of two copies of every Tensor argument."""
    assert_close(fn(*args), expected, **close_kwargs)
    tensor_pos = [i for i, a in enumerate(args) if isinstance(a, Tensor)]

    def call(*tensors):
        full = list(args)
        for i, t in zip(tensor_pos, tensors):
            full[i] = t
        return fn(*full)

    tensors = [args[i] for i in tensor_pos]
    assert_close(jax.jit(call)(*tensors), expected, **close_kwargs)
    if tensors:
        batched = [Tensor(np.stack([t.asnumpy(), t.asnumpy()])) for t in tensors]
        stacked = jax.tree_util.tree_map(lambda e: np.stack([e, e]), expected)
        assert_close(jax.vmap(call)(*batched), stacked, **close_kwargs)
