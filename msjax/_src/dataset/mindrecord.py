"""MindSpore's MindRecord files: `mindspore.mindrecord.FileWriter` and `mindspore.dataset.MindDataset`.

The format, as MindSpore 2.10 writes it (tests/goldens/dataset/mindrecord holds files of both):

* the data file: an 8-byte little-endian length and a JSON header, padded to ``header_size``; then
  pages of ``page_size`` bytes (the last one cut to its content). A blob page holds, per row, an
  8-byte little-endian length and each blob field (``bytes`` and array fields, by name) as an
  8-byte big-endian length and its bytes; int32/int64 arrays are compressed (a 4-byte big-endian
  count, 2-bit width codes for int8/16/32/64 packed four to a byte, then the little-endian values).
  A raw page holds, per row, an 8-byte little-endian length and a msgpack map of the other fields.
* ``<file>.db``: an SQLite index with, per row, its raw and blob pages and offsets and the values
  of the ``add_index`` fields.

msjax writes one shard (``shard_num=1``). A write is atomic: the files appear at ``commit`` (written
to temporary names and renamed), so a failed write leaves nothing behind.
"""
from __future__ import annotations

import json
import os
import sqlite3
import struct
import warnings

import numpy as np

from msjax._src.dataset.mindrecord_errors import (MRMDefineIndexError, MRMInvalidSchemaError,
                                                  ParamValueError)
from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.sources import MappableSource

_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64,
          "string": None, "bytes": None}
_SQL_TYPES = {"int32": "INTEGER", "int64": "INTEGER", "float32": "NUMERIC", "float64": "NUMERIC",
              "string": "TEXT"}
_WIDTHS = [(np.int8, 1), (np.int16, 2), (np.int32, 4), (np.int64, 8)]
MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28


def _msgpack():
    import msgpack  # pylint: disable=import-outside-toplevel
    return msgpack


def is_blob(field: dict) -> bool:
    return field["type"] == "bytes" or "shape" in field


