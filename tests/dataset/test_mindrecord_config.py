"""mindrecord.set_enc_key / set_enc_mode / set_dec_mode: MindSpore 2.10's argument checks
(golden: tests/goldens/dataset/mindrecord/encryption_settings.txt, made by
tests/goldens/scripts/mindrecord_encryption_settings.py, run here unchanged), and a real key
refused with NotImplementedError (msjax does not encrypt MindRecord files)."""
import pytest

from msjax.mindrecord import set_enc_key
from tests.golden_scripts import golden_cases, run_script_on_msjax


def test_settings_checks_match_mindspore():
    assert run_script_on_msjax("mindrecord_encryption_settings.py") == golden_cases(
        "dataset/mindrecord/encryption_settings.txt")


@pytest.mark.parametrize("key", ["0" * 16, "0" * 24, "0" * 32])
def test_a_valid_key_is_refused_as_not_implemented(key):
    with pytest.raises(NotImplementedError, match="does not encrypt or decrypt MindRecord files"):
        set_enc_key(key)
