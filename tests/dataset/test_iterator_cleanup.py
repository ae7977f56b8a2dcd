"""`mindspore.dataset.engine.iterators._cleanup`: every live iterator is released (MindSpore's
dataset tests call it in their conftest's teardown, with `_unset_iterator_cleanup`)."""
import gc

import numpy as np
import pytest

import msjax.dataset as ds
from msjax.dataset.engine import iterators


def _dataset():
    return ds.NumpySlicesDataset({"x": np.arange(6, dtype=np.int32)}, shuffle=False)


def test_cleanup_releases_live_iterators_and_sets_the_flag():
    it = _dataset().create_tuple_iterator(num_epochs=1, output_numpy=True)
    assert int(next(it)[0]) == 0
    assert it._rows is not None
    iterators._unset_iterator_cleanup()
    iterators._cleanup()
    assert iterators.check_iterator_cleanup() is True
    assert it._rows is None and it._epochs is None
    iterators._unset_iterator_cleanup()
    assert iterators.check_iterator_cleanup() is False


def test_dead_iterators_are_dropped_from_the_list():
    it = _dataset().create_dict_iterator(num_epochs=1)
    ref = iterators.ITERATORS_LIST[-1]
    assert ref() is it
    del it
    gc.collect()
    iterators._cleanup()
    iterators._unset_iterator_cleanup()
    assert all(r() is not None for r in iterators.ITERATORS_LIST)


@pytest.mark.parametrize("name", ["_cleanup", "_unset_iterator_cleanup", "_set_iterator_cleanup",
                                  "check_iterator_cleanup", "DictIterator", "TupleIterator"])
def test_mindspore_path_answers(name):
    import importlib
    mod = importlib.import_module("msjax.dataset.engine.iterators")
    assert callable(getattr(mod, name))
