"""Dataset.batch: batch_size/drop_remainder checks, batch_size=-1, and batching rows of different dtypes."""
import numpy as np
import mindspore.dataset as ds
def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        msg = str(e).replace("\n", " ")
        if "[ERROR]" in msg:
            msg = msg[msg.index("[ERROR]"):].split("----")[0].strip()
        print(label, "->", type(e).__name__, msg[:300])
def rows(d):
    return [[c.tolist() for c in r] for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
d = lambda: ds.NumpySlicesDataset(np.arange(5), ["a"], shuffle=False)
run("batch True", lambda: rows(d().batch(True)))
run("batch drop True", lambda: rows(d().batch(2, True)))
run("batch swapped", lambda: rows(d().batch(True, 1)))
run("batch drop int", lambda: rows(d().batch(2, 1)))
run("batch drop str", lambda: rows(d().batch(2, "x")))
run("batch -1", lambda: rows(d().batch(-1)))
run("batch -1 size", lambda: d().batch(-1).get_batch_size())
run("batch 0", lambda: d().batch(0))
run("batch -2", lambda: d().batch(-2))
run("batch float", lambda: d().batch(2.0))
run("batch None", lambda: d().batch(None))
def gen():
    for i in range(4):
        yield (np.array([i]) if i % 2 == 0 else np.array([i + 0.5]),)
run("batch mixed types", lambda: rows(ds.GeneratorDataset(gen, ["x"], shuffle=False).batch(2)))
def gen2():
    for i in range(4):
        yield (np.arange(i + 1),)
run("batch mixed shapes", lambda: rows(ds.GeneratorDataset(gen2, ["x"], shuffle=False).batch(2)))
def swap(a, b, info):
    return ([np.copy(x) for x in b], [np.copy(x) for x in a])
def gen3():
    for i in range(4):
        if i % 2 == 0:
            yield (np.array([i]), np.array([i + 0.5]))
        else:
            yield (np.array([i + 0.5]), np.array([i]))
run("per batch map mixed", lambda: rows(ds.GeneratorDataset(gen3, ["a", "b"], shuffle=False).batch(2, per_batch_map=swap)))
run("batch mp no map", lambda: rows(d().batch(2, python_multiprocessing=True)))
run("batch workers", lambda: d().batch(2, num_parallel_workers=1).num_parallel_workers)
