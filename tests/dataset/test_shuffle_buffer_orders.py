"""MindSpore's Dataset.shuffle(buffer_size) order: with the same `dataset.config.set_seed`,
msjax's buffer shuffle sends the rows in the order MindSpore 2.10's ShuffleOp sends them, epoch
after epoch (golden: tests/goldens/dataset/shuffle_buffer_orders.txt from
tests/goldens/scripts/dataset_shuffle_buffer_orders.py; msjax/_src/dataset/buffer_shuffle.py)."""
import pickle

import numpy as np
import pytest

import msjax.dataset as ds
from msjax._src.dataset import buffer_shuffle, config
from tests.golden_scripts import dataset_script_cases, golden_cases, run_script_on_msjax

ORDER_GOLDENS = golden_cases("dataset/shuffle_buffer_orders.txt")
LARGE_ORDER_GOLDENS = golden_cases("dataset/shuffle_buffer_large_orders.txt")


@pytest.fixture
def restore_seed():
    saved = config._settings["seed"]
    yield
    config._settings["seed"] = saved


@pytest.mark.parametrize("label", sorted(ORDER_GOLDENS))
def test_shuffle_order_matches_mindspore(label):
    assert dataset_script_cases("dataset_shuffle_buffer_orders.py").get(label) == ORDER_GOLDENS[label]


def _head_and_checksum(order):
    order = order.tolist()
    return f"{order[:40]}+{sum(i * v for i, v in enumerate(order)) % 1000003}"


@pytest.mark.parametrize("label", sorted(LARGE_ORDER_GOLDENS))
def test_large_shuffle_order_matches_mindspore(label):
    # The orders the pipeline reads a NumpySlicesDataset of 1000 or 5000 rows in (the pipeline
    # itself: test_large_shuffle_orders_through_the_pipeline).
    sizes = dict(part.split("=") for part in label.split()[1:])
    orders = buffer_shuffle.ShuffleOrders(int(sizes["buffer"]))
    computed = " ".join(_head_and_checksum(orders.order(int(sizes["n"]), int(sizes["seed"]), e))
                        for e in range(3))
    assert computed == LARGE_ORDER_GOLDENS[label]


@pytest.mark.heavy  # 32 pipelines of 3 epochs of up to 5000 rows read row by row: ~25 s
def test_large_shuffle_orders_through_the_pipeline(restore_seed):
    assert run_script_on_msjax("dataset_shuffle_buffer_large_orders.py") == LARGE_ORDER_GOLDENS


def test_mt19937_64_words_are_std_mt19937_64():
    # The C++ standard's check of std::mt19937_64: the 10000th output of a default-seeded one.
    assert int(buffer_shuffle.Mt19937x64Words(5489).take(10000)[-1]) == 9981545732273789042


def test_words_read_in_pieces_are_the_same_words():
    whole = buffer_shuffle.Mt19937x64Words(77).take(5000)
    generator = buffer_shuffle.Mt19937x64Words(77)
    pieces = [generator.take(count) for count in (0, 1, 155, 156, 157, 312, 19)]
    read = sum(len(p) for p in pieces)
    twin = generator.copy()
    twin.skip(1000)
    pieces.append(generator.take(5000 - read))
    np.testing.assert_array_equal(np.concatenate(pieces), whole)
    np.testing.assert_array_equal(twin.take(10), whole[read + 1000:read + 1010])


def _row_by_row(count, buffer_size, generator):
    shuffler = buffer_shuffle.BufferShuffler(buffer_size, generator)
    sent = [row for row in (shuffler.push(r) for r in range(count)) if row is not None]
    return sent + list(shuffler.drain()), shuffler.generator_after()


@pytest.mark.parametrize("count", [0, 1, 2, 3, 7, 64, 313, 1000])
@pytest.mark.parametrize("buffer_size", [2, 3, 10, 63, 64, 65, 999, 1000, 1001])
def test_computed_order_is_the_row_by_row_order(count, buffer_size):
    # The vectorised order (random-access inputs) against the buffer worked row by row (streams).
    expected, after = _row_by_row(count, buffer_size, buffer_shuffle.Mt19937x64Words(count + 9))
    generator = buffer_shuffle.Mt19937x64Words(count + 9)
    order = buffer_shuffle.buffer_shuffle_order(count, buffer_size, generator.take(count))
    assert order.tolist() == expected
    np.testing.assert_array_equal(after.take(5), generator.take(5))  # one word a row


def test_a_later_pass_computed_first_is_the_same_pass():
    sequential = buffer_shuffle.ShuffleOrders(6)
    passes = [sequential.order(50, 4294967295, p).tolist() for p in range(4)]
    assert buffer_shuffle.ShuffleOrders(6).order(50, 4294967295, 3).tolist() == passes[3]
    assert sequential.order(50, 4294967295, 1).tolist() == passes[1]  # back to an earlier one


def _epochs(dataset, count):
    iterator = dataset.create_tuple_iterator(num_epochs=count, output_numpy=True)
    return [[int(row[0]) for row in iterator] for _ in range(count)]


def _generator(count):
    def rows():
        for i in range(count):
            yield (np.array(i),)
    return ds.GeneratorDataset(rows, ["x"], shuffle=False)


@pytest.mark.parametrize("make", [
    lambda: ds.NumpySlicesDataset(np.arange(23), column_names=["x"], shuffle=False),
    lambda: _generator(23),
    lambda: _generator(23).filter(lambda x: x % 4 != 0),
], ids=["random_access", "stream", "filtered_stream"])
def test_an_iterator_started_at_a_later_epoch_continues_the_generator(make, restore_seed):
    # MindSpore's ShuffleOp draws one word a row from one generator over all of an iterator's
    # epochs: an iterator started at epoch 2 (set_init_step) sends epoch 2's order of a run
    # from the start, counting the rows of a stream's earlier epochs.
    ds.config.set_seed(5)
    rows_per_epoch = len(_epochs(make(), 1)[0])
    expected = _epochs(make().shuffle(6), 3)
    later = make().shuffle(6)
    later.set_init_step(2 * rows_per_epoch)
    assert _epochs(later, 1) == [expected[2]]


def test_buffer_of_one_row_is_refused():
    with pytest.raises(ValueError, match=r"Input buffer_size is not within the required "
                                         r"interval of \[2, 2147483647\]\."):
        ds.NumpySlicesDataset(np.arange(3), column_names=["x"]).shuffle(1)


def test_copies_for_worker_processes_draw_the_same_orders():
    # Pipelines go to Grain's worker processes pickled: the orders' state (and lock) goes along.
    orders = buffer_shuffle.ShuffleOrders(4)
    first = orders.order(30, 8, 0)
    copied = pickle.loads(pickle.dumps(orders))
    assert copied.order(30, 8, 1).tolist() == orders.order(30, 8, 1).tolist() != first.tolist()


def test_endless_repeat_of_an_empty_stream_ends():
    # Each pass of an endless repeat over a stream is read afresh; a pass without rows ends it
    # (repeating it could only loop forever).
    dataset = ds.GeneratorDataset(lambda: iter(()), ["x"], shuffle=False).shuffle(3).repeat()
    assert list(dataset.create_tuple_iterator(output_numpy=True)) == []