def compress_ints(values: np.ndarray) -> bytes:
    """MindSpore's compression of an int32/int64 array."""
    flat = values.reshape(-1).astype(np.int64)
    codes = []
    for value in flat.tolist():
        codes.append(next(i for i, (dtype, _) in enumerate(_WIDTHS)
                          if np.iinfo(dtype).min <= value <= np.iinfo(dtype).max))
    packed = bytearray((len(codes) + 3) // 4)
    for i, code in enumerate(codes):
        packed[i // 4] |= code << (6 - 2 * (i % 4))
    body = b"".join(np.array([v], np.dtype(_WIDTHS[c][0]).newbyteorder("<")).tobytes()
                    for v, c in zip(flat.tolist(), codes))
    return struct.pack(">I", len(codes)) + bytes(packed) + body


def decompress_ints(data: bytes, dtype) -> np.ndarray:
    count = struct.unpack(">I", data[:4])[0]
    codes_end = 4 + (count + 3) // 4
    codes = [(data[4 + i // 4] >> (6 - 2 * (i % 4))) & 3 for i in range(count)]
    values, position = [], codes_end
    for code in codes:
        width_type, width = _WIDTHS[code]
        values.append(int(np.frombuffer(data[position:position + width], np.dtype(width_type).newbyteorder("<"))[0]))
        position += width
    return np.array(values, dtype)


def check_schema(schema) -> dict:
    """MindSpore's checks of an ``add_schema`` dict."""
    if not isinstance(schema, dict) or not schema:
        raise MRMInvalidSchemaError("Schema is not a non-empty dict.")
    for name, field in schema.items():
        if not isinstance(field, dict) or "type" not in field:
            raise MRMInvalidSchemaError(f"Field '{name}' should be a dict with a 'type'.")
        if field["type"] not in _TYPES:
            raise MRMInvalidSchemaError(f"Field '{name}' contain illegal attribute "
                                        f"'{field['type']}'.")
        if "shape" in field and field["type"] in ("string", "bytes"):
            raise MRMInvalidSchemaError(f"Field '{name}' of type {field['type']} cannot have "
                                        f"a shape.")
    return schema


class FileWriter:
    """`mindspore.mindrecord.FileWriter(file_name, shard_num=1, overwrite=False)`.

    ``add_schema``, ``add_index``, ``write_raw_data`` (rows accumulate in memory), then ``commit``
    writes ``file_name`` and ``file_name.db`` in MindSpore's format. msjax writes one shard.
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        if not isinstance(file_name, str) or not file_name:
            raise ValueError("Parameter file_name is invalid: it should be a non-empty str.")
        if isinstance(shard_num, bool) or not isinstance(shard_num, int) or not 1 <= shard_num <= 1000:
            raise ParamValueError(f"Parameter shard_num's value: {shard_num} should between 1 and "
                                  f"1000.")
        if shard_num != 1:
            raise ValueError(f"msjax's FileWriter writes one shard; got shard_num={shard_num}. "
                             f"Write one file per shard with shard_num=1 instead.")
        self.file_name = os.path.abspath(file_name)
        self.overwrite = overwrite
        self._schema = None
        self._desc = ""
        self._index_fields = []
        self._rows = []
        self.header_size = 1 << 24
        self.page_size = 1 << 25

    def set_header_size(self, header_size):
        """`FileWriter.set_header_size`: 16 KiB to 128 MiB."""
        if not MIN_HEADER_SIZE <= header_size <= MAX_HEADER_SIZE:
            raise ValueError(f"Invalid header size, header size should be in range "
                             f"[{MIN_HEADER_SIZE}, {MAX_HEADER_SIZE}], but got {header_size}.")
        self.header_size = header_size

    def set_page_size(self, page_size):
        """`FileWriter.set_page_size`: 32 KiB to 256 MiB."""
        if not MIN_PAGE_SIZE <= page_size <= MAX_PAGE_SIZE:
            raise ValueError(f"Invalid page size, page size should be in range "
                             f"[{MIN_PAGE_SIZE}, {MAX_PAGE_SIZE}], but got {page_size}.")
        self.page_size = page_size

    def add_schema(self, content, desc=None):
        """`FileWriter.add_schema`: {field: {"type": ..., "shape": [...]}}; returns the schema id."""
        self._schema = check_schema(dict(content))
        self._desc = desc or ""
        return 0

    def add_index(self, index_fields):
        """`FileWriter.add_index`: fields (not blobs) recorded in the SQLite index."""
        if self._schema is None:
            raise RuntimeError("Failed to add index fields, the schema is not set.")
        for name in index_fields:
            if name not in self._schema:
                raise MRMDefineIndexError(f"Failed to set field {name} since it's not in schema.")
            if is_blob(self._schema[name]):
                raise MRMDefineIndexError(f"Failed to set field {name} since it's not primitive "
                                          f"type.")
        self._index_fields = list(index_fields)

    def write_raw_data(self, raw_data, parallel_writer=False):
        """`FileWriter.write_raw_data`: rows (dicts) checked against the schema."""
        if self._schema is None:
            raise RuntimeError("Failed to write raw data, the schema is not set.")
        if not isinstance(raw_data, list) or not all(isinstance(r, dict) for r in raw_data):
            raise ValueError("The input raw_data should be a list of dict.")
        encoded = []
        for row_number, row in enumerate(raw_data):
            try:
                encoded.append(self._encode_row(row))
            except ValueError as error:
                warnings.warn(f"FileWriter.write_raw_data skips row {row_number}: {error}",
                              stacklevel=2)
        if not encoded:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' "
                               "to mindrecord file. Please check the abnormal input data indicated "
                               "in the warning log above.")
        self._rows.extend(encoded)

    def _encode_row(self, row):
        raw, blobs, saved = {}, [], 0
        for name in sorted(self._schema):
            field = self._schema[name]
            if name not in row:
                raise ValueError(f"Raw data is missing the field {name!r} of the schema.")
            value = row[name]
            try:
                if field["type"] == "bytes":
                    blobs.append(bytes(value))
                elif "shape" in field:
                    array = np.asarray(value, _TYPES[field["type"]])
                    if field["type"] in ("int32", "int64"):
                        compressed = compress_ints(array)
                        raw_bytes = array.astype(array.dtype.newbyteorder("<")).tobytes()
                        blobs.append((compressed, raw_bytes))
                        saved += len(raw_bytes) - len(compressed)
                    else:
                        blobs.append(array.astype(array.dtype.newbyteorder("<")).tobytes())
                elif field["type"] == "string":
                    if not isinstance(value, str):
                        raise TypeError(f"expected str, got {type(value).__name__}")
                    raw[name] = value
                else:
                    kind = int if field["type"].startswith("int") else float
                    if isinstance(value, (str, bytes)):
                        raise TypeError(f"expected {field['type']}, got {type(value).__name__}")
                    raw[name] = kind(value)
            except (TypeError, ValueError) as error:
                raise ValueError(f"Failed to write raw data: field {name!r} of type "
                                 f"{field['type']} got {value!r} ({error}).") from None
        return raw or {"id": 0}, blobs, saved

    def commit(self):
        """`FileWriter.commit`: write the file and its index (atomically)."""
        if self._schema is None:
            raise RuntimeError("Failed to commit, the schema is not set.")
        for path in (self.file_name, self.file_name + ".db"):
            if os.path.exists(path) and not self.overwrite:
                raise RuntimeError(f"Invalid file, mindrecord files already exist. Please check "
                                   f"file path: {path}.\nIf you do not want to keep the files, "
                                   f"set the 'overwrite' parameter to True and try again.")
        temporary = [self.file_name + ".msjax-tmp", self.file_name + ".db.msjax-tmp"]
        try:
            self._write(*temporary)
            os.replace(temporary[0], self.file_name)
            os.replace(temporary[1], self.file_name + ".db")
        finally:
            for path in temporary:
                if os.path.exists(path):
                    os.remove(path)
        return 0

    def _write(self, data_path, db_path):
        msgpack = _msgpack()
        blob_pages, raw_pages, locations = [bytearray()], [bytearray()], []
        # MindSpore compresses int32/int64 arrays and records the bytes saved; a reader takes a
        # positive total to mean "compressed", so when compression saves nothing, store them plain.
        compressed = sum(saved for _, _, saved in self._rows)
        use_compressed = compressed > 0
        if not use_compressed:
            compressed = 0
        for raw, blobs, _ in self._rows:
            blobs = [b if isinstance(b, bytes) else b[0 if use_compressed else 1] for b in blobs]
            blob = b"".join(struct.pack(">Q", len(b)) + b for b in blobs)
            blob = struct.pack("<Q", len(blob)) + blob
            raw_bytes = msgpack.packb(raw, use_bin_type=True)
            raw_bytes = struct.pack("<Q", len(raw_bytes)) + raw_bytes
            if len(blob_pages[-1]) + len(blob) > self.page_size or \
                    len(raw_pages[-1]) + len(raw_bytes) > self.page_size:
                blob_pages.append(bytearray())
                raw_pages.append(bytearray())
            group = len(blob_pages) - 1
            locations.append((group, len(raw_pages[-1]), len(raw_pages[-1]) + len(raw_bytes),
                              len(blob_pages[-1]), len(blob_pages[-1]) + len(blob)))
            blob_pages[-1] += blob
            raw_pages[-1] += raw_bytes
        pages, contents = [], []
        rows_per_group = [sum(1 for loc in locations if loc[0] == g) for g in range(len(blob_pages))]
        first_row = np.cumsum([0] + rows_per_group)
        for group in range(len(blob_pages)):
            for kind, page in (("BLOB_DATA", blob_pages[group]), ("RAW_DATA", raw_pages[group])):
                blob_kind = kind == "BLOB_DATA"
                pages.append({"end_row_id": int(first_row[group + 1]) if blob_kind else 0,
                              "page_id": len(pages), "page_size": len(page), "page_type": kind,
                              "page_type_id": group, "row_group_ids": [{"id": group, "offset": 0}],
                              "shard_id": 0,
                              "start_row_id": int(first_row[group]) if blob_kind else 0})
                contents.append(page)
        blob_fields = [n for n in sorted(self._schema) if is_blob(self._schema[n])]
        header = {
            "header_size": self.header_size,
            "index_fields": [{"index_field": f, "schema_id": 0} for f in self._index_fields] or None,
            "page": pages, "page_size": self.page_size, "compression_size": compressed,
            "schema": [{"blob_fields": blob_fields, "desc": self._desc,
                        "schema": {k: dict(sorted(v.items())) for k, v in sorted(self._schema.items())}}],
            "shard_addresses": [os.path.basename(self.file_name)], "shard_id": 0,
            "statistics": None, "version": "3.0"}
        header_bytes = json.dumps(header, separators=(",", ":")).encode()
        if len(header_bytes) + 8 > self.header_size:
            raise RuntimeError(f"The MindRecord header ({len(header_bytes) + 8} bytes) does not fit "
                               f"header_size {self.header_size}; raise it with set_header_size.")
        with open(data_path, "wb") as file:
            file.write(struct.pack("<Q", len(header_bytes)) + header_bytes)
            for page_id, content in enumerate(contents):
                file.seek(self.header_size + page_id * self.page_size)
                file.write(bytes(content))
        self._write_index(db_path, locations)

    def _write_index(self, db_path, locations):
        index_columns = "".join(f",INC_{i} INT, {name}_0 {_SQL_TYPES[self._schema[name]['type']]}"
                                for i, name in enumerate(self._index_fields))
        keys = ",".join(["ROW_ID"] + [f"INC_{i}" for i in range(len(self._index_fields))])
        connection = sqlite3.connect(db_path)
        try:
            connection.execute(
                "CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          "
                "INT  NOT NULL, PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT "
                "NULL, ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL, "
                "PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL"
                f"{index_columns}, PRIMARY KEY({keys}));")
            connection.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
            connection.execute("INSERT INTO SHARD_NAME VALUES (?)", (os.path.basename(self.file_name),))
            placeholders = ",".join("?" * (8 + 2 * len(self._index_fields)))
            for row_id, ((raw, _, _), (group, raw_start, raw_end, blob_start, blob_end)) in \
                    enumerate(zip(self._rows, locations)):
                values = [row_id, 2 * group + 1, raw_start, raw_end, group, 2 * group, blob_start,
                          blob_end]
                for name in self._index_fields:
                    values += [0, raw[name]]
                connection.execute(f"INSERT INTO INDEXES VALUES ({placeholders})", values)
            connection.commit()
        finally:
            connection.close()


def _json_number(value):
    """A scalar as MindSpore's FileReader returns it (through JSON: an integral float is an int)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def read_header(path):
    """The JSON header of a MindRecord data file."""
    with open(path, "rb") as file:
        size_bytes = file.read(8)
        if len(size_bytes) != 8:
            raise pipeline_error(f"Invalid file, failed to read the header of {path}.", "MindDataset")
        size = struct.unpack("<Q", size_bytes)[0]
        try:
            return json.loads(file.read(size))
        except (ValueError, UnicodeDecodeError) as error:
            raise pipeline_error(f"Invalid file, {path} is not a MindRecord file.",
                                 "MindDataset") from error


class _ShardFile:
    """One MindRecord shard: its header, schema and row locations (from its .db index)."""

    def __init__(self, path):
        self.path = path
        self.header = read_header(path)
        schema = self.header["schema"][0]
        self.schema = schema["schema"]
        self.blob_fields = schema["blob_fields"]
        self.compressed = self.header.get("compression_size", 0) > 0
        if not os.path.isfile(path + ".db"):
            raise pipeline_error(f"Invalid file, the index file {path}.db of {path} is missing.",
                                 "MindDataset")
        connection = sqlite3.connect(f"file:{path}.db?mode=ro", uri=True)
        try:
            self.locations = connection.execute(
                "SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
                "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID").fetchall()
        finally:
            connection.close()
        self.data = np.memmap(path, np.uint8, "r")

    def _page_bytes(self, page_id, start, end):
        base = self.header["header_size"] + page_id * self.header["page_size"]
        return self.data[base + start:base + end].tobytes()

    def read(self, index, columns):
        raw, blobs = self.read_parts(index)
        return tuple(self._value(name, raw, blobs) for name in columns)

    def read_plain(self, index, columns):
        """Row `index` as FileReader gives it: bytes fields as ``bytes``, scalars as Python values,
        array fields as NumPy arrays."""
        raw, blobs = self.read_parts(index)
        return tuple(bytes(blobs[name]) if self.schema[name]["type"] == "bytes"
                     else self._value(name, raw, blobs) if "shape" in self.schema[name]
                     else _json_number(raw[name]) for name in columns)

    def read_parts(self, index):
        """Row `index`'s raw fields (a dict) and blob fields (name -> bytes)."""
        raw_page, raw_start, raw_end, blob_page, blob_start, blob_end = self.locations[index]
        raw = _msgpack().unpackb(self._page_bytes(raw_page, raw_start + 8, raw_end), raw=False)
        blob = self._page_bytes(blob_page, blob_start + 8, blob_end)
        blobs, position = {}, 0
        for name in self.blob_fields:
            length = struct.unpack(">Q", blob[position:position + 8])[0]
            blobs[name] = blob[position + 8:position + 8 + length]
            position += 8 + length
        return raw, blobs

    def _value(self, name, raw, blobs):
        field = self.schema[name]
        kind = field["type"]
        if kind == "bytes":
            return np.array([blobs[name]], f"S{max(len(blobs[name]), 1)}")
        if "shape" in field:
            dtype = _TYPES[kind]
            if self.compressed and kind in ("int32", "int64"):
                array = decompress_ints(blobs[name], dtype)
            else:
                array = np.frombuffer(blobs[name], np.dtype(dtype).newbyteorder("<")).astype(dtype)
            return array.reshape(field["shape"])
        if kind == "string":
            return np.array(raw[name])
        return np.array(raw[name], _TYPES[kind])


class MindDataset(MappableSource):
    """`mindspore.dataset.MindDataset(dataset_files, columns_list=None, ...)`: MindRecord files
    (one file, which brings in the other shards its header names, or a list of files). Columns
    come in name order (or `columns_list`'s); a ``bytes`` field is a one-element NumPy bytes
    array, as in MindSpore."""

    accepts_shuffle_mode = True

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None,
                 num_shards=None, shard_id=None, sampler=None, padded_sample=None, num_padded=None,
                 num_samples=None, cache=None):
        if isinstance(dataset_files, str):
            if not os.path.isfile(dataset_files):
                raise ValueError(f"The file {dataset_files} does not exist or permission denied!")
            header = read_header(dataset_files)
            folder = os.path.dirname(os.path.abspath(dataset_files))
            files = [os.path.join(folder, name) for name in header["shard_addresses"]]
        else:
            files = list(dataset_files)
            for path in files:
                if not os.path.isfile(path):
                    raise ValueError(f"The file {path} does not exist or permission denied!")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.files = files
        self.columns_list = list(columns_list) if columns_list else None
        self._shards = None

    def _load(self):
        if self._shards is None:
            shards = [_ShardFile(path) for path in self.files]
            starts = np.cumsum([0] + [len(s.locations) for s in shards])
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
        return int(self._load()[1][-1])

    def _read(self, index):
        shards, starts = self._load()
        part = int(np.searchsorted(starts, index, side="right") - 1)
        return shards[part].read(index - int(starts[part]), self._columns())

    def class_labels(self, class_column):
        """Each record's `class_column` (PKSampler's class_column, as in MindSpore)."""
        shards = self._load()[0]
        if class_column not in shards[0].schema:
            raise RuntimeError(f"msjax: PKSampler's class_column {class_column!r} is not a field "
                               f"of {self.files[0]} (its fields: {sorted(shards[0].schema)}).")
        return np.array([np.asarray(shard.read(local, [class_column])[0]).item()
                         for shard in shards for local in range(len(shard.locations))])
