"""`mindspore.dataset.serialize`, `deserialize`, `show`, `compare` and `Dataset.to_json`: a
pipeline as MindSpore 2.10's JSON description, and a pipeline rebuilt from one.

The JSON is MindSpore's: the same keys and values its C++ nodes write (checked against MindSpore
2.10; goldens: tests/goldens/dataset/serialize_probe.txt), so a JSON MindSpore wrote loads here
and msjax's loads in MindSpore. Each node is ``{"op_type": ..., "children": [...], ...}``, the
pipeline's last operation at the root; a file holds it compact, keys sorted.

What can be written and read back: ImageFolderDataset, map with the vision and transforms ops of
`OPERATIONS`, batch, shuffle, repeat, project, rename, concat, zip, take and skip. MindSpore
writes GeneratorDataset (NumpySlicesDataset too) and MindDataset without their data, and a Python
function in map by its name only; reading those back fails with MindSpore's errors.
"""
from __future__ import annotations

import json
import logging
import os

import numpy as np

from msjax._src.core import atomic_files
from msjax._src.dataset import batching, engine, file_sources, mindrecord_reader, sources, tfrecord
from msjax._src.dataset import samplers, transforms, vision
from msjax._src.dataset.engine import DATASET_KINDS, Dataset
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.samplers import Shuffle
from msjax._src.dataset.schema import Schema

_LOGGER = logging.getLogger("mindspore.dataset")
_CONNECTOR_QUEUE_SIZE = 16  # MindSpore's default op_connector_size
_PYTHON_FUNCTION_MODULE = "mindspore.dataset.transforms.py_transforms_util"

# MindSpore's C++ enums as its JSON writes them.
_INTERPOLATION = {vision.Inter.LINEAR: 0, vision.Inter.NEAREST: 1, vision.Inter.CUBIC: 2,
                  vision.Inter.AREA: 3, vision.Inter.PILCUBIC: 4}
_BORDER = {vision.Border.CONSTANT: 0, vision.Border.EDGE: 1, vision.Border.REFLECT: 2,
           vision.Border.SYMMETRIC: 3}
_SHUFFLE_GLOBAL, _SHUFFLE_FALSE = 2, 0


def _float32(value) -> float:
    """A value MindSpore keeps as a C++ float, as its JSON shows it (a double of that float)."""
    return float(np.float32(value))


def _float32s(values) -> list:
    return [_float32(v) for v in values]


def _missing_key(key: str, owner: str) -> RuntimeError:
    return pipeline_error(f"Failed to find key '{key}' in {owner}' JSON file or input dict, check "
                          f"input content of deserialize().", "deserialize")


def _field(node: dict, key: str, owner: str):
    if key not in node:
        raise _missing_key(key, owner)
    return node[key]


def _enum_member(table: dict, code, kind: str):
    for member, value in table.items():
        if value == code:
            return member
    raise pipeline_error(f"Invalid data, unsupported {kind}: {code}", "deserialize")


def _fill_triple(fill_value) -> list:
    return list(fill_value) if isinstance(fill_value, (tuple, list)) else [fill_value] * 3


def _fill_back(values):
    return tuple(values) if len(set(values)) > 1 else values[0]


def _size_list(size) -> list:
    return [size] if isinstance(size, int) else list(size)


def _size_back(size):
    return size[0] if len(size) == 1 else tuple(size)


def _transforms_json(operations) -> list:
    return [entry for operation in operations for entry in operation_json(operation)]


