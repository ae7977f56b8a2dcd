"""Pipeline operations against MindSpore 2.10: probe scripts under tests/goldens/scripts run
unchanged on msjax and every ``label -> result`` line must equal MindSpore's (goldens under
tests/goldens/dataset/). Values are integers or exact small floats: compared as text.

ds19a_batch_probe: Dataset.batch's argument checks (True as batch_size 1, drop_remainder a bool,
-1 refused when the pipeline runs, a float refused), rows of one column with different dtypes
refused as MindSpore refuses them (also after per_batch_map), per_batch_map's column checks;
BatchInfo.get_epoch_num() counts the iterator's epochs (a repeat's passes share one),
get_batch_num() restarts each pass. The other probes are described beside their tests below.
"""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

BATCH_GOLDENS = golden_cases("dataset/ds19a_batch_probe.out")


@pytest.mark.parametrize("label", sorted(BATCH_GOLDENS))
def test_batch_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_batch_probe.py").get(label) == BATCH_GOLDENS[label]


# ds19a_sampler_chain_probe: Sampler.add_child chains (the child picks rows, the parent picks among
# the child's picks), user samplers whose num_samples or __len__ sets the size (fewer indices than
# that fail when read), plain iterables and IterSampler.
CHAIN_GOLDENS = golden_cases("dataset/ds19a_sampler_chain_probe.out")


@pytest.mark.parametrize("label", sorted(CHAIN_GOLDENS))
def test_sampler_chain_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_sampler_chain_probe.py").get(label) == CHAIN_GOLDENS[label]


# ds19a_flat_map_probe: Dataset.flat_map (rows read at once, the returned datasets concatenated,
# their column names kept) and Dataset.apply, with their errors.
FLAT_MAP_GOLDENS = golden_cases("dataset/ds19a_flat_map_probe.out")


@pytest.mark.parametrize("label", sorted(FLAT_MAP_GOLDENS))
def test_flat_map_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_flat_map_probe.py").get(label) == FLAT_MAP_GOLDENS[label]


# ds19a_sync_probe: sync_wait's argument checks, shuffle refused after a sync_wait, disable_sync.
SYNC_GOLDENS = golden_cases("dataset/ds19a_sync_probe.out")


@pytest.mark.parametrize("label", sorted(SYNC_GOLDENS))
def test_sync_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_sync_probe.py").get(label) == SYNC_GOLDENS[label]


# ds19a_concat_probe: concat refuses parts whose column types differ (when read, not when the rows
# are counted), and a nested concatenation's size is counted again after use_sampler.
CONCAT_GOLDENS = golden_cases("dataset/ds19a_concat_probe.out")


@pytest.mark.parametrize("label", sorted(CONCAT_GOLDENS))
def test_concat_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_concat_probe.py").get(label) == CONCAT_GOLDENS[label]


# ds19a_split_probe: split(randomize=True) orders: MindSpore's mappable sources draw a RandomSampler
# order, its other datasets (text readers, a map) a shuffle(10000) order, kept every epoch.
SPLIT_GOLDENS = golden_cases("dataset/ds19a_split_probe.out")


@pytest.mark.parametrize("label", sorted(SPLIT_GOLDENS))
def test_split_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_split_probe.py").get(label) == SPLIT_GOLDENS[label]


# ds19a_bucket_probe: bucket_batch_by_length pads every column to the longest when pad_info is
# None or {} (pad_to_bucket_boundary then pads nothing further).
BUCKET_GOLDENS = golden_cases("dataset/ds19a_bucket_probe.out")


@pytest.mark.parametrize("label", sorted(BUCKET_GOLDENS))
def test_bucket_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_bucket_probe.py").get(label) == BUCKET_GOLDENS[label]
