"""GeneratorDataset's worker processes, as MindSpore 2.10 uses them (golden:
tests/goldens/dataset/generator_processes.txt, made by
tests/goldens/scripts/generator_processes_probe.py, run unchanged on msjax here): a random-access
source with num_parallel_workers > 1 and python_multiprocessing (the default) is read in worker
processes, in the main process otherwise. Where msjax's spawned workers cannot start (an
unguarded main script, a source that does not pickle) threads read it, with a warning."""
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import msjax.dataset as ds
from tests.golden_scripts import golden_cases, run_script_on_msjax

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_processes_as_mindspore_uses_them():
    assert run_script_on_msjax("generator_processes_probe.py") == golden_cases(
        "dataset/generator_processes.txt")


class _Unpicklable:
    def __init__(self):
        self.lock = __import__("threading").Lock()

    def __getitem__(self, index):
        return np.array(os.getpid()), np.array(index)

    def __len__(self):
        return 6


def test_a_source_that_does_not_pickle_is_read_by_threads_with_a_warning():
    dataset = ds.GeneratorDataset(_Unpicklable(), ["pid", "i"], shuffle=False,
                                  num_parallel_workers=2)
    with pytest.warns(RuntimeWarning, match=r"reads its source with threads, not worker "
                                            r"processes: its source does not pickle"):
        rows = [(int(p), int(i)) for p, i in dataset.create_tuple_iterator(output_numpy=True)]
    assert rows == [(os.getpid(), i) for i in range(6)]


SCRIPT = """
import os
import numpy as np
import mindspore.dataset as ds

class Source:
    def __getitem__(self, index):
        return np.array(os.getpid()), np.array(index)

    def __len__(self):
        return 8

def read():
    dataset = ds.GeneratorDataset(Source(), ["pid", "i"], shuffle=False, num_parallel_workers=2)
    rows = [(int(p), int(i)) for p, i in dataset.create_tuple_iterator(output_numpy=True)]
    print(len({p for p, _ in rows} - {os.getpid()}), [i for _, i in rows])
"""


@pytest.mark.parametrize("guarded, workers", [(True, "2"), (False, "0")])
def test_under_msjax_run(tmp_path, guarded, workers):
    """`msjax run`: workers import the script again and find `import mindspore` answered; an
    unguarded script is read by threads, with the warning naming its line."""
    script = tmp_path / "read.py"
    script.write_text(SCRIPT + ('if __name__ == "__main__":\n    read()\n' if guarded else
                                "read()\n"))
    result = subprocess.run([sys.executable, "-m", "msjax", "run", str(script)], cwd=tmp_path,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.split(" ", 1) == [workers, str(list(range(8))) + "\n"]
    assert ("outside `if __name__ == \"__main__\":`" in result.stderr) == (not guarded)
