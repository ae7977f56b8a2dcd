"""Dataset.concat: column types compared when read (not when counted), columns compared when read, sizes of nested concatenations through a DistributedSampler."""
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        msg = " ".join(str(e).split())
        if "[ERROR]" in msg:
            msg = msg[msg.index("[ERROR]"):].split(" ----")[0]
        print(label, "->", type(e).__name__, msg[:300])
def gen(start, n):
    def g():
        for i in range(start, start + n):
            yield (np.array([i]),)
    return g
def rows(d):
    return [r[0].tolist() for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
a = lambda: ds.GeneratorDataset(gen(0, 3), ["col1"], shuffle=False).map(T.TypeCast(ms.float32), input_columns=["col1"])
b = lambda: ds.GeneratorDataset(gen(10, 2), ["col1"], shuffle=False)
run("concat types differ", lambda: rows(a() + b()))
run("concat types differ size", lambda: (a() + b()).get_dataset_size())
c = lambda: ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False)
run("concat names differ size", lambda: (b() + c()).get_dataset_size())
run("concat names differ rows", lambda: rows(b() + c()))
def shards():
    d = (ds.GeneratorDataset(gen(0, 3), ["c"]) + ds.GeneratorDataset(gen(10, 10), ["c"])) + (ds.GeneratorDataset(gen(20, 7), ["c"]) + ds.GeneratorDataset(gen(30, 9), ["c"]))
    out = []
    for i in range(10):
        d.use_sampler(ds.DistributedSampler(num_shards=10, shard_id=i, shuffle=False, num_samples=None))
        out.append((rows(d), d.get_dataset_size()))
    return out
run("nested concat shards", shards)
