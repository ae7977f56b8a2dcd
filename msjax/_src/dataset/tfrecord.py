"""`mindspore.dataset.TFRecordDataset`: files of ``tf.train.Example`` records, without TensorFlow.

The records are indexed once (TFRecord framing: a little-endian uint64 length, its masked CRC, the
data, the data's masked CRC) and each ``Example`` is decoded from the protobuf wire format here.
Columns are the features in name order (or `columns_list`'s, or the schema's): an ``int64_list``
is an int64 array, a ``float_list`` float32, a ``bytes_list`` of one value a uint8 array of its
bytes.

The rows come in MindSpore's read order (file_rows.py): the files, in their order or with
``Shuffle.FILES`` and ``Shuffle.GLOBAL`` (the default) in MindSpore's shuffled order of the epoch,
are handed to the worker threads in turn and the workers' rows interleave; ``Shuffle.GLOBAL``
then shuffles the rows through MindSpore's shuffle buffer (4 times the average rows per file).
``num_shards`` gives shard ``i`` the files ``i, i + num_shards, ...`` of that order, or with
``shard_equal_rows`` its ``ceil(rows / num_shards)`` rows of all the files; ``num_samples`` (or a
schema's ``numRows``) keeps the first rows. ``Shuffle.INFILE``, ``PARTIAL`` and ``ADAPTIVE`` read
the rows in order, as MindSpore's TFRecordDataset does. Files
compressed with ``compression_type`` "GZIP" or "ZLIB" are read whole into memory; over them
``num_samples`` counts a shard's rows, taken evenly from the first ``files // num_shards`` of its
files, each of which must hold its share (MindSpore's rule).
"""
from __future__ import annotations

import gzip
import math
import struct
import zlib

import numpy as np

from msjax._src.dataset.buffer_shuffle import ShuffleOrders, buffer_shuffle_order
from msjax._src.dataset.cpp_orders import CumulativeShuffle
from msjax._src.dataset.file_rows import _interleave, shard_blocks, shuffle_mode
from msjax._src.dataset.file_sources import match_files
from msjax._src.dataset import config
from msjax._src.dataset.rows import SYNTAX_HEADER, mark_source_row, pipeline_error
from msjax._src.dataset.samplers import Sampler, Shuffle, _check_num_samples, check_shards
from msjax._src.dataset.sources import MappableSource
from msjax._src.dataset.schema import Schema


def _varint(data: bytes, position: int):
    result = shift = 0
    while True:
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, position
        shift += 7


def _fields(data: bytes):
    """(field number, wire type, value) of a protobuf message: varints as ints, length-delimited
    fields as bytes, fixed32/64 as their raw bytes."""
    position = 0
    while position < len(data):
        key, position = _varint(data, position)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, position = _varint(data, position)
        elif wire == 2:
            length, position = _varint(data, position)
            value, position = data[position:position + length], position + length
        elif wire == 5:
            value, position = data[position:position + 4], position + 4
        elif wire == 1:
            value, position = data[position:position + 8], position + 8
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, wire, value


def _signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def _feature_value(feature: bytes):
    """A feature's values: an array of its ints (int64) or floats (float32), or the list of its
    byte strings (`bytes_value` makes them a column)."""
    for kind, _, payload in _fields(feature):
        if kind == 1:  # BytesList
            return [v for _, _, v in _fields(payload)]
        if kind == 2:  # FloatList, packed or not
            floats = []
            for _, wire, v in _fields(payload):
                floats.extend(struct.unpack(f"<{len(v) // 4}f", v) if wire == 2 else struct.unpack("<f", v))
            return np.array(floats, np.float32)
        if kind == 3:  # Int64List, packed or not
            ints = []
            for _, wire, v in _fields(payload):
                if wire == 2:
                    position = 0
                    while position < len(v):
                        value, position = _varint(v, position)
                        ints.append(_signed(value))
                else:
                    ints.append(_signed(v))
            return np.array(ints, np.int64)
    return np.zeros(0, np.float32)


def bytes_value(values: list, as_strings: bool) -> np.ndarray:
    """A bytes feature as a column: its strings (a schema's ``string`` column), else one byte
    string's bytes as uint8 (several: an array of byte strings)."""
    if as_strings:
        try:
            return np.array([v.decode("utf-8") for v in values])
        except UnicodeDecodeError as error:  # MindSpore fails converting the row for the user
            raise pipeline_error(f"Failed to cast to Unicode string: UnicodeDecodeError: {error}",
                                 "TFRecordDataset") from None
    if len(values) == 1:
        return np.frombuffer(values[0], np.uint8).copy()
    return np.array(values)


