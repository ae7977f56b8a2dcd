"""`mindspore.save_checkpoint`, `load_checkpoint` and `load_param_into_net`.

The file format (MindSpore's ``.ckpt`` protobuf records) lives in `checkpoint_format`; this module
turns Cells, Parameters and Tensors into named NumPy arrays and back, with MindSpore 2.10's
arguments, checks, error types and messages, and its loading rules: parameters are matched by
`param.name`, a checkpoint written from a network nested under a prefix is still loaded (the
prefix is found and stripped), floats and ints convert within their kind unless `strict_load`.
MindSpore reports progress and mismatches through its logger; msjax logs the same messages to
the "msjax" logger.

Loading into a network is all-or-nothing in msjax: if one parameter fails (a shape or dtype
mismatch), no parameter of the network is changed, where MindSpore keeps the ones it loaded.
Encryption (`enc_key`/`dec_key`) is not supported. ``format="safetensors"`` files are read and
written by `safetensors_format` (tests/goldens/safetensors); `ckpt_to_safetensors` and
`safetensors_to_ckpt` convert between the two formats as MindSpore's do.
"""
from __future__ import annotations

import io
import logging
import os
import re
from collections import OrderedDict

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import state
from msjax._src.core import x64
from msjax._src.checkpoint_format import read_checkpoint, write_checkpoint
from msjax._src import safetensors_format
from msjax._src.nn.cell import Cell
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor

__all__ = ["ckpt_to_safetensors", "load_checkpoint", "load_param_into_net", "safetensors_to_ckpt",
           "save_checkpoint"]

logger = logging.getLogger("msjax")

_FLOAT_TYPES = ("float16", "float32", "float64", "bfloat16")
_INT_TYPES = ("int8", "int16", "int32", "int64")


# -- saving ------------------------------------------------------------------------------------
def _check_save_arguments(save_obj, ckpt_file_name, file_format):
    if file_format not in ("safetensors", "ckpt"):
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got "
                         f"{file_format}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj)}.")
    if isinstance(ckpt_file_name, os.PathLike):
        ckpt_file_name = os.fspath(ckpt_file_name)
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is "
                        "invalid,'ckpt_file_name' must be string, but got "
                        f"{type(ckpt_file_name)}.")
    ckpt_file_name = os.path.realpath(ckpt_file_name)
    if os.path.isdir(ckpt_file_name):
        raise IsADirectoryError(f"For 'save_checkpoint', the parameter `ckpt_file_name`: {ckpt_file_name} "
                                "is a directory, it must be a file name.")
    if not ckpt_file_name.endswith(file_format):
        ckpt_file_name += f".{file_format}"
    return ckpt_file_name


def _check_append_dict(append_dict):
    if append_dict is None:
        return None
    if not isinstance(append_dict, dict):
        raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, but got "
                        f"{type(append_dict)}.")
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor)):
            raise TypeError("For 'save_checkpoint', the type of dict 'append_info' must be key: string, "
                            "value: int, float, bool or Generator, but got key: "
                            f"{type(key)}, value: {type(value)}")
    return append_dict


def _check_async_save(async_save):
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, but got "
                        f"{type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or "
                         f"'thread',but got {async_save}.")
    return async_save


