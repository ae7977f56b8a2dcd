"""MindSpore 2.10 when a dataset worker process (python_multiprocessing=True) is killed while the
main process reads its rows: MindSpore's SIGCHLD handler logs "Dataset worker process <pid> was
killed by signal: Killed. Main process will be terminated." and terminates the main process
(SIGTERM). The pipeline runs in a child process (this file again, with WORKER_KILLED_CHILD set;
on msjax through `python -m msjax run`), killed by its own read of the third batch. Regenerate
with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/worker_killed_probe.py \\
        | grep " -> " > tests/goldens/dataset/worker_killed.txt
"""
import os
import re
import signal
import subprocess
import sys
import time

import numpy as np

import mindspore.dataset as ds


def slow_with_pid(x):
    time.sleep(0.02)
    return x, np.full(x.shape, os.getpid())


def child():
    dataset = ds.NumpySlicesDataset({"x": np.arange(400, dtype=np.int64)}, shuffle=False)
    dataset = dataset.batch(4).map(slow_with_pid, input_columns="x", output_columns=["x", "pid"],
                                   num_parallel_workers=2, python_multiprocessing=True)
    batches = 0
    for _, pid in dataset.create_tuple_iterator(output_numpy=True):
        batches += 1
        print(f"batch {batches}", flush=True)
        if batches == 3:
            os.kill(int(pid[0]), signal.SIGKILL)
    print("the loop ended", flush=True)


def main():
    runner = [sys.executable, "-m", "msjax", "run"] if "msjax" in sys.modules else [sys.executable]
    start = time.monotonic()
    done = subprocess.run(runner + [os.path.abspath(__file__)], capture_output=True, text=True,
                          env=dict(os.environ, WORKER_KILLED_CHILD="1"), timeout=240, check=False)
    seconds = time.monotonic() - start
    printed = done.stdout.split()
    logged = re.findall(r"Dataset worker process \d+ .*?Main process will be terminated\.",
                        done.stderr)
    print(f"exit -> {'SIGTERM' if done.returncode == -signal.SIGTERM else done.returncode}")
    read = "3 or more" if printed.count("batch") >= 3 else repr(done.stdout)
    print(f"batches read before the end -> {read}")
    print(f"the loop ended -> {'the loop ended' in done.stdout}")
    logged = [re.sub(r"process \d+", "process <pid>", line) for line in logged]
    print(f"log -> {logged}")
    print(f"within a minute -> {seconds < 60}")


if __name__ == "__main__":
    if os.environ.get("WORKER_KILLED_CHILD"):
        child()
    else:
        main()
