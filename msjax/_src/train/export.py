"""`mindspore.export`, `mindspore.load` and `nn.GraphCell`, on `jax.export` (StableHLO).

`export(net, *inputs, file_name, file_format)` traces the network in inference mode for the
inputs' shapes and dtypes and writes msjax's program format: the serialised `jax.export` module
(StableHLO, callable from JAX and loadable by other StableHLO consumers) together with the
network's Parameters, which are the program's first inputs. A `.mindir` written by msjax is this
format, not MindSpore's protobuf: MindSpore cannot read it, and `load` of a real MindSpore MindIR
fails with a message saying so. `load(file)` returns an `nn.GraphCell` that runs the program.

A network whose Parameters exceed `mindspore.train.serialization.TOTAL_SAVE` (KB, 1 GB) is written
as MindSpore splits it: `NAME_graph.mindir` (the program) and `NAME_variables/data_0, data_1, ...`,
the Parameters' raw bytes in MindSpore's layout (sorted by name, each padded to 64 bytes, after a
64-byte header whose first byte says little-endian, a new file past `PARAMETER_SPLIT_SIZE` KB),
all read-only; `load("NAME_graph.mindir")` reads them back.

`file_format="STABLEHLO"` (msjax's addition) writes the same program for pure JAX, as a NumPy
`.npz`: `stablehlo` holds the `jax.export` serialisation, `parameter_00000`, ... the Parameters
in the program's order (16-bit floats NumPy cannot hold, bfloat16, stored as float32, exactly,
and cast back inside the program), `names` their names. JAX loads and calls it without msjax:

    z = np.load("net.npz")
    out = jax.export.deserialize(z["stablehlo"].tobytes()).call(
        [z[k] for k in z.files if k.startswith("parameter_")], x)
"""
from __future__ import annotations

import io
import json
import logging
import os
import shutil
import struct
import sys

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import atomic_files
from msjax._src.core import lifting
from msjax._src.core import x64
from msjax._src.nn.cell import Cell
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.state_ops import assign
from msjax._src.transforms import tracing

_logger = logging.getLogger("msjax")
MAGIC = b"MSJAX-STABLEHLO\x00"
_FORMATS = {"MINDIR": ".mindir", "AIR": ".air", "ONNX": ".onnx", "STABLEHLO": ".npz"}
_notice_given = [False]
#: MindSpore's size limits for a MINDIR, in KB: past TOTAL_SAVE the Parameters go to separate data
#: files, each holding up to PARAMETER_SPLIT_SIZE. Users (and MindSpore's tests) change them on
#: `mindspore.train.serialization`, so `export` reads them there (`_limit`).
TOTAL_SAVE = 1024 * 1024
PARAMETER_SPLIT_SIZE = 1024 * 1024 * 1024
_LIMITS_MODULE = "msjax.train.serialization"
_DATA_HEADER_BYTES = 64
_SPLIT_FAILED = "Load MindIR failed."


def _unwrap(tree):
    return jax.tree_util.tree_map(lambda x: x._data if isinstance(x, Tensor) else x, tree,
                                  is_leaf=lambda x: isinstance(x, Tensor))


def _as_array(value):
    if isinstance(value, Tensor):
        return value._data
    return jnp.asarray(value)


def _inference_function(net, params, free_parameters=None, written=None):
    """`net(*inputs)` as a pure function of (parameter values, input arrays); the Parameters it
    reads besides `params` are added to `free_parameters`. With a list `written`, the function
    returns `(result, finals)`: the final values of the Parameters the network assigns
    (`self.weight += 1`), whose indices among `params` the trace puts in `written`."""
    lifted_net, _ = lifting.lift(net, boxes=params)

    def pure(param_values, *inputs):
        with tracing():
            record = lifted_net(list(param_values), *map(_wrap, inputs))
        if free_parameters is not None:
            free_parameters.extend(box for box in record.free if isinstance(box, Parameter))
        result = _unwrap(record.result)
        if written is None:
            return result
        assigned = {id(box) for box, _ in record.written}
        written[:] = [i for i, box in enumerate(params) if id(box) in assigned]
        return result, [_as_array(record.finals[i]) for i in written]
    return pure


def _refuse_parameters_outside_the_cell(free_parameters):
    """MindSpore's error for a Cell reading a Parameter it does not hold (a global one)."""
    if free_parameters:
        raise ValueError(
            f"There's a mindspore.Parameter that wasn't created in nn.Cell, and mindspore.export() "
            f"does not support exporting such Parameters. The parameter name is: "
            f"{free_parameters[0].name}.\nYou can find the supported syntax range for "
            f"mindspore.export() at the following link:\n"
            f"https://www.mindspore.cn/tutorials/zh-CN/master/beginner/save_load.html")


