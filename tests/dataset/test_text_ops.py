"""dataset.text's string operations and word vectors against MindSpore 2.10.

tests/goldens/scripts/tx20_text_ops_probe.py and tx20_text_vectors_probe.py run unchanged on
msjax; each case must give MindSpore's values exactly (strings, uint32 offsets, float32 vectors
rounded to 5 decimals as the probe prints them: both sides parse the same decimal text with
strtof semantics, so there is no tolerance), dtypes and shapes, and for an error its type and
``[ERROR]`` sentence (or whole message). Documented differences, listed below: MindSpore's
RegexReplace/FilterWikipediaXML kernels write the results of a multi-string array joined into its
first element (msjax gives each string its own result), and ToVectors' TypeError names
MindSpore's C++ class where msjax names its own.
"""
import json

import numpy as np
import pytest

from msjax.dataset import text
from tests.dataset.test_augment import _error_sentence
from tests.golden_scripts import golden_cases, run_script_on_msjax

OPS = golden_cases("dataset/tx20_text_ops_probe.out")
VECTORS = golden_cases("dataset/tx20_text_vectors_probe.out")
# label -> what msjax gives: each string of the array filtered on its own.
MINDSPORE_ARRAY_DEFECT = {
    "RegexReplace array": [["bb", "bb"], ["cb", "x"]],
    "FilterWikipediaXML array": ["welcome to china", "", "abc"],
}
CLASS_NAME_IN_MESSAGE = {"ToVectors not vectors", "ToVectors vocab"}


@pytest.fixture(scope="module")
def ops_results():
    return run_script_on_msjax("tx20_text_ops_probe.py")


@pytest.fixture(scope="module")
def vectors_results():
    return run_script_on_msjax("tx20_text_vectors_probe.py")


def _assert_same(got_text, want_text):
    if got_text == want_text:
        return
    want, got = json.loads(want_text), json.loads(got_text)
    assert isinstance(want, dict) and "error" in want, (got_text, want_text)
    assert got["error"] == want["error"]
    assert _error_sentence(got["message"]) == _error_sentence(want["message"])


@pytest.mark.parametrize("label", sorted(OPS))
def test_text_op_matches_mindspore(label, ops_results):
    if label in MINDSPORE_ARRAY_DEFECT:
        assert json.loads(ops_results[label])["values"] == MINDSPORE_ARRAY_DEFECT[label]
        return
    _assert_same(ops_results[label], OPS[label])


@pytest.mark.parametrize("label", sorted(VECTORS))
def test_word_vectors_match_mindspore(label, vectors_results):
    if label in CLASS_NAME_IN_MESSAGE:
        got = json.loads(vectors_results[label])
        assert got["error"] == json.loads(VECTORS[label])["error"] == "TypeError"
        assert "is not of type [<class 'msjax._src.dataset.text_vectors._WordVectors'>]" in got["message"]
        return
    _assert_same(vectors_results[label], VECTORS[label])


def test_offsets_slice_the_utf8_bytes_of_each_token():
    sentence = "Café,  naïve 床前 ab1+"
    for tokenizer in (text.WhitespaceTokenizer(True), text.UnicodeScriptTokenizer(True, True),
                      text.RegexTokenizer(r"\s+", r"\s+", True)):
        tokens, starts, limits = tokenizer(sentence)
        encoded = sentence.encode("utf-8")
        assert [encoded[s:e].decode("utf-8") for s, e in zip(starts, limits)] == tokens.tolist()
        assert starts.dtype == limits.dtype == np.uint32


def test_script_table_gives_icu_scripts():
    from msjax._src.dataset.icu_regex import script_code
    assert [script_code(c) for c in "a中の!́Ж"] == ["Latn", "Hani", "Hira", "Zyyy", "Zinh", "Cyrl"]


def test_icu_properties_inside_and_outside_classes():
    from msjax._src.dataset.icu_regex import icu_pattern
    assert icu_pattern(r"[\p{Lu}\d]+").findall("abCD12ef") == ["CD12"]
    assert icu_pattern(r"\P{L}+").findall("ab, 1c") == [", 1"]
    assert icu_pattern(r"\p{Han}+").findall("x北京y") == ["北京"]
    assert icu_pattern(r"\x{4E2D}").findall("中国") == ["中"]


VOCAB = golden_cases("dataset/tx20_vocab_probe.out")
# MindSpore's pybind11 layer refuses a float vocab_size with its own TypeError (a dump of the C++
# signature); msjax's TypeError says which argument has which type.
PYBIND_MESSAGE = {"from_file size float"}


@pytest.fixture(scope="module")
def vocab_results():
    return run_script_on_msjax("tx20_vocab_probe.py")


@pytest.mark.parametrize("label", sorted(VOCAB))
def test_vocab_matches_mindspore(label, vocab_results):
    if label in PYBIND_MESSAGE:
        got = json.loads(vocab_results[label])
        assert got == {"error": "TypeError", "message": "Argument vocab_size with value 1.5 is not of "
                       "type [<class 'int'>], but got <class 'float'>."}
        return
    _assert_same(vocab_results[label], VOCAB[label])


TO_NUMBER = golden_cases("dataset/tx20_to_number_probe.out")


@pytest.fixture(scope="module")
def to_number_results():
    return run_script_on_msjax("tx20_to_number_probe.py")


@pytest.mark.parametrize("label", sorted(TO_NUMBER))
def test_to_number_matches_mindspore(label, to_number_results):
    _assert_same(to_number_results[label], TO_NUMBER[label])


JIEBA = golden_cases("dataset/tx20_jieba_probe.out")


@pytest.fixture(scope="module")
def jieba_results():
    return run_script_on_msjax("tx20_jieba_probe.py")


@pytest.mark.parametrize("label", sorted(JIEBA))
def test_jieba_tokenizer_matches_mindspore(label, jieba_results):
    _assert_same(jieba_results[label], JIEBA[label])
