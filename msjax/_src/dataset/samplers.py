"""`mindspore.dataset` samplers: which rows of a random-access source are read, in what order.

A sampler turns a source's length into a Grain ``MapDataset`` of row indices. The random orders
of RandomSampler, DistributedSampler and SubsetRandomSampler are MindSpore's own, drawn from the
pipeline seed and the epoch as its C++ samplers draw them (cpp_orders.py); the source then reads
its rows through Grain's ``map`` over those indices, so Grain's read threads fetch rows in
parallel.
"""
from __future__ import annotations

import enum
import math

import numpy as np

from msjax._src.dataset import config
from msjax._src.dataset.cpp_orders import CumulativeShuffle, uniform_draws
from msjax._src.dataset.rows import pipeline_error, user_code_error


def _grain():
    import grain  # pylint: disable=import-outside-toplevel
    return grain


class Shuffle(str, enum.Enum):
    """`mindspore.dataset.Shuffle`: a shuffle mode. Samplers show theirs as MindSpore's do
    (``DistributedSampler(shuffle=True).shuffle`` is ``Shuffle.GLOBAL``); the file datasets
    shuffle their rows globally for GLOBAL and INFILE, and FILES keeps rows in order within each
    file's turn."""
    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def _check_num_samples(num_samples):
    """`num_samples` as given (0, like None, means every row: see `Sampler._limit`)."""
    if num_samples is None:
        return None
    if isinstance(num_samples, bool) or not isinstance(num_samples, int):
        raise TypeError(f"num_samples must be integer but was: {num_samples!r}.")
    if num_samples < 0:
        raise ValueError(f"num_samples exceeds the boundary between 0 and 9223372036854775807"
                         f"(INT64_MAX)!")
    return num_samples


def _unsupported_mode(mode):
    return RuntimeError(f"The shuffle mode: {mode} is not supported with current dataset.")


class Sampler:
    """`mindspore.dataset.Sampler`: the base of samplers; a user's subclass defines ``__iter__``
    yielding row indices and may read ``self.dataset_size``."""

    def __init__(self, num_samples=None):
        if num_samples is None and hasattr(type(self), "__len__"):  # a user's sampler's length
            num_samples = len(self)
        self.num_samples = _check_num_samples(num_samples)
        self.dataset_size = 0
        self.child_sampler = None

    def __iter__(self):
        raise NotImplementedError("A user-defined Sampler must define __iter__ yielding indices.")

    def add_child(self, sampler):
        """`Sampler.add_child`: rows are first chosen by `sampler`, then by this sampler (once:
        a second child is refused, as MindSpore refuses it)."""
        if self.child_sampler is not None:
            raise RuntimeError("Cannot add child sampler, this sampler already has a child.")
        if sampler is not None and sampler.get_shuffle_mode() is Shuffle.PARTIAL:
            raise RuntimeError("When multiple samplers are used, ensure that the shuffle of the "
                               "input sampler must not be Shuffle.PARTIAL.")
        check_parent_shuffle(self, "current")
        self.child_sampler = sampler

    def get_shuffle_mode(self):
        """`Sampler.get_shuffle_mode`: how this sampler shuffles (`Shuffle.FALSE` for one that
        keeps its rows' order)."""
        return Shuffle.FALSE

    def get_num_samples(self):
        """`Sampler.get_num_samples`."""
        return self.num_samples or None

    def _limit(self, count: int) -> int:
        return min(count, self.num_samples) if self.num_samples else count

    def size(self, length: int) -> int:
        """The number of indices drawn from a source of `length` rows: a user's sampler's
        `num_samples` (or length) when it has one, else as many as it yields."""
        if self.num_samples:
            return self.num_samples
        self.dataset_size = length
        return sum(1 for _ in self)

    def index_dataset(self, length: int, seed: int, epoch: int = 0):
        """The indices for a source of `length` rows as a Grain ``MapDataset``, in epoch `epoch`
        (0-based) of a pipeline seeded `seed`. A user's sampler yielding fewer indices than its
        `num_samples` (or length) fails as MindSpore's GeneratorDataset does."""
        self.dataset_size = length
        indices = np.fromiter((int(i) for i in self), np.int64)
        if self.num_samples:
            if len(indices) < self.num_samples:
                raise user_code_error(f"The actual amount of data read from generator "
                                      f"{len(indices)} is different from generator.len "
                                      f"{self.num_samples}")
            indices = indices[:self.num_samples]
        return _grain().MapDataset.source(indices)


