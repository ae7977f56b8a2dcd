"""`mindspore.dataset.text.utils`."""
# ruff: noqa: F401
from msjax._src.dataset.text_vectors import CharNGram as CharNGram
from msjax._src.dataset.text_vectors import FastText as FastText
from msjax._src.dataset.text_vectors import GloVe as GloVe
from msjax._src.dataset.text_jieba import JiebaMode as JiebaMode
from msjax._src.dataset.text_tokenizers import NormalizeForm as NormalizeForm
from msjax._src.dataset.text_sentencepiece import SentencePieceModel as SentencePieceModel
from msjax._src.dataset.text_sentencepiece import SentencePieceVocab as SentencePieceVocab
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerLoadType as SPieceTokenizerLoadType
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerOutType as SPieceTokenizerOutType
from msjax._src.dataset.text import to_bytes as to_bytes
from msjax._src.dataset.text import to_str as to_str
from msjax._src.dataset.text_vectors import Vectors as Vectors
from msjax._src.dataset.text import Vocab as Vocab

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
