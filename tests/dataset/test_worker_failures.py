"""A `python_multiprocessing=True` pipeline whose worker process dies, or cannot unpickle the
pipeline it is sent, ends with a RuntimeError that says so, in bounded time, never a wait
(shared_batches.worker_exit_error, _load_pipeline_in_worker).

MindSpore 2.10, for a worker killed with SIGKILL, logs "Dataset worker process <pid> was killed by
signal: Killed. Main process will be terminated." and sends the main process SIGTERM; msjax raises
the same words as a RuntimeError instead. MindSpore forks its workers, so it never unpickles a
transform; msjax's workers are spawned (Grain) and do."""
import os
import subprocess
import sys
import textwrap
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = textwrap.dedent("""\
    import os
    import signal
    import sys
    import time

    import numpy as np
    import msjax.dataset as ds


    def slow_with_pid(x):
        time.sleep(0.02)
        return x, np.full(x.shape, os.getpid())


    def _refuse_to_load():
        raise ValueError("this transform refuses to be unpickled")


    class LoadsNowhere:
        def __call__(self, x):
            return x, x

        def __reduce__(self):
            return _refuse_to_load, ()


    def run(operation):
        dataset = ds.NumpySlicesDataset({"x": np.arange(400, dtype=np.int64)}, shuffle=False)
        dataset = dataset.batch(4).map(operation, input_columns="x", output_columns=["x", "pid"],
                                       num_parallel_workers=2, python_multiprocessing=True)
        batches = 0
        try:
            for _, pid in dataset.create_tuple_iterator(output_numpy=True):
                batches += 1
                if batches == 3 and sys.argv[1] == "kill":
                    os.kill(int(pid[0]), signal.SIGKILL)
        except RuntimeError as error:
            print(f"RuntimeError after {batches} batches: {error}")
            return
        print(f"no error after {batches} batches")


    if __name__ == "__main__":
        run(slow_with_pid if sys.argv[1] == "kill" else LoadsNowhere())
    """)


def _run(tmp_path, case):
    script = tmp_path / "worker_failure.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    start = time.monotonic()
    done = subprocess.run([sys.executable, str(script), case], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path, check=False)
    return done, time.monotonic() - start


@pytest.mark.heavy  # starts worker processes (~7 s each)
@pytest.mark.timeout(180)
@pytest.mark.parametrize("case, expected", [
    ("kill", "Dataset worker process was killed by signal: Killed. The pipeline has stopped"),
    ("unpickle", "could not unpickle the pipeline sent to it (its sources and transforms): "
                 "ValueError: this transform refuses to be unpickled."),
])
def test_a_worker_that_dies_or_cannot_load_ends_the_pipeline_with_an_error(tmp_path, case,
                                                                          expected):
    done, seconds = _run(tmp_path, case)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("RuntimeError after "), done.stdout + done.stderr
    assert expected in done.stdout, done.stdout
    if case == "kill":  # the batches read before the kill came through
        assert int(done.stdout.split()[2]) >= 3, done.stdout
    assert seconds < 60, seconds
