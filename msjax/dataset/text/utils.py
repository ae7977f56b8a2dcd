"""`mindspore.dataset.text.utils`."""
# ruff: noqa: F401
from msjax._src.dataset.text import Lookup as Lookup
from msjax._src.dataset.text import Vocab as Vocab
from msjax._src.dataset.text import to_bytes as to_bytes
from msjax._src.dataset.text import to_str as to_str
