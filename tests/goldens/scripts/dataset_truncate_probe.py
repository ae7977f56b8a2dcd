"""MindSpore 2.10's `dataset.text.Truncate(max_seq_len)`: on 1-D and 2-D numbers and strings,
eagerly and in a map, and its errors. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_truncate_probe.py \\
        | grep " -> " > tests/goldens/dataset/truncate_probe.txt
"""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text


def outcome(call):
    try:
        result = np.asarray(call())
        return f"{result.dtype} {list(result.shape)} {result.tolist()}"
    except Exception as error:  # pylint: disable=broad-except
        message = " ".join(str(error).split())
        if "[ERROR] " in message:
            message = message.split("[ERROR] ", 1)[1]
        return f"{type(error).__name__}: {message.split(' ---')[0]}"


def main():
    inputs = {"int 1-D": np.arange(6, dtype=np.int32), "float 2-D": np.ones((2, 5), np.float32),
              "str 1-D": np.array(["a", "bb", "ccc", "d"]), "short": np.array([1, 2], np.int64),
              "scalar": np.array(3), "3-D": np.zeros((2, 2, 4))}
    for name, value in inputs.items():
        print(f"eager {name} ->", outcome(lambda: text.Truncate(3)(value)))
    data = ds.NumpySlicesDataset({"x": np.arange(12).reshape(3, 4)}, shuffle=False)
    data = data.map(text.Truncate(2), "x")
    print("map ->", [r[0].tolist() for r in data.create_tuple_iterator(output_numpy=True)])
    for bad in (0, -1, 2.5, True, "3", 2 ** 31):
        print(f"max_seq_len {bad!r} ->", outcome(lambda: text.Truncate(bad)))


if __name__ == "__main__":
    main()
