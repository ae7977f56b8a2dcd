"""MindSpore's per-op shape rules: the ranks, shapes and values its shape inference (or a
functional op's Python) rejects, with its exception and message (`RULES`, consulted by the
registry through `input_rules.checked`).

Learnt from MindSpore 2.10 with the bad inputs of tests/goldens/scripts/robustness_probe.py
(whole messages: tests/goldens/scripts/shape_messages_probe.py, recorded in
tests/goldens/robustness/shape_messages.out; tests/ops/test_input_rules.py checks msjax's against
them). A check sees arrays as `Aval(dtype, shape)` and Python values as they are; it passes what
it cannot read (a traced shape is static in JAX, so every array has one).
"""
from __future__ import annotations

import numpy as np

from msjax._src.ops.input_rules import SHAPE, Aval, Rule, check


def _shape(description):
    return description.shape if isinstance(description, Aval) else None


def _rank(description):
    shape = _shape(description)
    return None if shape is None else len(shape)


def _vector(shape) -> str:
    """A shape as MindSpore's C++ prints it in these messages: `[2,3,]`."""
    return "[" + "".join(f"{d}," for d in shape) + "]"


def _tuple(shape) -> str:
    """A shape as MindSpore's C++ prints it as a tuple: `(2, 3)`, `(1)`, `()`."""
    return "(" + ", ".join(str(d) for d in shape) + ")"


def rank_is(key, ranks, message, error=ValueError):
    """The array at `key` has one of `ranks`, else `error(message.format(rank=...))`."""
    @check(key, level=SHAPE)
    def rank_check(described):
        rank = _rank(described[key])
        if rank is not None and rank not in ranks:
            raise error(message.format(rank=rank))
    return rank_check


def same_shape(first, second, message):
    """The arrays at `first` and `second` have one shape, else ValueError(message) with `{0}`,
    `{1}` their shapes as `[2,3,]` and `{t0}`, `{t1}` as `(2, 3)`."""
    @check(first, second, level=SHAPE)
    def same_shape_check(described):
        a, b = _shape(described[first]), _shape(described[second])
        if a is not None and b is not None and a != b:
            raise ValueError(message.format(_vector(a), _vector(b), t0=_tuple(a),
                                            t1=_tuple(b)))
    return same_shape_check


def _pool(primitive, rank, wording="the x_rank must be equal to {0}, but got"):
    return Rule(rank_is(0, (rank,), f"For primitive[{primitive}], {wording.format(rank)} "
                                    "{rank}."))


def _avg_pool3d_of(added, ranks=None):
    """A functional pooling op MindSpore computes with AvgPool3D on its input given `added`
    leading unit axes (ops.avg_pool1d: 2, avg_pool2d and lp_pool2d: 1): AvgPool3D's rank error,
    naming the expanded rank, unless the input's rank is one of `ranks` (default: 5 - added)."""
    accepted = (5 - added,) if ranks is None else ranks

    @check(0, level=SHAPE)
    def avg_pool3d_rank(described):
        rank = _rank(described[0])
        if rank is not None and rank not in accepted:
            raise ValueError("For primitive[AvgPool3D], the x_rank must be equal to 5, but got "
                             f"{rank + added}.")
    return Rule(avg_pool3d_rank)


@check(0, 1, level=SHAPE)
def _matmul_ranks(described):
    ranks = _rank(described[0]), _rank(described[1])
    if None not in ranks and ranks != (2, 2):
        raise ValueError("MatMul inputs should have the same dimension size and equal to 2.")


@check(0, 2, level=SHAPE)
def _bce_weight(described):
    x, weight = _shape(described[0]), _shape(described[2])
    if x is None or weight is None:
        return
    try:
        fits = np.broadcast_shapes(weight, x) == x
    except ValueError:
        fits = False
    if not fits:
        raise ValueError("For 'BinaryCrossEntropy', the shape of 'weight' can not broadcast to "
                         "the shape of 'input'.")


@check(1, 2, 3, level=SHAPE)
def _strided_slice_lengths(described):
    lengths = [len(v) if isinstance(v, tuple) else None for v in
               (described[1], described[2], described[3])]
    if None not in lengths and len(set(lengths)) > 1:
        raise ValueError("For 'StridedSlice', 'begin', 'end' and 'strides' must have the same "
                         f"length, but got length of 'begin': {lengths[0]}, 'end': {lengths[1]}"
                         f", 'strides': {lengths[2]}.")


