"""Checkpoints saved per rank under a sharding strategy, and re-sharded: MindSpore's
`transform_checkpoints`, `transform_checkpoint_by_rank`, `load_distributed_checkpoint`,
`load_segmented_checkpoints`, `merge_sliced_parameter` and `build_searched_strategy`.

A strategy file (what `set_auto_parallel_context(strategy_ckpt_config={"save_file": ...})`
writes in MindSpore) gives each Parameter's layout: a device matrix, a tensor map (per tensor
dimension, the device-matrix axis it is split over, counted from the last; -1: not split) and
extras (uneven splits, embedding fields, optimizer sharding). It is MindSpore's
`ParallelStrategyMap` protobuf (node_strategy.proto), or its JSON form when the name ends with
".json"; both are read here. Rank r holds, of each dimension split over axes A, the slice at the
row-major index of its coordinates (`numpy.unravel_index(r, device_matrix)`) along A.

Re-sharding is NumPy work on the files: the slices a target rank needs are read, placed in the
whole array and the target's slice cut out of it, so the values are exactly the saved ones.
msjax's own checkpoints are whole (a process holds every Parameter whole; XLA shards it over the
devices), so they need no re-sharding; these functions read and write MindSpore's sliced files.
Not supported (NotImplementedError, naming the field): uneven splits (`param_split_shape`),
embedding fields (`field`), optimizer sharding (`opt_weight_shard_size`), pipeline stages, and
safetensors files.
"""
from __future__ import annotations

import glob
import json
import logging
import math
import os

import numpy as np

from msjax._src.checkpoint_format import read_checkpoint, write_checkpoint
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.parallel import parallel_context
from msjax._src.parallel.strategy_file import strategy_classes
from msjax._src.serialization import load_checkpoint, load_param_into_net

_logger = logging.getLogger("msjax")


def _check_strategy_file(filename):
    if not isinstance(filename, str):
        raise TypeError("For 'build_searched_strategy', the argument 'strategy_filename' should be "
                        f"string, but got {type(filename)}.")
    if not os.path.isfile(filename):
        raise ValueError(f"For 'build_searched_strategy', no such strategy file: {filename}. Please "
                         "check whether the 'strategy_filename' exists.")
    if os.path.getsize(filename) == 0:
        raise ValueError(f"For 'build_searched_strategy', the strategy file {filename} should not be "
                         "empty. Please check whether the 'strategy_filename' is correct.")


def _layouts_from_json(item):
    layouts = strategy_classes()["ParallelLayouts"]()
    layouts.field = item.get("field")
    layouts.opt_weight_shard_size = item.get("opt_weight_shard_size")
    layouts.opt_weight_shard_step = item.get("opt_weight_shard_step")
    layouts.dev_matrix.add().dim.extend(item.get("dev_matrix"))
    layouts.tensor_map.add().dim.extend(item.get("tensor_map"))
    layouts.param_split_shape.add().dim.extend(item.get("param_split_shape", []))
    layouts.indices_offset.add().dim.extend(item.get("indices_offset", []))
    return layouts


def build_searched_strategy(strategy_filename):
    """`mindspore.build_searched_strategy(strategy_filename)`: the strategy file's layouts, a dict
    of Parameter name to MindSpore's `ParallelLayouts` message (protobuf file, or JSON when the
    name ends with ".json")."""
    _check_strategy_file(strategy_filename)
    if strategy_filename.endswith(".json"):
        with open(strategy_filename) as f:
            items = json.load(f).get("parallel_layout_item") or {}
        return {name: _layouts_from_json(item) for name, item in items.items()}
    strategy_map = strategy_classes()["ParallelStrategyMap"]()
    with open(strategy_filename, "rb") as f:
        content = f.read()
    try:
        strategy_map.ParseFromString(content)
    except Exception as error:
        raise TypeError("The strategy file type should be one of json or protobuf. When the file "
                        "name extension is not '.json', the file is considered as a protobuf "
                        "file.") from error
    if not strategy_map.parallel_layout_item:
        raise ValueError(f"For 'build_searched_strategy', the strategy file {strategy_filename} has "
                         "no sliced parameter, please check whether the 'strategy_filename' is "
                         "correct.")
    return {item.param_name: item.parallel_layouts for item in strategy_map.parallel_layout_item}


