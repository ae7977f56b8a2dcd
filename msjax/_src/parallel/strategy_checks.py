"""MindSpore's checks of an operator's shard strategy, made where the operator is compiled.

In semi-auto and auto parallel mode MindSpore's compiler checks each sharded operator's strategy
against its inputs' shapes and the devices of its pipeline stage before it partitions anything;
a strategy it refuses stops the compile with `RuntimeError: Failure:operator <Name> init failed`
(the reason goes to its ERROR log; msjax puts it on the message's next line). msjax makes the
same checks before it turns the strategy into shardings (parallel/strategy_sharding.py):

- one strategy per input, each with one split count per dimension, every count at least 1,
  dividing its dimension, and a power of 2 when the stage's device number is one;
- an input's split counts multiply to a divisor of the stage's device number (the context's
  `device_num` when set, as MindSpore's simulated jobs set it, else the job's devices; divided by
  `pipeline_stages`); a Layout's device matrix may not need more devices than the stage has;
- ScatterNd and TensorScatter operators take tuples, not Layouts, split no indices, split
  updates as the input's unindexed dimensions, and (the Update ones) split none of the input's
  indexed dimensions;
  RandomChoiceWithMask splits nothing; ROIAlign splits neither the features' height and width
  nor the rois' second dimension, nor, when an input's shape is dynamic, the features' batch;
  a sharded Conv2D strides 1 over the batch and the channels;
- an operator given the attribute `self_define_shard=True` takes its layouts as given (only the
  per-input checks of the first two items apply), and the attribute must be a bool;
- the elementwise binary operators (MindSpore's `ArithmeticBase` family: Add, Mul, RealDiv,
  Maximum, ...) split the dimensions their two inputs share (neither of size 1, aligned from the
  right) the same way (a mesh axis of size 1 splits nothing), and take no output strategy.

MindSpore's other per-operator rules (which dimensions of a Gather or a Conv2D may be split,
...) are its partitioner's own and are not repeated: XLA's SPMD partitioner computes any
sharding of such an operator correctly.
"""
from __future__ import annotations

import linecache
import math
import os
import sys
import sysconfig

import jax

from msjax._src.parallel import parallel_context
from msjax._src.parallel.parallel_layout import Layout

# Files that are not the user's: msjax's, JAX's and Python's own library.
_SKIPPED = tuple(os.path.dirname(os.path.abspath(module.__file__)) + os.sep
                 for module in (sys.modules["msjax"], jax)) + (
    sysconfig.get_paths()["stdlib"] + os.sep,)

# MindSpore's ArithmeticBase operators (and the comparison and min/max ones built on it).
ELEMENTWISE_BINARY = frozenset((
    "Add", "Sub", "Mul", "Div", "Mod", "RealDiv", "FloorDiv", "FloorMod", "Pow", "Atan2",
    "DivNoNan", "LogicalAnd", "LogicalOr", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "MulNoNan",
    "TruncateDiv", "TruncateMod", "Xdivy", "Xlogy", "Hypot", "Igamma", "Igammac", "LeftShift",
    "RightShift", "NextAfter", "Zeta", "Gcd", "SquaredDifference", "Maximum", "Minimum", "Equal",
    "NotEqual", "Greater", "GreaterEqual", "Less", "LessEqual"))

SCATTER_ND = frozenset(("ScatterNdAdd", "ScatterNdSub", "ScatterNdUpdate", "TensorScatterUpdate",
                        "TensorScatterAdd", "TensorScatterSub", "TensorScatterMul",
                        "TensorScatterDiv", "TensorScatterMax", "TensorScatterMin"))
_SCATTER_UPDATE = frozenset(("ScatterNdUpdate", "TensorScatterUpdate"))


