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


def numbered(n):
    def gen():
        for i in range(n):
            yield (np.array([i]),)
    return ds.GeneratorDataset(gen, ["num"], shuffle=False)


def sign_by_epoch(col, info):
    return ([np.copy((-1) ** info.get_epoch_num() * a) for a in col],)


def sign_by_batch(col, info):
    return ([np.copy((-1) ** info.get_batch_num() * a) for a in col],)


def epochs(data, count):
    it = data.create_tuple_iterator(num_epochs=count, output_numpy=True)
    return [[r[0].tolist() for r in it] for _ in range(count)]


run("epoch num under repeat", lambda: rows(numbered(4).batch(2, per_batch_map=sign_by_epoch).repeat(2)))
run("batch num under repeat", lambda: rows(numbered(4).batch(1, per_batch_map=sign_by_batch).repeat(2)))
run("batch num over repeat", lambda: rows(numbered(3).repeat(2).batch(2, per_batch_map=sign_by_batch)))
run("epoch num per iterator epoch", lambda: epochs(numbered(4).batch(2, per_batch_map=sign_by_epoch).repeat(2), 2))
run("size by epoch under repeat", lambda: rows(numbered(4).batch(lambda info: info.get_epoch_num() + 1).repeat(2)))
run("size by epoch per iterator epoch", lambda: epochs(numbered(2).batch(lambda info: info.get_epoch_num() + 1, drop_remainder=True).repeat(2), 2))
run("size by batch num under repeat", lambda: rows(numbered(6).batch(lambda info: info.get_batch_num() + 1).repeat(2)))


def two_cols(n):
    def gen():
        for i in range(1, n + 1):
            yield (np.array([i]), np.array([i * i]))
    return ds.GeneratorDataset(gen, ["col1", "col2"], shuffle=False)


def split_col(col, info):
    return ([np.copy(a) for a in col], [np.copy(-a) for a in col])


def dict_rows(data):
    return [{k: v.tolist() if hasattr(v, "tolist") else v for k, v in r.items()}
            for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


run("per_batch_map output not involved", lambda: dict_rows(two_cols(2).batch(2, input_columns=["col2"], output_columns=["col1"], per_batch_map=split_col)))
run("per_batch_map output count", lambda: dict_rows(two_cols(2).batch(2, input_columns=["col2"], output_columns=["c3", "c4", "c5"], per_batch_map=split_col)))
run("per_batch_map input missing", lambda: dict_rows(two_cols(2).batch(2, input_columns=["nope"], output_columns=["a", "b"], per_batch_map=split_col)))
run("per_batch_map output int", lambda: dict_rows(two_cols(2).batch(2, input_columns=["col2"], output_columns=233, per_batch_map=split_col)))
run("per_batch_map split", lambda: dict_rows(two_cols(2).batch(2, input_columns=["col2"], output_columns=["x", "y"], per_batch_map=split_col)))
run("per_batch_map scalar", lambda: dict_rows(numbered(4).batch(2, input_columns=["num"], per_batch_map=lambda x, info: (np.array(10),))))
run("per_batch_map dict", lambda: dict_rows(numbered(4).batch(2, input_columns=["num"], per_batch_map=lambda x, info: {"anno": [1, 2], "label": 4})))
run("per_batch_map too many rows", lambda: dict_rows(numbered(4).batch(2, input_columns=["num"], per_batch_map=lambda x, info: ([np.copy(a) for a in x] * 2,))))
run("per_batch_map no input_columns", lambda: dict_rows(two_cols(2).batch(2, per_batch_map=lambda a, b, info: (a, b))))
