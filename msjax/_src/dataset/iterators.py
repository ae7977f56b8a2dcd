"""`create_tuple_iterator` / `create_dict_iterator`: rows as msjax Tensors (or NumPy arrays).

An iterator serves `num_epochs` epochs (-1: any number); each ``for`` loop over it is one epoch,
read from a Grain pipeline built for that epoch (a new shuffle every epoch, the same sequence of
epochs for a given ``dataset.config.set_seed``). Grain's read threads and prefetch buffer (for
random-access pipelines) or its background prefetch thread (for streams such as generator
functions) keep rows coming while the consumer computes; an abandoned iterator's threads end with
it.
"""
from __future__ import annotations

import weakref

import numpy as np

from msjax._src.dataset.callbacks import IteratorCallbacks
from msjax._src.dataset.rows import SYNTAX_HEADER, pipeline_error, python_dict
from msjax._src.core.numpy_view import from_numpy
from msjax._src.core.tensor import Tensor


def _python_value(value, to_numpy: bool):
    """A Python-object column's value as the iterators hand it out, as MindSpore converts it:
    numbers, strings and arrays become NumPy arrays (`to_numpy`) or Tensors (strings stay
    arrays), inside dicts, tuples and lists, recursively; anything else is handed out as it is."""
    if isinstance(value, dict):
        return {key: _python_value(item, to_numpy) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return type(value)(_python_value(item, to_numpy) for item in value)
    if isinstance(value, (int, float, bool, str, bytes, np.ndarray, np.generic)):
        array = np.array(value)
        return array if to_numpy or array.dtype.kind in "USO" else from_numpy(array)
    return value


def _as_numpy(array: np.ndarray):
    """A column as the NumPy array MindSpore's iterators hand out: Int64 arrays come from its C++
    tensors typed ``long long``, so they print their dtype (``array(0, dtype=int64)``)."""
    held = python_dict(array)
    if held is not None:
        return _python_value(held, True)
    if isinstance(array, np.ndarray) and array.dtype.type is np.int64 and np.int64 is not np.longlong:
        return array.view(np.longlong)
    return array


def _as_tensor(array: np.ndarray):
    """A column as a Tensor sharing a copy of the row's array, as MindSpore's iterators hand out
    Tensors sharing their rows' memory (so they print with NumPy's layout, ``value= [1., 1.]``);
    a copy, since a row from worker processes' shared memory is released once converted. Strings
    stay NumPy arrays."""
    if isinstance(array, Tensor):
        return array  # a Tensor already (made from a worker's shared block)
    held = python_dict(array)
    if held is not None:
        return _python_value(held, False)
    if array.dtype.kind in "USO":
        return array  # strings
    return from_numpy(np.array(array))


# The iterators made so far (weak references), so that `_cleanup` can release them all, as the
# teardown of MindSpore's dataset tests (and a user's process exit) does.
ITERATORS_LIST: list = []
_ITERATOR_CLEANUP = False


def _set_iterator_cleanup():
    """Mark that the iterators are being released (MindSpore's flag of the same name)."""
    global _ITERATOR_CLEANUP
    _ITERATOR_CLEANUP = True


def _unset_iterator_cleanup():
    """Clear the mark `_set_iterator_cleanup` sets."""
    global _ITERATOR_CLEANUP
    _ITERATOR_CLEANUP = False


def check_iterator_cleanup():
    """Whether the iterators are being released."""
    return _ITERATOR_CLEANUP


def _cleanup():
    """Release every iterator still alive, newest first (`stop`: its pipelines and their worker
    processes end); dead references are dropped from the list."""
    _set_iterator_cleanup()
    for ref in reversed(ITERATORS_LIST):
        iterator = ref()
        if iterator is not None:
            iterator.stop()
    ITERATORS_LIST[:] = [ref for ref in ITERATORS_LIST if ref() is not None]


class _EpochIterator:
    def __init__(self, dataset, num_epochs, output_numpy):
        if isinstance(num_epochs, bool) or not isinstance(num_epochs, int):
            raise TypeError(f"Argument num_epochs with value {num_epochs!r} is not of type "
                            f"[<class 'int'>], but got {type(num_epochs)}.")
        if num_epochs < 1 and num_epochs != -1:
            raise pipeline_error(f"RootNode: num_epochs should be either -1 or positive integer, "
                                 f"num_epochs: {num_epochs}", "iterator", SYNTAX_HEADER)
        self._dataset = dataset
        self._columns = dataset.get_col_names()
        # Columns named "_meta-..." (a source's extra_metadata) are listed by get_col_names but
        # left out of the rows, as MindSpore's iterators leave them out.
        self._kept = [i for i, name in enumerate(self._columns) if not name.startswith("_meta-")]
        if len(self._kept) == len(self._columns):
            self._kept = None
        else:
            self._columns = [self._columns[i] for i in self._kept]
        self._num_epochs = num_epochs
        self._output_numpy = output_numpy
        self._seed = dataset._pipeline_seed()
        # `set_init_step`: the first pass is epoch `init_step // size` less its first rows
        init_step = dataset.get_init_step()
        size = dataset.get_dataset_size() if init_step else 0
        self._first_epoch, self._skip = divmod(init_step, size) if size > 0 else (0, 0)
        self._epoch = 0
        self._rows = None
        self._epochs = None
        self._callbacks = IteratorCallbacks()  # the maps' DSCallbacks (callbacks.py)
        ITERATORS_LIST[:] = [ref for ref in ITERATORS_LIST if ref() is not None]
        ITERATORS_LIST.append(weakref.ref(self))

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            if self._num_epochs != -1 and self._epoch >= self._num_epochs:
                raise pipeline_error("EOF buffer encountered. User tries to fetch data beyond the "
                                     "specified number of epochs.", "iterator")
            if self._epochs is None:
                count = 1 if self._num_epochs == -1 else self._num_epochs - self._epoch
                self._epochs = self._dataset._epochs_rows(self._seed, self._first_epoch + self._epoch,
                                                          count, not self._output_numpy,
                                                          self._callbacks)
            self._rows = next(self._epochs, None)
            if self._rows is None:
                self._epochs = None
                self._rows = self._dataset._epoch_rows(self._seed, self._first_epoch + self._epoch,
                                                       for_tensors=not self._output_numpy,
                                                       callbacks=self._callbacks)
            if self._epoch == 0 and self._skip:
                for _ in range(self._skip):
                    next(self._rows, None)
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            self._epoch += 1
            self._callbacks.end_epoch()
            raise
        except BaseException:
            self._rows = None
            self._epochs = None
            raise
        if self._kept is not None:
            row = [row[i] for i in self._kept]
        if self._output_numpy:
            return self._shape([_as_numpy(column) for column in row])
        return self._shape([_as_tensor(column) for column in row])

    def get_next(self):
        """The next row (as ``next(iterator)``)."""
        return next(self)

    def stop(self):
        """Stop reading: the Grain pipelines of the current and coming epochs are released (their
        worker processes stopped, their shared blocks removed)."""
        self._rows = None
        self._epochs = None

    def _shape(self, columns):
        return columns


class TupleIterator(_EpochIterator):
    """MindSpore's ``TupleIterator``: each row a list of Tensors."""


class DictIterator(_EpochIterator):
    """MindSpore's ``DictIterator``: each row a dict column name -> Tensor."""

    def _shape(self, columns):
        return dict(zip(self._columns, columns))