def stage_device_num() -> int:
    """The devices of one pipeline stage, which MindSpore checks strategies against: the
    context's `device_num` when it was set, else the job's devices; over `pipeline_stages`."""
    context = parallel_context.get_auto_parallel_context
    devices = (context("device_num") if parallel_context.device_num_is_set()
               else len(jax.devices()))
    return max(devices // context("pipeline_stages"), 1)


def _construct_line() -> str:
    """MindSpore's 'Traceback of Net Construct Code' for the operator being checked: the file,
    line and code of the innermost caller outside msjax, JAX and Python's own library (the
    construct line that calls the operator); "" when there is none."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not (filename.startswith(_SKIPPED) or filename.startswith("<")):
            code = linecache.getline(filename, frame.f_lineno).strip()
            return ("\n\n----------------------------------------------------\n"
                    "- The Traceback of Net Construct Code:\n"
                    "----------------------------------------------------\n"
                    f"# 0 In file {filename}:{frame.f_lineno}\n        {code}")
        frame = frame.f_back
    return ""


def _refuse(api, reason):
    raise RuntimeError(f"Failure:operator {api} init failed\n{api}: {reason}{_construct_line()}")


def _text(strategy) -> str:
    return str(tuple(item.to_dict()["tensor_map"] if isinstance(item, Layout) else item
                     for item in strategy))


def _check_tuple(api, strategy, item, shape, devices):
    if len(item) != len(shape):
        _refuse(api, f"The strategy is {_text(strategy)}, strategy len: {len(item)} is not equal "
                     f"to inputs len: {len(shape)}")
    for split, size in zip(item, shape):
        if split < 1:
            _refuse(api, f"The strategy is {_text(strategy)}, the value of strategy must be larger "
                         f"than 0, but get {split}")
        if size is not None and size >= 0 and size % split:
            _refuse(api, f"The strategy is {_text(strategy)}, shape {size} cannot be divisible by "
                         f"strategy value {split}")
        if split & (split - 1) and not devices & (devices - 1):
            _refuse(api, f"The strategy is {_text(strategy)}, the value of strategy must be the "
                         f"power of 2, but get {split}")
    needed = math.prod(item)
    if devices % needed:
        _refuse(api, f"The strategy is {_text(strategy)}, it requires {needed} devices, but the "
                     f"device number of this stage is {devices}, it can not be divisible by "
                     f"{needed}")


def _check_layout(api, item, shape, devices):
    info = item.to_dict()
    if len(info["tensor_map"]) != len(shape):
        _refuse(api, f"The layout's tensor map {info['tensor_map']} has {len(info['tensor_map'])} "
                     f"entries, but the input has {len(shape)} dimensions")
    matrix = info["device_matrix"]
    for entry, size in zip(info["tensor_map"], shape):
        split = math.prod(matrix[len(matrix) - 1 - axis]
                          for axis in (entry if isinstance(entry, tuple) else (entry,))
                          if axis != -1)
        if size is not None and size >= 0 and size % split:
            _refuse(api, f"The layout {info['tensor_map']} of device matrix {matrix} splits a "
                         f"dimension of size {size} into {split} parts, which does not divide it")
    # an "interleaved_parallel" axis (the last) splits the tensor on each device, not devices
    needed = math.prod(matrix[:-1] if info["interleaved_parallel"] else matrix)
    if needed > devices:
        _refuse(api, f"The device matrix {info['device_matrix']} needs {needed} devices, but the "
                     f"device number of this stage is {devices}")


def _split_of(item, dim, ndim):
    """What splits dimension `dim` of an input: its split count, or its Layout's mesh axes."""
    if isinstance(item, Layout):
        info = item.to_dict()
        matrix, entry = info["device_matrix"], info["tensor_map"][dim]
        entry = entry if isinstance(entry, tuple) else (entry,)
        return tuple(axis for axis in entry
                     if axis != -1 and matrix[len(matrix) - 1 - axis] > 1) or None
    return item[dim] if item[dim] != 1 else None


def _check_broadcast(api, strategy, shapes):
    """ArithmeticBase: the two inputs split each dimension they share (aligned from the right,
    neither of size 1) alike."""
    (a, b), (shape_a, shape_b) = strategy, shapes
    if isinstance(a, Layout) and isinstance(b, Layout) and (
            a.to_dict()["device_matrix"] != b.to_dict()["device_matrix"]):
        _refuse(api, f"The device_matrix of input0 {list(a.to_dict()['device_matrix'])} dose not "
                     f"equal to device_matrix of input1 {list(b.to_dict()['device_matrix'])}")
    for offset in range(1, min(len(shape_a), len(shape_b)) + 1):
        if shape_a[-offset] in (1, None) or shape_b[-offset] in (1, None) or min(
                shape_a[-offset], shape_b[-offset]) < 0:
            continue  # broadcast, or a dynamic dimension (known when the program runs)
        if _split_of(a, len(shape_a) - offset, len(shape_a)) != _split_of(
                b, len(shape_b) - offset, len(shape_b)):
            _refuse(api, f"Invalid strategy {_text(strategy)}: the inputs of shapes "
                         f"{tuple(shape_a)} and {tuple(shape_b)} split dimension {-offset} "
                         "differently")


def _dynamic(shapes) -> bool:
    """Whether an input has a dynamic dimension (-1 or None: `Tensor(shape=[None, ...])`)."""
    return any(size is None or size < 0 for shape in shapes for size in shape)


def _check_scatter_nd(api, strategy, shapes):
    """ScatterNdOpsInfo: input (a, b, c, d), indices unsplit, updates (1, 1, c, d)."""
    data, indices, updates = strategy
    gathered = shapes[1][-1]
    if api in _SCATTER_UPDATE and any(split != 1 for split in data[:gathered]):
        _refuse(api, "For ScatterNdUpdate/TensorScatterUpdate, the input cannot be shard at "
                     f"gather dims input[:{gathered}].")
    if math.prod(indices) != 1:
        _refuse(api, "The indices can not be split")
    leading = len(indices) - 1
    if math.prod(updates[:leading]) != 1:
        _refuse(api, f"The first {leading} dimensions of updates can not be split")
    if tuple(updates[leading:]) != tuple(data[gathered:]):
        _refuse(api, "updates.strategy must be equal to indices.strategy[:-1] + "
                     "input.strategy[indices.strategy[-1]:]")


def _check_operator_rules(api, strategy, shapes, attrs):
    """The per-operator rules the module's docstring lists (tuple strategies)."""
    stride = attrs.get("stride") if api == "Conv2D" else None
    if isinstance(stride, (tuple, list)) and len(stride) == 4 and tuple(stride[:2]) != (1, 1):
        _refuse(api, f"The first two elements of stride must be 1, but got ({stride[0]}, "
                     f"{stride[1]})")
    if api in SCATTER_ND and len(strategy) == 3:
        _check_scatter_nd(api, strategy, shapes)
    elif api == "RandomChoiceWithMask" and any(split != 1 for split in strategy[0]):
        _refuse(api, "Each dimension of input tensor is not splittable, but the strategy is "
                     f"{_text(strategy)}")
    elif api == "ROIAlign":
        if strategy[0][2] != 1 or strategy[0][3] != 1:
            _refuse(api, "Invalid strategy, the value of strategy[0][2] and strategy[0][3] must "
                         f"be 1, but got strategy {_text(strategy)}")
        if strategy[1][1] != 1:
            _refuse(api, "Invalid strategy, the value of strategy[1][1] must be 1, but got "
                         f"strategy {_text(strategy)}")
        if strategy[0][0] != 1 and _dynamic(shapes):
            _refuse(api, "the dim-0 of first input can not be split if it's dynamic shape, the "
                         f"strategy is {_text(strategy)}, the inputs' shape: {shapes}")


def tensor_input_strategies(api, strategy, is_tensor, attrs):
    """The strategies of an operator's Tensor inputs, from its `in_strategy` as MindSpore writes
    it: one entry per input when it names the Python scalars too (`()` for each), and OneHot's
    first entry describing its output (the indices' dimensions with the depth inserted at
    `axis`); `is_tensor` says which inputs are Tensors."""
    if len(strategy) == len(is_tensor) != sum(is_tensor):
        for item, tensor in zip(strategy, is_tensor):
            if not tensor and item not in ((), None):
                _refuse(api, f"The strategy is {_text(strategy)}, strategy len: {len(item)} is "
                             "not equal to inputs len: 0")
        strategy = tuple(item for item, tensor in zip(strategy, is_tensor) if tensor)
    if api == "OneHot" and strategy and not isinstance(strategy[0], Layout):
        output = tuple(strategy[0])
        axis = (attrs or {}).get("axis", -1)
        axis = axis if axis >= 0 else len(output) + axis
        if not 0 <= axis < len(output):
            _refuse(api, f"The strategy is {_text(strategy)}, its first entry (the output's) "
                         f"has no axis {axis}")
        strategy = (output[:axis] + output[axis + 1:],) + tuple(strategy[1:])
    return tuple(strategy)


def check_operator_strategy(api, strategy, shapes, out_strategy=None, attrs=None):
    """MindSpore's checks of operator `api`'s `strategy` (one tuple or Layout per input) for
    inputs of `shapes` (see the module's docstring), given the Primitive's attributes `attrs`;
    RuntimeError as MindSpore's compile."""
    if attrs and "self_define_shard" in attrs and not isinstance(attrs["self_define_shard"], bool):
        raise RuntimeError("SELF_DEFINE_SHARD attribute is not a bool")
    devices = stage_device_num()
    if len(strategy) != len(shapes):
        _refuse(api, f"The strategy is {_text(strategy)}, strategy size: {len(strategy)} is not "
                     f"equal to inputs size: {len(shapes)}")
    for item, shape in zip(strategy, shapes):
        if isinstance(item, Layout):
            _check_layout(api, item, shape, devices)
        else:
            _check_tuple(api, strategy, item, shape, devices)
    if attrs and attrs.get("self_define_shard") is True:
        return  # MindSpore's SelfDefineShardInfo: the user's layouts, in and out, as given
    if api in SCATTER_ND and any(isinstance(item, Layout) for item in strategy):
        _refuse(api, "Its operator info takes no Layout (MindSpore's ScatterNd and TensorScatter "
                     "infos have no layout checks): give tuples, or the attribute "
                     "self_define_shard=True to take the layouts as given")
    if not any(isinstance(item, Layout) for item in strategy):
        _check_operator_rules(api, strategy, shapes, attrs or {})
    if api in ELEMENTWISE_BINARY:
        if len(shapes) == 2:
            _check_broadcast(api, strategy, shapes)
        if out_strategy:
            _refuse(api, "It does not support to set output strategy now, please modify the "
                         "shard set")
