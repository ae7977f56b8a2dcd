"""MindDataset's Shuffle.PARTIAL against MindSpore 2.10: tests/goldens/scripts/mindrecord_partial_probe.py
run unchanged on msjax, compared line by line with MindSpore's output
(tests/goldens/dataset/mindrecord_partial_probe.out): three epochs of one iterator over one file,
the three files a FileWriter(shard_num=3) makes and a list of files of unequal sizes, for four
seeds; with num_samples (fewer and more than the rows), num_shards/shard_id (interleaved, block
mode, num_samples, padded samples), repeat, a RandomSampler or DistributedSampler made with
shuffle=PARTIAL (replacement draws nothing different); and the errors for PARTIAL in a chain of
samplers, exactly. More than 1,000,000 rows: test_partial_past_a_million_rows_is_refused."""
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


def test_partial_past_a_million_rows_is_refused():
    """Past 1,000,000 rows MindSpore shuffles each run of a million on its own; msjax's order
    there is not checked against MindSpore yet, so it refuses rather than guess."""
    sampler = ShardPartialSampler(file_counts=lambda: [PARTIAL_RUN + 5])
    with pytest.raises(NotImplementedError, match=r"Shuffle.PARTIAL\) reading 1000005 rows"):
        sampler.rows(PARTIAL_RUN + 5, 5, 0)
    sharded = ShardPartialSampler(file_counts=lambda: [PARTIAL_RUN + 5], num_shards=2,
                                  shard_id=1, seed=5)
    assert len(sharded.rows(PARTIAL_RUN + 5, 5, 0)) == 500003
