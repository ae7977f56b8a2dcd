"""MindSpore 2.10's error for a legacy Primitive (a Python class keeping `Primitive.__call__(*inputs)`)
called with a wrong number of inputs, where its shape inference counts them: `ValueError: For
primitive[Name], the input number must be equal to N, but got M.`, in PyNative and in graph mode.
The Primitives are those of `ops.operations` (and its modules) constructed without
arguments whose count MindSpore 2.10 checks so (found by calling every such class with 9 and with
0 inputs) and which msjax implements. msjax's table: msjax/_src/ops/primitive_arity.py.
Golden: tests/goldens/ops/ops17_input_number_probe.out (tests/ops/test_ops17_goldens.py).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops17_input_number_probe.py \
        | grep -- " -> " > tests/goldens/ops/ops17_input_number_probe.out
"""
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G, _inner_ops as I
from mindspore.ops.operations import linalg_ops, math_ops, random_ops, sparse_ops

NAMES = """AllGather,AllReduce,BartlettWindow,Bernoulli,BesselI0,BesselI0e,BesselI1,BesselI1e,
BesselJ0,BesselJ1,BesselK0,BesselK0e,BesselK1,BesselK1e,BesselY0,BesselY1,Bincount,
BlackmanWindow,BoundingBoxEncode,CTCLoss,CTCLossV2,CholeskySolve,ConjugateTranspose,
CumulativeLogsumexp,DenseToDenseSetOperation,DenseToSparseSetOperation,DiagPart,Digamma,
Dropout2D,Dropout3D,DropoutGrad,Eigh,Eps,Expand,Fills,FloatStatus,FractionalAvgPoolGrad,
FractionalMaxPoolGrad,Ger,HammingWindow,Heaviside,IOU,Imag,IndexFill,IndexPut,Invert,IsNan,
KLDivLoss,KLDivLossGrad,L2Loss,L2Normalize,L2NormalizeGrad,LARSUpdate,LRN,LRNGrad,Lgamma,
LowerBound,LuUnpack,MatrixDiagPartV3,MatrixDiagV3,MatrixInverse,MatrixSolve,
MatrixTriangularSolve,MaxPoolGradWithArgmax,MaxPoolWithArgmax,Median,MirrorPad,
MultilabelMarginLoss,Multinomial,NMSWithMask,NoRepeatNGram,Orgqr,
ParameterizedTruncatedNormal,Pdist,PopulationCount,RandomCategorical,RandomChoiceWithMask,
SegmentMax,SegmentMean,SegmentMin,SegmentProd,SegmentSum,Size,SoftplusGrad,Sort,
SparseAddmm,SparseCountSparseOutput,SparseDenseCwiseAdd,SparseDenseCwiseDiv,
SparseDenseCwiseMul,SparseGatherV2,SparseReshape,SparseSegmentMean,
SparseSegmentMeanWithNumSegments,SparseSegmentSqrtNWithNumSegments,
SparseSoftmaxCrossEntropyWithLogits,SparseSparseMaximum,SparseSparseMinimum,
SparseTensorDenseAdd,SparseTensorDenseMatmul,SquareSumAll,StridedSliceGrad,TopK,Tril,
TripletMarginLoss,Uniform,UniqueWithPad,UpperBound,Zeta""".replace("\n", "").split(",")


class Call(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


def primitive_class(name):
    for module in (P, G, I, sparse_ops, linalg_ops, math_ops, random_ops):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(name)


t = Tensor([1.0], ms.float32)
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for name in NAMES:
        for given in (9, 0):
            try:
                Call(primitive_class(name)())(*([t] * given))
                result = "no error"
            except Exception as e:  # pylint: disable=broad-except
                result = f"{type(e).__name__} {str(e).strip().splitlines()[0]}"
            print(f"{m} {name} with {given} inputs -> {result}")
