"""Reading MindRecord files: `mindspore.dataset.MindDataset` and `mindspore.mindrecord.FileReader`.

A shard is read row by row from its ``.db`` index (each row's pages and offsets, kept as one small
array) with positioned reads: nothing but the row being read is held in memory, so reading a file
of any size streams it.

Values come as MindSpore gives them (goldens: tests/goldens/dataset/mindrecord): through
MindDataset a ``bytes`` field is a one-element NumPy bytes array, a ``string`` a NumPy str array,
a scalar a NumPy scalar of its type, an array field an array of its type and shape; through
FileReader scalars are Python ``int``/``float``/``str`` (an integral float read as an ``int``, as
MindSpore's JSON conversion gives it) and ``bytes`` fields ``bytes``.
"""
from __future__ import annotations

import os
import sqlite3
import threading

import numpy as np

from msjax._src.dataset import config
from msjax._src.dataset import mindrecord_format as fmt
from msjax._src.dataset.mindrecord import check_filename
from msjax._src.dataset.mindrecord_shuffle import (ShardAdaptiveSampler, ShardDistributedSampler,
                                                   ShardPartialSampler, ShardShuffleSampler)
from msjax._src.dataset.mindrecord_errors import ParamTypeError, ParamValueError
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.samplers import (DistributedSampler, RandomSampler, Shuffle,
                                         _check_num_samples)
from msjax._src.dataset.sources import MappableSource

_SCALAR_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32,
                 "float64": np.float64}


def shard_paths(file_name: str) -> list:
    """The shard files `file_name`'s header names, beside it."""
    if not os.path.isfile(file_name + ".db"):
        raise RuntimeError(f"The input: {file_name}.db is not exists.")
    folder = os.path.dirname(os.path.abspath(file_name))
    return [os.path.join(folder, name) for name in _header(file_name)["shard_addresses"]]


def _header(path):
    try:
        return fmt.read_header(path)
    except fmt.HeaderTooLarge:
        raise pipeline_error(f"Invalid file, the size of mindrecord file header is larger than the "
                             f"upper limit. \nThe invalid mindrecord file is [{path}]. \nPlease use "
                             f"'FileWriter' to generate valid mindrecord files.",
                             "MindRecord reader") from None
    except ValueError as error:
        raise pipeline_error(f"Invalid file, failed to read the header of mindrecord file: "
                             f"{path}. {error}.", "MindDataset") from None


