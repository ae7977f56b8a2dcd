"""MindSpore 2.10's Primitives whose output shape depends on their inputs' values: RaggedRange,
EditDistance, SparseSlice, Coalesce (and ops.coalesce), CombinedNonMaxSuppression and
NonMaxSuppressionWithOverlaps (TensorFlow's kernels, kept by MindSpore's CPU build).

Their results are computed on the host from concrete values (in a compiled function they need
values JAX does not know while tracing: graph mode runs such a function eagerly,
transforms/graph_fallback.py), with MindSpore's constructor checks, dtype rules
(dtype_rules.RULES) and errors (tests/goldens/scripts/miss17_sparse_primitives_probe.py records
MindSpore's behaviour).
"""
from __future__ import annotations

import inspect
import math

import jax.numpy as jnp
import numpy as np

from msjax._src.core.tensor import Tensor

from msjax._src.core import checkparam as check
from msjax._src.core import dtype as mstype
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import functional, op, primitive


def _prim(name: str) -> str:
    return f"For primitive[{name}],"


def _vector(shape) -> str:
    return f"[const vector]{{{', '.join(map(str, shape))}}}"


# -- RaggedRange --------------------------------------------------------------------------------
def _check_tsplits(attrs):
    if attrs["Tsplits"] not in (mstype.int32, mstype.int64):
        raise TypeError("For 'RaggedRange', the 'Tsplits' should be one of [mindspore.int64, "
                        f"mindspore.int32], but got 'mindspore.{str(attrs['Tsplits']).lower()}'.")


