"""Probe: mindspore.dataset.TFRecordDataset over GZIP- and ZLIB-compressed files, next to the
same files uncompressed: row order, shards (with and without shard_equal_rows, num_samples and a
schema's numRows), dataset sizes, and the errors; and the orders of Shuffle.FILES and of the
default Shuffle.GLOBAL over three epochs, sharded or not, under two seeds, and INFILE, ADAPTIVE
and PARTIAL (which MindSpore's TFRecordDataset reads in order). Files are written by dataset_tfrecord_probe.py's
writer (set MSJAX_PROBE_SCRIPTS to tests/goldens/scripts when the probe runs from a copy).
Golden: tests/goldens/dataset/tfrecord_compression_probe.out (MindSpore 2.10, CPU: the ` -> ` lines
of MSJAX_PROBE_SCRIPTS=tests/goldens/scripts mindspore-oracle <this file>); test:
tests/dataset/test_tfrecord_compression.py."""
import gzip
import json
import os
import sys
import tempfile
import zlib

sys.path.insert(0, os.environ.get("MSJAX_PROBE_SCRIPTS", os.path.dirname(os.path.abspath(__file__))))
import mindspore.dataset as ds  # noqa: E402
from dataset_tfrecord_probe import error_summary, example, write_tfrecord  # noqa: E402

ROOT = tempfile.mkdtemp()
COUNTS = (4, 7, 5, 6)  # rows per file, uneven
files = {"": [], "GZIP": [], "ZLIB": []}
start = 0
for index, count in enumerate(COUNTS):
    plain = os.path.join(ROOT, f"part{index}.data")
    write_tfrecord(plain, [example({"scalars": [start + i]}) for i in range(count)])
    start += count
    with open(plain, "rb") as handle:
        data = handle.read()
    with gzip.open(plain + ".gz", "wb") as handle:
        handle.write(data)
    with open(plain + ".zlib", "wb") as handle:
        handle.write(zlib.compress(data))
    files[""].append(plain)
    files["GZIP"].append(plain + ".gz")
    files["ZLIB"].append(plain + ".zlib")


def schema_file(name, rows):
    path = os.path.join(ROOT, name)
    content = {"datasetType": "TF", "columns": {"scalars": {"type": "int64", "rank": 1}}}
    if rows is not None:
        content["numRows"] = rows
    with open(path, "w") as handle:
        json.dump(content, handle)
    return path


SCHEMA_NO_ROWS = schema_file("no_rows.json", None)
SCHEMA_6_ROWS = schema_file("six_rows.json", 6)


def show(label, make):
    try:
        data = make()
        values = [int(row[0][0]) for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
        print(f"{label} -> size={data.get_dataset_size()} rows={values}")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} -> {error_summary(error).replace(ROOT, '<root>')}")


for kind in ("", "GZIP", "ZLIB"):
    tag = kind or "plain"
    paths = files[kind]
    show(f"{tag} all", lambda: ds.TFRecordDataset(paths, shuffle=False, compression_type=kind))
    show(f"{tag} one file", lambda: ds.TFRecordDataset(paths[1], shuffle=False, compression_type=kind))
    show(f"{tag} num_samples=9", lambda: ds.TFRecordDataset(paths, num_samples=9, shuffle=False,
                                                            compression_type=kind))
    show(f"{tag} schema numRows=6", lambda: ds.TFRecordDataset(paths, SCHEMA_6_ROWS, shuffle=False,
                                                               compression_type=kind))
    for shards in (2, 3, 4):
        for shard in range(shards):
            for equal in (False, True):
                show(f"{tag} shards={shards} id={shard} equal={equal}",
                     lambda: ds.TFRecordDataset(paths, num_shards=shards, shard_id=shard, shuffle=False,
                                                shard_equal_rows=equal, compression_type=kind))
            show(f"{tag} shards={shards} id={shard} num_samples=3",
                 lambda: ds.TFRecordDataset(paths, num_shards=shards, shard_id=shard, num_samples=3,
                                            shuffle=False, compression_type=kind))
            show(f"{tag} shards={shards} id={shard} schema numRows=6",
                 lambda: ds.TFRecordDataset(paths, SCHEMA_6_ROWS, num_shards=shards, shard_id=shard,
                                            shuffle=False, compression_type=kind))
            show(f"{tag} shards={shards} id={shard} schema no rows",
                 lambda: ds.TFRecordDataset(paths, SCHEMA_NO_ROWS, num_shards=shards, shard_id=shard,
                                            shuffle=False, compression_type=kind))
    show(f"{tag} shards=2 num_samples=8 too many", lambda: ds.TFRecordDataset(
        paths, num_shards=2, shard_id=1, num_samples=8, shuffle=False, compression_type=kind))
    show(f"{tag} shards=5 of 4 files", lambda: ds.TFRecordDataset(
        paths, num_shards=5, shard_id=0, num_samples=2, shuffle=False, compression_type=kind))
    show(f"{tag} num_samples=-1", lambda: ds.TFRecordDataset(paths, num_samples=-1, compression_type=kind))