def _is_values(description) -> bool:
    """Whether a description is a tuple of Python values (not an array's `Aval`)."""
    return isinstance(description, tuple) and not isinstance(description, Aval)


@check(0, 1, 2, level=SHAPE)
def _slice_begin_size(described):
    rank, begin, size = _rank(described[0]), described[1], described[2]
    # (begin and size given as Tensors are Avals, whose values the check cannot read)
    if rank is None or not _is_values(begin) or not _is_values(size):
        return
    if not len(begin) == len(size) == rank:
        raise ValueError("For Slice, the shape of input|begin|size must be equal.")
    if any(isinstance(b, int) and b < 0 for b in begin):
        raise ValueError("For Slice, the begin is invalid.")
    for s in size:
        if isinstance(s, int) and s < -1:
            raise RuntimeError(f"For Slice, the value in size should not be less than -1, but "
                               f"got {s}")
    shape = _shape(described[0])
    for k, (b, s) in enumerate(zip(begin, size)):
        if isinstance(b, int) and isinstance(s, int) and s != -1 and b + s > shape[k]:
            raise ValueError(f"For Slice, the sum of begin_shape[{k}] and size_shape[{k}] must be "
                             f"no greater than input_x_shape[{k}].")


def _assign(primitive):
    @check(0, 1, level=SHAPE)
    def assign_ranks(described):
        variable, value = _rank(described[0]), _rank(described[1])
        if variable is not None and value is not None and variable != value:
            raise ValueError(f"For '{primitive}','value' must have the same rank as 'variable'. "
                             f"But got 'value' rank: {value}, 'variable' rank: {variable}.")
    return Rule(assign_ranks)


@check(0, 1, level=SHAPE)
def _iou_ranks(described):
    x, y = _rank(described[0]), _rank(described[1])
    if x is not None and y is not None and (x, y) != (2, 2):
        raise ValueError(f"For 'IOU', input x, y must have the same dimension size and must be "
                         f"2. But got x size = {x}, y size = {y}.")


@check(0, level=SHAPE)
def _add_n_shapes(described):
    elements = described[0]
    if not isinstance(elements, tuple):
        return
    shapes = [_shape(e) for e in elements]
    if not shapes or shapes[0] is None:
        return
    for k, shape in enumerate(shapes[1:], 1):
        if shape is not None and shape != shapes[0]:
            raise ValueError(f"For 'AddN', input shape must be same, but got shape of input[{k}]"
                             f": {_tuple(shape)}, shape of input[0]: {_tuple(shapes[0])}.")


def _arg_with_value(primitive):
    @check(0, "axis", level=SHAPE)
    def arg_with_value_check(described):
        shape, axis = _shape(described[0]), described["axis"]
        if shape is None:
            return
        if shape == () and isinstance(axis, int) and axis not in (0, -1):
            raise ValueError(f"For {primitive} with 0d input tensor, axis must be one of 0 or "
                             f"-1, but got {axis}.")
        if 0 in shape:
            raise ValueError(f"{primitive} cannot deal with empty input. Please try other "
                             "inputs")
    return Rule(arg_with_value_check)


@check(0, "axis", level=SHAPE)
def _max_empty(described):
    shape, axis = _shape(described[0]), described["axis"]
    if shape is not None and axis is not None and 0 in shape:
        raise ValueError("ArgMaxWithValue cannot deal with empty input. Please try other inputs")


@check(0, 1, 2, level=SHAPE)
def _scatter_add_shapes(described):
    x, indices, updates = (_shape(described[k]) for k in (0, 1, 2))
    if None in (x, indices, updates):
        return
    if updates != indices + x[1:]:
        raise ValueError(f"For ScatterAdd, updates_shape = indices_shape + input_x_shape[1:], "
                         f"but got input_x_shape: {_tuple(x)}, indices_shape: {_tuple(indices)}, "
                         f"updates_shape: {_tuple(updates)}.")


