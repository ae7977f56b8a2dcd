"""`Dataset.save(file_name, num_files=1, file_type='mindrecord')`: a pipeline's rows written as
MindRecord files (by msjax's FileWriter, in MindSpore's format), which MindDataset reads back.

Each column becomes a field with MindSpore's implicit casts: bool, int8, uint8, int16, uint16 and
int32 are stored as int32; uint32, int64 and uint64 as int64; float16 and float32 as float32;
float64 as float64; strings as string and bytes as bytes. A column of arrays gets the shape of its
first row with a variable first axis (``[-1, ...]``), a column of scalars no shape. `num_files`
above 1 writes ``file_name0``, ``file_name1``, ... as FileWriter's shards.
"""
from __future__ import annotations

import numpy as np

from msjax._src.dataset.mindrecord import FileWriter

_STORED_AS = {"bool": "int32", "int8": "int32", "uint8": "int32", "int16": "int32",
              "uint16": "int32", "int32": "int32", "uint32": "int64", "int64": "int64",
              "uint64": "int64", "float16": "float32", "float32": "float32", "float64": "float64"}
_ROWS_PER_WRITE = 1000


def _field(value: np.ndarray) -> dict:
    if value.dtype.kind == "U":
        return {"type": "string"}
    if value.dtype.kind == "S" or value.dtype == object:
        return {"type": "bytes"}
    field = {"type": _STORED_AS[value.dtype.name]}
    if value.ndim:
        field["shape"] = [-1, *value.shape[1:]]
    return field


def _stored(value: np.ndarray, field: dict):
    if field["type"] == "string":
        return str(value)
    if field["type"] == "bytes":
        return value.item() if isinstance(value, np.ndarray) else value
    stored = value.astype(field["type"])
    return stored if "shape" in field else stored.item()


def save_dataset(dataset, file_name, num_files=1, file_type="mindrecord") -> None:
    """Writes every row of one pass over `dataset` to MindRecord files named `file_name`."""
    if not isinstance(num_files, int) or isinstance(num_files, bool) or not 0 < num_files <= 1000:
        raise ValueError("num_files should between 0 and 1000.")
    if file_type != "mindrecord":
        raise ValueError(f"{file_type} dataset format is not supported.")
    writer = FileWriter(file_name, shard_num=num_files, overwrite=False)
    schema, rows = None, []
    for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
        row = {name: np.asarray(value) for name, value in row.items()}
        if schema is None:
            schema = {name: _field(value) for name, value in row.items()}
            writer.add_schema(schema, "")
        rows.append({name: _stored(value, schema[name]) for name, value in row.items()})
        if len(rows) == _ROWS_PER_WRITE:
            writer.write_raw_data(rows)
            rows = []
    if rows:
        writer.write_raw_data(rows)
    writer.commit()
