"""`mindspore.dataset.TFRecordDataset`: files of ``tf.train.Example`` records, without TensorFlow.

The records are indexed once (TFRecord framing: a little-endian uint64 length, its masked CRC, the
data, the data's masked CRC) and each ``Example`` is decoded from the protobuf wire format here.
Columns are the features in name order (or `columns_list`'s, or the schema's): an ``int64_list``
is an int64 array, a ``float_list`` float32, a ``bytes_list`` of one value a uint8 array of its
bytes. As in MindSpore, several files are read round-robin, record by record; ``num_shards`` splits
the files among shards; ``shuffle`` (default ``Shuffle.GLOBAL``) shuffles all rows.
"""
from __future__ import annotations

import struct

import numpy as np

from msjax._src.dataset import config
from msjax._src.dataset.buffer_shuffle import ShuffleOrders
from msjax._src.dataset.file_rows import shard_blocks
from msjax._src.dataset.file_sources import match_files
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.samplers import Sampler, Shuffle, check_shards
from msjax._src.dataset.sources import MappableSource
from msjax._src.dataset.schema import Schema


def _round_robin(lists):
    out = []
    for i in range(max((len(l) for l in lists), default=0)):
        out.extend(l[i] for l in lists if i < len(l))
    return out


def _by_workers(blocks, workers):
    """The records in MindSpore's reading order: block ``k`` (a file, or a shard's range of
    one) goes to worker ``k % workers``, which reads its blocks one after another, and the
    workers' records are taken one from each in turn."""
    streams = [[] for _ in range(max(workers, 1))]
    for number, block in enumerate(blocks):
        streams[number % len(streams)].extend(block)
    return _round_robin(streams)


def _equal_row_shard(per_file, num_shards, shard_id):
    """The records shard `shard_id` reads with ``shard_equal_rows``: ``ceil(rows / num_shards)``
    rows of the files taken in order, from row ``shard_id * that`` and round again from the
    first file past the last row (MindSpore's blocks of a non-mappable source, file_rows.py)."""
    counts = [len(records) for records in per_file]
    return [per_file[key][first:end]
            for key, first, end in shard_blocks(counts, list(range(len(per_file))), num_shards,
                                                shard_id)]


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


def index_records(path):
    """(offset, length) of each record's data in a TFRecord file."""
    offsets = []
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
        if compression_type:
            raise ValueError(f"msjax's TFRecordDataset reads uncompressed files; got "
                             f"compression_type={compression_type!r}.")
        files = match_files(dataset_files)
        check_shards(num_shards, shard_id)
        self.arguments = {"files": list(files), "num_samples": num_samples, "shuffle": shuffle,
                          "num_shards": num_shards, "shard_id": shard_id,
                          "shard_equal_rows": shard_equal_rows,
                          "schema_file": schema if isinstance(schema, str) else None}
        self.files = files if num_shards is None or shard_equal_rows else \
            files[shard_id::num_shards]
        # shard_equal_rows: every shard reads ceil(rows / num_shards) rows of all the files
        self._row_shard = (num_shards, shard_id) if num_shards and shard_equal_rows else None
        if isinstance(schema, str):
            schema = Schema(schema)
        self.schema = schema
        self.columns_list = list(columns_list) if columns_list else None
        if num_samples is None and schema is not None and schema.num_rows:
            num_samples = schema.num_rows  # MindSpore reads a schema's numRows rows
        if shuffle is Shuffle.INFILE:  # MindSpore's TFRecordDataset reads INFILE in order
            shuffle = False
        files_only = shuffle is Shuffle.FILES
        super().__init__(num_samples, num_parallel_workers, bool(shuffle) and not files_only,
                         None, None, None, cache=cache)
        if files_only and len(self.files) > 1:
            self.use_sampler(_FileTurnSampler(self))
        elif shuffle in (True, Shuffle.GLOBAL):
            self.use_sampler(_BufferShuffleSampler(num_samples))
        self._records = None
        self._names = None

    def _load(self):
        if self._records is None:
            per_file = [[(path, offset, length) for offset, length in index_records(path)]
                        for path in self.files]
            if self._row_shard is not None:
                per_file = _equal_row_shard(per_file, *self._row_shard)
            workers = self.num_parallel_workers or config.get_num_parallel_workers()
            self._records = _by_workers(per_file, workers)
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
        elif self.schema is not None:
            names = self.schema.column_names()
        else:
            names = available
        for name in names:
            if name not in available:
                raise pipeline_error(f"Invalid columns_list, tfrecord file failed to find column "
                                     f"name: {name}", "TFRecordDataset")
        return list(names)

    @staticmethod
    def _decode(record):
        path, offset, length = record
        with open(path, "rb") as file:
            file.seek(offset)
            return decode_example(file.read(length))

    def _length(self):
        return len(self._load())

    def _read(self, index):
        features = self._decode(self._load()[index])
        columns = self._columns()
        row = [features[name] for name in columns]
        if self.schema is None:
            return tuple(bytes_value(v, False) if isinstance(v, list) else v for v in row)
        types = {c["name"]: c["type"] for c in self.schema.columns}
        shapes = {c["name"]: c.get("shape") for c in self.schema.columns}
        return tuple(_as_schema(value, types.get(name), shapes.get(name))
                     for name, value in zip(columns, row))


class _BufferShuffleSampler(Sampler):
    """``Shuffle.GLOBAL`` (the default): MindSpore puts a shuffle with a buffer larger than the
    rows after the reader, so the rows come in the order of ``Dataset.shuffle`` over the rows in
    file order (the first `num_samples` of them), from the pipeline's seed, epoch after epoch
    (buffer_shuffle.py). (With several files MindSpore also shuffles the files' order, which is
    not reproduced.)"""

    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self._orders = None

    def size(self, length):
        return self._limit(length)

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        length = self._limit(length)
        if self._orders is None:
            self._orders = ShuffleOrders(max(length, 2))
        order = self._orders.order(length, seed, epoch) if length else np.arange(0)
        return grain.MapDataset.source(np.asarray(order, np.int64))


class _FileTurnSampler(Sampler):
    """``Shuffle.FILES`` over several TFRecord files: the files in a random order (drawn from the
    pipeline's seed, not MindSpore's generator), read round-robin, each file's records in order.
    Over one file (no sampler) the records come in file order, as in MindSpore."""

    def __init__(self, source):
        super().__init__()
        self.source = source

    def size(self, length):
        return length

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        paths = [record[0] for record in self.source._load()]
        per_file = [[i for i, p in enumerate(paths) if p == path] for path in self.source.files]
        order = np.random.default_rng([seed, epoch]).permutation(len(per_file))
        indices = _round_robin([per_file[i] for i in order])
        return grain.MapDataset.source(np.asarray(indices, np.int64))


def _as_schema(value, type_name, shape):
    """A feature's values as the schema's column: its type (``string``: the byte strings
    decoded) and shape (``[]`` one value; ``-1`` a dimension the values give)."""
    if isinstance(value, list):
        value = bytes_value(value, type_name == "string")
    elif type_name not in (None, "string"):
        value = value.astype(type_name)
    if shape is not None:
        value = value.reshape(shape)
    return value