def _named_values(save_obj, choice_func):
    """`save_obj` (Cell, list of Parameters or of {'name', 'data'} dicts, dict) as (name, value)
    pairs in MindSpore's order; a Cell's parameters are keyed by `param.name`."""
    chosen = (lambda name: True) if choice_func is None else choice_func
    if isinstance(save_obj, Cell):
        named = OrderedDict()
        for _, param in save_obj.parameters_and_names():
            if chosen(param.name):
                named[param.name] = param
        return list(named.items())
    if isinstance(save_obj, dict):
        pairs = []
        for key, value in save_obj.items():
            if not isinstance(key, str):
                raise TypeError("For save_checkpoint, when save_obj is made up by dict, the key should be "
                                "str andvalue should be Parameter, but got the type of key is "
                                f"{type(key)} andthe type of value is {type(value)}")
            if chosen(key):
                pairs.append((key, value))
        return pairs
    if not save_obj:
        return []
    pairs = []
    if isinstance(save_obj[0], dict):
        for item in save_obj:
            if not (isinstance(item, dict) and "name" in item and "data" in item):
                raise TypeError("For save_checkpoint, save_obj should be a list of dict items, and the dict "
                                "should have key values 'name' and 'value', but got "
                                f"{type(item)} and {item}.")
            if not isinstance(item["name"], str):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the name in "
                                f"dict should be string, but got {type(item['name'])}.")
            if not isinstance(item["data"], Tensor):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the data in "
                                f"dict should be parameter, but got {type(item['data'])}.")
            if chosen(item["name"]):
                pairs.append((item["name"], item["data"]))
        return pairs
    for param in save_obj:
        if not isinstance(param, Parameter):
            raise TypeError("For save_checkpoint, when save_obj is made up by list of Parameter,the param "
                            f"should be parameter, but got {type(param)}")
        if chosen(param.name):
            pairs.append((param.name, param))
    return pairs


def _to_numpy(value):
    """A value to save as what `write_checkpoint` takes: str, Python scalar or NumPy array."""
    if isinstance(value, Tensor):
        return value.asnumpy()
    return value


@x64.scoped
def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt",
                    **kwargs):
    """`mindspore.save_checkpoint`: write a Cell's parameters (by `param.name`), a list of
    Parameters or of `{'name': str, 'data': Tensor}` dicts, or a dict of name to Parameter,
    Tensor, NumPy array or str, to a MindSpore ``.ckpt`` file MindSpore itself can load.

    `append_dict` entries (int, float, bool, str, Tensor) follow, replacing same-named ones in
    place; `choice_func(name)` picks what is saved; `crc_check` appends MindSpore's CRC-32.
    `.ckpt` is appended to a name without it. `async_save` is accepted and the file is written
    before the call returns. msjax writes no encrypted checkpoints.

    `format="safetensors"` writes MindSpore's safetensors file (`safetensors_format`; the
    suffix added is `.safetensors`, zero-size tensors are kept, a str entry cannot be saved),
    with `crc_check` as its `crc_num` metadata and the `remove_redundancy` keyword recorded.

    Example:
        >>> mindspore.save_checkpoint(net, "./lenet.ckpt")
        >>> param_dict = mindspore.load_checkpoint("./lenet.ckpt")
    """
    ckpt_file_name = _check_save_arguments(save_obj, ckpt_file_name, format)
    if not isinstance(integrated_save, bool):
        raise TypeError(f"The input value must be a bool, but got {type(integrated_save).__name__}.")
    _check_async_save(async_save)
    append_dict = _check_append_dict(append_dict)
    if not isinstance(crc_check, bool):
        raise ValueError(  # noqa: TRY004  (MindSpore's Validator.check_isinstance)
            f"The parameter 'crc_check' must be isinstance of {bool}, but got {crc_check}.")
    remove_redundancy = kwargs.get("remove_redundancy")
    if not isinstance(remove_redundancy, (type(None), bool)):
        raise ValueError(  # noqa: TRY004  (MindSpore's Validator.check_isinstance)
            f"The parameter 'remove_redundancy' must be isinstance of {(type(None), bool)}, but got "
            f"{remove_redundancy}.")
    if format == "safetensors":
        _check_safetensors_save_defaults(enc_key, enc_mode, kwargs)
    if enc_key is not None:
        raise NotImplementedError("msjax: save_checkpoint(enc_key=...) is not supported; msjax writes "
                                  "plain checkpoints. Save without 'enc_key'.")
    named = [(name, _to_numpy(value)) for name, value in _named_values(save_obj, choice_func)]
    appended = {name: _to_numpy(value) for name, value in (append_dict or {}).items()}
    if format == "safetensors":
        _save_safetensors(ckpt_file_name, named, appended, crc_check, remove_redundancy)
        return
    write_checkpoint(ckpt_file_name, named, appended, crc_check)


