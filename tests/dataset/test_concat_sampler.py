"""ConcatDataset.use_sampler against MindSpore 2.10 (golden: tests/goldens/dataset/concat_sampler.txt
from tests/goldens/scripts/dataset_concat_sampler_probe.py): a DistributedSampler's shards of
the whole concatenation, a RandomSampler's draws of the child each row comes from (MindSpore's
std::mt19937 and discrete_distribution), sizes, and the samplers it refuses."""
import numpy as np
import pytest

import msjax.dataset as ds
from msjax._src.dataset import config as dataset_config
from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDENS = golden_cases("dataset/concat_sampler.txt")


@pytest.mark.parametrize("label", sorted(GOLDENS))
def test_concat_sampler_matches_mindspore(label):
    assert dataset_script_cases("dataset_concat_sampler_probe.py").get(label) == GOLDENS[label]


def _rows(data):
    return [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _concat():
    return (ds.NumpySlicesDataset([0, 1, 2], ["x"], shuffle=False)
            + ds.NumpySlicesDataset([100, 101, 102, 103], ["x"], shuffle=False))


@pytest.mark.parametrize("sampler", [ds.DistributedSampler(2, 0, True), ds.SequentialSampler(),
                                     ds.RandomSampler(replacement=True)])
def test_a_refused_sampler_leaves_the_concatenation_as_it_was(sampler):
    data = _concat()
    data.use_sampler(ds.DistributedSampler(2, 1, False))
    with pytest.raises((TypeError, ValueError)):
        data.use_sampler(sampler)
    assert _rows(data) == [1, 100, 102]


@pytest.mark.parametrize("make", [lambda: ds.DistributedSampler(3, 2, False), ds.RandomSampler])
def test_an_endless_repeat_draws_each_pass_afresh(make):
    # (MindSpore 2.10 never ends here: its take reads the endless repeat to its end.) Each pass
    # is the sampler's: a shard reads the same rows every pass; the random draws go on.
    saved = dataset_config._settings["seed"]
    ds.config.set_seed(1)  # (the draws are the pipeline seed's)
    try:
        data = _concat()
        data.use_sampler(make())
        rows = _rows(data.repeat().take(21))
    finally:
        dataset_config._settings["seed"] = saved
    passes = [rows[i:i + 7] for i in range(0, 21, 7)] if len(rows) == 21 else None
    if isinstance(data._sampler, ds.DistributedSampler):
        assert rows == [2, 102] * 10 + [2]
    else:
        assert all(sorted(p) == [0, 1, 2, 100, 101, 102, 103] for p in passes)
        assert passes[0] != passes[1] or passes[1] != passes[2]
        for one in passes:  # each child keeps its own order
            assert [r for r in one if r < 100] == [0, 1, 2]


def test_discrete_draws_follow_the_rows_left():
    from msjax._src.dataset.cpp_orders import ConcatDraws
    children = ConcatDraws().children((50, 0, 30), seed=11, pass_index=0)
    assert np.bincount(children, minlength=3).tolist() == [50, 0, 30]
