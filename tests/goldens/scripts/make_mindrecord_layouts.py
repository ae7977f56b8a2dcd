"""MindRecord files MindSpore 2.10 writes, case by case, and how MindSpore reads them and msjax's.

The same script runs on both sides (from the repository root):

1. Under MindSpore, into ``tests/goldens/dataset/mindrecord/layouts``::

       MSJAX_GOLDEN_DIR=$PWD/tests/goldens/dataset/mindrecord/layouts \\
           /work/shared/tools/mindspore-oracle tests/goldens/scripts/make_mindrecord_layouts.py

   writes each case of ``CASES`` with MindSpore's ``FileWriter`` under ``ms/<case>/`` and records
   ``layouts.json``: per case, per file, the header, the index database (its SQL and rows), the
   size and SHA-256 of the data file; what ``MindDataset`` and ``FileReader`` read from
   ``ms/<case>/`` and, when present, from ``msjax/<case>/``; and ``errors``: {case: {type,
   message}} of bad input.

2. Without MindSpore (msjax answers ``import mindspore``)::

       PYTHONPATH=$PWD python tests/goldens/scripts/make_mindrecord_layouts.py

   writes the same cases with msjax under ``msjax/<case>/``. Run step 1 again after it, so the
   golden records MindSpore's reading of msjax's files.

The parallel case's files (both sides') are not kept (MindSpore's parallel writer ignores ``set_header_size`` and
``set_page_size``: 48 MiB of padding each); its description in ``layouts.json`` is enough.

Every case writes rows whose count the shard count divides: MindSpore gives the remainder of an
uneven split to shards it draws at random, so only even splits have one right answer.
"""
import hashlib
import importlib.util
import json
import os
import shutil
import sqlite3
import struct

import numpy as np

HEADER_SIZE = 1 << 14
PAGE_SIZE = 1 << 15
ALL_TYPES = {"file_name": {"type": "string"}, "label": {"type": "int32"},
             "count": {"type": "int64"}, "score": {"type": "float64"}, "ratio": {"type": "float32"},
             "data": {"type": "bytes"}, "vec": {"type": "float32", "shape": [3]},
             "mask": {"type": "int64", "shape": [2, 2]}, "ids": {"type": "int32", "shape": [-1]},
             "weights": {"type": "float64", "shape": [-1, 2]}}
EXTREMES = [0, 1, -1, 127, -128, 128, -129, 32767, -32768, 32768, -32769, 2 ** 31 - 1, -2 ** 31]


def all_types_rows(start, stop):
    return [{"file_name": f"img_{i}.jpg", "label": i * 3 - 2, "count": 2 ** 40 + i,
             "score": i / 3, "ratio": np.float32(i * 0.25), "data": bytes([i, 255 - i, 7] * (i + 1)),
             "vec": np.array([i, 0.5, -1], np.float32),
             "mask": np.arange(4, dtype=np.int64).reshape(2, 2) * (i - 2),
             "ids": np.array(EXTREMES[:i + 2][::1 if i % 2 else -1], np.int32),
             "weights": np.arange(2 * i + 2, dtype=np.float64).reshape(-1, 2) / 7}
            for i in range(start, stop)]


def lstm_rows(count):
    rng = np.random.default_rng(7)
    return [{"id": i, "label": i % 2, "feature": rng.integers(0, 30000, 500).astype(np.int32)}
            for i in range(count)]


def blob_rows(start, stop, blob, text):
    return [{"id": i, "s": "q" * text, "img": bytes([i % 256]) * blob} for i in range(start, stop)]


def _writer(path, shard_num=1, page_size=PAGE_SIZE):
    from mindspore.mindrecord import FileWriter
    writer = FileWriter(path, shard_num=shard_num, overwrite=True)
    writer.set_header_size(HEADER_SIZE)
    writer.set_page_size(page_size)
    return writer


def case_all_types(folder):
    writer = _writer(os.path.join(folder, "all_types.mindrecord"))
    writer.add_schema(ALL_TYPES, "every field type")
    writer.add_index(["file_name", "label"])
    writer.write_raw_data(all_types_rows(0, 3))
    writer.write_raw_data(all_types_rows(3, 6))
    writer.commit()


def case_lstm(folder):
    """The model zoo's official/nlp/LSTM preprocessing: four shards, one int32 [-1] field."""
    writer = _writer(os.path.join(folder, "aclImdb_train.mindrecord"), shard_num=4)
    writer.add_schema({"id": {"type": "int32"}, "label": {"type": "int32"},
                       "feature": {"type": "int32", "shape": [-1]}}, "lstm")
    writer.write_raw_data(lstm_rows(24))
    writer.commit()


