"""MindSpore 2.10's mindrecord.MindPage: candidate fields, category info, pages by id and by
name, on files FileWriter writes (one shard and four, explicit and default index fields), and its
errors. Regenerate (from the project root) with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindrecord_mindpage.py \
        | grep " -> " > tests/goldens/dataset/mindrecord/mindpage.txt
"""
import os
import shutil
import tempfile

import numpy as np

from mindspore.mindrecord import FileWriter, MindPage
from mindspore import mindrecord

FOLDER = tempfile.mkdtemp()
CPUS = os.cpu_count()


def described(value):
    if isinstance(value, np.ndarray):
        return [type(value).__name__, str(value.dtype), list(value.shape), value.tolist()]
    return [type(value).__name__, value.hex() if isinstance(value, bytes) else value]


def rows(result):
    return [sorted((name, described(value)) for name, value in row.items()) for row in result]


def attempt(label, call):
    try:
        result = call()
    except Exception as error:  # pylint: disable=broad-except
        text = str(error).replace(FOLDER, "<folder>").replace(f"between 1 and {CPUS}.",
                                                              "between 1 and <cpus>.")
        print(label, "->", type(error).__name__, text.replace("\n", "\\n"))
        return None
    print(label, "->", rows(result) if isinstance(result, list) else repr(result))
    return result


def write(name, schema, data, shards=1, index=None):
    path = os.path.join(FOLDER, name)
    writer = FileWriter(path, shards, overwrite=True)
    writer.add_schema(schema, "schema")
    if index is not None:
        writer.add_index(index)
    writer.write_raw_data(data)
    writer.commit()
    return path


SCHEMA = {"file_name": {"type": "string"}, "label": {"type": "int32"},
          "score": {"type": "float64"}, "data": {"type": "bytes"},
          "mask": {"type": "int32", "shape": [2, 2]}}
DATA = [{"file_name": f"{i % 4}.jpg", "label": i % 3, "score": i / 2, "data": bytes([i, 7]),
         "mask": np.full((2, 2), i, np.int32)} for i in range(10)]

one = write("one", SCHEMA, [dict(row) for row in DATA], index=["file_name", "label", "score"])
page = MindPage(one)
print("candidate_fields ->", page.candidate_fields)
print("category_field before ->", page.category_field)
attempt("info before", page.read_category_info)
attempt("by id before", lambda: page.read_at_page_by_id(0, 0, 1))
attempt("by name before", lambda: page.read_at_page_by_name("1.jpg", 0, 1))
for field in ("file_name", "label", "score"):
    page.category_field = field
    print(f"category_field {field} ->", page.category_field)
    attempt(f"info {field}", page.read_category_info)
    for args in ((0, 0, 1), (1, 0, 5), (1, 1, 2), (2, 5, 2), (0, 0, 100)):
        attempt(f"by id {field} {args}", lambda: page.read_at_page_by_id(*args))
for args in (("1.jpg", 0, 5), ("1.jpg", 1, 2), ("3.jpg", 2, 1), ("abc.jpg", 0, 1)):
    page.category_field = "file_name"
    attempt(f"by name file_name {args}", lambda: page.read_at_page_by_name(*args))
page.category_field = "label"
for name in ("2", "2.0", "x"):
    attempt(f"by name label {name}", lambda: page.read_at_page_by_name(name, 0, 10))
page.category_field = "score"
for name in ("1.5", "1", "2.0", "2"):
    attempt(f"by name score {name}", lambda: page.read_at_page_by_name(name, 0, 10))
page.category_field = "label"
for args in ((4, 0, 1), (3, 0, 1), (99, 0, 1), (-1, 0, 1), ("0", 0, 1), (0, "0", 1), (0, -1, 1),
             (0, 0, 0), (0, 0, "1"), (True, 0, 1), (0.0, 0, 1)):
    attempt(f"by id errors {args}", lambda: page.read_at_page_by_id(*args))
for args in ((2, 0, 1), ("2", -1, 1), ("2", 0, 0), ("2", 0.0, 1), (None, 0, 1)):
    attempt(f"by name errors {args}", lambda: page.read_at_page_by_name(*args))
for field in ("", None, 1, "data", "mask", "nothing", ["label"]):
    def set_field(field=field):
        page.category_field = field
        return page.category_field
    attempt(f"set category_field {field!r}", set_field)
print("category_field after errors ->", page.category_field)

default = write("default", SCHEMA, [dict(row) for row in DATA])
page = MindPage(default)
print("default candidate_fields ->", page.candidate_fields)
page.category_field = "label"
attempt("default info label", page.read_category_info)

four = write("four", SCHEMA, [dict(row) for row in DATA[:8]], shards=4, index=["label", "file_name"])
page = MindPage(four + "0")
print("four candidate_fields ->", page.candidate_fields)
page.category_field = "file_name"
attempt("four info file_name", page.read_category_info)
attempt("four by id", lambda: page.read_at_page_by_id(1, 0, 10))
attempt("four by name", lambda: page.read_at_page_by_name("2.jpg", 0, 10))
attempt("four by name page 1", lambda: page.read_at_page_by_name("2.jpg", 1, 1))
page = MindPage([four + "2", four + "0"])
page.category_field = "label"
attempt("four list info label", page.read_category_info)
attempt("four list by id", lambda: page.read_at_page_by_id(0, 0, 10))

plain = write("plain", {"label": {"type": "int64"}, "name": {"type": "string"}},
              [{"label": i, "name": f"n{i}"} for i in range(3)], index=["label"])
page = MindPage(plain)
print("plain candidate_fields ->", page.candidate_fields)
page.category_field = "label"
attempt("plain by id", lambda: page.read_at_page_by_id(2, 0, 1))

blob_only = write("blob_only", {"data": {"type": "bytes"}}, [{"data": b"a"}, {"data": b"b"}])
attempt("blob only candidate_fields", lambda: MindPage(blob_only).candidate_fields)

attempt("missing", lambda: MindPage(os.path.join(FOLDER, "missing")))
os.remove(four + "1")
attempt("missing shard", lambda: MindPage(four + "0"))
os.remove(one + ".db")
attempt("missing db", lambda: MindPage(one))
for args in ((default, None), (default, "2"), (default, 0), (default, 1.0), (default, 10000)):
    attempt(f"num_consumer {args[1]!r}", lambda: MindPage(*args).candidate_fields)
for name in ("", None, 3, "a/", "a?b"):
    attempt(f"file_name {name!r}", lambda: MindPage(name))

for name in ("MRMDefineCategoryError", "MRMGetMetaError", "MRMReadCategoryInfoError",
             "MRMFetchDataError", "MRMFetchCandidateFieldsError", "MRMInitSegmentError",
             "MRMUnsupportedSchemaError", "MRMOpenForAppendError", "DbConnectionError"):
    cls = getattr(mindrecord, name)
    try:
        print(f"error {name} ->", str(cls()))
    except TypeError:
        print(f"error {name} detail ->", str(cls("why")))
shutil.rmtree(FOLDER)
