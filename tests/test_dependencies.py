"""What pyproject.toml declares is what msjax and its tests import, and the tested versions are
pinned: every third-party import is declared, every declared package is used, and constraints.txt
pins an exact version of each one within pyproject's ranges."""
from __future__ import annotations

import ast
import importlib.metadata
import pathlib
import re
import sys
import tomllib

import jax
import jax.numpy as jnp
import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
# Distribution name -> the top-level module it installs, where they differ.
_MODULE_OF = {"protobuf": "google", "Pillow": "PIL", "absl-py": "absl",
              "pytest-timeout": "pytest_timeout"}
# Declared packages that no file of ours imports, each with what needs it.
_USED_INDIRECTLY = {
    "flatbuffers": "jax.export's serialization (mindspore.export, load, the compile cache)",
    "pytest_timeout": "pytest's `timeout` setting in pyproject.toml",
    "gensim": "the model zoo's official/nlp/LSTM, which tests/compat/test_model_zoo_lstm.py runs "
              "unchanged: its preprocessing reads GloVe vectors with gensim",
}
_PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]


def _modules(requirements) -> set:
    return {_MODULE_OF.get(_name(r), _name(r)).replace("-", "_") for r in requirements}


def _imported(*folders) -> set:
    """Top-level modules imported anywhere under `folders` (at module level or in functions)."""
    found = set()
    for folder in folders:
        for path in (REPO / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    found |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"msjax", "__future__", "mindspore", "tests"}


_RUNTIME = _modules(_PROJECT["dependencies"])
_TEST = _modules(_PROJECT["optional-dependencies"]["test"])


def test_every_package_msjax_imports_is_a_runtime_dependency():
    assert _imported("msjax") - _RUNTIME == set()


def test_every_package_the_tests_and_benchmarks_import_is_declared():
    # benchmarks/ import their own sibling modules by name (run as scripts from that folder).
    siblings = {p.stem for p in (REPO / "benchmarks").glob("*.py")} | {"benchmarks"}
    # golden probe scripts import a sibling's helpers (its TFRecord writer) by name, as the
    # oracle runs them: MSJAX_PROBE_SCRIPTS or their own folder on sys.path
    siblings |= {p.stem for p in (REPO / "tests" / "goldens" / "scripts").glob("*.py")}
    # `src`: a model zoo model's own package (its directory is put on sys.path by
    # tests/compat/test_model_zoo_steps.py, which skips without the zoo), not a distribution.
    zoo = {"src"}
    assert _imported("tests", "benchmarks") - siblings - zoo - _RUNTIME - _TEST == set()


def test_every_declared_package_is_used():
    used = _imported("msjax", "tests", "benchmarks") | set(_USED_INDIRECTLY)
    assert (_RUNTIME | _TEST) - used == set()


def test_jax_export_serialization_works_as_installed():
    # What flatbuffers is declared for: without it `serialize` raises ImportError.
    exported = jax.export.export(jax.jit(lambda x: x * 2))(jnp.ones(3, jnp.float32))
    again = jax.export.deserialize(exported.serialize())
    assert again.call(jnp.arange(3, dtype=jnp.float32)).tolist() == [0.0, 2.0, 4.0]


def _constraints() -> dict:
    pins = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin (name==version)"
            pins[_canonical(name)] = version
    return pins


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_constraints_pin_every_declared_package_within_its_range():
    from packaging.requirements import Requirement
    pins = _constraints()
    for requirement in _PROJECT["dependencies"] + _PROJECT["optional-dependencies"]["test"]:
        parsed = Requirement(requirement)
        version = pins.get(_canonical(parsed.name))
        assert version is not None, f"constraints.txt does not pin {parsed.name}"
        assert parsed.specifier.contains(version), \
            f"constraints.txt pins {parsed.name}=={version}, outside pyproject's {parsed.specifier}"


@pytest.mark.parametrize("name", ["jax", "jaxlib", "numpy", "flax", "optax", "grain", "pytest"])
def test_the_installed_fast_moving_packages_are_the_pinned_ones(name):
    # CI installs with constraints.txt; a differing version here means the suite is not testing
    # what is pinned (refresh with `python tools/refresh_constraints.py`).
    assert importlib.metadata.version(name) == _constraints()[_canonical(name)]