def decode_example(record: bytes) -> dict:
    """A serialized ``tf.train.Example`` as {feature name: array, or a list of byte strings}."""
    features = {}
    for number, _, message in _fields(record):
        if number != 1:
            continue
        for entry_number, _, entry in _fields(message):
            if entry_number != 1:
                continue
            key, value = None, b""
            for field_number, _, field in _fields(entry):
                if field_number == 1:
                    key = field.decode()
                elif field_number == 2:
                    value = field
            features[key] = _feature_value(value)
    return features


_COMPRESSIONS = ("", "GZIP", "ZLIB")
_GZIP_MAGIC = b"\x1f\x8b"


def check_compression(compression_type) -> str:
    """MindSpore's check of `compression_type`: "" (or None), "GZIP" or "ZLIB"."""
    if compression_type is None:
        return ""
    if compression_type not in _COMPRESSIONS:
        raise ValueError(f"Input compression_type can only be either '' (no compression), 'ZLIB', "
                         f"or 'GZIP', but got '{compression_type}'.")
    return compression_type


def file_data(path: str, compression: str) -> bytes:
    """The bytes of a TFRecord file, inflated. Like zlib's ``gzread``, which MindSpore reads
    GZIP files with, a file without the gzip header is read as it is."""
    with open(path, "rb") as file:
        data = file.read()
    try:
        if compression == "GZIP" and data.startswith(_GZIP_MAGIC):
            return gzip.decompress(data)
        if compression == "ZLIB":
            return zlib.decompress(data)
    except (OSError, EOFError, zlib.error):
        pass
    else:
        return data
    raise pipeline_error(f"Invalid or incomplete inflate data when inflating file {path}!",
                         "TFRecordDataset")


def index_records(path, data=None):
    """(offset, length) of each record's data in a TFRecord file (or in `data`, its bytes)."""
    offsets = []
    if data is None:
        with open(path, "rb") as file:
            data = file.read()
    position = 0
    while position < len(data):
        if position + 12 > len(data):
            raise pipeline_error(f"Invalid TFRecord file, {path} ends inside a record header.",
                                 "TFRecordDataset")
        length = struct.unpack("<Q", data[position:position + 8])[0]
        start = position + 12
        if start + length + 4 > len(data):
            raise pipeline_error(f"Invalid TFRecord file, {path} ends inside a record.",
                                 "TFRecordDataset")
        offsets.append((start, length))
        position = start + length + 4
    return offsets


