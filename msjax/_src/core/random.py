"""msjax's random state: `mindspore.set_seed`, `Generator` and the key every random op draws with.

A generator's state is MindSpore's, (seed, offset), held in a box like a Parameter's value (see
`msjax._src.core.state`): transforms carry it into and out of compiled programs, so each call draws
fresh numbers and two runs with the same seed draw the same ones. Each draw takes the JAX key
derived from the state (the seed's key with the offset folded in) and advances the offset by one.
MindSpore's Philox streams are not reproduced: numbers differ from MindSpore's, their
distributions, the states and the seeds do not.
"""
from __future__ import annotations

import secrets
import zlib

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import state
from msjax._src.core import x64
from msjax._src.core.tensor import Tensor

_DEFAULT_SEED = 0


class KeyState:
    """A mutable box holding a generator's state, MindSpore's (seed, offset), and the seed
    `mindspore.set_seed` was given (the global box's).

    The value is four uint32 words, the little-endian halves of the two int64s (seed low, seed
    high, offset low, offset high): 32-bit words, so the state is carried into and out of
    compiled programs, and lowered, whatever JAX's 64-bit setting is. The JAX key each draw uses
    is derived from it (`_draw`): the seed's words as a raw key (what `jax.random.PRNGKey(seed)`
    gives), with the offset folded in.
    """

    __slots__ = ("_state", "seed")

    def __init__(self):
        self.seed = None  # MindSpore's get_seed() is None until set_seed is called.
        self._state = None  # made on first use: creating an array starts XLA, too slow for import

    @property
    def _value(self):
        if self._state is None:  # a concrete state even when first used inside a trace
            with jax.ensure_compile_time_eval():
                self._state = jnp.asarray(_words(_DEFAULT_SEED, 0))
        return self._state

    @_value.setter
    def _value(self, value):
        self._state = value


_WORD = 2 ** 32