class ShardFile:
    """One MindRecord shard: its header, schema and the locations of its rows."""

    def __init__(self, path):
        if not os.path.isfile(path + ".db"):
            raise RuntimeError(f"The input: {path}.db is not exists.")
        self.path = path
        self.header = _header(path)
        schema = self.header["schema"][0]
        self.schema = schema["schema"]
        self.blob_fields = schema["blob_fields"]
        self.compressed = self.header.get("version", "") >= fmt.VERSION and \
            fmt.compresses(self.schema)
        try:
            self.locations = fmt.read_locations(path + ".db")
        except sqlite3.Error as error:
            raise pipeline_error(f"Failed to execute the sql [ SELECT NAME from SHARD_NAME; ] while "
                                 f"verifying meta file, {error}.\nPlease check the meta file: "
                                 f"{path}.db", "MindRecord reader") from None
        self._header_size = self.header["header_size"]
        self._page_size = self.header["page_size"]
        self._local = threading.local()

    def __len__(self):
        return len(self.locations)

    def _fd(self):
        fd, pid = getattr(self._local, "fd", None), os.getpid()
        if fd is None or self._local.pid != pid:
            fd = os.open(self.path, os.O_RDONLY)
            self._local.fd, self._local.pid = fd, pid
        return fd

    def __getstate__(self):
        state = dict(self.__dict__)
        del state["_local"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._local = threading.local()

    def __del__(self):
        fd = getattr(getattr(self, "_local", None), "fd", None)
        if fd is not None and self._local.pid == os.getpid():
            os.close(fd)

    def _read(self, page, start, end):
        offset = self._header_size + int(page) * self._page_size + int(start) + 8
        size = int(end) - int(start) - 8
        data = os.pread(self._fd(), size, offset)
        if len(data) != size:
            raise pipeline_error(f"Invalid file, {self.path} ends before the row it indexes at "
                                 f"offset {offset}.", "MindDataset")
        return data

    def read_parts(self, index):
        """Row `index`'s raw fields (a dict) and blob fields (name -> bytes)."""
        return self.read_parts_at(self.locations[index])

    def read_parts_at(self, location):
        """The raw and blob fields of the row at `location` (its pages and offsets, as the
        ``.db`` index records them)."""
        raw_page, raw_start, raw_end, blob_page, blob_start, blob_end = location
        raw = fmt.unpack_raw(self._read(raw_page, raw_start, raw_end))
        blobs = {}
        if self.blob_fields:
            parts = fmt.split_blob(self._read(blob_page, blob_start, blob_end),
                                   len(self.blob_fields))
            blobs = dict(zip(self.blob_fields, parts))
        return raw, blobs

    def read(self, index, columns):
        """Row `index` as MindDataset gives it: one NumPy array per column."""
        raw, blobs = self.read_parts(index)
        return tuple(self._array(name, raw, blobs) for name in columns)

    def read_plain(self, index, columns):
        """Row `index` as FileReader gives it."""
        return self.read_plain_at(self.locations[index], columns)

    def read_plain_at(self, location, columns):
        """The row at `location` as FileReader gives it."""
        raw, blobs = self.read_parts_at(location)
        out = []
        for name in columns:
            if name in blobs:
                out.append(fmt.field_value(self.schema[name], blobs[name], self.compressed))
            else:
                out.append(_json_number(raw[name]))
        return tuple(out)

    def _array(self, name, raw, blobs):
        field = self.schema[name]
        if name in blobs:
            value = fmt.field_value(field, blobs[name], self.compressed)
            if field["type"] == "bytes":
                return np.array([value], f"S{max(len(value), 1)}")
            return value
        if field["type"] == "string":
            return np.array(raw[name])
        return np.array(raw[name], _SCALAR_TYPES[field["type"]])


_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def _json_number(value):
    """A scalar as MindSpore's FileReader returns it: an integral float becomes an int, converted
    as C++ converts a double to int64 (one out of int64's range becomes int64's minimum)."""
    if isinstance(value, float) and value.is_integer():
        number = int(value)
        return number if _INT64_MIN <= number <= _INT64_MAX else _INT64_MIN
    return value


def check_reader_arguments(file_name, num_consumer):
    """MindSpore's checks of a reader's (FileReader, MindPage) `file_name` and `num_consumer`
    (1 to the CPU count when given; the default 4 is not checked)."""
    for path in file_name if isinstance(file_name, list) else [file_name]:
        check_filename(path)
    if num_consumer is None:
        raise ParamValueError("Parameter num_consumer is None.")
    if not isinstance(num_consumer, int):
        raise ParamValueError("Parameter num_consumer is not int.")
    if num_consumer != 4 and not 1 <= num_consumer <= (os.cpu_count() or 1):
        raise ParamValueError(f"Parameter num_consumer: {num_consumer} should between 1 and "
                              f"{os.cpu_count()}.")


def open_shards(file_name, operation: str) -> list:
    """The shards of a reader's `file_name` (one file, which brings in the shards its header
    names, or a list of files), with MindSpore's errors for missing, empty or damaged files."""
    names = [file_name] if isinstance(file_name, str) else list(file_name)
    for path in names:
        if not os.path.isfile(path):
            raise RuntimeError(f"The input: {path} is not exists.")
        size = os.path.getsize(path)
        if size < 8:
            raise RuntimeError(f"Invalid file, the size of mindrecord file: {size} is smaller than "
                               f"the lower limit: 8.\n Please check file path: {path} and use "
                               f"'FileWriter' to generate valid mindrecord files.")
    paths = shard_paths(file_name) if isinstance(file_name, str) else names
    for path in paths:
        if not os.path.isfile(path):
            raise pipeline_error(f"Invalid file, mindrecord file: {path} can not be found. Please "
                                 f"check whether the mindrecord file exists and do not rename the "
                                 f"mindrecord file.", operation)
    for path in paths:
        if not os.path.isfile(path + ".db"):
            raise pipeline_error(f"Invalid file, failed to open mindrecord meta file. Please check "
                                 f"whether the meta file: {path}.db exists and do not rename the "
                                 f"mindrecord file and meta file.", operation)
    return [ShardFile(path) for path in paths]


class FileReader:
    """`mindspore.mindrecord.FileReader(file_name, num_consumer=4, columns=None, operator=None)`:
    rows as dicts, in file order. ``num_consumer`` is checked as MindSpore checks it when given (1
    to the CPU count; the default 4 is not checked) and otherwise unused: rows are read in order in
    the calling thread."""

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        del operator  # deprecated in MindSpore, unused by it
        check_reader_arguments(file_name, num_consumer)
        if columns and not isinstance(columns, list):
            raise ParamTypeError("'columns' expect list type.")
        self._shards = open_shards(file_name, "FileReader")
        schema = self._shards[0].schema
        self._columns = list(columns) if columns else list(schema)
        for name in self._columns:
            if name not in schema:
                raise RuntimeError(f"Invalid data, column name: {name} can not found in schema.")

    def schema(self):
        """The MindRecord schema: field name -> {"type", "shape"}."""
        return dict(self._shards[0].schema)

    def len(self):  # pylint: disable=invalid-name
        """The number of rows."""
        return sum(len(shard) for shard in self._shards)

    def get_next(self):
        """Yield each row as a dict of the chosen columns."""
        for shard in self._shards:
            for index in range(len(shard)):
                yield dict(zip(self._columns, shard.read_plain(index, self._columns)))

    def close(self):
        """Release the files."""
        self._shards = []


# MindDataset's shuffle modes that are a plain shuffle or none (ADAPTIVE: global up to 100 million
# rows, then wrapped in a ShardAdaptiveSampler that turns PARTIAL past them).
_ROW_SHUFFLE = {Shuffle.GLOBAL: True, Shuffle.ADAPTIVE: True, Shuffle.FALSE: False}


class MindDataset(MappableSource):
    """`mindspore.dataset.MindDataset(dataset_files, columns_list=None, num_parallel_workers=None,
    shuffle=None, num_shards=None, shard_id=None, sampler=None, padded_sample=None,
    num_padded=None, num_samples=None, cache=None)`: MindRecord files (one file, which brings in the
    other shards its header names, or a list of files), rows in file order. Columns come in name
    order (or `columns_list`'s). ``shuffle`` may be a bool or a `Shuffle` (GLOBAL, PARTIAL,
    FILES, INFILE, ADAPTIVE), whose orders are MindSpore's (mindrecord_shuffle.py); sharded orders
    are the DistributedSampler's. The default (None, True, ADAPTIVE) is GLOBAL up to 100 million
    rows in the files and PARTIAL past them, as in MindSpore."""

    accepts_shuffle_mode = True

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None,
                 num_shards=None, shard_id=None, sampler=None, padded_sample=None, num_padded=None,
                 num_samples=None, cache=None):
        if isinstance(dataset_files, str):
            if not os.path.isfile(dataset_files):
                raise ValueError(f"The file {dataset_files} does not exist or permission denied!")
            files = None
        else:
            files = list(dataset_files)
            for path in files:
                if not os.path.isfile(path):
                    raise ValueError(f"The file {path} does not exist or permission denied!")
        if columns_list is not None and (not isinstance(columns_list, list) or not columns_list):
            raise TypeError(f"Argument columns_list with value {columns_list!r} is not of type "
                            f"[<class 'list'>], but got {type(columns_list)}.")
        _check_sampling_arguments(shuffle, sampler, num_samples, num_shards, shard_id)
        _check_padding(columns_list, padded_sample, num_padded)
        mode = shuffle if isinstance(shuffle, Shuffle) else None
        adaptive = sampler is None and (shuffle is None or shuffle is True
                                        or mode is Shuffle.ADAPTIVE)
        if mode in (Shuffle.FILES, Shuffle.INFILE) and num_samples is not None:
            raise ValueError("'Shuffle.FILES' or 'Shuffle.INFILE' and 'num_samples' cannot be "
                             "specified at the same time.")
        super().__init__(num_samples, num_parallel_workers,
                         _ROW_SHUFFLE.get(mode, None if mode else shuffle),
                         sampler, num_shards, shard_id, cache=cache)
        if mode in (Shuffle.FILES, Shuffle.INFILE) and sampler is None and num_shards is None:
            self.use_sampler(ShardShuffleSampler(mode, file_counts=self._file_counts))
        partial = (ShardPartialSampler(_check_num_samples(num_samples), self._file_counts,
                                       num_shards, shard_id,
                                       None if num_shards is None else config.get_seed())
                   if mode is Shuffle.PARTIAL or adaptive else None)
        if mode is Shuffle.PARTIAL:
            self.use_sampler(partial)
        elif num_shards is not None:  # MindRecord's own sharding
            self.use_sampler(ShardDistributedSampler(
                num_shards, shard_id, mode if mode is not None else shuffle is not False,
                _check_num_samples(num_samples), config.get_seed(), self._file_counts))
        if adaptive:
            self.use_sampler(ShardAdaptiveSampler(self.sampler, partial, self._file_counts))
        self.dataset_file = dataset_files
        self.files = files
        self.columns_list = list(columns_list) if columns_list else None
        self.padded_sample = dict(padded_sample) if padded_sample is not None else None
        self.num_padded = num_padded or 0
        self._shards = None

    def use_sampler(self, sampler):
        """`Dataset.use_sampler`; a RandomSampler draws MindRecord's own orders
        (mindrecord_shuffle.py)."""
        if type(sampler) is RandomSampler and sampler.shuffle is Shuffle.PARTIAL:  # pylint: disable=unidiomatic-typecheck
            sampler = ShardPartialSampler(sampler.num_samples, self._file_counts)
        elif type(sampler) is RandomSampler:  # pylint: disable=unidiomatic-typecheck
            shuffled = ShardShuffleSampler(sampler.shuffle, sampler.num_samples,
                                           sampler.replacement, self._file_counts)
            if sampler.shuffle is Shuffle.ADAPTIVE:
                shuffled = ShardAdaptiveSampler(
                    shuffled, ShardPartialSampler(sampler.num_samples, self._file_counts),
                    self._file_counts)
            sampler = shuffled
        elif (type(sampler) is DistributedSampler and sampler.offset == -1  # pylint: disable=unidiomatic-typecheck
              and sampler.shuffle is Shuffle.PARTIAL):
            sampler = ShardPartialSampler(sampler.num_samples, self._file_counts,
                                          sampler.num_shards, sampler.shard_id, sampler.seed)
        elif (type(sampler) is DistributedSampler and sampler.offset == -1  # pylint: disable=unidiomatic-typecheck
              and sampler.shuffle in (Shuffle.GLOBAL, Shuffle.FALSE, Shuffle.ADAPTIVE)):
            sharded = ShardDistributedSampler(sampler.num_shards, sampler.shard_id,
                                              sampler.shuffle, sampler.num_samples, sampler.seed,
                                              self._file_counts)
            if sampler.shuffle is Shuffle.ADAPTIVE:
                sharded = ShardAdaptiveSampler(
                    sharded, ShardPartialSampler(sampler.num_samples, self._file_counts,
                                                 sampler.num_shards, sampler.shard_id,
                                                 sampler.seed),
                    self._file_counts)
            sampler = sharded
        super().use_sampler(sampler)

    def _file_counts(self):
        return [len(shard) for shard in self._load()[0]]

    def _load(self):
        if self._shards is None:
            files = self.files if self.files is not None else shard_paths(self.dataset_file)
            shards = [ShardFile(path) for path in files]
            starts = np.cumsum([0] + [len(s) for s in shards])
            self._shards = (shards, starts)
        return self._shards

    def _columns(self):
        schema = self._load()[0][0].schema
        if self.columns_list:
            for name in self.columns_list:
                if name not in schema:
                    raise pipeline_error(f"Invalid data, column name: {name} can not found in "
                                         f"schema. Please check the 'column_list'.", "MindDataset")
            return list(self.columns_list)
        return sorted(schema)

    def _length(self):
        return int(self._load()[1][-1]) + self.num_padded

    def _read(self, index):
        shards, starts = self._load()
        if index >= starts[-1]:
            return tuple(np.asarray(self.padded_sample[name]) for name in self._columns())
        part = int(np.searchsorted(starts, index, side="right") - 1)
        return shards[part].read(index - int(starts[part]), self._columns())

    def class_labels(self, class_column):
        """Each record's `class_column` (PKSampler's class_column, as in MindSpore)."""
        shards = self._load()[0]
        if class_column not in shards[0].schema:
            raise RuntimeError(f"msjax: PKSampler's class_column {class_column!r} is not a field "
                               f"of {shards[0].path} (its fields: {sorted(shards[0].schema)}).")
        return np.array([np.asarray(shard.read(local, [class_column])[0]).item()
                         for shard in shards for local in range(len(shard))])


