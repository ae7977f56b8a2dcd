"""`Dataset.split`: a random-access dataset cut into parts of given sizes (with `randomize`, in the
order MindSpore's RandomSampler draws for the pipeline seed, the same every epoch)."""
from __future__ import annotations

import numpy as np

from msjax._src.dataset.buffer_shuffle import ShuffleOrders
from msjax._src.dataset.cpp_orders import CumulativeShuffle
from msjax._src.dataset.engine import DATASET_KINDS, Dataset
from msjax._src.dataset.rows import pipeline_error


def split_sizes(sizes, total):
    """Row counts from `sizes` (counts summing to `total`, or fractions summing to 1), rounded as
    MindSpore rounds them (the rounding error goes to the first parts)."""
    if all(isinstance(s, int) and not isinstance(s, bool) for s in sizes):
        if sum(sizes) != total:
            raise RuntimeError(f"Sum of split sizes {sum(sizes)} is not equal to dataset size "
                               f"{total}.")
        return list(sizes)
    if not all(isinstance(s, float) and 0 < s <= 1 for s in sizes) or abs(sum(sizes) - 1) > 1e-6:
        raise ValueError("sizes must be a list of ints summing to the dataset size or a list of "
                         "floats in (0, 1] summing to 1.")
    counts = [int(round(s * total)) for s in sizes]
    for i in range(abs(total - sum(counts))):
        counts[i % len(counts)] += 1 if total > sum(counts) else -1
    return counts


class _SplitPart(Dataset):
    """Rows `indices` of `parent`'s (random-access) pipeline."""

    def __init__(self, parent, indices):
        super().__init__([parent])
        self.indices = np.asarray(indices, np.int64)

    def _build(self, plan):
        import grain  # pylint: disable=import-outside-toplevel
        parent = self.children[0]._build(plan)
        if not isinstance(parent, grain.MapDataset):
            raise pipeline_error("Dataset.split needs a random-access dataset (a mappable source "
                                 "before any filter or generator function).", "split")
        return grain.MapDataset.source(self.indices).map(lambda i: parent[int(i)])

    def _static_size(self):
        return len(self.indices)


def split_dataset(dataset, sizes, randomize):
    """The parts of `dataset` of the given `sizes`, shuffled first when `randomize`."""
    total = dataset.get_dataset_size()
    counts = split_sizes(list(sizes), total)
    order = np.arange(total)
    if randomize and getattr(dataset, "mindspore_mappable", False):
        # MindSpore's RandomSampler order of the first epoch, kept every epoch
        order = CumulativeShuffle().order(range(total), dataset._pipeline_seed(), 0)
    elif randomize:  # MindSpore's Dataset.split: shuffle(10000), not reshuffled each epoch
        order = ShuffleOrders(10000).order(total, dataset._pipeline_seed(), 0)
    bounds = np.cumsum([0] + counts)
    return [_SplitPart(dataset, order[start:stop]) for start, stop in zip(bounds[:-1], bounds[1:])]


DATASET_KINDS["split_dataset"] = split_dataset
