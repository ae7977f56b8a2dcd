"""MindRecord both ways with MindSpore 2.10, case by case (every field type and shape, several
shards, several pages, a raw row group moved to a new page, ``open_for_append``, the parallel
writer, an empty file):

* msjax's FileWriter writes the very bytes MindSpore writes, and an index with the same rows;
* msjax reads MindSpore's files as MindSpore reads them (MindDataset, FileReader, columns_list,
  num_shards/shard_id, the model zoo's LSTM batches);
* MindSpore read msjax's files as it reads its own (recorded by the oracle);
* bad input raises MindSpore's exception and message.

Goldens: tests/goldens/dataset/mindrecord/layouts, made by
tests/goldens/scripts/make_mindrecord_layouts.py.
"""
import importlib.util
import json
import os
import tracemalloc

import numpy as np
import pytest

import msjax.compat
import msjax.dataset as ds
from msjax.mindrecord import FileWriter
from tests.golden_scripts import GOLDENS

FOLDER = GOLDENS / "dataset" / "mindrecord" / "layouts"
GOLDEN = json.loads((FOLDER / "layouts.json").read_text())
_SPEC = importlib.util.spec_from_file_location(
    "make_mindrecord_layouts", GOLDENS / "scripts" / "make_mindrecord_layouts.py")
SCRIPT = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(SCRIPT)
CASES = sorted(SCRIPT.CASES)


@pytest.fixture(autouse=True)
def _mindspore_is_msjax():
    msjax.compat.install(force=True)


@pytest.mark.parametrize("case", CASES)
def test_writer_writes_mindspores_bytes(case, tmp_path):
    SCRIPT.CASES[case](str(tmp_path))
    assert SCRIPT.describe_files(str(tmp_path)) == GOLDEN["files"][case]
    # MindSpore read the files msjax wrote (the same bytes) as it reads its own.
    assert GOLDEN["read_msjax"][case] == GOLDEN["read"][case]


@pytest.mark.parametrize("case", CASES)
def test_reader_reads_as_mindspore_reads(case, tmp_path):
    folder = FOLDER / "ms" / case
    if case == "parallel":  # MindSpore's 48 MiB files are not kept: read msjax's same bytes
        SCRIPT.CASES[case](str(tmp_path))
        folder = tmp_path
    assert SCRIPT.reading(str(folder), case) == GOLDEN["read"][case]


def test_lstm_batches_are_8_by_500():
    """The model zoo's official/nlp/LSTM reads its four-shard file in (8, 500) feature batches."""
    assert GOLDEN["read"]["lstm"]["batches"] == [[[8, 500], [8]]] * 3
    dataset = ds.MindDataset(str(FOLDER / "ms" / "lstm" / "aclImdb_train.mindrecord0"),
                             columns_list=["feature", "label"], shuffle=False).batch(8, True)
    shapes = [[list(c.shape) for c in batch] for batch in dataset.create_tuple_iterator(
        output_numpy=True)]
    assert shapes == GOLDEN["read"]["lstm"]["batches"]


def _scratch_writer(scratch, name="e.mindrecord", **kwargs):
    path = os.path.join(scratch, name)
    return FileWriter(path, **kwargs)


def _schema_error(schema):
    return lambda s: _scratch_writer(s).add_schema(schema, "s")


def _index_error(fields):
    def call(scratch):
        writer = _scratch_writer(scratch)
        writer.add_schema({"a": {"type": "int32"}, "b": {"type": "bytes"}}, "s")
        writer.add_index(fields)
    return call


def _write_error(rows, schema=None, **kwargs):
    def call(scratch):
        writer = _scratch_writer(scratch)
        writer.add_schema(schema or {"x": {"type": "int32"}, "v": {"type": "int32", "shape": [2]}},
                          "s")
        writer.write_raw_data(rows, **kwargs)
        writer.commit()
    return call


def _write_after_commit(scratch):
    writer = _scratch_writer(scratch)
    writer.add_schema({"x": {"type": "int32"}}, "s")
    writer.write_raw_data([{"x": 1}])
    writer.commit()
    writer.write_raw_data([{"x": 2}])


