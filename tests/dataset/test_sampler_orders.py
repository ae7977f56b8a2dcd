"""MindSpore's seeded sampler orders: RandomSampler, DistributedSampler, SubsetRandomSampler,
GeneratorDataset's shuffle and split(randomize=True) draw the orders MindSpore 2.10 draws for the
same `dataset.config.set_seed` (golden: tests/goldens/dataset/sampler_orders.txt from
tests/goldens/scripts/dataset_sampler_orders.py), through std::mt19937 and libstdc++'s
uniform_int_distribution and shuffle (msjax/_src/dataset/cpp_orders.py)."""

import numpy as np
import pytest

from msjax._src.dataset import cpp_orders
from tests.golden_scripts import dataset_script_cases, golden_cases

ORDER_GOLDENS = golden_cases("dataset/sampler_orders.txt")
# The attributes samplers show (golden: tests/goldens/dataset/sampler_attributes.txt from
# tests/goldens/scripts/dataset_sampler_attributes_probe.py): a DistributedSampler's `seed` is
# get_seed() when it was made, through set_seed, iterators and reads.
ATTRIBUTE_GOLDENS = golden_cases("dataset/sampler_attributes.txt")
# DistributedSampler's `offset` (golden: tests/goldens/dataset/distributed_offset.txt from
# tests/goldens/scripts/dataset_distributed_offset_probe.py): the rows and size of each shard,
# and MindSpore's error for an offset beyond num_shards.
OFFSET_GOLDENS = golden_cases("dataset/distributed_offset.txt")


@pytest.mark.parametrize("label", sorted(ORDER_GOLDENS))
def test_sampler_order_matches_mindspore(label):
    assert dataset_script_cases("dataset_sampler_orders.py").get(label) == ORDER_GOLDENS[label]


@pytest.mark.parametrize("label", sorted(ATTRIBUTE_GOLDENS))
def test_sampler_attributes_match_mindspore(label):
    assert dataset_script_cases("dataset_sampler_attributes_probe.py").get(label) == \
        ATTRIBUTE_GOLDENS[label]


@pytest.mark.parametrize("label", sorted(OFFSET_GOLDENS))
def test_distributed_sampler_offset_matches_mindspore(label):
    assert dataset_script_cases("dataset_distributed_offset_probe.py").get(label) == \
        OFFSET_GOLDENS[label]


def test_mt19937_words_are_std_mt19937():
    # The C++ standard's check of std::mt19937: the 10000th output of a default-seeded one.
    words = cpp_orders.Mt19937Words(5489)
    for _ in range(9999):
        words()
    assert words() == 4123659995


@pytest.mark.parametrize("low, high", [(0, 0), (0, 1), (3, 9), (0, 2 ** 32 - 2)])
def test_uniform_int_stays_in_range(low, high):
    words = cpp_orders.Mt19937Words(11)
    draws = [cpp_orders.uniform_int(words, low, high) for _ in range(200)]
    assert min(draws) >= low and max(draws) <= high


def test_uniform_int_beyond_one_word_is_refused():
    with pytest.raises(ValueError, match="beyond one 32-bit word"):
        cpp_orders.uniform_int(cpp_orders.Mt19937Words(0), 0, 2 ** 32)


@pytest.mark.parametrize("count", [0, 1, 2, 7, 65535, 65536])
def test_shuffle_is_a_permutation(count):
    values = list(range(count))
    cpp_orders.shuffle_in_place(values, cpp_orders.Mt19937Words(5))
    assert sorted(values) == list(range(count))


def test_cumulative_shuffle_recomputes_an_earlier_epoch():
    orders = cpp_orders.CumulativeShuffle()
    later = orders.order(range(9), 4, 2)
    first = orders.order(range(9), 4, 0)
    assert np.array_equal(orders.order(range(9), 4, 2), later)
    assert not np.array_equal(first, later)