class TFRecordDataset(MappableSource):
    """`mindspore.dataset.TFRecordDataset(dataset_files, schema=None, columns_list=None,
    num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
    shard_id=None, shard_equal_rows=False, cache=None, compression_type=None)`."""

    mindspore_mappable = False

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None,
                 num_parallel_workers=None, shuffle=True, num_shards=None, shard_id=None,
                 shard_equal_rows=False, cache=None, compression_type=None):
        self.compression = check_compression(compression_type)
        files = match_files(dataset_files)
        check_shards(num_shards, shard_id)
        if self.compression and num_shards is not None and len(files) < num_shards:
            raise ValueError(f"When compression_type is provided, the number of dataset files "
                             f"cannot be less than num_shards, but the actual number of files is "
                             f"{len(files)} and actual num_shards is {num_shards}.")
        self.arguments = {"files": list(files), "num_samples": num_samples, "shuffle": shuffle,
                          "num_shards": num_shards, "shard_id": shard_id,
                          "shard_equal_rows": shard_equal_rows,
                          "schema_file": schema if isinstance(schema, str) else None}
        if isinstance(schema, str):
            schema = Schema(schema)
        self.schema = schema
        self.columns_list = list(columns_list) if columns_list else None
        if num_samples is None and schema is not None and schema.num_rows:
            num_samples = schema.num_rows  # MindSpore reads a schema's numRows rows
        self._data: dict = {}  # the inflated bytes of compressed files
        self._parsed_in_batches = False
        mode = shuffle_mode(shuffle)
        if mode in (Shuffle.INFILE, Shuffle.PARTIAL, Shuffle.ADAPTIVE):
            mode = Shuffle.FALSE  # MindSpore's TFRecordDataset reads these in order
        self.files = files
        super().__init__(None, num_parallel_workers, False, None, None, None, cache=cache)
        self.use_sampler(_ReadOrder(self, num_samples, num_shards, shard_id, shard_equal_rows,
                                    mode))
        self._records = None
        self._names = None

    def _file_records(self) -> list:
        """Each file's records as (path, offset, length), in `files`' order."""
        per_file, invalid = [], []
        for path in self.files:
            data = None
            if self.compression:
                data = self._data[path] = file_data(path, self.compression)
            try:
                offsets = index_records(path, data)
            except (OSError, RuntimeError):
                invalid.append(path)
                continue
            per_file.append([(path, offset, length) for offset, length in offsets])
        if invalid:
            raise pipeline_error("Invalid file. The following files either cannot be opened, or "
                                 "are not valid TFRecordDataset files: " + " ".join(invalid),
                                 "TFRecordDataset", SYNTAX_HEADER)
        return per_file

    def _load(self):
        if self._records is None:
            per_file = self._file_records()  # file after file; the sampler orders them
            self.sampler.counts = [len(records) for records in per_file]
            self._records = [record for records in per_file for record in records]
        return self._records

    def _feature_names(self):
        if self._names is None:
            records = self._load()
            self._names = sorted(self._decode(records[0])) if records else []
        return self._names

    def _columns(self):
        available = self._feature_names()
        if self.columns_list:
            names = self.columns_list
        elif self.schema is not None:  # a feature missing from the file fails when read
            return self.schema.column_names()
        else:
            names = available
        for name in names:
            if name not in available:
                raise pipeline_error(f"Invalid columns_list, tfrecord file failed to find column "
                                     f"name: {name}", "TFRecordDataset")
        return list(names)

    def _decode(self, record):
        path, offset, length = record
        if path in self._data:
            return decode_example(self._data[path][offset:offset + length])
        with open(path, "rb") as file:
            file.seek(offset)
            return decode_example(file.read(length))

    def _length(self):
        return len(self._load())

    def _read(self, index):
        """Row `index`, each value marked with its file (a map failing on it names the file)."""
        record = self._load()[index]
        features = self._decode(record)
        columns = self._columns()
        # where MindSpore's ParseExample errors say it failed (no file when a batch parses)
        where = "" if self._parsed_in_batches else f" The corresponding data file is: {record[0]}."
        missing = [name for name in columns if name not in features]
        if missing:
            raise pipeline_error(f"map operation: [ParseExample] failed.{where} Feature name: "
                                 f"{missing[0]} is required in schema but could not be found in "
                                 f"tfrecord file.", "TFRecordDataset")
        row = [features[name] for name in columns]
        if self.schema is None:
            values = tuple(bytes_value(v, False) if isinstance(v, list) else v for v in row)
        else:
            by_name = {c["name"]: c for c in self.schema.columns}
            values = tuple(_as_schema(name, value, by_name.get(name, {}), where)
                           for name, value in zip(columns, row))
        return mark_source_row(values, record[0])

    def parse_in_batches(self):
        """A batch reads this source's rows (MindSpore then parses whole batches, and its
        errors name no file)."""
        self._parsed_in_batches = True


