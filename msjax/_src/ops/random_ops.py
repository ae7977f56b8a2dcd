"""Random sampling functions and Primitives of `mindspore.ops`.

Every draw takes its key from `msjax._src.core.random.next_key`: the advancing global key (reset by
`mindspore.set_seed`), or the op's own `seed` when one is given. The numbers differ from
MindSpore's generator; shapes, dtypes and distributions do not.
"""
from __future__ import annotations

import inspect
import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_text import type_of
from msjax._src.ops import kernel_streams
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import functional, op, primitive
from msjax._src.core.random import SeededKeyState, draw_key, next_key, seeded_key

_FLOAT32 = np.dtype(np.float32)


def keep_mask(key, keep_probability, shape):
    """Dropout's mask: True with probability `keep_probability`, drawn as float32 uniforms, as
    MindSpore draws its masks (a Python float given to `jax.random.bernoulli` would draw float64
    ones with msjax's 64-bit types on, core/x64.py)."""
    if isinstance(keep_probability, (int, float)):
        keep_probability = np.float32(keep_probability)
    else:
        keep_probability = jnp.asarray(keep_probability, _FLOAT32)
    # `jax.random.bernoulli(key, p, shape)` with a float32 p, whose `uniform` would take its
    # bounds 0.0 and 1.0 as float64 arguments: the same draws
    uniform = jax.random.uniform(key, shape, _FLOAT32, np.float32(0.0), np.float32(1.0))
    return uniform < keep_probability
_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)


def _shape(shape):
    if hasattr(shape, "shape"):  # a shape given as a Tensor
        return tuple(int(s) for s in np.asarray(shape).reshape(-1))
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(s) for s in shape)


