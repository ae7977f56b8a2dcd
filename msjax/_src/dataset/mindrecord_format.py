"""MindRecord's bytes on disk, as MindSpore 2.10 writes and reads them.

Learnt from the files MindSpore 2.10 writes (tests/goldens/dataset/mindrecord/layouts, made by
tests/goldens/scripts/make_mindrecord_layouts.py, whose files msjax writes byte for byte) and from
MindSpore's public source (read, not copied).

* **A shard file**: an 8-byte little-endian length and a compact JSON header, then pages of
  ``page_size`` bytes from offset ``header_size``; page ``k`` starts at ``header_size + k *
  page_size`` and the file ends where the last page's content ends.
* **Blob pages** hold rows' blob data, **raw pages** their other fields. A row group is the rows of
  one blob page; a raw page lists the row groups it holds and where each starts
  (``row_group_ids``). Each row in a page is an 8-byte little-endian length and its bytes.
* **A row's blob**: the fields of type ``bytes`` and the array fields, in name order. With one such
  field the blob is its bytes; with several, each is an 8-byte big-endian length and its bytes. An
  array is its C-order bytes; when the schema has an int32/int64 array field, each int array is
  compressed (a 4-byte big-endian count, 2-bit width codes int8/16/32/64 packed four to a byte,
  high bits first, then each value little-endian in its width). A row with no blob field has a
  blob of four zero bytes.
* **A row's raw data**: a MessagePack map of the other fields, keys in byte order, as
  nlohmann::json writes it (a float is a float32 when that loses nothing); a row with no such
  field has ``{"id": 0}``.
* **``<file>.db``**: an SQLite index, one row per record: its raw and blob pages and offsets, its
  row group, and the values of the index fields (``add_index``'s, or every scalar field).
"""
from __future__ import annotations

import json
import os
import pathlib
import sqlite3
import struct

import numpy as np

VERSION = "3.0"
DEFAULT_HEADER_SIZE, DEFAULT_PAGE_SIZE = 1 << 24, 1 << 25
MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28
FIELD_TYPES = ("int32", "int64", "float32", "float64", "string", "bytes")
ARRAY_TYPES = ("int32", "int64", "float32", "float64")
SQL_TYPES = {"int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL",
             "string": "TEXT"}
BLOB, RAW = "BLOB_DATA", "RAW_DATA"
NO_BLOB = bytes(4)
DUMMY_RAW = {"id": 0}
_LENGTH = struct.Struct("<Q")
_BIG_LENGTH = struct.Struct(">Q")
_FLOAT32_MAX = float(np.finfo(np.float32).max)


def is_blob(field: dict) -> bool:
    """Whether a schema field is stored in the blob (``bytes`` and array fields)."""
    return field["type"] == "bytes" or "shape" in field


def blob_fields(schema: dict) -> list:
    return [name for name in sorted(schema) if is_blob(schema[name])]


def compresses(schema: dict) -> bool:
    """MindSpore compresses int arrays in the blobs of a schema that has an int array field."""
    return any("shape" in f and f["type"] in ("int32", "int64") for f in schema.values())


# --- MessagePack, as nlohmann::json::to_msgpack writes it -----------------------------------------

def _pack_int(out: bytearray, value: int):
    if 0 <= value < 128 or -32 <= value < 0:
        out += struct.pack(">b" if value < 0 else ">B", value)
    elif value >= 0:
        for code, fmt, limit in ((0xcc, ">B", 1 << 8), (0xcd, ">H", 1 << 16), (0xce, ">I", 1 << 32),
                                 (0xcf, ">Q", 1 << 64)):
            if value < limit:
                out.append(code)
                out += struct.pack(fmt, value)
                return
        raise OverflowError(f"{value} does not fit an unsigned 64-bit integer")
    else:
        for code, fmt, limit in ((0xd0, ">b", 1 << 7), (0xd1, ">h", 1 << 15), (0xd2, ">i", 1 << 31),
                                 (0xd3, ">q", 1 << 63)):
            if value >= -limit:
                out.append(code)
                out += struct.pack(fmt, value)
                return
        raise OverflowError(f"{value} does not fit a signed 64-bit integer")


