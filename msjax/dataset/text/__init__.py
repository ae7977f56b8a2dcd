"""`mindspore.dataset.text`: the text basics (implementation in msjax/_src/dataset/text.py)."""
# ruff: noqa: F401
from msjax._src.dataset.text_ops import AddToken as AddToken
from msjax._src.dataset.text_tokenizers import BasicTokenizer as BasicTokenizer
from msjax._src.dataset.text_tokenizers import BertTokenizer as BertTokenizer
from msjax._src.dataset.text_ops import CaseFold as CaseFold
from msjax._src.dataset.text_vectors import CharNGram as CharNGram
from msjax._src.dataset.text_vectors import FastText as FastText
from msjax._src.dataset.text_ops import FilterWikipediaXML as FilterWikipediaXML
from msjax._src.dataset.text_vectors import GloVe as GloVe
from msjax._src.dataset.text_jieba import JiebaMode as JiebaMode
from msjax._src.dataset.text_jieba import JiebaTokenizer as JiebaTokenizer
from msjax._src.dataset.text import Lookup as Lookup
from msjax._src.dataset.text_ops import Ngram as Ngram
from msjax._src.dataset.text_tokenizers import NormalizeForm as NormalizeForm
from msjax._src.dataset.text_ops import NormalizeUTF8 as NormalizeUTF8
from msjax._src.dataset.text_ops import PythonTokenizer as PythonTokenizer
from msjax._src.dataset.text_ops import RegexReplace as RegexReplace
from msjax._src.dataset.text_ops import RegexTokenizer as RegexTokenizer
from msjax._src.dataset.text_sentencepiece import SentencePieceModel as SentencePieceModel
from msjax._src.dataset.text_sentencepiece import SentencePieceTokenizer as SentencePieceTokenizer
from msjax._src.dataset.text_sentencepiece import SentencePieceVocab as SentencePieceVocab
from msjax._src.dataset.text_ops import SlidingWindow as SlidingWindow
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerLoadType as SPieceTokenizerLoadType
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerOutType as SPieceTokenizerOutType
from msjax._src.dataset.text import to_bytes as to_bytes
from msjax._src.dataset.text import to_str as to_str
from msjax._src.dataset.text_numbers import ToNumber as ToNumber
from msjax._src.dataset.text_vectors import ToVectors as ToVectors
from msjax._src.dataset.text_tokenizers import Truncate as Truncate
from msjax._src.dataset.text_tokenizers import TruncateSequencePair as TruncateSequencePair
from msjax._src.dataset.text_tokenizers import UnicodeCharTokenizer as UnicodeCharTokenizer
from msjax._src.dataset.text_ops import UnicodeScriptTokenizer as UnicodeScriptTokenizer
from msjax._src.dataset.text_vectors import Vectors as Vectors
from msjax._src.dataset.text import Vocab as Vocab
from msjax._src.dataset.text_ops import WhitespaceTokenizer as WhitespaceTokenizer
from msjax._src.dataset.text_tokenizers import WordpieceTokenizer as WordpieceTokenizer

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