def _size(size):
    """`randn(2, 3)`, `randn((2, 3))` and `randn([2, 3])` all mean shape (2, 3)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def _seed_key(seed=None, seed2=0, state=None):
    """The key of a Primitive's draw: from its own stream (`state`, made by `_seeded_stream`
    for a Primitive built with a non-zero `seed` or `seed2`), which each call advances; the
    global key when both are 0."""
    if state is not None:
        return draw_key(state)
    return next_key(seed or seed2 or None)


def _seeded_stream(first="seed", second="seed2"):
    """A seeded Primitive's own random state (registry.primitive's `state`): as MindSpore's
    kernel, a Primitive built with a non-zero seed pair draws a stream of its own, which its
    calls advance, and a new Primitive with the same seeds starts the stream again; with both
    seeds 0 it draws from the global state (None)."""
    def make(attributes):
        seed, seed2 = attributes[first], attributes[second]
        if not (isinstance(seed, int) and isinstance(seed2, int)) or not seed and not seed2:
            return None
        return SeededKeyState(kernel_streams.scrambled_seed(seed, seed2),
                              f"the random state of a Primitive with seeds ({seed}, {seed2})")
    return make


# -- functional ops ----------------------------------------------------------------------------
@op()
def standard_normal(shape, seed=None):
    return jax.random.normal(seeded_key(seed, "StandardNormal"), _shape(shape), _FLOAT32)


@op()
def normal(shape, mean, stddev, seed=None):
    mean, stddev = jnp.asarray(mean, _FLOAT32), jnp.asarray(stddev, _FLOAT32)
    out_shape = jnp.broadcast_shapes(_shape(shape), mean.shape, stddev.shape)
    return jax.random.normal(seeded_key(seed, "normal"), out_shape, _FLOAT32) * stddev + mean


@op()
def uniform(shape, minval, maxval, seed=None, dtype=mstype.float32):
    dtype = np_dtype(dtype)
    shape = jnp.broadcast_shapes(_shape(shape), jnp.shape(minval), jnp.shape(maxval))
    if dtype.kind in "iu":
        return jax.random.randint(seeded_key(seed, "uniform"), shape, minval, maxval, dtype)
    return jax.random.uniform(seeded_key(seed, "uniform"), shape, dtype, minval, maxval)


@op()
def randn(*size, dtype=None, seed=None):
    return jax.random.normal(seeded_key(seed, "randn"), _size(size), np_dtype(dtype) or _FLOAT32)


@op()
def rand(*size, dtype=None, seed=None):
    return jax.random.uniform(seeded_key(seed, "rand"), _size(size), np_dtype(dtype) or _FLOAT32)


@op()
def randint(low, high, size, seed=None, *, dtype=None):
    if not isinstance(size, tuple):
        raise ValueError(f"For 'randint', the input 'size' must be a tuple, but got {size}.")
    return jax.random.randint(seeded_key(seed, "randint"), size, low, high,
                              np_dtype(dtype) or _INT64)


@op()
def randn_like(input, seed=None, *, dtype=None):
    return jax.random.normal(seeded_key(seed, "randn_like"), input.shape,
                             np_dtype(dtype) or input.dtype)


@op()
def rand_like(input, seed=None, *, dtype=None):
    return jax.random.uniform(seeded_key(seed, "rand_like"), input.shape,
                              np_dtype(dtype) or input.dtype)


@op()
def randint_like(input, low, high, seed=None, *, dtype=None):
    kind = np_dtype(dtype) or input.dtype
    if kind.kind not in "iu":
        raise ValueError(f"For 'randint_like', the 'dtype' must be an int type, but got "
                         f"{mstype.from_numpy(kind)}.")
    return jax.random.randint(seeded_key(seed, "randint_like"), input.shape, low, high,
                              np_dtype(dtype) or input.dtype)


@op()
def standard_laplace(shape, seed=None):
    return jax.random.laplace(seeded_key(seed, "StandardLaplace"), _shape(shape), _FLOAT32)


@op()
def laplace(shape, mean, lambda_param, seed=None):
    out_shape = jnp.broadcast_shapes(_shape(shape), jnp.shape(mean), jnp.shape(lambda_param))
    draws = jax.random.laplace(seeded_key(seed, "laplace"), out_shape, _FLOAT32)
    return draws * lambda_param + mean


@op()
def gamma(shape, alpha, beta, seed=None):
    out_shape = jnp.broadcast_shapes(_shape(shape), jnp.shape(alpha), jnp.shape(beta))
    alpha = jnp.broadcast_to(alpha, out_shape)
    return jax.random.gamma(seeded_key(seed, "gamma"), alpha, out_shape, _FLOAT32) / beta


@op()
def random_gamma(shape, alpha, seed=None):
    out_shape = _shape(shape) + tuple(alpha.shape)
    return jax.random.gamma(seeded_key(seed, "random_gamma"), jnp.broadcast_to(alpha, out_shape),
                            out_shape, alpha.dtype)


def _candidate_checks(true_classes, num_true):
    """UniformCandidateSampler's input checks (MindSpore's errors)."""
    dtype = true_classes.dtype
    if dtype not in (_INT32, _INT64):
        raise TypeError("For primitive[UniformCandidateSampler], the input argument[true_classes] "
                        "must be a type of {Tensor[Int32], Tensor[Int64]}, but got "
                        f"Tensor[{mstype.from_numpy(dtype)}].")
    if true_classes.ndim != 2:
        raise ValueError("For primitive[UniformCandidateSampler], the dimension of input must be "
                         f"equal to 2, but got {true_classes.ndim}.")
    if true_classes.shape[1] != num_true:
        raise ValueError("For primitive[UniformCandidateSampler], the num_true must be equal to "
                         f"{true_classes.shape[1]}, but got {num_true}.")


def _check_num_sampled(num_sampled, unique, range_max):
    if unique and num_sampled > range_max:
        raise ValueError(f"For 'UniformCandidateSampler', the value of num_sampled should be <= "
                         f"value of range_max: {range_max}, but got {num_sampled}.")


def _draws_to_collect(key, num_sampled, range_max):
    """How many uniform draws from range_max classes it takes to see num_sampled distinct ones
    (a Float32 count): the sum of one geometric count per new class, the i-th with success
    probability (range_max - i) / range_max, each drawn by inverting its distribution."""
    remaining = (range_max - np.arange(num_sampled)) / range_max
    u = jax.random.uniform(key, (num_sampled,), _FLOAT32, np.float32(np.finfo(np.float32).tiny),
                           np.float32(1.0))
    with np.errstate(divide="ignore"):
        log_miss = np.log1p(-remaining).astype(_FLOAT32)  # -inf for the first (it never misses)
    return jnp.sum(jnp.floor(jnp.log(u) / log_miss) + 1)


@op()
def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """`ops.uniform_candidate_sampler`: `num_sampled` classes drawn uniformly from
    [0, range_max) (distinct ones when `unique`, in the order drawn), with the expected count of
    each true and sampled class in as many draws (TensorFlow's rule: `num_sampled / range_max`
    when no draw repeated, else `1 - (1 - 1/range_max) ** draws`). The draws differ from
    MindSpore's generator; `remove_accidental_hits` is accepted and, as MindSpore 2.10's CPU
    kernel's draws show, leaves the true classes among the candidates."""
    _check_num_sampled(num_sampled, unique, range_max)
    _candidate_checks(true_classes, num_true)
    sample_key, count_key = jax.random.split(next_key(seed or None))
    p = np.float32(1.0 / range_max)
    if unique:
        sampled = jax.random.permutation(sample_key, range_max)[:num_sampled]
        draws = _draws_to_collect(count_key, num_sampled, range_max)
        expected = jnp.where(draws == num_sampled, np.float32(num_sampled) * p,
                             -jnp.expm1(draws * np.log1p(-p).astype(_FLOAT32)))
    else:
        sampled = jax.random.randint(sample_key, (num_sampled,), 0, range_max)
        expected = jnp.asarray(np.float32(num_sampled) * p)
    return (sampled.astype(true_classes.dtype),
            jnp.broadcast_to(expected, true_classes.shape).astype(_FLOAT32),
            jnp.broadcast_to(expected, (num_sampled,)).astype(_FLOAT32))


