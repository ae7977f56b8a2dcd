"""MindSpore's per-op dtype rules: the input dtypes each op's type inference accepts, and the
error it raises for another (`RULES`, consulted by the registry through `input_rules.checked`).

Only MindSpore's API rules are here. What only MindSpore's CPU kernels lack ("Select CPU
operator[MaxPool] fail! Unsupported data type!", "Unsupported op [FloatStatus] on CPU", "For
'ReduceMean', unsupported reduce operation for bool.") is not a rule: its GPU and Ascend kernels
take those dtypes, and so does msjax. Each rule was learnt from MindSpore 2.10, every Tensor
argument of the op in nine dtypes (tests/goldens/scripts/op_dtypes_probe.py, recorded in
tests/goldens/robustness/op_dtypes.out; tests/ops/test_input_rules.py checks the table against
it).
"""
from __future__ import annotations

import functools

import jax.numpy as jnp
import numpy as np

from msjax._src.ops.input_rules import PARAMETERS, Rule, check, dtype_of, ms_name

_FLOAT_TYPES = ("Float16", "Float32", "Float64")
_INDEX_TYPES = ("Int32", "Int64")
_ALL_BUT_BOOL = ("BFloat16", "Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8",
                 "UInt16", "UInt32", "UInt64", "UInt8")
_NUMPY = {"Bool": np.bool_, "Int8": np.int8, "Int16": np.int16, "Int32": np.int32,
          "Int64": np.int64, "UInt8": np.uint8, "UInt16": np.uint16, "UInt32": np.uint32,
          "UInt64": np.uint64, "Float16": np.float16, "Float32": np.float32,
          "Float64": np.float64, "BFloat16": jnp.bfloat16, "Complex64": np.complex64,
          "Complex128": np.complex128}


def _dtypes(names) -> frozenset:
    return frozenset(np.dtype(_NUMPY[name]) for name in names)


def only(position: int, arg: str, types, *, primitive: str, tensor: bool = True,
         accepted=None, message: str | None = None):
    """The argument at `position` (MindSpore's name `arg`) is one of `types` (MindSpore's dtype
    names), else MindSpore's TypeError "For primitive[Softmax], the input argument[x] must be a
    type of {...}, but got Int32." (its types as `Tensor[Int32]` where `tensor`); `message`, when
    given, is MindSpore's text instead, `{got}` the dtype's name. `accepted`: the dtypes that
    pass, where they are not the ones the message lists."""
    allowed = _dtypes(accepted if accepted is not None else types)
    shown = ", ".join(sorted(f"Tensor[{t}]" if tensor else t for t in types))

    @check(position)
    def only_check(dtypes):
        dtype = dtype_of(dtypes[position])
        if dtype is None or dtype in allowed:
            return
        got = ms_name(dtype)
        if message is not None:
            raise TypeError(message.format(got=got))
        got = f"Tensor[{got}]" if tensor else got
        raise TypeError(f"For primitive[{primitive}], the input argument[{arg}] must be a type "
                        f"of {{{shown}}}, but got {got}.")
    return only_check


def same(names: dict, *, primitive: str | None = None, message: str | None = None,
         error=TypeError):
    """The arguments `names` ({position: MindSpore's name}) have one dtype, else MindSpore's
    TypeError "For primitive[BiasAdd], the input type must be same." with each argument's dtype
    (sorted by name, as MindSpore lists them; a Parameter's as `Ref[Tensor[Float16]]`);
    `message`, when given, is MindSpore's text instead, `{0}`, `{1}`, ... the dtypes' names in
    `names`' order."""
    positions = tuple(names)

    @check(*positions)
    def same_check(dtypes):
        present = [(p, dtype_of(dtypes[p])) for p in positions
                   if dtype_of(dtypes[p]) is not None]
        if len({dtype for _, dtype in present}) <= 1:
            return
        if message is not None:
            raise error(message.format(*(ms_name(dtype) for _, dtype in present)))
        parameters = dtypes.get(PARAMETERS, ())
        listed = "".join(
            f"\nname:[{names[p]}]:" + (f"Ref[Tensor[{ms_name(dtype)}]]." if p in parameters
                                       else f"Tensor[{ms_name(dtype)}].")
            for p, dtype in sorted(present, key=lambda item: names[item[0]]))
        raise error(f"For primitive[{primitive}], the input type must be same.{listed}")
    return same_check


