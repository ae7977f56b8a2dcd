"""MindSpore 2.10's messages for inputs of the wrong kind: `ops.DType()` / `ops.dtype` of a value
that is no Tensor, a user Bijector's `_check_value_dtype` (without a dtype: the input must be a
float Tensor; with one: `SameTypeShape` against a Tensor of that dtype), Categorical's dtype
check, hinge_embedding_loss of shapes that do not broadcast, and a Parameter given a value of
another dtype (a float number: refused by a signed integer Parameter only). Printed
`label -> RESULT`.
Golden: tests/goldens/ops/ut18_value_checks_probe.out (tests/ops/test_value_checks.py)."""
import numpy as np
import mindspore as ms
import mindspore.nn.probability.bijector as msb
import mindspore.nn.probability.distribution as msd
from mindspore import Parameter, Tensor, dtype, nn, ops


def show(label, call):
    try:
        result = call()
        print(label, "->", "OK", result.dtype if isinstance(result, Tensor) else result)
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


for label, value in [("None", None), ("float", 1.0), ("int", 3), ("list", [1, 2]),
                     ("ndarray", np.ones(2)), ("str", "a"), ("Tensor", Tensor([1.0]))]:
    show(f"DType of {label}", lambda: ops.DType()(value))
    show(f"ops.dtype of {label}", lambda: ops.dtype(value))


class Affine(msb.Bijector):
    def __init__(self, kind):
        param = dict(locals())
        param["param_dict"] = {"scale": 2.0}
        super().__init__(name="Affine", dtype=kind, param=param)
        self._scale = self._add_parameter(np.array(2.0, np.float32), "scale")

    def _forward(self, value):
        value = self._check_value_dtype(value)
        return value * self.cast_param_by_value(value, self._scale)


for kind in (None, dtype.float32):
    bijector = Affine(kind)
    for label, value in [("None", None), ("float", 1.0), ("Int32", Tensor(1, dtype.int32)),
                         ("Float16", Tensor(1.0, dtype.float16)),
                         ("Float32", Tensor(1.0, dtype.float32)),
                         ("Float64", Tensor(1.0, dtype.float64)),
                         ("Bool", Tensor(True, dtype.bool_))]:
        show(f"bijector of dtype {kind}: {label}", lambda: bijector.forward(value))

for kind in (dtype.bool_, dtype.complex64, "int32"):
    show(f"Categorical dtype {kind}", lambda: msd.Categorical([0.5, 0.5], dtype=kind))

for kind, value in [(dtype.int32, 1.0), (dtype.int32, Tensor(1.0, dtype.float32)),
                    (dtype.float32, 1), (dtype.int32, True), (dtype.bool_, 1.0),
                    (dtype.bool_, 2), (dtype.uint8, 1.5), (dtype.int64, 2.0),
                    (dtype.float16, 1)]:
    parameter = Parameter(Tensor(1, kind), name="p")
    show(f"Parameter of {kind} set_data {value!r}",
         lambda: (parameter.set_data(value), f"{parameter.dtype} {parameter.asnumpy().tolist()}")[1])

# hinge_embedding_loss of shapes that do not broadcast: MindSpore's first failing op is the Mul
# of the targets' mask with the inputs, so the error names Mul and the targets' shape first.
for inputs_shape, targets_shape in [((3, 3), (2, 2)), ((3,), (2,)), ((2, 3), (3, 2)),
                                    ((3, 3), (3, 1))]:
    inputs = Tensor(np.linspace(-1, 2, int(np.prod(inputs_shape)), dtype=np.float32)
                    .reshape(inputs_shape))
    targets = Tensor(np.where(np.arange(int(np.prod(targets_shape))) % 2 == 0, 1.0, -1.0)
                     .astype(np.float32).reshape(targets_shape))
    show(f"hinge_embedding_loss {inputs_shape} {targets_shape}",
         lambda: ops.hinge_embedding_loss(inputs, targets, reduction="sum").asnumpy().tolist())
    show(f"nn.HingeEmbeddingLoss {inputs_shape} {targets_shape}",
         lambda: nn.HingeEmbeddingLoss(reduction="sum")(inputs, targets).asnumpy().tolist())
