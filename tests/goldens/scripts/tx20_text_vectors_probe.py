"""MindSpore 2.10 goldens for dataset.text's pre-trained word vectors: Vectors, GloVe, FastText and
CharNGram read from files (headers, uneven dimensions, empty files, max_vectors) and looked up by
ToVectors (unk_init, lower_case_backup, arrays of tokens), with the errors. The files are written
by the script. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tx20_text_vectors_probe.py \
        | grep " -> " > tests/goldens/dataset/tx20_text_vectors_probe.out
"""
import json
import os
import tempfile

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text

ROOT = tempfile.mkdtemp()
FILES = {
    "plain.txt": "ok 0.418 0.24968 -0.41242\n! 0.013441 0.23682 -0.16899 \nthis 1 2 3\nIs 4 5 6\n",
    "header.txt": "4 3\nok 1 2 3\nthe 4 5 6\nThe 7 8 9\n, 1.5 2.5 3.5\n",
    "header_only.txt": "3 4\n",
    "mid_header.txt": "a 1 2 3\nb 4 5 6\n6 6 \nc 7 8 9\n",
    "dim_diff.txt": "a 1 2 3\nb 4 5\nc 7 8 9\n",
    "dim_more.txt": "a 1 2\nb 4 5 6\n",
    "one_dim.txt": "a 1\nb 2\n",
    "empty.txt": "",
    "blank_lines.txt": "\n\na 1 2\nb 3 4\n",
    "blank_middle.txt": "a 1 2\n\nb 3 4\n",
    "duplicate.txt": "a 1 2\na 3 4\nb 5 6\n",
    "double_space.txt": "a  1 2\nb 3 4\n",
    "tabs.txt": "a\t1\t2\nb\t3\t4\n",
    "crlf.txt": "a 1 2\r\nb 3 4\r\n",
    "crlf_trailing.txt": "a 1 2\r\nb 3 4 \r\nc 5 6\t\r\n",
    "tab_inside.txt": "a 1 2 3\nb 4\t5 6\n",
    "bad_number.txt": "a 1 x\nb 3 4\n",
    "exp.txt": "a 1e-3 -2E2\nb inf nan\n",
    "glove.6B.50d.txt": "the 0.1 0.2\nof 0.3 0.4\nto 0.5 0.6\n",
    "glove.6B.bad.vec": "the 0.1 0.2\n",
    "fast.vec": "2 2\nthe 0.1 0.2\nof 0.3 0.4\n",
    "fast.txt": "the 0.1 0.2\n",
    "charngram.txt": ("1gram-t 1 2\n1gram-h 3 4\n1gram-e 5 6\n2gram-#BEGIN#t 1 1\n2gram-th 2 2\n"
                     "2gram-he 3 3\n2gram-e#END# 4 4\n3gram-#BEGIN#th 1 0\n3gram-the 0 1\n"
                     "4gram-#BEGIN#the 2 2\n4gram-the#END# 6 6\n2gram-to 7 7\n1gram-T 9 9\n"),
}
for name, content in FILES.items():
    with open(os.path.join(ROOT, name), "w", encoding="utf-8", newline="") as file:
        file.write(content)


def path(name):
    return os.path.join(ROOT, name)


def result_json(value):
    if isinstance(value, (tuple, list)):
        return [result_json(v) for v in value]
    array = np.asarray(value)
    values = np.round(array.astype(np.float64), 5).tolist() if array.dtype.kind == "f" else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def lookups(kind, name, tokens, max_vectors=None, unk_init=None, lower_case_backup=False):
    vectors = kind.from_file(path(name), max_vectors=max_vectors)
    op = text.ToVectors(vectors, unk_init=unk_init, lower_case_backup=lower_case_backup)
    return [op(token) for token in tokens]


def in_pipeline(kind, name, tokens):
    op = text.ToVectors(kind.from_file(path(name)))
    dataset = ds.NumpySlicesDataset({"x": tokens}, shuffle=False).map(op, ["x"])
    return [row[0] for row in dataset.create_tuple_iterator(output_numpy=True)]


WORDS = ["ok", "!", "this", "is", "Is", "IS", "the", "The", "THE", ",", "none", "a", "b", "c"]
CASES = {}
for name in ("plain.txt", "header.txt", "mid_header.txt", "blank_lines.txt", "blank_middle.txt",
             "duplicate.txt", "double_space.txt", "tabs.txt", "crlf.txt", "crlf_trailing.txt",
             "tab_inside.txt", "bad_number.txt", "exp.txt",
             "dim_diff.txt", "dim_more.txt", "one_dim.txt", "empty.txt", "header_only.txt"):
    CASES[f"Vectors {name}"] = lambda n=name: lookups(text.Vectors, n, WORDS)
    CASES[f"Vectors {name} lower"] = lambda n=name: lookups(text.Vectors, n, WORDS, lower_case_backup=True)
    for max_vectors in (0, 1, 2, 3, 100):
        CASES[f"Vectors {name} max {max_vectors}"] = lambda n=name, m=max_vectors: lookups(
            text.Vectors, n, WORDS, max_vectors=m)

