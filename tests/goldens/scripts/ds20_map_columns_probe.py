"""The column order after a map: inputs replaced in place, or (when the operations return a
different number of columns than they take) the outputs first; names reused."""
import numpy as np

import mindspore.dataset as ds


def gen():
    for i in range(2):
        yield tuple(np.array([i * 10 ** k]) for k in range(5))


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


def run(operation, inputs, outputs):
    data = ds.GeneratorDataset(gen, ["c1", "c2", "c3", "c4", "c5"], shuffle=False)
    data = data.map(operation, input_columns=inputs, output_columns=outputs)
    tuples = [[int(v[0]) for v in row] for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    dicts = [{k: int(v[0]) for k, v in row.items()} for row in data.create_dict_iterator(num_epochs=1, output_numpy=True)]
    return data.get_col_names(), tuples, dicts


CASES = [
    ("3 to 2", lambda a, b, c: (a, c), ["c2", "c3", "c5"], ["c2", "c5"]),
    ("3 to 2 new names", lambda a, b, c: (a, c), ["c2", "c3", "c5"], ["x", "y"]),
    ("2 to 2 renamed", lambda a, b: (a, b), ["c2", "c4"], ["x", "y"]),
    ("2 to 2 swapped", lambda a, b: (b, a), ["c4", "c2"], ["c4", "c2"]),
    ("1 to 1", lambda a: a + 1, ["c3"], ["z"]),
    ("1 to 2", lambda a: (a, a + 1), ["c3"], ["x", "y"]),
    ("1 to 2 reuse", lambda a: (a - 1, a + 1), ["c1"], ["c2", "o2"]),
    ("2 to 1", lambda a, b: a + b, ["c4", "c1"], ["s"]),
    ("2 to 1 same", lambda a, b: a + b, ["c4", "c1"], ["c1"]),
    ("1 to 3 from last", lambda a: (a, a, a), ["c5"], ["p", "q", "r"]),
    ("default outputs", lambda a, b: (a, b), ["c3", "c2"], None),
]
for label, operation, inputs, outputs in CASES:
    show(label, lambda: run(operation, inputs, outputs))
