"""`mindspore.dataset.text`'s SentencePiece API on the `sentencepiece` package: SentencePieceVocab
(trained from files or a dataset's columns, saved as a `.model` file), SentencePieceTokenizer,
and the SentencePieceModel / SPieceTokenizerOutType / SPieceTokenizerLoadType enumerations.

MindSpore 2.10 builds SentencePiece 0.1.98 into its dataset engine and trains with only the input,
an empty model prefix, the model type, the vocabulary size, the character coverage and the
user's `params` (each as the trainer's ``--name=value`` flag). With the sentencepiece package at
that version (constraints.txt pins it) msjax's trained models are MindSpore's byte for byte, so
their tokens and ids are too; other versions train UNIGRAM models a little differently (BPE, CHAR
and WORD come out the same). A model file is read by any version alike. Golden:
tests/goldens/dataset/sentencepiece_probe.txt (tests/goldens/scripts/dataset_sentencepiece_probe.py).

One difference: MindSpore loads a model path given without a folder ("m.model") from the root
("/m.model") and fails; msjax reads it from the current directory.
"""
from __future__ import annotations

import enum
import os

import numpy as np

from msjax._src.dataset.rows import pipeline_error
from msjax._src.dataset.transform_base import TensorOperation, TransformError, check_int_type

_VOCAB_CLASS = "<class 'mindspore.dataset.text.utils.SentencePieceVocab'>"


class SentencePieceModel(enum.IntEnum):
    """`mindspore.dataset.text.SentencePieceModel`: the subword algorithm a vocab is trained with."""
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerOutType(enum.IntEnum):
    """`mindspore.dataset.text.SPieceTokenizerOutType`: tokens as strings or as int32 ids."""
    STRING = 0
    INT = 1


class SPieceTokenizerLoadType(enum.IntEnum):
    """`mindspore.dataset.text.SPieceTokenizerLoadType`: a model from a file or a vocab object."""
    FILE = 0
    MODEL = 1


def _sentencepiece():
    # sentencepiece (a C++ extension) is loaded when a vocab is trained or a model read, not by
    # `import msjax.dataset`.
    import sentencepiece  # pylint: disable=import-outside-toplevel
    return sentencepiece


def _type_error(name, value, expected):
    return TypeError(f"Argument {name} with value {value} is not of type [{expected}], but got "
                     f"{type(value)}.")


def _check_training_arguments(vocab_size, character_coverage, model_type, params):
    if vocab_size is not None:
        check_int_type(vocab_size, "vocab_size")
        if not 0 <= vocab_size <= 4294967295:
            raise ValueError("Input vocab_size is not within the required interval of "
                             "[0, 4294967295].")
    if character_coverage is not None and not isinstance(character_coverage, float):
        raise _type_error("character_coverage", character_coverage, "<class 'float'>")
    if model_type is not None and not isinstance(model_type, (str, SentencePieceModel)):
        raise _type_error("model_type", model_type,
                          "<class 'str'>, <enum 'SentencePieceModel'>")
    if params is not None and not isinstance(params, dict):
        raise _type_error("params", params, "<class 'dict'>")
    if not isinstance(model_type, SentencePieceModel):
        # MindSpore's check takes a string, then its engine refuses it in pybind11's words.
        raise TypeError("from_file(): incompatible function arguments. The following argument "
                        "types are supported:\n    msjax: model_type must be a "
                        "text.SentencePieceModel; MindSpore 2.10 accepts a string in its argument "
                        "check and then refuses it here.")


def _train(vocab_size, character_coverage, model_type, params, **source) -> bytes:
    """A trained model's bytes, with the arguments MindSpore's engine gives the trainer."""
    sentencepiece = _sentencepiece()
    model = _BytesWriter()
    options = {"model_prefix": "", "model_type": model_type.name.lower(),
               "vocab_size": vocab_size, "character_coverage": character_coverage}
    options.update({str(k): str(v) for k, v in (params or {}).items()})
    try:
        sentencepiece.SentencePieceTrainer.train(**source, **options, model_writer=model,
                                                 minloglevel=2)
    except (RuntimeError, OSError, ValueError) as error:
        raise TransformError(f"SentencePieceVocab: {_without_status(error)}") from None
    return model.getvalue()


def _without_status(error) -> str:
    """SentencePiece's message without its status code ("Internal: ", "Not found: ", ...)."""
    message = str(error)
    for status in ("Internal: ", "Not found: ", "Invalid argument: ", "Out of range: ",
                   "Failed precondition: ", "Unknown: "):
        if message.startswith(status):
            return message[len(status):]
    return message


class _BytesWriter:
    """The file-like object the trainer writes the model into."""

    def __init__(self):
        self._parts = []

    def write(self, data):
        self._parts.append(bytes(data))

    def getvalue(self) -> bytes:
        return b"".join(self._parts)


