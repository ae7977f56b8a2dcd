"""MindSpore's strategy checkpoint files: `set_auto_parallel_context(strategy_ckpt_config=
{"save_file": PATH})` (or the older `strategy_ckpt_save_file=PATH`) in semi-auto and auto parallel
mode.

MindSpore writes, when it compiles a semi-auto graph, each Parameter's layout and each sharded
operator's strategy: its `ParallelStrategyMap` protobuf (node_strategy.proto, package
mindspore.straspb), or the same in JSON when the name ends with ".json". msjax writes the file
when it compiles a program in which strategies act (transforms/compiled.py), from what the trace
recorded here: the strategies of `Primitive.shard` (each operator an item, "stage" 0) and the
Parameters they (or a Cell's `parameter_plan`) shard. A Parameter's layout is MindSpore's for
that strategy: a tuple strategy (s_0, ..., s_n-1) over D devices has the device matrix
[D / prod(s)] + [s_0, ..., s_n-1] (the repeat count first, left out when 1) and the tensor map
[n-1, ..., 0]; a `Layout` its own device matrix and tensor map; a Parameter of the program no
strategy splits (with `only_trainable_params`, a trainable one) is whole on every device: the
device matrix [D] and the tensor map all -1. `build_searched_strategy` and MindSpore's own reader
read it back.

Differences: operator names are "Default/<Primitive>-op<k>" (MindSpore's name the scope of the
Cell that calls them), and a rank of the device matrix is a device (MindSpore's rank).
"""
from __future__ import annotations

import functools
import json
import os
import tempfile

import jax

from msjax._src.core.parameter import Parameter
from msjax._src.parallel import parallel_context
from msjax._src.parallel.parallel_layout import Layout


# -- MindSpore's node_strategy.proto ----------------------------------------------------------
def _field(message, name, number, label, kind, type_name=""):
    from google.protobuf import descriptor_pb2
    field = descriptor_pb2.FieldDescriptorProto
    added = message.field.add(name=name, number=number, label=getattr(field, "LABEL_" + label),
                              type=getattr(field, "TYPE_" + kind))
    if type_name:
        added.type_name = type_name