def check_parent_shuffle(sampler, role: str) -> None:
    """MindSpore's rule for a sampler drawing from another's rows (`add_child`,
    `Dataset.add_sampler`): its shuffle is Shuffle.FALSE or Shuffle.GLOBAL. `role` names it in
    the message as MindSpore does ("current" or "input")."""
    mode = sampler.get_shuffle_mode()
    if mode not in (Shuffle.GLOBAL, Shuffle.FALSE):
        raise RuntimeError(f"When multiple samplers are used, ensure that the shuffle of the "
                           f"{role} sampler must be Shuffle.FALSE or Shuffle.GLOBAL, but got: "
                           f"{mode}.")


class IterSampler(Sampler):
    """`mindspore.dataset.IterSampler(sampler, num_samples=None)`: the indices an iterable (not a
    `Sampler`) yields; its `len()`, when it has one, is the number of samples."""

    def __init__(self, sampler, num_samples=None):
        if num_samples is None and hasattr(sampler, "__len__"):
            num_samples = len(sampler)
        super().__init__(num_samples)
        self.sampler = sampler

    def __iter__(self):
        return iter(self.sampler)


def chained_indices(sampler, length: int, seed: int, epoch: int = 0):
    """`sampler`'s indices for a source of `length` rows, through its chain of children
    (`Sampler.add_child`): the child picks rows of the source, the sampler picks among the
    child's picks (positions in the child's list), as MindSpore chains them."""
    child = getattr(sampler, "child_sampler", None)  # (a source's own read order has none)
    if child is None:
        return sampler.index_dataset(length, seed, epoch)
    picked = chained_indices(child, length, seed, epoch)
    picked = np.fromiter((int(picked[i]) for i in range(len(picked))), np.int64)
    positions = sampler.index_dataset(len(picked), seed, epoch)
    return _grain().MapDataset.source(
        picked[np.fromiter((int(positions[i]) for i in range(len(positions))), np.int64)])


def chained_size(sampler, length: int) -> int:
    """The number of rows `sampler`, with its chain of children, reads of `length` rows."""
    child = getattr(sampler, "child_sampler", None)  # (a source's own read order has none)
    return sampler.size(length if child is None else chained_size(child, length))


class SequentialSampler(Sampler):
    """`mindspore.dataset.SequentialSampler(start_index=None, num_samples=None)`."""

    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        self.start_index = start_index  # None: 0, as MindSpore shows it

    def index_dataset(self, length, seed, epoch=0):
        start = self.start_index or 0
        stop = min(length, start + self.num_samples) if self.num_samples else length
        return _grain().MapDataset.range(start, stop)

    def size(self, length):
        return len(self.index_dataset(length, 0))


class RandomSampler(Sampler):
    """`mindspore.dataset.RandomSampler(replacement=False, num_samples=None)`: MindSpore's
    seeded random order (each epoch the last one shuffled again), or draws with replacement."""

    def __init__(self, replacement=False, num_samples=None, shuffle=Shuffle.GLOBAL):
        super().__init__(num_samples)
        if shuffle not in (Shuffle.ADAPTIVE, Shuffle.GLOBAL, Shuffle.PARTIAL, Shuffle.FILES,
                           Shuffle.INFILE):
            raise TypeError(f"shuffle must be valid shuffle mode but was: {shuffle}.")
        self.shuffle = shuffle
        self.replacement = replacement
        self._orders = CumulativeShuffle()

    def get_shuffle_mode(self):
        return self.shuffle

    def index_dataset(self, length, seed, epoch=0):
        if self.shuffle is not Shuffle.GLOBAL:  # as MindSpore, when the pipeline is built
            raise _unsupported_mode(self.shuffle)
        count = self._limit(length)
        if self.replacement:
            indices = uniform_draws(seed + epoch, count, length - 1) if length else []
        else:
            indices = self._orders.order(range(length), seed, epoch)[:count]
        return _grain().MapDataset.source(np.asarray(indices, np.int64))

    def size(self, length):
        return self._limit(length)


