"""MindSpore 2.10 goldens for dataset.text.Vocab and Lookup: from_list/from_file/from_dict with
their argument errors, tokens_to_ids/ids_to_tokens on lists, arrays and scalars, an empty Vocab,
and Lookup's unknown tokens and data types. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tx20_vocab_probe.py \
        | grep " -> " > tests/goldens/dataset/tx20_vocab_probe.out
"""
import json
import os
import tempfile

import numpy as np

import mindspore.common.dtype as mstype
import mindspore.dataset as ds
import mindspore.dataset.text as text

ROOT = tempfile.mkdtemp()
FILES = {"simple.txt": "w1\nw2\nw3\nw4\nw5\n", "csv.txt": "a,1\nb,2\nc,3\n", "dup.txt": "a\nb\na\n",
         "blank.txt": "a\n\nb\n", "spaces.txt": "a b\n c\nd \n", "empty.txt": ""}
for name, content in FILES.items():
    with open(os.path.join(ROOT, name), "w", encoding="utf-8") as file:
        file.write(content)


def path(name):
    return os.path.join(ROOT, name)


def table(vocab):
    return sorted(vocab.vocab().items(), key=lambda item: item[1])


def lookup(vocab, words, unknown=None, data_type=None):
    op = text.Lookup(vocab, unknown) if data_type is None else text.Lookup(vocab, unknown, data_type)
    dataset = ds.NumpySlicesDataset({"x": words}, shuffle=False).map(op, ["x"])
    return [[row[0].tolist(), str(row[0].dtype)] for row in dataset.create_tuple_iterator(output_numpy=True)]


