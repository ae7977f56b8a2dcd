"""Golden MindRecord files of MindSpore 2.10, and MindSpore's reading of files msjax wrote.

Two steps, from the repository root (as for the .ckpt goldens):

1. Without MindSpore (msjax's environment), write the file MindSpore is to read::

       PYTHONPATH=$PWD python tests/goldens/scripts/make_mindrecord_goldens.py

   This writes ``tests/goldens/dataset/mindrecord/msjax_written.mindrecord`` (+ ``.db``) from
   ``SCHEMA``/``ROWS`` below with msjax's ``mindspore.mindrecord.FileWriter``.

2. Under MindSpore (the oracle copies the script away, so give the output folder)::

       MSJAX_GOLDEN_DIR=$PWD/tests/goldens/dataset/mindrecord /work/shared/tools/mindspore-oracle \\
           tests/goldens/scripts/make_mindrecord_goldens.py

   This writes ``ms_written.mindrecord`` (+ ``.db``) with MindSpore's FileWriter (16 KiB header,
   32 KiB pages so the file stays small) and ``mindrecord_goldens.json``: ``read[file]`` the rows
   ``MindDataset(file, shuffle=False)`` yields for both files ({column: [dtype, shape, value]}),
   ``columns[file]`` its column names, ``errors[case]`` {type, message} of bad input.
"""
import importlib.util
import json
import os

import numpy as np

SCHEMA = {"file_name": {"type": "string"}, "label": {"type": "int32"},
          "count": {"type": "int64"}, "score": {"type": "float64"}, "ratio": {"type": "float32"},
          "data": {"type": "bytes"}, "vec": {"type": "float32", "shape": [3]},
          "mask": {"type": "int64", "shape": [2, 2]}}
INDEX_FIELDS = ["file_name", "label"]
HEADER_SIZE = 1 << 14
PAGE_SIZE = 1 << 15


def rows():
    return [{"file_name": f"img_{i}.jpg", "label": i * 3 - 2, "count": 2 ** 40 + i,
             "score": i / 3, "ratio": np.float32(i * 0.25), "data": bytes([i, 255 - i, 7] * (i + 1)),
             "vec": np.array([i, 0.5, -1], np.float32),
             "mask": np.arange(4, dtype=np.int64).reshape(2, 2) * i} for i in range(5)]


def write(path):
    from mindspore.mindrecord import FileWriter
    for name in (path, path + ".db"):
        if os.path.exists(name):
            os.remove(name)
    writer = FileWriter(path, shard_num=1, overwrite=True)
    writer.set_header_size(HEADER_SIZE)
    writer.set_page_size(PAGE_SIZE)
    writer.add_schema(SCHEMA, "golden_schema")
    writer.add_index(INDEX_FIELDS)
    writer.write_raw_data(rows()[:3])
    writer.write_raw_data(rows()[3:])
    writer.commit()


def value_json(value):
    array = np.asarray(value)
    if array.dtype.kind == "S":
        return [str(array.dtype), list(array.shape), [v.hex() for v in array.reshape(-1).tolist()]]
    if array.dtype.kind == "U":
        return [str(array.dtype), list(array.shape), array.tolist()]
    return [str(array.dtype), list(array.shape), array.tolist()]


def read(path):
    import mindspore.dataset as ds
    dataset = ds.MindDataset(path, shuffle=False)
    out = [{k: value_json(v) for k, v in row.items()}
           for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]
    return dataset.get_col_names(), out


def error_of(call):
    try:
        call()
    except Exception as error:  # pylint: disable=broad-except
        return {"type": type(error).__name__, "message": " ".join(str(error).split())}
    return None


def errors(folder):
    import mindspore.dataset as ds
    from mindspore.mindrecord import FileWriter
    existing = os.path.join(folder, "ms_written.mindrecord")

    def bad_schema():
        FileWriter(os.path.join(folder, "tmp_bad.mindrecord"), overwrite=True).add_schema(
            {"x": {"type": "complex"}}, "bad")

    def bad_row():
        path = os.path.join(folder, "tmp_row.mindrecord")
        writer = FileWriter(path, overwrite=True)
        writer.add_schema({"x": {"type": "int32"}}, "s")
        try:
            writer.write_raw_data([{"x": "not an int"}])
            writer.commit()
        finally:
            for name in (path, path + ".db"):
                if os.path.exists(name):
                    os.remove(name)

    cases = {
        "missing file": lambda: ds.MindDataset("/nonexistent/a.mindrecord"),
        "existing without overwrite": lambda: FileWriter(existing),
        "bad schema type": bad_schema,
        "index on blob field": lambda: _index_blob(folder),
        "shard_num zero": lambda: FileWriter(os.path.join(folder, "tmp.mindrecord"), shard_num=0),
        "unknown column": lambda: list(ds.MindDataset(existing, columns_list=["nope"]).create_tuple_iterator()),
        "row of wrong type": bad_row,
    }
    return {name: error_of(case) for name, case in cases.items()}


def _index_blob(folder):
    from mindspore.mindrecord import FileWriter
    writer = FileWriter(os.path.join(folder, "tmp_index.mindrecord"), overwrite=True)
    writer.add_schema({"d": {"type": "bytes"}}, "s")
    writer.add_index(["d"])


def main():
    folder = os.environ.get("MSJAX_GOLDEN_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "dataset", "mindrecord")
    if importlib.util.find_spec("mindspore") is None:
        import msjax.compat
        msjax.compat.install(force=True)
        write(os.path.join(folder, "msjax_written.mindrecord"))
        print("wrote", os.path.join(folder, "msjax_written.mindrecord"))
        return
    write(os.path.join(folder, "ms_written.mindrecord"))
    goldens = {"read": {}, "columns": {}}
    for name in ("ms_written.mindrecord", "msjax_written.mindrecord"):
        goldens["columns"][name], goldens["read"][name] = read(os.path.join(folder, name))
    goldens["errors"] = errors(folder)
    for name in os.listdir(folder):
        if name.startswith("tmp"):
            os.remove(os.path.join(folder, name))
    with open(os.path.join(folder, "mindrecord_goldens.json"), "w", encoding="utf-8") as file:
        json.dump(goldens, file, indent=1, sort_keys=True)
    print(json.dumps(goldens)[:3000])


if __name__ == "__main__":
    main()