class DistributedSampler(Sampler):
    """`mindspore.dataset.DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=None,
    offset=-1)`: shard `shard_id` reads rows ``shard_id, shard_id + num_shards, ...`` of the
    (shuffled) order, wrapping around so that every shard reads ``ceil(rows / num_shards)``.
    With an `offset` (other than -1) the rows are dealt as if `offset` rows came first: shard
    `shard_id` reads the positions ``p`` with ``(p + offset) % num_shards == shard_id``, without
    wrapping; a shard left with none reads row 0 once, as MindSpore 2.10's does.

    As in MindSpore, the `seed` attribute is ``dataset.config.get_seed()`` when the sampler is
    made (5489 without ``set_seed``) and stays so; the shuffles are seeded with ``seed + 1`` (the
    seed MindSpore gives the C++ sampler of each copy of the pipeline it runs, so every iterator
    draws the same orders), ``+ e`` in epoch ``e``. `shuffle` shows as ``Shuffle.GLOBAL`` or
    ``Shuffle.FALSE``."""

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        if not isinstance(shuffle, bool) and shuffle not in tuple(Shuffle):
            raise TypeError(f"shuffle must be a boolean value or valid shuffle mode but was: "
                            f"{shuffle}.")
        super().__init__(num_samples)
        check_shards(num_shards, shard_id)
        self.num_shards = num_shards
        self.shard_id = shard_id
        if isinstance(shuffle, bool):
            shuffle = Shuffle.GLOBAL if shuffle else Shuffle.FALSE
        self.shuffle = shuffle
        self.seed = config.get_seed()
        self.offset = offset
        self._orders = CumulativeShuffle()

    def get_shuffle_mode(self):
        return self.shuffle

    def size(self, length):
        if not length:
            return 0
        if self.offset == -1:
            return self._limit(math.ceil(length / self.num_shards))
        return self._limit(max(self._offset_count(length), 1))

    def _offset_count(self, length):
        """The rows this shard reads with an `offset` (MindSpore's count, before num_samples)."""
        if self.offset > self.num_shards:
            raise pipeline_error(f"DistributedSampler: offset must be no more than num_shards"
                                 f"({self.num_shards}), but got: {self.offset}", "DistributedSampler")
        count = (length + self.offset) // self.num_shards
        count += self.shard_id < (length + self.offset) % self.num_shards
        return count - (self.shard_id < self.offset)

    def _positions(self, length):
        if self.offset == -1:
            return (self.shard_id + np.arange(self.size(length)) * self.num_shards) % length
        count = self._limit(self._offset_count(length))
        if count <= 0:
            return None  # MindSpore's sampler sends row 0 for an empty shard (unshuffled)
        first = 1 if self.shard_id < self.offset else 0  # (its first position would be before 0)
        steps = np.arange(first, first + count)
        return (steps * self.num_shards + self.shard_id - self.offset) % length

    def index_dataset(self, length, seed, epoch=0):
        if self.shuffle not in (Shuffle.FALSE, Shuffle.GLOBAL):  # as MindSpore, when built
            raise _unsupported_mode(self.shuffle)
        if not length:
            return _grain().MapDataset.source(np.arange(0))
        positions = self._positions(length)
        if positions is None:
            return _grain().MapDataset.source(np.zeros(1, np.int64))
        sampler_seed = self.seed + 1  # the C++ sampler's; UINT32_MAX means the pipeline seed
        first_seed = seed if sampler_seed == 2 ** 32 - 1 else sampler_seed
        order = (self._orders.order(range(length), first_seed, epoch)
                 if self.shuffle is Shuffle.GLOBAL else np.arange(length))
        return _grain().MapDataset.source(order[positions])


class SubsetSampler(Sampler):
    """`mindspore.dataset.SubsetSampler(indices, num_samples=None)`: these rows, in this order."""

    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        indices = [int(i) for i in indices]
        self.indices = indices[:num_samples] if num_samples else indices  # as MindSpore keeps them

    def index_dataset(self, length, seed, epoch=0):
        for index in self.indices:
            if not 0 <= index < length:
                raise pipeline_error(f"Sample ID ({index}) is out of bound, expected range "
                                     f"[0, {length - 1}]", type(self).__name__)
        return _grain().MapDataset.source(np.asarray(self.indices[:self._limit(len(self.indices))],
                                                     np.int64))

    def size(self, length):
        return self._limit(len(self.indices))