W = ["w1", "w2", "w3"]
VOCAB = text.Vocab.from_list(W, special_tokens=["<unk>"], special_first=True)
CASES = {
    "from_list": lambda: table(text.Vocab.from_list(W)),
    "from_list special first": lambda: table(text.Vocab.from_list(W, ["s1", "s2"], True)),
    "from_list special last": lambda: table(text.Vocab.from_list(W, ["s1", "s2"], False)),
    "from_list duplicate": lambda: text.Vocab.from_list(["w1", "w1"], [], True),
    "from_list special duplicate": lambda: text.Vocab.from_list(["w1", "w2"], ["s1", "s1"], True),
    "from_list special in words": lambda: text.Vocab.from_list(["w1", "w2"], ["s1", "w1"], True),
    "from_list not list": lambda: text.Vocab.from_list("w1"),
    "from_list item not str": lambda: text.Vocab.from_list(["w1", 1]),
    "from_list special not list": lambda: text.Vocab.from_list(["w1"], "s1"),
    "from_list special_first not bool": lambda: text.Vocab.from_list(["w1"], ["s1"], 1),
    "from_list empty": lambda: table(text.Vocab.from_list([])),
    "from_list empty string": lambda: table(text.Vocab.from_list(["", "a"])),
    "from_file": lambda: table(text.Vocab.from_file(path("simple.txt"))),
    "from_file size 3 special last": lambda: table(text.Vocab.from_file(path("simple.txt"), vocab_size=3, special_tokens=["s1"], special_first=False)),
    "from_file special first": lambda: table(text.Vocab.from_file(path("simple.txt"), special_tokens=["s1", "s2"])),
    "from_file delimiter": lambda: table(text.Vocab.from_file(path("csv.txt"), ",")),
    "from_file no delimiter csv": lambda: table(text.Vocab.from_file(path("csv.txt"))),
    "from_file duplicate": lambda: text.Vocab.from_file(path("dup.txt")),
    "from_file blank": lambda: table(text.Vocab.from_file(path("blank.txt"))),
    "from_file spaces": lambda: table(text.Vocab.from_file(path("spaces.txt"))),
    "from_file space delimiter": lambda: table(text.Vocab.from_file(path("spaces.txt"), " ")),
    "from_file empty": lambda: table(text.Vocab.from_file(path("empty.txt"))),
    "from_file special duplicate": lambda: text.Vocab.from_file(path("simple.txt"), special_tokens=["s1", "s1"]),
    "from_file special in words": lambda: text.Vocab.from_file(path("simple.txt"), special_tokens=["w2"]),
    "from_file size 0": lambda: text.Vocab.from_file(path("simple.txt"), vocab_size=0),
    "from_file size -1": lambda: text.Vocab.from_file(path("simple.txt"), vocab_size=-1),
    "from_file size float": lambda: text.Vocab.from_file(path("simple.txt"), vocab_size=1.5),
    "from_file missing": lambda: text.Vocab.from_file(path("missing.txt")),
    "from_file path not str": lambda: text.Vocab.from_file(1),
    "from_file delimiter not str": lambda: text.Vocab.from_file(path("simple.txt"), 1),
    "from_dict": lambda: table(text.Vocab.from_dict({"home": 3, "behind": 2})),
    "from_dict negative": lambda: text.Vocab.from_dict({"home": -1, "behind": 0}),
    "from_dict not dict": lambda: text.Vocab.from_dict([("a", 1)]),
    "from_dict value not int": lambda: text.Vocab.from_dict({"a": 1.5}),
    "from_dict key not str": lambda: text.Vocab.from_dict({1: 1}),
    "from_dict same ids": lambda: table(text.Vocab.from_dict({"a": 1, "b": 1})),
    "tokens_to_ids list": lambda: VOCAB.tokens_to_ids(["w1", "w3"]),
    "tokens_to_ids unknown": lambda: VOCAB.tokens_to_ids(["w1", "w4"]),
    "tokens_to_ids str": lambda: VOCAB.tokens_to_ids("<unk>"),
    "tokens_to_ids str unknown": lambda: VOCAB.tokens_to_ids("hello"),
    "tokens_to_ids array": lambda: VOCAB.tokens_to_ids(np.array(["w1", "w3"])),
    "tokens_to_ids 0-d array": lambda: VOCAB.tokens_to_ids(np.array("w1")),
    "tokens_to_ids empty list": lambda: VOCAB.tokens_to_ids([]),
    "tokens_to_ids tuple": lambda: VOCAB.tokens_to_ids(("w1",)),
    "tokens_to_ids mixed": lambda: VOCAB.tokens_to_ids([1, "w3"]),
    "tokens_to_ids int": lambda: VOCAB.tokens_to_ids(999),
    "ids_to_tokens list": lambda: VOCAB.ids_to_tokens([2, 3]),
    "ids_to_tokens unknown": lambda: VOCAB.ids_to_tokens([2, 7]),
    "ids_to_tokens int": lambda: VOCAB.ids_to_tokens(0),
    "ids_to_tokens int unknown": lambda: VOCAB.ids_to_tokens(7),
    "ids_to_tokens array": lambda: VOCAB.ids_to_tokens(np.array([2, 3])),
    "ids_to_tokens 0-d array": lambda: VOCAB.ids_to_tokens(np.array(2)),
    "ids_to_tokens np int": lambda: VOCAB.ids_to_tokens(np.int64(1)),
    "ids_to_tokens str": lambda: VOCAB.ids_to_tokens("abc"),
    "ids_to_tokens mixed": lambda: VOCAB.ids_to_tokens([2, 1.2, "abc"]),
    "ids_to_tokens negative": lambda: VOCAB.ids_to_tokens(-2),
    "ids_to_tokens negative list": lambda: VOCAB.ids_to_tokens([1, -1]),
    "ids_to_tokens bool": lambda: VOCAB.ids_to_tokens(True),
    "empty vocab ids_to_tokens": lambda: text.Vocab().ids_to_tokens(2),
    "empty vocab tokens_to_ids": lambda: text.Vocab().tokens_to_ids(["w3"]),
    "empty vocab vocab": lambda: text.Vocab().vocab(),
    "Lookup": lambda: lookup(VOCAB, ["w1", "w3", "x"], "<unk>"),
    "Lookup int8": lambda: lookup(VOCAB, ["w1"], "<unk>", mstype.int8),
    "Lookup float32": lambda: lookup(VOCAB, ["x"], "<unk>", mstype.float32),
    "Lookup bool": lambda: lookup(VOCAB, ["w1", "<unk>"], "<unk>", mstype.bool_),
    "Lookup no unknown": lambda: lookup(VOCAB, ["x"]),
    "Lookup unknown not in vocab": lambda: lookup(VOCAB, ["x"], "unk"),
    "Lookup unknown not in vocab known word": lambda: lookup(VOCAB, ["w1"], "unk"),
    "Lookup unknown not str": lambda: text.Lookup(VOCAB, 123),
    "Lookup data_type str": lambda: text.Lookup(VOCAB, "<unk>", "tldr"),
    "Lookup data_type string": lambda: lookup(VOCAB, ["w1"], "<unk>", mstype.string),
    "Lookup data_type np": lambda: text.Lookup(VOCAB, "<unk>", np.int32),
    "Lookup vocab not vocab": lambda: text.Lookup(["w1"]),
    "Lookup eager": lambda: text.Lookup(text.Vocab.from_list(["a", "b"]))("b").tolist(),
    "Lookup eager array": lambda: text.Lookup(text.Vocab.from_list(["a", "b"]))(np.array([["a", "b"]])).tolist(),
    "Lookup eager number": lambda: text.Lookup(text.Vocab.from_list(["a", "b"]))(np.array([1])),
}

for label, case in CASES.items():
    try:
        result = case()
        if isinstance(result, tuple):
            result = list(result)
        if isinstance(result, dict):
            result = sorted(result.items())
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error).replace(ROOT, "ROOT")}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False, default=str)}")
