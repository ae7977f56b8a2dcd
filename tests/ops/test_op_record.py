"""An op's `@op(...)` line is its whole record (registry.py): its functional names, the Primitive
classes that are the op with the same inputs, and the names under which it is a Tensor method.
Adding an op touches that line (plus the generated `msjax/ops` modules, test_generated_current)."""
from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from msjax import Tensor, ops
from msjax._src.ops import overloads, registry
from msjax._src.ops.registry import OPS, PRIMITIVES, TENSOR_METHODS
from msjax._src.reference import mindspore_modules


@pytest.fixture
def scratch_module():
    """A module to register a test op in; the tables are restored afterwards."""
    module = types.ModuleType("msjax_test_scratch_ops")
    sys.modules[module.__name__] = module
    saved = {table_name: dict(getattr(registry, table_name))
             for table_name in ("OPS", "PRIMITIVES", "TENSOR_METHODS")}
    try:
        yield module
    finally:
        del sys.modules[module.__name__]
        for table_name, content in saved.items():
            table = getattr(registry, table_name)
            table.clear()
            table.update(content)


def _register_halve(module, **record):
    def halve(input):
        return input / 2
    halve.__module__ = module.__name__
    return registry.op("test_halve", "test_half", **record)(halve)


def test_one_record_makes_the_functional_op_primitive_and_method(scratch_module):
    halve = _register_halve(scratch_module, primitive=("TestHalve", "TestHalf"),
                            tensor_method="test_halve")
    assert OPS["test_halve"] is halve and OPS["test_half"] is halve
    assert TENSOR_METHODS == {**TENSOR_METHODS, "test_halve": halve}
    assert "test_half" not in TENSOR_METHODS
    x = Tensor(np.array([2.0, 6.0], np.float32))
    for class_name in ("TestHalve", "TestHalf"):
        cls = getattr(scratch_module, class_name)  # where msjax/ops re-exports it from
        assert PRIMITIVES[class_name] is cls and cls.op_function is halve
        assert isinstance(cls(), ops.Primitive) and repr(cls()) == f"Prim[{class_name}]"
        np.testing.assert_array_equal(cls()(x).asnumpy(), [1.0, 3.0])


def test_tensor_method_true_makes_every_name_a_method(scratch_module):
    halve = _register_halve(scratch_module, tensor_method=True)
    assert TENSOR_METHODS["test_halve"] is halve and TENSOR_METHODS["test_half"] is halve
    assert not hasattr(scratch_module, "TestHalve")


def test_a_name_in_two_records_is_refused(scratch_module):
    _register_halve(scratch_module, primitive="TestHalve")
    with pytest.raises(ValueError, match="'TestHalve' is registered twice"):
        registry.op("test_other", primitive="TestHalve")(lambda input: input)


@pytest.mark.parametrize("name", sorted(TENSOR_METHODS))
def test_a_recorded_tensor_method_is_the_op(name):
    """No adapter in tensor_methods.py silently replaces a method an op's record declares (the
    method may resolve MindSpore's overloads first: ops/overloads.py, then call the op)."""
    method = getattr(Tensor, name)
    assert method is TENSOR_METHODS[name] or (
        name in overloads.method_names() + overloads.single_names()
        and method.__wrapped__ is TENSOR_METHODS[name])
    assert OPS[name] is TENSOR_METHODS[name]


def test_recorded_primitives_call_their_op():
    # MindSpore's gradient Primitives (ops.operations._grad_ops), its linalg_ops/scipy ones, most
    # of its sparse_ops ones, math_ops.AddV2, random_ops.Uniform, _rl_inner_ops.GRUV2,
    # _embedding_cache_ops.PadAndShift (ops/inner_ops.py) and
    # nn_ops.SparseSoftmaxCrossEntropyWithLogitsV2 are no names of ops: the
    # Primitives of those modules (tools/gen_ops_init.py INTERNAL_PRIMITIVE_MODULES) are names
    # of ops where MindSpore's ops has them
    internal = ("msjax._src.ops.alias_primitives", "msjax._src.ops.grad_ops",
                "msjax._src.ops.grad_primitives", "msjax._src.ops.inner_ops",
                "msjax._src.ops.linalg_primitives",
                "msjax._src.ops.sparse_primitives", "msjax._src.ops.random_ops",
                "msjax._src.ops.rl_inner_ops", "msjax._src.ops.loss_ops")
    mindspore_ops = set(mindspore_modules()["mindspore.ops"]["names"])
    recorded = {name: cls for name, cls in PRIMITIVES.items() if hasattr(cls, "op_function")
                and getattr(sys.modules[cls.op_function.__module__], name, None) is cls
                and (cls.op_function.__module__ not in internal or name in mindspore_ops)}
    assert {"Add", "Mul", "Exp", "ReLU", "ACos", "ScatterNd"} <= set(recorded)
    x = Tensor(np.array([0.25, 0.5], np.float32))
    np.testing.assert_allclose(ops.ACos()(x).asnumpy(), np.arccos([0.25, 0.5]), rtol=1e-6)
    np.testing.assert_allclose(ops.Add()(x, x).asnumpy(), [0.5, 1.0])
    for name, cls in recorded.items():
        assert getattr(ops, name) is cls