def case_blob_only(folder):
    writer = _writer(os.path.join(folder, "blob_only.mindrecord"))
    writer.add_schema({"img": {"type": "bytes"}}, "one bytes field")
    writer.write_raw_data([{"img": bytes([i, 0, i]) * (i + 1)} for i in range(4)])
    writer.commit()


def case_raw_only(folder):
    writer = _writer(os.path.join(folder, "raw_only.mindrecord"), shard_num=2)
    writer.add_schema({"id": {"type": "int64"}, "f": {"type": "float32"}, "d": {"type": "float64"},
                       "s": {"type": "string"}}, "no blob field")
    writer.write_raw_data([{"id": -i * 10 ** 11, "f": i * 0.5, "d": i / 3, "s": "x" * i}
                           for i in range(6)])
    writer.write_raw_data([{"id": 100 + i, "f": 1.1, "d": 1e300, "s": "y"} for i in range(2)])
    writer.commit()


def case_float_arrays(folder):
    writer = _writer(os.path.join(folder, "float_arrays.mindrecord"))
    writer.add_schema({"x": {"type": "float32", "shape": [-1]},
                       "y": {"type": "float64", "shape": [2, -1]}}, "float arrays only")
    writer.write_raw_data([{"x": np.linspace(-1, 1, i + 1).astype(np.float32),
                            "y": np.arange(2 * i + 2, dtype=np.float64).reshape(2, -1) * 1.5}
                           for i in range(3)])
    writer.commit()


def case_int64_array(folder):
    writer = _writer(os.path.join(folder, "int64_array.mindrecord"))
    writer.add_schema({"v": {"type": "int64", "shape": [-1]}, "label": {"type": "int64"}}, "")
    values = EXTREMES + [2 ** 31, -2 ** 31 - 1, 2 ** 62, -2 ** 63, 2 ** 63 - 1]
    writer.write_raw_data([{"v": np.array(values[i:], np.int64), "label": 2 ** 50 - i}
                           for i in range(4)])
    writer.commit()


def case_unicode(folder):
    writer = _writer(os.path.join(folder, "unicode.mindrecord"))
    writer.add_schema({"text": {"type": "string"}, "n": {"type": "int32"},
                       "ratio": {"type": "float64"}}, "текст")
    writer.add_index(["text", "ratio"])
    writer.write_raw_data([{"text": t, "n": i, "ratio": i * 0.1} for i, t in
                           enumerate(["héllo", "日本語テキスト", "", "a" * 40, "emoji 😀"])])
    writer.commit()


def case_pages(folder):
    """Rows spread over several 32 KiB pages, written in several calls, then appended to."""
    path = os.path.join(folder, "pages.mindrecord")
    writer = _writer(path)
    writer.add_schema({"id": {"type": "int32"}, "s": {"type": "string"}, "img": {"type": "bytes"}},
                      "pages")
    writer.write_raw_data(blob_rows(0, 5, 5000, 10))
    writer.write_raw_data(blob_rows(5, 12, 5000, 10))
    writer.write_raw_data(blob_rows(12, 14, 100, 9000))
    writer.write_raw_data(blob_rows(14, 20, 3000, 3000))
    writer.commit()
    from mindspore.mindrecord import FileWriter
    writer = FileWriter.open_for_append(path)
    writer.write_raw_data(blob_rows(20, 26, 4000, 2000))
    writer.commit()


def case_shift(folder):
    """A raw page too full for the rows appended to its last row group: that group moves."""
    writer = _writer(os.path.join(folder, "shift.mindrecord"))
    writer.add_schema({"id": {"type": "int32"}, "s": {"type": "string"}, "img": {"type": "bytes"}},
                      "shift")
    writer.write_raw_data(blob_rows(0, 3, 10000, 9980))
    writer.write_raw_data(blob_rows(3, 4, 20000, 60))
    writer.write_raw_data(blob_rows(4, 5, 100, 4980))
    writer.write_raw_data(blob_rows(5, 6, 100, 30))
    writer.commit()


