"""Where saved graphs go (`MS_DEV_SAVE_GRAPHS_PATH`), against MindSpore 2.10: MindSpore reads the
folder from the process's environment at each compile, so `os.putenv` moves it and `os.unsetenv`
(MindSpore's own tests' teardowns) sends the graphs to the working directory although
`os.environ` keeps its copy. tests/goldens/scripts/ut18_save_graphs_env_probe.py run unchanged on
msjax, compared with MindSpore's output (tests/goldens/transforms/ut18_save_graphs_env_probe.out):
counts of files, compared exactly."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut18_save_graphs_env_probe.out")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("ut18_save_graphs_env_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_saved_graphs_follow_the_process_environment_as_mindspore(cases, label):
    assert cases.get(label) == GOLDEN[label]
