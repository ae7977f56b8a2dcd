"""Primitives of beam-search decoding: `NoRepeatNGram`, with MindSpore 2.10's constructor, repr,
results and errors (tests/goldens/scripts/ops16a_ngram_padding_probe.py)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import index_checks
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import functional, primitive

_NAME = "NoRepeatNGram"


def _no_repeat_ngram(state_seq, log_probs, ngram_size=1):
    """`NoRepeatNGram(ngram_size)(state_seq, log_probs)`: `log_probs` (batch, beam, vocab) with
    the lowest value of its dtype at each token that would complete an n-gram its beam's
    sequence (`state_seq`, Int32 (batch, beam, length)) already holds: wherever the last
    ngram_size − 1 tokens occurred before, the token that followed them."""
    if ms_name(state_seq.dtype) != "Int32":
        raise TypeError(f"For primitive[{_NAME}], the input argument[seq_type] must be a type of "
                        f"{{Tensor[Int32]}}, but got Tensor[{ms_name(state_seq.dtype)}].")
    if state_seq.ndim != 3:
        raise ValueError(f"For primitive[{_NAME}], the rank of state_seq must be equal to 3, but "
                         f"got {state_seq.ndim}.")
    for axis in (0, 1):
        if state_seq.shape[axis] != log_probs.shape[axis]:
            raise ValueError(f"For primitive[{_NAME}], the state_seq shape[{axis}] must be equal "
                             f"to log_probs shape[{axis}] which is {log_probs.shape[axis]} , but "
                             f"got {state_seq.shape[axis]}.")
    length, vocab = state_seq.shape[-1], log_probs.shape[-1]
    if ngram_size > length:
        raise ValueError(f"For primitive[{_NAME}], the ngram_size must be less than or equal to "
                         f"state_seq shape[2] + 1 which is {length} , but got {ngram_size}.")
    index_checks.check_token_ids(_NAME, state_seq, vocab)
    prefix = ngram_size - 1
    starts = np.arange(length - prefix)
    windows = state_seq[..., starts[:, None] + np.arange(prefix)[None, :]]
    repeated = jnp.all(windows == state_seq[..., None, length - prefix:], axis=-1)
    following = jax.nn.one_hot(state_seq[..., prefix:], vocab, dtype=jnp.bool_)
    banned = jnp.any(following & repeated[..., None], axis=-2)
    return jnp.where(banned, jnp.finfo(log_probs.dtype).min, log_probs)


def _check_ngram_size(attributes):
    size = attributes["ngram_size"]
    if not isinstance(size, int) or isinstance(size, bool):
        raise TypeError(f"For '{_NAME}', the type of 'ngram_size' should be 'int', but got type "
                        f"'{type(size).__name__}'.")
    if size < 1:
        raise ValueError(f"For '{_NAME}', the 'ngram_size' must be int and must >= 1, but got "
                         f"'{size}' with type 'int'.")


NoRepeatNGram = primitive(_NAME, functional(_no_repeat_ngram), check=_check_ngram_size,
                          ngram_size=1)