class _ReadOrder(Sampler):
    """TFRecordDataset's rows without a shuffle, in MindSpore's read order (the module's doc):
    flat indices into the records, file after file."""

    def __init__(self, source, num_samples, num_shards, shard_id, equal_rows, mode):
        super().__init__()
        self.source = source
        self.counts = None  # each file's records (set by the source when it indexes them)
        self.rows = _check_num_samples(num_samples)
        self.num_shards, self.shard_id = num_shards or 1, shard_id or 0
        self.equal_rows = bool(equal_rows)
        # Shuffle.FILES: the file order of each epoch, as file_rows.FileReadOrder draws it
        self._file_orders = None
        self._row_orders = None
        self._drawn = None  # (seed, epoch, shuffle words drawn before that epoch), the last known
        self.shuffle_rows = mode is Shuffle.GLOBAL
        if mode is not Shuffle.FALSE:
            self._file_orders = (CumulativeShuffle(offset=1) if self.num_shards > 1
                                 else CumulativeShuffle(same_seed=True))

    def _blocks(self, seed, epoch):
        """The (file, first row, end row) blocks this shard reads in epoch `epoch`, in order."""
        counts, files = self.counts, self.source.files
        keys = list(range(len(counts)))
        if self._file_orders is not None and keys:
            file_seed = 0 if self.num_shards > 1 else seed
            keys = self._file_orders.order(keys, file_seed, epoch).tolist()
        if self.equal_rows:
            return shard_blocks(counts, keys, self.num_shards, self.shard_id)
        if self.num_shards > len(files):
            raise pipeline_error(f"Invalid file, numbers of tfrecord file should not less than "
                                 f"num_shards when shard_equal_rows is false, but got numbers of "
                                 f"tfrecord file: {len(files)}, num_shards: {self.num_shards}",
                                 "TFRecordDataset")
        keys = keys[self.shard_id::self.num_shards]
        if self.source.compression and self.rows:
            # a shard's rows are its first files' equal shares
            keys = keys[:len(files) // self.num_shards]
            share = self.rows // len(keys)
            for key in keys:
                if counts[key] < share:
                    raise pipeline_error(
                        f"This tfrecord file: {files[key]}, does not meet minimum rows per shard "
                        f"requirement: {self.rows} and {self.rows // self.num_shards} number of "
                        f"rows per file, but got {counts[key]} number of rows in this file.",
                        "TFRecordDataset")
            return [(key, 0, share) for key in keys]
        return [(key, 0, counts[key]) for key in keys]

    def order(self, seed=0, epoch=0) -> np.ndarray:
        self.source._load()
        starts = np.concatenate([[0], np.cumsum(self.counts)]).astype(np.int64)
        workers = self.source.num_parallel_workers or config.get_num_parallel_workers()
        streams = [[] for _ in range(workers)]
        for number, (key, first, end) in enumerate(self._blocks(seed, epoch)):
            streams[number % workers].extend(range(starts[key] + first, starts[key] + end))
        order = np.asarray(_interleave(streams), np.int64)
        return order[:self._kept(len(order))]

    def _kept(self, rows: int) -> int:
        """How many of an epoch's `rows` this shard reads (num_samples, over uncompressed
        files)."""
        return min(rows, self.rows) if self.rows and not self.source.compression else rows

    def _rows_in(self, seed, epoch) -> int:
        """How many rows this shard reads in epoch `epoch` (its blocks' rows, kept)."""
        self.source._load()
        return self._kept(sum(end - first for _, first, end in self._blocks(seed, epoch)))

    def _words_before(self, seed, epoch) -> int:
        """The words the row shuffle drew before epoch `epoch` (one a row of every earlier
        epoch), counted from the last epoch known: once per epoch when epochs come in order."""
        known_seed, known_epoch, drawn = self._drawn or (seed, 0, 0)
        if known_seed != seed or known_epoch > epoch:
            known_epoch, drawn = 0, 0
        return drawn + sum(self._rows_in(seed, earlier) for earlier in range(known_epoch, epoch))

    def size(self, length):
        return self._rows_in(0, 0)

    def _buffer_size(self) -> int:
        """MindSpore's shuffle buffer after the reader: 4 times the average rows per file of a
        shard, at most 10,000."""
        rows = math.ceil(sum(self.counts) / self.num_shards)
        return min(rows // max(len(self.counts), 1) * 4, 10000)

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        order = self.order(seed, epoch)
        if self.shuffle_rows and len(order):
            if self._row_orders is None:
                self._row_orders = ShuffleOrders(max(self._buffer_size(), 2))
            # the shuffle's generator goes on over the epochs, one word a row; a shard's rows
            # may differ from epoch to epoch (its files do)
            drawn = self._words_before(seed, epoch)
            generator = self._row_orders.generator_at(seed, drawn)
            order = order[buffer_shuffle_order(len(order), self._row_orders.buffer_size,
                                               generator.take(len(order)))]
            self._row_orders.keep(seed, drawn + len(order), generator)
            self._drawn = (seed, epoch + 1, drawn + len(order))
        return grain.MapDataset.source(order)


_FEATURE_TYPES = {"i": "int64", "f": "float32"}


def _as_schema(name, value, column, where):
    """A feature's values as the schema's column (MindSpore's ParseExample): its type (a
    ``string`` column takes a bytes feature only; a uint8/int8 one also a single byte string, as
    its bytes; numbers are cast) and shape (the values reshaped, ``-1`` a dimension they give;
    rank 0 with one value: a scalar), else MindSpore's error."""
    type_name, shape = column.get("type"), column.get("shape")
    actual = "string" if isinstance(value, list) else _FEATURE_TYPES[value.dtype.kind]
    bytes_as_numbers = actual == "string" and type_name in ("uint8", "int8")
    if type_name is not None and (type_name == "string") != (actual == "string") \
            and not bytes_as_numbers:
        raise pipeline_error(f"map operation: [ParseExample] failed.{where} The data type loaded "
                             f"from the example for feature name: {name} does not match the "
                             f"predefined type in schema, the actual type: {actual}, but the "
                             f"predefined type: {type_name}", "TFRecordDataset")
    if isinstance(value, list):
        value = bytes_value(value, type_name == "string")
        if bytes_as_numbers:
            value = value.astype(type_name)
    elif type_name is not None:
        value = value.astype(type_name)
    if shape is not None:
        try:
            value = value.reshape(shape)
        except ValueError:
            raise pipeline_error(f"map operation: [ParseExample] failed.{where} Column shape of "
                                 f"{name} defined in schema does not match the shape actually "
                                 f"load.", "TFRecordDataset") from None
    elif column.get("rank") == 0 and value.size == 1:
        value = value.reshape(())
    return value
