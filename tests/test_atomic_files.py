"""Files written whole or not at all (core/atomic_files.py): checkpoints, exports and compile-cache
entries survive a saver killed at any moment and two savers writing one path at once."""
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax._src.core import atomic_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAVER = textwrap.dedent("""
    import os, signal, sys
    import numpy as np
    import msjax as ms
    from msjax import Tensor
    path, value, times, kill_at = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    if kill_at != "none":  # die (SIGKILL) inside the write, at the named step
        target = {"fsync": os, "replace": os}[kill_at]
        name = kill_at
        def die(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGKILL)
        setattr(target, name, die)
    print("ready", flush=True)
    for _ in range(times):
        ms.save_checkpoint([{"name": "w", "data": Tensor(np.full((512, 1024), value, np.float32))}],
                           path)
""")


def _saver(path, value, times=1, kill_at="none"):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.Popen([sys.executable, "-c", SAVER, str(path), str(value), str(times),
                             kill_at], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _value(path):
    data = ms.load_checkpoint(str(path))["w"].asnumpy()
    assert data.shape == (512, 1024)
    assert np.all(data == data.flat[0])
    return float(data.flat[0])


def _save(path, value):
    ms.save_checkpoint([{"name": "w", "data": Tensor(np.full((512, 1024), value, np.float32))}],
                       str(path))


def _leftovers(folder):
    return [n for n in os.listdir(folder) if atomic_files.TEMPORARY_MARK in n or n.endswith(".tmp")]


@pytest.mark.parametrize("kill_at", ["fsync", "replace"])
def test_saver_killed_inside_the_write_leaves_the_old_checkpoint(tmp_path, kill_at):
    path = tmp_path / "model.ckpt"
    _save(path, 1.0)
    saver = _saver(path, 2.0, kill_at=kill_at)
    saver.communicate(timeout=300)
    assert saver.returncode == -signal.SIGKILL
    assert _value(path) == 1.0
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR


def test_saver_killed_at_random_moments_leaves_a_whole_checkpoint(tmp_path):
    path = tmp_path / "model.ckpt"
    _save(path, 1.0)
    rng = np.random.default_rng(0)
    for round_ in range(4):
        saver = _saver(path, 10.0 + round_, times=1000)
        assert saver.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.6))
        saver.send_signal(signal.SIGKILL)
        saver.communicate(timeout=60)
        # a whole checkpoint of some save so far (a loaded machine may kill a saver, or several
        # in a row, before its first save completes)
        assert _value(path) in [1.0] + [10.0 + k for k in range(round_ + 1)]
    _save(path, 3.0)
    assert _value(path) == 3.0


def test_two_savers_at_once_never_corrupt_or_lose_the_file(tmp_path):
    path = tmp_path / "model.ckpt"
    savers = [_saver(path, 5.0, times=15), _saver(path, 6.0, times=15)]
    for saver in savers:
        _, err = saver.communicate(timeout=600)
        assert saver.returncode == 0, err
    assert _value(path) in (5.0, 6.0)
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR
    assert _leftovers(tmp_path) == []


def test_failed_write_keeps_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "data.bin"
    atomic_files.write_atomically(path, b"old")

    def chunks():
        yield b"new, half"
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        atomic_files.write_atomically(path, chunks())
    assert path.read_bytes() == b"old"
    assert _leftovers(tmp_path) == []


def test_replaces_a_read_only_file_with_the_requested_mode(tmp_path):
    path = tmp_path / "data.bin"
    atomic_files.write_atomically(path, b"one", mode=0o400)
    atomic_files.write_atomically(path, [b"t", b"wo"], mode=0o400)
    assert path.read_bytes() == b"two"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o400
    atomic_files.write_atomically(path, b"three")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o666 & ~umask