def same_elements(position: int, *, primitive: str | None = None, message: str | None = None,
                  error=TypeError):
    """The Tensors of the sequence argument at `position` have one dtype, else MindSpore's
    "For primitive[AddN], the input type must be same." listing them as `element_0`, ...;
    `message`, when given, is MindSpore's text instead."""
    @check(position)
    def same_elements_check(dtypes):
        elements = dtypes[position]
        if not isinstance(elements, tuple):
            return
        present = [(k, dtype_of(d)) for k, d in enumerate(elements) if dtype_of(d) is not None]
        if len({dtype for _, dtype in present}) <= 1:
            return
        if message is not None:
            raise error(message)
        listed = "".join(f"\nname:[element_{k}]:Tensor[{ms_name(dtype)}]."
                         for k, dtype in sorted(present, key=lambda item: f"element_{item[0]}"))
        raise error(f"For primitive[{primitive}], the input type must be same.{listed}")
    return same_elements_check


def written(position: int, arg: str, source: int, *, primitive: str):
    """The argument at `position` is written in place (a Parameter): MindSpore converts the
    `source` argument to its dtype, never the other way, and raises "Data type conversion is not
    supported for a 'Parameter', ..." where the two dtypes promote to another than its own."""
    @check(position, source)
    def written_check(dtypes):
        target, value = dtype_of(dtypes[position]), dtype_of(dtypes[source])
        if target is None or value is None:
            return
        promoted = np.dtype(jnp.promote_types(target, value))
        if promoted != target:
            raise TypeError(
                "Data type conversion is not supported for a 'Parameter', nor for the input "
                f"tensor of an in-place operator, the argument[{arg}]'s data type of primitive"
                f"[{primitive}] is {ms_name(target)}, which cannot be converted to data type "
                f"{ms_name(promoted)} automatically.")
    return written_check


def converted(written_positions, others=(), *, primitive: str):
    """The written (in-place) arguments at `written_positions` and the arguments `others`
    converted to their dtype form one dtype group: MindSpore converts the others to the group's
    promoted dtype, never a written one, and raises "Data type conversion is not supported for a
    'Parameter', ..., so data type Int32, which cannot be converted to data type Float32
    automatically." where a written one is not of it."""
    @check(*written_positions, *others)
    def converted_check(dtypes):
        present = [dtype_of(dtypes[p]) for p in (*written_positions, *others)]
        present = [d for d in present if d is not None]
        if not present:
            return
        promoted = np.dtype(functools.reduce(jnp.promote_types, present))
        for p in written_positions:
            dtype = dtype_of(dtypes[p])
            if dtype is not None and dtype != promoted:
                raise TypeError("Data type conversion is not supported for a 'Parameter', nor "
                                "for the input tensor of an in-place operator, so data type "
                                f"{ms_name(dtype)}, which cannot be converted to data type "
                                f"{ms_name(promoted)} automatically.")
    return converted_check


@check(0)
def _adam_gradient(dtypes):
    """Adam's gradient, converted to var's dtype, is Float16 or Float32."""
    dtype = dtype_of(dtypes[0])
    if dtype is not None and dtype not in _dtypes(("Float16", "Float32")):
        raise TypeError(f"For primitive[Adam], the input argument[grad] must be a type of "
                        f"{{Float16, Float32, Tensor[Float16], Tensor[Float32]}}, but got "
                        f"Tensor[{ms_name(dtype)}].")