def _parameters_of(net, arrays):
    """The Parameters the exported program takes: a Cell's own, or those a function reads
    (found by tracing it once for the inputs' shapes)."""
    if isinstance(net, Cell):
        return lifting.collect_parameters(net)
    shapes, _ = lifting.lift(jax.eval_shape)
    with tracing():
        record = shapes([], lambda *xs: _unwrap(net(*map(_wrap, xs))), *arrays)
    return [box for box in record.free if isinstance(box, Parameter)]


def _write_program(path, names, values, exported_bytes, output_tree, stored, external=None,
                   written=None):
    """msjax's program file at `path`, read-only as MindSpore leaves it: MAGIC, then three
    length-prefixed blobs (the metadata, the Parameters' bytes when `stored` (else an empty
    `.npz`: a split MINDIR's `external` locations say where they are), the program). With
    `written` (the indices of the Parameters the program assigns) the program returns
    `(result, their final values)`; a file without it (msjax before), the result alone."""
    arrays = [np.asarray(v) for v in values]
    meta = {"format": 1, "parameters": names, "outputs": output_tree}
    if written is not None:
        meta["written"] = list(written)
    if external is not None:
        meta["external"] = external
    meta.update(dtypes=[str(a.dtype) for a in arrays], shapes=[list(a.shape) for a in arrays])
    buffer = io.BytesIO()  # raw bytes: NumPy's format has no bfloat16
    np.savez(buffer, *[np.ascontiguousarray(a).reshape(-1).view(np.uint8) for a in arrays] if stored else [])
    chunks = [MAGIC]
    for blob in (json.dumps(meta).encode(), buffer.getvalue(), exported_bytes):
        chunks += [struct.pack("<Q", len(blob)), blob]
    atomic_files.write_atomically(path, chunks, 0o400)


def _limit(name):
    """`TOTAL_SAVE` or `PARAMETER_SPLIT_SIZE` as set on mindspore.train.serialization (the default
    here until that module is imported or the name set there)."""
    module = sys.modules.get(_LIMITS_MODULE)
    return vars(module).get(name, globals()[name]) if module is not None else globals()[name]


def _raw_bytes(value) -> bytes:
    return np.ascontiguousarray(np.asarray(value)).tobytes()


def _saved_together(values) -> bool:
    """MindSpore's rule: one file while the Parameters' sizes (as `sys.getsizeof` of their bytes,
    in KB) stay within TOTAL_SAVE."""
    total, limit = 0, _limit("TOTAL_SAVE")
    for value in values:
        total += (np.asarray(value).nbytes + sys.getsizeof(b"")) / 1024
        if total > limit:
            return False
    return True


def _split_layout(names, raws):
    """The data files of a split MINDIR, as MindSpore fills them: [[(index, padding), ...], ...],
    the Parameters sorted by name, a new file when the running size (KB, the 64-byte header
    included; MindSpore counts a Parameter only when its length needs padding) passes
    PARAMETER_SPLIT_SIZE. A first Parameter that does not fit raises MindSpore's RuntimeError."""
    limit = _limit("PARAMETER_SPLIT_SIZE")
    files, size = [[]], _DATA_HEADER_BYTES / 1024
    for index in sorted(range(len(names)), key=lambda i: names[i]):
        length = len(raws[index])
        padding = -length % 64
        if padding:
            size += (length + padding) / 1024
        if size > limit:
            if not files[-1]:
                raise RuntimeError("The parameter size is exceed 1T,cannot export to the file")
            files.append([])
            size = (_DATA_HEADER_BYTES + length + padding) / 1024
        files[-1].append((index, padding))
    return files


