"""set_context / get_context / set_device / set_seed / get_seed against MindSpore 2.10.

Golden: tests/goldens/context.json (tests/goldens/scripts/context_probe.py): `get_context` of
every key MindSpore knows in a fresh process, and a sequence of calls run in one process with
each call's value or exception. The sequence is replayed in order, since calls change state.
"""
from __future__ import annotations

import json
import pathlib
import types

import jax
import numpy as np
import pytest

import msjax
from msjax._src.core import context
from msjax._src.core import random as ms_random
from tests.test_tensor import check_record

_GOLDEN = json.loads((pathlib.Path(__file__).parent / "goldens" / "context.json").read_text())

# MindSpore's names, as msjax implements them: the public namespace plus the context module's
# constants that are not exported yet (see test_public_exports).
_MS = types.SimpleNamespace(**{k: getattr(msjax, k) for k in dir(msjax) if not k.startswith("__")})
for _name in ("STRICT", "COMPATIBLE", "LAX"):
    setattr(_MS, _name, getattr(context, _name))
_MS.context = context



@pytest.mark.parametrize("record", _GOLDEN["defaults"], ids=lambda r: r["key"])
def test_get_context_defaults(record):
    check_record(record, lambda: context.get_context(record["key"]))


def test_calls_in_sequence():
    """Each call's value or MindSpore's exception, with the state the earlier calls left."""
    ms_random.GLOBAL_KEY.seed = None  # a fresh process: get_seed() is None until set_seed
    namespace = {"ms": _MS, "np": np}
    for record in _GOLDEN["calls"]:
        try:
            check_record(record, lambda stmt=record["stmt"]: eval(stmt, namespace))
        except AssertionError as error:
            raise AssertionError(f"{record['stmt']}: {error}") from None


def test_mode_values_and_switching():
    assert (msjax.GRAPH_MODE, msjax.PYNATIVE_MODE) == (0, 1)
    assert msjax.get_context("mode") == msjax.PYNATIVE_MODE
    msjax.set_context(mode=msjax.GRAPH_MODE)
    assert context.is_graph_mode()
    msjax.set_context(mode=msjax.PYNATIVE_MODE)
    assert not context.is_graph_mode()


def test_a_bad_key_after_a_good_one_leaves_the_good_one_set():
    with pytest.raises(ValueError, match="the keyword argument abc is not recognized"):
        msjax.set_context(mode=msjax.GRAPH_MODE, abc=1)
    assert msjax.get_context("mode") == msjax.GRAPH_MODE


def test_type_errors_come_before_any_change():
    with pytest.raises(TypeError, match="The parameter 'max_call_depth' must be <class 'int'>"):
        msjax.set_context(mode=msjax.GRAPH_MODE, max_call_depth="deep")
    assert msjax.get_context("mode") == msjax.PYNATIVE_MODE


def test_gpu_and_ascend_targets_are_accepted():
    """MindSpore's CPU build raises RuntimeError here; msjax runs such programs on JAX."""
    msjax.set_context(device_target="GPU")
    assert msjax.get_context("device_target") == "GPU"
    msjax.set_device("Ascend", 1)
    assert msjax.get_context("device_target") == "Ascend"
    assert msjax.get_context("device_id") == 1
    assert context.jax_device() is None  # no Ascend in JAX: its default device


def test_the_default_target_is_the_backends(monkeypatch):
    """MindSpore's default target is its package's (its GPU package says 'GPU'): msjax's is
    'GPU' on JAX's GPU backend, else 'CPU', read from JAX when first asked for."""
    expected = "GPU" if jax.default_backend() == "gpu" else "CPU"
    monkeypatch.setitem(context._context, "device_target", None)
    assert msjax.get_context("device_target") == expected
    assert msjax.get_current_device() == (expected, 0)

    for backend, target in (("gpu", "GPU"), ("tpu", "CPU"), ("cpu", "CPU")):
        monkeypatch.setattr(jax, "default_backend", lambda b=backend: b)
        context._context["device_target"] = None
        assert msjax.get_context("device_target") == target
        assert msjax.get_current_device().device_target == target


def test_on_a_gpu_backend_gpu_config_applies_without_a_set_target(monkeypatch, caplog):
    """As on MindSpore's GPU package, `gpu_config` needs no `device_target='GPU'` there; a target
    set explicitly still wins."""
    monkeypatch.setattr(jax, "default_backend", lambda: "gpu")
    monkeypatch.setitem(context._context, "device_target", None)
    msjax.set_context(gpu_config={"conv_allow_tf32": False})
    assert msjax.get_context("conv_allow_tf32") is False
    msjax.set_context(device_target="CPU", gpu_config={"conv_allow_tf32": True})
    assert msjax.get_context("conv_allow_tf32") is False  # ignored, with MindSpore's warning
    assert "only supports devices in '['GPU']', but got 'CPU'" in caplog.text


def test_davinci_means_ascend():
    msjax.set_context(device_target="Davinci")
    assert msjax.get_context("device_target") == "Ascend"


@pytest.mark.parametrize("name", [
    n for n in ("GRAPH_MODE", "PYNATIVE_MODE", "set_context", "get_context", "set_device",
              "set_seed", "get_seed", "STRICT", "COMPATIBLE", "LAX", "context")])
def test_public_exports(name):
    assert hasattr(msjax, name)


_MODULE_GOLDEN = json.loads(
    (pathlib.Path(__file__).parent / "goldens" / "core" / "context_module.json").read_text())


def test_context_module_calls_in_sequence(monkeypatch):
    """mindspore.context's K_CONTEXT, _context(), get_jit_config, set_context.__wrapped__ and the
    environment variables the deterministic settings set, replayed from a fresh MindSpore 2.10
    process (tests/goldens/scripts/context_module_probe.py)."""
    import msjax.context
    from msjax._src.core import device_info

    monkeypatch.setattr(device_info, "_DETERMINISTIC_SET", [])
    for name in ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER"):
        monkeypatch.delenv(name, raising=False)

    def setenv(name, value):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)

    ms = types.SimpleNamespace(**vars(_MS))
    ms.context = msjax.context
    ms.device_manager = device_info
    namespace = {"ms": ms, "env": lambda name: __import__("os").environ.get(name),
                 "setenv": setenv}
    for record in _MODULE_GOLDEN["calls"]:
        try:
            check_record(record, lambda stmt=record["stmt"]: eval(stmt, namespace))
        except AssertionError as error:
            raise AssertionError(f"{record['stmt']}: {error}") from None
