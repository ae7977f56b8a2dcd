"""`mindspore.dataset.text`: the text basics (implementation in msjax/_src/dataset/text.py)."""
# ruff: noqa: F401
from msjax._src.dataset.text import Lookup as Lookup
from msjax._src.dataset.text_tokenizers import BasicTokenizer as BasicTokenizer
from msjax._src.dataset.text_tokenizers import BertTokenizer as BertTokenizer
from msjax._src.dataset.text_tokenizers import NormalizeForm as NormalizeForm
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerLoadType as SPieceTokenizerLoadType
from msjax._src.dataset.text_sentencepiece import SPieceTokenizerOutType as SPieceTokenizerOutType
from msjax._src.dataset.text_sentencepiece import SentencePieceModel as SentencePieceModel
from msjax._src.dataset.text_sentencepiece import SentencePieceTokenizer as SentencePieceTokenizer
from msjax._src.dataset.text_sentencepiece import SentencePieceVocab as SentencePieceVocab
from msjax._src.dataset.text_tokenizers import ToNumber as ToNumber
from msjax._src.dataset.text_tokenizers import Truncate as Truncate
from msjax._src.dataset.text_tokenizers import TruncateSequencePair as TruncateSequencePair
from msjax._src.dataset.text_tokenizers import UnicodeCharTokenizer as UnicodeCharTokenizer
from msjax._src.dataset.text_tokenizers import WordpieceTokenizer as WordpieceTokenizer
from msjax._src.dataset.text import Vocab as Vocab
from msjax._src.dataset.text import to_bytes as to_bytes
from msjax._src.dataset.text import to_str as to_str
from msjax._src.dataset.transforms import PadEnd as PadEnd

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