def _words(seed: int, offset: int) -> np.ndarray:
    """A state's four words for Python ints `seed` and `offset` (each taken modulo 2**64)."""
    return np.array([seed % _WORD, (seed // _WORD) % _WORD, offset % _WORD,
                     (offset // _WORD) % _WORD], np.uint32)


def _state_ints(value) -> tuple:
    """(seed, offset) as Python ints (signed int64) of a concrete state."""
    seed, offset = np.asarray(value, np.uint32).astype("<u4").view("<i8").tolist()
    return seed, offset


def key_state(key):
    """The state whose next draw uses `key` (a raw uint32[2] JAX key) as its seed's key: how a
    JAX key given to msjax (`functional`'s `apply(..., key=)`) becomes the global state."""
    key = jnp.asarray(key, jnp.uint32).reshape(2)
    return jnp.stack([key[1], key[0], jnp.uint32(0), jnp.uint32(0)])


def _derive_key(value):
    """The JAX key a state draws with: the seed's words (high, low) as a raw key, as
    `jax.random.PRNGKey(seed)`, with the offset's two words folded in."""
    key = jnp.stack([value[1], value[0]])
    return jax.random.fold_in(jax.random.fold_in(key, value[3]), value[2])


def _advance(value, step_low, step_high):
    """The state with its offset advanced by (step_high * 2**32 + step_low), modulo 2**64."""
    low = value[2] + step_low
    high = value[3] + step_high + (low < step_low).astype(jnp.uint32)
    return jnp.stack([value[0], value[1], low, high])


@jax.jit
def _draw(value):
    """(the key for one draw, the state after it): the offset advances by one per draw."""
    return _derive_key(value), _advance(value, jnp.uint32(1), jnp.uint32(0))


@jax.jit
def _advance_by(value, step):
    """The state with its offset advanced by `step` (an int64 array, which may be negative)."""
    step = jnp.reshape(step, ()).astype(jnp.int64)
    return _advance(value, (step & 0xFFFFFFFF).astype(jnp.uint32),
                    ((step >> 32) & 0xFFFFFFFF).astype(jnp.uint32))


@jax.jit
def _as_int64(value):
    """(seed, offset) as int64 scalars (MindSpore's `Generator._step` returns them)."""
    wide = value.astype(jnp.int64)
    return wide[0] | (wide[1] << 32), wide[2] | (wide[3] << 32)


@jax.jit
def _as_bytes(value):
    """The state as MindSpore's 16 bytes: seed then offset, each a little-endian int64."""
    shifts = jnp.arange(4, dtype=jnp.uint32) * 8
    return ((value[:, None] >> shifts[None, :]) & 0xFF).astype(jnp.uint8).reshape(16)


@jax.jit
def _from_bytes(data):
    """The state of MindSpore's 16 bytes (see `_as_bytes`)."""
    shifts = jnp.arange(4, dtype=jnp.uint32) * 8
    return (data.reshape(4, 4).astype(jnp.uint32) << shifts[None, :]).sum(1, dtype=jnp.uint32)


GLOBAL_KEY = KeyState()
# Called with the seed by every set_seed (modules whose seed mindspore.set_seed also sets).
SEED_HOOKS = []


@x64.scoped
def set_seed(seed: int) -> None:
    """`mindspore.set_seed`: reset the global state to (seed, 0), so later draws repeat.

    MindSpore's set_seed leaves `default_generator` alone and seeds its older random ops; msjax
    has one state for every draw, `default_generator`'s, which set_seed resets."""
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
    state.write(GLOBAL_KEY, jnp.asarray(_words(seed, 0)))
    np.random.seed(seed)  # as MindSpore's set_seed: NumPy's global generator too
    _reset_op_seeds()
    _restart_seeded_streams()
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


class SeededKeyState(KeyState):
    """The random state of an op built with its own seed (a Primitive's `seed`/`seed2`): it
    starts at (`op_seed`, 0) and each draw advances it (`draw_key`), as MindSpore's kernel keeps
    its own generator from one call to the next. A box like the global one: compiled calls
    carry it in and out."""

    __slots__ = ("op_seed", "name")

    def __init__(self, op_seed: int, name: str):
        super().__init__()
        self.op_seed = op_seed
        self.name = name

    @property
    def _value(self):
        if self._state is None:  # made on first use, as the global state's
            with jax.ensure_compile_time_eval():
                self._state = jnp.asarray(_words(self.op_seed, 0))
        return self._state

    @_value.setter
    def _value(self, value):
        self._state = value


@x64.scoped
def draw_key(box: KeyState):
    """The key of the next draw from the state `box`, which advances by one."""
    key, advanced = _draw(state.read(box))
    state.write(box, advanced)
    return key


# -- the streams of functional ops given a seed --------------------------------------------------
_SEEDED_STREAMS: dict = {}  # (kernel name, seed) -> SeededKeyState


def _stream_seed(kernel: str, seed: int) -> int:
    """The state seed of `kernel`'s stream for the op seed `seed` under the global seed."""
    global_seed = GLOBAL_KEY.seed or 0
    mixed = seed * 0x9E3779B97F4A7C15 + zlib.crc32(kernel.encode()) * 0xBF58476D1CE4E5B9
    return (mixed + global_seed * 0x94D049BB133111EB) % 2 ** 64


@x64.scoped
def seeded_key(seed: int | None, kernel: str):
    """The key of a draw by the functional op `kernel` given `seed` (`ops.standard_normal(shape,
    seed=1)`): as MindSpore's functions, which build their op with a seed that advances at each
    call (`_get_graph_seed`), consecutive calls with one seed draw different numbers, one
    sequence per (kernel, seed) that `set_seed` restarts and that depends on the global seed.
    The sequence is a state box (`SeededKeyState`), so a compiled call advances it too. Seed 0
    or None: the global state (`next_key`)."""
    if seed is None or seed == 0:
        return next_key()
    box = _SEEDED_STREAMS.get((kernel, seed))
    if box is None:
        box = SeededKeyState(_stream_seed(kernel, seed),
                             f"the random state of {kernel} with seed {seed}")
        _SEEDED_STREAMS[kernel, seed] = box
    return draw_key(box)


def _restart_seeded_streams() -> None:
    """`set_seed`: every functional op's seeded sequence starts again, under the new seed."""
    for (kernel, seed), box in _SEEDED_STREAMS.items():
        box.op_seed = _stream_seed(kernel, seed)
        state.write(box, jnp.asarray(_words(box.op_seed, 0)))


@x64.scoped
def next_key(seed: int | None = None, generator: Generator | None = None):
    """A fresh key: from `seed` when an op is given one, else from the state of `generator`
    (the global one, `default_generator`, by default), whose offset advances by one."""
    if seed is not None and seed != 0:
        return jax.random.PRNGKey(seed)
    box = GLOBAL_KEY if generator is None else generator._box
    key, advanced = _draw(state.read(box))
    state.write(box, advanced)
    return key


# -- MindSpore's Generator API over the same state --------------------------------------------------
_INT64 = (-2 ** 63, 2 ** 63)


class Generator:
    """`mindspore.Generator()`: a random number generator's state, MindSpore's (seed, offset).

    Each draw takes the JAX key derived from the state and advances the offset by one (`next_key`);
    `_step(step)` returns (seed, offset) as int64 Tensors and advances the offset by `step`, as
    MindSpore's random kernels do. `default_generator` is the state every random op and
    initializer of msjax draws from (`set_seed` resets it too); a Generator made by the user has
    a state of its own, which the ops taking `generator=` draw from. The state is state like a
    Parameter's value: a compiled call that reads or advances it takes it as an input and returns
    it, so its draws stay fresh. The numbers drawn differ from MindSpore's (JAX's threefry, not
    Philox); the states, seeds and offsets are MindSpore's. MindSpore's generator starts from a
    random seed; msjax's default one from 0, as its global state.
    """

    def __init__(self, _box=None):
        self._box = KeyState() if _box is None else _box

    @x64.scoped
    def manual_seed(self, seed) -> Generator:
        """Seed the generator with `seed` (an int), its offset back to 0; returns the generator."""
        if not isinstance(seed, int):
            raise TypeError("Seed must be an integer.")
        if not _INT64[0] <= seed < _INT64[1]:
            raise RuntimeError("Cannot construct Tensor because of unsupported data type: 0.")
        state.write(self._box, jnp.asarray(_words(int(seed), 0)))  # True seeds 1
        return self

    def seed(self) -> int:
        """Seed the generator with a random number, and return it."""
        seed = secrets.randbits(63)
        self.manual_seed(seed)
        return seed

    def initial_seed(self) -> int:
        """The seed of the generator's state (from `manual_seed`, `seed` or `set_state`)."""
        return _state_ints(state.read(self._box))[0]

    @x64.scoped
    def get_state(self):
        """The generator's state: a uint8 Tensor of 16 bytes, as MindSpore's (its seed, then its
        offset, each a little-endian int64)."""
        return Tensor(_as_bytes(state.read(self._box)))

    @x64.scoped
    def set_state(self, state) -> None:  # MindSpore's name; it hides the state module here
        """Restore a state `get_state` returned: later draws repeat those made after it."""
        _restore(self._box, state)

    @x64.scoped
    def _step(self, step):
        """(seed, offset) as int64 Tensors, then the offset advanced by `step` (an int64 Tensor):
        what MindSpore's random kernels ask their generator for."""
        if not isinstance(step, Tensor):
            raise RuntimeError("Invalid tensor input: Step")
        if step.dtype != mstype.int64:
            raise RuntimeError(f"Step data type must be Int64, but got {step.dtype}")
        value = state.read(self._box)
        seed, offset = _as_int64(value)
        state.write(self._box, _advance_by(value, step._data))
        return Tensor(seed), Tensor(offset)


@jax.jit
def _words_of(seed, offset):
    """A state's four words for int64 arrays `seed` and `offset`."""
    def halves(value):
        value = jnp.reshape(value, ()).astype(jnp.int64)
        return [(value & 0xFFFFFFFF).astype(jnp.uint32),
                ((value >> 32) & 0xFFFFFFFF).astype(jnp.uint32)]
    return jnp.stack(halves(seed) + halves(offset))


@x64.scoped
def generator_at(seed, offset) -> Generator:
    """A new Generator whose state is (`seed`, `offset`) (ints or int Tensors): how msjax draws
    for MindSpore's generated random Primitives, which take the state `Generator._step` returned
    as inputs; the same state draws the same numbers."""
    box = KeyState()
    box._value = _words_of(*(v._data if isinstance(v, Tensor) else np.int64(v)
                             for v in (seed, offset)))
    return Generator(box)


def generator_key(api: str, generator: Generator | None):
    """The key of one draw of `api` (its name, for the error) from `generator`'s state (None:
    `default_generator`, the global state): what an op taking `generator=` draws with."""
    if generator is not None and not isinstance(generator, Generator):
        raise TypeError(f"For '{api}', 'generator' must be a mindspore.Generator or None, but got "
                        f"{type(generator).__name__}.")
    return next_key(generator=generator)


def _restore(box, state_tensor) -> None:
    """Give `box` the seed and offset of a state made by `Generator.get_state`."""
    if not isinstance(state_tensor, Tensor):
        raise RuntimeError("Invalid tensor input: State")
    if state_tensor.dtype != mstype.uint8:
        raise RuntimeError(f"State data type must be UInt8, but got {state_tensor.dtype}")
    size = int(np.prod(state_tensor.shape))
    if size != 16:
        raise RuntimeError(f"State data size must be 16, but got {size}")
    state.write(box, _from_bytes(jnp.reshape(state_tensor._data, (16,))))


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
    """`mindspore.initial_seed()`: the default generator's seed (see `Generator.initial_seed`)."""
    return default_generator.initial_seed()


def get_rng_state():
    """`mindspore.get_rng_state()`: the default generator's state (see `Generator.get_state`)."""
    return default_generator.get_state()


def set_rng_state(state) -> None:  # MindSpore's name; it hides the state module here
    """`mindspore.set_rng_state(state)`: restore a state `get_rng_state` returned."""
    default_generator.set_state(state)
