"""`mindspore.ops` as a whole: its names and signatures against MindSpore 2.10's, the op table's
coverage of them, Primitive construction, and the MindSpore result types users rely on."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

import msjax
from msjax import Tensor, ops
from msjax._src.reference import mindspore_api
from tests.ops.op_records import CASES

MS_OPS = mindspore_api()["mindspore.ops"]
# Submodules (mindspore.ops.operations, ...) are answered by the module tree, not listed here.
EXPORTED = sorted(n for n in dir(ops) if not n.startswith("_")
                  and not inspect.ismodule(getattr(ops, n)))
COUNTED = sorted(set(EXPORTED) & set(MS_OPS))

# Names whose MindSpore signature is a generic (*args, **kwargs) wrapper, or that live outside
# the op table (Primitive's base, composites), or that are no callables (`vm_impl_registry`, a
# registry object: MindSpore records no signature).
_GENERIC_SIGNATURES = {"less", "lt", "tensor_lt", "tensor_sub", "tensor_scatter_update",
                       "Primitive", "Partial", "partial", "Tensor", "ReduceOp", "vm_impl_registry"}
# The op modules the op table covers (state, collective, composite and Ascend-only ops, and
# names defined outside msjax._src.ops, have tests of their own).
_TABLE_MODULES = tuple(f"msjax._src.ops.{m}" for m in (
    "array_ops", "math_ops", "reduce_ops", "nn_ops", "loss_ops", "primitives", "linalg_ops",
    "random_ops", "spectral_ops", "scatter_ops", "image_ops", "pooling_ops", "activation_ops",
    "layer_ops"))


def _defining_modules() -> dict:
    """{public name: the msjax._src module it is imported from}, read from msjax/ops/__init__."""
    source = inspect.getsource(ops)
    modules = {}
    for line in source.splitlines():
        if line.startswith("from ") and " as " in line:
            module, rest = line[5:].split(" import ")
            modules[rest.split(" as ")[1].strip()] = module
    return modules


def test_every_exported_name_is_a_mindspore_ops_name():
    assert sorted(set(EXPORTED) - set(MS_OPS)) == []


def test_at_least_350_mindspore_ops_names():
    assert len(COUNTED) >= 350, len(COUNTED)


def test_every_counted_op_has_a_record_in_the_op_table():
    recorded = {c.op for c in CASES}
    modules = _defining_modules()
    missing = [n for n in COUNTED if n not in recorded and modules[n] in _TABLE_MODULES]
    assert missing == [], "add records to tests/ops/op_records_more.py, then run " \
        "tests/goldens/scripts/ops_table.py"


def _signature(obj) -> str:
    if isinstance(obj, type):
        text = str(inspect.signature(obj.__init__))
        text = text.replace("(self, ", "(").replace("(self)", "()")
    else:
        text = str(inspect.signature(getattr(obj, "impl", obj)).replace(
            return_annotation=inspect.Signature.empty))
    # (msjax's Tensor and sparse tensors are MindSpore's mindspore.common.tensor and
    # mindspore.common.sparse_tensor classes)
    text = text.replace("msjax._src.core.sparse_tensor.", "mindspore.common.sparse_tensor.")
    text = text.replace("msjax._src.core.tensor.", "mindspore.common.tensor.")
    return text.replace("mindspore.", "").replace(" ", "")


def _without_return_annotation(signature: str) -> str:
    """A signature's text without `-> ...` (msjax's functions' return annotations differ)."""
    return signature.split("->")[0].strip()


@pytest.mark.parametrize("name", [n for n in COUNTED if n not in _GENERIC_SIGNATURES])
def test_signature_matches_mindspore(name):
    expected = _without_return_annotation(MS_OPS[name]["signature"]).replace(
        "mindspore.", "").replace(" ", "")
    assert _signature(getattr(ops, name)) == expected


# -- Primitive classes -------------------------------------------------------------------------
def test_primitive_takes_mindspore_constructor_arguments():
    matmul = ops.MatMul(transpose_b=True)
    assert (matmul.transpose_a, matmul.transpose_b) == (False, True)
    assert repr(matmul) == "Prim[MatMul]<transpose_a=False, transpose_b=True>"
    x, w = Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 3), np.float32))
    assert matmul(x, w).shape == (2, 4)
    assert repr(ops.Add()) == "Prim[Add]"
    assert repr(ops.ReduceSum(keep_dims=True)) == "Prim[ReduceSum]<keep_dims=True, skip_mode=False>"
    assert repr(ops.Softmax(axis=1)) == "Prim[Softmax]<axis=(1,)>"


def test_primitive_requires_mindspore_required_arguments():
    with pytest.raises(TypeError):
        ops.Cummax()
    assert repr(ops.Cummax(0)) == "Prim[Cummax]<axis=0>"
    with pytest.raises(TypeError):
        ops.MatMul(False, False, True)


def test_primitive_attributes_and_isinstance():
    prim = ops.ReduceMean(keep_dims=True)
    assert isinstance(prim, ops.Primitive)
    assert prim.name == "ReduceMean"
    prim.add_prim_attr("note", 1)
    assert prim.attrs["note"] == 1
    assert prim(Tensor(np.ones((2, 3), np.float32)), 1).shape == (2, 1)


# -- result types MindSpore users rely on ------------------------------------------------------
I32 = Tensor(np.array([[1, 2, 3], [4, 5, 7]], np.int32))
F32 = Tensor(np.array([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], np.float32))


def test_sum_of_integers_is_int64_and_mean_keeps_the_integer_dtype():
    assert ops.sum(I32).dtype == msjax.int64
    assert ops.mean(I32).dtype == msjax.int32
    assert ops.mean(I32, 1).tolist() == [2, 5]


def test_max_and_min_return_values_and_int64_indices():
    values, indices = ops.max(F32, 1)
    assert values.tolist() == [5.0, 6.0] and indices.tolist() == [1, 2]
    assert indices.dtype == msjax.int64
    values, indices = ops.min(F32)
    assert values.item() == 1.0 and indices.item() == 0  # MindSpore: index 0 over all axes


def test_arg_reductions_and_sorting_index_dtypes():
    assert ops.argmax(F32).dtype == msjax.int64
    assert ops.argmin(F32).dtype == msjax.int32
    assert ops.sort(F32)[1].dtype == msjax.int32
    assert ops.topk(F32, 2)[1].dtype == msjax.int32
    assert ops.argsort(F32).dtype == msjax.int32


def test_full_defaults_to_int64_and_true_division_of_integers_is_float32():
    assert ops.full((2,), 1.5).dtype == msjax.int64
    assert ops.div(I32, I32).dtype == msjax.float32


def test_bad_axis_raises_mindspore_value_error():
    with pytest.raises(ValueError, match=r"For primitive\[SumExt\], the axis value must be in "
                                         r"\[-2,2\), but got 5\."):
        ops.sum(F32, 5)
    with pytest.raises(TypeError, match="For 'Cast', the input 'dtype' should be mindspore dtype"):
        ops.cast(F32, "float32")
