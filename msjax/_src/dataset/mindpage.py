"""`mindspore.mindrecord.MindPage`: MindRecord rows grouped by an index field, read page by page.

Categories come from the shards' ``.db`` indexes (SQLite): a category is one value of the chosen
index field, named by SQLite's text form of it (``"2"``, ``"0.5"``, ``"1.0e+20"``), counted over
all the shards and numbered in the byte order of the names, as MindSpore 2.10 numbers them
(goldens: tests/goldens/dataset/mindrecord/mindpage.txt). A category's rows come shard by shard,
each shard's in row order; a name matches a category only by that text (``"2"`` is not ``"2.0"``).
"""
from __future__ import annotations

import json
import os
import pathlib
import sqlite3

from msjax._src.dataset import mindrecord_format as fmt
from msjax._src.dataset.mindrecord_errors import (MRMDefineCategoryError, ParamTypeError,
                                                  ParamValueError)
from msjax._src.dataset.mindrecord_reader import check_reader_arguments, open_shards
from msjax._src.dataset.rows import pipeline_error

_LOCATION = ("PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, PAGE_OFFSET_BLOB, "
             "PAGE_OFFSET_BLOB_END")


def _query(db_path, sql, arguments=()):
    connection = sqlite3.connect(pathlib.Path(os.path.abspath(db_path)).as_uri() + "?mode=ro",
                                 uri=True)
    try:
        return connection.execute(sql, arguments).fetchall()
    finally:
        connection.close()


def _error(message):
    return pipeline_error(message, "MindPage")


class MindPage:
    """`mindspore.mindrecord.MindPage(file_name, num_consumer=4)`: one MindRecord file (which
    brings in the other shards its header names) or a list of files. ``num_consumer`` is checked
    as MindSpore checks it and otherwise unused: rows are read in the calling thread."""

    def __init__(self, file_name, num_consumer=4):
        check_reader_arguments(file_name, num_consumer)
        self._shards = open_shards(file_name, "MindPage")
        fields = self._shards[0].header["index_fields"] or ()
        self._candidate_fields = [field["index_field"] for field in fields]
        schema = self._shards[0].schema
        blobs = self._shards[0].blob_fields
        self._columns = [name for name in sorted(schema) if name not in blobs] + list(blobs)
        self._category_field = None

    @property
    def candidate_fields(self):
        """The index fields, by which rows can be grouped."""
        return self._candidate_fields

    @property
    def category_field(self):
        """The field rows are grouped by (None until set)."""
        return self._category_field

    @category_field.setter
    def category_field(self, category_field):
        if not category_field or not isinstance(category_field, str):
            raise ParamTypeError("'category_fields' expect str type.")
        if category_field not in self._candidate_fields:
            raise MRMDefineCategoryError(
                f"Field '{category_field}' is not a candidate category field.")
        self._category_field = category_field

    def _column(self):
        if self._category_field is None:
            raise _error("Invalid data, field: is invalid.")
        return fmt.index_columns([self._category_field], self._shards[0].schema)[0][0]

    def _categories(self):
        """{name: count} over all the shards, in MindSpore's order (the names' byte order)."""
        column = self._column()
        counts = {}
        for shard in self._shards:
            for name, count in _query(shard.path + ".db",
                                      f"SELECT CAST({column} AS TEXT), COUNT(*) FROM INDEXES "
                                      f"GROUP BY {column}"):
                counts[name] = counts.get(name, 0) + count
        return dict(sorted(counts.items(), key=lambda item: item[0].encode()))

    def read_category_info(self):
        """The categories of `category_field` as MindSpore's JSON string: ``{"categories":
        [{"count": ..., "id": ..., "name": ...}, ...], "key": "<field>_0"}``."""
        categories = [{"count": count, "id": i, "name": name}
                      for i, (name, count) in enumerate(self._categories().items())]
        return json.dumps({"categories": categories, "key": self._column()},
                          separators=(",", ":"))

    def read_at_page_by_id(self, category_id, page, num_row):
        """Page `page` (of `num_row` rows) of category number `category_id` (its ``id`` in
        `read_category_info`): a list of row dicts."""
        if not isinstance(category_id, int) or category_id < 0:
            raise ParamValueError("Category id should be int and greater than or equal to 0.")
        _check_page(page, num_row)
        names = list(self._categories())
        if category_id >= len(names):
            raise _error(f"Invalid data, category_id: {category_id} must be in the range [0, "
                         f"{len(names)}].")
        return self._page(names[category_id], page, num_row)

    def read_at_page_by_name(self, category_name, page, num_row):
        """Page `page` (of `num_row` rows) of the category named `category_name` (its ``name``
        in `read_category_info`): a list of row dicts."""
        if not isinstance(category_name, str):
            raise ParamValueError("Category name should be str.")
        _check_page(page, num_row)
        if category_name not in self._categories():
            raise _error(f"category_name: {category_name} could not found.")
        return self._page(category_name, page, num_row)

    def _page(self, name, page, num_row):
        column = self._column()
        located = [(shard, location) for shard in self._shards
                   for location in _query(shard.path + ".db",
                                          f"SELECT {_LOCATION} FROM INDEXES WHERE "
                                          f"CAST({column} AS TEXT) = ? ORDER BY ROW_ID", (name,))]
        if page * num_row >= len(located):
            raise _error(f"Invalid data, page no: {page}or page size: {num_row} is invalid.")
        return [dict(zip(self._columns, shard.read_plain_at(location, self._columns)))
                for shard, location in located[page * num_row:(page + 1) * num_row]]


def _check_page(page, num_row):
    if not isinstance(page, int) or page < 0:
        raise ParamValueError("Page should be int and greater than or equal to 0.")
    if not isinstance(num_row, int) or num_row <= 0:
        raise ParamValueError("num_row should be int and greater than 0.")
