"""The accelerator benchmark's first steps each tune their own kernels (issue 29). With JAX's
persistent compilation cache on (JAX_COMPILATION_CACHE_DIR, as benchmarks/accelerator.py runs its
children), JAX also points XLA's autotuning cache into that folder, so the second first-step child
of a model would reuse the first's autotuning of every kernel the two programs share. The
children share compiled programs only (benchmarks/models.py, SEPARATE_AUTOTUNING)."""
from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

BENCHMARKS = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"


def _benchmark(name: str):
    sys.path.insert(0, str(BENCHMARKS))  # its sibling imports (_timing), as when run
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


class _Done:
    returncode, stderr = 0, ""

    def __init__(self, stdout):
        self.stdout = stdout


def _children_environments(module, monkeypatch, stdout='{"first": 1.0}\n') -> list:
    envs = []

    def run(command, **options):
        envs.append(options["env"])
        return _Done(stdout)
    monkeypatch.setattr(module.subprocess, "run", run)
    return envs


@pytest.mark.parametrize("cache", ["/tmp/msjax_acc_x/acc_resnet50_bfloat16", None])
def test_the_training_children_share_programs_but_not_xla_autotuning(monkeypatch, cache):
    models = _benchmark("models")
    if cache:
        monkeypatch.setenv("JAX_COMPILATION_CACHE_DIR", cache)
    else:
        monkeypatch.delenv("JAX_COMPILATION_CACHE_DIR", raising=False)
    monkeypatch.delenv("JAX_PERSISTENT_CACHE_ENABLE_XLA_CACHES", raising=False)
    envs = _children_environments(models, monkeypatch)
    assert models.run_child(["--child", "msjax", "acc_resnet50"], "first step") == {"first": 1.0}
    (env,) = envs
    assert env.get("JAX_COMPILATION_CACHE_DIR") == cache
    assert env.get("JAX_PERSISTENT_CACHE_ENABLE_XLA_CACHES") == ("none" if cache else None)


def test_with_the_setting_jax_points_no_xla_cache_into_the_folder(tmp_path):
    """What the setting does in JAX: the compile options JAX builds with the persistent cache on
    name XLA's autotuning cache folder by default, and none with it (jax._src.compiler, read in a
    child process: both are read when JAX starts)."""
    probe = (
        "import jax\n"
        "from jax._src import compiler, compilation_cache\n"
        "compilation_cache.reset_cache()\n"
        "jax.jit(lambda x: x + 1)(1.0)  # initialises the persistent cache\n"
        "options = compiler.get_compile_options(1, 1)\n"
        "print(repr(options.executable_build_options.debug_options"
        ".xla_gpu_per_fusion_autotune_cache_dir))\n")
    found = {}
    for name, extra in (("default", {}), ("separate", _benchmark("models").SEPARATE_AUTOTUNING)):
        env = dict(os.environ, JAX_COMPILATION_CACHE_DIR=str(tmp_path / name), JAX_PLATFORMS="cpu")
        env.pop("JAX_PERSISTENT_CACHE_ENABLE_XLA_CACHES", None)
        env.update(extra)
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                             env=env, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        found[name] = out.stdout.strip().splitlines()[-1]
    assert found["default"] == repr(str(tmp_path / "default" /
                                         "xla_gpu_per_fusion_autotune_cache_dir"))
    assert found["separate"] == "''"


def test_the_gpu_compile_children_use_no_persistent_cache(monkeypatch):
    """gpu_program.py's --on-device compile split: no compile there loads a program or another
    compile's autotuning."""
    gpu_program = _benchmark("gpu_program")
    monkeypatch.setenv("JAX_COMPILATION_CACHE_DIR", "/some/shared/cache")
    envs = _children_environments(gpu_program, monkeypatch, '{"compile_s": 1.0}\n')
    assert gpu_program.run_child(["--compile", "step.exported"], "compiling") == {"compile_s": 1.0}
    assert "JAX_COMPILATION_CACHE_DIR" not in envs[0]
