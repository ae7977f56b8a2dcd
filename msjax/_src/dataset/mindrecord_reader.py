"""`mindspore.mindrecord.FileReader`: MindRecord rows as Python dicts, without a pipeline.

Values come as MindSpore gives them (golden: tests/goldens/dataset/mindrecord/file_reader.json):
scalar fields as Python ``int``/``float``/``str``, ``bytes`` fields as ``bytes``, array fields as
NumPy arrays. `num_consumer` and `operator` are accepted; rows are read in one thread, in order.
"""
from __future__ import annotations

import os

from msjax._src.dataset.mindrecord import _ShardFile, read_header


class FileReader:
    """`mindspore.mindrecord.FileReader(file_name, num_consumer=4, columns=None, operator=None)`."""

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        paths = [file_name] if isinstance(file_name, str) else list(file_name)
        for path in paths:
            if not os.path.isfile(path):
                raise RuntimeError(f"The input: {path} is not exists.")
        if isinstance(file_name, str):
            folder = os.path.dirname(os.path.abspath(file_name))
            paths = [os.path.join(folder, name) for name in read_header(file_name)["shard_addresses"]]
        self._shards = [_ShardFile(path) for path in paths]
        schema = self._shards[0].schema
        self._columns = list(columns) if columns else list(schema)
        for name in self._columns:
            if name not in schema:
                raise RuntimeError(f"Invalid data, column name: {name} can not found in schema.")
        self.num_consumer, self.operator = num_consumer, operator

    def schema(self):
        """The MindRecord schema: field name -> {"type", "shape"}."""
        return dict(self._shards[0].schema)

    def len(self):  # pylint: disable=invalid-name
        """The number of rows."""
        return sum(len(shard.locations) for shard in self._shards)

    def get_next(self):
        """Yield each row as a dict of the chosen columns."""
        for shard in self._shards:
            for index in range(len(shard.locations)):
                yield dict(zip(self._columns, shard.read_plain(index, self._columns)))

    def close(self):
        """Release the files."""
        self._shards = []