# -- operations: MindSpore name -> (msjax class, its JSON params, the op from its params) -----------
OPERATIONS = {
    "Decode": (vision.Decode, lambda op: {"device_target": "CPU", "rgb": True},
               lambda p: vision.Decode()),
    "Resize": (vision.Resize,
               lambda op: {"device_target": "CPU", "interpolation": _INTERPOLATION[op.interpolation],
                           "size": _size_list(op.size)},
               lambda p: vision.Resize(_size_back(p["size"]),
                                       _enum_member(_INTERPOLATION, p["interpolation"],
                                                    "interpolation"))),
    "RandomCrop": (vision.RandomCrop,
                   lambda op: {"fill_value": _fill_triple(op.fill_value),
                               "pad_if_needed": op.pad_if_needed,
                               "padding": list(op.padding or (0, 0, 0, 0)), "size": list(op.size),
                               "padding_mode": _BORDER[op.padding_mode]},
                   lambda p: vision.RandomCrop(tuple(p["size"]), tuple(p["padding"]),
                                               p["pad_if_needed"], _fill_back(p["fill_value"]),
                                               _enum_member(_BORDER, p["padding_mode"], "border"))),
    "RandomResizedCrop": (vision.RandomResizedCrop,
                          lambda op: {"interpolation": _INTERPOLATION[op.interpolation],
                                      "max_attempts": op.max_attempts,
                                      "ratio": _float32s(op.ratio), "scale": _float32s(op.scale),
                                      "size": list(op.size)},
                          lambda p: vision.RandomResizedCrop(
                              tuple(p["size"]), tuple(p["scale"]), tuple(p["ratio"]),
                              _enum_member(_INTERPOLATION, p["interpolation"], "interpolation"),
                              p["max_attempts"])),
    "RandomHorizontalFlip": (vision.RandomHorizontalFlip, lambda op: {"prob": _float32(op.prob)},
                             lambda p: vision.RandomHorizontalFlip(p["prob"])),
    "RandomVerticalFlip": (vision.RandomVerticalFlip, lambda op: {"prob": _float32(op.prob)},
                           lambda p: vision.RandomVerticalFlip(p["prob"])),
    "Normalize": (vision.Normalize,
                  lambda op: {"device_target": "CPU", "is_hwc": op.is_hwc,
                              "mean": _float32s(op.mean), "std": _float32s(op.std)},
                  lambda p: vision.Normalize(p["mean"], p["std"], p["is_hwc"])),
    "HwcToChw": (vision.HWC2CHW, lambda op: None, lambda p: vision.HWC2CHW()),
    "CenterCrop": (vision.CenterCrop, lambda op: {"size": list(op.size)},
                   lambda p: vision.CenterCrop(tuple(p["size"]))),
    "Rescale": (vision.Rescale,
                lambda op: {"rescale": _float32(op.rescale), "shift": _float32(op.shift)},
                lambda p: vision.Rescale(p["rescale"], p["shift"])),
    "Pad": (vision.Pad,
            lambda op: {"device_target": "CPU", "fill_value": _fill_triple(op.fill_value),
                        "padding": list(op.padding), "padding_mode": _BORDER[op.padding_mode]},
            lambda p: vision.Pad(tuple(p["padding"]), _fill_back(p["fill_value"]),
                                 _enum_member(_BORDER, p["padding_mode"], "border"))),
    "RandomColorAdjust": (vision.RandomColorAdjust,
                          lambda op: {name: _float32s(getattr(op, name))
                                      for name in ("brightness", "contrast", "saturation", "hue")},
                          lambda p: vision.RandomColorAdjust(
                              tuple(p["brightness"]), tuple(p["contrast"]), tuple(p["saturation"]),
                              tuple(p["hue"]))),
    "RandomRotation": (vision.RandomRotation,
                       lambda op: {"center": list(op.center or ()), "degrees": _float32s(op.degrees),
                                   "expand": op.expand, "fill_value": _fill_triple(op.fill_value),
                                   "resample": _INTERPOLATION[op.resample]},
                       lambda p: vision.RandomRotation(
                           tuple(p["degrees"]),
                           _enum_member(_INTERPOLATION, p["resample"], "interpolation"),
                           p["expand"], tuple(p["center"]) or None, _fill_back(p["fill_value"]))),
    "ToTensor": (vision.ToTensor, lambda op: {"output_type": np.dtype(op.output_type).name},
                 lambda p: vision.ToTensor(np.dtype(p["output_type"]))),
    "CutOut": (vision.CutOut,
               lambda op: {"is_hwc": op.is_hwc, "length": op.length, "num_patches": op.num_patches},
               lambda p: vision.CutOut(p["length"], p["num_patches"], p["is_hwc"])),
    "TypeCast": (transforms.TypeCast, lambda op: {"data_type": np.dtype(op.data_type).name},
                 lambda p: transforms.TypeCast(np.dtype(p["data_type"]))),
    "OneHot": (transforms.OneHot,
               lambda op: {"num_classes": op.num_classes, "smoothing_rate": op.smoothing_rate},
               lambda p: transforms.OneHot(p["num_classes"], p["smoothing_rate"])),
    # MindSpore 2.10 writes these and cannot read them back ("unsupported operation").
    "Duplicate": (transforms.Duplicate, lambda op: None, None),
    "RandomApply": (transforms.RandomApply,
                    lambda op: {"prob": op.prob, "transforms": _transforms_json(op.compose.transforms)},
                    None),
    "RandomChoice": (transforms.RandomChoice,
                     lambda op: {"transforms": _transforms_json(op.transforms)}, None),
}
_NAMES_BY_CLASS = {entry[0]: name for name, entry in OPERATIONS.items()}


