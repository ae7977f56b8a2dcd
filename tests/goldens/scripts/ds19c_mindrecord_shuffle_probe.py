"""MindDataset's random orders against MindSpore 2.10 (mindrecord_shuffle.py): shuffle None/True/False/
GLOBAL/ADAPTIVE/FILES/INFILE over epochs and repeats, with num_samples (draws with replacement),
RandomSampler (modes, num_samples, replacement), one file; three seeds."""
import os, tempfile
import mindspore.dataset as ds
from mindspore.mindrecord import FileWriter
root = tempfile.mkdtemp()
files = []
total = 0
for n, count in enumerate((5, 4, 3)):
    path = os.path.join(root, f"part{n}.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"label": {"type": "int32"}}, "s")
    writer.write_raw_data([{"label": total + i} for i in range(count)])
    total += count
    writer.commit()
    files.append(path)
def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:
        lines = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, " ".join(lines)[:300] or str(error)[:300])
def epochs(data, count=3):
    it = data.create_tuple_iterator(num_epochs=count, output_numpy=True)
    return [[int(r[0]) for r in it] for _ in range(count)]
for seed in (0, 7, 1234):
    ds.config.set_seed(seed)
    for mode in (None, True, False, ds.Shuffle.GLOBAL, ds.Shuffle.ADAPTIVE, ds.Shuffle.FILES, ds.Shuffle.INFILE):
        show(f"s{seed} {mode}", lambda: epochs(ds.MindDataset(files, shuffle=mode)))
        show(f"s{seed} {mode} samples", lambda: epochs(ds.MindDataset(files, shuffle=mode, num_samples=5)))
        show(f"s{seed} {mode} repeat", lambda: epochs(ds.MindDataset(files, shuffle=mode).repeat(2), 1))
    for mode in (None, ds.Shuffle.GLOBAL, ds.Shuffle.FILES, ds.Shuffle.INFILE):
        show(f"s{seed} sampler {mode}", lambda: epochs(ds.MindDataset(files, sampler=ds.RandomSampler() if mode is None else ds.RandomSampler(shuffle=mode))))
    show(f"s{seed} sampler samples", lambda: epochs(ds.MindDataset(files, sampler=ds.RandomSampler(num_samples=4))))
    show(f"s{seed} sampler replacement", lambda: epochs(ds.MindDataset(files, sampler=ds.RandomSampler(replacement=True, num_samples=4))))
    show(f"s{seed} one file", lambda: epochs(ds.MindDataset(files[0])))
