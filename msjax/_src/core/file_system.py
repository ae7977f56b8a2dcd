"""`mindspore.common.file_system.FileSystem`: how MindSpore's checkpoint code opens files.

The basic file system (the one MindSpore uses without MindIO, and the only one msjax has):
`create` and `open` are Python's `open`, with the modes `create_args` (`("ab",)`) and
`open_args` (`("rb",)`); `backend` is `"basic"`.
"""
from __future__ import annotations


class FileSystem:
    """`mindspore.common.file_system.FileSystem()`: the basic file system (module doc)."""

    def __init__(self):
        self.create = open
        self.create_args = ("ab",)
        self.open = open
        self.open_args = ("rb",)
        self.backend = "basic"
