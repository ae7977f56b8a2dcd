"""GeneratorDataset: random access (dataset[index]) under samplers and shards, batch_sampler
and collate_fn (rows, sizes, errors), a generator object or zip as the source, a source without
__len__, and the default num_parallel_workers. Errors print their [ERROR] lines."""
import numpy as np
import mindspore.dataset as ds
def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:
        lines = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l or "Error:" in l]
        print(label, "->", type(error).__name__, " ".join(lines)[:300] or str(error)[:300])
class Small:
    def __init__(self): self.data = np.array([1, 2, 3, 4, 5, 6], dtype=np.int32)
    def __getitem__(self, i): return self.data[i]
    def __len__(self): return 6
class BS:
    def __iter__(self): return iter([[0, 1], [2, 3], [4, 5]])
ds.config.set_seed(200)
for sh in (None, False, True):
    for n in (None, 4):
        d = ds.GeneratorDataset(Small(), ["c"], shuffle=sh, num_samples=n, num_shards=3, shard_id=0)
        show(f"getitem dist {sh} {n}", lambda: [int(d[i]) for i in range(d.get_dataset_size())])
        d = ds.GeneratorDataset(Small(), ["c"], shuffle=sh, num_samples=n)
        show(f"getitem {sh} {n}", lambda: [int(d[i]) for i in range(d.get_dataset_size())])
d = ds.GeneratorDataset(Small(), ["c"], shuffle=False)
show("getitem 8", lambda: d[8])
show("getitem -1", lambda: d[-1])
show("getitem x", lambda: d["x"])
show("getitem gen", lambda: ds.GeneratorDataset(lambda: iter([1]), ["c"])[0])
show("bs rows", lambda: [r[0].tolist() for r in ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS()).create_tuple_iterator(output_numpy=True)])
show("bs size", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS()).get_dataset_size())
show("bs batch size", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS()).get_batch_size())
show("bs getitem", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS())[0])
show("bs int", lambda: list(ds.GeneratorDataset(Small(), ["c"], batch_sampler=[1, 2]).create_tuple_iterator()))
show("bs str", lambda: list(ds.GeneratorDataset(Small(), ["c"], batch_sampler=[["1"]]).create_tuple_iterator()))
show("bs bad", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=1))
show("bs shuffle", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS(), shuffle=True))
show("collate no bs", lambda: ds.GeneratorDataset(Small(), ["c"], collate_fn=lambda b: b))
show("collate bad", lambda: ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS(), collate_fn=[]))
show("collate", lambda: [r[0].tolist() for r in ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS(), collate_fn=lambda c: (np.sum(c),)).create_tuple_iterator(output_numpy=True)])
show("collate args", lambda: [r[0].tolist() for r in ds.GeneratorDataset(Small(), ["c"], batch_sampler=BS(), collate_fn=lambda c: str([type(v).__name__ + str(getattr(v, "dtype", "")) for v in c])).create_tuple_iterator(output_numpy=True)])
show("workers", lambda: ds.GeneratorDataset(Small(), ["c"]).num_parallel_workers)
def gen():
    for i in range(3): yield i
g = ds.GeneratorDataset(gen(), ["c"])
show("genobj", lambda: [[int(r[0]) for r in g.create_tuple_iterator(output_numpy=True)] for _ in range(2)])
show("zip", lambda: [[r[0].tolist() for r in ds.GeneratorDataset(zip([1, 2], [3, 4]), ["a", "b"], shuffle=False).create_tuple_iterator(output_numpy=True)]])
class NoLen:
    def __getitem__(self, i):
        if i >= 3: raise IndexError
        return np.array(i)
show("nolen size", lambda: ds.GeneratorDataset(NoLen(), ["c"]).get_dataset_size())
show("iterable sampler", lambda: ds.GeneratorDataset(iter([1]), ["c"], sampler=ds.SequentialSampler()))
class DictDataset:
    def __init__(self):
        self.data = [({"data": np.array([i], dtype=np.int32)}, 1) for i in range(4)]
    def __getitem__(self, index):
        return self.data[index]
    def __len__(self):
        return len(self.data)
class BS2:
    def __iter__(self): return iter([[0, 1], [2, 3]])
def collate_fn(data, label):
    return np.stack([s["data"] for s in data], 0), np.stack(label, 0)
d = ds.GeneratorDataset(DictDataset(), ["data", "label"], batch_sampler=BS2(), collate_fn=collate_fn)
show("collate dicts", lambda: [(r["data"].tolist(), r["label"].tolist(), r["label"].dtype.str) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)])
def to_dict(batch):
    return {"data": np.stack(batch, 0)}
class Strs:
    def __getitem__(self, i): return str(i)
    def __len__(self): return 4
d = ds.GeneratorDataset(Strs(), ["data"], batch_sampler=BS2(), collate_fn=to_dict).map(lambda x: x["data"], input_columns=["data"])
show("collate to dict", lambda: [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)])
