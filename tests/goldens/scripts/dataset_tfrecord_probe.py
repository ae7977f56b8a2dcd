"""MindSpore 2.10 goldens for mindspore.dataset.TFRecordDataset on files of tf.train.Example
records written by this script (a TFRecord writer and an Example encoder in plain Python, below,
also used by msjax's tests). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_tfrecord_probe.py \
        | grep " -> " > tests/goldens/dataset/tfrecord_probe.txt
"""
import os
import re
import shutil
import struct
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc(data: bytes) -> int:
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def example(features: dict) -> bytes:
    """A tf.train.Example: {name: list of bytes | list of float | list of int}."""
    entries = b""
    for name, values in features.items():
        if all(isinstance(v, bytes) for v in values):
            kind = _field(1, b"".join(_field(1, v) for v in values))
        elif all(isinstance(v, float) for v in values):
            kind = _field(2, _field(1, struct.pack(f"<{len(values)}f", *values)))
        else:
            kind = _field(3, _field(1, b"".join(_varint(int(v)) for v in values)))
        entries += _field(1, _field(1, name.encode()) + _field(2, kind))
    return _field(1, entries)


def write_tfrecord(path, records):
    with open(path, "wb") as file:
        for record in records:
            length = struct.pack("<Q", len(record))
            file.write(length + struct.pack("<I", masked_crc(length)) + record
                       + struct.pack("<I", masked_crc(record)))


def records(start, count):
    return [example({"label": [i], "image": [bytes([i, 255 - i, 9])],
                     "vec": [float(i) / 2, -1.5, 3.25], "ids": [i, -i, 2 ** 40]})
            for i in range(start, start + count)]


def column_text(value):
    array = np.asarray(value)
    if array.dtype.kind == "S":
        return f"bytes{list(array.shape)}{[v.hex() for v in array.reshape(-1).tolist()]}"
    if array.dtype.kind == "U":
        return f"str{list(array.shape)}{array.tolist()}"
    return f"{array.dtype}{list(array.shape)}{array.tolist()}"


def rows(dataset):
    return [" ".join(column_text(c) for c in row)
            for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def error_summary(error):
    message = " ".join(str(error).split())
    parts = [message.split(" ----")[0]]
    pipeline_error = re.search(r"\[ERROR\] (.*?) -{10}", message)
    if pipeline_error:
        parts.append(pipeline_error.group(1))
    return f"{type(error).__name__}: " + " | ".join(parts)


ROOT = tempfile.mkdtemp()
A, B = os.path.join(ROOT, "a.tfrecord"), os.path.join(ROOT, "b.tfrecord")


def schema():
    s = ds.Schema()
    s.add_column("label", ms.int32, [1])
    s.add_column("vec", ms.float32, [3])
    return s


C = os.path.join(ROOT, "c.tfrecord")


def seeded(case):
    """`case()` with the pipeline seed 1 (the seed put back afterwards)."""
    saved = ds.config.get_seed()
    ds.config.set_seed(1)
    try:
        return case()
    finally:
        ds.config.set_seed(saved)


def epochs(dataset, count):
    iterator = dataset.create_tuple_iterator(num_epochs=count, output_numpy=True)
    return [[row[0].tolist()[0] for row in iterator] for _ in range(count)]


def typed_schema(image_type, image_shape, label_shape=None, rows=None):
    s = ds.Schema()
    s.add_column("image", image_type, image_shape)
    s.add_column("label", ms.int64, label_shape)
    s.num_rows = rows
    return s


def schema_file(rows):
    path = os.path.join(ROOT, f"schema{rows}.json")
    with open(path, "w", encoding="utf-8") as file:
        file.write('{"columns": {"label": {"type": "int64", "rank": 1, "shape": [1]}}'
                   + (f', "numRows": {rows}' if rows else "") + "}")
    return path


CASES = {
    "one file": lambda: rows(ds.TFRecordDataset(A, shuffle=False)),
    "names": lambda: ds.TFRecordDataset(A).get_col_names(),
    "size": lambda: (ds.TFRecordDataset(A).get_dataset_size(), ds.TFRecordDataset([A, B]).get_dataset_size()),
    "two files": lambda: rows(ds.TFRecordDataset([A, B], shuffle=False)),
    "columns_list": lambda: rows(ds.TFRecordDataset(A, columns_list=["vec", "label"], shuffle=False)),
    "schema": lambda: rows(ds.TFRecordDataset(A, schema=schema(), shuffle=False)),
    "schema names": lambda: ds.TFRecordDataset(A, schema=schema()).get_col_names(),
    "num_samples": lambda: ds.TFRecordDataset([A, B], num_samples=4).get_dataset_size(),
    "shard": lambda: rows(ds.TFRecordDataset([A, B], shuffle=False, num_shards=2, shard_id=1, columns_list=["label"])),
    "shuffled multiset": lambda: sorted(rows(ds.TFRecordDataset([A, B], columns_list=["label"]))),
    "shuffle files one file": lambda: rows(ds.TFRecordDataset(A, columns_list=["label"], shuffle=ds.Shuffle.FILES)),
    "shuffle files multiset": lambda: sorted(rows(ds.TFRecordDataset([A, B], columns_list=["label"], shuffle=ds.Shuffle.FILES))),
    "schema numRows": lambda: rows(ds.TFRecordDataset(A, schema=schema_file(2), shuffle=False)),
    "schema numRows size": lambda: ds.TFRecordDataset(A, schema_file(2)).get_dataset_size(),
    "global shuffle order": lambda: seeded(lambda: epochs(ds.TFRecordDataset(C, columns_list=["label"]), 2)),
    "global shuffle as shuffle op": lambda: seeded(lambda: epochs(ds.TFRecordDataset(C, columns_list=["label"], shuffle=False).shuffle(10000), 2)),
    "global shuffle num_samples": lambda: seeded(lambda: epochs(ds.TFRecordDataset(C, columns_list=["label"], num_samples=5), 2)),
    "error missing": lambda: ds.TFRecordDataset("/nonexistent/x.tfrecord"),
    "error unknown column": lambda: rows(ds.TFRecordDataset(A, columns_list=["nope"])),
    "schema string": lambda: rows(ds.TFRecordDataset(A, schema=typed_schema(ms.string, [1]), shuffle=False)),
    "schema string scalar": lambda: rows(ds.TFRecordDataset(A, schema=typed_schema(ms.string, []), shuffle=False)),
    "schema scalar label": lambda: rows(ds.TFRecordDataset(A, schema=typed_schema(ms.uint8, [-1], []), shuffle=False)),
    "schema unknown dims": lambda: rows(ds.TFRecordDataset(A, schema=typed_schema(ms.uint8, [-1], [-1]), shuffle=False)),
    "schema file numRows": lambda: ds.TFRecordDataset([A, B], schema=schema_file(4)).get_dataset_size(),
    "schema file numRows rows": lambda: len(rows(ds.TFRecordDataset([A, B], schema=schema_file(4)))),
    "schema file no numRows": lambda: ds.TFRecordDataset([A, B], schema=schema_file(0)).get_dataset_size(),
}


def main():
    try:
        write_tfrecord(A, records(0, 3))
        write_tfrecord(B, records(10, 2))
        write_tfrecord(C, records(20, 12))
        for label, case in CASES.items():
            try:
                result = case()
            except Exception as error:  # pylint: disable=broad-except
                result = error_summary(error)
            print(f"{label} -> {str(result).replace(ROOT, '{root}')}", flush=True)
    finally:
        shutil.rmtree(ROOT, ignore_errors=True)


if __name__ == "__main__":
    main()
