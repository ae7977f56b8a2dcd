"""MindSpore 2.10's mindrecord.FileReader on the MindRecord file real MindSpore wrote
(tests/goldens/dataset/mindrecord/ms_written.mindrecord): each row's values with their Python
types, a column subset, len(), and a missing file. Regenerate (from the project root) with::

    MR_DIR=$PWD/tests/goldens/dataset/mindrecord /work/shared/tools/mindspore-oracle \
        tests/goldens/scripts/mindrecord_file_reader.py | grep " -> " \
        > tests/goldens/dataset/mindrecord/file_reader.txt
"""
import os

import numpy as np

from mindspore.mindrecord import FileReader

FOLDER = os.environ.get("MR_DIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "dataset", "mindrecord")
PATH = os.path.join(FOLDER, "ms_written.mindrecord")


def described(value):
    if isinstance(value, np.ndarray):
        return [type(value).__name__, str(value.dtype), list(value.shape), value.tolist()]
    return [type(value).__name__, value.hex() if isinstance(value, bytes) else value]


reader = FileReader(PATH)
print("len ->", reader.len())
for i, row in enumerate(reader.get_next()):
    print(f"row {i} ->", sorted((name, described(value)) for name, value in row.items()))
reader.close()
reader = FileReader(PATH, columns=["label", "data"])
print("columns ->", [sorted(row) for row in reader.get_next()])
reader.close()
try:
    FileReader(os.path.join(FOLDER, "missing.mindrecord"))
except Exception as error:  # pylint: disable=broad-except
    print("missing ->", type(error).__name__, str(error).replace(FOLDER, "<folder>"))