def _check_safetensors_save_defaults(enc_key, enc_mode, kwargs):
    """MindSpore's arguments that the safetensors format does not take, each at its default."""
    for name, value, default in (("enc_key", enc_key, None), ("enc_mode", enc_mode, "AES-GCM"),
                                 ("map_param_inc", kwargs.get("incremental", False), False),
                                 ("global_step_num", kwargs.get("global_step_num"), None)):
        if value != default:
            raise ValueError(f"For 'save_checkpoint', when format is 'safetensors', the parameter '{name}' must "
                             f"be set to default value '{default}', but got '{value}'.")


def _save_safetensors(file_name, named, appended, crc_check, remove_redundancy):
    """The entries (append_dict's replacing same-named ones) as one safetensors file."""
    entries = OrderedDict(named)
    entries.update(appended)
    arrays = []
    for name, value in entries.items():
        if isinstance(value, bool):  # Tensor(True), Tensor(5), Tensor(2.5) in MindSpore
            value = np.bool_(value)
        elif isinstance(value, int):
            value = np.int64(value)
        elif isinstance(value, float):
            value = np.float32(value)
        # a str becomes a NumPy string, which the safetensors package refuses with its own error
        arrays.append((name, np.asarray(value)))
    safetensors_format.write_safetensors(file_name, arrays, crc_check, remove_redundancy)


# -- loading -----------------------------------------------------------------------------------
def _check_prefix(prefix):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be "
                        f"string, list[string] or tuple[string], but got {type(prefix)!s}.")
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be "
                         "empty when 'specify_prefix' or 'filter_prefix' is list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError("For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or "
                            f"tuple, the element in it must be string, but got {type(pre)!s} at index "
                            f"{index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' can't "
                             "include ''.")
    return prefix


def _wanted(name, specify_prefix, filter_prefix):
    if specify_prefix and not any(name.startswith(p) for p in specify_prefix):
        return False
    return not (filter_prefix and any(name.startswith(p) for p in filter_prefix))


@x64.scoped
def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """`mindspore.load_checkpoint`: read a ``.ckpt`` file into a dict of name to Parameter (str
    for string entries), in file order, and load it into `net` when given.

    `specify_prefix`/`filter_prefix` keep/drop names starting with a prefix; `choice_func(name)`
    picks names when neither is given. Errors are MindSpore's (tests/goldens/ckpt).

    With `format="safetensors"`, `ckpt_file_name` may also be an `io.BytesIO`; the entries come
    in sorted name order as unnamed Parameters, only `choice_func` picks (the prefixes are
    checked, then ignored, as in MindSpore), and the file's `remove_redundancy` flag wins
    (tests/goldens/safetensors).

    Example:
        >>> param_dict = mindspore.load_checkpoint("./lenet.ckpt", net=net)
        >>> param_dict["conv1.weight"]
        Parameter (name=conv1.weight, shape=(6, 1, 5, 5), dtype=Float32, requires_grad=True)
    """
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    for name, value in (("dec_mode", dec_mode), ("crc_check", crc_check),
                        ("remove_redundancy", remove_redundancy)):
        expected = str if name == "dec_mode" else bool
        if not isinstance(value, expected):
            raise ValueError(  # noqa: TRY004  (MindSpore's Validator.check_isinstance)
                f"The parameter '{name}' must be isinstance of {expected}, but got {value}.")
    if format == "safetensors":
        for name, value, default in (("dec_key", dec_key, None), ("dec_mode", dec_mode, "AES-GCM")):
            if value != default:
                raise ValueError(f"For 'load_checkpoint', when format is 'safetensors', the parameter '{name}' "
                                 f"must be set to default value '{default}', but got '{value}'.")
    if dec_key is not None:
        raise NotImplementedError("msjax: load_checkpoint(dec_key=...) is not supported; msjax reads plain "
                                  "checkpoints only.")
    if format not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or "
                         "'.safetensors', please input the correct 'format'.")
    if isinstance(ckpt_file_name, io.BytesIO) and format == "ckpt":
        raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
    if format == "safetensors":
        parameter_dict, remove_redundancy = _load_safetensors(ckpt_file_name, choice_func, crc_check,
                                                              remove_redundancy)
        return _finish_load(parameter_dict, net, strict_load, remove_redundancy)
    if specify_prefix:
        logger.warning("For load_checkpoint, this parameter `specity_prefix` will be deprecated, please use "
                       "`choice_func` instead.")
    if filter_prefix:
        logger.warning("For load_checkpoint, this parameter `filter_prefix` will be deprecated, please use "
                       "`choice_func` instead.")
    use_choice_func = specify_prefix is None and filter_prefix is None and choice_func is not None
    parameter_dict = {}
    for name, value in read_checkpoint(ckpt_file_name, crc_check).items():
        if not _wanted(name, specify_prefix, filter_prefix):
            continue
        if use_choice_func and not _chosen(choice_func, name, ckpt_file_name):
            continue
        parameter_dict[name] = value if isinstance(value, str) else Parameter(Tensor(value), name=name)
    return _finish_load(parameter_dict, net, strict_load, remove_redundancy)


