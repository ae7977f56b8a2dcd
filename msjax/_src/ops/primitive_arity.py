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
#: count is checked by the operator's shape inference, with the count it requires: a wrong count
#: is its ValueError, in PyNative and in graph mode (recorded by tests/goldens/scripts/
#: ops17_input_number_probe.py and ops17_roi_softmax_arity_probe.py). Other Primitives of such
#: classes word the error differently, operator by operator, so each is listed only once recorded.
#: Not here: PadV3, whose count depends on its mode (its constant mode's check is pad_v3_ops.py's).
INPUT_NUMBERS = {
    "AllGather": 1, "AllReduce": 1, "BartlettWindow": 1, "Bernoulli": 2, "BesselI0": 1,
    "BesselI0e": 1, "BesselI1": 1, "BesselI1e": 1, "BesselJ0": 1, "BesselJ1": 1, "BesselK0": 1,
    "BesselK0e": 1, "BesselK1": 1, "BesselK1e": 1, "BesselY0": 1, "BesselY1": 1, "Bincount": 3,
    "BlackmanWindow": 1, "BoundingBoxEncode": 2, "CTCLoss": 4, "CTCLossV2": 4, "CholeskySolve": 2,
    "ConjugateTranspose": 2, "CumulativeLogsumexp": 2, "DenseToDenseSetOperation": 2,
    "DenseToSparseSetOperation": 4, "DiagPart": 1, "Digamma": 1, "Dropout2D": 1, "Dropout3D": 1,
    "DropoutGrad": 2, "Eigh": 1, "Eps": 1, "Expand": 2, "Fills": 2, "FloatStatus": 1,
    "FractionalAvgPoolGrad": 4, "FractionalMaxPoolGrad": 5, "Ger": 2, "HammingWindow": 1,
    "Heaviside": 2, "IOU": 2, "Imag": 1, "IndexFill": 4, "IndexPut": 3, "Invert": 1, "IsNan": 1,
    "KLDivLoss": 2, "KLDivLossGrad": 3, "L2Loss": 1, "L2Normalize": 1, "L2NormalizeGrad": 3,
    "LARSUpdate": 6, "LRN": 1, "LRNGrad": 3, "Lgamma": 1, "LowerBound": 2, "LuUnpack": 2,
    "MatrixDiagPartV3": 3, "MatrixDiagV3": 5, "MatrixInverse": 1, "MatrixSolve": 2,
    "MatrixTriangularSolve": 2, "MaxPoolGradWithArgmax": 3, "MaxPoolWithArgmax": 1, "Median": 1,
    "MirrorPad": 2, "MultilabelMarginLoss": 2, "Multinomial": 2, "NMSWithMask": 1,
    "NoRepeatNGram": 2, "Orgqr": 2, "PSROIPoolingGrad": 2,
    "ParameterizedTruncatedNormal": 5, "Pdist": 1, "PopulationCount": 1, "ROIAlign": 2,
    "RandomCategorical": 3, "RandomChoiceWithMask": 1, "SegmentMax": 2, "SegmentMean": 2,
    "SegmentMin": 2, "SegmentProd": 2, "SegmentSum": 2, "Size": 1, "SoftplusGrad": 2, "Sort": 1,
    "SparseAddmm": 7, "SparseCountSparseOutput": 4, "SparseDenseCwiseAdd": 4,
    "SparseDenseCwiseDiv": 4, "SparseDenseCwiseMul": 4, "SparseGatherV2": 3, "SparseReshape": 3,
    "SparseSegmentMean": 3, "SparseSegmentMeanWithNumSegments": 4,
    "SparseSegmentSqrtNWithNumSegments": 4, "SparseSoftmaxCrossEntropyWithLogits": 2,
    "SparseSparseMaximum": 6, "SparseSparseMinimum": 6, "SparseTensorDenseAdd": 4,
    "SparseTensorDenseMatmul": 4, "SquareSumAll": 2, "StridedSliceGrad": 5, "TopK": 2, "Tril": 1,
    "TripletMarginLoss": 4, "Uniform": 1, "UniqueWithPad": 2, "UpperBound": 2, "Zeta": 2,
}


def wrong_input_number(name: str, given: int) -> ValueError:
    """MindSpore's error for Primitive `name` of `INPUT_NUMBERS` called with `given` inputs."""
    return ValueError(f"For primitive[{name}], the input number must be equal to "
                      f"{INPUT_NUMBERS[name]}, but got {given}.")


def check_input_number(name: str, inputs: tuple) -> None:
    """Raise MindSpore's error where Primitive `name` of `INPUT_NUMBERS` is given a wrong
    number of `inputs` (for the Primitive classes written by hand)."""
    if len(inputs) != INPUT_NUMBERS[name]:
        raise wrong_input_number(name, len(inputs))


def _takes(low: int, high: int, given: int) -> str:
    count = f"{low + 1}" if low == high else f"from {low + 1} to {high + 1}"
    plural = "argument" if high + 1 == 1 and low == high else "arguments"
    return f"takes {count} positional {plural} but {given + 1} were given"


def too_many(name: str, low: int, high: int, given: int) -> Exception:
    """The error of Primitive `name` (taking `low` to `high` inputs) called with `given`."""
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
