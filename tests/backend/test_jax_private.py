"""JAX's private APIs behind one gate (`msjax/_src/backend/jax_private.py`): one module imports
them, the versions it was written for are pyproject's range, and outside that range (or with
`MSJAX_PRIVATE_JAX=0`) msjax runs on public JAX with the same results."""
from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from msjax._src.backend import jax_private

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRIVATE_MODULES = ("jax._src", "jaxlib", "jax.interpreters", "jax.extend", "jax.lib")
GATED = {"msjax/_src/backend/jax_private.py"}


def _private_imports(path: pathlib.Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [n for n in names
                  if any(n == m or n.startswith(m + ".") for m in PRIVATE_MODULES)]
    return found


def test_only_the_gated_module_imports_private_jax():
    importing = {}
    for path in sorted((ROOT / "msjax").rglob("*.py")):
        names = _private_imports(path)
        if names:
            importing[path.relative_to(ROOT).as_posix()] = sorted(set(names))
    assert set(importing) <= GATED, {k: v for k, v in importing.items() if k not in GATED}
    assert set(importing) == GATED  # (the check sees the imports it is meant to find)


def test_the_gate_is_written_for_pyprojects_jax_range():
    text = (ROOT / "pyproject.toml").read_text()
    requirements = [Requirement(line.strip().strip('",')) for line in text.splitlines()
                    if line.strip().startswith(('"jax>', '"jax=', '"jaxlib'))]
    first, end = jax_private.TESTED_JAX
    for requirement in requirements:
        assert requirement.specifier.contains(Version(".".join(map(str, first)))), requirement
        assert not requirement.specifier.contains(Version(".".join(map(str, end)))), requirement
        below = Version(".".join(map(str, first[:2] + (first[2] - 1,))))
        assert not requirement.specifier.contains(below), requirement
    assert {r.name for r in requirements} == {"jax", "jaxlib"}


@pytest.mark.parametrize("version, environ, enabled, warns", [
    ("0.10.2", {}, True, False),
    ("0.10.7", {}, True, False),
    ("0.10.2", {"MSJAX_PRIVATE_JAX": ""}, True, False),
    ("0.11.0", {}, False, True),
    ("0.11.0.dev20260301", {}, False, True),
    ("0.10.1", {}, False, True),
    ("0.10.2", {"MSJAX_PRIVATE_JAX": "0"}, False, False),
    ("0.11.0", {"MSJAX_PRIVATE_JAX": "0"}, False, False),
    ("0.11.0", {"MSJAX_PRIVATE_JAX": "1"}, True, False),
])
def test_the_gate(version, environ, enabled, warns):
    on, warning = jax_private.decide(version, environ)
    assert on is enabled
    if warns:
        assert f"JAX {version}" in warning and "MSJAX_PRIVATE_JAX=0" in warning
        assert ">=0.10.2,<0.11" in warning
    else:
        assert warning is None


def test_a_bad_switch_value_says_what_it_takes():
    with pytest.raises(ValueError, match=r"MSJAX_PRIVATE_JAX must be 0 .* but got 'yes'"):
        jax_private.decide("0.10.2", {"MSJAX_PRIVATE_JAX": "yes"})


_PUBLIC_ONLY_SCRIPT = """
import sys, warnings
import jax
if sys.argv[1] != "-":
    jax.__version__ = sys.argv[1]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import msjax as ms
    import numpy as np
    from msjax import Tensor, nn, ops
    from msjax._src.backend import eager_cache, jax_private, lowering
    print("enabled", jax_private.ENABLED)
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    print("eager", (ops.add(x, x) * 2).asnumpy().tolist(), type(ops.add).__name__)
    print("eager program", eager_cache.AVAILABLE)
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    print("graph", [net(x).asnumpy().tolist() for _ in range(3)][-1])
    loss = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(loss, nn.SGD(net.trainable_params(), 0.1))
    print("steps", [round(float(step(x, Tensor(np.zeros((2, 2), np.float32))).asnumpy()), 4)
                    for _ in range(3)])
    conv = nn.Conv2d(8, 8, 3, weight_init="ones")
    print("conv", float(conv(Tensor(np.ones((1, 8, 2, 2), np.float32))).asnumpy().sum()))
for w in caught:
    print("warning", w.category.__name__, str(w.message))
"""


def _run(version: str, **env):
    environ = {k: v for k, v in os.environ.items() if k != "MSJAX_PRIVATE_JAX"}
    environ.update(env, PYTHONPATH=str(ROOT), MSJAX_EAGER_COMPILE_CACHE="0")
    done = subprocess.run([sys.executable, "-c", _PUBLIC_ONLY_SCRIPT, version],
                          capture_output=True, text=True, timeout=300, env=environ, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_a_jax_outside_the_tested_range_runs_on_public_jax_with_one_warning():
    tested = _run("-")
    untested = _run("0.11.0")
    assert "enabled True" in tested and "enabled False" in untested
    assert "eager program True" in tested and "eager program False" in untested
    warnings = [line for line in untested if line.startswith("warning")]
    assert len(warnings) == 1, untested
    assert warnings[0].startswith("warning RuntimeWarning msjax: JAX 0.11.0 is outside")
    assert "MSJAX_PRIVATE_JAX=0" in warnings[0]
    assert not [line for line in tested if line.startswith("warning")], tested
    # the same results, computed on public JAX only
    assert [line for line in tested if not line.startswith(("enabled", "eager program"))] == \
        [line for line in untested if not line.startswith(("enabled", "eager program",
                                                            "warning"))]


def test_the_switch_turns_the_fast_paths_off_without_a_warning():
    lines = _run("-", MSJAX_PRIVATE_JAX="0")
    assert "enabled False" in lines and "eager program False" in lines
    assert not [line for line in lines if line.startswith("warning")], lines