def _check_random_gamma(shape, alpha):
    """RandomGamma's input checks (MindSpore's errors)."""
    if not hasattr(shape, "dtype"):
        raise TypeError("For RandomGamma, input[0] only support tensor!")
    for arg, value, allowed, names in (
            ("shape", shape, (_INT32, _INT64), "{Tensor[Int32], Tensor[Int64]}"),
            ("alpha", alpha, (np.float16, _FLOAT32, np.float64),
             "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}")):
        if value.dtype not in allowed:
            raise TypeError(f"For primitive[RandomGamma], the input argument[{arg}] must be a "
                            f"type of {names}, but got Tensor[{mstype.from_numpy(value.dtype)}].")
    if shape.ndim != 1:
        raise ValueError("For RandomGamma, the input tensor must be a 1-D tensor.")
    if any(n <= 0 for n in _shape(shape)):
        raise ValueError("For RandomGamma, each dimension must be greater than 0.")


def _random_gamma_primitive(shape, alpha, seed, seed2, *, state=None):
    """`ops.RandomGamma(seed, seed2)(shape, alpha)`: Gamma(alpha) draws of shape `shape +
    alpha.shape` in alpha's dtype."""
    _check_random_gamma(shape, alpha)
    out_shape = _shape(shape) + tuple(alpha.shape)
    return jax.random.gamma(_seed_key(seed, seed2, state), jnp.broadcast_to(alpha, out_shape),
                            out_shape, alpha.dtype)


def _random_gamma_attributes(attributes):
    for name in ("seed", "seed2"):
        value = attributes[name]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"For 'RandomGamma', the '{name}' must be int and must >= 0, but got "
                             f"'{value}' with type '{type(value).__name__}'.")


def _uniform_candidate_sampler_attributes(attributes):
    _check_num_sampled(attributes["num_sampled"], attributes["unique"], attributes["range_max"])