@functools.lru_cache(maxsize=1)
def strategy_classes() -> dict:
    """The message classes of MindSpore's node_strategy.proto (proto2, package
    mindspore.straspb), built in a private pool on first use."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    proto = descriptor_pb2.FileDescriptorProto(name="node_strategy.proto",
                                               package="mindspore.straspb")
    prefix = ".mindspore.straspb."
    for name, kind in (("ParallelStrategy", "UINT32"), ("DevMatrix", "UINT32"),
                       ("TensorMap", "INT32"), ("ParamSplitShape", "INT64"),
                       ("IndicesOffset", "INT64"), ("ParallelGroupRanks", "UINT32")):
        _field(proto.message_type.add(name=name), "dim", 1, "REPEATED", kind)
    strategys = proto.message_type.add(name="ParallelStrategys")
    _field(strategys, "stage", 1, "REQUIRED", "UINT32")
    _field(strategys, "parallel_strategy", 2, "REPEATED", "MESSAGE", prefix + "ParallelStrategy")
    item = proto.message_type.add(name="ParallelStrategyItem")
    _field(item, "node_name", 1, "REQUIRED", "STRING")
    _field(item, "parallel_strategys", 2, "REQUIRED", "MESSAGE", prefix + "ParallelStrategys")
    layouts = proto.message_type.add(name="ParallelLayouts")
    for number, (name, kind) in enumerate((("dev_matrix", "DevMatrix"),
                                            ("tensor_map", "TensorMap"),
                                            ("param_split_shape", "ParamSplitShape"),
                                            ("indices_offset", "IndicesOffset")), 1):
        _field(layouts, name, number, "REPEATED", "MESSAGE", prefix + kind)
    for number, name in enumerate(("field", "opt_weight_shard_step", "opt_weight_shard_size"), 5):
        _field(layouts, name, number, "REQUIRED", "INT32")
    layout_item = proto.message_type.add(name="ParallelLayoutItem")
    _field(layout_item, "param_name", 1, "REQUIRED", "STRING")
    _field(layout_item, "parallel_layouts", 2, "REQUIRED", "MESSAGE", prefix + "ParallelLayouts")
    strategy_map = proto.message_type.add(name="ParallelStrategyMap")
    _field(strategy_map, "current_stage", 1, "REQUIRED", "UINT32")
    _field(strategy_map, "parallel_strategy_item", 2, "REPEATED", "MESSAGE",
           prefix + "ParallelStrategyItem")
    _field(strategy_map, "parallel_layout_item", 3, "REPEATED", "MESSAGE",
           prefix + "ParallelLayoutItem")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return {name: message_factory.GetMessageClass(pool.FindMessageTypeByName(
        "mindspore.straspb." + name)) for name in ("ParallelLayouts", "ParallelStrategyMap")}


# -- what a trace records ----------------------------------------------------------------------
_recorded: dict = {"operators": [], "parameters": {}}


def save_file() -> str:
    """The strategy file to write ("" for none): `strategy_ckpt_save_file`, which
    `strategy_ckpt_config["save_file"]` sets too."""
    return parallel_context.get_auto_parallel_context("strategy_ckpt_save_file")


def start_recording() -> None:
    """Forget what an earlier trace recorded (a program's trace starts)."""
    _recorded["operators"] = []
    _recorded["parameters"] = {}


def record_operator(name, strategy, inputs) -> None:
    """A sharded operator `name` traced with `strategy` (one entry per input), given `inputs`;
    the Parameters among them take their entry's layout."""
    if not save_file():
        return
    _recorded["operators"].append((name, strategy))
    for item, value in zip(strategy, inputs):
        if isinstance(value, Parameter):
            record_parameter(value, item)


def record_parameter(parameter, item) -> None:
    """`parameter` is sharded by the strategy `item` (a tuple of split counts or a Layout)."""
    if save_file():
        _recorded["parameters"].setdefault(parameter.name, (parameter, item))


def _layout(item, ndim, devices) -> dict:
    if isinstance(item, Layout):
        info = item.to_dict()
        tensor_map = info["tensor_map"]
        if any(isinstance(entry, tuple) for entry in tensor_map):
            raise NotImplementedError(
                f"The strategy file: the Layout tensor map {tensor_map} splits a dimension over "
                "several device-matrix axes, which MindSpore's file stores in fields msjax does "
                "not write (tensor_map_before); give that dimension one alias.")
        dev_matrix = list(info["device_matrix"])
        tensor_map = list(tensor_map)
    elif item is None:
        dev_matrix, tensor_map = [devices], [-1] * ndim
    else:
        splits = 1
        for split in item:
            splits *= split
        repeat = devices // splits
        dev_matrix = ([repeat] if repeat > 1 else []) + list(item)
        tensor_map = list(range(len(item) - 1, -1, -1))
    return {"dev_matrix": dev_matrix, "tensor_map": tensor_map, "param_split_shape": [],
            "indices_offset": [], "field": 0, "opt_weight_shard_step": 0,
            "opt_weight_shard_size": 0}


def _split_counts(layout) -> list:
    """A Layout's split count of each tensor dimension (its tuple strategy)."""
    info = layout.to_dict()
    matrix = info["device_matrix"]
    counts = []
    for entry in info["tensor_map"]:
        count = 1
        for axis in entry if isinstance(entry, tuple) else (entry,):
            if axis != -1:
                count *= matrix[len(matrix) - 1 - axis]
        counts.append(count)
    return counts


def _strategy_items(operators) -> dict:
    items = {}
    for index, (name, strategy) in enumerate(operators):
        rows = [_split_counts(item) if isinstance(item, Layout) else list(item)
                for item in strategy]
        items[f"Default/{name}-op{index}"] = {"stage": 0, "parallel_strategy": rows}
    return items


def _write(path, content: bytes) -> None:
    """`content` written to `path` whole (every process of a job may write the same file)."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    handle, scratch = tempfile.mkstemp(dir=directory, prefix=".strategy-")
    with os.fdopen(handle, "wb") as f:
        f.write(content)
    os.chmod(scratch, 0o644)
    os.replace(scratch, path)


def save_recorded(boxes) -> None:
    """After a program compiled: when its trace recorded strategies and a save file is set,
    write the layouts of its Parameters (`boxes`, the program's inputs) and the operators'
    strategies."""
    path = save_file()
    if not path or not (_recorded["operators"] or _recorded["parameters"]):
        return
    only_trainable = parallel_context.get_auto_parallel_context(
        "strategy_ckpt_config").get("only_trainable_params", True)
    devices = jax.device_count()
    layouts = {}
    for box in boxes:
        if isinstance(box, Parameter) and (box.requires_grad or not only_trainable):
            layouts[box.name] = _layout(None, box.ndim, devices)
    for name, (param, item) in _recorded["parameters"].items():
        layouts[name] = _layout(item, param.ndim, devices)
    operators = _strategy_items(_recorded["operators"])
    start_recording()
    layouts = dict(sorted(layouts.items()))
    if path.endswith(".json"):
        content = {"current_stage": 0, "parallel_strategy_item": operators,
                   "parallel_layout_item": layouts}
        _write(path, json.dumps(content).encode())
        return
    strategy_map = strategy_classes()["ParallelStrategyMap"]()
    strategy_map.current_stage = 0
    for name, item in operators.items():
        added = strategy_map.parallel_strategy_item.add(node_name=name)
        added.parallel_strategys.stage = item["stage"]
        for row in item["parallel_strategy"]:
            added.parallel_strategys.parallel_strategy.add().dim.extend(row)
    for name, layout in layouts.items():
        added = strategy_map.parallel_layout_item.add(param_name=name)
        target = added.parallel_layouts
        target.dev_matrix.add().dim.extend(layout["dev_matrix"])
        target.tensor_map.add().dim.extend(layout["tensor_map"])
        target.param_split_shape.add()  # even splits: empty, as MindSpore's readers expect
        target.indices_offset.add()
        target.field = layout["field"]
        target.opt_weight_shard_step = layout["opt_weight_shard_step"]
        target.opt_weight_shard_size = layout["opt_weight_shard_size"]
    _write(path, strategy_map.SerializeToString())