def _write_split(path, names, values, exported_bytes, output_tree, written=None):
    """A split MINDIR (module doc): the data files first, then NAME_graph.mindir, whose
    metadata holds each Parameter's (file, offset, length). Everything that can fail (the layout)
    is decided before any file is touched."""
    raws = [_raw_bytes(v) for v in values]
    layout = _split_layout(names, raws)
    _logger.warning("Parameters in the net capacity exceeds 1G, save MindIR model and parameters separately.")
    folder, prefix = os.path.split(path)
    prefix = prefix[:-len(".mindir")] if prefix.endswith(".mindir") else prefix
    data_folder = os.path.join(folder, prefix + "_variables")
    if os.path.exists(data_folder):
        shutil.rmtree(data_folder)
    os.makedirs(data_folder, mode=0o700)
    header = (sys.byteorder == "little").to_bytes(1, sys.byteorder) + bytes(_DATA_HEADER_BYTES - 1)
    external = [None] * len(raws)
    for number, members in enumerate(layout):
        location = os.path.join(prefix + "_variables", f"data_{number}")
        chunks, offset = [header], _DATA_HEADER_BYTES
        for index, padding in members:
            external[index] = [location, offset, len(raws[index])]
            chunks += [raws[index], bytes(padding)]
            offset += len(raws[index]) + padding
        # read-only; MindSpore leaves the last of several data files writable
        last_of_several = number == len(layout) - 1 > 0
        atomic_files.write_atomically(os.path.join(folder, location), chunks, None if last_of_several else 0o400)
    _write_program(os.path.join(folder, prefix + "_graph.mindir"), names, values, exported_bytes,
                   output_tree, stored=False, external=external, written=written)


def _read_external(file_name, meta):
    """The Parameters of a split MINDIR, from its data files; a missing or short file raises
    MindSpore's RuntimeError (saying which file, where MindSpore logs it)."""
    folder, values = os.path.dirname(file_name), []
    for (location, offset, length), dtype, shape in zip(meta["external"], meta["dtypes"], meta["shapes"]):
        data_file = os.path.join(folder, location)
        try:
            with open(data_file, "rb") as handle:
                handle.seek(offset)
                raw = handle.read(length)
        except OSError as error:
            raise RuntimeError(f"{_SPLIT_FAILED}\nmsjax: the data file {data_file} cannot be read ({error}), "
                               "please check the correct of the file.") from None
        if len(raw) != length:
            raise RuntimeError(f"{_SPLIT_FAILED}\nmsjax: the data file {data_file} is shorter than its "
                               "Parameters, please check the correct of the file.")
        values.append(np.frombuffer(raw, jnp.dtype(dtype)).reshape(shape))
    return values


def _write_for_jax(path, params, values, pure, arrays):
    """The STABLEHLO format (module doc): a `.npz` of the program and its parameters."""
    stored = [np.asarray(v, np.float32) if jnp.dtype(v.dtype) == jnp.bfloat16 else np.asarray(v)
              for v in values]
    dtypes = [v.dtype for v in values]

    def program(stored_values, *inputs):  # the parameters as stored, cast to their own dtypes
        return pure([jnp.asarray(v).astype(d) for v, d in zip(stored_values, dtypes)], *inputs)
    serialized = jax.export.export(jax.jit(program))(stored, *arrays).serialize()
    buffer = io.BytesIO()
    entries = {"stablehlo": np.frombuffer(bytes(serialized), np.uint8),
               "names": np.array([p.name for p in params], dtype=str)}
    entries.update({f"parameter_{i:05d}": array for i, array in enumerate(stored)})
    np.savez(buffer, **entries)
    atomic_files.write_atomically(path, [buffer.getvalue()])


