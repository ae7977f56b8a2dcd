"""Dataset.sync_wait argument checks, no shuffle after a sync_wait, Dataset.disable_sync."""
import numpy as np
import mindspore.dataset as ds
def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, "->", type(e).__name__, " ".join(str(e).split())[:200])
def gen():
    for i in range(6):
        yield (np.array([i]),)
def cb(data):
    pass
run("num_batch str", lambda: ds.GeneratorDataset(gen, ["x"]).sync_wait("a", num_batch="123", callback=cb))
run("num_batch float", lambda: ds.GeneratorDataset(gen, ["x"]).sync_wait("b", num_batch=1.5, callback=cb))
run("name int", lambda: ds.GeneratorDataset(gen, ["x"]).sync_wait(3, callback=cb))
run("shuffle after sync", lambda: ds.GeneratorDataset(gen, ["x"]).sync_wait("c", callback=cb).map(lambda x: x).shuffle(4))
def disabled():
    d = ds.GeneratorDataset(gen, ["x"], shuffle=False).sync_wait("d", callback=cb)
    out = []
    for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        d.disable_sync()
        out.append(r[0].tolist())
    return out
run("disable_sync reads all", disabled)
