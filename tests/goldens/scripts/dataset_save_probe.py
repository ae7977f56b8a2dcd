"""Dataset.save in MindSpore 2.10: the MindRecord schema its implicit casts make, the rows MindDataset
reads back, num_files shards, and the errors of bad arguments. One `label -> result` line each."""
import json
import os
import tempfile
import numpy as np
import mindspore.dataset as ds
from mindspore.mindrecord import FileReader
os.chdir(tempfile.mkdtemp())

def gen():
    for i in range(3):
        yield (np.full((2, 2, 3), i, np.uint8), np.array(i, np.uint32), np.array([i, i + 1], np.float16),
               np.array(i * 1.5, np.float64), np.array(True), np.array([i] * (i + 1), np.int64), np.array("s%d" % i),
               np.array(i, np.int8))

cols = ["img", "lab", "f16", "f64", "flag", "var", "text", "i8"]
d = ds.GeneratorDataset(gen, cols, shuffle=False)
print("save ->", d.save("out.mindrecord"))
print("files ->", sorted(os.listdir(".")))
r = FileReader("out.mindrecord")
print("schema ->", json.dumps(r.schema(), sort_keys=True))
print("index ->", r.index_fields if hasattr(r, "index_fields") else None)
r.close()
m = ds.MindDataset("out.mindrecord", shuffle=False)
print("columns ->", m.get_col_names(), m.get_dataset_size())
for row in m.create_dict_iterator(output_numpy=True):
    print("row ->", {k: (str(v.dtype), v.shape, v.tolist()) for k, v in sorted(row.items())})
d2 = ds.GeneratorDataset(gen, cols, shuffle=False)
d2.save("multi.mindrecord", num_files=2)
print("files2 ->", sorted(f for f in os.listdir(".") if f.startswith("multi")))
for bad in [dict(num_files=0), dict(file_type="tfrecord"), dict(num_files=1001)]:
    try:
        ds.GeneratorDataset(gen, cols, shuffle=False).save("bad.mindrecord", **bad)
        print("bad", bad, "-> ok")
    except Exception as e:
        print("bad", bad, "->", type(e).__name__, str(e).splitlines()[0])
try:
    ds.GeneratorDataset(gen, cols, shuffle=False).save("out.mindrecord")
    print("again -> ok")
except Exception as e:
    print("again ->", type(e).__name__, str(e).splitlines()[0].strip())