@op()
def poisson(shape, mean, seed=None):
    out_shape = jnp.broadcast_shapes(_shape(shape), jnp.shape(mean))
    return jax.random.poisson(seeded_key(seed, "poisson"), jnp.broadcast_to(mean, out_shape),
                              out_shape).astype(_FLOAT32)


@op()
def random_poisson(shape, rate, seed=None, dtype=mstype.float32):
    out_shape = _shape(shape) + tuple(jnp.shape(rate))
    return jax.random.poisson(seeded_key(seed, "random_poisson"), jnp.broadcast_to(rate, out_shape),
                              out_shape).astype(np_dtype(dtype))


@op()
def bernoulli(input, p=0.5, seed=None):
    """`ops.bernoulli`: 0/1 draws with probability `p`, in `input`'s shape and dtype."""
    p = jnp.broadcast_to(jnp.asarray(p, _FLOAT32), input.shape)
    return jax.random.bernoulli(next_key(seed), p, input.shape).astype(input.dtype)


@op()
def multinomial(input, num_samples, replacement=True, seed=None):
    """`ops.multinomial`: `num_samples` category indices per row of (unnormalised) weights."""
    if input.ndim not in (1, 2):
        raise ValueError(f"For 'multinomial', the dimension of inputs must be 1d or 2d, but got "
                         f"{input.ndim}.")
    if not replacement and input.shape[-1] < num_samples:
        raise ValueError(f"For 'multinomial', the 'num_samples' must be less than the last "
                         f"dimension of input without 'replacement', but got 'num_samples': "
                         f"{num_samples} and 'replacement': {replacement}")
    key = seeded_key(seed, "Multinomial")
    logits = jnp.log(input.astype(_FLOAT32))
    if replacement:
        shape = (num_samples,) + input.shape[:-1]
        samples = jax.random.categorical(key, logits, shape=shape)
        return jnp.moveaxis(samples, 0, -1).astype(_INT32)
    gumbel = jax.random.gumbel(key, input.shape, _FLOAT32)  # Gumbel top-k: no repeats
    return jax.lax.top_k(logits + gumbel, num_samples)[1].astype(_INT32)


_CATEGORICAL_LOGITS = (np.dtype(np.float16), _FLOAT32, np.dtype(np.float64))


def _categorical_inputs(logits, num_sample, seed):
    """MindSpore's checks of RandomCategorical's inputs; (num_sample, seed) as Python ints."""
    if logits.dtype not in _CATEGORICAL_LOGITS:
        raise TypeError("For primitive[RandomCategorical], the input argument[logits] must be a "
                        "type of {Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{mstype.from_numpy(logits.dtype)}].")
    if logits.ndim != 2:
        raise ValueError("logits shape size only support 2D")
    if not isinstance(num_sample, int) or isinstance(num_sample, bool):
        raise ValueError("For 'RandomCategorical', failed to get value 'num_sample'")
    if num_sample <= 0:
        raise ValueError("For 'RandomCategorical', num_sample can't has negative value, but got "
                         f"{num_sample}")
    if not isinstance(seed, int):
        kind = np.asarray(seed).dtype if hasattr(seed, "dtype") else np.dtype(type(seed))
        if kind.kind not in "iu" or isinstance(seed, jax.core.Tracer):
            raise TypeError("For primitive[RandomCategorical], the input argument[seed] must be a "
                            "type of {Int32, Int64}, but got "
                            f"{mstype.from_numpy(_FLOAT32 if kind.kind == 'f' else kind)}.")
        seed = int(np.asarray(seed).reshape(()))
    return num_sample, seed


@op()
def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64):
    """`ops.random_categorical`: RandomCategorical's draws from a fresh stream (below)."""
    return _categorical_draws(logits, num_sample, seed, dtype, None)


