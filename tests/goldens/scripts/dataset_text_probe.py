"""MindSpore 2.10 goldens for the dataset.text tokenizers and string ops real code uses
(BertTokenizer, BasicTokenizer, WordpieceTokenizer, UnicodeCharTokenizer, ToNumber,
TruncateSequencePair), each called eagerly and in a pipeline. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_text_probe.py \
        | grep " -> " > tests/goldens/dataset/text_probe.txt
"""
import json

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.text as text

VOCAB_WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hello", "world", "un", "##aff",
               "##able", "the", "cat", "!", ",", ".", "床", "前", "明", "月", "光", "é", "cafe",
               "ca", "##fe", "running", "run", "##ning", "[unused1]"]
VOCAB = text.Vocab.from_list(VOCAB_WORDS)
SENTENCES = ["Hello World!", "unaffable  the cat,", "床前明月光", "Café RUNNING",
             "  tabs\tand\nnewlines ", "[CLS] hello [SEP] [unused1] [MASK]", "naïve $5 a-b",
             "", "x\u200by\x00z"]


def result_json(value):
    if isinstance(value, (tuple, list)):
        return [result_json(v) for v in value]
    array = np.asarray(value)
    if array.dtype.kind in "US":
        return {"dtype": "str", "shape": list(array.shape), "values": array.astype(str).tolist()}
    values = np.round(array.astype(np.float64), 5).tolist() if array.dtype.kind == "f" else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def in_pipeline(operation, data, out_columns=None):
    dataset = ds.NumpySlicesDataset({"x": data}, shuffle=False).map(operation, ["x"], out_columns)
    return [row for row in dataset.create_tuple_iterator(output_numpy=True)]


CASES = {}
for i, sentence in enumerate(SENTENCES):
    CASES[f"BasicTokenizer {i}"] = lambda s=sentence: text.BasicTokenizer()(s)
    CASES[f"BasicTokenizer lower {i}"] = lambda s=sentence: text.BasicTokenizer(lower_case=True)(s)
    CASES[f"BasicTokenizer keep whitespace {i}"] = lambda s=sentence: text.BasicTokenizer(
        keep_whitespace=True)(s)
    CASES[f"BasicTokenizer no preserve {i}"] = lambda s=sentence: text.BasicTokenizer(
        preserve_unused_token=False)(s)
    CASES[f"BertTokenizer {i}"] = lambda s=sentence: text.BertTokenizer(VOCAB)(s)
    CASES[f"BertTokenizer lower {i}"] = lambda s=sentence: text.BertTokenizer(VOCAB, lower_case=True)(s)
    CASES[f"UnicodeCharTokenizer {i}"] = lambda s=sentence: text.UnicodeCharTokenizer()(s)
    # with_offsets=True: the tokens, then their UTF-8 byte offsets_start and offsets_limit.
    if i != 5:  # lower_case with special tokens: MindSpore's defect (see the tests)
        CASES[f"BasicTokenizer lower offsets {i}"] = lambda s=sentence: text.BasicTokenizer(
            lower_case=True, with_offsets=True)(s)
        CASES[f"BertTokenizer lower offsets {i}"] = lambda s=sentence: text.BertTokenizer(
            VOCAB, lower_case=True, with_offsets=True)(s)
    CASES[f"BasicTokenizer offsets {i}"] = lambda s=sentence: text.BasicTokenizer(
        with_offsets=True)(s)
    CASES[f"BasicTokenizer keep whitespace offsets {i}"] = lambda s=sentence: text.BasicTokenizer(
        keep_whitespace=True, with_offsets=True)(s)
    CASES[f"BertTokenizer offsets {i}"] = lambda s=sentence: text.BertTokenizer(
        VOCAB, with_offsets=True)(s)
    CASES[f"UnicodeCharTokenizer offsets {i}"] = lambda s=sentence: text.UnicodeCharTokenizer(
        with_offsets=True)(s)
