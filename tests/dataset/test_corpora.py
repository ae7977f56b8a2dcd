"""The text corpora (msjax/_src/dataset/text_corpora.py: EnWik9, SogouNews, SQuAD, SST2,
CoNLL2000, IWSLT2016, IWSLT2017) and image corpora (image_corpora.py: LSUN, Caltech256, SBU):
tests/goldens/scripts/ds20_{text,image}_corpora_probe.py run unchanged and must print exactly
MindSpore 2.10's columns, dtypes, values, row orders, sizes and errors (no tolerance: strings,
integers and image byte sums)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

PROBES = ["ds20_text_corpora_probe", "ds20_image_corpora_probe"]
CASES = [(probe, label) for probe in PROBES
         for label in sorted(golden_cases(f"dataset/{probe}.out"))]


@pytest.mark.parametrize("probe,label", CASES)
def test_corpus_case_matches_mindspore(probe, label):
    expected = golden_cases(f"dataset/{probe}.out")[label]
    assert dataset_script_cases(f"{probe}.py").get(label) == expected
