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
import shutil
import tracemalloc
import warnings

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


def _sentence(message):
    """MindSpore's own sentence: the ``[ERROR]`` line of a pipeline error, or the message."""
    if "[ERROR] " in message:
        return message.split("[ERROR] ", 1)[1].split(" ----")[0]
    return message


@pytest.fixture(scope="module")
def errors_on_msjax(tmp_path_factory):
    """The golden script's error cases run on msjax, against a copy of MindSpore's file."""
    msjax.compat.install(force=True)
    copy = tmp_path_factory.mktemp("existing")
    shutil.copytree(FOLDER / "ms" / "all_types", copy, dirs_exist_ok=True)
    scratch = tmp_path_factory.mktemp("scratch") / "scratch"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the rows left out (tested on their own)
        found = SCRIPT.errors(str(scratch), str(copy / "all_types.mindrecord"))
    left = sorted(os.listdir(copy))
    return found, left


@pytest.mark.parametrize("case", sorted(GOLDEN["errors"]))
def test_errors_match_mindspore(case, errors_on_msjax):
    found, _ = errors_on_msjax
    expected = GOLDEN["errors"][case]
    assert found[case] is not None, f"{case}: msjax raised nothing"
    assert found[case]["type"] == expected["type"]
    assert _sentence(found[case]["message"]) == _sentence(expected["message"])


def test_failed_calls_leave_the_existing_file(errors_on_msjax):
    _, left = errors_on_msjax
    assert left == ["all_types.mindrecord", "all_types.mindrecord.db"]


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
    """Reading a file holds the rows read ahead and little more: memory stays flat, whatever the
    file's size. The read-ahead is `config.set_prefetch_size` rows (16 by default, and a slow
    consumer fills it), so the test sets 4 and allows 6 more rows in flight (the row being read,
    the one in hand, their bytes and array copies; a consumer 50 ms a row peaks at 7 MiB): 10 MiB
    for a file of 48 MiB."""
    path = str(tmp_path / "large.mindrecord")
    writer = FileWriter(path)
    writer.add_schema({"image": {"type": "bytes"}, "label": {"type": "int32"}}, "large")
    row = bytes(range(256)) * 4096  # 1 MiB
    for start in range(0, 48, 8):
        writer.write_raw_data([{"image": row, "label": start + i} for i in range(8)])
    writer.commit()
    prefetch = ds.config.get_prefetch_size()
    ds.config.set_prefetch_size(4)
    # The first read imports what Grain loads lazily (tensorstore, uvloop, ...: ~15 MB that
    # tracemalloc would count when this test runs alone); read one row before measuring.
    next(ds.MindDataset(path, shuffle=False, num_parallel_workers=1).create_tuple_iterator())
    tracemalloc.start()
    try:
        labels = [int(label) for _, label in ds.MindDataset(
            path, shuffle=False, num_parallel_workers=1).create_tuple_iterator(output_numpy=True)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        ds.config.set_prefetch_size(prefetch)
    assert labels == list(range(48))
    assert peak < (4 + 6) * len(row)  # the file is 48 rows of 1 MiB