def _chosen(choice_func, name, ckpt_file_name):
    """`choice_func(name)`; an exception it raises becomes MindSpore's ValueError of a file that
    failed to load (MindSpore calls it inside its reading loop)."""
    try:
        return choice_func(name)
    except BaseException as error:  # noqa: BLE001  (MindSpore catches BaseException too)
        raise ValueError(f"{error}\nFor 'load_checkpoint', failed to load the checkpoint file "
                         f"{os.path.realpath(ckpt_file_name)}.") from error


def _load_safetensors(source, choice_func, crc_check, remove_redundancy):
    """MindSpore's safetensors branch of `load_checkpoint`: names in sorted order, `choice_func`
    only (the prefix arguments are checked, then ignored), the file's `remove_redundancy` flag."""
    source = safetensors_format.checked_source(source)
    arrays, metadata = safetensors_format.read_safetensors(source, crc_check)
    parameter_dict = {}
    for name, value in arrays.items():
        if choice_func is not None and not choice_func(name):
            continue
        parameter_dict[name] = Parameter(Tensor(value))  # unnamed ("Parameter#N"), as MindSpore's
    return parameter_dict, safetensors_format.remove_redundancy_of(metadata, remove_redundancy)


def _finish_load(parameter_dict, net, strict_load, remove_redundancy):
    if not parameter_dict:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, remove_redundancy)
    return parameter_dict


def _check_load_param_into_net(net, parameter_dict):
    if not isinstance(net, Cell):
        raise TypeError("For 'load_param_into_net', the argument 'net' should be a Cell, but got "
                        f"{type(net)}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, but got "
                        f"{type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            f"'str' and 'Parameter' , but got {type(key)} and {type(value)}.")


def _trailing_ones_reshape(param, new_value):
    """MindSpore's one shape conversion: a value with extra trailing 1-sized axes (a GE 4-d
    tensor like (12, 2048, 1, 1) for (12, 2048)) is reshaped to the parameter's shape."""
    shape, new_shape = param.shape, new_value.shape
    if len(new_shape) <= len(shape) or any(d != 1 for d in new_shape[len(shape):]):
        return None
    if new_shape[:len(shape)] != shape:
        return None
    return new_value.reshape(shape)


def _same_kind(dtype_a, dtype_b) -> bool:
    names = {np.dtype(mstype.to_numpy_dtype(dtype_a)).name, np.dtype(mstype.to_numpy_dtype(dtype_b)).name}
    return names <= set(_FLOAT_TYPES) or names <= set(_INT_TYPES)


def _update_param(param, new_param, strict_load):
    """Store `new_param`'s value in `param` with MindSpore's shape and dtype rules."""
    new_value = new_param.value() if isinstance(new_param, Parameter) else new_param
    if param.shape != new_value.shape:
        reshaped = _trailing_ones_reshape(param, new_value)
        if reshaped is None:
            logger.critical("Failed to combine the net and the parameters for param %s.", param.name)
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape "
                f"as {param.name} in the argument 'parameter_dict'. But got its shape {param.shape} in the "
                f"argument 'net' and shape {new_value.shape} in the argument 'parameter_dict'.May you "
                "need to check whether the checkpoint you loaded is correct or the batch size and so on in the "
                "'net' and 'parameter_dict' are same.")
        # MindSpore 2.10 reshapes here, then stores the un-reshaped value anyway (the parameter
        # ends up with the checkpoint's shape); msjax keeps the parameter's shape.
        new_value = reshaped
    if param.dtype != new_value.dtype:
        if strict_load or not _same_kind(param.dtype, new_value.dtype):
            logger.critical("Failed to combine the net and the parameters for param %s.", param.name)
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
                f"{param.name} in the argument 'parameter_dict'. but got its type {param.dtype} in the "
                f"argument 'net' and type {new_value.dtype} in the argument 'parameter_dict'.May you need "
                "to check whether the checkpoint you loaded is correct.")
        logger.warning("The type of %s:%s in 'parameter_dict' is different from the type of it in "
                       "'net':%s, then the type convert from %s to %s in the network. May consume "
                       "additional memory and time", param.name, new_value.dtype, param.dtype,
                       new_value.dtype, param.dtype)
    param.set_data(new_value)


