"""MindDataset's Shuffle.ADAPTIVE (also the default, shuffle=None, and shuffle=True; and a
RandomSampler or DistributedSampler made with shuffle=Shuffle.ADAPTIVE) is Shuffle.GLOBAL while
the MindRecord files read hold at most 100,000,000 rows and Shuffle.PARTIAL past that, as in
MindSpore 2.10 (mindrecord/io/shard_reader.cc: ShardReader::Init counts the rows of every file,
before num_samples, padded samples and sharding, and ShardReader::UpdateLoadModeByShuffleMode
turns every ADAPTIVE sampler, sharded ones too, into PARTIAL when there are more than
SLOW_LOAD_THRESHOLD = 100000000).

The limit (mindrecord_shuffle.ADAPTIVE_GLOBAL_LIMIT) is lowered here, and each order is compared
with msjax's own GLOBAL and PARTIAL orders on the same files and seed, which the goldens check
against MindSpore (test_mindrecord_shuffle.py, test_mindrecord_shards.py,
test_mindrecord_partial.py). The switch at the real size is not checked against MindSpore: a
MindRecord dataset of over 100 million rows is too large to write for the oracle here."""
import pytest

import msjax.dataset as ds
from msjax._src.dataset import mindrecord_shuffle
from msjax.dataset import Shuffle
from msjax.mindrecord import FileWriter

SEED = 1234


def _write(path, rows, shards=1):
    writer = FileWriter(str(path), shard_num=shards, overwrite=True)
    writer.add_schema({"id": {"type": "int32"}}, "rows")
    writer.write_raw_data([{"id": i} for i in rows])
    writer.commit()
    return str(path) if shards == 1 else str(path) + "0"


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """(files, rows in all of them): one file of 23 rows, three files of 5, 7 and 4 rows, and
    the first of three files a FileWriter(shard_num=3) makes of 24 rows (it brings in the other
    two)."""
    root = tmp_path_factory.mktemp("adaptive")
    listed, start = [], 0
    for index, count in enumerate((5, 7, 4)):
        listed.append(_write(root / f"part{index}.mindrecord", range(start, start + count)))
        start += count
    return {"one": (_write(root / "one.mindrecord", range(23)), 23),
            "list": (listed, 16),
            "three": (_write(root / "three.mindrecord", range(24), 3), 24)}


def _epochs(make, count=3):
    """The dataset size and the rows of `count` epochs of one iterator."""
    ds.config.set_seed(SEED)
    data = make()
    iterator = data.create_tuple_iterator(num_epochs=count, output_numpy=True)
    return data.get_dataset_size(), [[int(row[0]) for row in iterator] for _ in range(count)]


ADAPTIVE_ARGUMENTS = {"default": {}, "True": {"shuffle": True},
                      "ADAPTIVE": {"shuffle": Shuffle.ADAPTIVE}}
READS = {"all": {}, "num_samples=7": {"num_samples": 7}, "num_samples=30": {"num_samples": 30},
         "shards=3 id=1": {"num_shards": 3, "shard_id": 1},
         "shards=3 id=2 num_samples=4": {"num_shards": 3, "shard_id": 2, "num_samples": 4}}


def _mindrecord(files, **kwargs):
    return lambda: ds.MindDataset(files, **kwargs)


@pytest.mark.parametrize("source", ["one", "list", "three"])
@pytest.mark.parametrize("read", list(READS))
@pytest.mark.parametrize("argument", list(ADAPTIVE_ARGUMENTS))
def test_adaptive_is_partial_past_the_limit_and_global_up_to_it(sources, source, read, argument,
                                                                monkeypatch):
    files, rows = sources[source]
    reading = READS[read]
    partial = _epochs(_mindrecord(files, shuffle=Shuffle.PARTIAL, **reading))
    global_ = _epochs(_mindrecord(files, shuffle=Shuffle.GLOBAL, **reading))
    assert partial != global_  # (the two orders tell the switch apart)
    adaptive = _mindrecord(files, **ADAPTIVE_ARGUMENTS[argument], **reading)
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows - 1)
    assert _epochs(adaptive) == partial
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows)  # at it: global
    assert _epochs(adaptive) == global_


def test_the_count_is_every_row_of_the_files_not_those_read(sources, monkeypatch):
    """num_samples, sharding and padded samples do not change the count MindSpore switches on:
    16 rows in the files, 4 padded samples, shard 1 of 4."""
    files, rows = sources["list"]
    padding = {"columns_list": ["id"], "padded_sample": {"id": -1}, "num_padded": 4,
               "num_shards": 4, "shard_id": 1}
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows)
    assert (_epochs(_mindrecord(files, **padding))
            == _epochs(_mindrecord(files, shuffle=Shuffle.GLOBAL, **padding)))
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows - 1)
    assert (_epochs(_mindrecord(files, **padding))
            == _epochs(_mindrecord(files, shuffle=Shuffle.PARTIAL, **padding)))
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", 7)  # above num_samples=5
    assert (_epochs(_mindrecord(files, num_samples=5))
            == _epochs(_mindrecord(files, shuffle=Shuffle.PARTIAL, num_samples=5)))


SAMPLERS = {
    "RandomSampler": (lambda mode: ds.RandomSampler(shuffle=mode)),
    "RandomSampler(num_samples=5)": (lambda mode: ds.RandomSampler(num_samples=5, shuffle=mode)),
    "RandomSampler(replacement=True, num_samples=5)": (
        lambda mode: ds.RandomSampler(replacement=True, num_samples=5, shuffle=mode)),
    "DistributedSampler(3, 1)": (lambda mode: ds.DistributedSampler(3, 1, shuffle=mode)),
    "DistributedSampler(3, 0, num_samples=4)": (
        lambda mode: ds.DistributedSampler(3, 0, shuffle=mode, num_samples=4)),
}


@pytest.mark.parametrize("name", list(SAMPLERS))
def test_samplers_made_with_adaptive_switch_too(sources, name, monkeypatch):
    files, rows = sources["three"]
    make = SAMPLERS[name]

    def through(mode):
        return _epochs(lambda: ds.MindDataset(files, sampler=make(mode)))

    partial, global_ = through(Shuffle.PARTIAL), through(Shuffle.GLOBAL)
    assert partial != global_
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows - 1)
    assert through(Shuffle.ADAPTIVE) == partial
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", rows)
    assert through(Shuffle.ADAPTIVE) == global_


def test_explicit_global_and_false_do_not_switch(sources, monkeypatch):
    files, _ = sources["one"]
    global_ = _epochs(_mindrecord(files, shuffle=Shuffle.GLOBAL))
    ordered = _epochs(_mindrecord(files, shuffle=False))
    monkeypatch.setattr(mindrecord_shuffle, "ADAPTIVE_GLOBAL_LIMIT", 1)
    assert _epochs(_mindrecord(files, shuffle=Shuffle.GLOBAL)) == global_
    assert _epochs(_mindrecord(files, shuffle=False)) == ordered
    assert ordered[1][0] == list(range(23))


def test_the_limit_is_mindspores():
    assert mindrecord_shuffle.ADAPTIVE_GLOBAL_LIMIT == 100_000_000
