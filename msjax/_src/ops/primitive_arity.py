"""MindSpore's errors for a Primitive called with the wrong number of inputs.

In PyNative mode the Primitive's `__call__` is Python's, so the error is Python's, naming
`Name.__call__()` and counting `self`. In graph mode (a compiled call) MindSpore's compiler says
it: a Primitive with a `__mindspore_signature__` (the dtype-promoting and in-place ones,
`SIGNATURE_PRIMITIVES`) fails its signature check (RuntimeError), any other Primitive its input
count check (TypeError). Recorded from MindSpore 2.10 by tests/goldens/scripts/
primitive_signatures_probe.py and primitive_arity_probe.py.
"""
from __future__ import annotations

import re

from msjax._src.core.state import tracing_depth

#: The Primitives of `mindspore.ops.operations` that have a `__mindspore_signature__`.
SIGNATURE_PRIMITIVES = frozenset((
    "Adam", "AdamWeightDecay", "Add", "ApplyAdaMax", "ApplyAdadelta", "ApplyAdagrad",
    "ApplyAdagradDA", "ApplyAdagradV2", "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2",
    "ApplyAddSign", "ApplyFtrl", "ApplyGradientDescent", "ApplyKerasMomentum", "ApplyMomentum",
    "ApplyPowerSign", "ApplyProximalAdagrad", "ApplyProximalGradientDescent",
    "ApproximateEqual", "Assign", "AssignAdd", "AssignSub", "Atan2", "BCEWithLogitsLoss",
    "BatchNorm", "BinaryCrossEntropy", "BitwiseAnd", "BitwiseOr", "BitwiseXor",
    "CacheSwapTable", "Conv2DBackpropInput", "Conv2DTranspose", "Dense", "DivNoNan",
    "DynamicAssign", "FloorDiv", "FloorMod", "Fmax", "Fmin", "FusedSparseAdam",
    "FusedSparseFtrl", "FusedSparseLazyAdam", "FusedSparseProximalAdagrad",
    "FusedWeightScaleApplyMomentum", "Gcd", "Greater", "GreaterEqual", "GroupTopk", "Hypot",
    "IndexAdd", "InplaceIndexAdd", "InstanceNorm", "Lcm", "LessEqual", "Load", "LogSoftmaxExt",
    "LogicalAnd", "LogicalOr", "LogicalXor", "MapCacheIdx", "MatrixSetDiagV3", "Maximum",
    "Minimum", "Mod", "MoveTo", "Mul", "MulNoNan", "MultiMarginLoss", "NotEqual", "Ones",
    "PagedAttention", "PagedAttentionMask", "Pow", "RealDiv", "ReduceAll", "ReduceAny",
    "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "ReshapeAndCache",
    "Round", "ScatterAdd", "ScatterAddWithAxis", "ScatterDiv", "ScatterMax", "ScatterMin",
    "ScatterMul", "ScatterNdAdd", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin",
    "ScatterNdMul", "ScatterNdSub", "ScatterNdUpdate", "ScatterNonAliasingAdd", "ScatterSub",
    "ScatterUpdate", "SearchSorted", "Select", "SparseApplyAdadelta", "SparseApplyAdagrad",
    "SparseApplyAdagradV2", "SparseApplyFtrl", "SparseApplyFtrlV2",
    "SparseApplyProximalAdagrad", "SparseApplyRMSProp", "SquaredDifference", "Sub",
    "TensorAdd", "TruncateDiv", "TruncateMod", "UpdateCache", "UpsampleNearest3D",
    "UpsampleTrilinear3D", "Xdivy", "Xlogy", "Zeros", "_DynamicLossScale",
))


#: Primitives of MindSpore's Python classes that keep `Primitive.__call__(*inputs)`, whose input
#: count is checked by the operator's shape inference: a wrong count is its ValueError, in
#: PyNative and in graph mode (recorded by tests/goldens/scripts/ops17_roi_softmax_arity_probe.py). Their
#: messages differ from operator to operator, so each is listed only once recorded.
INPUT_NUMBER_PRIMITIVES = frozenset(("BoundingBoxEncode", "PSROIPoolingGrad", "ROIAlign"))


def too_few_counted(name: str, low: int, given: int) -> Exception | None:
    """The error of Primitive `name` (taking `low` inputs) called with `given` fewer, where its
    shape inference counts them before any check of their values (`INPUT_NUMBER_PRIMITIVES`);
    else None."""
    if name in INPUT_NUMBER_PRIMITIVES:
        return _input_number(name, low, given)
    return None


def _input_number(name: str, count: int, given: int) -> ValueError:
    return ValueError(f"For primitive[{name}], the input number must be equal to {count}, but "
                      f"got {given}.")


def _takes(low: int, high: int, given: int) -> str:
    count = f"{low + 1}" if low == high else f"from {low + 1} to {high + 1}"
    plural = "argument" if high + 1 == 1 and low == high else "arguments"
    return f"takes {count} positional {plural} but {given + 1} were given"


def too_many(name: str, low: int, high: int, given: int) -> Exception:
    """The error of Primitive `name` (taking `low` to `high` inputs) called with `given`."""
    if name in INPUT_NUMBER_PRIMITIVES:
        return _input_number(name, low, given)
    if tracing_depth():
        if name in SIGNATURE_PRIMITIVES:
            return RuntimeError(f"Function S_Prim_{name}'s input length is not equal to "
                                "Signature length.")
        return TypeError(f"For Operator[{name}], the number of inputs should be less than or "
                         f"equal to {high}, but got {given}.")
    return TypeError(f"{name}.__call__() {_takes(low, high, given)}")


_MISSING = re.compile(r"^\w+\(\) (missing \d+ required positional arguments?: .*)$")


def too_few(name: str, low: int, given: int, error: TypeError):
    """MindSpore's error for `error`, the TypeError of Primitive `name` (which needs `low`
    inputs) called with `given`, when `error` is Python's missing-argument error; else None."""
    found = _MISSING.match(str(error))
    if found is None:
        return None
    if tracing_depth():
        if name in SIGNATURE_PRIMITIVES:
            return RuntimeError(f"For 'S_Prim_{name}', the size of input should be {low}, but "
                                f"got {given}. Please check inputs of the operator.")
        if given == 0:
            return RuntimeError("Size should be greater than 0, during running "
                                "PrimitiveArgsToInputsEvaluator")
        return None
    return TypeError(f"{name}.__call__() {found.group(1)}")
