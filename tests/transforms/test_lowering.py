"""Backend-specific lowerings (`msjax/_src/backend/lowering.py`): chosen per backend in one
place, and every lowering gives the same results (only compile time and speed differ)."""
from __future__ import annotations

import numpy as np
import pytest

from msjax._src.backend import lowering
from tests.support import PRIVATE_JAX
from tests.transforms.test_lazy_inline import X, make_stack, step_of


def test_the_cpu_backend_gets_its_workarounds_and_others_the_plain_program():
    cpu = lowering.for_backend("cpu")
    assert cpu.platforms == ("cpu",)
    assert cpu.ensemble((0, 0), 4) == "looped"
    assert cpu.ensemble((0, None), 4) == "vectorised"  # an unbatched output needs one program
    for backend in ("gpu", "tpu"):
        plain = lowering.for_backend(backend)
        assert type(plain) is lowering.Lowering
        assert plain.ensemble((0, 0), 4) == "vectorised"
        assert not plain.inline_scanned_chains(None)


def _program_of(step):
    (program,) = set(step.compiled.programs.values())
    return program


@pytest.mark.parametrize("n", [6])
def test_a_stacked_chain_gives_the_same_results_with_and_without_the_cpu_lowering(
        monkeypatch, n):
    cpu_step = step_of(make_stack(n, lazy=True))
    cpu_loss, cpu_grads = cpu_step(X)
    # the CPU lowering returned rows stacked (found through JAX's private jaxpr API: without it
    # the outputs stay as they are)
    assert (_program_of(cpu_step).rows is not None) is PRIVATE_JAX
    monkeypatch.setattr(lowering, "for_backend", lambda backend=None: lowering.Lowering())
    plain_step = step_of(make_stack(n, lazy=True))
    plain_loss, plain_grads = plain_step(X)
    assert _program_of(plain_step).rows is None
    np.testing.assert_allclose(plain_loss.asnumpy(), cpu_loss.asnumpy(), rtol=1e-6)
    assert len(plain_grads) == len(cpu_grads) == 6 * n
    for got, want in zip(plain_grads, cpu_grads):
        np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-6, atol=1e-7)