@check(0, 1, 2, level=SHAPE)
def _scatter_nd_update_shapes(described):
    x, indices, updates = (_shape(described[k]) for k in (0, 1, 2))
    if None in (x, indices, updates) or not indices:
        return
    name = "For primitive[ScatterNdUpdate]"
    if indices[-1] > len(x):
        raise ValueError(f"{name}, the the value of last dimension of 'indices' must be less than "
                         f"or equal to the dimension of 'input_x' which is {len(x)} , but got "
                         f"{indices[-1]}.")
    if len(updates) < 1:
        raise ValueError(f"{name}, the dimension of 'updates' must be greater than or equal to "
                         f"1 , but got {len(updates)}.")
    if indices[0] != updates[0]:
        raise ValueError(f"{name}, the 0th dimension of indices must be equal to 0th dimension "
                         f"of updates which is {updates[0]} , but got {indices[0]}.")
    expected = len(indices) - 1 + len(x) - indices[-1]
    if len(updates) != expected:
        raise ValueError(f"{name}, the len(updates.shape)' must be equal to len(indices.shape) "
                         f"- 1 + len(input_x.shape) - indices.shape[-1] which is {expected} , but "
                         f"got {len(updates)}.")
    batch = len(indices) - 1
    for k in range(batch, len(updates)):
        want = x[indices[-1] + k - batch]
        if updates[k] != want:
            raise ValueError(f"{name}, the {k}th dimension of updates must be equal to {k}th "
                             f"dimension of input_x.shape[indices.shape[-1]:] which is {want} , "
                             f"but got {updates[k]}.")


@check(0, 1, level=SHAPE)
def _equal_count_shapes(described):
    """EqualCount's ValueError for two shapes: MindSpore's text has two spaces after the comma
    where the ranks agree, one where they differ (its two checks)."""
    x, y = _shape(described[0]), _shape(described[1])
    if x is None or y is None or x == y:
        return
    gap = "  " if len(x) == len(y) else " "
    raise ValueError(f"For 'EqualCount',{gap}the shape of two args should be same, but the first "
                     f"arg shape {_tuple(x)} are not consistent with second arg shape "
                     f"{_tuple(y)}")


@check(0, 1, level=SHAPE)
def _dot_ranks(described):
    x1, x2 = _rank(described[0]), _rank(described[1])
    if x1 is not None and x2 is not None and min(x1, x2) < 2:
        raise ValueError(f"For \\'dot\\', the inputs x1, x2 should have \\'dimension >= 2\\',but "
                         f"got \\'len(x1_shape)\\': ({x1}) and \\'len(x2_shape)\\': ({x2}).")


@check(0, 1, 2, level=SHAPE)
def _tensor_dot_axes(described):
    x1, x2, axes = _shape(described[0]), _shape(described[1]), described[2]
    if not isinstance(axes, int) or isinstance(axes, bool):
        return
    if axes < 0:
        raise ValueError(f"For 'tensor_dot', the 'axes' must be at least 0, but got {axes}.")
    if x1 is not None and x2 is not None and (axes > len(x1) or axes > len(x2)):
        raise ValueError(f"For 'tensor_dot', the 'axes' cannot be greater than the length of "
                         f"'x1_shape' and 'x2_shape', but got 'axes': {axes}, 'x1_shape': {x1}, "
                         f"'x2_shape': {x2}.")


@check(0, 1, level=SHAPE)
def _pad_v3_ranks(described):
    if _rank(described[0]) == 0:
        raise ValueError("For 'PadV3', the dimension of 'x' must bigger than 0.")
    paddings = _rank(described[1])
    if paddings is not None and paddings != 1:
        raise ValueError(f"For primitive[PadV3], the paddings_dim must be equal to 1, but got "
                         f"{paddings}.")


@check(1, level=SHAPE)
def _pad_length(described):
    padding = described[1]
    if isinstance(padding, tuple) and len(padding) % 2:
        raise ValueError(f"For 'pad', the size of padding must be divisible by 2, but got "
                         f"{len(padding)}")


@check(1, level=SHAPE)
def _split_size(described):
    size = described[1]
    if isinstance(size, int) and not isinstance(size, bool) and size <= 0:
        raise ValueError(f"For split, the value of 'split_size_or_sections' must be more than "
                         f"zero, but got {size}.")