def _pack_str(out: bytearray, text: str):
    data = text.encode("utf-8")
    size = len(data)
    if size < 32:
        out.append(0xa0 | size)
    elif size < 1 << 8:
        out += bytes([0xd9, size])
    elif size < 1 << 16:
        out.append(0xda)
        out += struct.pack(">H", size)
    else:
        out.append(0xdb)
        out += struct.pack(">I", size)
    out += data


def _pack_float(out: bytearray, value: float):
    if -_FLOAT32_MAX <= value <= _FLOAT32_MAX and float(np.float32(value)) == value:
        out.append(0xca)
        out += struct.pack(">f", value)
    else:
        out.append(0xcb)
        out += struct.pack(">d", value)


def pack_raw(row: dict) -> bytes:
    """A row's raw fields (str -> int, float or str) as MessagePack, as MindSpore writes it."""
    out = bytearray()
    size = len(row)
    if size < 16:
        out.append(0x80 | size)
    elif size < 1 << 16:
        out.append(0xde)
        out += struct.pack(">H", size)
    else:
        out.append(0xdf)
        out += struct.pack(">I", size)
    for key in sorted(row, key=lambda name: name.encode("utf-8")):
        _pack_str(out, key)
        value = row[key]
        if isinstance(value, str):
            _pack_str(out, value)
        elif isinstance(value, float):
            _pack_float(out, value)
        else:
            _pack_int(out, int(value))
    return bytes(out)


def unpack_raw(data) -> dict:
    import msgpack  # pylint: disable=import-outside-toplevel
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


# --- MindSpore's integer compression ---------------------------------------------------------------

_WIDTH_TYPES = (np.dtype("<i1"), np.dtype("<i2"), np.dtype("<i4"), np.dtype("<i8"))