CASES.update({
    "WordpieceTokenizer offsets": lambda: text.WordpieceTokenizer(VOCAB, with_offsets=True)(
        ["unaffable", "running", "xyz", "café"]),
    "WordpieceTokenizer unknown empty offsets": lambda: text.WordpieceTokenizer(
        VOCAB, unknown_token="", with_offsets=True)(["xyz", "hello"]),
    "BasicTokenizer NFKC offsets": lambda: text.BasicTokenizer(
        normalization_form=text.NormalizeForm.NFKC, with_offsets=True)("ﬁx ① a"),
    "BertTokenizer offsets in pipeline": lambda: in_pipeline(
        text.BertTokenizer(VOCAB, lower_case=True, with_offsets=True),
        ["Hello World!", "the unaffable cat."], ["token", "offsets_start", "offsets_limit"]),
    "BasicTokenizer offsets in pipeline, one output column": lambda: in_pipeline(
        text.BasicTokenizer(with_offsets=True), ["ab c"]),
    "UnicodeCharTokenizer with_offsets not bool": lambda: text.UnicodeCharTokenizer(1),
    "BasicTokenizer with_offsets not bool": lambda: text.BasicTokenizer(with_offsets="x"),
    "WordpieceTokenizer with_offsets not bool": lambda: text.WordpieceTokenizer(
        VOCAB, with_offsets=None),
    "BertTokenizer with_offsets not bool": lambda: text.BertTokenizer(VOCAB, with_offsets=0),
    "BasicTokenizer offsets rank 1": lambda: text.BasicTokenizer(with_offsets=True)(
        np.array(["a b", "c"])),
    "BertTokenizer unknown empty": lambda: text.BertTokenizer(VOCAB, unknown_token="")("zzz hello"),
    "BertTokenizer max bytes": lambda: text.BertTokenizer(VOCAB, max_bytes_per_token=4)("hello cat"),
    "BertTokenizer in pipeline": lambda: in_pipeline(text.BertTokenizer(VOCAB, lower_case=True),
                                                     ["Hello World!", "the unaffable cat."]),
    "BertTokenizer then Lookup": lambda: in_pipeline(
        [text.BertTokenizer(VOCAB, lower_case=True), text.Lookup(VOCAB, "[UNK]")],
        ["Hello World!", "the zebra cat."]),
    "WordpieceTokenizer": lambda: text.WordpieceTokenizer(VOCAB)(["unaffable", "running", "xyz"]),
    "WordpieceTokenizer suffix": lambda: text.WordpieceTokenizer(
        text.Vocab.from_list(["a", "@@b"]), suffix_indicator="@@")(["ab", "b"]),
    "UnicodeCharTokenizer in pipeline": lambda: in_pipeline(text.UnicodeCharTokenizer(), ["ab c", "床前"]),
    "ToNumber int32": lambda: text.ToNumber(ms.int32)(np.array(["1", "-20", "300"])),
    "ToNumber float32": lambda: text.ToNumber(ms.float32)(np.array(["1.5", "-2e3"])),
    "ToNumber uint8 overflow": lambda: text.ToNumber(ms.uint8)(np.array(["300"])),
    "ToNumber bad": lambda: text.ToNumber(ms.int32)(np.array(["abc"])),
    "TruncateSequencePair": lambda: text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6])),
    "TruncateSequencePair short": lambda: text.TruncateSequencePair(10)(np.array([1, 2]), np.array([3])),
    "TruncateSequencePair uneven": lambda: text.TruncateSequencePair(5)(np.array([1, 2, 3, 4, 5, 6]),
                                                                        np.array([7, 8])),
    "TruncateSequencePair strings": lambda: text.TruncateSequencePair(3)(np.array(["a", "b"]),
                                                                         np.array(["c", "d"])),
})

for label, case in CASES.items():
    try:
        result = result_json(case())
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error)}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False)}")
