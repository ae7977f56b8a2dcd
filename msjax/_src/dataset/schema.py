"""`mindspore.dataset.Schema`: column names, types and shapes of a dataset (for GeneratorDataset's
`schema` argument)."""
from __future__ import annotations

import json

import numpy as np

from msjax._src.core import dtype as mstype


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
    ``parse_columns``, ``to_json``; a JSON schema file holds ``{"columns": {name: {"type",
    "rank", "shape"}}}``."""

    def __init__(self, schema_file=None):
        self.columns = []
        self.num_rows = None
        if schema_file is not None:
            with open(schema_file, encoding="utf-8") as file:
                content = json.load(file)
            self.num_rows = content.get("numRows")
            self.parse_columns(content["columns"])

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
        a "name"."""
        items = columns.items() if isinstance(columns, dict) else [(c["name"], c) for c in columns]
        for name, column in items:
            self.add_column(name, column["type"], column.get("shape"))
            if column.get("shape") is None and "rank" in column:
                self.columns[-1]["rank"] = column["rank"]  # a rank-0 column holds one value

    def column_names(self):
        return [c["name"] for c in self.columns]

    def numpy_types(self):
        return [None if c["type"] == "string" else np.dtype(c["type"]) for c in self.columns]

    def to_json(self):
        """The schema as MindSpore's JSON text."""
        content = {"columns": {c["name"]: {k: v for k, v in c.items() if k != "name"}
                               for c in self.columns}}
        if self.num_rows is not None:
            content["numRows"] = self.num_rows
        return json.dumps(content, indent=2)

    def __str__(self):
        return self.to_json()
