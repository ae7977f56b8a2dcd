"""msjax's global random state: `mindspore.set_seed` and the key every random op draws from.

The key is state like a Parameter (see `msjax._src.state`): transforms carry it into and out of
compiled programs, so each call draws fresh numbers and two runs with the same seed draw the same
ones. MindSpore's own generator is not reproduced: numbers differ from MindSpore's, their
distributions do not.
"""
from __future__ import annotations

import jax

from msjax._src import state

_DEFAULT_SEED = 0


class KeyState:
    """A mutable box holding the global PRNG key (a raw uint32[2] key) and the user's seed."""

    __slots__ = ("_key", "seed")

    def __init__(self):
        self.seed = None  # MindSpore's get_seed() is None until set_seed is called.
        self._key = None  # made on first use: creating a key starts XLA, too slow for import

    @property
    def _value(self):
        if self._key is None:  # a concrete key even when first used inside a trace
            with jax.ensure_compile_time_eval():
                self._key = jax.random.PRNGKey(_DEFAULT_SEED)
        return self._key

    @_value.setter
    def _value(self, key):
        self._key = key


GLOBAL_KEY = KeyState()
# Called with the seed by every set_seed (modules whose seed mindspore.set_seed also sets).
SEED_HOOKS = []


def set_seed(seed: int) -> None:
    """`mindspore.set_seed`: reset the global key, so later draws repeat."""
    if isinstance(seed, bool):
        raise TypeError(f"For 'global_seed', the 'seed' must be int and must >= 0, but got "
                        f"'{seed}' with type 'bool'.")
    if not isinstance(seed, int):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if seed < 0:
        raise ValueError(f"For 'global_seed', the 'seed' must be int and must >= 0, but got "
                         f"'{seed}' with type 'int'.")
    if seed >= 2 ** 32:
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    GLOBAL_KEY.seed = seed
    state.write(GLOBAL_KEY, jax.random.PRNGKey(seed))
    for hook in SEED_HOOKS:  # e.g. the dataset seed, which MindSpore's set_seed also sets
        hook(seed)


def get_seed():
    """`mindspore.get_seed`."""
    return GLOBAL_KEY.seed


def next_key(seed: int | None = None):
    """A fresh key: from `seed` when an op is given one, else split off the advancing global key."""
    if seed is not None and seed != 0:
        return jax.random.PRNGKey(seed)
    advanced, key = jax.random.split(state.read(GLOBAL_KEY))
    state.write(GLOBAL_KEY, advanced)
    return key