show("compression ZIP", lambda: ds.TFRecordDataset(files["GZIP"], compression_type="ZIP"))
show("compression gzip", lambda: ds.TFRecordDataset(files["GZIP"], compression_type="gzip"))
show("compression 1", lambda: ds.TFRecordDataset(files["GZIP"], compression_type=1))
show("GZIP files read as ZLIB", lambda: ds.TFRecordDataset(files["GZIP"], shuffle=False, compression_type="ZLIB"))
show("GZIP files read uncompressed", lambda: ds.TFRecordDataset(files["GZIP"], shuffle=False))
show("plain files read as GZIP", lambda: ds.TFRecordDataset(files[""], shuffle=False, compression_type="GZIP"))


def three_epochs(make):
    data = make()
    iterator = data.create_tuple_iterator(num_epochs=3, output_numpy=True)
    epochs = [[int(row[0][0]) for row in iterator] for _ in range(3)]
    return f"size={data.get_dataset_size()} " + " | ".join(str(e) for e in epochs)


for seed in (0, 7):
    ds.config.set_seed(seed)
    paths = files[""]
    print(f"FILES seed={seed} ->", three_epochs(lambda: ds.TFRecordDataset(paths, shuffle=ds.Shuffle.FILES)))
    print(f"FILES seed={seed} num_samples=5 ->",
          three_epochs(lambda: ds.TFRecordDataset(paths, num_samples=5, shuffle=ds.Shuffle.FILES)))
    for shards in (2, 3):
        for shard in range(shards):
            for equal in (False, True):
                print(f"FILES seed={seed} shards={shards} id={shard} equal={equal} ->", three_epochs(
                    lambda: ds.TFRecordDataset(paths, num_shards=shards, shard_id=shard,
                                               shard_equal_rows=equal, shuffle=ds.Shuffle.FILES)))
    print(f"GLOBAL seed={seed} one file ->", three_epochs(lambda: ds.TFRecordDataset(paths[1])))
    print(f"GLOBAL seed={seed} ->", three_epochs(lambda: ds.TFRecordDataset(paths)))
    print(f"GLOBAL seed={seed} num_samples=5 ->",
          three_epochs(lambda: ds.TFRecordDataset(paths, num_samples=5)))
    for shards in (2, 3):
        for shard in range(shards):
            for equal in (False, True):
                print(f"GLOBAL seed={seed} shards={shards} id={shard} equal={equal} ->", three_epochs(
                    lambda: ds.TFRecordDataset(paths, num_shards=shards, shard_id=shard,
                                               shard_equal_rows=equal)))
ds.config.set_seed(0)
for mode in (ds.Shuffle.INFILE, ds.Shuffle.ADAPTIVE, ds.Shuffle.PARTIAL):
    print(f"{mode} ->", three_epochs(lambda: ds.TFRecordDataset(files[""], shuffle=mode)))
    print(f"{mode} shards=2 id=1 ->", three_epochs(
        lambda: ds.TFRecordDataset(files[""], shuffle=mode, num_shards=2, shard_id=1)))