def case_append_shards(folder):
    """open_for_append on a file of two shards, then 'add_index' given explicitly."""
    path = os.path.join(folder, "append.mindrecord")
    writer = _writer(path, shard_num=2)
    writer.add_schema({"id": {"type": "int64"}, "label": {"type": "int32"},
                       "ids": {"type": "int64", "shape": [-1]}}, "append")
    writer.add_index(["label"])
    writer.write_raw_data([{"id": i, "label": i % 3, "ids": np.arange(i + 1, dtype=np.int64)}
                           for i in range(4)])
    writer.commit()
    from mindspore.mindrecord import FileWriter
    writer = FileWriter.open_for_append(path + "1")
    writer.write_raw_data([{"id": 10 + i, "label": 7, "ids": np.array([i, -i], np.int64)}
                           for i in range(4)])
    writer.commit()


def case_parallel(folder):
    """parallel_writer=True: each call's rows go whole to one shard, shard by shard in turn."""
    writer = _writer(os.path.join(folder, "parallel.mindrecord"), shard_num=2)
    writer.add_schema({"id": {"type": "int32"}, "v": {"type": "float32", "shape": [2]}}, "par")
    for call in range(3):
        writer.write_raw_data([{"id": call * 10 + i, "v": np.array([call, i], np.float32)}
                               for i in range(call + 1)], parallel_writer=True)
    writer.commit()


def case_empty(folder):
    writer = _writer(os.path.join(folder, "empty.mindrecord"))
    writer.add_schema({"id": {"type": "int32"}}, "no rows")
    writer.commit()


CASES = {"all_types": case_all_types, "lstm": case_lstm, "blob_only": case_blob_only,
         "raw_only": case_raw_only, "float_arrays": case_float_arrays,
         "int64_array": case_int64_array, "unicode": case_unicode, "pages": case_pages,
         "shift": case_shift, "append": case_append_shards, "parallel": case_parallel,
         "empty": case_empty}
FIRST_FILE = {"all_types": "all_types.mindrecord", "lstm": "aclImdb_train.mindrecord0",
              "blob_only": "blob_only.mindrecord", "raw_only": "raw_only.mindrecord0",
              "float_arrays": "float_arrays.mindrecord", "int64_array": "int64_array.mindrecord",
              "unicode": "unicode.mindrecord", "pages": "pages.mindrecord",
              "shift": "shift.mindrecord", "append": "append.mindrecord0",
              "parallel": "parallel.mindrecord0", "empty": "empty.mindrecord"}


def header_of(path):
    with open(path, "rb") as file:
        size = struct.unpack("<Q", file.read(8))[0]
        return json.loads(file.read(size))


def index_of(path):
    connection = sqlite3.connect(path)
    try:
        tables = [row[0] for row in connection.execute(
            "SELECT sql FROM sqlite_master WHERE type='table' ORDER BY name")]
        rows = [[_short(v) if isinstance(v, str) else v for v in row]
                for row in connection.execute("SELECT * FROM INDEXES ORDER BY ROW_ID")]
        names = [row[0] for row in connection.execute("SELECT NAME FROM SHARD_NAME")]
    finally:
        connection.close()
    return {"tables": tables, "rows": rows, "shard_name": names}


def describe_files(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".db"):
            out[name] = index_of(path)
        else:
            with open(path, "rb") as file:
                data = file.read()
            out[name] = {"header": header_of(path), "size": len(data),
                         "sha256": hashlib.sha256(data).hexdigest()}
    return out


def _short(items):
    """Long values are recorded by their length and SHA-256 (the goldens stay small)."""
    text = json.dumps(items, ensure_ascii=False)
    if len(text) <= 200:
        return items
    return {"length": len(text), "sha256": hashlib.sha256(text.encode()).hexdigest()}


def value_json(value):
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "S":
            return [str(value.dtype), list(value.shape),
                    _short([v.hex() for v in value.reshape(-1).tolist()])]
        return [str(value.dtype), list(value.shape), _short(value.tolist())]
    if isinstance(value, bytes):
        return ["bytes", _short(value.hex())]
    if isinstance(value, str):
        return ["str", _short(value)]
    return [type(value).__name__, value]


def read_dataset(path, **kwargs):
    import mindspore.dataset as ds
    dataset = ds.MindDataset(path, shuffle=False, **kwargs)
    rows = [{k: value_json(v) for k, v in row.items()}
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]
    return {"columns": dataset.get_col_names(), "size": dataset.get_dataset_size(), "rows": rows}


def read_file_reader(path):
    from mindspore.mindrecord import FileReader
    reader = FileReader(path)
    rows = [{k: value_json(v) for k, v in sorted(row.items())} for row in reader.get_next()]
    reader.close()
    return rows


