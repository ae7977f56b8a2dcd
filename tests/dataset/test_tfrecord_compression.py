"""TFRecordDataset over GZIP- and ZLIB-compressed files and in MindSpore's read order, against
MindSpore 2.10: tests/goldens/scripts/tfrecord_compression_probe.py run unchanged on msjax,
compared line by line with MindSpore's output (tests/goldens/dataset/tfrecord_compression_probe.out):
the rows (by their values, in order) and dataset sizes of uncompressed, GZIP and ZLIB files
without a shuffle, with num_samples, a schema's numRows, and 2, 3 and 4 shards with and without
shard_equal_rows; Shuffle.FILES's file orders over three epochs (sharded: the same for every
pipeline seed), and those of the default Shuffle.GLOBAL; and the errors (compression_type, too few files or rows per shard, a compressed
file read as another kind), exactly."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "dataset" / "tfrecord_compression_probe.out").read_text())
SCHEMA_GOLDEN = parse_lines((GOLDENS / "dataset" / "tfrecord_schema_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("tfrecord_compression_probe.py"))


def test_golden_has_every_case():
    assert len(GOLDEN) == 218


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]


@pytest.fixture(scope="module")
def schema_cases():
    return parse_lines(script_output_on_msjax("tfrecord_schema_probe.py"))


def test_schema_golden_has_every_case():
    assert len(SCHEMA_GOLDEN) == 46


@pytest.mark.parametrize("label", list(SCHEMA_GOLDEN))
def test_schema_matches_mindspore(schema_cases, label):
    """A schema's types and shapes (tests/goldens/scripts/tfrecord_schema_probe.py): casts,
    reshapes, rank-0 scalars, and MindSpore's ParseExample errors (naming the file unless a
    batch reads the source), exactly."""
    assert schema_cases[label] == SCHEMA_GOLDEN[label]
