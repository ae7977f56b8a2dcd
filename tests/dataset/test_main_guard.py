"""A script that iterates a `python_multiprocessing=True` pipeline at module level, outside
`if __name__ == "__main__":`, gets msjax's error naming the fix before any worker starts
(msjax/_src/dataset/main_guard.py): spawned workers import the script again, and without the
check the script hangs. The same loop under the guard, in a function called from under it, or
in a `-c` program runs as before."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIPELINE = textwrap.dedent("""\
    import numpy as np
    import msjax.dataset as ds
    images = np.arange(8 * 4, dtype=np.float32).reshape(8, 4)
    data = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(
        lambda x: x * 2, input_columns="image", num_parallel_workers=2,
        python_multiprocessing=True).batch(4)
    """)
LOOP = "batches = [row[0].sum() for row in data.create_tuple_iterator(output_numpy=True)]"
# what NumPy gives for the pipeline: each batch of 4 rows of `images`, doubled, summed
EXPECTED = str([np.float32(b.sum()) for b in
                np.split(np.arange(8 * 4, dtype=np.float32).reshape(8, 4) * 2, 2)])
FIX = ('iterates this dataset outside `if __name__ == "__main__":`, so every worker would '
       'iterate it again while importing and the script would hang. Put the code that iterates '
       'the dataset (the training loop) under `if __name__ == "__main__":`')


def _run(tmp_path, source, *, as_file=True):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    if as_file:
        script = tmp_path / "train.py"
        script.write_text(source)
        command = [sys.executable, str(script)]
    else:
        command = [sys.executable, "-c", source]
    return subprocess.run(command, capture_output=True, text=True, timeout=240, env=env,
                          cwd=tmp_path)


def test_a_loop_at_module_level_is_refused_with_the_fix(tmp_path):
    done = _run(tmp_path, PIPELINE + LOOP + "\nprint('unreachable')\n")
    assert done.returncode == 1
    assert "RuntimeError: python_multiprocessing=True: worker processes start by importing the " \
           "main script" in done.stderr
    assert f"{tmp_path / 'train.py'} again, and its line 7 {FIX}" in done.stderr
    assert "unreachable" not in done.stdout


@pytest.mark.heavy  # starts worker processes (~10 s each)
@pytest.mark.parametrize("source", [
    PIPELINE + "if __name__ == '__main__':\n    " + LOOP + "\n    print(batches)\n",
    PIPELINE + "def train():\n    " + LOOP + "\n    print(batches)\n\n\n"
    "if __name__ == '__main__':\n    train()\n",
], ids=["loop under the guard", "function called under the guard"])
def test_a_guarded_loop_runs(tmp_path, source):
    done = _run(tmp_path, source)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == EXPECTED


@pytest.mark.heavy  # starts worker processes (~10 s)
def test_a_program_given_with_minus_c_is_not_reimported_and_runs(tmp_path):
    done = _run(tmp_path, PIPELINE + LOOP + "\nprint(batches)\n", as_file=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == EXPECTED