def _row_bigger_than_page(scratch):
    writer = _scratch_writer(scratch)
    writer.set_page_size(1 << 15)
    writer.add_schema({"b": {"type": "bytes"}}, "s")
    writer.write_raw_data([{"b": bytes(40000)}])


def _not_mindrecord(scratch):
    path = os.path.join(scratch, "plain.mindrecord")
    with open(path, "wb") as file:
        file.write(b"not a mindrecord file at all" * 10)
    list(ds.MindDataset(path).create_tuple_iterator())


def _commit_over_existing(scratch):
    del scratch
    writer = FileWriter(str(FOLDER / "ms" / "all_types" / "all_types.mindrecord"))
    writer.add_schema({"x": {"type": "int32"}}, "s")
    writer.write_raw_data([{"x": 1}])


EXISTING = str(FOLDER / "ms" / "all_types" / "all_types.mindrecord")
ROW = {"x": 1, "v": np.zeros(2, np.int32)}
ERROR_CASES = {
    "file_name empty": lambda s: FileWriter(""),
    "shard_num zero": lambda s: _scratch_writer(s, shard_num=0),
    "shard_num 1001": lambda s: _scratch_writer(s, shard_num=1001),
    "shard_num str": lambda s: _scratch_writer(s, shard_num="2"),
    "overwrite not bool": lambda s: _scratch_writer(s, overwrite=1),
    "existing without overwrite": _commit_over_existing,
    "schema empty": _schema_error({}),
    "schema not dict": _schema_error([("a", {"type": "int32"})]),
    "schema bad name": _schema_error({"a-b": {"type": "int32"}}),
    "schema bad type": _schema_error({"x": {"type": "complex"}}),
    "schema field not dict": _schema_error({"x": "int32"}),
    "schema bytes with shape": _schema_error({"x": {"type": "bytes", "shape": [2]}}),
    "schema string with shape": _schema_error({"x": {"type": "string", "shape": [2]}}),
    "schema shape not list": _schema_error({"x": {"type": "int32", "shape": 2}}),
    "schema extra key": _schema_error({"x": {"type": "int32", "shape": [2], "extra": 1}}),
    "index on blob field": _index_error(["b"]),
    "index not list": _index_error("a"),
    "index empty": _index_error([]),
    "index not str": _index_error([1]),
    "index unknown field": _index_error(["zzz"]),
    "header size small": lambda s: _scratch_writer(s).set_header_size(1 << 13),
    "header size not /4": lambda s: _scratch_writer(s).set_header_size((1 << 14) + 2),
    "page size big": lambda s: _scratch_writer(s).set_page_size(1 << 29),
    "raw_data not list": _write_error({"x": 1}),
    "raw_data item not dict": _write_error([dict(ROW), 5]),
    "row of wrong type": _write_error([{"x": "one", "v": np.zeros(2, np.int32)}]),
    "row missing field": _write_error([{"v": np.zeros(2, np.int32)}]),
    "array of wrong dtype": _write_error([{"x": 1, "v": np.zeros(2, np.int64)}]),
    "array of wrong shape": _write_error([{"x": 1, "v": np.zeros(3, np.int32)}]),
    "float for int": _write_error([{"x": 1.5, "v": np.zeros(2, np.int32)}]),
    "int for float": _write_error([{"f": 1}], {"f": {"type": "float32"}}),
    "parallel_writer not bool": _write_error([dict(ROW)], parallel_writer=1),
    "write after commit": _write_after_commit,
    "row bigger than page": _row_bigger_than_page,
    "append missing file": lambda s: FileWriter.open_for_append(os.path.join(s, "none")),
    "reader missing file": lambda s: __import__("msjax.mindrecord").mindrecord.FileReader(
        os.path.join(s, "none.mindrecord")),
    "dataset missing file": lambda s: ds.MindDataset("/nonexistent/a.mindrecord"),
    "dataset not mindrecord": _not_mindrecord,
    "dataset unknown column": lambda s: list(ds.MindDataset(
        EXISTING, columns_list=["nope"]).create_tuple_iterator()),
    "dataset shard_id without num_shards": lambda s: ds.MindDataset(EXISTING, shard_id=0),
    "dataset shard_id out of range": lambda s: ds.MindDataset(EXISTING, num_shards=2, shard_id=2),
    "dataset num_shards without shard_id": lambda s: ds.MindDataset(EXISTING, num_shards=2),
    "dataset sampler and shuffle": lambda s: ds.MindDataset(
        EXISTING, sampler=ds.SequentialSampler(), shuffle=False),
    "dataset padded without num_padded": lambda s: ds.MindDataset(
        EXISTING, columns_list=["label"], padded_sample={"label": 1}),
    "dataset padded without columns_list": lambda s: ds.MindDataset(
        EXISTING, padded_sample={"label": 1}, num_padded=1),
    "dataset num_padded without padded": lambda s: ds.MindDataset(EXISTING, num_padded=1),
    "dataset padded not matching columns": lambda s: ds.MindDataset(
        EXISTING, columns_list=["label"], padded_sample={"x": 1}, num_padded=1),
}