def operation_json(operation) -> list:
    """The JSON entries of one map operation (a Compose gives one per transform it holds)."""
    if isinstance(operation, transforms.Compose):
        return _transforms_json(operation.transforms)
    name = _NAMES_BY_CLASS.get(type(operation))
    if name is not None:
        return [{"tensor_op_name": name, "tensor_op_params": OPERATIONS[name][1](operation)}]
    if not hasattr(operation, "implementation"):  # a Python function: MindSpore keeps its name
        return [{"python_module": _PYTHON_FUNCTION_MODULE,
                 "tensor_op_name": getattr(operation, "__name__", type(operation).__name__)}]
    raise NotImplementedError(f"msjax: serialize does not write {type(operation).__name__} yet "
                              f"(it writes {', '.join(sorted(_NAMES_BY_CLASS.values()))}).")


def operation_from_json(entry: dict):
    """The map operation a JSON entry describes."""
    if "python_module" in entry:
        params = _field(entry, "tensor_op_params", "PyFuncOp")
        raise NotImplementedError(f"msjax: deserialize cannot rebuild the Python transform "
                                  f"{entry.get('tensor_op_name')!r} of {entry['python_module']} "
                                  f"(params {params!r}).")
    name = _field(entry, "tensor_op_name", "operations")
    params = _field(entry, "tensor_op_params", name)
    if OPERATIONS.get(name, (None, None, None))[2] is None:  # MindSpore's answer too
        raise pipeline_error(f"Invalid data, unsupported operation: {name}", "deserialize")
    return OPERATIONS[name][2](params)


# -- samplers ---------------------------------------------------------------------------------
def sampler_json(sampler) -> dict:
    """A sampler as MindSpore's JSON describes it."""
    num_samples = sampler.num_samples or 0
    if isinstance(sampler, samplers.SequentialSampler):
        return {"num_samples": num_samples, "sampler_name": "SequentialSampler",
                "start_index": sampler.start_index or 0}
    if isinstance(sampler, samplers.RandomSampler):
        return {"num_samples": num_samples, "replacement": sampler.replacement,
                "reshuffle_each_epoch": True, "sampler_name": "RandomSampler",
                "shuffle_mode": _SHUFFLE_GLOBAL}
    if isinstance(sampler, samplers.DistributedSampler):
        return {"even_dist": True, "num_samples": num_samples, "num_shards": sampler.num_shards,
                "offset": sampler.offset, "sampler_name": "DistributedSampler",
                "seed": sampler.seed + 1, "shard_id": sampler.shard_id,  # the C++ sampler's
                "shuffle_mode": (_SHUFFLE_FALSE if sampler.shuffle is samplers.Shuffle.FALSE
                                 else _SHUFFLE_GLOBAL)}
    if isinstance(sampler, samplers.SubsetSampler):  # SubsetRandomSampler too
        return {"indices": list(sampler.indices), "num_samples": num_samples,
                "sampler_name": type(sampler).__name__}
    if isinstance(sampler, samplers.WeightedRandomSampler):
        return {"num_samples": num_samples, "replacement": sampler.replacement,
                "sampler_name": "WeightedRandomSampler",
                "weights": np.asarray(sampler.weights, np.float64).tolist()}
    if isinstance(sampler, samplers.PKSampler):
        return {"num_samples": num_samples, "num_val": sampler.num_val,
                "sampler_name": "PKSampler", "shuffle": sampler.shuffle}
    raise NotImplementedError(f"msjax: serialize does not write a {type(sampler).__name__} (a "
                              f"Python sampler has no JSON form).")