class SentencePieceVocab:
    """`mindspore.dataset.text.SentencePieceVocab`: a trained SentencePiece model."""

    def __init__(self):
        self.model_proto = None  # the serialised model (MindSpore: c_sentence_piece_vocab)

    @classmethod
    def from_dataset(cls, dataset, col_names, vocab_size, character_coverage, model_type, params):
        """Trained on the strings of `dataset`'s columns `col_names`, one sentence per string."""
        if col_names is not None:
            if not isinstance(col_names, list):
                raise _type_error("col_names", col_names, "<class 'list'>")
            for i, name in enumerate(col_names):
                if not isinstance(name, str):
                    raise _type_error(f"col_names[{i}]", name, "<class 'str'>")
        if vocab_size is None:
            raise TypeError("vocab_size must be provided.")
        _check_training_arguments(vocab_size, character_coverage, model_type, params)

        def sentences():
            names = col_names or dataset.get_col_names()
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
                for name in names:
                    for value in np.asarray(row[name]).reshape(-1).tolist():
                        yield value.decode("utf-8") if isinstance(value, bytes) else str(value)
        vocab = cls()
        vocab.model_proto = _call(lambda: _train(vocab_size, character_coverage, model_type,
                                                 params, sentence_iterator=sentences()))
        return vocab

    @classmethod
    def from_file(cls, file_path, vocab_size, character_coverage, model_type, params):
        """Trained on the lines of the files `file_path` (a list of paths)."""
        if file_path is not None and not isinstance(file_path, list):
            raise _type_error("file_path", file_path, "<class 'list'>")
        _check_training_arguments(vocab_size, character_coverage, model_type, params)
        vocab = cls()
        vocab.model_proto = _call(lambda: _train(vocab_size, character_coverage, model_type,
                                                 params, input=",".join(file_path)))
        return vocab

    @classmethod
    def save_model(cls, vocab, path, filename):
        """Writes `vocab`'s model to `path`/`filename` (a `.model` file any SentencePiece reads)."""
        if vocab is not None and not isinstance(vocab, SentencePieceVocab):
            raise _type_error("vocab", vocab, _VOCAB_CLASS)
        if path is not None and not isinstance(path, str):
            raise _type_error("path", path, "<class 'str'>")
        if filename is not None and not isinstance(filename, str):
            raise _type_error("filename", filename, "<class 'str'>")
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab.model_proto)


def _call(function):
    """`function()`, its TransformError raised as MindSpore's pipeline RuntimeError."""
    try:
        return function()
    except TransformError as error:
        raise pipeline_error(str(error), "SentencePieceVocab") from None


class SentencePieceTokenizer(TensorOperation):
    """`mindspore.dataset.text.SentencePieceTokenizer(mode, out_type)`: one string split into its
    pieces, as strings or int32 ids; `mode` a SentencePieceVocab or a `.model` file's path (read
    at the first call)."""

    def __init__(self, mode, out_type):
        if not isinstance(mode, (str, SentencePieceVocab)):
            raise _type_error("mode is not an instance of str or text.SentencePieceVocab.", mode,
                              f"<class 'str'>, {_VOCAB_CLASS}")
        if not isinstance(out_type, SPieceTokenizerOutType):
            raise _type_error("out_type is not an instance of SPieceTokenizerOutType", out_type,
                              "<enum 'SPieceTokenizerOutType'>")
        self.mode, self.out_type = mode, out_type
        self._processor = None

    def _load(self):
        if self._processor is None:
            if isinstance(self.mode, SentencePieceVocab):
                proto = self.mode.model_proto
            else:
                if not os.path.isfile(self.mode):
                    raise TransformError(f"The file {self.mode} does not exist.")
                with open(self.mode, "rb") as f:
                    proto = f.read()
            processor = _sentencepiece().SentencePieceProcessor()
            try:
                processor.LoadFromSerializedProto(proto)
            except (RuntimeError, OSError) as error:
                raise TransformError(f"SentencePieceTokenizer: load vocab model file: {self.mode} "
                                     f"failed.") from error
            self._processor = processor
        return self._processor

    def implementation(self, text):
        text = np.asarray(text)
        if text.ndim != 0 or text.dtype.kind != "U":
            raise TransformError("SentencePieceTokenizer: the input shape should be scalar and "
                                 "the input datatype should be string.")
        processor = self._load()
        if self.out_type == SPieceTokenizerOutType.INT:
            return np.asarray(processor.EncodeAsIds(str(text)), np.int32)
        pieces = processor.EncodeAsPieces(str(text))
        return np.asarray(pieces, dtype=str) if pieces else np.asarray([], dtype="<U1")