@x64.scoped
def export(net, *inputs, file_name, file_format="MINDIR", **kwargs):
    """`mindspore.export(net, *inputs, file_name, file_format, **kwargs)`: write `net`'s (a Cell or
    a function) inference program for `inputs`' shapes and dtypes to `file_name` (`.mindir` appended).

    Only `file_format="MINDIR"` is written, in msjax's StableHLO format (see the module doc);
    "AIR" and "ONNX" raise NotImplementedError, as does `enc_key` (encryption), before anything is
    written.
    """
    if not isinstance(net, Cell) and not callable(net):
        raise TypeError(f"For 'export', the type of 'net' should be Cell or function, but got {type(net)}.")
    if not isinstance(file_name, str):
        raise TypeError(f"The 'file_name' must be string, but got {type(file_name)}.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of ['AIR', 'ONNX', 'MINDIR'], but got "
                         f"{file_format}. (msjax adds 'STABLEHLO': the program and its parameters "
                         "for pure JAX.)")
    if file_format in ("AIR", "ONNX"):
        raise NotImplementedError(f"msjax: export(file_format={file_format!r}) is not supported; msjax writes "
                                  "file_format='MINDIR' (its StableHLO program format, for mindspore.load) "
                                  "and 'STABLEHLO' (for pure JAX).")
    if kwargs.get("enc_key") is not None:
        raise NotImplementedError("msjax: export(enc_key=...) is not supported: MindSpore encrypts a MindIR "
                                  "with AES-GCM or SM4-CBC in its C++ library, and msjax writes its own "
                                  "unencrypted program format. Export without 'enc_key' (nothing was written).")
    if not file_name.endswith(_FORMATS[file_format]):
        file_name += _FORMATS[file_format]
    if file_format == "MINDIR" and not _notice_given[0]:
        _notice_given[0] = True
        _logger.warning("msjax: %s is written in msjax's program format (StableHLO through jax.export, with "
                        "the parameters), not MindSpore's MindIR protobuf: load it with msjax's "
                        "mindspore.load; MindSpore itself cannot read it.", file_name)
    arrays = [_as_array(x) for x in inputs]
    was_training = net.training if isinstance(net, Cell) else None
    if isinstance(net, Cell):
        net.set_train(False)
    try:
        params = _parameters_of(net, arrays)
        values = [p._value for p in params]
        free_parameters, written = [], []
        if file_format == "STABLEHLO":  # (pure JAX's program: its result only)
            pure = _inference_function(net, params, free_parameters)
        else:  # a GraphCell writes back the Parameters the network assigns
            pure = _inference_function(net, params, free_parameters, written)
        exported = jax.export.export(jax.jit(pure))(values, *arrays)
        if isinstance(net, Cell):
            _refuse_parameters_outside_the_cell(free_parameters)
    finally:
        if isinstance(net, Cell):
            net.set_train(was_training)
    if file_format == "STABLEHLO":
        _write_for_jax(os.path.realpath(file_name), params, values, pure, arrays)
        return None
    result = jax.eval_shape(pure, values, *arrays)[0]
    single = len(jax.tree_util.tree_leaves(result)) == 1 and not isinstance(result, (tuple, list))
    names, outputs = [p.name for p in params], "single" if single else "tuple"
    if _saved_together(values):
        _write_program(os.path.realpath(file_name), names, values, exported.serialize(), outputs,
                       stored=True, written=written)
    else:
        _write_split(os.path.realpath(file_name), names, values, exported.serialize(), outputs,
                     written)
    return None


class GraphCell(Cell):
    """`mindspore.nn.GraphCell(graph, params_init=None, obf_random_seed=None)`: a Cell running a
    program loaded by `mindspore.load`. Its Parameters are the exported network's (by name);
    `params_init` ({name: Tensor or Parameter}) replaces their values; each value must have its
    Parameter's shape and dtype, and a name the graph does not have is passed over, as in
    MindSpore. Nothing is replaced unless every value is right."""

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__(auto_prefix=False)
        if not isinstance(graph, LoadedGraph):
            raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MIR file, "
                            f"but got {type(graph)}.")
        self.graph = graph
        for index, (name, value) in enumerate(zip(graph.names, graph.values)):
            param = Parameter(_wrap(jnp.asarray(value)), name=name)
            self.insert_param_to_cell(f"param_{index}", param, check_name_contain_dot=False)
        if params_init is not None:
            if not isinstance(params_init, dict):
                raise TypeError(f"For 'GraphCell', the argument 'params_init' must be a dict, but got "
                                f"{type(params_init)}.")
            by_name = {p.name: p for p in self.get_parameters()}
            for name, value in params_init.items():
                if not isinstance(name, str) or not isinstance(value, Tensor):
                    raise TypeError(f"For 'GraphCell', the key of the 'params_init' must be str, and the value "
                                    f"must be Tensor or Parameter, but got the key type: {type(name)}, and the "
                                    f"value type: {type(value)}")
            for name, value in params_init.items():
                if name in by_name:  # (MindSpore passes over a name the graph does not have)
                    _check_same_shape_and_dtype(by_name[name], value)
            index_of = {name: index for index, name in enumerate(graph.names)}
            for name, value in params_init.items():
                if name in by_name:  # the loaded graph's value too: later GraphCells of it see it,
                    by_name[name].set_data(Tensor(value._data))  # as in MindSpore
                    graph.values[index_of[name]] = np.asarray(value._data)

    def construct(self, *inputs):
        params = list(self.get_parameters())
        out = self.graph.exported.call([p._data for p in params],
                                       *[_as_array(x) for x in inputs])
        if self.graph.written is not None:  # the Parameters the exported network assigns
            out, finals = out
            for index, value in zip(self.graph.written, finals):
                assign(params[index], _wrap(value))
        if self.graph.outputs == "single" and isinstance(out, (tuple, list)) and len(out) == 1:
            out = out[0]
        return jax.tree_util.tree_map(_wrap, out)