def sampler_from_json(node: dict):
    """The sampler a JSON sampler entry describes."""
    name = _field(node, "sampler_name", "sampler")
    num_samples = node.get("num_samples") or None
    if name == "SequentialSampler":
        return samplers.SequentialSampler(node.get("start_index", 0), num_samples)
    if name == "RandomSampler":
        return samplers.RandomSampler(node.get("replacement", False), num_samples)
    if name == "DistributedSampler":
        sampler = samplers.DistributedSampler(node["num_shards"], node["shard_id"],
                                              node.get("shuffle_mode", _SHUFFLE_GLOBAL) != 0,
                                              num_samples, node.get("offset", -1))
        sampler.seed = node["seed"] - 1 if "seed" in node else sampler.seed  # the C++ seed - 1
        return sampler
    if name in ("SubsetSampler", "SubsetRandomSampler"):
        return getattr(samplers, name)(node["indices"], num_samples)
    if name == "WeightedRandomSampler":
        return samplers.WeightedRandomSampler(node["weights"], num_samples,
                                              node.get("replacement", True))
    if name == "PKSampler":
        return samplers.PKSampler(node["num_val"], shuffle=node.get("shuffle", False),
                                  num_samples=num_samples)
    raise pipeline_error(f"Invalid data, unsupported sampler type: {name}", "deserialize")


# -- pipeline nodes ---------------------------------------------------------------------------
def _workers(node, default=None) -> int:
    if node.num_parallel_workers:
        return node.num_parallel_workers
    return default if default is not None else engine.config.get_num_parallel_workers()


def _source_json(node) -> dict:
    if isinstance(node, file_sources.ImageFolderDataset):
        return {"class_indexing": dict(node.class_indexing or {}), "connector_queue_size":
                _CONNECTOR_QUEUE_SIZE, "dataset_dir": os.path.realpath(node.dataset_dir),
                "decode": bool(node.decode), "extensions": list(node.given_extensions or []),
                "num_parallel_workers": _workers(node), "op_type": "ImageFolderDataset",
                "recursive": False, "sampler": sampler_json(node.sampler)}
    if isinstance(node, tfrecord.TFRecordDataset):
        return _tfrecord_json(node)
    if isinstance(node, mindrecord_reader.MindDataset):  # MindSpore writes no files, no columns
        return {"connector_queue_size": _CONNECTOR_QUEUE_SIZE,
                "num_parallel_workers": _workers(node), "op_type": "MindDataDataset"}
    if isinstance(node, sources.GeneratorDataset):  # MindSpore writes no data
        return {"connector_queue_size": _CONNECTOR_QUEUE_SIZE,
                "num_parallel_workers": _workers(node, 1), "op_type": "GeneratorDataset"}
    return None


# MindSpore's codes of a TFRecordDataset's shuffle (INFILE is written as no shuffle, as MindSpore's)
_TFRECORD_SHUFFLE = {False: 0, Shuffle.FALSE: 0, Shuffle.INFILE: 0, Shuffle.FILES: 1, True: 2,
                     Shuffle.GLOBAL: 2}
_TFRECORD_SHUFFLE_BACK = {0: False, 1: Shuffle.FILES, 2: Shuffle.GLOBAL}


