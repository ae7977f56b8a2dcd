"""`mindspore.mindrecord.FileWriter`: MindRecord files MindSpore 2.10 reads, byte for byte as it
writes them (the format: msjax/_src/dataset/mindrecord_format.py).

Rows are checked as MindSpore checks them, split among the shards, and written page by page as
they come (memory stays flat); the files are written under temporary names and appear, with their
``.db`` indexes, at ``commit``: a failed write leaves the old files (or none) in place.
``open_for_append`` works on copies of the files, renamed over them at ``commit``.

Where MindSpore draws at random, msjax does not: when a shard count does not divide a call's rows,
MindSpore gives the extra rows to shards it draws at random; msjax gives them to the first shards.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import warnings

import numpy as np

from msjax._src.dataset import mindrecord_format as fmt
from msjax._src.dataset.mindrecord_errors import (MRMDefineIndexError, MRMGetMetaError,
                                                  MRMInvalidSchemaError, ParamTypeError,
                                                  ParamValueError)
from msjax._src.dataset.rows import SYNTAX_HEADER, pipeline_error

MIN_SHARD_COUNT, MAX_SHARD_COUNT = 1, 1000
_VALUE_TYPES = {"int": ["int32", "int64"], "float": ["float32", "float64"], "str": "string",
                "bytes": "bytes", "int32": "int32", "int64": "int64", "float32": "float32",
                "float64": "float64", "ndarray": ["int32", "int64", "float32", "float64"]}
_FORBIDDEN = set(r'\/:*?"<>|`&\';')
_TEMPORARY = ".msjax-tmp"


def check_filename(path, arg_name=""):
    """MindSpore's checks of a MindRecord file name."""
    arg_name = "File path" if arg_name == "" else f"'{arg_name}'"
    if not path:
        raise ParamValueError(f"{arg_name} is not allowed None or empty!")
    if not isinstance(path, str):
        raise ParamValueError(f"File path: {path} is not string.")
    if path.endswith("/"):
        raise ParamValueError("File path can not end with '/'")
    file_name = os.path.basename(path)
    if set(file_name) & _FORBIDDEN:
        raise ParamValueError(r"File name should not contains \/:*?\"<>|`&;\'")
    if file_name.startswith(" ") or file_name.endswith(" "):
        raise ParamValueError("File name should not start/end with space.")


def schema_problem(content):
    """MindSpore's check of an ``add_schema`` dict: the error message, or None."""
    if not content:
        return "Schema content is empty."
    if not isinstance(content, dict):
        return "Schema content should be dict."
    for name, field in content.items():
        if not re.match(r"^[0-9a-zA-Z\_]+$", name):
            return f"Field '{name}' should be composed of '0-9' or 'a-z' or 'A-Z' or '_'."
        if not field or not isinstance(field, dict):
            return f"Field '{name}' should be dict."
        if len(field) == 1 and "type" in field:
            if field["type"] not in fmt.FIELD_TYPES:
                return f"Field '{name}' contain illegal attribute '{field['type']}'."
        elif len(field) == 2 and "type" in field:
            if field["type"] not in fmt.ARRAY_TYPES:
                return f"Field '{name}' contain illegal attribute '{field['type']}'."
            if "shape" not in field:
                return f"Field '{field}' contains illegal attributes."
            if not isinstance(field["shape"], list):
                return f"Field '{name}' contain illegal attribute '{field['shape']}'."
        else:
            return f"Field '{field}' contains illegal attributes."
    return None


def row_problem(schema, index, row):
    """MindSpore's check of one row against the schema: the warning it logs, or None."""
    for name, field in schema.items():
        if name not in row:
            return f"for schema, {index} th data is wrong, there is not field: '{name}' in the raw data."
        value = row[name]
        kind = type(value).__name__
        if kind not in _VALUE_TYPES:
            return (f"for schema, {index} th data is wrong, data type: '{kind}' for field: "
                    f"'{name}' is not matched.")
        if field["type"] not in _VALUE_TYPES[kind]:
            return (f"for schema, {index} th data is wrong, data type: '{field['type']}' for "
                    f"field: '{name}' is not matched.")
        if kind == "ndarray":
            if "shape" not in field:
                return (f"for schema, {index} th data is wrong, data shape for field: '{name}' "
                        f"is not specified.")
            if field["type"] != str(value.dtype):
                return (f"for schema, {index} th data is wrong, data type: '{value.dtype}' for "
                        f"field: '{name}' is not matched.")
            try:
                np.reshape(value, field["shape"])
            except ValueError:
                return (f"for schema, {index} th data is wrong, data shape: '{value.shape}' for "
                        f"field: '{name}' is not matched.")
    return None


