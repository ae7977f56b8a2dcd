"""Read threads (num_parallel_workers) run at once or take turns, whichever measured faster
(thread_reads.py): the rule that chooses, that each way does what it says, and that the rows are
the same either way."""
import copy
import pickle
import threading

import numpy as np
import pytest

import msjax.dataset as ds
from msjax._src.dataset import thread_reads
from msjax.dataset import vision

IMAGES = np.random.default_rng(1).integers(0, 256, (64, 8, 8, 3), dtype=np.uint8)


def _decided(turn_seconds, at_once_seconds, threads=2):
    """The choice after its trial reads took `turn_seconds` each one after another, and
    `at_once_seconds` each `threads` at a time."""
    choice = thread_reads.ThreadReadChoice(threads)
    clock = 0.0
    for _ in range(thread_reads._READS_PER_TRIAL):
        choice._record(True, clock, clock + turn_seconds)
        clock += turn_seconds
    for number in range(thread_reads._READS_PER_TRIAL):
        start = clock + (number // threads) * at_once_seconds
        choice._record(False, start, start + at_once_seconds)
    return choice.take_turns


def test_threads_take_turns_only_when_clearly_faster():
    assert _decided(turn_seconds=1.0, at_once_seconds=4.0) is True  # at once: 2 reads per 4 s
    assert _decided(turn_seconds=1.0, at_once_seconds=1.0) is False  # at once: 2 reads per 1 s
    assert _decided(turn_seconds=1.0, at_once_seconds=2.1) is False  # within the margin


def test_trial_reads_take_turns_then_run_at_once():
    choice = thread_reads.ThreadReadChoice(2)
    modes = [choice._trial_mode() for _ in range(1 + 2 * thread_reads._READS_PER_TRIAL + 1)]
    trial = thread_reads._READS_PER_TRIAL
    assert modes == ([(True, False)] + [(True, True)] * trial + [(False, True)] * trial
                     + [(True, False)])


def _two_threads_read(choice):
    """Two threads each read once through `choice`; the most reads seen inside at one time."""
    inside, most, lock = [0], [0], threading.Lock()
    # Passed only when both reads are inside at once; taking turns, the first read gives up
    # waiting (the barrier breaks) and lets the other in.
    both_inside = threading.Barrier(2, timeout=1 if choice.take_turns else 10)

    def read_one(index):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        try:
            both_inside.wait()
        except threading.BrokenBarrierError:
            pass
        with lock:
            inside[0] -= 1
        return index

    results = []
    threads = [threading.Thread(target=lambda i=i: results.append(choice.read(read_one, i)))
               for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert sorted(results) == [0, 1]
    return most[0]


@pytest.mark.parametrize("take_turns, most_inside", [(True, 1), (False, 2)])
def test_chosen_way_is_how_threads_read(take_turns, most_inside):
    choice = thread_reads.ThreadReadChoice(2)
    choice.take_turns = take_turns
    assert _two_threads_read(choice) == most_inside


def _augmented(workers, take_turns=None):
    ds.config.set_seed(3)
    dataset = ds.NumpySlicesDataset({"image": IMAGES}, shuffle=False).map(
        [vision.RandomCrop(6, padding=2), vision.RandomHorizontalFlip()], "image",
        num_parallel_workers=workers).batch(4)
    if take_turns is not None:
        choice = thread_reads.ThreadReadChoice(workers)
        choice.take_turns = take_turns
        dataset._thread_read_choices = {0: choice}
    rows = [row[0] for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    if take_turns is not None:
        assert dataset._thread_read_choices == {0: choice}  # the pipeline read through it
    return np.concatenate(rows)


def test_rows_are_the_same_whichever_way_threads_read():
    one = _augmented(1)
    np.testing.assert_array_equal(one, _augmented(2, take_turns=True))
    np.testing.assert_array_equal(one, _augmented(2, take_turns=False))
    np.testing.assert_array_equal(one, _augmented(2))  # measuring, then its choice


def test_a_measured_pipeline_can_be_copied():
    ds.config.set_seed(3)
    dataset = ds.NumpySlicesDataset({"image": IMAGES}, shuffle=False).map(
        [vision.RandomCrop(6, padding=2)], "image", num_parallel_workers=2).batch(4)
    first = [row[0] for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    assert dataset._thread_read_choices  # measured while read
    copied = copy.deepcopy(dataset)
    choice = pickle.loads(pickle.dumps(dataset._thread_read_choices[0]))
    assert choice.take_turns == dataset._thread_read_choices[0].take_turns
    again = [row[0] for row in copied.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    np.testing.assert_array_equal(np.concatenate(first), np.concatenate(again))