def _sentence(message):
    """MindSpore's own sentence: the ``[ERROR]`` line of a pipeline error, or the message."""
    if "[ERROR] " in message:
        return message.split("[ERROR] ", 1)[1].split(" ----")[0]
    return message


def test_every_error_case_is_tested():
    assert sorted(ERROR_CASES) == sorted(GOLDEN["errors"])


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_errors_match_mindspore(case, tmp_path):
    expected = GOLDEN["errors"][case]
    with pytest.warns(UserWarning) if "th data is wrong" in _golden_warning(case) else \
            _no_warning():
        with pytest.raises(Exception) as caught:
            ERROR_CASES[case](str(tmp_path))
    assert type(caught.value).__name__ == expected["type"]
    message = " ".join(str(caught.value).split()).replace(str(tmp_path), "<scratch>").replace(
        str(FOLDER / "ms" / "all_types"), "<existing>")
    assert _sentence(message) == _sentence(expected["message"])
    left = os.listdir(tmp_path)
    assert not [n for n in left if "msjax-tmp" in n]
    if case != "write after commit":  # that one committed its first rows
        assert not [n for n in left if n.startswith("e.mindrecord")]


def _golden_warning(case):
    return "th data is wrong" if case in ("row of wrong type", "row missing field",
                                           "array of wrong dtype", "array of wrong shape",
                                           "float for int", "int for float") else ""


