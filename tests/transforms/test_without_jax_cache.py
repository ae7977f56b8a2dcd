"""compile_cache.without_jax_persistent_cache keeps JAX's persistent cache out of a compile even
after an earlier compile in the same process has switched that cache on (JAX decides once per
process). Run in a fresh process: the cache switch is process-wide. It needs JAX's private
compilation-cache state; without JAX's private fast paths (`MSJAX_PRIVATE_JAX=0`) no executable
is serialised, and the block leaves JAX's cache in use."""
from __future__ import annotations

import subprocess
import sys

from tests.support import PRIVATE_JAX

_SCRIPT = r"""
import os, sys, jax, jax.numpy as jnp
from msjax._src.backend.compile_cache import without_jax_persistent_cache
cache = sys.argv[1]
jax.config.update("jax_compilation_cache_dir", cache)
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
jax.jit(lambda x: x + 1).lower(jnp.ones(3)).compile()  # JAX now uses its cache
before = len(os.listdir(cache))
with without_jax_persistent_cache():
    jax.jit(lambda x: x * 3 - 2).lower(jnp.ones(5)).compile()
inside = len(os.listdir(cache))
jax.jit(lambda x: x * 5 - 7).lower(jnp.ones(7)).compile()  # the cache is back in use after
print(before, inside, len(os.listdir(cache)))
"""


def test_without_jax_persistent_cache_after_an_earlier_compile(tmp_path):
    out = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path / "xla")],
                         capture_output=True, text=True, check=True).stdout.split()
    before, inside, after = map(int, out)
    assert before >= 1
    if PRIVATE_JAX:
        assert inside == before  # nothing written by the compile inside the block
    else:
        assert inside > before  # the block changes nothing: the compile's entry is written
    assert after > inside