def _check_same_shape_and_dtype(param, value):
    """MindSpore's check of a `params_init` value against the graph's Parameter."""
    if tuple(param.shape) != tuple(value.shape) or param.dtype != value.dtype:
        shown = lambda t: "{" + ", ".join(map(str, t.shape)) + "}"  # noqa: E731 (MindSpore's C++ text)
        raise ValueError(f"Only support update parameter by Tensor or Parameter with same shape and dtype as it. "
                         f"The parameter '{param.name}' has shape [const vector]{shown(param)} and dtype "
                         f"{param.dtype}, but got the update value with shape [const vector]{shown(value)} "
                         f"and dtype {value.dtype}.")


class LoadedGraph:
    """What `mindspore.load` returns: the program, its parameters' names and values."""

    def __init__(self, exported, names, values, outputs, written=None):
        self.exported, self.names, self.values, self.outputs = exported, names, values, outputs
        self.written = written  # indices of the Parameters it assigns (None: it returns no finals)


def _read_blobs(handle, count, file_name):
    """`count` length-prefixed blobs; each length is checked against what the file holds
    before anything is allocated (a damaged or forged length raises, never MemoryError)."""
    left = os.fstat(handle.fileno()).st_size - handle.tell()
    blobs = []
    for index in range(count):
        header = handle.read(8)
        if len(header) != 8:
            raise RuntimeError(f"msjax: {file_name} is truncated: part {index + 1} of {count} "
                               "has no length. Export the network again.")
        (size,) = struct.unpack("<Q", header)
        left -= 8
        if size > left:
            raise RuntimeError(f"msjax: {file_name} is damaged: part {index + 1} of {count} "
                               f"claims {size} bytes, but the file holds {left} more. Export "
                               "the network again.")
        blobs.append(handle.read(size))
        left -= size
    return blobs


@x64.scoped
def load(file_name, **kwargs):
    """`mindspore.load(file_name, **kwargs)`: a program written by msjax's `export`, for
    `nn.GraphCell`. A MindSpore MindIR (protobuf) cannot be run by msjax and raises RuntimeError
    saying so."""
    if not isinstance(file_name, str):
        raise ValueError("For 'load', the argument 'file_name' must be string, but got {}.".format(type(file_name)))
    if not file_name.endswith(".mindir"):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', "
                         "please input the correct 'file_name'.")
    file_name = os.path.realpath(file_name)
    if not os.path.exists(file_name):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, please check "
                         "whether the 'file_name' is correct.")
    if kwargs.get("dec_key") is not None:
        raise NotImplementedError("msjax: load(dec_key=...) is not supported: msjax's export writes no encrypted "
                                  "MindIR, and msjax cannot decrypt one of MindSpore's. Load without 'dec_key'.")
    with open(file_name, "rb") as handle:
        if handle.read(len(MAGIC)) != MAGIC:
            raise RuntimeError(f"msjax: {file_name} is not a program written by msjax's mindspore.export (it may "
                               "be a MindIR protobuf written by MindSpore itself). msjax runs its own format "
                               "(StableHLO through jax.export) and cannot run MindSpore's MindIR: export the "
                               "network again with msjax, or load its checkpoint (.ckpt) into the network.")
        meta, params_bytes, program = _read_blobs(handle, 3, file_name)
    meta = json.loads(meta)
    if "external" in meta:
        values = _read_external(file_name, meta)
        exported = jax.export.deserialize(bytearray(program))
        return LoadedGraph(exported, meta["parameters"], values, meta["outputs"],
                           meta.get("written"))
    with np.load(io.BytesIO(params_bytes)) as stored:
        values = [stored[f"arr_{i}"].view(jnp.dtype(dtype)).reshape(shape)
                  for i, (dtype, shape) in enumerate(zip(meta["dtypes"], meta["shapes"]))]
    exported = jax.export.deserialize(bytearray(program))
    return LoadedGraph(exported, meta["parameters"], values, meta["outputs"], meta.get("written"))


def save_graph(network, file_name):
    """`mindspore.train.serialization._save_graph(network, file_name)`: write the program a
    GRAPH_MODE call of `network` compiled (its latest signature) to `file_name`, replacing the
    file. MindSpore writes its IR as a protobuf; msjax writes the XLA program's HLO text. As in
    MindSpore, nothing is written for a network that has not been compiled."""
    file_name = os.path.realpath(file_name)
    graph_call = network.__dict__.get("_graph_call") if isinstance(network, Cell) else None
    programs = [] if graph_call is None else [
        p for p in graph_call.programs.values() if hasattr(p.compiled, "as_text")]
    if not programs:
        return
    atomic_files.write_atomically(file_name, programs[-1].compiled.as_text().encode(), 0o600)
