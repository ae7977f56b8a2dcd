"""What FileWriter's methods return in MindSpore 2.10 (None each: the tutorials' notebooks end a
cell with ``writer.commit()``, and Jupyter shows nothing). One `label -> result` line per call."""
import os
import tempfile

import numpy as np
from mindspore.mindrecord import FileWriter

os.chdir(tempfile.mkdtemp())
w = FileWriter(file_name="t.mindrecord", shard_num=1, overwrite=True)
print("add_schema ->", repr(w.add_schema({"label": {"type": "int32"}, "data": {"type": "int32", "shape": [-1]}}, "s")))
print("add_index ->", repr(w.add_index(["label"])))
print("write_raw_data ->", repr(w.write_raw_data([{"label": 1, "data": np.array([1], np.int32)}])))
print("commit ->", repr(w.commit()))
w2 = FileWriter(file_name="u.mindrecord", shard_num=1, overwrite=True)
w2.add_schema({"label": {"type": "int32"}}, "s")
print("write_raw_data_parallel ->", repr(w2.write_raw_data([{"label": 1}], parallel_writer=True)))
print("commit_parallel ->", repr(w2.commit()))
print("set_header_size ->", repr(FileWriter("v.mindrecord", overwrite=True).set_header_size(1 << 24)))
print("set_page_size ->", repr(FileWriter("x.mindrecord", overwrite=True).set_page_size(1 << 25)))
