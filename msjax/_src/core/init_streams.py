"""The random numbers of MindSpore's initializers, reproduced number for number.

MindSpore's `Normal`, `Uniform`, `TruncatedNormal` and the initializers built on them (`HeUniform`,
which Dense and Conv weights use, `XavierNormal`, `Sparse`, `Orthogonal`, `VarianceScaling`, ...)
draw from NumPy's global generator: each draw takes one seed,
`np.random.randint(1, 2**63, dtype=np.int64)`, when the values are made (a Parameter's are made at
once), and fills the float32 array from a Philox4x32-10 stream keyed by that seed. So
`np.random.seed(s)` or `mindspore.set_seed(s)` (which seeds NumPy too) before building a network
gives MindSpore's very initial weights, and a script that trains from them MindSpore's losses.

The stream: `Philox(seed)` has key (seed's low, high 32 bits) and counter
(n, 0, seed's low, seed's high) for its n-th block of four 32-bit words; the words are used in
order, one or two per value:
- uniform on [a, b): s = word / 2**32, value (b - a)·s + a;
- normal (Box-Muller): each pair of words gives u1, u2 = the word's low 23 bits as a float in
  [0, 1) (at least float32 1e-7), r = sqrt(-2 ln u1)·sigma, t = 2·float32(3.1415926)·u2 and the
  values mean + r·cos t, mean + r·sin t;
- truncated normal on [a, b]: s as for uniform, p = Φ(α) + s·(Φ(β) - Φ(α)) with
  α = (a - mean)/sigma, β = (b - mean)/sigma, value mean + sigma·Φ⁻¹(p) (√2 as float32
  1.4142135, Φ through erfc).
MindSpore takes its float arguments as float32 and computes in double, then rounds each value to
float32; so does this module, which gives MindSpore 2.10's values bit for bit
(tests/goldens/scripts/pyn17_initializer_streams_probe.py).
"""
from __future__ import annotations

import numpy as np

_WORD = np.uint64(0xFFFFFFFF)
_SHIFT = np.uint64(32)
_MULTIPLIERS = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_KEY_STEPS = (np.uint64(0x9E3779B9), np.uint64(0xBB67AE85))
_PI = float(np.float32(3.1415926))
_ROOT_TWO = float(np.float32(1.4142135))
_SMALLEST_U = float(np.float32(1e-7))


def philox4x32(counter, key):
    """Philox4x32 with 10 rounds: `counter` four uint32 words, `key` two (NumPy uint64 arrays or
    scalars, each word an array of blocks); the block's four output words, uint64 arrays. The
    rounds work in place (a 16M-value initializer draws in a fraction of a second)."""
    shape = np.broadcast_shapes(*(np.shape(w) for w in counter))
    c0, c1, c2, c3 = (np.array(np.broadcast_to(np.asarray(w, np.uint64), shape)) for w in counter)
    k0, k1 = (np.uint64(w) for w in key)
    p0, p1 = np.empty_like(c0), np.empty_like(c0)
    for _ in range(10):
        np.multiply(c0, _MULTIPLIERS[0], out=p0)
        np.multiply(c2, _MULTIPLIERS[1], out=p1)
        # c0, c1, c2, c3 <- hi(p1) ^ c1 ^ k0, lo(p1), hi(p0) ^ c3 ^ k1, lo(p0)
        np.right_shift(p1, _SHIFT, out=c0)
        np.bitwise_xor(c0, c1, out=c0)
        np.bitwise_xor(c0, k0, out=c0)
        np.right_shift(p0, _SHIFT, out=c2)
        np.bitwise_xor(c2, c3, out=c2)
        np.bitwise_xor(c2, k1, out=c2)
        np.bitwise_and(p1, _WORD, out=c1)
        np.bitwise_and(p0, _WORD, out=c3)
        k0, k1 = (k0 + _KEY_STEPS[0]) & _WORD, (k1 + _KEY_STEPS[1]) & _WORD
    return [c0, c1, c2, c3]


