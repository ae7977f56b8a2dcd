"""msjax's global random state: `mindspore.set_seed` and the key every random op draws from.

The key is state like a Parameter (see `msjax._src.core.state`): transforms carry it into and out of
compiled programs, so each call draws fresh numbers and two runs with the same seed draw the same
ones. MindSpore's own generator is not reproduced: numbers differ from MindSpore's, their
distributions do not.
"""
from __future__ import annotations

import secrets

import jax
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import state
from msjax._src.core import x64
from msjax._src.core.tensor import Tensor

_DEFAULT_SEED = 0


class KeyState:
    """A mutable box holding the global PRNG key (a raw uint32[2] key) and the user's seed."""

    __slots__ = ("_key", "seed", "initial_seed")

    def __init__(self):
        self.seed = None  # MindSpore's get_seed() is None until set_seed is called.
        self.initial_seed = _DEFAULT_SEED  # the last seed given to manual_seed (a Generator's)
        self._key = None  # made on first use: creating a key starts XLA, too slow for import

    @property
    @x64.scoped
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


@x64.scoped
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
    np.random.seed(seed)  # as MindSpore's set_seed: NumPy's global generator too
    _reset_op_seeds()
    for hook in SEED_HOOKS:  # e.g. the dataset seed, which MindSpore's set_seed also sets
        hook(seed)


def get_seed():
    """`mindspore.get_seed`."""
    return GLOBAL_KEY.seed


# -- MindSpore's graph-level and op-level seeds (mindspore.common.seed) -----------------------------
_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_OP_SEED_STEP = 3528531795 ^ 3449720151  # MindSpore's keyConstant[0] ^ keyConstant[2]
_KERNEL_SEEDS: dict = {}  # (kernel name, op seed) -> the op seed its next call gets


def _reset_op_seeds() -> None:
    for kernel_name, op_seed in _KERNEL_SEEDS:
        _KERNEL_SEEDS[kernel_name, op_seed] = op_seed


def _get_graph_seed(op_seed, kernel_name):
    """`mindspore.common.seed._get_graph_seed(op_seed, kernel_name)`: the (graph seed, op seed)
    pair MindSpore gives a random kernel: (0, 0) when neither `set_seed` nor `op_seed` is set
    (the kernel picks its own); else the global seed (87654321 for 0) and an op seed that
    advances with each call for the same (kernel_name, op_seed), both modulo 2**31 - 1, and reset
    by `set_seed`. Model code calls it to seed its own random ops; msjax's ops draw from the
    global key instead."""
    global_seed = get_seed()
    if global_seed == 0:
        global_seed = _DEFAULT_GRAPH_SEED
    elif global_seed is None:
        global_seed = 0
    if op_seed is None:
        op_seed = 0
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    if isinstance(op_seed, bool) or not isinstance(op_seed, int):
        raise TypeError(f"For '{kernel_name}', the 'seed' must be int, but got "
                        f"'{type(op_seed).__name__}'")
    if op_seed < 0:
        raise ValueError(f"For '{kernel_name}', the 'seed' must be int and must >= 0, but got "
                         f"'{op_seed}' with type 'int'.")
    current = _KERNEL_SEEDS.setdefault((kernel_name, op_seed), op_seed)
    _KERNEL_SEEDS[kernel_name, op_seed] = current + _OP_SEED_STEP
    return global_seed % _MAXINT32, current % _MAXINT32


@x64.scoped
def next_key(seed: int | None = None):
    """A fresh key: from `seed` when an op is given one, else split off the advancing global key."""
    if seed is not None and seed != 0:
        return jax.random.PRNGKey(seed)
    advanced, key = jax.random.split(state.read(GLOBAL_KEY))
    state.write(GLOBAL_KEY, advanced)
    return key


# -- MindSpore's Generator API over the same key ----------------------------------------------------
_INT64 = (-2 ** 63, 2 ** 63)


class Generator:
    """`mindspore.Generator()`: a random number generator's state (its seed and position).

    msjax draws every random number from one key (`set_seed`); `default_generator` is that key,
    so `manual_seed`, `get_rng_state` and `set_rng_state` seed, save and restore what every random
    op and initializer of msjax draws next. A Generator made by the user holds a key of its own;
    msjax's random ops do not take one yet (they raise when given one). MindSpore's generator
    starts from a random seed; msjax's default one from 0, as its global key.
    """

    def __init__(self, _box=None):
        self._box = KeyState() if _box is None else _box

    @x64.scoped
    def manual_seed(self, seed) -> Generator:
        """Seed the generator with `seed` (an int); returns the generator."""
        if not isinstance(seed, int):
            raise TypeError("Seed must be an integer.")
        if not _INT64[0] <= seed < _INT64[1]:
            raise RuntimeError("Cannot construct Tensor because of unsupported data type: 0.")
        self._box.initial_seed = int(seed)  # True seeds 1
        state.write(self._box, jax.random.PRNGKey(seed))
        return self

    def seed(self) -> int:
        """Seed the generator with a random number, and return it."""
        seed = secrets.randbits(63)
        self.manual_seed(seed)
        return seed

    def initial_seed(self) -> int:
        """The seed last given to `manual_seed` (or `seed`)."""
        return self._box.initial_seed

    def get_state(self):
        """The generator's state: a uint8 Tensor of 16 bytes, as MindSpore's (its seed as a
        little-endian int64, then msjax's key: two uint32, where MindSpore keeps an offset)."""
        key = np.asarray(state.read(self._box), "<u4")
        return Tensor(np.concatenate([np.asarray([self._box.initial_seed], "<i8").view(np.uint8),
                                      key.reshape(-1).view(np.uint8)]))

    def set_state(self, state) -> None:  # MindSpore's name; it hides the state module here
        """Restore a state `get_state` returned: later draws repeat those made after it."""
        _restore(self._box, state)


def _restore(box, state_tensor) -> None:
    """Give `box` the seed and key of a state made by `Generator.get_state`."""
    if not isinstance(state_tensor, Tensor):
        raise RuntimeError("Invalid tensor input: State")
    if state_tensor.dtype != mstype.uint8:
        raise RuntimeError(f"State data type must be UInt8, but got {state_tensor.dtype}")
    data = np.asarray(state_tensor._data).reshape(-1)
    if data.size != 16:
        raise RuntimeError(f"State data size must be 16, but got {data.size}")
    box.initial_seed = int(data[:8].view("<i8")[0])
    key = data[8:].view("<u4").astype(np.uint32)
    state.write(box, jax.numpy.asarray(key))


default_generator = Generator(GLOBAL_KEY)


def manual_seed(seed) -> Generator:
    """`mindspore.manual_seed(seed)`: seed the default generator, i.e. msjax's global key, so
    later draws repeat; returns the generator. Unlike `set_seed`, `get_seed()` and the dataset
    seed are left as they are (as in MindSpore)."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    """`mindspore.seed()`: seed the default generator with a random number and return it."""
    return default_generator.seed()


def initial_seed() -> int:
    """`mindspore.initial_seed()`: the seed last given to `manual_seed` (0 before any)."""
    return default_generator.initial_seed()


def get_rng_state():
    """`mindspore.get_rng_state()`: the default generator's state (see `Generator.get_state`)."""
    return default_generator.get_state()


def set_rng_state(state) -> None:  # MindSpore's name; it hides the state module here
    """`mindspore.set_rng_state(state)`: restore a state `get_rng_state` returned."""
    default_generator.set_state(state)