def reading(folder, case):
    path = os.path.join(folder, FIRST_FILE[case])
    out = {"dataset": read_dataset(path)}
    if case == "empty":
        return out
    out["file_reader"] = read_file_reader(path)
    out["shard_1_of_2"] = read_dataset(path, num_shards=2, shard_id=1)
    first = sorted(out["dataset"]["columns"])[-1:]
    out["columns_list"] = read_dataset(path, columns_list=first)
    if case == "lstm":
        import mindspore.dataset as ds
        dataset = ds.MindDataset(path, columns_list=["feature", "label"], num_parallel_workers=2,
                                 shuffle=False).batch(8, drop_remainder=True)
        out["batches"] = [[list(np.asarray(c).shape) for c in batch]
                          for batch in dataset.create_tuple_iterator(output_numpy=True)]
    return out


def error_of(call):
    try:
        call()
    except Exception as error:  # pylint: disable=broad-except
        message = " ".join(str(error).split())
        return {"type": type(error).__name__, "message": message.split(" - C++ Call Stack")[0]}
    return None


def errors(scratch, existing):
    """{case: {type, message}} of bad input; `scratch` a folder to write in (removed after),
    `existing` a MindRecord file (all_types) that must not be overwritten."""
    from mindspore.mindrecord import FileReader, FileWriter
    import mindspore.dataset as ds
    os.makedirs(scratch, exist_ok=True)

    def fresh(name="e.mindrecord", **kwargs):
        path = os.path.join(scratch, name)
        for file in (path, path + ".db"):
            if os.path.exists(file):
                os.remove(file)
        return FileWriter(path, **kwargs)

    def schema_error(schema):
        return lambda: fresh().add_schema(schema, "s")

    def index_error(fields):
        def call():
            writer = fresh()
            writer.add_schema({"a": {"type": "int32"}, "b": {"type": "bytes"}}, "s")
            writer.add_index(fields)
        return call

    def write_error(rows, schema=None, **kwargs):
        def call():
            writer = fresh()
            writer.add_schema(schema or {"x": {"type": "int32"}, "v": {"type": "int32", "shape": [2]}},
                              "s")
            writer.write_raw_data(rows, **kwargs)
            writer.commit()
        return call

    def write_after_commit():
        writer = fresh()
        writer.add_schema({"x": {"type": "int32"}}, "s")
        writer.write_raw_data([{"x": 1}])
        writer.commit()
        writer.write_raw_data([{"x": 2}])

    def page_too_small():
        writer = fresh()
        writer.set_page_size(1 << 15)
        writer.add_schema({"b": {"type": "bytes"}}, "s")
        writer.write_raw_data([{"b": bytes(40000)}])
        writer.commit()

    def not_mindrecord():
        path = os.path.join(scratch, "plain.mindrecord")
        with open(path, "wb") as file:
            file.write(b"not a mindrecord file at all" * 10)
        list(ds.MindDataset(path).create_tuple_iterator())

    cases = {
        "file_name empty": lambda: FileWriter(""),
        "shard_num zero": lambda: fresh(shard_num=0),
        "shard_num 1001": lambda: fresh(shard_num=1001),
        "shard_num str": lambda: fresh(shard_num="2"),
        "overwrite not bool": lambda: fresh(overwrite=1),
        "existing without overwrite": lambda: _commit_over(existing),
        "schema empty": schema_error({}),
        "schema not dict": schema_error([("a", {"type": "int32"})]),
        "schema bad name": schema_error({"a-b": {"type": "int32"}}),
        "schema bad type": schema_error({"x": {"type": "complex"}}),
        "schema field not dict": schema_error({"x": "int32"}),
        "schema bytes with shape": schema_error({"x": {"type": "bytes", "shape": [2]}}),
        "schema string with shape": schema_error({"x": {"type": "string", "shape": [2]}}),
        "schema shape not list": schema_error({"x": {"type": "int32", "shape": 2}}),
        "schema extra key": schema_error({"x": {"type": "int32", "shape": [2], "extra": 1}}),
        "index on blob field": index_error(["b"]),
        "index not list": index_error("a"),
        "index empty": index_error([]),
        "index not str": index_error([1]),
        "index unknown field": index_error(["zzz"]),
        "header size small": lambda: fresh().set_header_size(1 << 13),
        "header size not /4": lambda: fresh().set_header_size((1 << 14) + 2),
        "page size big": lambda: fresh().set_page_size(1 << 29),
        "raw_data not list": write_error({"x": 1}),
        "raw_data item not dict": write_error([{"x": 1, "v": np.zeros(2, np.int32)}, 5]),
        "row of wrong type": write_error([{"x": "one", "v": np.zeros(2, np.int32)}]),
        "row missing field": write_error([{"v": np.zeros(2, np.int32)}]),
        "array of wrong dtype": write_error([{"x": 1, "v": np.zeros(2, np.int64)}]),
        "array of wrong shape": write_error([{"x": 1, "v": np.zeros(3, np.int32)}]),
        "float for int": write_error([{"x": 1.5, "v": np.zeros(2, np.int32)}]),
        "int for float": write_error([{"f": 1}], {"f": {"type": "float32"}}),
        "parallel_writer not bool": write_error([{"x": 1, "v": np.zeros(2, np.int32)}],
                                                parallel_writer=1),
        "write after commit": write_after_commit,
        "row bigger than page": page_too_small,
        "append missing file": lambda: FileWriter.open_for_append(os.path.join(scratch, "none")),
        "reader missing file": lambda: FileReader(os.path.join(scratch, "none.mindrecord")),
        "dataset missing file": lambda: ds.MindDataset("/nonexistent/a.mindrecord"),
        "dataset not mindrecord": not_mindrecord,
        "dataset unknown column": lambda: list(ds.MindDataset(
            existing, columns_list=["nope"]).create_tuple_iterator()),
        "dataset shard_id without num_shards": lambda: ds.MindDataset(existing, shard_id=0),
        "dataset shard_id out of range": lambda: ds.MindDataset(existing, num_shards=2,
                                                                shard_id=2),
        "dataset num_shards without shard_id": lambda: ds.MindDataset(existing, num_shards=2),
        "dataset sampler and shuffle": lambda: ds.MindDataset(
            existing, sampler=ds.SequentialSampler(), shuffle=False),
        "dataset padded without num_padded": lambda: ds.MindDataset(
            existing, columns_list=["label"], padded_sample={"label": 1}),
        "dataset padded without columns_list": lambda: ds.MindDataset(
            existing, padded_sample={"label": 1}, num_padded=1),
        "dataset num_padded without padded": lambda: ds.MindDataset(existing, num_padded=1),
        "dataset padded not matching columns": lambda: ds.MindDataset(
            existing, columns_list=["label"], padded_sample={"x": 1}, num_padded=1),
    }
    out = {}
    for name, case in cases.items():
        found = error_of(case)
        if found is not None:
            found["message"] = found["message"].replace(scratch, "<scratch>").replace(
                os.path.dirname(existing), "<existing>")
        out[name] = found
    shutil.rmtree(scratch)
    return out


