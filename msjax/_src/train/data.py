"""How `Model` reads a dataset: MindSpore's public dataset interface, or any iterable of tuples.

A MindSpore-style dataset (msjax's `mindspore.dataset`, or any object with the same methods) is
read through `get_dataset_size()` and `create_tuple_iterator` (`tuple_iterator`), one fresh
iterator per pass; a list, tuple or other re-iterable object of tuples is read by
iterating it (its size is `len()`). Each row becomes a tuple of Tensors.
"""
from __future__ import annotations

import inspect

import jax
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor, _wrap


def dataset_size(dataset) -> int:
    """The number of batches one pass over `dataset` yields."""
    if hasattr(dataset, "get_dataset_size"):
        return dataset.get_dataset_size()
    try:
        return len(dataset)
    except TypeError:
        raise TypeError("msjax: Model needs the number of batches of the dataset, but "
                        f"{type(dataset).__name__!r} has neither get_dataset_size() nor len(). Pass a "
                        "mindspore.dataset object, or a list (or other sized iterable) of tuples.") from None


def claim_for_training(dataset, model) -> None:
    """MindSpore's rule that a dataset trains one Model: the first `Model.train`/`fit` marks a
    MindSpore-style dataset with the Model's hash (MindSpore's `__model_hash__`), and another
    Model training on it raises MindSpore's RuntimeError. Lists and other plain iterables of rows
    are not MindSpore datasets and are not marked."""
    if not hasattr(dataset, "create_tuple_iterator"):
        return
    owner = getattr(dataset, "__model_hash__", None)
    if owner is None:
        dataset.__model_hash__ = hash(model)
    elif owner != hash(model):
        raise RuntimeError("The dataset object had been used in other model by model.train(...), "
                           "please create a new dataset.")


def _as_tensor(value):
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (np.ndarray, np.generic, jax.Array)):
        return _wrap(jax.device_put(value))
    if isinstance(value, (bool, int, float)):
        return _wrap(jax.device_put(np.asarray(value)))
    return value


def as_row(item) -> tuple:
    """One dataset row as a tuple of Tensors (a lone array or Tensor is a one-element row)."""
    if isinstance(item, dict):
        item = tuple(item.values())
    elif not isinstance(item, (tuple, list)):
        item = (item,)
    return tuple(_as_tensor(value) for value in item)


def tuple_iterator(dataset, num_epochs: int):
    """`dataset.create_tuple_iterator` for `num_epochs` passes. A dataset whose method takes
    `output_numpy` (msjax's and MindSpore's datasets) is asked for NumPy rows (no device copy
    before a row is batched); any other is called as MindSpore's Model calls it,
    `create_tuple_iterator(num_epochs=..., do_copy=True)`, as the mock datasets of MindSpore's
    tests expect."""
    create = dataset.create_tuple_iterator
    try:
        takes_numpy = "output_numpy" in inspect.signature(create).parameters
    except (TypeError, ValueError):  # (a callable without a signature)
        takes_numpy = False
    if takes_numpy:
        return create(num_epochs=num_epochs, output_numpy=True)
    return create(num_epochs=num_epochs, do_copy=True)


def iterate_items(dataset):
    """One pass over `dataset`, as it yields its rows (NumPy arrays for a MindSpore dataset)."""
    if hasattr(dataset, "create_tuple_iterator"):
        return iter(tuple_iterator(dataset, 1))
    return iter(dataset)


def reset_pass(dataset):
    """`dataset.reset()`, which MindSpore's Model calls after each pass it reads (a training
    epoch, an evaluation); a list of rows or another object without `reset` has nothing to
    reset."""
    reset = getattr(dataset, "reset", None)
    if callable(reset):
        reset()


def iterate_rows(dataset):
    """One pass over `dataset`, as tuples of Tensors."""
    for item in iterate_items(dataset):
        yield as_row(item)


def epochs_of_rows(dataset, count: int):
    """`count` passes over `dataset`, each an iterator of tuples of Tensors. A MindSpore dataset
    is read by one iterator over all of them, as MindSpore's Model reads it: each epoch has its
    own shuffle, and a `set_init_step` resumes where it says. Other objects (a list of rows, a
    duck-typed dataset whose iterators make one pass) are read afresh each epoch."""
    if not hasattr(dataset, "get_init_step"):
        for _ in range(count):
            yield iterate_rows(dataset)
        return
    iterator = tuple_iterator(dataset, count)
    for _ in range(count):
        yield (as_row(item) for item in iterator)


def as_host_row(item) -> tuple:
    """One dataset row as a tuple of host (NumPy) arrays, for stacking into a sink chunk."""
    if isinstance(item, dict):
        item = tuple(item.values())
    elif not isinstance(item, (tuple, list)):
        item = (item,)
    return tuple(x.asnumpy() if isinstance(x, Tensor) else np.asarray(x) for x in item)


def endless_host_rows(dataset):
    """Host rows of `dataset`, pass after pass (the sink's view: a chunk may cross a pass's end).
    A MindSpore dataset is read by one iterator over all its epochs, iterated again for each
    pass, as MindSpore's Model reads it: each epoch has its own shuffle (a new iterator would
    start the first epoch's order again). An iterator that ends anyway (another object's, or a
    mock's that makes one pass) is followed, after `dataset.reset()` as MindSpore's CPU Model
    calls it after each epoch, by a new one."""
    endless = tuple_iterator(dataset, -1) if hasattr(dataset, "get_init_step") else None
    while True:
        empty = True
        for item in endless if endless is not None else iterate_items(dataset):
            row = as_host_row(item)
            empty = False
            yield row
        if empty:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        reset_pass(dataset)



def construct_tensor_list(types, shapes, batch_expand_num=1):
    """`mindspore.train._utils._construct_tensor_list`: zero Tensors of a dataset's column
    `types` and `shapes` (the first dimension times `batch_expand_num`), as MindSpore builds the
    inputs that compile a network before its first batch; each is marked `virtual_flag`."""
    if len(types) != len(shapes):
        raise ValueError(f"The length of dataset types must be equal to dataset shapes, but got "
                         f"dataset types={types} and dataset shapes={shapes}")
    tensors = []
    for type_, shape in zip(types, shapes):
        shape = tuple(size * batch_expand_num if i == 0 else size for i, size in enumerate(shape))
        tensor = Tensor(np.zeros(shape, mstype.dtype_to_nptype(type_)), dtype=type_)
        tensor.virtual_flag = True
        tensors.append(tensor)
    return tensors


def construct_input_tensors(dataset_types, dataset_shapes, device_number=1):
    """`mindspore.train._utils._construct_input_tensors`: (the run's input Tensors, the compile's
    with the batch times `device_number`)."""
    return (construct_tensor_list(dataset_types, dataset_shapes),
            construct_tensor_list(dataset_types, dataset_shapes, device_number))
