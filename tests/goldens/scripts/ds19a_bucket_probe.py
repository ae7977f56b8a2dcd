"""Dataset.bucket_batch_by_length with pad_info None or {}: every column padded to the longest."""
import numpy as np
import mindspore.dataset as ds
def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        msg = " ".join(str(e).split())
        if "[ERROR]" in msg:
            msg = msg[msg.index("[ERROR]"):].split(" ----")[0]
        print(label, "->", type(e).__name__, msg[:300])
def seq(n):
    def g():
        for i in range(n):
            yield (np.arange(i + 1), np.array([i]))
    return ds.GeneratorDataset(g, ["a", "b"], shuffle=False)
def rows(d):
    return [[c.tolist() for c in r] for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
run("empty pad_info", lambda: rows(seq(6).bucket_batch_by_length(["a"], [3, 5], [2, 2, 2], None, {})))
run("empty pad_info boundary", lambda: rows(seq(6).bucket_batch_by_length(["a"], [3, 5], [2, 2, 2], None, {}, True)))
run("none pad_info", lambda: rows(seq(6).bucket_batch_by_length(["a"], [3, 5], [2, 2, 2], None, None)))