@check(0, "axis", level=SHAPE)
def _repeat_elements_axis(described):
    rank, axis = _rank(described[0]), described["axis"]
    if rank is not None and isinstance(axis, int) and not -rank <= axis < rank:
        raise ValueError(f"For 'repeat_elements', the 'axis' must be in range of [{-rank}, "
                         f"{rank}), but got {axis} with type 'int'.")


@check("size", level=SHAPE)
def _interpolate_size(described):
    size = described["size"]
    for k, value in enumerate(size if isinstance(size, tuple) else ()):
        if isinstance(value, int) and value <= 0:
            raise ValueError(f"For 'interpolate', the 'size[{k}]' must be int and must > 0, but "
                             f"got '{value}' with type 'int'.")


@check("start", "end", "step", level=SHAPE)
def _arange_direction(described):
    start, end, step = described["start"], described["end"], described["step"]
    if end is None:
        start, end = 0, start
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool)
               for v in (start, end, step)):
        return
    if step > 0 and end < start:
        raise ValueError("For Range, delta cannot be positive when limit < start.")
    if step < 0 and end > start:
        raise ValueError("For Range, delta cannot be negative when limit > start.")


@check(1, 2, level=SHAPE)
def _ctc_labels(described):
    indices, values = _shape(described[1]), _shape(described[2])
    if indices is not None and values is not None and len(indices) == 2 and len(values) == 1 \
            and indices[0] != values[0]:  # (ranks: the implementation checks them first)
        raise ValueError(f"For 'CTCLoss', the first dim of 'label_indices' and 'label_value' "
                         f"must be same, but got 'label_indices':{indices[0]}, 'label_value': "
                         f"{values[0]}.")


@check(0, "axis", level=SHAPE)
def _argmax_axis(described):
    rank, axis = _rank(described[0]), described["axis"]
    if rank is not None and isinstance(axis, int) and not -rank <= axis < rank:
        raise ValueError(f"For primitive[Argmax], the axis must be in [{-rank},{rank}), but got "
                         f"{axis}.")


def _const_vector(shape) -> str:
    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"