def _tfrecord_json(node) -> dict:
    """A TFRecordDataset as MindSpore writes it: its files, schema (the file's path, or the
    Schema's JSON), columns, sampling and shuffle settings."""
    arguments = node.arguments
    shuffle = _TFRECORD_SHUFFLE.get(arguments["shuffle"], 2)
    tree = {"children": [], "columns_list": list(node.columns_list or []), "compression_type": "",
            "connector_queue_size": _CONNECTOR_QUEUE_SIZE,
            "dataset_files": [os.path.realpath(f) for f in arguments["files"]],
            "num_parallel_workers": _workers(node), "num_samples": arguments["num_samples"] or 0,
            "num_shards": arguments["num_shards"] or 1, "op_type": "TFRecordDataset",
            "shard_equal_rows": bool(arguments["shard_equal_rows"]),
            "shard_id": arguments["shard_id"] or 0, "shuffle": shuffle,
            "shuffle_files": shuffle in (1, 2), "shuffle_global": shuffle == 2}
    if arguments["schema_file"] is not None:
        tree["schema_file_path"] = os.path.realpath(arguments["schema_file"])
    elif node.schema is not None:
        tree["schema_json_string"] = {"datasetType": "TF", **json.loads(node.schema.to_json())}
    else:
        tree["schema_file_path"] = ""
    return tree


def _rebuild_tfrecord(children, node):
    del children
    schema = node.get("schema_file_path") or None
    if "schema_json_string" in node:
        schema = Schema()
        schema.from_json(node["schema_json_string"])
    num_shards = node.get("num_shards", 1)
    return tfrecord.TFRecordDataset(
        _field(node, "dataset_files", "TFRecordDataset"), schema,
        node.get("columns_list") or None, node.get("num_samples") or None,
        node.get("num_parallel_workers"),
        _TFRECORD_SHUFFLE_BACK.get(node.get("shuffle", 2), Shuffle.GLOBAL),
        num_shards if num_shards > 1 else None, node.get("shard_id") if num_shards > 1 else None,
        node.get("shard_equal_rows", False))


def _operation_json(node) -> dict:
    if isinstance(node, engine.MapDataset):
        return {"callback": [], "connector_queue_size": _CONNECTOR_QUEUE_SIZE,
                "input_columns": list(node.input_columns or []),
                "num_parallel_workers": _workers(node), "op_type": "Map",
                "operations": _transforms_json(node.operations),
                "output_columns": list(node.output_columns or node.input_columns or [])}
    if type(node) is batching.BatchDataset:  # pylint: disable=unidiomatic-typecheck
        fields = {"batch_size": node.batch_size, "connector_queue_size": _CONNECTOR_QUEUE_SIZE,
                  "drop_remainder": bool(node.drop_remainder),
                  "input_columns": list(node.input_columns or []),
                  "num_parallel_workers": _workers(node), "op_type": "Batch",
                  "output_columns": list(node.output_columns or [])}
        if node.per_batch_map is not None:
            fields["per_batch_map"] = "pyfunc"
        return fields
    simple = {
        engine.ShuffleDataset: lambda n: {"buffer_size": n.buffer_size, "op_type": "Shuffle",
                                          "reset_each_epoch": True},
        engine.RepeatDataset: lambda n: {"count": -1 if n.count is None else n.count,
                                         "op_type": "Repeat"},
        engine.ProjectDataset: lambda n: {"columns": list(n.columns), "op_type": "Project"},
        engine.RenameDataset: lambda n: {"input_columns": list(n.renames), "op_type": "Rename",
                                         "output_columns": list(n.renames.values())},
        engine.TakeDataset: lambda n: {"count": n.count, "op_type": "Take"},
        engine.SkipDataset: lambda n: {"count": n.count, "op_type": "Skip"},
        engine.FilterDataset: lambda n: {"input_columns": list(n.input_columns or []),
                                         "num_parallel_workers": _workers(n),
                                         "op_type": "Filter", "predicate": "pyfunc"},
        engine.ZipDataset: lambda n: {"connector_queue_size": _CONNECTOR_QUEUE_SIZE,
                                      "num_parallel_workers": _workers(n), "op_type": "Zip"},
        engine.ConcatDataset: _concat_json,
    }
    for kind, fields in simple.items():
        if type(node) is kind:  # pylint: disable=unidiomatic-typecheck
            return fields(node)
    return None