@check(0, 1, 2)
def _range_kinds(dtypes):
    """ops.range: start, end and step are all ints or all floats (MindSpore reads them as
    Python numbers: an integer Tensor as Int64, a float one as Float32)."""
    kinds = ["Bool" if d.kind == "b" else "Int64" if d.kind in "iu" else "Float32"
             for d in map(dtype_of, (dtypes[0], dtypes[1], dtypes[2])) if d is not None]
    if len(set(kinds)) > 1:
        raise TypeError(f"For Range, the dtypes of inputs must be the same, but got "
                        f"({', '.join(kinds)}).")


_softmax = Rule(only(0, "x", ("BFloat16",) + _FLOAT_TYPES, primitive="Softmax", tensor=False))
_one_hot = Rule(only(0, "indices", _INDEX_TYPES, primitive="OneHot"),
                same({2: "on_value", 3: "off_value"}, primitive="OneHot"),
                only(3, "off_value", ("Float16", "Float32", "Int32", "Int64"), primitive="OneHot"),
                scalars=True)  # Python on/off values are Tensors: Float32, Int64 (and Bool)
_top_k = Rule(only(0, "input_x", _ALL_BUT_BOOL, primitive="TopK"))
_add_n = Rule(same_elements(0, primitive="AddN"))
_floats_only = {name: Rule(only(0, arg, _FLOAT_TYPES, primitive=name))
                for name, arg in (("Softplus", "x"), ("L2Loss", "x"),
                                  ("L2Normalize", "input_x"), ("FloatStatus", "x"),
                                  ("AdaptiveAvgPool2D", "x"), ("AvgPool3D", "x"),
                                  ("MaxPool3D", "x"))}


def _boxes(primitive, second):
    return Rule(only(0, "x_dtype", ("Float16", "Float32"), primitive=primitive),
                only(1, "x_dtype", ("Float16", "Float32"), primitive=primitive),
                same({0: "anchor_box", 1: second}, primitive=primitive))


def _scatter(primitive, arg, indices="indices type"):
    """An in-place scatter Primitive's rule: its indices' dtypes, then its written Parameter
    (MindSpore's argument names, which differ between the ops: `arg`, `indices`)."""
    return Rule(only(1, indices, _INDEX_TYPES, primitive=primitive),
                written(0, arg, 2, primitive=primitive))