def _plain(value):
    """A scalar as MindSpore hands it to its writer (NumPy scalars become Python numbers)."""
    if isinstance(value, (np.int32, np.int64, np.float32, np.float64)):
        return value.item()
    return value


def _size_error(page_size, what):
    return pipeline_error(
        f"Invalid data, Page size: {page_size} is too small to save a {what} row. Please try to "
        f"use the mindrecord api 'set_page_size(value)' to enable larger page size, and the value "
        f"range is in [{fmt.MIN_PAGE_SIZE} bytes, {fmt.MAX_PAGE_SIZE} bytes].", "FileWriter",
        SYNTAX_HEADER)


class _Shard:
    """One shard file being written: its temporary copy, open, and its pages."""

    def __init__(self, path, shard_id, header_size, page_size, pages=(), copy_from=None):
        self.path = path
        self.temporary = path + _TEMPORARY
        if copy_from:
            shutil.copyfile(copy_from, self.temporary)
        flags = os.O_RDWR | os.O_CREAT | (0 if copy_from else os.O_TRUNC)
        self.fd = os.open(self.temporary, flags, 0o600)
        self.pages = fmt.ShardPages(self.fd, shard_id, header_size, page_size, pages)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def discard(self):
        self.close()
        for path in (self.temporary, self.temporary + ".db"):
            if os.path.exists(path):
                os.remove(path)


