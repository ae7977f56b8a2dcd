"""mindspore.dataset.text's SentencePiece API (SentencePieceVocab.from_file / from_dataset /
save_model, SentencePieceTokenizer, SentencePieceModel, SPieceTokenizerOutType) under MindSpore
2.10: one `label -> result` line per case (golden: tests/goldens/dataset/sentencepiece_probe.txt).

    SPM_WORK=/tmp/spm_work mindspore-oracle tests/goldens/scripts/dataset_sentencepiece_probe.py

SPM_WORK: a folder for the corpus and the saved models, made the current directory so that every
path the cases name is relative (a saved model records its training file's path); the corpus is
written by `write_corpus` (tests/dataset/test_sentencepiece.py runs this script on msjax).
"""
import hashlib
import os

import numpy as np
import mindspore.dataset as ds
from mindspore.dataset import text
from mindspore.dataset.text import SentencePieceModel, SentencePieceVocab, SPieceTokenizerOutType

SENTENCES = ["I saw a girl with a telescope.", "The quick brown fox jumps over the lazy dog.",
             "Hello world, hello sentence pieces!", "Tokenizers split words into pieces.",
             "A telescope shows the stars; the stars shine.", "Das ist gut. Überall Grüße.",
             "numbers 12345 and 678 stay", "naïve café résumé"]
QUERIES = ["Hello world", "I saw a girl with a telescope.", "unseen zebra xylophone",
           "  spaced   out  ", "", "Grüße 123"]


def write_corpus():
    """The training text: SENTENCES, 20 times over, one a line, in ./corpus.txt."""
    path = "corpus.txt"
    with open(path, "w", encoding="utf-8") as f:
        for i in range(20):
            for sentence in SENTENCES:
                f.write(sentence + "\n")
    return path


def show(label, fn):
    try:
        value = fn()
        if isinstance(value, np.ndarray):
            value = f"{value.dtype} {value.shape} {value.tolist()}"
        print(f"{label} -> {value}")
    except Exception as error:  # pylint: disable=broad-except
        lines = str(error).splitlines()
        sentence = next((line for line in lines if line.startswith("[ERROR]")), lines[0])
        print(f"{label} -> {type(error).__name__}: {sentence}")


def main():
    work = os.environ.get("SPM_WORK", "/tmp/spm_work")
    os.makedirs(work, exist_ok=True)
    os.chdir(work)
    corpus = write_corpus()
    print(f"enum values -> {[(m.name, m.value) for m in SentencePieceModel]} "
          f"{[(t.name, t.value) for t in SPieceTokenizerOutType]}")
    vocabs = {}
    for model_type, size in ((SentencePieceModel.UNIGRAM, 60), (SentencePieceModel.BPE, 60),
                             (SentencePieceModel.CHAR, 40), (SentencePieceModel.WORD, 40)):
        name = model_type.name
        vocabs[name] = SentencePieceVocab.from_file([corpus], size, 0.9995, model_type, {})
        for out in (SPieceTokenizerOutType.STRING, SPieceTokenizerOutType.INT):
            tokenizer = text.SentencePieceTokenizer(vocabs[name], out_type=out)
            for query in QUERIES:
                show(f"{name} {out.name} {query!r}", lambda: tokenizer(query))
        SentencePieceVocab.save_model(vocabs[name], ".", f"{name}.model")
        from_path = text.SentencePieceTokenizer(f"./{name}.model",
                                                out_type=SPieceTokenizerOutType.INT)
        show(f"{name} from saved model file 'Hello world'", lambda: from_path("Hello world"))
    # a string model type, and params passed to the trainer
    show("from_file model_type 'bpe'", lambda: type(SentencePieceVocab.from_file(
        [corpus], 50, 1.0, "bpe", {})).__name__)
    # 1-D input, and in a pipeline
    tokenizer = text.SentencePieceTokenizer(vocabs["UNIGRAM"], SPieceTokenizerOutType.STRING)
    show("1-D input", lambda: tokenizer(np.array(["Hello world", "the stars"])))
    show("bytes input", lambda: tokenizer(np.array(b"Hello world")))
    show("int input", lambda: tokenizer(np.array(3)))
    data = ds.NumpySlicesDataset(["Hello world", "the lazy dog"], column_names=["text"],
                                 shuffle=False)
    data = data.map(text.SentencePieceTokenizer(vocabs["UNIGRAM"], SPieceTokenizerOutType.INT),
                    input_columns=["text"])
    show("pipeline INT", lambda: [row["text"].tolist() for row in
                                  data.create_dict_iterator(output_numpy=True)])
    data = ds.TextFileDataset(corpus, shuffle=False)
    show("from_dataset UNIGRAM 60", lambda: text.SentencePieceTokenizer(
        SentencePieceVocab.from_dataset(data, ["text"], 60, 0.9995, SentencePieceModel.UNIGRAM, {}),
        SPieceTokenizerOutType.STRING)("Hello world"))
    # argument errors
    show("mode int", lambda: text.SentencePieceTokenizer(3, SPieceTokenizerOutType.INT))
    show("out_type int", lambda: text.SentencePieceTokenizer(vocabs["BPE"], 1))
    show("missing model file", lambda: text.SentencePieceTokenizer(
        "missing.model", SPieceTokenizerOutType.INT)("a"))
    show("from_file path str", lambda: SentencePieceVocab.from_file(corpus, 60, 0.9995,
                                                                    SentencePieceModel.BPE, {}))
    show("from_file vocab_size -1", lambda: SentencePieceVocab.from_file(
        [corpus], -1, 0.9995, SentencePieceModel.BPE, {}))
    show("from_file coverage int", lambda: SentencePieceVocab.from_file(
        [corpus], 60, 1, SentencePieceModel.BPE, {}))
    show("from_file model_type int", lambda: SentencePieceVocab.from_file(
        [corpus], 60, 0.9995, 1, {}))
    show("from_file params list", lambda: SentencePieceVocab.from_file(
        [corpus], 60, 0.9995, SentencePieceModel.BPE, []))
    show("from_file vocab too large", lambda: SentencePieceVocab.from_file(
        [corpus], 5000, 0.9995, SentencePieceModel.UNIGRAM, {}))
    show("from_file missing file", lambda: SentencePieceVocab.from_file(
        ["nope.txt"], 60, 0.9995, SentencePieceModel.UNIGRAM, {}))
    show("from_file unknown param", lambda: SentencePieceVocab.from_file(
        [corpus], 60, 0.9995, SentencePieceModel.UNIGRAM, {"bogus": "1"}))
    show("from_file params split_by_whitespace", lambda: text.SentencePieceTokenizer(
        SentencePieceVocab.from_file([corpus], 60, 0.9995, SentencePieceModel.BPE,
                                     {"split_by_whitespace": "false"}),
        SPieceTokenizerOutType.STRING)("Hello world, the stars"))
    show("str input", lambda: tokenizer("the stars"))
    show("list input", lambda: tokenizer(["the stars"]))
    show("save_model vocab str", lambda: SentencePieceVocab.save_model("x", ".", "a.model"))
    show("save_model path int", lambda: SentencePieceVocab.save_model(vocabs["BPE"], 1, "a.model"))
    for name in vocabs:  # sentencepiece 0.1.98's trainer (pinned) writes the same bytes
        with open(f"{name}.model", "rb") as f:
            blob = f.read()
        print(f"saved {name}.model -> {len(blob)} bytes, sha256 {hashlib.sha256(blob).hexdigest()}")


if __name__ == "__main__":
    main()
