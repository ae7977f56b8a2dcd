"""What MindSpore does with an endless GeneratorDataset (and a long finite one) when a loop breaks
out of an epoch and iterates again: the same iterator, a new iterator, a ``for`` over the dataset
itself, whole epochs of `num_epochs=2`, with and without ``shuffle(4)`` and ``take(5)`` above or
below it. One `kind how -> result` line per case; a result lists the rows of each loop, ` | `
between loops.

Each case runs in a child process of its own (PROBE_CASE names it) that is stopped after a time
limit: a case that never ends is printed as ``hangs``. Run with PROBE_CASE set, the script runs
that one case in its own process (how msjax's test runs it)."""
import os
import subprocess
import sys

import numpy as np
import mindspore.dataset as ds

K = 5
KINDS = ["endless", "endless_shuffle", "endless_take", "endless_shuffle_take",
         "endless_take_shuffle", "finite5", "finite5_shuffle", "long", "long_shuffle",
         "long_shuffle_take"]
HOWS = ["same_tuple", "same_dict", "new_iterator", "for_dataset", "full_epochs"]


def endless():
    i = 0
    while True:
        yield (np.array(i, np.int64),)
        i += 1


def finite(count):
    def rows():
        for i in range(count):
            yield (np.array(i, np.int64),)
    return rows


def make(kind):
    ds.config.set_seed(5)
    source = endless
    if kind.startswith("finite5"):
        source = finite(K)
    elif kind.startswith("long"):
        source = finite(200)
    dataset = ds.GeneratorDataset(source, ["x"], shuffle=False)
    steps = kind.split("_")[1:]
    for step in steps:
        dataset = dataset.shuffle(4) if step == "shuffle" else dataset.take(K)
    return dataset


def value(row):
    column = row["x"] if isinstance(row, dict) else row[0]
    return int(column.asnumpy()) if hasattr(column, "asnumpy") else int(column)


def head(rows):
    taken = []
    for row in rows:
        taken.append(value(row))
        if len(taken) == K:
            break
    return taken


def error(exc):
    return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0].strip()}"


def run(kind, how):
    dataset = make(kind)
    loops = []
    if how in ("same_tuple", "same_dict"):
        if how == "same_tuple":
            iterator = dataset.create_tuple_iterator(num_epochs=2)
        else:
            iterator = dataset.create_dict_iterator(num_epochs=2, output_numpy=True)
        for _ in range(3):
            loops.append(head(iterator))
    elif how == "new_iterator":
        loops.append(head(dataset.create_tuple_iterator(num_epochs=2)))
        loops.append(head(dataset.create_tuple_iterator(num_epochs=2)))
    elif how == "for_dataset":
        loops.append(head(dataset))
        loops.append(head(dataset))
    else:  # full_epochs
        iterator = dataset.create_tuple_iterator(num_epochs=2, output_numpy=True)
        for _ in range(2):
            loops.append([value(row) for row in iterator])
        try:
            loops.append(head(iterator))
        except Exception as exc:  # pylint: disable=broad-except
            loops.append(error(exc))
    return " | ".join(str(loop) for loop in loops)


CASE = os.environ.get("PROBE_CASE")
if CASE:
    kind, how = CASE.split()
    try:
        print(f"{CASE} -> {run(kind, how)}", flush=True)
    except Exception as exc:  # pylint: disable=broad-except
        print(f"{CASE} -> {error(exc)}", flush=True)
    if os.environ.get("PROBE_CHILD"):
        os._exit(0)  # pylint: disable=protected-access
else:
    for kind in KINDS:
        for how in HOWS:
            label = f"{kind} {how}"
            environment = dict(os.environ, PROBE_CASE=label, PROBE_CHILD="1")
            try:
                done = subprocess.run([sys.executable, __file__], env=environment,
                                      capture_output=True, text=True, timeout=20, check=False)
                lines = [line for line in done.stdout.splitlines() if " -> " in line]
                print(lines[0] if lines else f"{label} -> exit {done.returncode}", flush=True)
            except subprocess.TimeoutExpired:
                print(f"{label} -> hangs", flush=True)
