"""Ops recorded with `program=` (registry.one_program_functional, e.g. `ops.matmul`): the
Tensor-level function calls the eager program's C++ dispatch itself, with no Python of the op in
between; bad input, traces, Parameters and NumPy inputs give what the implementation gives."""
from __future__ import annotations

import inspect
import sys
import types

import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, ops
from msjax._src.ops import registry
from msjax._src.backend.eager_cache import EagerProgram
from msjax._src.backend.one_program import eager_jit
from tests.support import PRIVATE_JAX

X = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
W = np.arange(12, dtype=np.float32).reshape(3, 4) / 8


@pytest.fixture
def program_calls(monkeypatch):
    """The names of the EagerPrograms called through their Python `__call__` (the path of an
    op's implementation); a call through the C++ dispatch alone is not counted. Without JAX's
    private fast paths there is no C++ dispatch of ours: every call is the implementation's
    (`_through_python`)."""
    calls = []
    original = EagerProgram.__call__

    def counting(self, *args, **kwargs):
        calls.append(self.__name__)
        return original(self, *args, **kwargs)
    monkeypatch.setattr(EagerProgram, "__call__", counting)
    return calls


@pytest.fixture
def scratch_module():
    """A module to register a test op in; the op tables are restored afterwards."""
    module = types.ModuleType("msjax_test_scratch_program_ops")
    sys.modules[module.__name__] = module
    saved = {name: dict(getattr(registry, name)) for name in ("OPS", "PRIMITIVES",
                                                             "TENSOR_METHODS")}
    try:
        yield module
    finally:
        del sys.modules[module.__name__]
        for name, content in saved.items():
            getattr(registry, name).clear()
            getattr(registry, name).update(content)


def _through_python(calls: int) -> int:
    """How many of `calls` by an op's C++ dispatch reach its program's Python `__call__`."""
    return 0 if PRIVATE_JAX else calls


def test_matmul_calls_its_program_without_its_implementation(program_calls):
    x, w = Tensor(X), Tensor(W)
    # The program of these shapes may have been evicted by earlier tests (the eager cache is
    # bounded, MSJAX_EAGER_PROGRAMS_MAX): it is rebuilt through Python, and its C++ dispatch
    # serves it again from the second or third call. Counted: the calls once it does.
    for _ in range(3):
        program_calls.clear()
        ops.matmul(x, w)
        if not program_calls:
            break
    program_calls.clear()
    for result in (ops.matmul(x, w), ops.matmul(input=x, other=w), x @ w, ops.matmul(x, w)):
        assert type(result) is Tensor
        np.testing.assert_allclose(result.asnumpy(), X @ W, rtol=1e-6)
    assert program_calls == ["_matmul_one_dtype"] * _through_python(4)
    assert ops.matmul.impl(X, W).shape == (2, 4)  # the implementation, for the record
    assert program_calls == ["_matmul_one_dtype"] * (1 + _through_python(4))


def test_matmul_bad_shapes_fall_back_to_mindsporess_error(program_calls):
    with pytest.raises(RuntimeError) as error:
        ops.matmul(Tensor(X), Tensor(X))
    assert str(error.value) == ("For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], "
                                "but got 3 and 2.")
    assert program_calls == ["_matmul_one_dtype"]  # the implementation made the error


@pytest.mark.parametrize("bad", ["abc", None])
def test_other_bad_input_raises_what_the_implementation_raises(bad):
    with pytest.raises(Exception) as expected:
        registry.functional(ops.matmul.impl)(Tensor(X), bad)
    with pytest.raises(type(expected.value)) as got:
        ops.matmul(Tensor(X), bad)
    assert str(got.value) == str(expected.value)


def test_parameters_numpy_and_traced_inputs():
    x = Tensor(X)
    w = Parameter(Tensor(W), name="w")
    np.testing.assert_allclose(ops.matmul(x, w).asnumpy(), X @ W, rtol=1e-6)
    np.testing.assert_allclose(ops.matmul(X, w).asnumpy(), X @ W, rtol=1e-6)
    np.testing.assert_allclose(msjax.jit(lambda a: ops.matmul(a, w))(x).asnumpy(), X @ W,
                               rtol=1e-6)
    gradient = msjax.grad(lambda a: ops.matmul(a, w).sum())(x)
    np.testing.assert_allclose(gradient.asnumpy(), np.ones((2, 4)) @ W.T, rtol=1e-6)
    batch = np.stack([X, 2 * X])
    np.testing.assert_allclose(msjax.vmap(lambda a: ops.matmul(a, w))(Tensor(batch)).asnumpy(),
                               batch @ W, rtol=1e-6)


def test_an_op_with_a_program_keeps_its_signature_and_record(scratch_module, program_calls):
    program = eager_jit(lambda input, scale: input * scale, inline_in_traces=True)

    def test_scaled(input, scale):
        return program(input, scale)
    test_scaled.__module__ = scratch_module.__name__
    scaled = registry.op("test_scaled", tensor_method=True, program=program)(test_scaled)
    assert registry.OPS["test_scaled"] is scaled and scaled.impl is test_scaled
    assert scaled.program is program and str(inspect.signature(scaled)) == "(input, scale)"
    x = Tensor(X)
    np.testing.assert_allclose(scaled(x, Tensor(W[:2, :3])).asnumpy(), X * W[:2, :3])
    np.testing.assert_allclose(scaled(scale=Tensor(X), input=x).asnumpy(), X * X)
    assert program_calls == ["<lambda>"] * _through_python(2)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'scale'"):
        scaled(x)


def test_an_op_with_a_program_must_take_required_parameters_only(scratch_module):
    program = eager_jit(lambda input: input, inline_in_traces=True)

    def test_defaulted(input, inplace=False):
        return program(input)
    test_defaulted.__module__ = scratch_module.__name__
    with pytest.raises(TypeError, match=r"test_defaulted\(input, inplace=False\) must take only "
                                        "required parameters.*Register it without `program`"):
        registry.op("test_defaulted", program=program)(test_defaulted)
    assert "test_defaulted" not in registry.OPS


@pytest.mark.parametrize("op_name", ["matmul", "hardswish", "silu"])
def test_jit_of_the_op_itself_traces_it_as_it_is(op_name):
    """msjax.jit converts a user's control flow from source; an op's generated function is
    msjax's own and is traced as it is (its implementation's source is not recompiled beside the
    generated function's globals, where the implementation's names are missing)."""
    op_function = getattr(ops, op_name)
    args = [Tensor(X), Tensor(W)] if op_name == "matmul" else [Tensor(X)]
    np.testing.assert_allclose(msjax.jit(op_function)(*args).asnumpy(),
                               op_function(*args).asnumpy(), rtol=1e-6)