class SubsetRandomSampler(SubsetSampler):
    """`mindspore.dataset.SubsetRandomSampler(indices, num_samples=None)`: these rows (the first
    `num_samples` of them), shuffled as MindSpore does: each epoch shuffles the last epoch's
    order again with a generator seeded with the pipeline seed."""

    def __init__(self, indices, num_samples=None):
        super().__init__(indices, num_samples)
        self._orders = CumulativeShuffle(same_seed=True)

    def get_shuffle_mode(self):
        return Shuffle.GLOBAL

    def index_dataset(self, length, seed, epoch=0):
        chosen = super().index_dataset(length, seed, epoch)
        order = self._orders.order([int(chosen[i]) for i in range(len(chosen))], seed, epoch)
        return _grain().MapDataset.source(order)


class WeightedRandomSampler(Sampler):
    """`mindspore.dataset.WeightedRandomSampler(weights, num_samples=None, replacement=True)`."""

    def __init__(self, weights, num_samples=None, replacement=True):
        super().__init__(num_samples)
        self._weights = np.asarray(weights, np.float64)
        if self._weights.ndim != 1 or (self._weights < 0).any() or not self._weights.sum() > 0:
            raise ValueError("weights size should not be 0, every weight should be >= 0 and "
                             "their sum should be greater than 0.")
        self.weights = weights  # as given, as MindSpore shows them
        self.replacement = replacement

    def get_shuffle_mode(self):
        return Shuffle.GLOBAL

    def size(self, length):
        return self._limit(len(self._weights))

    def index_dataset(self, length, seed, epoch=0):
        seed = int(np.random.SeedSequence([seed, epoch]).generate_state(1)[0])
        count = self.size(length)
        weights = self._weights
        draws = np.random.default_rng(seed).choice(
            len(weights), count, replace=self.replacement, p=weights / weights.sum())
        return _grain().MapDataset.source(draws)


class PKSampler(Sampler):
    """`mindspore.dataset.PKSampler(num_val, num_class=None, shuffle=False, class_column='label',
    num_samples=None)`: `num_val` rows of every class, classes in label order (a seeded random
    order with `shuffle`), each row drawn at random, with replacement, from its class's rows, as
    MindSpore's sampler does. Sources with a ``label`` column take it (MindDataset:
    `class_column`); GeneratorDataset refuses it, as in MindSpore.

    The draws come from the pipeline's seed (``dataset.config.set_seed``), not from MindSpore's
    C++ generator, so the rows picked within a class differ from MindSpore's.
    """

    def __init__(self, num_val, num_class=None, shuffle=False, class_column='label',
                 num_samples=None):
        if isinstance(num_val, bool) or not isinstance(num_val, int):
            raise TypeError(f"num_val must be integer but was: {num_val}.")
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError(f"shuffle must be a boolean value but was: {shuffle}.")
        if not isinstance(class_column, str):
            raise TypeError(f"class_column must be a str value but was: {class_column}.")
        super().__init__(num_samples)
        self.num_val = num_val
        self.shuffle = shuffle
        self.class_column = class_column
        self.class_labels = None  # set by the source that reads through this sampler

    def _rows_by_class(self):
        if self.num_val <= 0:
            raise pipeline_error(f"PKSampler: num_val must be greater than 0, but got: {self.num_val}",
                                 "PKSampler")
        if self.class_labels is None:
            raise RuntimeError("msjax: this PKSampler is not the sampler of a dataset with class "
                               "labels: pass it as sampler= to ImageFolderDataset, MnistDataset, "
                               "Cifar10Dataset, MindDataset, ...")
        labels = np.asarray(self.class_labels())
        return {label: np.flatnonzero(labels == label) for label in np.unique(labels)}

    def size(self, length):
        return self._limit(len(self._rows_by_class()) * self.num_val)

    def index_dataset(self, length, seed, epoch=0):
        seed = int(np.random.SeedSequence([seed, epoch]).generate_state(1)[0])
        rows_by_class = self._rows_by_class()
        rng = np.random.default_rng(seed)
        classes = list(rows_by_class)
        if self.shuffle:
            classes = [classes[i] for i in rng.permutation(len(classes))]
        indices = [rows_by_class[label][rng.integers(len(rows_by_class[label]))]
                   for label in classes for _ in range(self.num_val)]
        return _grain().MapDataset.source(np.asarray(indices[:self.size(length)], np.int64))


