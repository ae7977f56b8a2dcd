"""MindDataset's Shuffle.PARTIAL against MindSpore 2.10: tests/goldens/scripts/mindrecord_partial_probe.py
run unchanged on msjax, compared line by line with MindSpore's output
(tests/goldens/dataset/mindrecord_partial_probe.out): three epochs of one iterator over one file,
the three files a FileWriter(shard_num=3) makes and a list of files of unequal sizes, for four
seeds; with num_samples (fewer and more than the rows), num_shards/shard_id (interleaved, block
mode, num_samples, padded samples), repeat, a RandomSampler or DistributedSampler made with
shuffle=PARTIAL (replacement draws nothing different); and the errors for PARTIAL in a chain of
samplers, exactly. Past 1,000,000 rows: mindrecord_partial_million_probe."""
import numpy as np
import pytest

from msjax._src.dataset.mindrecord_shuffle import PARTIAL_RUN, ShardPartialSampler
from tests.golden_scripts import GOLDENS, dataset_script_cases, parse_lines

GOLDEN = parse_lines((GOLDENS / "dataset" / "mindrecord_partial_probe.out").read_text())


def test_golden_has_every_case():
    assert len(GOLDEN) == 177


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label):
    assert dataset_script_cases("mindrecord_partial_probe.py")[label] == GOLDEN[label]


def test_partial_is_not_a_global_shuffle():
    """Epoch 1 is a global shuffle's; epoch 2 starts afresh where GLOBAL shuffles epoch 1 again."""
    cases = dataset_script_cases("mindrecord_partial_probe.py")
    assert cases["seed=1 one"].split(" | ")[1] == (
        "[17, 20, 4, 21, 6, 9, 1, 22, 2, 16, 10, 12, 18, 5, 14, 8, 19, 15, 0, 3, 13, 7, 11]")


MILLION = parse_lines((GOLDENS / "dataset" / "mindrecord_partial_million_probe.out").read_text())
MILLION_COUNTS = [400000, 600010]


def _summary(rows, middle=True):
    rows = np.asarray(rows, np.int64)
    mid = f" mid={rows[999997:1000003].tolist()}" if middle else ""
    return (f"n={len(rows)} head={rows[:6].tolist()}{mid} tail={rows[-6:].tolist()} "
            f"check={int((rows * np.arange(1, len(rows) + 1)).sum() % 1000000007)}")


def test_partial_past_a_million_rows_matches_mindspore():
    """Past 1,000,000 rows MindSpore shuffles each run of a million on its own, with a generator
    of the same seed (golden mindrecord_partial_million_probe: orders summarised)."""
    sampler = ShardPartialSampler(file_counts=lambda: MILLION_COUNTS)
    assert _summary(sampler.rows(1000010, 5, 1)) == MILLION["big seed=5 epoch=1"]
    assert _summary(sampler.rows(1000010, 123456789, 0)) == MILLION["big seed=123456789 epoch=0"]
    shard = ShardPartialSampler(file_counts=lambda: MILLION_COUNTS, num_shards=2, shard_id=1,
                                seed=5)
    assert _summary(shard.rows(1000010, 5, 0), middle=False) == MILLION["big shards=2 id=1"]


def test_a_shard_past_a_million_rows_is_refused():
    """A shard reading more than 1,000,000 rows is not checked against MindSpore: refused."""
    sharded = ShardPartialSampler(file_counts=lambda: [2 * PARTIAL_RUN + 4], num_shards=2,
                                  shard_id=1, seed=5)
    with pytest.raises(NotImplementedError,
                       match=r"Shuffle.PARTIAL, num_shards=2\) reading 1000002 rows in a shard"):
        sharded.rows(2 * PARTIAL_RUN + 4, 5, 0)
