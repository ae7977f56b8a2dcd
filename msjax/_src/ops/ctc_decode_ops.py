"""`ops.ctc_greedy_decoder` and its Primitive `CTCGreedyDecoder(merge_repeated=True)`: the best
path of time-major logits `inputs` (max_time, batch, num_classes), the last class the blank.

For each sequence `b`, over its first `sequence_length[b]` frames, the most likely class of each
frame (the first of equal maxima) is kept unless it is the blank or, with `merge_repeated`, the
class of the frame before. The result is a SparseTensor's parts: `decoded_indices` (N, 2) Int64
(sequence, position), `decoded_values` (N,) Int64, `decoded_shape` (2,) Int64 (batch, longest
decoding) and `log_probability` (batch, 1) in `inputs`' dtype: minus the sum of each frame's
largest logit. The number of decoded labels comes from the values, so inside a compiled program
the call runs eagerly (transforms/control_flow.py's fallback), as every data-dependent shape does.
Checks and messages are MindSpore 2.10's (tests/goldens/scripts/ops16b_ctc_greedy_probe.py).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.core.type_text import type_of
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import functional, op, primitive

_NAME = "CTCGreedyDecoder"


def _check_merge_repeated(attributes):
    if not isinstance(attributes["merge_repeated"], bool):
        raise TypeError(f"For '{_NAME}', the type of 'merge_repeated' should be 'bool', but got "
                        f"type '{type(attributes['merge_repeated']).__name__}'.")


def _check_inputs(inputs, sequence_length):
    for name, array in (("inputs", inputs), ("sequence_length", sequence_length)):
        if not hasattr(array, "dtype"):
            raise TypeError(f"For Primitive[{_NAME}], the type of input argument[{name}] must be "
                            f"Tensor but got {type_of(array)}.")
    if ms_name(inputs.dtype) not in ("Float32", "Float64"):
        raise TypeError(f"For primitive[{_NAME}], the input argument[inputs type] must be a type "
                        "of {Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{ms_name(inputs.dtype)}].")
    if ms_name(sequence_length.dtype) != "Int32":
        raise TypeError(f"For primitive[{_NAME}], the input argument[sequence length dtype] must "
                        "be a type of {Tensor[Int32]}, but got "
                        f"Tensor[{ms_name(sequence_length.dtype)}].")
    if inputs.ndim != 3:
        raise ValueError(f"For '{_NAME}', inputs's dim must be 3, but got: {inputs.ndim}.")
    if sequence_length.ndim != 1 or sequence_length.shape[0] != inputs.shape[1]:
        raise ValueError(f"For '{_NAME}', inputs batch_size must be the same with "
                         f"sequence_length batch_size, but now inputs batch_size: "
                         f"{inputs.shape[1]} and sequence_length batch_size: "
                         f"{sequence_length.shape[0] if sequence_length.ndim else 0}.")


def _greedy_decode(inputs, sequence_length, merge_repeated):
    _check_inputs(inputs, sequence_length)
    max_time, batch, num_classes = inputs.shape
    lengths = np.asarray(sequence_length)  # the decoding's size needs the lengths' values
    for b, length in enumerate(lengths.tolist()):
        if length > max_time:
            raise RuntimeError(f"For '{_NAME}', sequence_length[{b}] {length} should be less "
                               f"than {max_time}.")
    frames = jnp.arange(max_time)[:, None] < jnp.asarray(lengths)[None, :]
    best = np.asarray(jnp.argmax(inputs, axis=-1))  # (max_time, batch)
    log_probability = -jnp.sum(jnp.where(frames, jnp.max(inputs, axis=-1), 0), axis=0)
    blank = num_classes - 1
    indices, values, longest = [], [], 0
    for b in range(batch):
        decoded, previous = [], None
        for t in range(int(lengths[b])):
            label = int(best[t, b])
            if label != blank and not (merge_repeated and label == previous):
                decoded.append(label)
            previous = label
        indices += [(b, position) for position in range(len(decoded))]
        values += decoded
        longest = max(longest, len(decoded))
    return (jnp.asarray(np.array(indices, np.int64).reshape(-1, 2)),
            jnp.asarray(np.array(values, np.int64)),
            jnp.asarray(np.array([batch, longest], np.int64)),
            log_probability.reshape(batch, 1).astype(inputs.dtype))


@op()
def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """`ops.ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True)` (module doc)."""
    _check_merge_repeated({"merge_repeated": merge_repeated})
    return _greedy_decode(inputs, sequence_length, merge_repeated)


CTCGreedyDecoder = primitive(_NAME, functional(_greedy_decode), check=_check_merge_repeated,
                             merge_repeated=True)
