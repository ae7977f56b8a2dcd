"""mindspore.dataset.text's SentencePiece API against MindSpore 2.10: the probe script
(tests/goldens/scripts/dataset_sentencepiece_probe.py) runs unchanged with ``mindspore`` answered
by msjax, and each ``label -> result`` line must be the one MindSpore printed
(tests/goldens/dataset/sentencepiece_probe.txt): UNIGRAM/BPE/CHAR/WORD vocabs trained from a file
and from a dataset, tokens as strings and ids, models saved and read back (the same bytes as
MindSpore's: their SHA-256), a tokenizer in a pipeline, and the errors of bad arguments and input.
"""
import importlib.metadata

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDENS = golden_cases("dataset/sentencepiece_probe.txt")
# MindSpore 2.10's engine has SentencePiece 0.1.98 inside; constraints.txt pins that version.
# Another version trains UNIGRAM models a little differently (BPE, CHAR and WORD alike).
TRAINER_VERSION = "0.1.98"


@pytest.fixture(scope="module")
def msjax_cases(tmp_path_factory):
    work = tmp_path_factory.mktemp("sentencepiece")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(work)  # the probe changes directory into SPM_WORK; this puts it back
        patch.setenv("SPM_WORK", str(work))
        return run_script_on_msjax("dataset_sentencepiece_probe.py")


def _needs_mindspores_trainer(label):
    return label.startswith(("UNIGRAM", "from_dataset", "saved UNIGRAM"))


@pytest.mark.parametrize("label", sorted(GOLDENS))
def test_sentencepiece_case_matches_mindspore(msjax_cases, label):
    installed = importlib.metadata.version("sentencepiece")
    if _needs_mindspores_trainer(label) and installed != TRAINER_VERSION:
        pytest.skip(f"sentencepiece {installed} trains UNIGRAM models differently from the "
                    f"{TRAINER_VERSION} inside MindSpore 2.10 (constraints.txt pins it)")
    assert msjax_cases.get(label) == GOLDENS[label]