def _load_mismatched_prefix(net, parameter_dict, param_not_load, strict_load):
    """Load a checkpoint saved from the network nested under a prefix (`backbone.fc1.weight` for
    `fc1.weight`): find the prefix from the first name that matches, then load with it."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_param_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_param_name):
                    prefix_name = dict_name[:-len(net_param_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                           prefix_name)
            for _, param in net.parameters_and_names():
                new_param_name = prefix_name + param.name
                if param.name in param_not_load and new_param_name in parameter_dict:
                    _update_param(param, parameter_dict[new_param_name], strict_load)
                    param_not_load.remove(param.name)


@x64.scoped
def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """`mindspore.load_param_into_net`: load `parameter_dict` (name to Parameter) into `net`'s
    parameters by `param.name`. Returns `(param_not_load, ckpt_not_load)`: the names of the net's
    parameters that got no value, and the names in the dict that were not used.

    Without `strict_load`, floats convert to the parameter's float dtype (ints to its int dtype),
    and a dict saved from the network under a prefix is still loaded (its names stay in
    `ckpt_not_load`, as in MindSpore). In msjax the load is all-or-nothing.

    Example:
        >>> param_not_load, ckpt_not_load = mindspore.load_param_into_net(net, param_dict)
    """
    _check_load_param_into_net(net, parameter_dict)
    if not isinstance(strict_load, bool):
        raise TypeError(f"The input value must be a bool, but got {type(strict_load).__name__}.")
    if not isinstance(remove_redundancy, bool):
        raise ValueError(  # noqa: TRY004  (MindSpore's Validator.check_isinstance)
            f"The parameter 'remove_redundancy' must be isinstance of {bool}, but got {remove_redundancy}.")
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    with state.transaction():
        for _, param in net.parameters_and_names():
            if param.name in parameter_dict:
                new_param = parameter_dict[param.name]
                if not isinstance(new_param, Tensor):  # a str entry, as MindSpore skips it
                    continue
                _update_param(param, new_param, strict_load)
                ckpt_not_load.remove(param.name)
            elif not param.name.startswith("accu_grads"):
                param_not_load.append(param.name)
        if param_not_load and not strict_load:
            _load_mismatched_prefix(net, parameter_dict, param_not_load, strict_load)
    if param_not_load:
        logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they "
                       "are not in the 'parameter_dict', please check whether the network structure is "
                       "consistent when training and loading checkpoint.", len(param_not_load))
        logger.warning("%s are not loaded.", param_not_load)
    return param_not_load, ckpt_not_load


# -- converting between the formats -----------------------------------------------------------
_SUFFIXES = {"safetensors": (".ckpt", ".safetensors", "ckpt"), "ckpt": (".safetensors", ".ckpt", "safetensors")}


def _convert_file(source, destination, name_map, src_format, dst_format):
    """Load `source`, rename its entries by `name_map`, save it as `destination`."""
    param_dict = load_checkpoint(source, format=src_format)
    if name_map is not None:
        param_dict = {name_map.get(name, name): value for name, value in param_dict.items()}
    save_checkpoint(param_dict, destination, format=dst_format)


def _rank_folder_tasks(file_path, save_path, file_name_regex, func_name, src_suffix):
    """MindSpore's folder form: every `rank*` folder directly under `file_path`, each file in it
    with the source suffix (and matching `file_name_regex`), saved under `save_path/<rank folder>`
    (or beside itself)."""
    rank_dirs = sorted(d for d in os.listdir(file_path)
                       if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d)))
    if not rank_dirs:
        raise ValueError(f"For '{func_name}', no directories starting with 'rank' found in {file_path}.")
    tasks = []
    for rank_dir in rank_dirs:
        rank_dir_path = os.path.join(file_path, rank_dir)
        dst_root = rank_dir_path if save_path is None else os.path.join(save_path, rank_dir)
        os.makedirs(dst_root, exist_ok=True)
        for file in sorted(os.listdir(rank_dir_path)):
            if file.endswith(src_suffix) and (file_name_regex is None or re.search(file_name_regex, file)):
                tasks.append((os.path.join(rank_dir_path, file), dst_root, file))
    return tasks


def _convert_checkpoints(file_path, save_path, name_map, file_name_regex, dst_format):
    src_suffix, dst_suffix, src_format = _SUFFIXES[dst_format]
    func_name = "ckpt_to_safetensors" if dst_format == "safetensors" else "safetensors_to_ckpt"
    is_dir, is_file = os.path.isdir(file_path), os.path.isfile(file_path)
    if not is_dir and not is_file:
        raise ValueError(f"For {func_name}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {func_name}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {func_name}, the type of 'name_map' must be a directory, but got '{type(name_map)}'")
    if is_dir:
        for source, dst_root, file in _rank_folder_tasks(file_path, save_path, file_name_regex, func_name,
                                                         src_suffix):
            _convert_file(source, os.path.join(dst_root, file.replace(src_suffix, dst_suffix)), name_map,
                          src_format, dst_format)
        return
    if not file_path.endswith(src_suffix):
        raise ValueError(f"For {func_name}, the input file must be a {src_suffix} file, but got {file_path}")
    if file_name_regex is not None and not re.findall(file_name_regex, file_path):
        raise ValueError(f"For {func_name}, the input file does not match the regular expression.")
    if save_path and not os.path.exists(save_path):
        os.makedirs(save_path, exist_ok=True)
    file_name = os.path.basename(file_path).replace(src_suffix, dst_suffix)
    destination = os.path.join(save_path if save_path else os.path.dirname(file_path), file_name)
    _convert_file(file_path, destination, name_map, src_format, dst_format)


def ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """`mindspore.ckpt_to_safetensors`: convert a ``.ckpt`` file, or every ``.ckpt`` file in the
    ``rank*`` folders of a folder, to ``.safetensors`` in `save_path` (by default beside each
    file; a folder's rank folders are recreated under `save_path`). `name_map` renames entries;
    `file_name_regex` picks files. A checkpoint holding a string cannot be converted (the
    safetensors package's error, as in MindSpore). msjax converts the files one after another:
    `processes_num` is accepted and MindSpore's progress bar is not printed.

    Example:
        >>> mindspore.ckpt_to_safetensors("./rank0/checkpoint_0.ckpt", save_path="./new_path/")
    """
    del processes_num  # one process: the conversion is I/O, and msjax's state is per process
    _convert_checkpoints(file_path, save_path, name_map, file_name_regex, "safetensors")


def safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """`mindspore.safetensors_to_ckpt`: convert a ``.safetensors`` file, or every one in the
    ``rank*`` folders of a folder, to MindSpore ``.ckpt`` files (see `ckpt_to_safetensors`;
    zero-size tensors are dropped, as `save_checkpoint` drops them).

    Example:
        >>> mindspore.safetensors_to_ckpt("./rank0/checkpoint_0.safetensors", save_path="./new_path/")
    """
    del processes_num
    _convert_checkpoints(file_path, save_path, name_map, file_name_regex, "ckpt")
