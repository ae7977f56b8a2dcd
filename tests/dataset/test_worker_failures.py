"""A `python_multiprocessing=True` pipeline whose worker process dies ends as MindSpore's does, in
bounded time; one whose worker cannot unpickle the pipeline it is sent raises a RuntimeError
that says so (shared_batches: the watchdog ``_watch_workers``, ``_load_pipeline_in_worker``).

MindSpore 2.10, for a worker killed with SIGKILL, logs "Dataset worker process <pid> was killed by
signal: Killed. Main process will be terminated." and terminates the main process (SIGTERM):
golden tests/goldens/dataset/worker_killed.txt. msjax does the same, also when the worker was
killed holding one of Grain's locks (Grain's own report of the death would then wait forever).
MindSpore forks its workers, so it never unpickles a transform; msjax's workers are spawned
(Grain) and do."""
import os
import re
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = textwrap.dedent("""\
    import os
    import signal
    import sys
    import time

    import numpy as np
    import msjax.dataset as ds


    def die_holding_grains_lock(x):
        # The worker reading batch 5 SIGKILLs itself while it holds the lock of the counter that
        # Grain's stop of a worker takes (a kill from outside lands there by chance: CI saw it).
        if int(x[0]) == 20:
            counters = []
            for frame in sys._current_frames().values():
                while frame is not None:
                    if "set_state_request_count" in frame.f_locals:
                        counters.append(frame.f_locals["set_state_request_count"])
                    frame = frame.f_back
            if not counters:
                print("Grain's worker loop not found", flush=True)
                os._exit(3)
            counters[0].get_lock().acquire()
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(0.02)
        return x, x


    def _refuse_to_load():
        raise ValueError("this transform refuses to be unpickled")


    class LoadsNowhere:
        def __call__(self, x):
            return x, x

        def __reduce__(self):
            return _refuse_to_load, ()


    def pipeline(operation):
        dataset = ds.NumpySlicesDataset({"x": np.arange(400, dtype=np.int64)}, shuffle=False)
        return dataset.batch(4).map(operation, input_columns="x", output_columns=["x", "pid"],
                                    num_parallel_workers=2, python_multiprocessing=True)


    def run(operation):
        dataset = pipeline(operation)
        batches = 0
        try:
            for _ in dataset.create_tuple_iterator(output_numpy=True):
                batches += 1
        except RuntimeError as error:
            print(f"RuntimeError after {batches} batches: {error}")
            return
        print(f"no error after {batches} batches")


    def same(x):
        return x, x


    def fail_at_batch_3(x):
        if int(x[0]) == 12:
            raise ValueError("batch 3 refused")
        return x, x


    def pid_files():
        import glob
        import tempfile
        return len(glob.glob(os.path.join(tempfile.gettempdir(), "msjax_workers_*.pids")))


    def leave_nothing():
        # every way a stream of rows from worker processes ends
        rows = sum(1 for _ in pipeline(same).create_tuple_iterator(output_numpy=True))
        print(f"read to the end: {rows} batches, pid files {pid_files()}")
        iterator = pipeline(same).create_tuple_iterator(output_numpy=True)
        for _ in zip(range(3), iterator):
            pass
        deadline = time.monotonic() + 60  # the watchdog removes the file once it knows them all
        while pid_files() and time.monotonic() < deadline:
            time.sleep(0.1)
        print(f"break, iterator alive: pid files {pid_files()}")
        del iterator
        print(f"break, iterator dropped: pid files {pid_files()}")
        try:
            for _ in pipeline(fail_at_batch_3).create_tuple_iterator(output_numpy=True):
                pass
        except RuntimeError:
            print(f"error in the map: pid files {pid_files()}")
        global kept  # alive at interpreter exit
        kept = pipeline(same).create_tuple_iterator(output_numpy=True)
        next(kept)


    if __name__ == "__main__":
        if sys.argv[1] == "leftovers":
            leave_nothing()
        else:
            run(die_holding_grains_lock if sys.argv[1] == "lock" else LoadsNowhere())
    """)


def _run(tmp_path, case):
    script = tmp_path / "worker_failure.py"
    script.write_text(SCRIPT)
    temporary = tmp_path / "tmp"  # the script's temporary folder: what msjax leaves there
    temporary.mkdir()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]),
               TMPDIR=str(temporary))
    start = time.monotonic()
    done = subprocess.run([sys.executable, str(script), case], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path, check=False)
    return done, time.monotonic() - start


def _pid_files_left(tmp_path):
    return sorted(path.name for path in (tmp_path / "tmp").glob("msjax_workers_*.pids"))


@pytest.mark.heavy  # starts worker processes (~15 s)
@pytest.mark.timeout(300)
def test_a_killed_worker_ends_the_main_process_as_mindspores_does():
    assert run_script_on_msjax("worker_killed_probe.py") == golden_cases(
        "dataset/worker_killed.txt")


@pytest.mark.heavy  # starts worker processes (~10 s)
@pytest.mark.timeout(180)
def test_a_worker_killed_holding_a_grain_lock_ends_the_main_process_too(tmp_path):
    done, seconds = _run(tmp_path, "lock")
    assert done.returncode == -signal.SIGTERM, done.stdout + done.stderr
    assert re.search(r"Dataset worker process \d+ was killed by signal: Killed\. Main process "
                     r"will be terminated\.", done.stderr), done.stderr
    assert seconds < 60, seconds
    assert _pid_files_left(tmp_path) == []


@pytest.mark.heavy  # starts worker processes (~7 s)
@pytest.mark.timeout(180)
def test_a_worker_that_cannot_load_the_pipeline_ends_it_with_an_error(tmp_path):
    done, seconds = _run(tmp_path, "unpickle")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("RuntimeError after "), done.stdout + done.stderr
    assert ("could not unpickle the pipeline sent to it (its sources and transforms): "
            "ValueError: this transform refuses to be unpickled.") in done.stdout, done.stdout
    assert seconds < 60, seconds
    assert _pid_files_left(tmp_path) == []


@pytest.mark.heavy  # starts worker processes four times (~30 s)
@pytest.mark.timeout(240)
def test_the_workers_pid_file_is_removed_however_the_stream_ends(tmp_path):
    # WorkerPids' file in the temporary folder: gone at the end, after a break (once every
    # worker is known, before the iterator goes), after an error, and at interpreter exit.
    done, _ = _run(tmp_path, "leftovers")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "read to the end: 100 batches, pid files 0",
        "break, iterator alive: pid files 0",
        "break, iterator dropped: pid files 0",
        "error in the map: pid files 0"], done.stdout + done.stderr
    assert _pid_files_left(tmp_path) == []