class FileWriter:
    """`mindspore.mindrecord.FileWriter(file_name, shard_num=1, overwrite=False)`.

    ``add_schema``, ``add_index``, ``write_raw_data`` (written to disk as it comes), ``commit``.
    With ``shard_num > 1`` the files are ``file_name0``, ``file_name1``, ... (zero-padded), each
    call's rows split evenly among them; ``write_raw_data(..., parallel_writer=True)`` sends each
    call whole to the next shard in turn, each shard then a file of its own, as in MindSpore.
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        check_filename(file_name)
        if shard_num is None:
            raise ParamValueError("Parameter shard_num is None.")
        if not isinstance(shard_num, int):
            raise ParamValueError("Parameter shard_num's type is not int.")
        if not MIN_SHARD_COUNT <= shard_num <= MAX_SHARD_COUNT:
            raise ParamValueError(f"Parameter shard_num's value: {shard_num} should between "
                                  f"{MIN_SHARD_COUNT} and {MAX_SHARD_COUNT}.")
        if not isinstance(overwrite, bool):
            raise ParamValueError("Parameter overwrite's type is not bool.")
        self._file_name = file_name
        width = len(str(shard_num - 1))
        self._paths = [file_name] if shard_num == 1 else \
            [f"{file_name}{str(i).rjust(width, '0')}" for i in range(shard_num)]
        self._overwrite = overwrite
        self._header_size, self._page_size = fmt.DEFAULT_HEADER_SIZE, fmt.DEFAULT_PAGE_SIZE
        self._schema, self._desc, self._index_fields = None, "", None
        self._shards, self._compression = None, 0
        self._append, self._flushed, self._parallel, self._next_shard = False, False, None, 0
        self._addresses = None

    @classmethod
    def open_for_append(cls, file_name):
        """`FileWriter.open_for_append(file_name)`: add rows to existing MindRecord files (all
        the shards `file_name`'s header names)."""
        check_filename(file_name)
        if not os.path.isfile(file_name):
            raise RuntimeError(f"The input: {file_name} is not exists.")
        header = _read_header(file_name)
        folder = os.path.dirname(os.path.abspath(file_name))
        writer = cls(file_name)
        writer._append = True
        writer._schema = header["schema"][0]["schema"]
        writer._desc = header["schema"][0]["desc"]
        writer._index_fields = [f["index_field"] for f in header["index_fields"] or ()]
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        writer._compression = header.get("compression_size", 0)
        writer._addresses = list(header["shard_addresses"])
        paths = [os.path.join(folder, name) for name in writer._addresses]
        writer._paths = paths
        writer._shards = _append_shards(paths, writer._header_size, writer._page_size)
        return writer

    def add_schema(self, content, desc=None):
        """`FileWriter.add_schema(content, desc=None)`: {field: {"type": ..., "shape": [...]}}."""
        problem = schema_problem(content)
        if problem:
            raise MRMInvalidSchemaError(problem)
        self._schema = {name: dict(field) for name, field in content.items()}
        self._desc = desc if desc else ""

    def add_index(self, index_fields):
        """`FileWriter.add_index(index_fields)`: the scalar fields the ``.db`` index records
        (by default, every scalar field)."""
        if not index_fields or not isinstance(index_fields, list):
            raise ParamTypeError("'index_fields' expect list type.")
        if self._schema is None:  # MindSpore finds no schema in its header
            raise MRMGetMetaError()
        blobs = fmt.blob_fields(self._schema)
        for field in index_fields:
            if field in blobs:
                raise MRMDefineIndexError(f"Failed to set field {field} since it's not primitive "
                                          f"type.")
            if not isinstance(field, str):
                raise ParamTypeError("'index field' expect str type.")
        for field in index_fields:
            if self._schema is None or field not in self._schema:
                schema = json.dumps(self._schema or {}, separators=(",", ":"), sort_keys=True)
                raise pipeline_error(f"Invalid input, 'index_fields': {field} can not found in "
                                     f"schema: {schema}. Please use 'add_index' function to add "
                                     f"proper 'index_fields'.", "FileWriter.add_index")
        self._index_fields = list(index_fields)

    def set_header_size(self, header_size):
        """`FileWriter.set_header_size`: 16 KiB to 128 MiB, a multiple of 4."""
        self._header_size = self._checked_size(header_size, "header", fmt.MIN_HEADER_SIZE,
                                               fmt.MAX_HEADER_SIZE)

    def set_page_size(self, page_size):
        """`FileWriter.set_page_size`: 32 KiB to 256 MiB, a multiple of 4."""
        self._page_size = self._checked_size(page_size, "page", fmt.MIN_PAGE_SIZE,
                                             fmt.MAX_PAGE_SIZE)

    @staticmethod
    def _checked_size(size, what, low, high):
        if not low <= size <= high:
            raise pipeline_error(f"Invalid data, {what} size: {size} should be in range [{low} "
                                 f"bytes, {high} bytes].", f"FileWriter.set_{what}_size")
        if size % 4:
            raise pipeline_error(f"Invalid data, {what} size {size} should be divided by four.",
                                 f"FileWriter.set_{what}_size")
        return size

    def _check_targets(self):
        """MindSpore's checks when it opens the files (msjax creates them only when rows come)."""
        if self._shards is not None or self._append:
            return
        if self._schema is None:
            raise pipeline_error("Invalid data, schema is not found in header, please use "
                                 "'add_schema' to add a schema for new mindrecord files.",
                                 "FileWriter")
        for path in self._paths:
            if (os.path.exists(path) or os.path.exists(path + ".db")) and not self._overwrite:
                raise pipeline_error(
                    f"Invalid file, mindrecord files already exist. Please check file path: "
                    f"{path}.\nIf you do not want to keep the files, set the 'overwrite' parameter "
                    f"to True and try again.", "FileWriter")

    def _open(self):
        if self._shards is not None:
            return
        if self._append:
            self._shards = _append_shards(self._paths, self._header_size, self._page_size)
            return
        self._check_targets()
        header_size, page_size = self._header_size, self._page_size
        self._addresses = [os.path.basename(p) for p in self._paths]
        shards = []
        try:
            for shard_id, path in enumerate(self._paths):
                shards.append(_Shard(path, 0 if self._parallel else shard_id, header_size,
                                     page_size))
        except BaseException:
            for shard in shards:
                shard.discard()
            raise
        self._shards = shards

    def write_raw_data(self, raw_data, parallel_writer=False):
        """`FileWriter.write_raw_data(raw_data, parallel_writer=False)`: rows (dicts) checked
        against the schema; rows that do not match are left out with a warning (and removed from
        `raw_data`, as MindSpore does)."""
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        if self._parallel is None:
            self._parallel = parallel_writer
            if parallel_writer:  # MindSpore's parallel writers keep the default sizes
                self._header_size, self._page_size = fmt.DEFAULT_HEADER_SIZE, fmt.DEFAULT_PAGE_SIZE
        if self._parallel != parallel_writer:
            raise RuntimeError("The parameter `parallel_writer` must be consistent during use.")
        if not self._flushed:
            self._check_targets()
        if not isinstance(raw_data, list):
            raise ParamTypeError("'raw_data' expect list type.")
        if self._flushed and not self._append:
            raise RuntimeError(
                "Not allowed to call `write_raw_data` on flushed MindRecord files.When creating "
                "new MindRecord files, please remove `commit` before `write_raw_data`. In other "
                "cases, when appending to existing MindRecord files, please call `open_for_append` "
                "first and then `write_raw_data`.")
        if not all(isinstance(row, dict) for row in raw_data):
            raise ParamTypeError("'raw_data item' expect dict type.")
        problems = {}
        for index, row in enumerate(raw_data):
            problem = row_problem(self._schema, index, row)
            if problem:
                problems[index] = problem
        for index in sorted(problems, reverse=True):
            raw_data.pop(index)
            warnings.warn(problems[index], stacklevel=2)
        if not raw_data:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' "
                               "to mindrecord file. Please check the abnormal input data indicated "
                               "in the warning log above.")
        self._write_rows(raw_data)

    def _write_rows(self, rows):
        blob_names = fmt.blob_fields(self._schema)
        raw_names = [n for n in self._schema if n not in blob_names]
        blobs, raws = [], []
        for row in rows:
            blob, saved = fmt.merge_blob(blob_names, self._schema, [row[n] for n in blob_names])
            self._compression += saved
            blobs.append(blob)
            raws.append(fmt.pack_raw({n: _plain(row[n]) for n in raw_names} or fmt.DUMMY_RAW))
        if max(8 + len(r) for r in raws) > self._page_size:
            raise _size_error(self._page_size, "raw")
        if max(8 + len(b) for b in blobs) > self._page_size:
            raise _size_error(self._page_size, "blob")
        self._open()
        if self._parallel:
            self._shards[self._next_shard].pages.write(blobs, raws)
            self._next_shard = (self._next_shard + 1) % len(self._shards)
            return
        count, shards = len(rows), len(self._shards)
        start = 0
        for shard_id, shard in enumerate(self._shards):
            stop = start + count // shards + (1 if shard_id < count % shards else 0)
            shard.pages.write(blobs[start:stop], raws[start:stop])
            start = stop

    def _index_fields_or_default(self):
        if self._index_fields is not None:
            return self._index_fields
        return [name for name in sorted(self._schema) if not fmt.is_blob(self._schema[name])]

    def _header(self, shard_id):
        shard = self._shards[shard_id]
        index_fields = self._index_fields_or_default()
        return {"header_size": self._header_size,
                "index_fields": [{"index_field": f, "schema_id": 0} for f in index_fields] or None,
                "page": [fmt.page_entry(p) for p in shard.pages.pages] or None,
                "page_size": self._page_size, "compression_size": max(self._compression, 0),
                "schema": [fmt.schema_entry(self._schema, self._desc)],
                "shard_addresses": [self._addresses[shard_id]] if self._parallel else self._addresses,
                "shard_id": 0 if self._parallel else shard_id, "statistics": None,
                "version": fmt.VERSION}

    def commit(self):
        """`FileWriter.commit`: write the headers and the ``.db`` indexes; the files appear."""
        self._open()
        self._flushed = True
        try:
            for shard_id, shard in enumerate(self._shards):
                header = self._header(shard_id)
                data = fmt.header_bytes(header)
                if len(data) > self._header_size:
                    raise pipeline_error(
                        "[Internal ERROR] shard header is too big.",
                        f"FileWriter.commit (the header takes {len(data)} bytes, the header size "
                        f"is {self._header_size}: raise it with FileWriter.set_header_size)")
                os.pwrite(shard.fd, data, 0)
                shard.close()
                if os.path.exists(shard.temporary + ".db"):
                    os.remove(shard.temporary + ".db")
                fmt.write_index(shard.temporary + ".db", shard.temporary,
                                os.path.basename(shard.path), header,
                                self._index_fields_or_default(), self._schema)
            for shard in self._shards:
                for suffix in ("", ".db"):
                    os.chmod(shard.temporary + suffix, stat.S_IRUSR | stat.S_IWUSR)
                    os.replace(shard.temporary + suffix, shard.path + suffix)
        finally:
            for shard in self._shards:
                shard.discard()
            self._shards = None

    def __del__(self):
        for shard in getattr(self, "_shards", None) or ():
            shard.discard()


def _append_shards(paths, header_size, page_size):
    """Copies of existing shard files, open to take more rows."""
    shards = []
    try:
        for shard_id, path in enumerate(paths):
            pages = [fmt.Page.from_entry(e) for e in _read_header(path)["page"] or ()]
            shards.append(_Shard(path, shard_id, header_size, page_size, pages, copy_from=path))
    except BaseException:
        for shard in shards:
            shard.discard()
        raise
    return shards


def _read_header(path):
    try:
        return fmt.read_header(path)
    except ValueError as error:
        raise RuntimeError(f"Invalid file, failed to open mindrecord file: {path}: {error}.") \
            from None
