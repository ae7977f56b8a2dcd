"""`mindspore.dataset.LineReader`: random access to a text file's lines by their 1-based number
(the line offsets indexed once, a line read on request)."""
from __future__ import annotations

import os

from msjax._src.dataset.vision_checks import check_interval, type_check

_UINT64_MAX = 18446744073709551615


class LineReader:
    """`mindspore.dataset.LineReader(filename)`: ``readline(line)`` / ``reader[line]`` give line
    `line` (from 1) without its line end (``\\n``, and a ``\\r`` before it); ``len()`` and
    ``len(reader)`` count the lines (a last line without ``\\n`` counts)."""

    def __init__(self, filename):
        if not isinstance(filename, str):
            raise TypeError(f"path: {filename} is not string")
        if not os.path.exists(filename):
            raise RuntimeError(f"The input file [{filename}] does not exist.")
        if not os.path.isfile(filename):
            raise RuntimeError(f"The input file [{filename}] is not a regular file.")
        self.filename = filename
        self._offsets = self._line_offsets()

    def _line_offsets(self) -> list:
        offsets, position = [], 0
        with open(self.filename, "rb") as file:
            for line in file:
                offsets.append(position)
                position += len(line)
        return offsets

    def len(self):  # pylint: disable=invalid-name
        """`LineReader.len()`: the number of lines."""
        return len(self._offsets)

    def __len__(self):
        return self.len()

    def readline(self, line):
        """`LineReader.readline(line)`: line number `line` (from 1) as a string."""
        type_check(line, (int,), "line")
        check_interval(line, 0, _UINT64_MAX, "line")
        check_interval(line, 1, self.len(), "line")
        with open(self.filename, "rb") as file:
            file.seek(self._offsets[line - 1])
            text = file.readline().decode("utf-8")
        if text.endswith("\n"):
            text = text[:-1]
        return text[:-1] if text.endswith("\r") else text

    def __getitem__(self, line):
        return self.readline(line)

    def close(self):
        """`LineReader.close()`: MindSpore closes its file here; msjax opens the file only while
        it reads a line, so nothing stays open."""