def _categorical_draws(logits, num_sample, seed, dtype, streams):
    """`ops.random_categorical` / `RandomCategorical(dtype)(logits, num_sample, seed)`: for each
    row of `logits`, `num_sample` class indices, as MindSpore's CPU kernel draws them.

    A non-zero `seed` draws MindSpore's own numbers (kernel_streams.py): one uniform double per
    sample, shared by every row, compared with the row's cumulative sums of exp(logits - max) in
    the logits' dtype. A RandomCategorical keeps one stream per seed (`streams`), which its next
    call with that seed continues; the functional form starts a fresh one each call. Seed 0 (a
    random seed in MindSpore) draws the uniforms from msjax's global state."""
    num_sample, seed = _categorical_inputs(logits, num_sample, seed)
    if seed == 0:
        uniforms = jax.random.uniform(next_key(), (num_sample,), np.float64)
    else:
        if streams is None:
            streams = {}
        if seed not in streams:
            streams[seed] = kernel_streams.MinstdStream(
                kernel_streams.scrambled_seed(0, seed), f"RandomCategorical seed {seed}")
        uniforms = kernel_streams.uniform_doubles(streams[seed], num_sample)
    kind = logits.dtype
    draws = uniforms.astype(_FLOAT32).astype(kind)  # the kernel's `float random`, then T
    weights = jnp.exp((logits - logits.max(axis=1, keepdims=True)).astype(_FLOAT32)).astype(kind)
    # the cumulative sums as the kernel adds them, one class after another in the logits' dtype
    _, cdf = jax.lax.scan(lambda total, w: (total + w, total + w),
                          jnp.zeros(weights.shape[:1], kind), weights.T)
    cdf = cdf.T
    targets = cdf[:, -1:] * draws[None, :]
    index = jnp.sum(cdf[:, None, :] < targets[:, :, None], axis=-1)
    return jnp.minimum(index, logits.shape[1] - 1).astype(np_dtype(dtype))


def _check_non_negative_seed(api, name, value):
    """MindSpore's check of a RandomShuffle / `ops.shuffle` seed: a non-negative int (a bool is
    a TypeError too)."""
    if isinstance(value, bool):
        raise TypeError(f"For '{api}', the '{name}' must be int and must >= 0, but got "
                        f"'{value}' with type 'bool'.")
    if not isinstance(value, int):
        raise TypeError(f"For '{api}', the '{name}' must be int, but got '{type(value).__name__}'")
    if value < 0:
        raise ValueError(f"For '{api}', the '{name}' must be int and must >= 0, but got "
                         f"'{value}' with type 'int'.")


def _shuffled(x, key):
    """`x` with its first axis permuted by `key`; a 0-d `x` as it is, as MindSpore's kernel
    returns it. `x` must be a Tensor (RandomShuffle's input check)."""
    if not hasattr(x, "shape"):
        raise TypeError("For Primitive[RandomShuffle], the type of input argument[input_x] must "
                        f"be Tensor but got {type_of(x)}.")
    if x.ndim == 0:
        return x
    return jax.random.permutation(key(), x, axis=0)


@op()
def shuffle(x, seed=None):
    if seed is not None:
        _check_non_negative_seed("shuffle", "seed", seed)
    return _shuffled(x, lambda: seeded_key(seed, "shuffle"))


@op()
def randperm(n, seed=0, offset=0, dtype=mstype.int64):
    n = int(np.asarray(n).reshape(-1)[0])  # an int, or a 1-element Tensor as MindSpore takes
    return jax.random.permutation(next_key(seed), n).astype(np_dtype(dtype))


# -- Primitives --------------------------------------------------------------------------------
@functional
def _standard_normal(shape, seed, seed2, *, state=None):
    return jax.random.normal(_seed_key(seed, seed2, state), _shape(shape), _FLOAT32)


@functional
def _uniform_real(shape, seed, seed2, *, state=None):
    return jax.random.uniform(_seed_key(seed, seed2, state), _shape(shape), _FLOAT32)


@functional
def _uniform_int(shape, minval, maxval, seed, seed2, *, state=None):
    return jax.random.randint(_seed_key(seed, seed2, state), _shape(shape), minval, maxval, _INT32)


