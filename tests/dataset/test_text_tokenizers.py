"""dataset.text tokenizers and string ops against MindSpore 2.10.

tests/goldens/scripts/dataset_text_probe.py runs unchanged on msjax; each case must give
MindSpore's tokens, dtype and shape (goldens: tests/goldens/dataset/text_probe.txt), errors its type
and ``[ERROR]`` sentence. Two documented differences (see msjax/_src/dataset/text_tokenizers.py):
MindSpore repeats parts of the sentence for lower_case with preserved special tokens, and its
WordpieceTokenizer(with_offsets=True) leaves stray offsets for words it gives up on.
"""
import json

import numpy as np
import pytest

from msjax.dataset import text
from tests.dataset.test_augment import _error_sentence
from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("dataset/text_probe.txt")
MINDSPORE_DEFECT = {  # label -> what msjax gives instead (special tokens kept whole)
    "BasicTokenizer lower 5": ["[CLS]", "hello", "[SEP]", "[unused1]", "[MASK]"],
    "BertTokenizer lower 5": ["[CLS]", "hello", "[SEP]", "[unused1]", "[MASK]"],
}
# MindSpore's WordpieceTokenizer keeps the offsets of the pieces it matched in a word it then
# gives up on ("café": "ca", then no "##fé"), so its offset columns are longer than its tokens
# (7 offsets for 6 tokens). msjax gives one offset pair per token.
MINDSPORE_OFFSETS_DEFECT = {
    "WordpieceTokenizer offsets": ([0, 2, 5, 0, 0, 0], [2, 5, 9, 7, 3, 5]),
}


@pytest.fixture(scope="module")
def msjax_results():
    return run_script_on_msjax("dataset_text_probe.py")


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_text_op_matches_mindspore(label, msjax_results):
    want, got = json.loads(EXPECTED[label]), json.loads(msjax_results[label])
    if label in MINDSPORE_DEFECT:
        assert got["values"] == MINDSPORE_DEFECT[label]
        return
    if label in MINDSPORE_OFFSETS_DEFECT:
        assert got[0] == want[0]
        assert (got[1]["values"], got[2]["values"]) == MINDSPORE_OFFSETS_DEFECT[label]
        assert got[1]["dtype"] == got[2]["dtype"] == want[1]["dtype"] == "uint32"
        return
    if isinstance(want, dict) and "error" in want:
        assert got["error"] == want["error"]
        assert _error_sentence(got["message"]) == _error_sentence(want["message"])
        return
    assert got == want


def test_offsets_slice_the_utf8_bytes_of_each_token():
    sentence = "Café,  naïve 床前 [CLS] x"
    tokens, starts, limits = text.BasicTokenizer(with_offsets=True)(sentence)
    encoded = sentence.encode("utf-8")
    assert [encoded[s:e].decode("utf-8") for s, e in zip(starts, limits)] == tokens.tolist()
    assert starts.dtype == limits.dtype == np.uint32


def test_bert_tokens_feed_lookup_ids():
    vocab = text.Vocab.from_list(["[UNK]", "hi", "##s", "!"])
    tokens = text.BertTokenizer(vocab, lower_case=True)("His hi!")
    assert tokens.tolist() == ["hi", "##s", "hi", "!"]
    assert text.Lookup(vocab, "[UNK]")(tokens).tolist() == [1, 2, 1, 3]
    assert np.asarray(tokens).dtype.kind == "U"


TRUNCATE = golden_cases("dataset/truncate_probe.txt")


@pytest.mark.parametrize("label", sorted(TRUNCATE))
def test_text_truncate_as_mindspore(label):
    """text.Truncate (golden: tests/goldens/dataset/truncate_probe.txt, from
    tests/goldens/scripts/dataset_truncate_probe.py)."""
    assert run_script_on_msjax("dataset_truncate_probe.py")[label] == TRUNCATE[label]
