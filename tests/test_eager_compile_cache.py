"""JAX's persistent compilation cache for eager ops (msjax/_src/backend/compile_settings.py): a second
process's first eager forward loads every op from the cache instead of compiling it.

msjax's own eager program cache (`msjax_programs`) is one of JAX's private fast paths: without
them (`MSJAX_PRIVATE_JAX=0`, inherited by the processes run here) every eager program is JAX's
jit, kept in JAX's cache alone (`OWN_PROGRAMS`)."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from msjax._src.backend import compile_settings
from msjax._src.backend import eager_cache
from tests.support import PRIVATE_JAX

OWN_PROGRAMS = PRIVATE_JAX  # whether msjax stores eager programs in its own cache

_EAGER_FORWARD = textwrap.dedent("""
    import json
    import jax
    import logging
    events, compiled = {}, []
    jax.monitoring.register_event_listener(
        lambda name, **kw: events.__setitem__(name, events.get(name, 0) + 1))

    class CompileLog(logging.Handler):  # the programs traced, lowered and compiled (or loaded
        def emit(self, record):         # from JAX's cache): not those msjax loads itself
            if record.getMessage().startswith("Compiling "):
                compiled.append(record.getMessage().split(" ")[1])
    logging.getLogger("jax").addHandler(CompileLog())
    jax.config.update("jax_log_compiles", True)
    logging.getLogger("jax").setLevel(logging.WARNING)
    import numpy as np
    import msjax as ms
    from msjax import nn

    class Block(nn.Cell):  # a tiny ResNet-ish block, run eagerly (PyNative is the default)
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3, pad_mode='pad', padding=1)
            self.bn = nn.BatchNorm2d(4)
            self.relu = nn.ReLU()
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.fc = nn.Dense(4, 2)

        def construct(self, x):
            y = self.relu(self.bn(self.conv(x)))
            return self.fc(self.pool(y + y).reshape(x.shape[0], -1))

    np.random.seed(0)  # the initial weights (drawn from NumPy's generator, as MindSpore's)
    net = Block()
    net.set_train(False)
    out = net(ms.Tensor(np.ones((2, 3, 8, 8), np.float32)))
    print(json.dumps({"sum": float(out.sum().asnumpy()),
                      "dir": jax.config.jax_compilation_cache_dir,
                      "requests": events.get('/jax/compilation_cache/compile_requests_use_cache', 0),
                      "hits": events.get('/jax/compilation_cache/cache_hits', 0),
                      "compiled": compiled}))