@functional
def _standard_laplace(shape, seed, seed2, *, state=None):
    return jax.random.laplace(_seed_key(seed, seed2, state), _shape(shape), _FLOAT32)


@functional
def _truncated_normal(shape, dtype, seed, seed2, *, state=None):
    return jax.random.truncated_normal(_seed_key(seed, seed2, state), -2.0, 2.0, _shape(shape),
                                       np_dtype(dtype))


@functional
def _multinomial(x, num_samples, seed, seed2, dtype, *, state=None):
    samples = jax.random.categorical(_seed_key(seed, seed2, state), jnp.log(x.astype(_FLOAT32)),
                                     shape=(num_samples,) + x.shape[:-1])
    return jnp.moveaxis(samples, 0, -1).astype(np_dtype(dtype))


@functional
def _shuffle(x, seed, seed2, *, state=None):
    return _shuffled(x, lambda: _seed_key(seed, seed2, state))


def _random_shuffle_attributes(attributes):
    for name in ("seed", "seed2"):
        _check_non_negative_seed("RandomShuffle", name, attributes[name])


@functional
def _gamma(shape, alpha, beta, seed, seed2, *, state=None):
    out_shape = jnp.broadcast_shapes(_shape(shape), alpha.shape, beta.shape)
    draws = jax.random.gamma(_seed_key(seed, seed2, state), jnp.broadcast_to(alpha, out_shape),
                             out_shape, alpha.dtype)
    return draws / beta


@functional
def _poisson(shape, mean, seed, seed2, *, state=None):
    out_shape = jnp.broadcast_shapes(_shape(shape), mean.shape)
    return jax.random.poisson(_seed_key(seed, seed2, state), jnp.broadcast_to(mean, out_shape),
                              out_shape).astype(_INT32)


@functional
def _bernoulli(x, p, seed, offset):
    p = jnp.broadcast_to(jnp.asarray(p, _FLOAT32), x.shape)
    return jax.random.bernoulli(next_key(None if seed == -1 else seed), p).astype(x.dtype)


@functional
def _dropout(x, keep_prob, Seed0, Seed1, *, state=None):  # noqa: N803
    """`ops.Dropout(keep_prob)(x)` -> (output, mask): kept elements scaled by 1/keep_prob."""
    keep = keep_mask(_seed_key(Seed0, Seed1, state), keep_prob, x.shape)
    return jnp.where(keep, x / keep_prob, 0).astype(x.dtype), keep.astype(x.dtype)


def _dropout_nd(x, keep_prob, nd):
    """Dropout2D/3D: whole channels (axis 1) kept or zeroed; (output, Bool mask)."""
    mask_shape = x.shape[:2] + (1,) * nd
    keep = keep_mask(next_key(), keep_prob, mask_shape)
    keep = jnp.broadcast_to(keep, x.shape)
    return jnp.where(keep, x / keep_prob, 0).astype(x.dtype), keep


def _cauchy(size, median, sigma):
    """`ops.Cauchy(size, median=0.0, sigma=1.0)()`: Float32 draws of shape `size` from the Cauchy
    distribution at `median` of half-width `sigma`."""
    return jax.random.cauchy(next_key(), _shape(size), jnp.float32) * sigma + median


def _cauchy_attributes(attributes):
    """Cauchy's constructor: `size` a list of ints, `median` and `sigma` floats."""
    size = attributes["size"]
    if not isinstance(size, list):
        raise TypeError(f"For 'Cauchy', the type of 'size' should be 'list', but got type "
                        f"'{type(size).__name__}'.")
    for i, n in enumerate(size):
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"For 'Cauchy', the 'size[{i}]' must be int, but got "
                            f"'{type(n).__name__}'")
        if n <= 0:
            raise ValueError(f"For 'Cauchy', the 'size[{i}]' must be int and must > 0, but got "
                             f"'{n}' with type 'int'.")
    for name in ("median", "sigma"):
        if not isinstance(attributes[name], float):
            raise TypeError(f"For 'Cauchy', the type of '{name}' should be 'float', but got type "
                            f"'{type(attributes[name]).__name__}'.")


