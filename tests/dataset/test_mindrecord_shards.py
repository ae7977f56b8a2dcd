"""MindDataset's sharded orders against MindSpore 2.10: tests/goldens/scripts/mindrecord_shards_probe.py
run unchanged on msjax, compared line by line with MindSpore's output
(tests/goldens/dataset/mindrecord_shards_probe.out): every shard's rows in three epochs of one
iterator under num_shards/shard_id (shuffle None, True, False, GLOBAL, FILES, INFILE) and under a
DistributedSampler, for two seeds, with num_samples, in MindSpore's block mode
(MS_DEV_MINDRECORD_SHARD_BY_BLOCK=true) too, and the error for FILES/INFILE with
num_samples, exactly. (Shuffle.PARTIAL's sharded orders: test_mindrecord_partial.py.)"""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "dataset" / "mindrecord_shards_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("mindrecord_shards_probe.py"))


def test_golden_has_every_case():
    assert len(GOLDEN) == 70


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
