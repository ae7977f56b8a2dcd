"""GeneratorDataset's random access (`dataset[index]`), batch_sampler and collate_fn, generator
objects and zips as sources, and its argument checks (msjax/_src/dataset/sources.py,
generator_batches.py): tests/goldens/scripts/ds19c_generator_probe.py runs unchanged and must
print exactly what MindSpore 2.10 printed (integers and messages: no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_generator_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_generator_case_matches_mindspore(label):
    assert dataset_script_cases("ds19c_generator_probe.py").get(label) == GOLDEN[label]