# -- a layout's geometry -------------------------------------------------------------------------
class SliceLayout:
    """One Parameter's layout: its device matrix and, per tensor dimension, the device-matrix
    axes (indices into it) it is split over."""

    __slots__ = ("name", "dev_matrix", "dim_axes")

    def __init__(self, name, dev_matrix, tensor_map):
        self.name, self.dev_matrix = name, tuple(int(d) for d in dev_matrix)
        last = len(self.dev_matrix) - 1
        self.dim_axes = tuple(tuple(last - int(k) for k in (m if isinstance(m, (list, tuple))
                                                             else (m,)) if int(k) != -1)
                              for m in tensor_map)

    @property
    def device_num(self) -> int:
        return math.prod(self.dev_matrix)

    def counts(self) -> tuple:
        """How many slices each tensor dimension is cut into."""
        return tuple(math.prod(self.dev_matrix[a] for a in axes) for axes in self.dim_axes)

    def slice_of(self, rank) -> tuple:
        """Rank `rank`'s slice index along each tensor dimension."""
        coordinate = np.unravel_index(rank % self.device_num, self.dev_matrix)
        return tuple(int(np.ravel_multi_index([coordinate[a] for a in axes],
                                              [self.dev_matrix[a] for a in axes])) if axes else 0
                     for axes in self.dim_axes)

    def holders(self) -> dict:
        """Slice index -> the lowest rank holding it."""
        found = {}
        for rank in range(self.device_num):
            found.setdefault(self.slice_of(rank), rank)
        return found

    def region(self, rank, shape) -> tuple:
        """The slices (one per dimension) of the whole array `shape` that rank `rank` holds."""
        out = []
        for index, count, size in zip(self.slice_of(rank), self.counts(), shape):
            if size % count:
                raise ValueError(f"The parameter '{self.name}' of shape {tuple(shape)} cannot be "
                                 f"split evenly by its layout (device matrix {self.dev_matrix}).")
            step = size // count
            out.append(slice(index * step, (index + 1) * step))
        return tuple(out)


def _layout_of(name, layouts, api) -> SliceLayout:
    """A ParallelLayouts message as a SliceLayout; what msjax cannot re-shard is refused."""
    dev_matrix = list(layouts.dev_matrix[0].dim) if layouts.dev_matrix else []
    if len(layouts.tensor_map) > 1:
        tensor_map = [list(t.dim) for t in layouts.tensor_map if list(t.dim)]
    else:
        tensor_map = list(layouts.tensor_map[0].dim) if layouts.tensor_map else []
    split_shape = list(layouts.param_split_shape[0].dim) if layouts.param_split_shape else []
    unsupported = [what for what, present in (
        ("uneven slices (param_split_shape)", split_shape),
        ("an embedding field (field)", int(layouts.field) > 0),
        ("optimizer sharding (opt_weight_shard_size)", int(layouts.opt_weight_shard_size) > 0))
        if present]
    if unsupported:
        raise NotImplementedError(
            f"For '{api}', the layout of '{name}' uses {unsupported[0]}, which msjax does not "
            "re-shard: msjax's own training keeps whole Parameters (XLA shards them over the "
            "devices) and never writes such slices.")
    return SliceLayout(name, dev_matrix, tensor_map)