def check_shards(num_shards, shard_id):
    """MindSpore's checks of a (num_shards, shard_id) pair."""
    if (num_shards is None) != (shard_id is None):
        raise ValueError("num_shards and shard_id need to be passed in together.")
    if num_shards is None:
        return
    for name, value in (("num_shards", num_shards), ("shard_id", shard_id)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Argument {name} with value {value} is not of type "
                            f"[<class 'int'>], but got {type(value)}.")
    if num_shards <= 0:
        raise ValueError(f"Input num_shards is not within the required interval of [1, 2147483647].")
    if shard_id < 0:
        raise ValueError(f"Input shard_id is not within the required interval of [0, 2147483647].")
    if shard_id >= num_shards:
        raise ValueError("shard_id should be less than num_shards.")


def _check_native_source_options(sampler, shuffle, num_shards, shard_id):
    """MindSpore's checks of a native (C++) source's sampler, shuffle and sharding arguments
    (ImageFolderDataset, MnistDataset, SUN397Dataset, ...): RuntimeErrors for a conflict."""
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
    if num_shards is not None and shard_id is None:
        raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
    if shard_id is not None and num_shards is None:
        raise RuntimeError("shard_id is specified but num_shards is not.")
    if num_shards is None:
        return
    for name, value in (("num_shards", num_shards), ("shard_id", shard_id)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Argument {name} with value {value} is not of type "
                            f"[<class 'int'>], but got {type(value)}.")
    if num_shards <= 0:
        raise ValueError("Input num_shards is not within the required interval of [1, 2147483647].")
    if not 0 <= shard_id < num_shards:
        raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")


def select_sampler(sampler, shuffle, num_samples, num_shards, shard_id, default_shuffle=True,
                   python_source=False):
    """The sampler a source's (sampler, shuffle, num_samples, num_shards, shard_id) arguments
    mean in MindSpore: an explicit `sampler` (a Sampler or a list of indices), which may come
    with none of the others; shuffling with `num_samples` draws with replacement, as MindSpore's
    select_sampler does. A `python_source` (GeneratorDataset and its kin) refuses a conflict
    with MindSpore's ValueError, a native source with its RuntimeErrors."""
    if python_source:
        if isinstance(sampler, Sampler) and not (shuffle is None and num_shards is None
                                                 and shard_id is None):  # (a list of indices may)
            raise ValueError(f"Conflicting arguments during sampler assignments. num_samples: "
                             f"{num_samples}, num_shards: {num_shards}, shard_id: {shard_id}, "
                             f"shuffle: {shuffle}.")
        check_shards(num_shards, shard_id)
    else:
        _check_native_source_options(sampler, shuffle, num_shards, shard_id)
    draws_with_replacement = num_samples is not None  # MindSpore: shuffle + num_samples
    num_samples = _check_num_samples(num_samples)
    if sampler is not None:
        if isinstance(sampler, Sampler):
            return sampler
        if isinstance(sampler, (list, tuple, np.ndarray)):
            return SubsetSampler(list(sampler), num_samples)
        if isinstance(sampler, int) and not isinstance(sampler, bool) and not python_source:
            return SubsetSampler([sampler], num_samples)  # a native source's one row
        if not hasattr(sampler, "__iter__") and not hasattr(sampler, "__getitem__"):
            raise TypeError("sampler should be either iterable or from "
                            "mindspore.dataset.samplers.")
        if isinstance(sampler, (str, bytes)):
            raise TypeError(f"Unsupported sampler object of type ({type(sampler)})")
        return IterSampler(sampler, num_samples)
    shuffle = default_shuffle if shuffle is None else shuffle
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle=shuffle, num_samples=num_samples)
    if shuffle:
        return RandomSampler(replacement=draws_with_replacement, num_samples=num_samples)
    return SequentialSampler(num_samples=num_samples)
