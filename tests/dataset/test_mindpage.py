"""mindrecord.MindPage as MindSpore 2.10 (golden: tests/goldens/dataset/mindrecord/mindpage.txt,
made by tests/goldens/scripts/mindrecord_mindpage.py, which runs here unchanged on msjax).

Pipeline errors are compared up to MindSpore's C++ call stack (msjax names its operation
there), with blank lines folded: msjax lays the pipeline error out one way for all its errors."""
import pytest

from msjax.mindrecord import MRMDefineCategoryError, MRMGetMetaError, MindPage, ParamValueError
from tests.golden_scripts import golden_cases, pipeline_comparable, run_script_on_msjax

EXPECTED = golden_cases("dataset/mindrecord/mindpage.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("mindrecord_mindpage.py")


def test_the_script_prints_the_same_cases(msjax_cases):
    assert sorted(msjax_cases) == sorted(EXPECTED)


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_mindpage_case_matches_mindspore(msjax_cases, label):
    assert pipeline_comparable(msjax_cases[label]) == pipeline_comparable(EXPECTED[label])


@pytest.mark.parametrize("error, arguments, message", [
    (MRMDefineCategoryError, ("why",), "[MRMDefineCategoryError]: Failed to define category "
                                       "field. Detail: why"),
    (MRMGetMetaError, (), "[MRMGetMetaError]: Failed to get meta info."),
])
def test_errors_read_as_mindspore(error, arguments, message):
    assert str(error(*arguments)) == message


def test_define_category_error_needs_its_detail():
    with pytest.raises(TypeError):
        MRMDefineCategoryError()  # pylint: disable=no-value-for-parameter


@pytest.mark.parametrize("num_consumer", [None, "4", 0, 10 ** 6])
def test_bad_num_consumer_is_refused_before_the_file_is_looked_at(num_consumer):
    with pytest.raises(ParamValueError, match="Parameter num_consumer"):
        MindPage("no_such.mindrecord", num_consumer)


DAMAGED = golden_cases("dataset/mindrecord/damaged_files.txt")


@pytest.fixture(scope="module")
def damaged_cases():
    return run_script_on_msjax("mindrecord_damaged_files.py")


@pytest.mark.parametrize("label", sorted(DAMAGED))
def test_damaged_files_raise_what_mindspore_raises(damaged_cases, label):
    """FileReader and MindPage on a missing shard or index, a file or an index that is not
    one, and empty files (golden: damaged_files.txt, by mindrecord_damaged_files.py)."""
    assert pipeline_comparable(damaged_cases[label]) == pipeline_comparable(DAMAGED[label])
