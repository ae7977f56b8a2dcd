"""Dataset.flat_map: each row's columns given to the function, the datasets it returns read one
after another; its errors. Dataset.apply and its errors."""
import numpy as np
import mindspore.dataset as ds


def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, " ".join(str(e).split())[:200])


def rows(data):
    return [[c.tolist() for c in r] for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def one_column():
    data = ds.NumpySlicesDataset([[0, 1], [2, 3]], shuffle=False)
    return data.flat_map(lambda a: ds.NumpySlicesDataset(a, shuffle=False).repeat(2))


def two_columns():
    data = ds.NumpySlicesDataset(([[0, 1], [2, 3]], [[0, -1], [-2, -3]]), column_names=["a", "b"],
                                 shuffle=False)
    return data.flat_map(lambda a, b: ds.NumpySlicesDataset((a + 1, b - 1), column_names=["x", "y"],
                                                            shuffle=False))


run("one column", lambda: rows(one_column()))
run("one column names", lambda: one_column().get_col_names())
run("one column size", lambda: one_column().get_dataset_size())
run("two columns", lambda: rows(two_columns()))
run("two columns names", lambda: two_columns().get_col_names())
run("nested", lambda: rows(ds.NumpySlicesDataset([[1, 2]], shuffle=False).flat_map(
    lambda a: ds.NumpySlicesDataset(a, shuffle=False).flat_map(
        lambda b: ds.NumpySlicesDataset(np.arange(int(b)), shuffle=False)))))
run("not callable", lambda: ds.NumpySlicesDataset([1, 2]).flat_map(3))
run("returns not dataset", lambda: ds.NumpySlicesDataset([1, 2]).flat_map(lambda a: a))
run("type name", lambda: type(one_column()).__name__)
# Dataset.apply
run("apply", lambda: rows(ds.NumpySlicesDataset([1, 2, 3], shuffle=False).apply(lambda d: d.repeat(2).batch(2))))
run("apply not callable", lambda: ds.NumpySlicesDataset([1, 2]).apply("123"))
run("apply returns not dataset", lambda: ds.NumpySlicesDataset([1, 2]).apply(lambda d: 3))
run("apply no argument", lambda: ds.NumpySlicesDataset([1, 2]).apply(lambda: 3))
