"""`mindspore.dataset.engine.iterators`: the dataset iterators and the release of live ones."""
from msjax._src.dataset.iterators import DictIterator as DictIterator
from msjax._src.dataset.iterators import ITERATORS_LIST as ITERATORS_LIST
from msjax._src.dataset.iterators import TupleIterator as TupleIterator
from msjax._src.dataset.iterators import _cleanup as _cleanup
from msjax._src.dataset.iterators import _set_iterator_cleanup as _set_iterator_cleanup
from msjax._src.dataset.iterators import _unset_iterator_cleanup as _unset_iterator_cleanup
from msjax._src.dataset.iterators import check_iterator_cleanup as check_iterator_cleanup
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
