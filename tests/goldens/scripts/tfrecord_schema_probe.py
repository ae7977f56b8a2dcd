"""Probe: mindspore.dataset.TFRecordDataset's schema checks: a schema's shape that does not match a
feature's values, a type the feature cannot be read as, a column missing from the file, rank-0
columns, and what a rank-only column gives. Files are written by dataset_tfrecord_probe.py's writer
(set MSJAX_PROBE_SCRIPTS to tests/goldens/scripts when the probe runs from a copy).
Golden: tests/goldens/dataset/tfrecord_schema_probe.out (MindSpore 2.10, CPU: the ` -> ` lines of
MSJAX_PROBE_SCRIPTS=tests/goldens/scripts mindspore-oracle <this file>); test:
tests/dataset/test_tfrecord_compression.py."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.environ.get("MSJAX_PROBE_SCRIPTS", os.path.dirname(os.path.abspath(__file__))))
import mindspore.common.dtype as mstype  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from dataset_tfrecord_probe import column_text, error_summary, example, write_tfrecord  # noqa: E402

ROOT = tempfile.mkdtemp()
PATH = os.path.join(ROOT, "rows.data")
write_tfrecord(PATH, [example({"ints": [i, i + 1, i + 2, i + 3], "one": [7 * i], "floats": [0.5 * i],
                               "text": [b"abc" + bytes([48 + i])], "pair": [b"x", b"yz"]})
                      for i in range(3)])


def schema_of(*columns):
    schema = ds.Schema()
    for name, dtype, shape in columns:
        if shape is None:
            schema.add_column(name, de_type=dtype)
        else:
            schema.add_column(name, de_type=dtype, shape=shape)
    return schema


def show(label, make, batch=False):
    try:
        data = make()
        if batch:
            data = data.batch(2)
        rows = [" ".join(column_text(c) for c in row)
                for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
        print(f"{label} -> {rows[0]} ({len(rows)} rows) shapes={data.output_shapes()}")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {error_summary(error).replace(ROOT, '<root>')}")


def json_schema(columns):
    path = os.path.join(ROOT, f"schema{len(os.listdir(ROOT))}.json")
    with open(path, "w") as handle:
        json.dump({"datasetType": "TF", "columns": columns}, handle)
    return path


for batch in (False, True):
    tag = "batched " if batch else ""
    show(f"{tag}ints shape [2]", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.int64, [2])), shuffle=False), batch)
    show(f"{tag}ints shape [2, 2]", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.int64, [2, 2])), shuffle=False), batch)
    show(f"{tag}ints shape [4, 1]", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.int64, [4, 1])), shuffle=False), batch)
    show(f"{tag}ints shape [-1, 2]", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.int64, [-1, 2])), shuffle=False), batch)
    show(f"{tag}one no shape", lambda: ds.TFRecordDataset(PATH, schema_of(("one", mstype.int64, None)), shuffle=False), batch)
    show(f"{tag}one shape [1]", lambda: ds.TFRecordDataset(PATH, schema_of(("one", mstype.int64, [1])), shuffle=False), batch)
    show(f"{tag}text string [5]", lambda: ds.TFRecordDataset(PATH, schema_of(("text", mstype.string, [5])), shuffle=False), batch)
    show(f"{tag}text string [1]", lambda: ds.TFRecordDataset(PATH, schema_of(("text", mstype.string, [1])), shuffle=False), batch)
    show(f"{tag}text uint8 [2]", lambda: ds.TFRecordDataset(PATH, schema_of(("text", mstype.uint8, [2])), shuffle=False), batch)
    show(f"{tag}text uint8 no shape", lambda: ds.TFRecordDataset(PATH, schema_of(("text", mstype.uint8, None)), shuffle=False), batch)
    show(f"{tag}pair string no shape", lambda: ds.TFRecordDataset(PATH, schema_of(("pair", mstype.string, None)), shuffle=False), batch)
    show(f"{tag}ints as string", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.string, None)), shuffle=False), batch)
    show(f"{tag}ints as string [4]", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.string, [4])), shuffle=False), batch)
    show(f"{tag}floats as string", lambda: ds.TFRecordDataset(PATH, schema_of(("floats", mstype.string, None)), shuffle=False), batch)
    show(f"{tag}floats as int64", lambda: ds.TFRecordDataset(PATH, schema_of(("floats", mstype.int64, None)), shuffle=False), batch)
    show(f"{tag}text as float32", lambda: ds.TFRecordDataset(PATH, schema_of(("text", mstype.float32, None)), shuffle=False), batch)
    show(f"{tag}ints as float32", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.float32, None)), shuffle=False), batch)
    show(f"{tag}missing column", lambda: ds.TFRecordDataset(PATH, schema_of(("ints", mstype.int64, [4]), ("absent", mstype.float32, [2])), shuffle=False), batch)
    show(f"{tag}rank 0 one", lambda: ds.TFRecordDataset(PATH, json_schema({"one": {"type": "int64", "rank": 0}}), shuffle=False), batch)
    show(f"{tag}rank 1 one", lambda: ds.TFRecordDataset(PATH, json_schema({"one": {"type": "int64", "rank": 1}}), shuffle=False), batch)
    show(f"{tag}rank 0 ints", lambda: ds.TFRecordDataset(PATH, json_schema({"ints": {"type": "int64", "rank": 0}}), shuffle=False), batch)
    show(f"{tag}rank 2 ints", lambda: ds.TFRecordDataset(PATH, json_schema({"ints": {"type": "int64", "rank": 2}}), shuffle=False), batch)
    show(f"{tag}rank 1 text", lambda: ds.TFRecordDataset(PATH, json_schema({"text": {"type": "uint8", "rank": 1}}), shuffle=False), batch)
