"""mindspore.train.serialization's tensor_to_np_type, tensor_to_ms_type and _update_param print
what MindSpore 2.10 prints (tests/goldens/scripts/train_serialization_helpers.py)."""
import msjax
from msjax.train import serialization
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/serialization_helpers.txt")


def test_serialization_helpers_print_what_mindspore_prints():
    assert run_script_on_msjax("train_serialization_helpers.py") == GOLDEN


def test_the_tables_lack_only_the_types_msjax_tensors_do_not_have():
    assert set(serialization.tensor_to_ms_type) == {
        label.split()[1] for label in GOLDEN if label.startswith("tensor_to_ms_type")}
    assert serialization.tensor_to_ms_type["BFloat16"] is msjax.bfloat16