def _ragged_range(starts, limits, deltas, Tsplits):  # noqa: N803 - MindSpore's attribute
    """The ranges [start, limit) by delta of each row, concatenated, and the row splits (in
    `Tsplits`) that delimit them; 0-D inputs are one row."""
    inputs = {"starts": starts, "limits": limits, "deltas": deltas}
    for name, value in inputs.items():
        if value.ndim > 1:
            raise ValueError(f"{_prim('RaggedRange')} the dimension of RaggedRange input {name} "
                             f"must be less than 2, but got {value.ndim}.")
    shapes = {name: tuple(value.shape) or (1,) for name, value in inputs.items()}
    if len(set(shapes.values())) > 1:
        raise ValueError("For RaggedRange, starts, limits, and deltas must have the same shape, "
                         "but got " + ", ".join(f"{name} ({', '.join(map(str, shape))},)"
                                                if len(shape) == 1 else f"{name} {shape}"
                                                for name, shape in shapes.items()) + ".")
    first, last, step = (concrete_array(v).reshape(-1) for v in (starts, limits, deltas))
    if (step == 0).any():
        raise ValueError("For RaggedRange, requires input delta != 0.")
    exact = first.dtype.kind in "iu"
    counts = [max(0, -((lo - hi) // d) if exact else math.ceil((hi - lo) / d))
              for lo, hi, d in zip(first.tolist(), last.tolist(), step.tolist())]
    values = [lo + d * np.arange(n, dtype=first.dtype)
              for lo, d, n in zip(first, step, counts)]
    splits = np.concatenate([[0], np.cumsum(counts)]).astype(mstype.to_numpy_dtype(Tsplits))
    dense = np.concatenate(values).astype(first.dtype) if values else np.zeros(0, first.dtype)
    return jnp.asarray(splits), jnp.asarray(dense)


def _ragged_range_display(attrs):
    """MindSpore shows the dtype by its name and its kernel's cap on a row's length."""
    return dict(attrs, Tsplits=str(attrs["Tsplits"]), max_length=1000000)


RaggedRange = primitive("RaggedRange", functional(_ragged_range), check=_check_tsplits,
                        display=_ragged_range_display,
                        Tsplits=inspect.Parameter.empty)


# -- EditDistance -------------------------------------------------------------------------------
def _check_normalize(attrs):
    check.check_value_type("normalize", attrs["normalize"], [bool], "EditDistance")


def _sequences(indices, values, shape):
    """{batch index (all but the last coordinate): its values in order}."""
    sequences = {}
    for index, value in zip(indices.tolist(), values.tolist()):
        sequences.setdefault(tuple(index[:-1]), []).append(value)
    return sequences


def _levenshtein(first, second) -> int:
    row = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        previous, row[0] = row[0], i
        for j, b in enumerate(second, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (a != b))
    return row[-1]


def _edit_distance(hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices,
                   truth_values, truth_shape, normalize):
    """The Levenshtein distance of each pair of sequences of two sparse tensors (the last axis
    the sequence), over their larger batch shape, as Float32; divided by the truth's length
    where `normalize` (inf for an empty truth and a non-empty hypothesis)."""
    if hypothesis_values.dtype != truth_values.dtype:
        raise TypeError("Dtype of hypothesis_values and truth_values must be the same, but got "
                        f"hypothesis_values: Tensor[{ms_name(hypothesis_values.dtype)}], "
                        f"truth_values: Tensor[{ms_name(truth_values.dtype)}].")
    hyp_shape, truth_shape_ = (concrete_array(s).reshape(-1) for s in
                               (hypothesis_shape, truth_shape))
    if hyp_shape.size != truth_shape_.size:
        raise ValueError(f"hypothesis_shape should be equal to truth_shape but got "
                         f"hypothesis_shape: {hyp_shape.size} and truth_shape: "
                         f"{truth_shape_.size}.")
    hyp = _sequences(concrete_array(hypothesis_indices), concrete_array(hypothesis_values),
                     hyp_shape)
    truth = _sequences(concrete_array(truth_indices), concrete_array(truth_values),
                       truth_shape_)
    batch = tuple(int(d) for d in np.maximum(hyp_shape, truth_shape_)[:-1])
    out = np.zeros(batch, np.float32)
    for cell in np.ndindex(*batch):
        first, second = hyp.get(cell, []), truth.get(cell, [])
        distance = float(_levenshtein(first, second))
        if normalize:
            distance = distance / len(second) if second else (np.inf if first else 0.0)
        out[cell] = distance
    return jnp.asarray(out)


EditDistance = primitive("EditDistance", functional(_edit_distance), check=_check_normalize,
                         normalize=True)


# -- SparseSlice --------------------------------------------------------------------------------
def _sparse_slice(indices, values, shape, start, size):
    """The entries of a sparse tensor (indices (N, R), values (N,), shape (R,)) inside the box
    [start, start + size), their indices relative to start, and the box's shape (cut at the
    tensor's edge)."""
    if shape.shape != start.shape:
        raise ValueError("For SparseSlice, shape.shape must equal to start.shape, but got "
                         f"shape.shape = {_vector(shape.shape)} and start.shape = "
                         f"{_vector(start.shape)}.")
    if indices.shape[0] != values.shape[0]:
        raise ValueError("For SparseSlice, indices.shape[0] must equal to values.shape[0], but "
                         f"got indices.shape = {_vector(indices.shape)} and value.shape = "
                         f"{_vector(values.shape)}.")
    idx, dims, low, extent = (concrete_array(v) for v in (indices, shape, start, size))
    high = np.minimum(low + extent, dims)
    inside = ((idx >= low) & (idx < high)).all(axis=1)
    kept = np.nonzero(inside)[0]
    return (jnp.asarray(idx[kept] - low), jnp.asarray(concrete_array(values)[kept]),
            jnp.asarray(np.maximum(high - low, 0).astype(dims.dtype)))


SparseSlice = primitive("SparseSlice", functional(_sparse_slice))


# -- Coalesce -----------------------------------------------------------------------------------
def _coalesce(x_indices, x_values, x_shape):
    """A sparse tensor (indices (R, N), values (N,), shape (R,)) with its indices sorted and
    the values of repeated ones summed."""
    if x_indices.shape[1] != x_values.shape[0]:
        raise ValueError("For Coalesce, second dim of x_indices and first dim of x_values must "
                         f"be the same, but got second dim of x_indices: {x_indices.shape[1]}, "
                         f"first dim of x_values: {x_values.shape[0]}.")
    if x_indices.shape[0] != x_shape.shape[0]:
        raise ValueError("For Coalesce, first dim of x_indices and first dim of x_shape must be "
                         f"the same, but got first dim of x_indices: {x_indices.shape[0]}, first "
                         f"dim of x_shape: {x_shape.shape[0]}.")
    idx, dims = concrete_array(x_indices), concrete_array(x_shape)
    for dim, column in zip(*np.nonzero(idx >= dims[:, None])):
        raise ValueError("For Coalesce, values of elements of x_indices can not exceed the limit "
                         f"set by x_shape, but got x_indices[{dim}][{column}] = "
                         f"{idx[dim, column]}, got x_shape[{dim}] = {dims[dim]}")
    unique, slot = np.unique(idx.T, axis=0, return_inverse=True)
    summed = jnp.zeros(unique.shape[0], x_values.dtype).at[slot.reshape(-1)].add(x_values)
    return jnp.asarray(unique.T), summed, jnp.asarray(dims)


Coalesce = primitive("Coalesce", functional(_coalesce))


@op()
def coalesce(x_indices, x_values, x_shape):
    """`ops.coalesce`: Coalesce()(x_indices, x_values, x_shape)."""
    return _coalesce(x_indices, x_values, x_shape)


coalesce.impl.__signature__ = inspect.Signature(  # MindSpore's annotations
    [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Tensor)
     for n in ("x_indices", "x_values", "x_shape")])


# -- CombinedNonMaxSuppression ------------------------------------------------------------------
def _check_cnms(attrs):
    for name in ("pad_per_class", "clip_boxes"):
        check.check_value_type(name, attrs[name], [bool], "CombinedNonMaxSuppression")


def _iou(a, b) -> float:
    """The intersection over union of two (y1, x1, y2, x2) boxes (corners in either order)."""
    ay1, ay2 = sorted((a[0], a[2]))
    ax1, ax2 = sorted((a[1], a[3]))
    by1, by2 = sorted((b[0], b[2]))
    bx1, bx2 = sorted((b[1], b[3]))
    area_a, area_b = (ay2 - ay1) * (ax2 - ax1), (by2 - by1) * (bx2 - bx1)
    if area_a <= 0 or area_b <= 0:
        return 0.0
    height = max(min(ay2, by2) - max(ay1, by1), 0.0)
    width = max(min(ax2, bx2) - max(ax1, bx1), 0.0)
    inter = height * width
    return inter / (area_a + area_b - inter)


def _class_selection(boxes, scores, limit, iou_threshold, score_threshold):
    """Greedy NMS of one class: (score, box index) of the kept boxes, best first."""
    order = [i for i in np.argsort(-scores, kind="stable") if scores[i] > score_threshold]
    kept = []
    for i in order:
        if len(kept) == limit:
            break
        if all(_iou(boxes[i], boxes[j]) <= iou_threshold for _, j in kept):
            kept.append((scores[i], i))
    return kept


def _cnms_checks(boxes, scores, per_class, iou):
    name = "CombinedNonMaxSuppression"
    if boxes.ndim != 4:
        raise ValueError(f"{_prim(name)} the boxes dim must be equal to 4, but got {boxes.ndim}.")
    if boxes.shape[2] not in (1, scores.shape[2]):
        raise ValueError(f"For {name}, the boxes's 3rd dim is must be same with the scores's 3rd "
                         f"dim or 1, but got {boxes.shape[2]}.")
    if boxes.shape[3] != 4:
        raise ValueError(f"For {name}, the boxes's 4th dim must be equal to 4, but got"
                         f"{boxes.shape[3]}.")
    if per_class <= 0:
        raise ValueError(f"{_prim(name)} the max_output_size_per_clas must be greater than 0, "
                         f"but got {per_class}.")
    if not 0 <= iou <= 1:
        raise ValueError(f"For {name}, iou_threshold must be in [0,1], but got {iou:g}.")


def _combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size,
                                  iou_threshold, score_threshold, pad_per_class, clip_boxes):
    """Per image and class, greedy NMS of the boxes scoring above `score_threshold`; then the
    best `max_total_size` of all classes' picks (fewer with `pad_per_class`): their boxes
    (clipped to [0, 1] with `clip_boxes`), scores and classes, zero-padded, and how many are
    valid."""
    per_class, total = (int(concrete_array(v)) for v in (max_output_size_per_class,
                                                         max_total_size))
    iou, threshold = (float(concrete_array(v)) for v in (iou_threshold, score_threshold))
    _cnms_checks(boxes, scores, per_class, iou)
    box_values, score_values = concrete_array(boxes), concrete_array(scores)
    batch, _, classes = score_values.shape
    size = min(total, per_class * classes) if pad_per_class else total
    out_boxes = np.zeros((batch, size, 4), np.float32)
    out_scores = np.zeros((batch, size), np.float32)
    out_classes = np.zeros((batch, size), np.float32)
    valid = np.zeros(batch, np.int32)
    for b in range(batch):
        picks = []
        for c in range(classes):
            class_boxes = box_values[b, :, c if box_values.shape[2] > 1 else 0]
            picks += [(s, c, i) for s, i in _class_selection(
                class_boxes, score_values[b, :, c], per_class, iou, threshold)]
        picks.sort(key=lambda pick: -pick[0])
        for k, (s, c, i) in enumerate(picks[:size]):
            box = box_values[b, i, c if box_values.shape[2] > 1 else 0]
            out_boxes[b, k] = np.clip(box, 0.0, 1.0) if clip_boxes else box
            out_scores[b, k], out_classes[b, k] = s, c
        valid[b] = min(len(picks), size)
    return tuple(jnp.asarray(a) for a in (out_boxes, out_scores, out_classes, valid))