CASES.update({
    "Vectors unk_init": lambda: lookups(text.Vectors, "plain.txt", ["none", "ok"], unk_init=[-1, -1, -1]),
    "Vectors unk_init tuple floats": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init=(0.5, 1, 2.5)),
    "Vectors unk_init short": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init=[-1, -1]),
    "Vectors unk_init short known": lambda: lookups(text.Vectors, "plain.txt", ["ok"], unk_init=[-1, -1]),
    "Vectors unk_init empty": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init=[]),
    "Vectors unk_init str": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init="abc"),
    "Vectors unk_init item str": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init=[1, "a", 2]),
    "Vectors unk_init item bool": lambda: lookups(text.Vectors, "plain.txt", ["none"], unk_init=[1, True, 2]),
    "Vectors 1-D tokens": lambda: lookups(text.Vectors, "plain.txt", [np.array(["ok", "none", "this"])]),
    "Vectors 2-D tokens": lambda: lookups(text.Vectors, "plain.txt", [np.array([["ok", "none"], ["this", "!"]])]),
    "Vectors empty 1-D": lambda: lookups(text.Vectors, "plain.txt", [np.array([], dtype=str)]),
    "Vectors bytes token": lambda: lookups(text.Vectors, "plain.txt", [np.array(b"ok")]),
    "Vectors number token": lambda: lookups(text.Vectors, "plain.txt", [1.0]),
    "Vectors int array token": lambda: lookups(text.Vectors, "plain.txt", [np.array([1, 2])]),
    "Vectors lower_case_backup str": lambda: lookups(text.Vectors, "plain.txt", ["ok"], lower_case_backup="True"),
    "Vectors max -1": lambda: text.Vectors.from_file(path("plain.txt"), max_vectors=-1),
    "Vectors max float": lambda: text.Vectors.from_file(path("plain.txt"), max_vectors=1.0),
    "Vectors max str": lambda: text.Vectors.from_file(path("plain.txt"), max_vectors="1"),
    "Vectors max bool": lambda: text.Vectors.from_file(path("plain.txt"), max_vectors=True),
    "Vectors max huge": lambda: text.Vectors.from_file(path("plain.txt"), max_vectors=2 ** 31),
    "Vectors path not str": lambda: text.Vectors.from_file(1),
    "Vectors missing file": lambda: text.Vectors.from_file(path("missing.txt")),
    "Vectors directory": lambda: text.Vectors.from_file(ROOT),
    "ToVectors not vectors": lambda: text.ToVectors("abc"),
    "ToVectors vocab": lambda: text.ToVectors(text.Vocab.from_list(["a"])),
    "Vectors in pipeline": lambda: in_pipeline(text.Vectors, "plain.txt", ["ok", "none", "this"]),
    "Vectors type": lambda: type(text.Vectors.from_file(path("plain.txt"))).__name__,
    "GloVe lookups": lambda: lookups(text.GloVe, "glove.6B.50d.txt", ["the", "of", "none", "The"]),
    "GloVe lower": lambda: lookups(text.GloVe, "glove.6B.50d.txt", ["THE"], lower_case_backup=True),
    "GloVe max 1": lambda: lookups(text.GloVe, "glove.6B.50d.txt", ["the", "of"], max_vectors=1),
    "GloVe wrong name": lambda: text.GloVe.from_file(path("plain.txt")),
    "GloVe wrong suffix": lambda: text.GloVe.from_file(path("glove.6B.bad.vec")),
    "GloVe missing": lambda: text.GloVe.from_file(path("glove.6B.missing.txt")),
    "GloVe missing other name": lambda: text.GloVe.from_file(path("missing.txt")),
    "GloVe type": lambda: [type(text.GloVe.from_file(path("glove.6B.50d.txt"))).__name__,
                           isinstance(text.GloVe.from_file(path("glove.6B.50d.txt")), text.Vectors)],
    "FastText lookups": lambda: lookups(text.FastText, "fast.vec", ["the", "of", "none"]),
    "FastText max 1": lambda: lookups(text.FastText, "fast.vec", ["the", "of"], max_vectors=1),
    "FastText wrong suffix": lambda: text.FastText.from_file(path("fast.txt")),
    "FastText missing": lambda: text.FastText.from_file(path("missing.vec")),
    "FastText missing txt": lambda: text.FastText.from_file(path("missing.txt")),
    "FastText max -1": lambda: text.FastText.from_file(path("fast.vec"), max_vectors=-1),
    "CharNGram lookups": lambda: lookups(text.CharNGram, "charngram.txt", ["the", "The", "THE", "to", "t", "x", "", "th"]),
    "CharNGram lower": lambda: lookups(text.CharNGram, "charngram.txt", ["The", "THE", "x"], lower_case_backup=True),
    "CharNGram unk": lambda: lookups(text.CharNGram, "charngram.txt", ["x", "the"], unk_init=[9, 9]),
    "CharNGram unk short": lambda: lookups(text.CharNGram, "charngram.txt", ["x", "the"], unk_init=[9]),
    "CharNGram max 5": lambda: lookups(text.CharNGram, "charngram.txt", ["the", "to"], max_vectors=5),
    "CharNGram 1-D": lambda: lookups(text.CharNGram, "charngram.txt", [np.array(["the", "to"])]),
    "CharNGram missing": lambda: text.CharNGram.from_file(path("missing.txt")),
    "CharNGram header": lambda: lookups(text.CharNGram, "header.txt", ["ok"]),
})

for label, case in CASES.items():
    try:
        result = case()
        if not (isinstance(result, str) or (isinstance(result, list) and result
                                             and isinstance(result[0], (str, bool)))):
            result = result_json(result)
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error).replace(ROOT, "ROOT")}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False)}")