_MATMUL_SAME = ("For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                "Tensor[{0}] and 'x2' with type Tensor[{1}].")
_BCE = "BinaryCrossEntorpy"  # (sic: MindSpore's spelling)

_SET_TYPES = ("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16")


def _floats_32_64(primitive, first, second):
    return Rule(same({0: first, 1: second}, primitive=primitive),
                only(0, first, ("Float32", "Float64"), primitive=primitive),
                only(1, second, ("Float32", "Float64"), primitive=primitive))


# msjax's registered name (functional op or Primitive class) -> its Rule
_index_add = Rule(written(0, "input_x", 2, primitive="IndexAdd"),
                  only(1, "indices type", ("Int32",), primitive="IndexAdd"))

_AVG_POOL3D_INPUT = Rule(only(0, "x", ("Float16", "Float32", "Float64"), primitive="AvgPool3D"))
_PRELU = Rule(only(0, "x", ("Float16", "Float32"), primitive="PReLU", tensor=False),
              only(1, "weight", ("Float16", "Float32"), primitive="PReLU", tensor=False))
_UNPOOL_ARGMAX = Rule(
    only(0, "x", ("BFloat16", "Float16", "Float32", "Float64", "Int8", "Int16", "Int32", "Int64",
                  "UInt8", "UInt16", "UInt32", "UInt64"), primitive="MaxUnpool2D"),
    only(1, "argmax", ("Int32", "Int64"), primitive="MaxUnpool2D"))

_BINARY_CROSS_ENTROPY = Rule(
    only(0, "input", ("Float16", "Float32", "BFloat16"), primitive=_BCE,
         message=f"For Primitive[{_BCE}], the type of the input must be [Float16, Float32, "
                 "BFloat16], but got {got}!"),
    same({0: "input", 1: "target"}, message=f"For primitive[{_BCE}], the input and target "
                                            "should have same type, but got: {0} and {1}."),
    same({0: "input", 2: "weight"}, message=f"For primitive[{_BCE}], the input and weight "
                                            "should have same type, but got: {0} and {1}."))

_NEXT_AFTER = Rule(same({0: "x1", 1: "x2"}, primitive="NextAfter"),
                  only(0, "x1", ("Float32", "Float64"), primitive="NextAfter"))

RULES: dict[str, Rule] = {
    "nextafter": _NEXT_AFTER,
    "NextAfter": _NEXT_AFTER,
    "avg_pool1d": _AVG_POOL3D_INPUT,  # (MindSpore computes both with AvgPool3D)
    "avg_pool2d": _AVG_POOL3D_INPUT,
    "prelu": _PRELU,
    "PReLU": _PRELU,
    "MaxUnpool2D": _UNPOOL_ARGMAX,
    "max_unpool2d": _UNPOOL_ARGMAX,
    "Softmax": _softmax,
    "softmax": _softmax,
    "GeLU": Rule(only(0, "x", ("BFloat16",) + _FLOAT_TYPES, primitive="GeLU", tensor=False)),
    **_floats_only,
    "MaxPoolWithArgmax": Rule(only(0, "input", ("Float16", "Float32", "Float64", "Int16", "Int64",
                                                "Int8", "UInt16", "UInt32", "UInt64", "UInt8"),
                                   primitive="MaxPoolWithArgmax")),
    "TopK": _top_k,
    "MaxPoolGradGradWithArgmax": Rule(
        same({0: "x", 1: "grad"}, primitive="MaxPoolGradGradWithArgmax"),
        only(1, "grad", ("Float16", "Float32"), primitive="MaxPoolGradGradWithArgmax"),
        only(2, "argmax", _INDEX_TYPES, primitive="MaxPoolGradGradWithArgmax")),
    "GRUV2": Rule(same({0: "input", 1: "h", 2: "w"}, primitive="GRUV2"),
                  only(1, "h", ("Float16", "Float32"), primitive="GRUV2"),
                  only(3, "seq_lengths", ("Int32",), primitive="GRUV2")),
    "PadV3Grad": Rule(only(0, "x", _ALL_BUT_BOOL[1:] + ("Complex128", "Complex64"),
                           primitive="PadV3Grad")),
    "FillDiagonal": Rule(only(0, "input_x", ("Float16", "Float32", "Float64", "Int16", "Int32",
                                             "Int64", "Int8", "UInt8"), primitive="FillDiagonal")),
    "IndexAdd": _index_add,
    "index_add": _index_add,
    "topk": _top_k,
    "CumSum": Rule(only(0, "x", _ALL_BUT_BOOL + ("Complex128", "Complex64"),
                        primitive="CumSum")),
    "NMSWithMask": Rule(only(0, "bboxes", ("Float16", "Float32"), primitive="NMSWithMask")),
    "IndexFill": Rule(only(1, "dim", _INDEX_TYPES, primitive="IndexFill"),
                      only(2, "index", ("Int32",), primitive="IndexFill")),
    "KLDivLossGrad": Rule(only(1, "x", _FLOAT_TYPES, primitive="KLDivLossGrad"),
                          same({0: "grad", 1: "x", 2: "target"}, primitive="KLDivLossGrad")),
    "PSROIPoolingGrad": Rule(only(0, "x", ("Float32",), primitive="PSROIPoolingGrad"),
                             only(1, "rois", ("Float32",), primitive="PSROIPoolingGrad")),
    "BoundingBoxDecode": _boxes("BoundingBoxDecode", "deltas"),
    "BoundingBoxEncode": _boxes("BoundingBoxEncode", "groundtruth_box"),
    "CheckValid": Rule(*(only(p, arg, ("Float16", "Float32", "Int16", "UInt8"),
                              primitive="CheckValid") for p, arg in ((0, "bboxes"), (1, "metas")))),
    "IOU": Rule(same({0: "x", 1: "y"}, primitive="IOU")),
    "SquareSumAll": Rule(same({0: "x", 1: "y"}, primitive="SquareSumAll"),
                         only(0, "x", ("Float16", "Float32"), primitive="SquareSumAll"),
                         only(1, "y", ("Float16", "Float32"), primitive="SquareSumAll")),
    "BiasAdd": Rule(same({0: "input_x", 1: "bias"}, primitive="BiasAdd")),
    # (nn.Conv2d/Conv1d and ops.conv2d compute with Conv2D; nn.Conv2dTranspose with
    # Conv2DTranspose, whose weight MindSpore calls x and its input doutput)
    **{name: Rule(same({0: "x", 1: "w"}, primitive="Conv2D")) for name in ("Conv2D", "conv2d")},
    **{name: Rule(same({0: "doutput", 1: "x"}, primitive=name))
       for name in ("Conv2DTranspose", "Conv2DBackpropInput")},
    "OneHot": _one_hot,
    "one_hot": _one_hot,
    "SigmoidCrossEntropyWithLogits": Rule(same({0: "logits_type", 1: "label_type"},
                                               primitive="SigmoidCrossEntropyWithLogits")),
    "SoftmaxCrossEntropyWithLogits": Rule(same({0: "logits_type", 1: "label_type"},
                                               primitive="SoftmaxCrossEntropyWithLogits")),
    "BinaryCrossEntropy": _BINARY_CROSS_ENTROPY,
    "binary_cross_entropy": _BINARY_CROSS_ENTROPY,  # (nn.BCELoss too: the Primitive's checks)
    "kl_div": Rule(only(0, "x", _FLOAT_TYPES, primitive="KLDivLoss"),
                   same({0: "x", 1: "target"}, primitive="KLDivLoss")),
    "binary_cross_entropy_with_logits": Rule(*(
        only(position, name, ("BFloat16", "Float16", "Float32"), primitive="BCEWithLogitsLoss",
             tensor=False)
        for position, name in enumerate(("input", "target", "weight", "pos_weight")))),
    "LinSpace": Rule(same({0: "start type", 1: "stop type"}, primitive="LinSpace")),
    "AddN": _add_n,
    "addn": _add_n,
    "Meshgrid": Rule(same_elements(0, error=ValueError, message="For Primitive [Meshgrid], all "
                                                                "tensors should have the same "
                                                                "type.")),
    "ReverseSequence": Rule(only(1, "seq_lengths", _INDEX_TYPES, primitive="ReverseSequence")),
    "masked_fill": Rule(only(1, "mask", ("Bool",), primitive="MaskedFill", tensor=False)),
    "cross_entropy": Rule(
        only(0, "input", _FLOAT_TYPES, primitive="cross_entropy",
             message="For cross_entropy, the input dtype should be mstype.float64, "
                     "mstype.float32 ormstype.float16, but got dtype:{got}."),
        # a float16/float32 target is class probabilities; any other is class indices
        only(1, "index", _INDEX_TYPES, primitive="GatherD",
             accepted=_INDEX_TYPES + ("Float16", "Float32"))),
    "dot": Rule(*(only(p, arg, ("Float16", "Float32"), primitive="dot",
                       message=f"The '{arg}' doesn't support '{{got}}' and expect to receive "
                               "[mindspore.float16, mindspore.float32].")
                  for p, arg in ((0, "x1"), (1, "x2"))),
                same({0: "x1", 1: "x2"}, message="For \\'dot\\', the inputs must be the same type, "
                                                 "but got x1_type: {0} and x2_type: {1}.")),
    "tensor_dot": Rule(same({0: "x1", 1: "x2"}, message=_MATMUL_SAME)),
    "range": Rule(_range_kinds, scalars=True),
    "repeat_elements": Rule(only(
        0, "input x", (), primitive="repeat_elements",
        accepted=_ALL_BUT_BOOL + ("Complex64", "Complex128"),
        message="The 'input x' doesn't support '{got}' and expect to receive (mindspore.int8, "
                "mindspore.int16, mindspore.int32, mindspore.int64, mindspore.uint8, "
                "mindspore.uint16, mindspore.uint32, mindspore.uint64, mindspore.float16, "
                "mindspore.float32, mindspore.float64, mindspore.bfloat16, "
                "mindspore.complex64, mindspore.complex128, mindspore.int4, "
                "mindspore.float8_e4m3fn, mindspore.float8_e5m2, mindspore.hifloat8).")),
    "CropAndResize": Rule(
        only(0, "x", ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8",
                      "UInt16", "UInt8"), primitive="CropAndResize"),
        only(1, "boxes", ("Float32",), primitive="CropAndResize"),
        only(2, "box_index", ("Int32",), primitive="CropAndResize")),
    "Adam": Rule(converted((0,), (9,), primitive="Adam"), _adam_gradient),
    "AdamWeightDecay": Rule(converted((0,), (8,), primitive="AdamWeightDecay"),
                            converted((1, 2), primitive="AdamWeightDecay")),
    **{name: _scatter(name, "x") for name in (
        "ScatterAdd", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterUpdate",
        "ScatterNdAdd", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin")},
    "ScatterSub": _scatter("ScatterSub", "input_x", indices="indices"),
    "ScatterNdSub": _scatter("ScatterNdSub", "input_x"),
    "ScatterNdUpdate": _scatter("ScatterNdUpdate", "input_x"),
    "IgammaGradA": _floats_32_64("IgammaGradA", "a", "x"),
    "logcumsumexp": Rule(only(0, "x", _FLOAT_TYPES, primitive="CumulativeLogsumexp")),
    "CumulativeLogsumexp": Rule(only(0, "x", _FLOAT_TYPES, primitive="CumulativeLogsumexp"),
                                only(1, "axis", ("Int16", "Int32", "Int64"),
                                     primitive="CumulativeLogsumexp")),
    "igamma": _floats_32_64("Igamma", "a", "x"),
    "igammac": _floats_32_64("Igammac", "a", "x"),
    "EqualCount": Rule(same({0: "x", 1: "y"}, message=(
        "For 'EqualCount', the dtype of two args should be same, but the dtype of first arg "
        "Tensor[{0}] is not consistent with the dtype of second arg Tensor[{1}]"))),
    "MatrixTriangularSolve": Rule(
        same({0: "matrix", 1: "rhs"}, primitive="MatrixTriangularSolve"),
        only(0, "matrix", ("Complex128", "Complex64", "Float32", "Float64"),
             primitive="MatrixTriangularSolve")),
    "DenseToDenseSetOperation": Rule(
        same({0: "x1", 1: "x2"}, primitive="DenseToDenseSetOperation"),
        only(0, "x1", _SET_TYPES, primitive="DenseToDenseSetOperation")),
    "DenseToSparseSetOperation": Rule(
        same({0: "x1", 2: "x2_values"}, primitive="DenseToSparseSetOperation"),
        only(0, "x1", _SET_TYPES + ("String",), accepted=_SET_TYPES,
             primitive="DenseToSparseSetOperation"),
        same({1: "x2_indices", 3: "x2_shape"}, primitive="DenseToSparseSetOperation"),
        only(1, "x2_indices", ("Int64",), primitive="DenseToSparseSetOperation")),
    # the Primitives of ops/math_primitives.py
    "Histogram": Rule(only(0, "x", ("Float16", "Float32", "Int32"), primitive="Histogram")),
    "UnravelIndex": Rule(same({0: "indices", 1: "dims"}, primitive="UnravelIndex"),
                         only(1, "dims", _INDEX_TYPES, primitive="UnravelIndex"),
                         only(0, "indices", _INDEX_TYPES, primitive="UnravelIndex")),
    "NuclearNorm": Rule(only(0, "x", ("Float32", "Float64"), primitive="NuclearNorm")),
    "DataFormatVecPermute": Rule(only(0, "x", _INDEX_TYPES, primitive="DataFormatVecPermute")),
    "NthElement": Rule(only(0, "input", ("Float16", "Float32", "Float64", "Int16", "Int32",
                                         "Int64", "Int8", "UInt16", "UInt8"),
                            primitive="NthElement"),
                       only(1, "n", ("Int32",), primitive="NthElement")),
    "TridiagonalMatMul": Rule(
        *(only(p, arg, _FLOAT_TYPES + ("Complex64", "Complex128"), primitive="TridiagonalMatMul")
          for p, arg in enumerate(("superdiag", "maindiag", "subdiag", "rhs"))),
        same({0: "superdiag", 1: "maindiag", 2: "subdiag", 3: "rhs"},
             primitive="TridiagonalMatMul")),
    "LuSolve": Rule(only(0, "x", _FLOAT_TYPES, primitive="LuSolve"),
                    only(1, "lu_data", _FLOAT_TYPES, primitive="LuSolve"),
                    same({0: "x", 1: "lu_data"}, primitive="LuSolve"),
                    only(2, "lu_pivots", ("Int32",), primitive="LuSolve")),
    "Lstsq": Rule(same({0: "x", 1: "a"}, primitive="Lstsq"),
                  only(1, "a", _FLOAT_TYPES, primitive="Lstsq"),
                  only(0, "x", _FLOAT_TYPES, primitive="Lstsq")),
    "CompareAndBitpack": Rule(
        same({0: "x", 1: "threshold"}, primitive="CompareAndBitpack"),
        only(1, "threshold", ("Bool", "Int8", "Int16", "Int32", "Int64") + _FLOAT_TYPES,
             primitive="CompareAndBitpack")),
    "CheckNumerics": Rule(only(0, "x", _FLOAT_TYPES, primitive="CheckNumerics")),
    "SGD": Rule(*(only(p, arg, ("Float16", "Float32"), primitive="SGD", message=(
        f"For primitive[SGD], the input argument[{arg}] must be a type of {{{{Tensor[Float16], "
        "Tensor[Float32]}}, but got " + ("Ref[Tensor[{got}]]." if written else "Tensor[{got}].")))
        for p, (arg, written) in enumerate((("parameters", True), ("gradient", False),
                                            ("learning_rate", False), ("accum", True),
                                            ("momentum", False), ("stat", True))))),
    # the Primitives of ops/ragged_sparse_primitives.py
    "RaggedRange": Rule(
        same({0: "starts", 1: "limits", 2: "deltas"},
             message="For RaggedRange, starts, limits, and deltas must have the same type, but "
                     "got starts Tensor[{0}], limits Tensor[{1}], deltas Tensor[{2}]."),
        *(only(p, arg, ("Float32", "Float64", "Int32", "Int64"), primitive="RaggedRange")
          for p, arg in enumerate(("starts", "limits", "deltas")))),
    "EditDistance": Rule(*(only(p, arg, ("Int64",), primitive="EditDistance")
                           for p, arg in ((0, "hypothesis_indices"), (2, "hypothesis_shape"),
                                          (3, "truth_indices"), (5, "truth_shape")))),
    "Coalesce": Rule(only(1, "x_values", _FLOAT_TYPES, primitive="Coalesce"),
                     only(0, "x_indices", ("Int64",), primitive="Coalesce"),
                     only(2, "x_shape", ("Int64",), primitive="Coalesce")),
    "CombinedNonMaxSuppression": Rule(
        *(only(p, arg, ("Float32",) if p in (0, 1, 4, 5) else ("Int32",),
               primitive="CombinedNonMaxSuppression")
          for p, arg in enumerate(("boxes", "scores", "max_output_size_per_class",
                                   "max_total_size", "iou_threshold", "score_threshold")))),
    "coalesce": Rule(only(1, "x_values", _FLOAT_TYPES, primitive="Coalesce"),
                     only(0, "x_indices", ("Int64",), primitive="Coalesce"),
                     only(2, "x_shape", ("Int64",), primitive="Coalesce")),
    "NonMaxSuppressionWithOverlaps": Rule(
        same({0: "overlaps", 1: "scores"}, primitive="NonMaxSuppressionWithOverlaps"),
        same({3: "overlap_threshold", 4: "score_threshold"},
             primitive="NonMaxSuppressionWithOverlaps"),
        *(only(p, arg, ("Int32",) if p == 2 else _FLOAT_TYPES,
               primitive="NonMaxSuppressionWithOverlaps")
          for p, arg in enumerate(("overlaps", "scores", "max_output_size", "overlap_threshold",
                                   "score_threshold")))),
    "MatrixSolveLs": Rule(
        *(only(p, arg, ("Complex128", "Complex64", "Float32", "Float64"),
               primitive="MatrixSolveLs") for p, arg in ((0, "matrix"), (1, "rhs"))),
        same({0: "matrix", 1: "rhs"}, primitive="MatrixSolveLs"),
        only(2, "l2_regularizer", ("Float64",), primitive="MatrixSolveLs")),
    "AffineGrid": Rule(only(0, "theta", ("Float16", "Float32"), primitive="AffineGrid")),
    # the Primitives of ops/image_primitives.py
    "ScaleAndTranslate": Rule(only(0, "images", ("Float16", "Float32", "Float64", "Int16", "Int32",
                                                 "Int64", "Int8"), primitive="ScaleAndTranslate"),
                              only(1, "size", ("Int32",), primitive="ScaleAndTranslate"),
                              only(2, "scale", ("Float32",), primitive="ScaleAndTranslate"),
                              only(3, "translation", ("Float32",),
                                   primitive="ScaleAndTranslate")),
    "ExtractGlimpse": Rule(*(only(p, arg, ("Int32",) if p == 1 else ("Float32",),
                                  primitive="ExtractGlimpse")
                             for p, arg in enumerate(("x", "size", "offsets")))),
    "RGBToHSV": Rule(only(0, "type of input 'images'", _FLOAT_TYPES, primitive="RGBToHSV")),
    "HSVToRGB": Rule(only(0, "x", _FLOAT_TYPES, primitive="HSVToRGB")),
    "AdjustHue": Rule(only(1, "delta", ("Float32",), primitive="AdjustHue"),
                      only(0, "images", _FLOAT_TYPES, primitive="AdjustHue")),
    "ResizeArea": Rule(only(1, "size", ("Int32",), primitive="ResizeArea"),
                       only(0, "images", ("Float16", "Float32", "Float64", "Int16", "Int32",
                                          "Int64", "Int8", "UInt16", "UInt8"),
                            primitive="ResizeArea")),
    "AdaptiveMaxPool3D": Rule(only(0, "x", _ALL_BUT_BOOL[1:], primitive="AdaptiveMaxPool3D"),
                              only(1, "output_size", ("Int32",), primitive="AdaptiveMaxPool3D")),
    "ScatterAddWithAxis": Rule(
        only(1, "indices type", _INDEX_TYPES, primitive="ScatterAddWithAxis"),
        written(0, "input_x", 2, primitive="ScatterAddWithAxis")),
}