def _check_sampling_arguments(shuffle, sampler, num_samples, num_shards, shard_id):
    """MindDataset's checks of (shuffle, sampler, num_samples, num_shards, shard_id), in
    MindSpore's words."""
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if num_samples is not None:
            raise RuntimeError("sampler and num_samples cannot be specified at the same time.")
    for name, value in (("num_shards", num_shards), ("shard_id", shard_id)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"Argument {name} with value {value!r} is not of type "
                            f"[<class 'int'>], but got {type(value)}.")
    if num_shards is not None:
        if not 1 <= num_shards <= 2147483647:
            raise ValueError("Input num_shards is not within the required interval of "
                             "[1, 2147483647].")
        if shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        if not 0 <= shard_id <= num_shards - 1:
            raise ValueError(f"Input shard_id is not within the required interval of "
                             f"[0, {num_shards - 1}].")
    if num_shards is None and shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")


def _check_padding(columns_list, padded_sample, num_padded):
    """MindDataset's checks of padded_sample and num_padded, in MindSpore's words."""
    if padded_sample is not None:
        if not isinstance(padded_sample, dict):
            raise TypeError(f"Argument padded_sample with value {padded_sample!r} is not of type "
                            f"[<class 'dict'>], but got {type(padded_sample)}.")
        if num_padded is None:
            raise RuntimeError("padded_sample is specified and requires num_padded as well.")
        if num_padded < 0:
            raise ValueError(f"num_padded is invalid, num_padded={num_padded}.")
        if columns_list is None:
            raise RuntimeError("padded_sample is specified and requires columns_list as well.")
        if any(column not in padded_sample for column in columns_list):
            raise ValueError("padded_sample cannot match columns_list.")
    if padded_sample is None and num_padded is not None:
        raise RuntimeError("num_padded is specified but padded_sample is not.")