def _uniform_like(x, minval, maxval, seed, offset):
    """`ops.operations.random_ops.Uniform(minval, maxval, seed, offset)(x)`: uniform draws in
    [minval, maxval) of `x`'s shape and (floating) dtype."""
    if not isinstance(x, Tensor):
        raise TypeError("For Primitive[Uniform], the type of input argument[x] must be Tensor but "
                        f"got {type_of(x)}.")
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError("For primitive[Uniform], the input argument[x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"{type_of(x)}.")
    return _uniform_draws(x, minval, maxval, seed, offset)


@functional
def _uniform_draws(x, minval, maxval, seed, offset):
    return jax.random.uniform(_seed_key(seed, offset), x.shape, x.dtype, minval, maxval)


def _uniform_attributes(attributes):
    minval, maxval = attributes["minval"], attributes["maxval"]
    # (MindSpore compares first: a str bound is Python's TypeError from `<=`)
    if not minval <= maxval:
        raise ValueError(f"For 'Uniform', the 'minval' should be <= maxval: {maxval}, but got "
                         f"{minval}.")
    for name in ("minval", "maxval"):
        if not isinstance(attributes[name], float):
            raise TypeError(f"For 'Uniform', the '{name}' must be float, but got "
                            f"'{type(attributes[name]).__name__}'")
    if minval < 0:
        raise ValueError(f"For 'Uniform', the 'minval' must be float and must >= 0, but got "
                         f"'{minval}' with type 'float'.")
    if not math.isfinite(maxval):
        raise ValueError(f"For 'Uniform', the 'maxval' must be a legal value, but got "
                         f"'{maxval}'.")
    for name in ("seed", "offset"):
        if not isinstance(attributes[name], int) or isinstance(attributes[name], bool):
            raise TypeError(f"For 'Uniform', the type of '{name}' should be 'int', but got type "
                            f"'{type(attributes[name]).__name__}'.")


def _random_categorical_dtype(attributes):
    if attributes["dtype"] not in (mstype.int32, mstype.int16, mstype.int64):
        raise TypeError("For 'RandomCategorical', the 'dtype' should be one of [mindspore.int32, "
                        "mindspore.int16, mindspore.int64], but got "
                        f"'mindspore.{str(attributes['dtype']).lower()}'.")


_HIDDEN = shown.SIDE_EFFECT_HIDDEN
Uniform = primitive(
    "Uniform", _uniform_like, check=_uniform_attributes, minval=0.0, maxval=1.0, seed=0, offset=0,
    display=lambda attrs: {**attrs, "from": attrs["minval"], "to": attrs["maxval"],
                           "side_effect_hidden": True})
Cauchy = primitive("Cauchy", functional(_cauchy), check=_cauchy_attributes,
                   size=inspect.Parameter.empty, median=0.0, sigma=1.0)
_SEEDED = _seeded_stream()
StandardNormal = primitive("StandardNormal", _standard_normal, state=_SEEDED, seed=0, seed2=0,
                           display=_HIDDEN)
UniformReal = primitive("UniformReal", _uniform_real, state=_SEEDED, seed=0, seed2=0,
                        display=_HIDDEN)
UniformInt = primitive("UniformInt", _uniform_int, state=_SEEDED, seed=0, seed2=0,
                       display=_HIDDEN)
StandardLaplace = primitive("StandardLaplace", _standard_laplace, state=_SEEDED, seed=0, seed2=0,
                            display=_HIDDEN)
TruncatedNormal = primitive("TruncatedNormal", _truncated_normal, state=_SEEDED,
                            dtype=mstype.float32, seed=0, seed2=0,
                            display=shown.with_attrs(max_length=1000000,
                                                     side_effect_hidden=True))
Multinomial = primitive("Multinomial", _multinomial, state=_SEEDED, seed=0, seed2=0,
                        dtype=mstype.int32, display=_HIDDEN)
RandomShuffle = primitive("RandomShuffle", _shuffle, state=_SEEDED,
                          check=_random_shuffle_attributes, seed=0, seed2=0, display=_HIDDEN)
Gamma = primitive("Gamma", _gamma, state=_SEEDED, seed=0, seed2=0, display=_HIDDEN)
Poisson = primitive("Poisson", _poisson, state=_SEEDED, seed=0, seed2=0, display=_HIDDEN)
RandomGamma = primitive("RandomGamma", functional(_random_gamma_primitive), state=_SEEDED,
                        check=_random_gamma_attributes, seed=0, seed2=0, display=_HIDDEN)
UniformCandidateSampler = primitive(
    "UniformCandidateSampler",
    lambda true_classes, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits:
    uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed,
                              remove_accidental_hits),
    check=_uniform_candidate_sampler_attributes, num_true=inspect.Parameter.empty,
    num_sampled=inspect.Parameter.empty, unique=inspect.Parameter.empty,
    range_max=inspect.Parameter.empty, seed=0, remove_accidental_hits=False, display=_HIDDEN)