def _pooled(size, kernel, stride, pad_mode) -> int:
    if str(pad_mode).upper() == "SAME":
        return -(-size // stride)
    return (size - kernel) // stride + 1


def _window(value, count):
    """A pool's kernel size or strides as `count` spatial entries (None if it cannot say)."""
    if isinstance(value, int):
        return (value,) * count
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return value[-count:] if len(value) in (count, count + 2) else None
    return None


@check(0, "kernel_size", "strides", "pad_mode", "data_format", level=SHAPE)
def _max_pool_output(described):
    shape = _shape(described[0])
    kernel, strides = _window(described["kernel_size"], 2), _window(described["strides"], 2)
    if shape is None or len(shape) != 4 or None in (kernel, strides) or \
            described["data_format"] != "NCHW" or not isinstance(described["pad_mode"], str):
        return
    out = shape[:2] + tuple(_pooled(shape[2 + k], kernel[k], strides[k], described["pad_mode"])
                            for k in range(2))
    if min(out) <= 0:
        raise ValueError(f"For 'MaxPool', the each element of the output shape must be larger "
                         f"than 0, but got output shape: {_const_vector(out)}. The input shape: "
                         f"{_const_vector(shape)}, kernel size: {_const_vector((1, 1) + kernel)}"
                         f", strides: {_const_vector((1, 1) + strides)}. Please check the "
                         f"official api documents for more information about the output.")


def _pool3d_output(primitive, error, suffix=""):
    @check(0, "kernel_size", "strides", "pad_mode", "ceil_mode", level=SHAPE)
    def pool3d_output_check(described):
        shape = _shape(described[0])
        kernel, strides = _window(described["kernel_size"], 3), _window(described["strides"], 3)
        if shape is None or len(shape) != 5 or None in (kernel, strides) or \
                str(described["pad_mode"]).upper() != "VALID" or described["ceil_mode"]:
            return
        out = shape[:2] + tuple((shape[2 + k] - kernel[k]) // strides[k] + 1 for k in range(3))
        if min(out) <= 0:
            raise error(f"For '{primitive}', output shape's all elements must be positive, but "
                        f"got shape: {_const_vector(out)}.{suffix}")
    return pool3d_output_check


@check(0, level=SHAPE)
def _adaptive_avg_pool_sizes(described):
    shape = _shape(described[0])
    for k, size in enumerate(shape or ()):
        if size < 1:
            raise ValueError(f"For primitive[AdaptiveAvgPool2D], the {k}th dimension of x must "
                             f"be greater than or equal to 1, but got {size}.")


@check(0, 1, level=SHAPE)
def _pad_output_size(described):
    shape, padding = _shape(described[0]), described[1]
    if shape is None or not isinstance(padding, tuple) or len(padding) % 2 or \
            len(padding) // 2 > len(shape) or not all(isinstance(v, int) for v in padding):
        return
    padded = list(shape)
    for k in range(len(padding) // 2):
        for amount in padding[2 * k:2 * k + 2]:  # a negative padding crops at most the axis
            if amount < -shape[-1 - k]:
                raise ValueError(f"For primitive[PadV3], the paddings_value must be greater than "
                                 f"or equal to {-shape[-1 - k]}, but got {amount}.")
        padded[-1 - k] += padding[2 * k] + padding[2 * k + 1]
    for size in padded:
        if size <= 0:
            raise ValueError(f"For primitive[PadV3], the output size must be greater than 0, "
                             f"but got {size}.")


@check(0, 1, 2, level=SHAPE)
def _scatter_nd_shapes(described):
    scatter_nd_shapes(_shape(described[0]), _shape(described[1]), described[2])


def scatter_nd_shapes(indices, updates, shape):
    """ScatterNd's checks of the shapes of `indices` and `updates` (tuples, or None where not
    known) against `shape`, with MindSpore's errors (the functional `scatter_nd` calls it too)."""
    if indices == ():  # (MindSpore's message names 'shape'; it is the indices that are scalar)
        raise RuntimeError("Failure info [The input [shape] must not be a scalar.].")
    if isinstance(shape, tuple) and any(isinstance(d, int) and d <= 0 for d in shape):
        raise ValueError(f"For 'ScatterNd', the input [shape] should be a tuple with all "
                         f"positive item. But got: {{ {', '.join(str(d) for d in shape)} }}")
    if indices is None or updates is None or not isinstance(shape, tuple):
        return
    q, r, p, n = len(indices), len(updates), len(shape), indices[-1]
    if r != q - 1 + p - n:
        raise ValueError(f"For 'ScatterNd', if the rank of 'indices' is 'Q', the rank of "
                         f"'updates' is 'R', the rank of output tensor is 'P' (length of the "
                         f"'shape'), and the last dimension of 'indices' is 'N', then 'R' should "
                         f"be equal to 'Q - 1 + P - N'. but got 'R' = {r}, 'Q' = {q}, 'P' = {p}, "
                         f"'N' = {n}")
    if updates != indices[:-1] + tuple(shape[n:]):
        listed = "".join(f"{d}, " for d in shape)
        raise ValueError(f"For 'ScatterNd', if the last dimension of 'indices' is 'N', the shape "
                         f"of 'updates' should be the concatenation of 'indices.shape[:-1]' and "
                         f"'shape[N:]'. but got 'indices.shape' is ({_tuple(indices)}, "
                         f"'updates.shape' is ({_tuple(updates)}, 'shape' is ({listed}).")


@check(1, "out_channel", level=SHAPE)
def _conv2d_out_channel(described):
    weight, out_channel = _shape(described[1]), described["out_channel"]
    if weight and isinstance(out_channel, int) and weight[0] != out_channel:
        raise RuntimeError(f"For 'Conv2D', 'w_shape[0]' must be equal to 'out_channel', but got "
                           f"'w_shape[0]': {weight[0]}, 'out_channel': {out_channel}.")


@check(1, level=SHAPE)
def _tile_dims(described):
    dims = described[1]
    for k, d in enumerate(dims if isinstance(dims, tuple) else ()):
        if isinstance(d, int) and d < 0:
            raise ValueError(f"For 'Tile', 'dims' cannot contain negative integer numbers, but "
                             f"got {d} in {k}th.")


@check(0, 2, level=SHAPE)
def _gather_d_ranks(described):
    x, index = _rank(described[0]), _rank(described[2])
    if x is not None and index is not None and x != index:
        raise ValueError(f"For primitive[GatherD], the x_rank must be equal to {index}, but got "
                         f"{x}.")


@check(1, level=SHAPE)
def _check_valid_metas(described):
    metas = _shape(described[1])
    if metas is None:
        return
    if len(metas) != 1:
        raise ValueError(f"For primitive[CheckValid], the img_metas rank must be equal to 1, but "
                         f"got {len(metas)}.")
    if metas[0] != 3:
        raise ValueError(f"For 'CheckValid', the first dimension of 'img_metas' must equal to 3, "
                         f"but got: {metas[0]}.")


@check(0, level=SHAPE)
def _max_pool_argmax_empty(described):
    shape = _shape(described[0])
    for k, size in enumerate(shape or ()):
        if size == 0:
            raise ValueError(f"For 'MaxPoolWithArgmax', expected input have non-empty spatial "
                             f"dimensions, but input has sizes {size} wit h dimension {k} being "
                             f"empty.")


@check(0, 3, level=SHAPE)
def _ctc_sequence_length(described):
    inputs, lengths = _shape(described[0]), _shape(described[3])
    if lengths is None:
        return
    if len(lengths) != 1:
        raise ValueError(f"For primitive[CTCLoss], the sequence_length rank must be equal to 1, "
                         f"but got {len(lengths)}.")
    if inputs is not None and len(inputs) == 3 and inputs[1] != lengths[0]:
        raise ValueError(f"For 'CTCLoss', input batch_size must be same with 'sequence_length' "
                         f"batch_size, but got input batch_size:{inputs[1]}, 'sequence_length' "
                         f"batch_size: {lengths[0]}.")


@check(0, 1, 2, level=SHAPE)
def _nll_shapes(described):
    logits, labels, weight = (_shape(described[k]) for k in (0, 1, 2))
    if logits is not None and len(logits) != 2:
        raise RuntimeError(f"For 'NLLLoss', the dimension of 'logits' should be 2, but got: "
                           f"{len(logits)}")
    if labels is not None and weight is not None and (len(labels), len(weight)) != (1, 1):
        raise RuntimeError(f"For 'NLLLoss', the dimension of 'labels' and 'weight' should all "
                           f"be 1, but got: {len(labels)} and {len(weight)} respectively.")
    if None not in (logits, labels, weight) and (logits[0] != labels[0]
                                                 or logits[1] != weight[0]):
        raise RuntimeError(f"For 'NLLLoss', logits_shape[0] should be equal to labels_shape[0], "
                           f"logits_shape[1] should be equal to weight_shape[kIndex0], but got "
                           f"logits_shape: {_const_vector(logits)}, labels_shape: "
                           f"{_const_vector(labels)}, weight_shape: {_const_vector(weight)}.")


@check(0, 1, 2, level=SHAPE)
def _crop_and_resize_shapes(described):
    x, boxes, index = (_shape(described[k]) for k in (0, 1, 2))
    name = "For primitive[CropAndResize]"
    for shape, arg, rank in ((x, "x", 4), (boxes, "boxes", 2), (index, "box_index", 1)):
        if shape is not None and len(shape) != rank:
            raise ValueError(f"{name}, the [{arg}] rank must be equal to {rank}, but got "
                             f"{len(shape)}.")
    if boxes is not None and boxes[1] != 4:
        raise ValueError(f"{name}, the [boxes] dim_1 must be equal to 4, but got {boxes[1]}.")
    if boxes is not None and index is not None and boxes[0] != index[0]:
        raise ValueError(f"{name}, the [boxes] dim_0 must be equal to [box_index] dim_0, but got "
                         f"{boxes[0]} vs {index[0]}.")


def _var_shapes(primitive, others):
    """The shapes of the arguments `others` equal var's (argument 0)."""
    @check(0, *others, level=SHAPE)
    def var_shapes_check(described):
        var = _shape(described[0])
        for k in others:
            other = _shape(described[k])
            if var is not None and other is not None and other != var:
                raise ValueError(f"For primitive[{primitive}], the var_shape: {_vector(var)} must "
                                 f"be equal to {_vector(other)}")
    return var_shapes_check


_TILE = Rule(_tile_dims)
_TOP_K = Rule(rank_is(0, range(1, 64), "For 'TopK', the dimension of input must be greater "
                                       "than 0, but got empty input.", RuntimeError))
_GATHER_D = Rule(_gather_d_ranks)
_ADD_N = Rule(_add_n_shapes)
_SIGMOID_CE = "For SigmoidCrossEntropyWithLogits, evaluator arg 'label' shape must be " \
              "consistent with 'logits' shape, but got 'label' shape: {t1}, 'logits' shape: {t0}."

# msjax's registered name (functional op or Primitive class) -> its Rule
_BINARY_CROSS_ENTROPY = Rule(same_shape(0, 1, "For primitive[BinaryCrossEntropy], the "
                                              "input_shape: {0} must be equal to {1}"),
                             _bce_weight)

RULES: dict[str, Rule] = {
    "MatMul": Rule(_matmul_ranks),
    "SigmoidCrossEntropyWithLogits": Rule(same_shape(0, 1, _SIGMOID_CE)),
    "SmoothL1Loss": Rule(same_shape(0, 1, "For primitive[SmoothL1Loss], the prediction_shape: "
                                          "{0} must be equal to {1}")),
    "SquareSumAll": Rule(same_shape(0, 1, "For primitive[SquareSumAll], the x: {0} must be equal "
                                          "to {1}")),
    "BinaryCrossEntropy": _BINARY_CROSS_ENTROPY,
    "binary_cross_entropy": _BINARY_CROSS_ENTROPY,  # (nn.BCELoss too: the Primitive's checks)
    "StridedSlice": Rule(_strided_slice_lengths),
    "Slice": Rule(_slice_begin_size),
    "BiasAdd": Rule(rank_is(0, (2, 3, 4, 5), "For primitive[BiasAdd], the rank of input_x must "
                                             "be in [2,5], but got {rank}."),
                    rank_is(1, (1,), "For primitive[BiasAdd], the rank of bias must be equal to "
                                     "1, but got {rank}.")),
    "SoftmaxCrossEntropyWithLogits": Rule(*(rank_is(k, (2,), "For primitive[SoftmaxCrossEntropy"
                                                             f"WithLogits], the dimension of {n} "
                                                             "must be equal to 2, but got {rank}.")
                                            for k, n in ((0, "logits"), (1, "labels")))),
    "Assign": _assign("Assign"),
    "assign": _assign("Assign"),
    "AssignAdd": _assign("AssignAdd"),
    "assign_add": _assign("AssignAdd"),
    "MaxPoolWithArgmax": _pool("MaxPoolWithArgmax", 4) + Rule(_max_pool_argmax_empty),
    "MaxPool": _pool("MaxPool", 4, "the length of input must be equal to {0} , but got")
    + Rule(_max_pool_output),
    "AvgPool": _pool("AvgPool", 4),
    "MaxPool3D": _pool("MaxPool3D", 5) + Rule(_pool3d_output("MaxPool3D", ValueError)),
    "AvgPool3D": _pool("AvgPool3D", 5) + Rule(_pool3d_output("AvgPool3D", RuntimeError,
                                                             "Please check input parameter!")),
    "avg_pool1d": _avg_pool3d_of(2),
    "avg_pool2d": _avg_pool3d_of(1),
    "lp_pool1d": _avg_pool3d_of(2, ranks=(2, 3)),  # (a 2-d input gains its batch axis first)
    "lp_pool2d": _avg_pool3d_of(1),
    "MaxUnpool2D": Rule(same_shape(0, 1, "For primitive[MaxUnpool2D], the x_shape: {0} must be "
                                         "equal to {1}")),
    "max_unpool2d": Rule(same_shape(0, 1, "For primitive[MaxUnpool2D], the x_shape: {0} must be "
                                          "equal to {1}")),
    "AdaptiveAvgPool2D": Rule(rank_is(0, (3, 4), "For primitive[AdaptiveAvgPool2D], the dim of "
                                                 "x must be in [3,4], but got {rank}."),
                              _adaptive_avg_pool_sizes),
    "Argmax": Rule(_argmax_axis),
    "ScatterNd": Rule(_scatter_nd_shapes),
    "Conv2D": Rule(rank_is(1, (4,), "For primitive[Conv2D], the w shape size must be equal to 4, "
                                    "but got {rank}."), _conv2d_out_channel),
    "ResizeNearestNeighbor": Rule(rank_is(0, (4,), "For primitive[ResizeNearestNeighbor], the "
                                                   "image rank must be equal to 4, but got "
                                                   "{rank}.")),
    "IOU": Rule(_iou_ranks),
    "NMSWithMask": Rule(rank_is(0, (2,), "For primitive[NMSWithMask], the shape of bboxes must "
                                         "be equal to 2 , but got {rank}.")),
    "CheckValid": Rule(rank_is(0, (2,), "For primitive[CheckValid], the bboxes rank must be "
                                        "equal to 2, but got {rank}."), _check_valid_metas),
    "AddN": _ADD_N,
    "addn": _ADD_N,
    "LinSpace": Rule(*(rank_is(k, (0,), f"For primitive[LinSpace], the rank of '{n}' must be "
                                        "equal to 0, but got {rank}.")
                       for k, n in ((0, "start"), (1, "stop")))),
    "ReverseSequence": Rule(rank_is(1, (1,), "For 'ReverseSequence', the 'seq_lengths' rank "
                                             "should be = expected: 1 , but got {rank}.")),
    "ArgMaxWithValue": _arg_with_value("ArgMaxWithValue"),
    "ArgMinWithValue": _arg_with_value("ArgMinWithValue"),
    "max": Rule(_max_empty),
    "Unique": Rule(rank_is(0, (1,), "Rank of Unique's input must be 1.", RuntimeError)),
    "ScatterAdd": Rule(_scatter_add_shapes),
    "ScatterNdUpdate": Rule(_scatter_nd_update_shapes),
    "NLLLoss": Rule(_nll_shapes),
    "dot": Rule(_dot_ranks),
    "tensor_dot": Rule(_tensor_dot_axes),
    "PadV3": Rule(_pad_v3_ranks),
    "pad": Rule(_pad_v3_ranks, _pad_length, _pad_output_size),
    "split": Rule(_split_size),
    "repeat_elements": Rule(_repeat_elements_axis),
    "interpolate": Rule(_interpolate_size),
    "arange": Rule(_arange_direction),
    "CTCLoss": Rule(_ctc_labels, _ctc_sequence_length),
    "CropAndResize": Rule(_crop_and_resize_shapes),
    "Adam": Rule(_var_shapes("Adam", (1, 2, 9))),
    "MaxPoolGradGradWithArgmax": Rule(
        *(rank_is(k, (4,), f"For primitive[MaxPoolGradGradWithArgmax], the {n} shape size must "
                           "be equal to 4, but got {rank}.")
          for k, n in ((0, "origin input"), (1, "origin output"), (2, "grad"))),
        same_shape(0, 1, "For primitive[MaxPoolGradGradWithArgmax], the argmax_shape: {0} must "
                         "be equal to {1}")),
    "AdamWeightDecay": Rule(_var_shapes("AdamWeightDecay", (1, 8))),
    "Tile": _TILE,
    "tile": _TILE,
    "TopK": _TOP_K,
    "topk": _TOP_K,
    "Flatten": Rule(rank_is(0, range(1, 64), "Unsupported input shape dimension. The shape "
                                             "should not be empty.", RuntimeError)),
    "EqualCount": Rule(_equal_count_shapes),
    "L2Normalize": Rule(rank_is(0, range(1, 64), "For 'L2Normalize', input shape size must be "
                                                 "> 0.", TypeError)),
    "BoundingBoxDecode": Rule(*(rank_is(k, (2,), "For primitive[BoundingBoxDecode], the "
                                                 f"{n} rank must be equal to 2, but got {{rank}}.")
                                for k, n in ((0, "anchor box"), (1, "deltas")))),
    "BoundingBoxEncode": Rule(*(rank_is(k, (2,), "For primitive[BoundingBoxEncode], the "
                                                 f"{n} rank must be equal to 2, but got {{rank}}.")
                                for k, n in ((0, "anchor box"), (1, "groundtruth box")))),
    "GatherD": _GATHER_D,
    "gather_elements": _GATHER_D,
}