""")


def _run(tmp_path, **env_changes):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JAX_COMPILATION_CACHE", "JAX_ENABLE_COMPILATION_CACHE",
                                "MS_COMPILER_CACHE", "MSJAX_EAGER"))}
    env["XDG_CACHE_HOME"] = str(tmp_path / "home_cache")
    env.update(env_changes)
    done = subprocess.run([sys.executable, "-c", _EAGER_FORWARD], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _entries(folder):
    if not os.path.isdir(folder):
        return []
    return [f for f in os.listdir(folder)
            if not f.startswith(".") and os.path.isfile(os.path.join(folder, f))]


def test_second_process_loads_every_eager_op_from_the_cache(tmp_path):
    first = _run(tmp_path)
    folder = str(tmp_path / "home_cache" / "msjax" / "jax_cache")
    programs = os.path.join(folder, eager_cache.SUBFOLDER)
    assert first["dir"] == folder
    assert first["requests"] > 0 and first["hits"] == 0
    stored, own = len(_entries(folder)), len(_entries(programs))
    assert stored >= first["requests"] // 2  # each distinct single op's executable is on disk
    # the eager programs (convolution, batch norm, relu, add, dense, ...) in msjax's own cache,
    # compiled without JAX's cache; without it, each through JAX's cache
    assert own >= 6 if OWN_PROGRAMS else own == 0
    assert len(first["compiled"]) == first["requests"] + own
    second = _run(tmp_path)
    # msjax's eager programs are loaded without tracing or lowering (no "Compiling" line), the
    # single primitives from JAX's cache: nothing is compiled anew (without msjax's own cache,
    # every program is traced again and its executable loaded from JAX's cache)
    for name in ("jit(_conv_and_bias)", "jit(_normalize)", "jit(_dense_and_bias)", "jit(relu)",
                 "jit(add)"):
        assert name in first["compiled"]
        assert (name in second["compiled"]) is not OWN_PROGRAMS
    assert second["hits"] == second["requests"] == len(second["compiled"]) == first["requests"]
    assert second["sum"] == first["sum"]
    assert (len(_entries(folder)), len(_entries(programs))) == (stored, own)


def test_mindspore_compile_cache_keeps_its_own_folder(tmp_path):
    """MS_COMPILER_CACHE_ENABLE=1: the graph compile cache puts JAX's cache in MindSpore's
    layout when it first compiles a graph; msjax's import sets nothing; msjax's eager programs
    are kept in that layout too."""
    env = dict(MS_COMPILER_CACHE_ENABLE="1", MS_COMPILER_CACHE_PATH=str(tmp_path / "ms"),
               RANK_ID="3")
    result = _run(tmp_path, **env)
    assert result["dir"] is None and result["hits"] == 0
    assert not os.path.exists(tmp_path / "home_cache" / "msjax" / "jax_cache")
    # msjax's eager programs go to MindSpore's cache folder, and are loaded from there
    programs = tmp_path / "ms" / "rank_3" / "graph_cache" / eager_cache.SUBFOLDER
    stored = len(_entries(programs))
    assert (stored >= 6 if OWN_PROGRAMS else stored == 0)
    assert "jit(_conv_and_bias)" in result["compiled"]
    again = _run(tmp_path, **env)
    # loaded from there (without msjax's own cache: compiled again, no graph having set JAX's
    # cache up)
    assert ("jit(_conv_and_bias)" in again["compiled"]) is not OWN_PROGRAMS
    assert again["sum"] == result["sum"]
    assert len(_entries(programs)) == stored


@pytest.mark.parametrize("env", [{"MS_COMPILER_CACHE_ENABLE": "0"},
                                 {"MSJAX_EAGER_COMPILE_CACHE": "0"}])
def test_switched_off(tmp_path, env):
    result = _run(tmp_path, **env)
    assert result["dir"] is None and result["hits"] == 0
    assert not os.path.exists(tmp_path / "home_cache" / "msjax" / "jax_cache")
    assert not os.path.exists(tmp_path / "home_cache" / "msjax")  # nor msjax's program cache


def test_users_jax_setting_wins(tmp_path):
    own = str(tmp_path / "own")
    result = _run(tmp_path, JAX_COMPILATION_CACHE_DIR=own)
    assert result["dir"] == own
    assert not os.path.exists(tmp_path / "home_cache" / "msjax" / "jax_cache")


def test_folder_choice_and_rules():
    env = {"MSJAX_EAGER_COMPILE_CACHE": "~/x", "HOME": "/h"}
    assert compile_settings.eager_cache_dir(env) == os.path.expanduser("~/x")
    assert compile_settings.eager_cache_dir({"XDG_CACHE_HOME": "/c"}) == "/c/msjax/jax_cache"
    assert compile_settings.eager_cache_dir({"JAX_ENABLE_COMPILATION_CACHE": "false"}) is None


def test_a_folder_others_may_write_to_is_not_given_to_jax(tmp_path):
    """JAX's cache entries are not signed: msjax gives it no folder another user could plant an
    executable in (one warning), nor MindSpore's compile cache folder, which may be shared."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    script = ("import jax, msjax, numpy as np\n"
              "msjax.set_context(mode=msjax.GRAPH_MODE)\n"
              "msjax.jit(lambda x: x + 1)(msjax.Tensor(np.ones(2, np.float32)))\n"
              "print('DIR', jax.config.jax_compilation_cache_dir)\n")
    for env_changes, warned in (({"MSJAX_EAGER_COMPILE_CACHE": str(shared)}, True),
                                ({"MS_COMPILER_CACHE_ENABLE": "1",
                                  "MS_COMPILER_CACHE_PATH": str(tmp_path / "ms")}, False)):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("JAX_COMPILATION_CACHE", "JAX_ENABLE_COMPILATION_CACHE",
                                    "MS_COMPILER_CACHE", "MSJAX_EAGER"))}
        env.update(env_changes, XDG_CACHE_HOME=str(tmp_path / "home_cache"))
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        assert "DIR None" in done.stdout
        assert ("may be written by other users" in done.stderr) is warned, done.stderr[-2000:]
    assert os.listdir(shared) == []


_EIG = textwrap.dedent("""
    import json
    import numpy as np
    import msjax as ms
    values, vectors = ms.ops.eig(ms.Tensor(np.array([[2.0, 1.0], [1.0, 2.0]], np.float32)))
    print(json.dumps(sorted(float(v) for v in values.asnumpy().real)))
""")


def test_second_process_runs_a_loaded_lapack_program(tmp_path):
    """An eager program that calls jaxlib's CPU LAPACK (ops.eig's geev), loaded from the cache in
    a process that lowered no linear algebra, runs (jax_private.deserialize_executable sets up
    LAPACK first; without it the process crashed)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JAX_COMPILATION_CACHE", "JAX_ENABLE_COMPILATION_CACHE",
                                "MS_COMPILER_CACHE", "MSJAX_EAGER"))}
    env["XDG_CACHE_HOME"] = str(tmp_path / "home_cache")
    runs = [subprocess.run([sys.executable, "-c", _EIG], env=env, capture_output=True, text=True,
                           timeout=300) for _ in range(2)]
    for done in runs:
        assert done.returncode == 0, done.stderr[-3000:]
        assert json.loads(done.stdout.strip().splitlines()[-1]) == pytest.approx([1.0, 3.0])
    programs = tmp_path / "home_cache" / "msjax" / "jax_cache" / eager_cache.SUBFOLDER
    assert (len(_entries(programs)) > 0) is OWN_PROGRAMS  # the second run loaded it from there
