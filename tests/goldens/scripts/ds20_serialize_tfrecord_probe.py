"""serialize/deserialize of a TFRecordDataset (its files, schema file or Schema, columns, samples,
shards and shuffle modes) on files written by dataset_tfrecord_probe.py's TFRecord writer (set
MSJAX_PROBE_SCRIPTS to tests/goldens/scripts when the probe runs from a copy): MindSpore's JSON
fields and the rebuilt pipeline's rows."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.environ.get("MSJAX_PROBE_SCRIPTS", os.path.dirname(os.path.abspath(__file__))))
import mindspore.dataset as ds  # noqa: E402
from dataset_tfrecord_probe import example, write_tfrecord  # noqa: E402



ROOT = tempfile.mkdtemp()
FILES = []
for part in range(2):
    path = os.path.join(ROOT, f"part{part}.data")
    write_tfrecord(path, [example({"label": [10 * part + i], "image": [bytes([i, part, 7])]})
                          for i in range(3)])
    FILES.append(path)
SCHEMA_PATH = os.path.join(ROOT, "schema.json")
with open(SCHEMA_PATH, "w", encoding="utf-8") as file:
    json.dump({"datasetType": "TF", "columns": {"image": {"type": "uint8", "rank": 1},
                                               "label": {"type": "int64", "rank": 1, "shape": [1]}}}, file)


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0])[:200])


def tree(data):
    node = ds.serialize(data)
    return json.dumps(node, sort_keys=True).replace(os.path.realpath(ROOT), "ROOT")


def rows(data):
    return [[v.tolist() for v in row] for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def schema_object():
    schema = ds.Schema()
    schema.add_column("label", "int64", [1])
    return schema


ds.config.set_seed(3)
ds.config.set_num_parallel_workers(2)
CASES = {
    "plain": lambda: ds.TFRecordDataset(FILES, shuffle=False),
    "schema file": lambda: ds.TFRecordDataset(FILES, SCHEMA_PATH, shuffle=False),
    "schema object": lambda: ds.TFRecordDataset(FILES, schema_object(), shuffle=False),
    "columns": lambda: ds.TFRecordDataset(FILES, columns_list=["label"], num_samples=4, shuffle=False),
    "shards": lambda: ds.TFRecordDataset(FILES, num_shards=2, shard_id=1, shuffle=False),
    "files shuffle": lambda: ds.TFRecordDataset(FILES, shuffle=ds.Shuffle.FILES),
    "global shuffle": lambda: ds.TFRecordDataset(FILES, shuffle=ds.Shuffle.GLOBAL),
    "infile": lambda: ds.TFRecordDataset(FILES, shuffle=ds.Shuffle.INFILE),
    "one worker": lambda: ds.TFRecordDataset(FILES, num_parallel_workers=1, shuffle=False),
    "batched": lambda: ds.TFRecordDataset(FILES, shuffle=False).batch(2),
}
for label, make in CASES.items():
    show(f"{label} json", lambda: tree(make()))
    show(f"{label} rebuilt rows", lambda: rows(ds.deserialize(input_dict=ds.serialize(make()))) == rows(make()))
    show(f"{label} rebuilt json", lambda: tree(ds.deserialize(input_dict=ds.serialize(make()))) == tree(make()))
show("infile rows", lambda: rows(CASES["infile"]()))
show("infile rows are plain rows", lambda: rows(CASES["infile"]()) == rows(CASES["plain"]()))
UNEVEN = []
for part, count in enumerate((5, 2, 4)):
    path = os.path.join(ROOT, f"uneven{part}.data")
    write_tfrecord(path, [example({"label": [100 * part + i]}) for i in range(count)])
    UNEVEN.append(path)
for workers in (1, 2):
    ds.config.set_num_parallel_workers(workers)
    for shards in (2, 3, 4):
        for shard in range(shards):
            show(f"equal rows w{workers} {shards} shards #{shard}", lambda: [
                r[0][0] for r in rows(ds.TFRecordDataset(UNEVEN, num_shards=shards, shard_id=shard,
                                                         shard_equal_rows=True, shuffle=False))])
    show(f"file shards w{workers}", lambda: [r[0][0] for r in rows(ds.TFRecordDataset(
        UNEVEN, num_shards=2, shard_id=0, shuffle=False))])
show("equal rows size", lambda: ds.TFRecordDataset(UNEVEN, num_shards=3, shard_id=1, shard_equal_rows=True).get_dataset_size())