def _layout_map(strategy_file, api) -> dict | None:
    """Parameter name -> SliceLayout of a strategy file (None for None: whole Parameters)."""
    if strategy_file is None:
        return None
    layouts = {}
    for name, message in build_searched_strategy(strategy_file).items():
        stage, _, plain = name.partition("-")
        if plain and stage.isdigit():
            raise NotImplementedError(
                f"For '{api}', the strategy file {strategy_file} is one of pipeline-parallel "
                f"stages ('{name}'), which msjax does not re-shard.")
        layouts[name] = _layout_of(name, message, api)
    return layouts


def _device_num(layouts) -> int:
    return 1 if not layouts else next(iter(layouts.values())).device_num


# -- re-sharding ---------------------------------------------------------------------------------
def _assemble(name, layout, pieces):
    """The whole array of `name` from `pieces` (rank -> its slice) under `layout`."""
    first = next(iter(pieces.values()))
    shape = tuple(s * c for s, c in zip(first.shape, layout.counts()))
    whole = np.empty(shape, first.dtype)
    for rank, piece in pieces.items():
        whole[layout.region(rank, shape)] = piece
    return whole


def _needed(src, dst_layout, dst_rank, shape_counts):
    """The source ranks (lowest holder of each slice) whose slices overlap `dst_rank`'s slice:
    `shape_counts` is a common shape in which both layouts' slices are whole units."""
    if src is None:
        return [0]
    mine = dst_layout.region(dst_rank, shape_counts) if dst_layout is not None else \
        tuple(slice(0, n) for n in shape_counts)
    ranks = set()
    for index, rank in src.holders().items():
        theirs = src.region(rank, shape_counts)
        if all(a.start < b.stop and b.start < a.stop for a, b in zip(mine, theirs)):
            ranks.add(rank)
    return sorted(ranks)


def _common_shape(src, dst, ndim) -> tuple:
    counts = [1] * ndim
    for layout in (src, dst):
        if layout is not None:
            counts = [math.lcm(a, b) for a, b in zip(counts, layout.counts())]
    return tuple(counts)


def _rank_checkpoints(src_checkpoints_dir) -> dict:
    """rank -> its checkpoint file: `rank_<id>/*.ckpt`, the last by name when there are several
    (MindSpore's rule)."""
    files = {}
    for directory in glob.glob(os.path.join(src_checkpoints_dir, "rank_[0-9]*")):
        rank = directory.split("rank_")[-1]
        if not os.path.isdir(directory) or not rank.isdigit():
            continue
        ckpts = sorted(f for f in glob.glob(os.path.join(directory, "*.ckpt")) if os.path.isfile(f))
        if ckpts:
            files[int(rank)] = ckpts[-1]
    return files


def _has_safetensors(src_checkpoints_dir) -> bool:
    return bool(glob.glob(os.path.join(src_checkpoints_dir, "rank_[0-9]*", "*.safetensors")))


def transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix,
                          src_strategy_file=None, dst_strategy_file=None, process_num=1,
                          output_format="ckpt"):
    """`mindspore.transform_checkpoints`: the checkpoints of `src_checkpoints_dir/rank_<i>/`
    (saved per rank under `src_strategy_file`; None: whole Parameters) re-sharded to
    `dst_strategy_file` (None: one whole checkpoint), written as
    `dst_checkpoints_dir/rank_<j>/<ckpt_prefix><j>.ckpt`.

    Example:
        >>> ms.transform_checkpoints("./src", "./full", "net_", "./src_strategy.ckpt", None)
    """
    files = _rank_checkpoints(src_checkpoints_dir)
    if _has_safetensors(src_checkpoints_dir):
        if files:
            raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' cannot "
                             "contain both ckpt file and safetensors file simultaneously")
        raise NotImplementedError("For 'transform_checkpoints', msjax reads '.ckpt' checkpoints; "
                                  "the safetensors format is not supported.")
    if not files:
        raise ValueError("For 'transform_checkpoints', the 'src_checkpoints_dir' can not be empty.")
    if output_format == "safetensors":
        raise ValueError("For 'transform_checkpoints', 'output_format' can not be 'safetensors' "
                         "when 'src_checkpoints_dir' only contains ckpt file.")
    if not os.path.isdir(src_checkpoints_dir):
        raise NotADirectoryError(f"src_checkpoints_dir {src_checkpoints_dir} is not a directory.")
    if not isinstance(ckpt_prefix, str):
        raise TypeError("The ckpt_prefix should be a str.")
    for name, path in (("src_strategy_file", src_strategy_file),
                       ("dst_strategy_file", dst_strategy_file)):
        if path and os.path.dirname(path) and not os.path.exists(os.path.dirname(path)):
            raise ValueError(f"The director of {name}: {os.path.dirname(path)} is not exists.")
    src_layouts = _layout_map(src_strategy_file, "transform_checkpoints")
    dst_layouts = _layout_map(dst_strategy_file, "transform_checkpoints")
    loaded: dict = {}

    def checkpoint(rank):
        if rank not in loaded:
            loaded[rank] = read_checkpoint(files[rank])
        return loaded[rank]

    plans = []  # (dst rank, needed ranks), all checked before anything is written
    for dst_rank in range(_device_num(dst_layouts)):
        needed = set()
        for name, src in (src_layouts or {"": None}).items():
            dst = (dst_layouts or {}).get(name)
            ndim = len(src.dim_axes) if src is not None else len(dst.dim_axes) if dst else 0
            needed.update(_needed(src, dst, dst_rank, _common_shape(src, dst, ndim)))
        for rank in sorted(needed):
            if rank not in files:
                raise ValueError(f"The checkpoint file of rank{rank} is needed for converting "
                                 f"rank{dst_rank}'s checkpoint, but it is missing.")
        plans.append((dst_rank, sorted(needed)))
    outputs = []
    for dst_rank, needed in plans:
        names = list(checkpoint(needed[0]))
        arrays = {}
        for name in names:
            src = (src_layouts or {}).get(name)
            dst = (dst_layouts or {}).get(name)
            value = checkpoint(needed[0])[name]
            if isinstance(value, str):
                arrays[name] = value
                continue
            if src is not None:
                holders = {rank: checkpoint(rank)[name] for rank in src.holders().values()
                           if rank in files and name in checkpoint(rank)}
                value = _assemble(name, src, holders)
            if dst is not None:
                value = value[dst.region(dst_rank, value.shape)]
            arrays[name] = value
        outputs.append((dst_rank, arrays))
    os.makedirs(dst_checkpoints_dir, exist_ok=True)
    for dst_rank, arrays in outputs:
        directory = os.path.join(dst_checkpoints_dir, f"rank_{dst_rank}")
        os.makedirs(directory, exist_ok=True)
        write_checkpoint(os.path.join(directory, f"{ckpt_prefix}{dst_rank}.ckpt"), arrays)


def _pieces_for(name, src, loaded, dst, rank_id, shape_of_piece):
    """The whole array of `name` with every slice `dst`'s rank `rank_id` needs filled in, from
    the loaded checkpoints (rank -> its arrays; each slice from the lowest rank given that holds
    it); a needed slice no given rank holds raises MindSpore's error naming its rank."""
    shape = tuple(s * c for s, c in zip(shape_of_piece, src.counts()))
    wanted = dst.region(rank_id, shape) if dst is not None else tuple(slice(0, n) for n in shape)
    whole = None
    for index, lowest in sorted(src.holders().items(), key=lambda item: item[1]):
        region = src.region(lowest, shape)
        if not all(a.start < b.stop and b.start < a.stop for a, b in zip(region, wanted)):
            continue
        holder = next((rank for rank in sorted(loaded) if src.slice_of(rank) == index
                       and name in loaded[rank]), None)
        if holder is None:
            raise ValueError(f"The checkpoint file of rank {lowest} is missing.")
        piece = loaded[holder][name]
        if whole is None:
            whole = np.zeros(shape, piece.dtype)
        whole[region] = piece
    return whole


def transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name,
                                 src_strategy_file=None, dst_strategy_file=None):
    """`mindspore.transform_checkpoint_by_rank`: rank `rank_id`'s checkpoint under
    `dst_strategy_file` (None: whole Parameters), made from the checkpoints of
    `checkpoint_files_map` (source rank -> its file, sliced by `src_strategy_file`; None: whole)
    and saved as `save_checkpoint_file_name`. As in MindSpore, a Parameter a given strategy file
    does not name is kept as the source rank `rank_id` maps to (`rank_id` modulo the source's
    devices) holds it, and that rank must be given.

    Example:
        >>> files = {r: f"./src/rank_{r}/net.ckpt" for r in range(8)}
        >>> ms.transform_checkpoint_by_rank(1, files, "./dst/rank_1/net.ckpt",
        ...                                 "./src_strategy.ckpt", "./dst_strategy.ckpt")
    """
    if not isinstance(checkpoint_files_map, dict):
        raise TypeError("The checkpoint_files_map should be a dict.")
    if not isinstance(rank_id, int):
        raise TypeError("The rank_id should be a int.")
    if not isinstance(save_checkpoint_file_name, str):
        raise TypeError("The save_checkpoint_file_name should be a str.")
    if save_checkpoint_file_name[-5:] != ".ckpt":
        raise ValueError(f"The save_checkpoint_file_name {save_checkpoint_file_name} should end "
                         "with .ckpt")
    if dst_strategy_file and os.path.dirname(dst_strategy_file) and not os.path.exists(
            os.path.dirname(dst_strategy_file)):
        raise ValueError(f"The director of dst_strategy_file: {os.path.dirname(dst_strategy_file)} "
                         "is not exists.")
    for rank, local_file in checkpoint_files_map.items():
        if not os.path.exists(local_file):
            raise ValueError(f"Checkpoint file {local_file} in rank {rank} not exits: ")
    api = "transform_checkpoint_by_rank"
    src_layouts, dst_layouts = _layout_map(src_strategy_file, api), _layout_map(dst_strategy_file,
                                                                                api)
    stage_devices = _device_num(src_layouts)  # a given rank is its rank modulo these
    loaded = {}
    for rank, path in checkpoint_files_map.items():
        loaded[rank % stage_devices] = read_checkpoint(path)
    names = list(dict.fromkeys(name for arrays in loaded.values() for name in arrays))
    arrays, device_num = {}, -1
    for name in names:
        if (src_layouts is not None and name not in src_layouts) or \
                (dst_layouts is not None and name not in dst_layouts):
            continue  # kept as they are, below
        src = src_layouts[name] if src_layouts is not None else None
        dst = dst_layouts[name] if dst_layouts is not None else None
        device_num = src.device_num if src is not None else 1
        own = rank_id % device_num
        if own not in loaded or name not in loaded[own]:
            raise ValueError(f"The checkpoint of rank {own} is missing.")
        value = loaded[own][name]
        if isinstance(value, str):
            continue  # not a Parameter (save_checkpoint's append_dict)
        if src is not None:
            value = _pieces_for(name, src, loaded, dst, rank_id, np.shape(value))
        arrays[name] = value[dst.region(rank_id, value.shape)] if dst is not None else value
    if device_num < 1:
        raise ValueError("None of the parameters in checkpoint file are in either src strategy or "
                         "dst strategy. Please check correctness of strategy files.")
    for name in names:  # those no strategy file names (learning_rate, global_step, ...)
        if name not in arrays and not isinstance(loaded[rank_id % device_num].get(name), str):
            arrays[name] = loaded[rank_id % device_num][name]
    write_checkpoint(save_checkpoint_file_name, arrays)


