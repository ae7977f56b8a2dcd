"""`mindspore.dataset.Schema`: column names, types and shapes of a dataset (for GeneratorDataset's
`schema` argument)."""
from __future__ import annotations

import json
import os

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.dataset.rows import pipeline_error


def _type_name(de_type) -> str:
    if isinstance(de_type, mstype.String):
        return "string"
    if isinstance(de_type, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(de_type)).name
    if isinstance(de_type, str):
        return "string" if de_type in ("string", "str") else np.dtype(de_type).name
    return np.dtype(de_type).name


class Schema:
    """`mindspore.dataset.Schema(schema_file=None)`: ``add_column(name, de_type, shape)``,
    ``parse_columns``, ``from_json``, ``to_json``; a JSON schema file holds ``{"columns": {name:
    {"type", "rank", "shape"}}}`` (or a list of columns with a ``name``), and may hold
    ``numRows`` and ``datasetType``."""

    def __init__(self, schema_file=None):
        self.columns = []
        self.num_rows = None
        self.dataset_type = None
        if schema_file is not None:
            if not isinstance(schema_file, str):
                raise TypeError(f"path: {schema_file} is not string")
            if not os.path.isfile(schema_file):
                raise ValueError(f"The file {schema_file} does not exist or permission denied!")
            with open(schema_file, encoding="utf-8") as file:
                self.from_json(json.load(file))

    def add_column(self, name, de_type, shape=None):
        """Add a column of type `de_type` (a MindSpore or NumPy dtype, or "string")."""
        if not isinstance(name, str) or not name:
            raise ValueError("Column name should be a non-empty string.")
        column = {"name": name, "type": _type_name(de_type)}
        if shape is not None:
            column["shape"] = list(shape)
            column["rank"] = len(shape)
        self.columns.append(column)

    def parse_columns(self, columns):
        """Columns from a dict {name: {"type": ..., "shape": ...}} or a list of such dicts with
        a "name"; a column without a name or type fails as MindSpore's does."""
        items = columns.items() if isinstance(columns, dict) else \
            [(c.get("name"), c) for c in columns]
        for name, column in items:
            if name is None:
                raise pipeline_error("Column's name is missing", "Schema")
            if "type" not in column:
                raise pipeline_error("Column's type is missing", "Schema")
            self.add_column(name, column["type"], column.get("shape"))
            if "rank" in column and "shape" not in column:
                self.columns[-1]["rank"] = column["rank"]

    def from_json(self, json_obj):
        """`Schema.from_json`: the columns (and ``numRows``, ``datasetType``) of a schema file's
        JSON content."""
        if "columns" not in json_obj:
            raise pipeline_error('"columns" node is required in the schema json JSON.', "Schema")
        self.num_rows = json_obj.get("numRows")
        self.dataset_type = json_obj.get("datasetType")
        self.parse_columns(json_obj["columns"])

    def column_names(self):
        return [c["name"] for c in self.columns]

    def numpy_types(self):
        return [None if c["type"] == "string" else np.dtype(c["type"]) for c in self.columns]

    def _column_json(self, column) -> dict:
        """A column as MindSpore prints it: rank 1 when neither rank nor shape was given, an
        empty shape for a rank-0 column."""
        shown = {"name": column["name"], "rank": column.get("rank", 1), "type": column["type"]}
        if "shape" in column:
            shown["shape"] = column["shape"]
        elif shown["rank"] == 0:
            shown["shape"] = []
        return shown

    def to_json(self):
        """The schema as MindSpore's JSON text (keys sorted, indent 2)."""
        content = {"columns": [self._column_json(c) for c in self.columns]}
        if self.dataset_type is not None:
            content["datasetType"] = self.dataset_type
        if self.num_rows is not None:
            content["numRows"] = self.num_rows
        return json.dumps(content, indent=2, sort_keys=True)

    def __str__(self):
        return self.to_json()