def _commit_over(path):
    from mindspore.mindrecord import FileWriter
    writer = FileWriter(path)
    writer.add_schema({"x": {"type": "int32"}}, "s")
    writer.write_raw_data([{"x": 1}])
    writer.commit()


def write_cases(folder):
    for case, make in CASES.items():
        target = os.path.join(folder, case)
        if os.path.isdir(target):
            shutil.rmtree(target)
        os.makedirs(target)
        make(target)


def main():
    folder = os.environ.get("MSJAX_GOLDEN_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "dataset", "mindrecord", "layouts")
    if importlib.util.find_spec("mindspore") is None:
        import msjax.compat
        msjax.compat.install(force=True)
        write_cases(os.path.join(folder, "msjax"))
        print("wrote", os.path.join(folder, "msjax"))
        return
    write_cases(os.path.join(folder, "ms"))
    golden = {"files": {}, "read": {}, "read_msjax": {}}
    for case in CASES:
        golden["files"][case] = describe_files(os.path.join(folder, "ms", case))
        golden["read"][case] = reading(os.path.join(folder, "ms", case), case)
        theirs = os.path.join(folder, "msjax", case)
        if os.path.isdir(theirs):
            golden["read_msjax"][case] = reading(theirs, case)
    for side in ("ms", "msjax"):
        shutil.rmtree(os.path.join(folder, side, "parallel"), ignore_errors=True)
    golden["errors"] = errors(os.path.join(folder, "scratch"),
                              os.path.join(folder, "ms", "all_types", "all_types.mindrecord"))
    with open(os.path.join(folder, "layouts.json"), "w", encoding="utf-8") as file:
        json.dump(golden, file, indent=1, sort_keys=True, ensure_ascii=False)
    print(json.dumps(golden["errors"], indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