Bernoulli = primitive("Bernoulli", _bernoulli, seed=-1, offset=0)
_categorical = functional(_categorical_draws)
RandomCategorical = primitive(
    "RandomCategorical", lambda logits, num_sample, seed=0, dtype=mstype.int64, *, state:
    _categorical(logits, num_sample, seed, dtype, state),
    check=_random_categorical_dtype, state=lambda attributes: {}, dtype=mstype.int64,
    display=_HIDDEN)
Dropout = primitive("Dropout", _dropout, state=_seeded_stream("Seed0", "Seed1"), keep_prob=0.5,
                    Seed0=0, Seed1=0, display=_HIDDEN)
Dropout2D = primitive("Dropout2D", functional(lambda x, keep_prob: _dropout_nd(x, keep_prob, 2)),
                      keep_prob=0.5, display=shown.only())
Dropout3D = primitive("Dropout3D", functional(lambda x, keep_prob: _dropout_nd(x, keep_prob, 3)),
                      keep_prob=0.5, display=shown.only())



def _parameterized_truncated_normal(shape, mean, stdevs, min, max, seed=0, seed2=0,  # noqa: A002
                                    *, state=None):
    """`ParameterizedTruncatedNormal(seed, seed2)(shape, mean, stdevs, min, max)`: draws of
    shape `shape` (its first dimension the batch) from the normal distribution of each batch
    row's `mean` and `stdevs`, truncated to [min, max] (each of them of the batch's length, or
    one value for every row), in `mean`'s dtype (docs/migration.md: MindSpore 2.10's CPU kernel
    draws every row with the first row's parameters)."""
    out_shape, dtype = _shape(shape), mean.dtype
    row = (-1,) + (1,) * (len(out_shape) - 1)
    compute = _FLOAT32 if dtype == np.float16 else dtype  # (float16 draws: float32's, rounded)
    mean, stdevs, low, high = (jnp.asarray(v, compute).reshape(row)
                               for v in (mean, stdevs, min, max))
    standard = jax.random.truncated_normal(_seed_key(seed, seed2, state), (low - mean) / stdevs,
                                           (high - mean) / stdevs, out_shape, compute)
    return jnp.clip(mean + stdevs * standard, low, high).astype(dtype)


def _parameterized_truncated_normal_attributes(attributes):
    for name in ("seed", "seed2"):
        value = attributes[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For 'ParameterizedTruncatedNormal', the type of '{name}' should be "
                            f"'int', but got type '{type(value).__name__}'.")


ParameterizedTruncatedNormal = primitive(
    "ParameterizedTruncatedNormal", functional(_parameterized_truncated_normal),
    check=_parameterized_truncated_normal_attributes, state=_SEEDED, seed=0, seed2=0,
    display=_HIDDEN)
