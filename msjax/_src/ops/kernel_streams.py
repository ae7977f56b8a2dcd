"""The random streams MindSpore's CPU kernels keep for themselves, reproduced draw for draw.

Some of MindSpore's CPU random kernels do not draw from the global generator: they own a C++
`std::default_random_engine` (libstdc++'s `minstd_rand0`: x <- 16807 x mod 2**31 - 1) seeded
from the op's `seed` scrambled with Philox4x32-10 (MindSpore's `random::GetSeed(0, seed)`), and
keep it across calls: the first call of a fresh op with seed 5 always gives the same numbers, the
next call of the same op continues the stream. msjax keeps such a stream as a state box (like a
Parameter's value, `msjax._src.core.state`), so a compiled call carries it in and out and still
advances it.

Each uniform double in [0, 1) is `std::uniform_real_distribution<double>(0, 1)`'s, i.e.
`std::generate_canonical<double, 53>`: two engine outputs g1, g2 make
((g1 - 1) + (g2 - 1) * R) / R**2 with R = 2**31 - 2, in double arithmetic.
"""
from __future__ import annotations

import functools

import jax.numpy as jnp
import numpy as np

from msjax._src.core import init_streams, state

_MODULUS = 2 ** 31 - 1
_MULTIPLIER = 16807
_RANGE = float(_MODULUS - 1)  # max() - min() + 1 of minstd_rand0
_WORD = 0xFFFFFFFF


def scrambled_seed(global_seed: int, op_seed: int) -> int:
    """MindSpore's `random::GetSeed(global_seed, op_seed)` for seeds not both 0: the two
    (taken as uint64) scrambled by Philox into one uint64."""
    g, o = global_seed % 2 ** 64, op_seed % 2 ** 64
    words = [int(w) for w in init_streams.philox4x32([g & _WORD, g >> 32, o & _WORD, o >> 32],
                                                      [0x3EC8F720, 0x02461E29])]
    return (words[1] << 32) | words[0]


class MinstdStream:
    """A `minstd_rand0` engine's state, a box whose value is the engine's last output x (uint32
    scalar, 1 <= x < 2**31 - 1). `seed` is the engine's seed, as `seed()` takes it (a uint64)."""

    __slots__ = ("_value", "name")

    def __init__(self, seed: int, name: str):
        first = seed % _MODULUS
        self._value = np.uint32(first if first else 1)
        self.name = name


@functools.lru_cache(maxsize=64)
def _powers(count: int) -> np.ndarray:
    """16807**k mod (2**31 - 1) for k = 1..count, as uint64."""
    powers = np.empty(count, np.uint64)
    value = 1
    for k in range(count):
        value = value * _MULTIPLIER % _MODULUS
        powers[k] = value
    return powers


def uniform_doubles(stream: MinstdStream, count: int):
    """`count` draws of `uniform_real_distribution<double>(0, 1)` from `stream` (float64 array),
    advancing it by 2 * count engine steps."""
    x = jnp.asarray(state.read(stream)).astype(jnp.uint64)
    outputs = x * jnp.asarray(_powers(2 * count)) % jnp.uint64(_MODULUS)
    if count:
        state.write(stream, outputs[-1].astype(jnp.uint32))
    words = (outputs.astype(jnp.float64) - 1.0).reshape(count, 2)
    uniforms = (words[:, 0] + words[:, 1] * _RANGE) / (_RANGE * _RANGE)
    return jnp.where(uniforms >= 1.0, np.nextafter(1.0, 0.0), uniforms)
