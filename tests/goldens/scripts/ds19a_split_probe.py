"""Dataset.split(randomize=True): a mappable source draws a RandomSampler order, a text reader or a map shuffles through a 10000-row buffer (the same order every epoch)."""
import numpy as np
import mindspore.dataset as ds
import tempfile, os
d = tempfile.mkdtemp()
with open(os.path.join(d, "a.txt"), "w") as f:
    f.write("\n".join(f"line{i}" for i in range(7)) + "\n")
def rows(x):
    return [r[0].tolist() for r in x.create_tuple_iterator(num_epochs=1, output_numpy=True)]
for seed in (53, 1):
    ds.config.set_seed(seed)
    parts = ds.TextFileDataset(os.path.join(d, "a.txt"), shuffle=False).split([0.8, 0.2])
    print(f"text split seed {seed} ->", [rows(p) for p in parts], [rows(p) for p in parts])
    ds.config.set_seed(seed)
    parts = ds.TextFileDataset(os.path.join(d, "a.txt"), shuffle=False).map(lambda x: x).split([4, 3])
    print(f"map split seed {seed} ->", [rows(p) for p in parts])
    ds.config.set_seed(seed)
    parts = ds.NumpySlicesDataset(list(range(7)), shuffle=False).split([4, 3])
    print(f"numpy split seed {seed} ->", [rows(p) for p in parts])