class _no_warning:  # noqa: N801 - a context manager standing beside pytest.warns
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_bad_rows_are_left_out_with_mindspores_warning(tmp_path):
    """Rows that do not match the schema are removed from the caller's list, each with the
    warning MindSpore logs; the others are written."""
    path = str(tmp_path / "w.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"x": {"type": "int32"}}, "s")
    rows = [{"x": 1}, {"x": "two"}, {"y": 3}, {"x": 4}]
    with pytest.warns(UserWarning) as caught:
        writer.write_raw_data(rows)
    writer.commit()
    assert [str(w.message) for w in caught] == [
        "for schema, 2 th data is wrong, there is not field: 'x' in the raw data.",
        "for schema, 1 th data is wrong, data type: 'int32' for field: 'x' is not matched."]
    assert rows == [{"x": 1}, {"x": 4}]
    assert [int(r[0]) for r in ds.MindDataset(path, shuffle=False).create_tuple_iterator(
        output_numpy=True)] == [1, 4]


def test_failed_write_leaves_the_old_files(tmp_path):
    """A commit that fails (the header does not fit) leaves the files as they were."""
    path = tmp_path / "keep.mindrecord"
    writer = FileWriter(str(path))
    writer.add_schema({"x": {"type": "int64"}}, "s")
    writer.write_raw_data([{"x": 5}])
    writer.commit()
    before = path.read_bytes(), (tmp_path / "keep.mindrecord.db").read_bytes()
    writer = FileWriter(str(path), overwrite=True)
    writer.set_header_size(1 << 14)
    writer.add_schema({f"field_{i}" * 40: {"type": "int32"} for i in range(200)}, "s")
    writer.write_raw_data([{f"field_{i}" * 40: i for i in range(200)}])
    with pytest.raises(RuntimeError, match="shard header is too big"):
        writer.commit()
    assert (path.read_bytes(), (tmp_path / "keep.mindrecord.db").read_bytes()) == before
    assert sorted(os.listdir(tmp_path)) == ["keep.mindrecord", "keep.mindrecord.db"]


def test_append_then_read_in_order(tmp_path):
    """open_for_append twice on a file of three shards: every row is read once, shard by shard."""
    path = str(tmp_path / "a.mindrecord")
    writer = FileWriter(path, shard_num=3)
    writer.add_schema({"id": {"type": "int64"}, "v": {"type": "int32", "shape": [-1]}}, "s")
    writer.write_raw_data([{"id": i, "v": np.arange(i, dtype=np.int32)} for i in range(7)])
    writer.commit()
    for start in (100, 200):
        writer = FileWriter.open_for_append(path + "0")
        writer.write_raw_data([{"id": start + i, "v": np.full(3, -i, np.int32)} for i in range(4)])
        writer.commit()
    ids = [int(r[0]) for r in ds.MindDataset(path + "2", shuffle=False).create_tuple_iterator(
        output_numpy=True)]
    assert ids == [0, 1, 2, 100, 101, 200, 201, 3, 4, 102, 202, 5, 6, 103, 203]


def test_shuffle_modes_keep_every_row():
    """Shuffle.FILES draws the shards' order (each shard's rows in order), Shuffle.INFILE keeps the
    shards' order and shuffles within each."""
    path = str(FOLDER / "ms" / "lstm" / "aclImdb_train.mindrecord0")

    def ids(shuffle):
        return [int(r[0]) for r in ds.MindDataset(path, columns_list=["id"], shuffle=shuffle)
                .create_tuple_iterator(output_numpy=True)]
    in_order = ids(False)
    shards = [in_order[i:i + 6] for i in range(0, 24, 6)]
    files = ids(ds.Shuffle.FILES)
    assert sorted(files[i:i + 6] for i in range(0, 24, 6)) == sorted(shards)
    infile = ids(ds.Shuffle.INFILE)
    assert [sorted(infile[i:i + 6]) for i in range(0, 24, 6)] == [sorted(s) for s in shards]
    assert sorted(ids(ds.Shuffle.GLOBAL)) == sorted(in_order)


def test_padded_samples_fill_the_last_shard():
    path = str(FOLDER / "ms" / "blob_only" / "blob_only.mindrecord")
    padded = {"img": np.array([b"pad"], "S3")}
    rows = [[bytes(r[0][0]) for r in ds.MindDataset(
        path, columns_list=["img"], shuffle=False, num_shards=3, shard_id=k,
        padded_sample=padded, num_padded=2).create_tuple_iterator(output_numpy=True)]
        for k in range(3)]
    assert [len(r) for r in rows] == [2, 2, 2]
    assert sorted(sum(rows, [])).count(b"pad") == 2


def test_reading_streams_a_large_file(tmp_path):
    """Reading a file holds one row at a time: memory stays flat, whatever the file's size."""
    path = str(tmp_path / "large.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"image": {"type": "bytes"}, "label": {"type": "int32"}}, "large")
    row = bytes(range(256)) * 4096  # 1 MiB
    for start in range(0, 48, 8):
        writer.write_raw_data([{"image": row, "label": start + i} for i in range(8)])
    writer.commit()
    tracemalloc.start()
    try:
        labels = [int(label) for _, label in ds.MindDataset(
            path, shuffle=False, num_parallel_workers=1).create_tuple_iterator(output_numpy=True)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert labels == list(range(48))
    assert peak < 16 * len(row)  # the file is 48 rows of 1 MiB