def _concat_json(node) -> dict:
    sizes = [child.get_dataset_size() for child in node.children]
    flags = [0 if getattr(child, "is_random_access", lambda: False)() else 1
             for child in node.children]
    sampler = getattr(node, "_sampler", None)  # ConcatDataset.use_sampler's
    windows = [[-1, -1] for _ in sizes]
    if isinstance(sampler, samplers.DistributedSampler):
        windows = _concat_shard_windows(flags, sizes, sampler.num_shards)
    return {"children_flag_and_nums": [[flag, size] for flag, size in zip(flags, sizes)],
            "children_sizes": sizes, "children_start_end_index": windows,
            "op_type": "Concat",
            "sampler": (sampler_json(sampler) if sampler is not None else
                        {"num_samples": 0, "sampler_name": "SequentialSampler",
                         "start_index": 0})}


def _concat_shard_windows(flags, sizes, num_shards) -> list:
    """MindSpore's `children_start_end_index` under a DistributedSampler: for a random-access
    child with fewer rows than shards, the positions (modulo the shards) its rows start and end
    at in the concatenation; [-1, -1] for every other child."""
    windows, start = [], 0
    for flag, size in zip(flags, sizes):
        end = start + size
        if flag == 0 and 0 < size < num_shards:
            windows.append([start, end if end < num_shards else end % num_shards])
        else:
            windows.append([-1, -1])
        start = end % num_shards
    return windows


def pipeline_json(dataset) -> dict:
    """`dataset`'s pipeline as MindSpore's JSON tree (its last operation at the root)."""
    if isinstance(dataset, DeserializedDataset):
        return pipeline_json(dataset.rebuilt())
    fields = _source_json(dataset) or _operation_json(dataset)
    if fields is None:
        raise NotImplementedError(f"msjax: serialize does not write a {type(dataset).__name__} "
                                  f"yet.")
    fields["children"] = [pipeline_json(child) for child in dataset.children]
    return _sorted_keys(fields)


def _sorted_keys(value):
    """`value` with every dict's keys in sorted order, as MindSpore's JSON objects hold them."""
    if isinstance(value, dict):
        return {key: _sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(item) for item in value]
    return value


