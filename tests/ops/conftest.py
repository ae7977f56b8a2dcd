"""Compile the op tests' many small throwaway programs with XLA's optimisations off.

Most of tests/ops' time is XLA compiling a program per op (eagerly, under jit, under vmap);
`jax_disable_most_optimizations` makes each compile about a quarter faster and leaves results
within the tolerances of tests.support. The previous setting is restored after tests/ops.
"""
import jax
import pytest

_FLAG = "jax_disable_most_optimizations"


@pytest.fixture(autouse=True, scope="package")
def _fast_xla_compiles():
    previous = jax.config.values[_FLAG]
    jax.config.update(_FLAG, True)
    yield
    jax.config.update(_FLAG, previous)
