"""dataset.LineReader: a text file's lines by 1-based number (readline, [], len), its argument
checks and errors."""
import inspect
import os
import tempfile

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def write(name, data):
    path = os.path.join(ROOT, name)
    with open(path, "wb") as file:
        file.write(data)
    return path


def show(label, make):
    try:
        print(label, "->", repr(make()))
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = (" ".join(lines_) or str(error).split("\n")[0]).replace(ROOT, "ROOT")
        print(label, "->", type(error).__name__, message[:200])


TEXT = write("text.txt", "first line\nsecond, with tail  \r\n\nfourth\u00e9\nlast without newline".encode("utf-8"))
EMPTY = write("empty.txt", b"")
ONE = write("one.txt", b"only\n")
show("signature", lambda: str(inspect.signature(ds.LineReader)))
reader = ds.LineReader(TEXT)
show("len()", reader.len)
show("len", lambda: len(reader))
for number in (1, 2, 3, 4, 5):
    show(f"readline {number}", lambda: reader.readline(number))
show("getitem 2", lambda: reader[2])
for bad in (0, -1, 6, "1", 1.0, True):
    show(f"readline {bad!r}", lambda: reader.readline(bad))
show("getitem 0", lambda: reader[0])
show("close", reader.close)
show("empty len", lambda: ds.LineReader(EMPTY).len())
show("empty readline", lambda: ds.LineReader(EMPTY).readline(1))
show("one", lambda: [ds.LineReader(ONE).len(), ds.LineReader(ONE).readline(1)])
show("missing", lambda: ds.LineReader(os.path.join(ROOT, "none.txt")))
show("folder", lambda: ds.LineReader(ROOT))
show("int", lambda: ds.LineReader(123))
