"""MindSpore 2.10's errors from mindrecord.FileReader and MindPage on damaged MindRecord files:
a shard or its .db index missing, a file or an index that is not one, empty files; and
FileWriter.add_index before add_schema.
Regenerate (from the project root) with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindrecord_damaged_files.py \
        | grep " -> " > tests/goldens/dataset/mindrecord/damaged_files.txt
"""
import os
import shutil
import tempfile

from mindspore.mindrecord import FileReader, FileWriter, MindPage

FOLDER = tempfile.mkdtemp()


def write(name, shards):
    path = os.path.join(FOLDER, name)
    writer = FileWriter(path, shards)
    writer.add_schema({"file_name": {"type": "string"}, "label": {"type": "int64"},
                       "data": {"type": "bytes"}}, "schema")
    writer.add_index(["file_name", "label"])
    writer.write_raw_data([{"file_name": f"{i}.jpg", "label": i, "data": bytes([i])}
                           for i in range(8)])
    writer.commit()
    return path


def attempt(label, path):
    for reader in (FileReader, MindPage):
        try:
            reader(path)
            result = "opened"
        except Exception as error:  # pylint: disable=broad-except
            text = str(error).replace(FOLDER, "<folder>")
            text = text.split("\n- C++ Call Stack")[0].replace("\n", "\\n")
            result = f"{type(error).__name__} {text}"
        print(f"{label} {reader.__name__} -> {result}")


for label, shard, suffixes in (("lack data and db of shard 3", 3, ("", ".db")),
                               ("lack data of shard 1", 1, ("",)),
                               ("lack data of shard 3", 3, ("",)),
                               ("lack db of shard 3", 3, (".db",)),
                               ("lack db of shard 1", 1, (".db",))):
    name = label.replace(" ", "_")
    base = write(name, 4)
    for suffix in suffixes:
        os.remove(f"{base}{shard}{suffix}")
    attempt(label, base + "0")

path = os.path.join(FOLDER, "not_mindrecord")
for suffix in ("", ".db"):
    with open(path + suffix, "w") as file:
        file.write("s" * 100)
attempt("not a mindrecord file", path)

path = write("not_an_index", 1)
os.remove(path + ".db")
with open(path + ".db", "w") as file:
    file.write("just for test")
attempt("not an index", path)

path = os.path.join(FOLDER, "empty")
for suffix in ("", ".db"):
    open(path + suffix, "w").close()
attempt("empty files", path)
try:
    FileWriter(os.path.join(FOLDER, "no_schema")).add_index(["label"])
except Exception as error:  # pylint: disable=broad-except
    print("add_index without add_schema ->", type(error).__name__, error)
shutil.rmtree(FOLDER)