CombinedNonMaxSuppression = primitive(
    "CombinedNonMaxSuppression", functional(_combined_non_max_suppression), check=_check_cnms,
    pad_per_class=False, clip_boxes=True)


# -- NonMaxSuppressionWithOverlaps --------------------------------------------------------------
def _nms_with_overlaps(overlaps, scores, max_output_size, overlap_threshold, score_threshold):
    """Greedy selection by score of the boxes scoring above `score_threshold`, each dropped
    whose overlap with one already kept exceeds `overlap_threshold`: the kept indices (Int32,
    at most `max_output_size`)."""
    name = "NonMaxSuppressionWithOverlaps"
    if overlaps.ndim != 2:
        raise ValueError(f"{_prim(name)} the rank of overlaps must be equal to 2, but got "
                         f"{overlaps.ndim}.")
    count = overlaps.shape[0]
    if overlaps.shape[1] != count:
        raise ValueError(f"{_prim(name)} the size of the second dimension of overlaps must be "
                         f"equal to {count}, but got {overlaps.shape[1]}.")
    if scores.shape[0] != count:
        raise ValueError(f"{_prim(name)} the length of scores must be equal to {count}, but got "
                         f"{scores.shape[0]}.")
    limit = int(concrete_array(max_output_size))
    if limit < 0:
        raise ValueError(f"For '{name}', the input max_output_size must be non-negative.")
    table, values = concrete_array(overlaps), concrete_array(scores)
    most, least = float(concrete_array(overlap_threshold)), float(concrete_array(score_threshold))
    kept = []
    for i in np.argsort(-values.astype(np.float64), kind="stable"):
        if len(kept) == limit or values[i] <= least:
            break
        if all(table[i, j] <= most for j in kept):
            kept.append(int(i))
    return jnp.asarray(np.array(kept, np.int32))


NonMaxSuppressionWithOverlaps = primitive("NonMaxSuppressionWithOverlaps",
                                          functional(_nms_with_overlaps))