def _write_json(tree: dict, filename: str) -> None:
    folder = os.path.dirname(os.path.abspath(filename))
    if not os.path.isdir(folder):
        raise pipeline_error(f"Invalid file, get real path failed, path={filename}", "serialize")
    text = json.dumps(tree, separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n"
    atomic_files.write_atomically(filename, text.encode("utf-8"))


def dataset_to_json(dataset, filename="") -> dict:
    """`Dataset.to_json(filename="")`: the pipeline's JSON tree, also written to `filename`."""
    tree = pipeline_json(dataset)
    if filename:
        _write_json(tree, filename)
    return tree


_REBUILD = {
    "Shuffle": lambda c, n: c[0].shuffle(_field(n, "buffer_size", "Shuffle")),
    "Repeat": lambda c, n: c[0].repeat(_field(n, "count", "Repeat")),
    "Project": lambda c, n: c[0].project(_field(n, "columns", "Project")),
    "Rename": lambda c, n: c[0].rename(_field(n, "input_columns", "Rename"),
                                       _field(n, "output_columns", "Rename")),
    "Take": lambda c, n: c[0].take(_field(n, "count", "Take")),
    "Skip": lambda c, n: c[0].skip(_field(n, "count", "Skip")),
    "Concat": lambda c, n: c[0].concat(c[1:]),
    "Zip": lambda c, n: engine.zip_datasets(c),
}


def _rebuild_map(children, node):
    operations = [operation_from_json(entry) for entry in _field(node, "operations", "Map")]
    return children[0].map(operations, node.get("input_columns") or None,
                           node.get("output_columns") or None,
                           num_parallel_workers=node.get("num_parallel_workers"))


def _rebuild_batch(children, node):
    if "per_batch_map" in node:
        raise NotImplementedError("msjax: deserialize cannot rebuild a batch's per_batch_map (a "
                                  "Python function MindSpore's JSON names only as 'pyfunc').")
    return children[0].batch(_field(node, "batch_size", "Batch"),
                             node.get("drop_remainder", False),
                             num_parallel_workers=node.get("num_parallel_workers"))


def _rebuild_image_folder(children, node):
    del children
    return file_sources.ImageFolderDataset(
        _field(node, "dataset_dir", "ImageFolderDataset"),
        num_parallel_workers=node.get("num_parallel_workers"),
        sampler=sampler_from_json(_field(node, "sampler", "ImageFolderDataset")),
        extensions=node.get("extensions") or None, class_indexing=node.get("class_indexing") or None,
        decode=node.get("decode", False))


_REBUILD.update({"Map": _rebuild_map, "Batch": _rebuild_batch,
                 "ImageFolderDataset": _rebuild_image_folder,
                 "TFRecordDataset": _rebuild_tfrecord})


def pipeline_from_json(node: dict):
    """The pipeline a JSON tree describes, rebuilt from its sources up."""
    op_type = node.get("op_type")
    if op_type not in _REBUILD:
        raise pipeline_error(f"Invalid data, unsupported operation type: {op_type}", "deserialize")
    if "children" not in node:
        raise pipeline_error("Failed to find children", "deserialize")
    children = [pipeline_from_json(child) for child in node["children"]]
    return _REBUILD[op_type](children, node)


class DeserializedDataset(Dataset):
    """`mindspore.dataset.engine.datasets.DeserializedDataset`: the pipeline `deserialize` reads
    from a JSON dict or file. As in MindSpore it is read when first used (its columns, size or
    rows), not when made, and a bad file or node fails then."""

    def __init__(self, input_obj):
        super().__init__()
        self.input_obj = input_obj
        self._pipeline = None

    def rebuilt(self):
        """The pipeline the JSON describes (read once)."""
        if self._pipeline is None:
            if isinstance(self.input_obj, dict):
                tree = json.loads(json.dumps(self.input_obj))
            elif isinstance(self.input_obj, str):
                try:
                    with open(self.input_obj, encoding="utf-8") as file:
                        tree = json.load(file)
                except OSError:
                    raise pipeline_error(f"Invalid file, failed to open json file: "
                                         f"{self.input_obj}", "deserialize") from None
            else:
                raise TypeError(f"from_json_file(): incompatible function arguments. The "
                                f"following argument types are supported:\n    1. (arg0: str) -> "
                                f"mindspore._c_dataengine.Dataset\n\nInvoked with: "
                                f"{self.input_obj!r}")
            self._pipeline = pipeline_from_json(tree)
            self.children = [self._pipeline]
        return self._pipeline

    def _columns(self):
        return self.rebuilt()._columns()

    def _build(self, plan):
        return self.rebuilt()._build(plan)

    def _static_size(self):
        return self.rebuilt()._static_size()

    def _pipeline_nodes(self):
        self.rebuilt()
        return super()._pipeline_nodes()

    def get_class_indexing(self):
        """{}: as in MindSpore, a deserialized pipeline does not look its source's up."""
        return {}

    def num_classes(self):
        return self.rebuilt().num_classes()


def serialize(dataset, json_filepath=""):
    """`mindspore.dataset.serialize(dataset, json_filepath="")`: `dataset.to_json(json_filepath)`."""
    return dataset.to_json(json_filepath)


def deserialize(input_dict=None, json_filepath=None):
    """`mindspore.dataset.deserialize(input_dict=None, json_filepath=None)`: the pipeline of a
    JSON dict (`input_dict`; a string there is a file path, as in MindSpore) or file, read when
    first used; None when neither is given."""
    data = None
    if input_dict:
        data = DeserializedDataset(input_dict)
    if json_filepath:
        data = DeserializedDataset(json_filepath)
    return data


def show(dataset, indentation=2):
    """`mindspore.dataset.show(dataset, indentation=2)`: the pipeline's JSON, to the
    ``mindspore.dataset`` logger at INFO level."""
    _LOGGER.info(json.dumps(dataset.to_json(), indent=indentation))


def compare(pipeline1, pipeline2):
    """`mindspore.dataset.compare`: whether the two pipelines' JSON descriptions are equal."""
    return pipeline1.to_json() == pipeline2.to_json()


DATASET_KINDS["to_json"] = dataset_to_json