def _blocks(seed: int, start: int, stop: int) -> np.ndarray:
    """The words of `seed`'s stream blocks [start, stop) (uint64, four a block)."""
    low, high = seed & 0xFFFFFFFF, (seed >> 32) & 0xFFFFFFFF
    blocks = np.arange(start, stop, dtype=np.uint64)
    counter = (blocks & _WORD, blocks >> _SHIFT, np.full_like(blocks, low),
               np.full_like(blocks, high))
    return np.stack(philox4x32(counter, (low, high)), axis=1).reshape(-1)


# Words computed at a time: arrays that stay in the CPU's cache (one pass over a whole 16M-value
# array per step is several times slower than chunks of this size).
CHUNK_WORDS = 1 << 16


def _fill(seed: int, count: int, transform) -> np.ndarray:
    """`transform(words)` of the first `count` words of `seed`'s stream, computed a chunk at a
    time into one float32 array (`transform` maps a chunk of an even number of words to as many
    values)."""
    out = np.empty(count, np.float32)
    for start in range(0, count, CHUNK_WORDS):
        stop = min(count, start + CHUNK_WORDS)
        end = stop + stop % 2  # (an even number of words: Box-Muller takes them in pairs)
        chunk = _blocks(seed, start // 4, (end + 3) // 4)[:end - start]
        out[start:stop] = transform(chunk)[:stop - start]
    return out


def numpy_seed() -> int:
    """The seed of one initializer draw, from NumPy's global generator, as MindSpore takes it."""
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


def _as_float32(value) -> float:
    return float(np.float32(value))


def _unit(stream: np.ndarray) -> np.ndarray:
    """Uniform [0, 1) doubles of the words."""
    return stream.astype(np.float64) / 2.0 ** 32


def uniform(seed: int, low, high, shape) -> np.ndarray:
    """MindSpore's uniform values on [low, high) from `seed`'s stream (float32)."""
    low, high = _as_float32(low), _as_float32(high)
    values = _fill(seed, int(np.prod(shape)), lambda chunk: (high - low) * _unit(chunk) + low)
    return values.reshape(shape)


def normal(seed: int, mean, sigma, shape) -> np.ndarray:
    """MindSpore's N(mean, sigma²) values from `seed`'s stream, by Box-Muller (float32)."""
    mean, sigma = _as_float32(mean), _as_float32(sigma)

    def box_muller(chunk):
        pairs = chunk.reshape(-1, 2)
        mantissas = ((pairs & np.uint64(0x7FFFFF)) | np.uint64(127 << 23)).astype(np.uint32)
        units = np.maximum(mantissas.view(np.float32).astype(np.float64) - 1.0, _SMALLEST_U)
        radius = np.sqrt(-2.0 * np.log(units[:, 0])) * sigma
        angle = 2.0 * _PI * units[:, 1]
        return np.stack([mean + radius * np.cos(angle), mean + radius * np.sin(angle)],
                        axis=1).reshape(-1)

    return _fill(seed, int(np.prod(shape)), box_muller).reshape(shape)


def truncated_normal(seed: int, low, high, mean, sigma, shape) -> np.ndarray:
    """MindSpore's N(mean, sigma²) truncated to [low, high] from `seed`'s stream, by the inverse
    CDF (float32)."""
    from scipy.special import erfc, erfcinv
    low, high, mean, sigma = (_as_float32(v) for v in (low, high, mean, sigma))
    if sigma <= 0:
        raise RuntimeError(f"TruncatedNormal: invalid sigma {sigma:g}.")  # (C++ prints 0)
    cdf_low = erfc(-((low - mean) / sigma) / _ROOT_TWO) / 2.0
    cdf_high = erfc(-((high - mean) / sigma) / _ROOT_TWO) / 2.0

    def inverse_cdf(chunk):
        p = cdf_low + _unit(chunk) * (cdf_high - cdf_low)
        doubled = np.clip(2.0 * p, np.nextafter(0.0, 1.0), np.nextafter(2.0, 0.0))
        return mean - erfcinv(doubled) * _ROOT_TWO * sigma

    return _fill(seed, int(np.prod(shape)), inverse_cdf).reshape(shape)


# -- `mindspore._c_expression`'s in-place fills ------------------------------------------------
# MindSpore's initializers call three C++ functions that fill a float32 NumPy array in place
# from a seed's stream; Python code written for MindSpore (and its tests) calls them directly.
def _refuse_arguments(name: str, signature: str, args: tuple) -> TypeError:
    """pybind11's TypeError for arguments of the wrong types, in its words."""
    invoked = ", ".join(repr(arg) for arg in args)
    return TypeError(f"{name}(): incompatible function arguments. The following argument types are "
                     f"supported:\n    1. ({signature}) -> None\n\nInvoked with: {invoked}")


def _check_fill_arguments(name: str, args: tuple, floats: int) -> np.ndarray:
    """The buffer of `(seed, arr, *floats)` after pybind11's checks: `seed` an integer in
    [0, 2**64), `arr` an object with a buffer, then `floats` Python/NumPy numbers (not strings);
    its float32-ness is checked as MindSpore's C++ does, with its RuntimeError."""
    signature = ", ".join(["arg0: int", "arg1: Buffer"]
                          + [f"arg{i + 2}: float" for i in range(floats)])
    if len(args) != 2 + floats:
        raise _refuse_arguments(name, signature, args)
    seed, arr, numbers = args[0], args[1], args[2:]
    if (not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 1 << 64
            or not all(isinstance(v, (int, float, np.integer, np.floating)) for v in numbers)):
        raise _refuse_arguments(name, signature, args)
    try:
        buffer_format = memoryview(arr).format
    except TypeError:
        raise _refuse_arguments(name, signature, args) from None
    if buffer_format != "f":
        raise RuntimeError(f"Unsupported data type '{buffer_format}'.")
    return np.asarray(arr)


def _write_in_memory_order(arr: np.ndarray, values: np.ndarray) -> None:
    """Store `values` into `arr`'s memory in the order it lies there, as the C++ code writes the
    buffer (a transposed, Fortran-ordered array is filled along its memory, not its indices)."""
    if arr.flags.c_contiguous:
        arr.reshape(-1)[...] = values.reshape(-1)
    elif arr.flags.f_contiguous:
        arr.T.reshape(-1)[...] = values.reshape(-1)
    else:  # a view with gaps: msjax fills its elements (docs/migration.md)
        arr[...] = values.reshape(arr.shape)


def random_normal_fill(*args) -> None:
    """`_c_expression._random_normal(seed, arr, mean, sigma)`: fills the float32 array `arr` in
    place with `normal(seed, mean, sigma)`'s values (a negative sigma negates them)."""
    arr = _check_fill_arguments("_random_normal", args, 2)
    _write_in_memory_order(arr, normal(int(args[0]), args[2], args[3], arr.size))


def random_uniform_fill(*args) -> None:
    """`_c_expression._random_uniform(seed, arr, low, high)`: fills the float32 array `arr` in
    place with `uniform(seed, low, high)`'s values."""
    arr = _check_fill_arguments("_random_uniform", args, 2)
    _write_in_memory_order(arr, uniform(int(args[0]), args[2], args[3], arr.size))


def truncated_normal_fill(*args) -> None:
    """`_c_expression._truncated_normal(seed, arr, low, high, mean, sigma)`: fills the float32
    array `arr` in place with `truncated_normal(seed, low, high, mean, sigma)`'s values."""
    arr = _check_fill_arguments("_truncated_normal", args, 4)
    _write_in_memory_order(arr, truncated_normal(int(args[0]), *args[2:], arr.size))