def compress_ints(values: np.ndarray) -> bytes:
    """An int32/int64 array compressed as MindSpore compresses it: each value in the narrowest of
    int8/16/32/64 that holds it."""
    flat = np.ascontiguousarray(values, dtype=np.int64).reshape(-1)
    codes = np.full(flat.size, 3, np.uint8)
    for code in (2, 1, 0):
        info = np.iinfo(_WIDTH_TYPES[code])
        codes[(flat >= info.min) & (flat <= info.max)] = code
    padded = np.zeros(-(-flat.size // 4) * 4, np.uint8)
    padded[:flat.size] = codes
    quads = padded.reshape(-1, 4)
    bitmap = (quads[:, 0] << 6) | (quads[:, 1] << 4) | (quads[:, 2] << 2) | quads[:, 3]
    widths = (1 << codes.astype(np.int64))
    as_bytes = flat.astype("<i8").view(np.uint8).reshape(-1, 8)
    body = as_bytes[np.arange(8) < widths[:, None]]
    return struct.pack(">I", flat.size) + bitmap.astype(np.uint8).tobytes() + body.tobytes()


def decompress_ints(data, dtype) -> np.ndarray:
    """The inverse of `compress_ints`, as an array of `dtype`."""
    data = memoryview(data)
    count = struct.unpack(">I", data[:4])[0]
    bitmap_size = (count + 3) // 4
    if len(data) < 4 + bitmap_size:
        raise ValueError(f"a compressed integer array of {count} values needs a {bitmap_size}-byte "
                         f"width map, but the field has {len(data) - 4} bytes after its count")
    bitmap = np.frombuffer(data, np.uint8, bitmap_size, 4)
    codes = np.stack([bitmap >> 6, bitmap >> 4, bitmap >> 2, bitmap], axis=1).reshape(-1)[:count] & 3
    widths = 1 << codes.astype(np.int64)
    starts = np.cumsum(widths) - widths
    body = np.frombuffer(data, np.uint8, offset=4 + bitmap_size)
    if starts.size and starts[-1] + widths[-1] > body.size:
        raise ValueError(f"a compressed integer array of {count} values needs "
                         f"{int(starts[-1] + widths[-1])} value bytes, but has {body.size}")
    if count and (codes == codes[0]).all():  # one width throughout: the values are one array
        width_type = _WIDTH_TYPES[codes[0]]
        return np.frombuffer(body, width_type, count).astype(dtype)
    out = np.empty(count, np.int64)
    for code, width_type in enumerate(_WIDTH_TYPES):
        chosen = codes == code
        if chosen.any():
            width = width_type.itemsize
            taken = body[starts[chosen][:, None] + np.arange(width)]
            out[chosen] = np.ascontiguousarray(taken).view(width_type).reshape(-1)
    return out.astype(dtype)


# --- a row's blob ------------------------------------------------------------------------------

def merge_blob(fields: list, schema: dict, values: list) -> tuple[bytes, int]:
    """A row's blob from its blob fields' values (bytes or arrays, in `fields` order), and the
    bytes compression saved (MindSpore's ``compression_size`` counts them)."""
    if not fields:
        return NO_BLOB, 0
    compress = compresses(schema)
    parts, saved = [], 0
    for name, value in zip(fields, values):
        kind = schema[name]["type"]
        if kind == "bytes":
            data = bytes(value)
        else:
            array = np.ascontiguousarray(value, dtype=np.dtype(kind).newbyteorder("<"))
            data = array.tobytes()
            if compress and kind in ("int32", "int64"):
                packed = compress_ints(array)
                saved += len(data) - len(packed)
                data = packed
        parts.append(data)
    if len(parts) == 1:
        return parts[0], saved
    return b"".join(_BIG_LENGTH.pack(len(p)) + p for p in parts), saved


def split_blob(blob, count: int) -> list:
    """The `count` fields of a blob (memoryviews), the inverse of `merge_blob`'s framing."""
    blob = memoryview(blob)
    if count == 1:
        return [blob]
    parts, position = [], 0
    for _ in range(count):
        size = _BIG_LENGTH.unpack_from(blob, position)[0]
        parts.append(blob[position + 8:position + 8 + size])
        position += 8 + size
    return parts


def field_value(schema_field: dict, data, compressed: bool):
    """A blob field's bytes as its value: ``bytes``, or an array of its type and shape."""
    kind = schema_field["type"]
    if kind == "bytes":
        return bytes(data)
    if compressed and kind in ("int32", "int64"):
        array = decompress_ints(data, kind)
    else:
        array = np.frombuffer(data, np.dtype(kind).newbyteorder("<")).astype(kind)
    return array.reshape(schema_field["shape"])


# --- the header --------------------------------------------------------------------------------

class HeaderTooLarge(ValueError):
    """A file whose first 8 bytes give a header length over MindRecord's largest header."""


def read_header(path) -> dict:
    """The JSON header of a MindRecord shard file (ValueError when it is not one)."""
    with open(path, "rb") as file:
        size_bytes = file.read(8)
        if len(size_bytes) != 8:
            raise ValueError(f"{path} is too short for a MindRecord header")
        size = _LENGTH.unpack(size_bytes)[0]
        if size > MAX_HEADER_SIZE:
            raise HeaderTooLarge(f"{path} gives a header of {size} bytes")
        text = file.read(min(size, MAX_HEADER_SIZE))
    try:
        header = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} does not start with a MindRecord header") from error
    if not isinstance(header, dict) or "schema" not in header or "page_size" not in header:
        raise ValueError(f"{path} does not start with a MindRecord header")
    return header


def header_bytes(header: dict) -> bytes:
    """The header as MindSpore writes it: compact JSON, keys in MindSpore's order."""
    order = ("header_size", "index_fields", "page", "page_size", "compression_size", "schema",
             "shard_addresses", "shard_id", "statistics", "version")
    ordered = {key: header[key] for key in order}
    text = json.dumps(ordered, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return _LENGTH.pack(len(text)) + text


def page_entry(page: "Page") -> dict:
    row_groups = page.row_groups if page.kind == RAW else [(0, 0)]
    return {"end_row_id": page.end_row, "page_id": page.page_id, "page_size": page.size,
            "page_type": page.kind, "page_type_id": page.type_id,
            "row_group_ids": [{"id": group, "offset": offset} for group, offset in row_groups],
            "shard_id": page.shard_id, "start_row_id": page.start_row}


def schema_entry(schema: dict, desc: str) -> dict:
    return {"blob_fields": blob_fields(schema), "desc": desc,
            "schema": {name: dict(sorted(schema[name].items())) for name in sorted(schema)}}


# --- pages: where MindSpore's writer puts each row -------------------------------------------------

class Page:
    """One page of a shard file, as its header entry describes it."""

    __slots__ = ("page_id", "shard_id", "kind", "type_id", "start_row", "end_row", "row_groups",
                 "size")

    def __init__(self, page_id, shard_id, kind, type_id, start_row=0, end_row=0, row_groups=(),
                 size=0):
        self.page_id, self.shard_id, self.kind, self.type_id = page_id, shard_id, kind, type_id
        self.start_row, self.end_row, self.size = start_row, end_row, size
        self.row_groups = [tuple(g) for g in row_groups]

    @classmethod
    def from_entry(cls, entry: dict) -> "Page":
        return cls(entry["page_id"], entry["shard_id"], entry["page_type"], entry["page_type_id"],
                   entry["start_row_id"], entry["end_row_id"],
                   [(g["id"], g["offset"]) for g in entry["row_group_ids"]], entry["page_size"])


class ShardPages:
    """A shard file's pages, and MindSpore's placement of new rows in them (row groups cut where a
    blob or raw page would overflow; the last blob page and raw row group grow first; a raw page
    too full for its last group's new rows moves that group to a new page).

    `fd` is the open shard file; rows are written through it at their final offsets.
    """

    def __init__(self, fd: int, shard_id: int, header_size: int, page_size: int, pages=()):
        self.fd, self.shard_id = fd, shard_id
        self.header_size, self.page_size = header_size, page_size
        self.pages = list(pages)

    def _last(self, kind):
        return next((p for p in reversed(self.pages) if p.kind == kind), None)

    def _offset(self, page, within):
        return self.header_size + page.page_id * self.page_size + within

    def _new_page(self, kind, type_id, **kwargs):
        page = Page(len(self.pages), self.shard_id, kind, type_id, **kwargs)
        self.pages.append(page)
        return page

    def write(self, blobs: list, raws: list):
        """Append rows (their blob bytes and raw bytes, unframed) to this shard."""
        if not blobs:
            return
        blob_sizes = [8 + len(b) for b in blobs]
        raw_sizes = [8 + len(r) for r in raws]
        last_raw, last_blob = self._last(RAW), self._last(BLOB)
        groups = self._cut_row_groups(blob_sizes, raw_sizes, last_raw, last_blob)
        self._append_blob_page(groups[0], blobs, blob_sizes, last_blob)
        self._new_blob_pages(groups[1:], blobs, blob_sizes, last_blob)
        last_raw = self._shift_raw_page(groups[0], raw_sizes, last_raw)
        self._write_raw_pages(groups, raws, raw_sizes, last_raw)

    def _cut_row_groups(self, blob_sizes, raw_sizes, last_raw, last_blob):
        blob_used = last_blob.size if last_blob else 0
        raw_used = last_raw.size - last_raw.row_groups[-1][1] if last_raw else 0
        groups, start = [], 0
        for i, (blob_size, raw_size) in enumerate(zip(blob_sizes, raw_sizes)):
            if blob_used == 0 or blob_used + blob_size > self.page_size or \
                    raw_used + raw_size > self.page_size:
                groups.append((start, i))
                start, blob_used, raw_used = i, blob_size, raw_size
            else:
                blob_used += blob_size
                raw_used += raw_size
        groups.append((start, len(blob_sizes)))
        return groups

    def _flush(self, page, within, items, sizes):
        data = b"".join(_LENGTH.pack(len(item)) + item for item in items)
        os.pwrite(self.fd, data, self._offset(page, within))
        return sum(sizes)

    def _append_blob_page(self, group, blobs, blob_sizes, last_blob):
        start, stop = group
        if start == stop:
            return
        last_blob.size += self._flush(last_blob, last_blob.size, blobs[start:stop],
                                      blob_sizes[start:stop])
        last_blob.end_row += stop - start

    def _new_blob_pages(self, groups, blobs, blob_sizes, last_blob):
        type_id = last_blob.type_id if last_blob else -1
        row = last_blob.end_row if last_blob else 0
        for start, stop in groups:
            type_id += 1
            page = self._new_page(BLOB, type_id, start_row=row, end_row=row + stop - start)
            page.size = self._flush(page, 0, blobs[start:stop], blob_sizes[start:stop])
            row = page.end_row

    def _shift_raw_page(self, group, raw_sizes, last_raw):
        start, stop = group
        if start == stop or sum(raw_sizes[start:stop]) + last_raw.size <= self.page_size:
            return last_raw
        group_id, offset = last_raw.row_groups[-1]
        moved = os.pread(self.fd, last_raw.size - offset, self._offset(last_raw, offset))
        last_raw.row_groups.pop()
        last_raw.size = offset
        page = self._new_page(RAW, last_raw.page_id + 1, row_groups=[(group_id, 0)],
                              size=len(moved))
        os.pwrite(self.fd, moved, self._offset(page, 0))
        return page

    def _write_raw_pages(self, groups, raws, raw_sizes, last_raw):
        last_group = last_raw.row_groups[-1][0] if last_raw else -1
        for chunk, (start, stop) in enumerate(groups):
            if start == stop:
                continue
            size = sum(raw_sizes[start:stop])
            if last_raw is None or last_raw.size + size > self.page_size:
                type_id = last_raw.page_id + 1 if last_raw else 0
                last_raw = self._new_page(RAW, type_id)
            if chunk > 0:
                last_group += 1
                last_raw.row_groups.append((last_group, last_raw.size))
            last_raw.size += self._flush(last_raw, last_raw.size, raws[start:stop],
                                         raw_sizes[start:stop])


# --- the index database ----------------------------------------------------------------------------

def index_columns(index_fields: list, schema: dict) -> list:
    """(column name, SQL type) of each index field."""
    return [(f"{name}_0", SQL_TYPES[schema[name]["type"]]) for name in index_fields]


def write_index(db_path: str, data_path: str, shard_name: str, header: dict,
                index_fields: list, schema: dict):
    """Write `data_path`'s SQLite index to `db_path` (a new file), reading the row lengths and
    index values back from the data file as MindSpore's index generator does."""
    columns = index_columns(index_fields, schema)
    extra = "".join(f",INC_{i} INT, {name} {kind}" for i, (name, kind) in enumerate(columns))
    keys = "".join(f",INC_{i}" for i in range(len(columns)))
    connection = sqlite3.connect(db_path)
    try:
        connection.execute(
            "CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  "
            "NOT NULL, PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL, "
            "ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL, "
            "PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL"
            f"{extra}, PRIMARY KEY(ROW_ID{keys}));")
        connection.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
        connection.execute("INSERT INTO SHARD_NAME (NAME) VALUES (?);", (shard_name,))
        placeholders = ",".join("?" * (8 + 2 * len(columns)))
        connection.executemany(f"INSERT INTO INDEXES VALUES ({placeholders})",
                               _index_rows(data_path, header, index_fields))
        connection.commit()
    finally:
        connection.close()


def _index_rows(data_path, header, index_fields):
    pages = [Page.from_entry(entry) for entry in header["page"] or ()]
    blob_pages = {page.type_id: page for page in pages if page.kind == BLOB}
    header_size, page_size = header["header_size"], header["page_size"]
    with open(data_path, "rb") as file:
        fd = file.fileno()
        for raw_page in (p for p in pages if p.kind == RAW):
            base = header_size + raw_page.page_id * page_size
            raw_data = os.pread(fd, raw_page.size, base)
            for group_id, raw_offset in raw_page.row_groups:
                blob_page = blob_pages[group_id]
                blob_base = header_size + blob_page.page_id * page_size
                blob_offset = 0
                for row_id in range(blob_page.start_row, blob_page.end_row):
                    raw_size = _LENGTH.unpack_from(raw_data, raw_offset)[0]
                    raw_end = raw_offset + 8 + raw_size
                    blob_size = _LENGTH.unpack(os.pread(fd, 8, blob_base + blob_offset))[0]
                    blob_end = blob_offset + 8 + blob_size
                    values = unpack_raw(raw_data[raw_offset + 8:raw_end]) if index_fields else {}
                    row = [row_id, raw_page.page_id, raw_offset, raw_end, group_id,
                           blob_page.page_id, blob_offset, blob_end]
                    for name in index_fields:
                        row += [0, values[name]]
                    yield row
                    raw_offset, blob_offset = raw_end, blob_end


def read_locations(db_path: str) -> np.ndarray:
    """Each row's (raw page, raw start, raw end, blob page, blob start, blob end), in row order."""
    # Read-only, through a URI: the path as a file URI, so that '#', '%' and '?' in a folder's
    # name are the name's (unescaped, '#' began a fragment, and sqlite made a stray empty file).
    connection = sqlite3.connect(pathlib.Path(os.path.abspath(db_path)).as_uri() + "?mode=ro",
                                 uri=True)
    try:
        connection.execute("SELECT NAME from SHARD_NAME;").fetchall()
        rows = connection.execute(
            "SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
            "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID").fetchall()
    finally:
        connection.close()
    return np.array(rows, np.int64).reshape(-1, 6)