def load_segmented_checkpoints(ckpt_file_dir, net=None, strict_load=False, filter_prefix=None,
                               dec_key=None, dec_mode="AES-GCM", specify_prefix=None,
                               choice_func=None):
    """`mindspore.load_segmented_checkpoints`: every `*.ckpt` file of `ckpt_file_dir` loaded with
    `load_checkpoint` (the same arguments; into `net` when given), their dicts merged (a later
    file's name wins; files in name order, MindSpore's in directory order)."""
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("The ckpt_file_dir should be a str.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError(f"The dst_strategy_file: {ckpt_file_dir} doesn't exist. Or it's not a "
                         "directory")
    parameters = {}
    for checkpoint_file in sorted(glob.glob(os.path.join(ckpt_file_dir, "*.ckpt"))):
        parameters.update(load_checkpoint(checkpoint_file, net, strict_load, filter_prefix,
                                          dec_key, dec_mode, specify_prefix, choice_func))
    return parameters


# -- loading into a network ----------------------------------------------------------------------
def _check_checkpoint_files(checkpoint_filenames):
    for index, filename in enumerate(checkpoint_filenames):
        if not isinstance(filename, str) or not os.path.exists(filename) \
                or not filename.endswith(".ckpt") or os.path.getsize(filename) == 0:
            raise ValueError("For 'load_distributed_checkpoint', please check "
                             f"'checkpoint_filenames', and make sure the {filename} at index "
                             f"{index} is a valid checkpoint file, it must be a string ending with "
                             "'.ckpt', and the checkpoint file it represents must be exist and not "
                             "empty.")


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load=False, dec_key=None,
                                dec_mode="AES-GCM", format="ckpt", unified_safetensors_dir=None,
                                dst_safetensors_dir=None, rank_id=None,
                                output_format="safetensors", name_map=None, max_process_num=64,
                                return_param_dict=False):
    """`mindspore.load_distributed_checkpoint`: the checkpoints of every training rank
    (`checkpoint_filenames`, in rank order, sliced by `train_strategy_filename`; by default the
    context's `strategy_ckpt_load_file`) merged into whole Parameters and loaded into `network`.

    msjax's Parameters are whole in every process (XLA shards them over the devices), so a
    `predict_strategy` (checked as MindSpore checks it) does not cut them: the whole values are
    loaded. Parameters the strategy does not list are not loaded (a warning names them).
    """
    if format not in ("safetensors", "ckpt") or output_format not in ("safetensors", "ckpt"):
        raise ValueError("For 'load_distributed_checkpoint', 'format' and 'output_format' must be "
                         f"'ckpt' or 'safetensors', but got {format}.")
    if format == "safetensors":
        raise NotImplementedError("For 'load_distributed_checkpoint', msjax reads '.ckpt' "
                                  "checkpoints; format='safetensors' is not supported.")
    if not isinstance(network, Cell):
        raise TypeError(f"The argument 'network' must be isinstance of Cell, but got "
                        f"{type(network)}.")
    if checkpoint_filenames is None or not isinstance(checkpoint_filenames, (list, tuple)):
        raise TypeError("For 'load_distributed_checkpoint', 'checkpoint_filenames' must be a list "
                        f"of '.ckpt' file names in rank order, but got {checkpoint_filenames!r}.")
    _check_checkpoint_files(checkpoint_filenames)
    if predict_strategy is not None and not isinstance(predict_strategy, dict):
        raise TypeError("The argument 'predict_strategy' must be isinstance of dict, but got "
                        f"{type(predict_strategy)}.")
    if dec_key is not None:
        raise NotImplementedError("For 'load_distributed_checkpoint', msjax reads plain "
                                  "checkpoints only (dec_key is not supported).")
    if train_strategy_filename is None:
        train_strategy_filename = (
            parallel_context.get_auto_parallel_context("strategy_ckpt_load_file")
            or parallel_context.get_auto_parallel_context("strategy_ckpt_config")["load_file"]
            or None)
    if train_strategy_filename is None:
        return True
    layouts = _layout_map(train_strategy_filename, "load_distributed_checkpoint")
    if not layouts:
        return True
    device_num = _device_num(layouts)
    if device_num != len(checkpoint_filenames):
        raise ValueError("For 'Load_distributed_checkpoint', the length of 'checkpoint_filenames' "
                         "should be equal to the device count of training process. But got the "
                         f"length of 'checkpoint_filenames' is {len(checkpoint_filenames)} and the "
                         f"device count is {device_num}.")
    files = [read_checkpoint(os.path.abspath(f)) for f in checkpoint_filenames]
    param_dict, not_in_strategy, not_in_checkpoint = {}, [], []
    for _, param in network.parameters_and_names():
        layout = layouts.get(param.name)
        if layout is None:
            not_in_strategy.append(param.name)
            continue
        if param.name not in files[0]:
            not_in_checkpoint.append(param.name)
            continue
        pieces = {rank: files[rank][param.name] for rank in layout.holders().values()}
        param_dict[param.name] = Parameter(Tensor(_assemble(param.name, layout, pieces)),
                                           name=param.name)
    if not_in_strategy:
        _logger.warning("For 'load_distributed_checkpoint', %s parameters in network are not in "
                        "the slice strategy, you can check whether 'predict_strategy' or "
                        "'train_strategy_filename' is correct.", not_in_strategy)
    if not_in_checkpoint:
        _logger.warning("For 'load_distributed_checkpoint', %s parameters in network and slice "
                        "strategy but not in the checkpoint file, please check whether "
                        "'checkpoint_filenames' is correct.", not_in_checkpoint)
    load_param_into_net(network, param_dict, strict_load=strict_load)
    return True


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """`mindspore.merge_sliced_parameter(sliced_parameters, strategy=None)`: Parameter slices (in
    rank order) joined into one Parameter: along axis 0, or by the layout `strategy[name]` (a
    `build_searched_strategy` result)."""
    if not isinstance(sliced_parameters, list):
        raise TypeError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should be "
                        f"list, but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should "
                         "not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError("For 'merge_sliced_parameter', the argument 'strategy' should be dict, "
                        f"but got {type(strategy)}.")
    first = sliced_parameters[0]
    if not isinstance(first, Parameter):
        raise TypeError(f"For 'merge_sliced_parameter', the element in 'sliced_parameters' should "
                        f"be 'Parameter', but got {type(first)} at index 0.")
    name, shape = first.name, tuple(first.shape)
    for index, param in enumerate(sliced_parameters):
        if not isinstance(param, Parameter):
            raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' "
                            f"should be 'Parameter', but got {type(param)} at index {index}.")
        if param.name != name or len(param.shape) != len(shape) or \
                tuple(param.shape[1:]) != shape[1:]:
            raise ValueError(
                "For 'merge_sliced_parameter', please make sure that the elements in "
                "'slice_parameters' have the same name, dimension length and shape except 0 axis. "
                "The name, dimension length, shape except 0 axis should be "
                f"{name}, {len(shape)}, {shape[1:]}, but got name: {param.name}, dimension "
                f"length: {len(param.shape)}, shape except 0 axis: {tuple(param.shape[1:])} at "
                f"index {index}.")
    data = [p.asnumpy() for p in sliced_parameters]
    if not strategy:
        merged = np.concatenate(data)
    else:
        if name not in strategy:
            raise KeyError(f"For 'merge_sliced_parameter', the parameter name {name} should be a "
                           "key in the 'strategy'. Please check 'sliced_parameter' and "
                           "'strategy'.")
        layout = _layout_of(name, strategy[name], "merge_sliced_parameter")
        if len(data) != layout.device_num:
            raise ValueError("For 'merge_sliced_parameter', the length of 'sliced_parameters' "
                             "should be equal to device_count. The length of 'sliced_parameters' "
                             f"is {len(data)}, but device_count is {layout.device_num}.")
        merged = _assemble(name, layout, {rank: data[rank] for rank in layout.holders().values()})
    return Parameter(Tensor(merged), name, first.requires_grad, first.layerwise_parallel)
