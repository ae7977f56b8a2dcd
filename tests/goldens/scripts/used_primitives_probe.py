"""Names real MindSpore code uses: `ops.P`, the Primitives `LRN`, `Im2Col`, `MaskedScatter`,
`RmsNorm`, `Randperm`, `ScalarToArray`, `nn.CentralCrop`, `_compile_utils`' indexing functions,
`_extends.cell_attr_register` and `mindspore.multiprocessing`: values, reprs and errors. One
`label -> result` line per case (tests/ops/test_used_primitives.py). MindSpore 2.10's CPU has no
kernel for `RmsNorm` and `Randperm`, and its `ScalarToArray` fails (their lines)."""
import numpy as np

import mindspore as ms
import mindspore.multiprocessing as msmp
from mindspore import Tensor, nn, ops
from mindspore._extends import cell_attr_register
from mindspore.ops import functional as F
from mindspore.ops.composite.multitype_ops import _compile_utils


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}", flush=True)


def square(value):
    return value * value


def exit_with(code):
    raise SystemExit(code)


case("ops.P", lambda: (ops.P is ops.operations, ops.P.DType is ops.DType,
                       ops.P.Fill is ops.Fill, ops.P.Shape is ops.Shape))
X = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
XI = Tensor(np.arange(32, dtype=np.float32).reshape(1, 8, 2, 2) / 10)
case("LRN repr", lambda: ops.LRN())
case("LRN", lambda: ops.LRN()(XI))
case("LRN arguments", lambda: ops.LRN(depth_radius=2, bias=1.0, alpha=0.5, beta=0.75)(XI))
XC = Tensor(np.arange(2 * 2 * 4 * 4, dtype=np.float32).reshape(2, 2, 4, 4))
case("Im2Col repr", lambda: ops.Im2Col(ksizes=2, strides=2))
case("Im2Col", lambda: ops.Im2Col(ksizes=2, strides=2)(XC))
case("Im2Col pads", lambda: ops.Im2Col(ksizes=3, strides=1, dilations=1, pads=1)(XC))
case("Im2Col pads 4", lambda: ops.Im2Col(ksizes=(2, 3), strides=1, pads=(1, 0, 0, 1))(XC))
case("Im2Col dilations", lambda: ops.Im2Col(ksizes=2, strides=1, dilations=2)(XC))
MASK = Tensor([[True, False, True], [False, True, False]])
UPDATES = Tensor(np.array([10., 11., 12., 13.], np.float32))
case("MaskedScatter", lambda: ops.MaskedScatter()(X, MASK, UPDATES))
case("MaskedScatter broadcast", lambda: ops.MaskedScatter()(X, Tensor([True, False, True]),
                                                            UPDATES))
case("MaskedScatter repr", lambda: ops.MaskedScatter())
case("CentralCrop", lambda: nn.CentralCrop(0.5)(XC[:1]))
case("CentralCrop 3d", lambda: nn.CentralCrop(0.5)(XC[0]))
case("CentralCrop whole", lambda: nn.CentralCrop(1.0)(XC[:1]))
IMAGE = Tensor(np.arange(100, dtype=np.float32).reshape(1, 1, 10, 10))
for fraction in (0.6, 0.3, 0.7, 0.55, 0.15):
    case(f"CentralCrop {fraction} of 5, 7, 10", lambda f=fraction: (
        nn.CentralCrop(f)(IMAGE[..., :5, :5]).shape, nn.CentralCrop(f)(IMAGE[..., :7, :7]).shape,
        nn.CentralCrop(f)(IMAGE).shape))
case("CentralCrop 0.6 values", lambda: nn.CentralCrop(0.6)(IMAGE[..., :5, :5]))
case("CentralCrop above 1", lambda: nn.CentralCrop(1.5))
case("CentralCrop 0", lambda: nn.CentralCrop(0.0))
case("CentralCrop int", lambda: nn.CentralCrop(1))
case("CentralCrop 2d", lambda: nn.CentralCrop(0.5)(X))
case("CentralCrop repr", lambda: nn.CentralCrop(0.5))
case("_tensor_getitem", lambda: _compile_utils._tensor_getitem(X, 1))
case("_tensor_getitem tuple", lambda: _compile_utils._tensor_getitem(X, (slice(None), 1)))
case("_tensor_getitem_origin", lambda: _compile_utils._tensor_getitem_origin(X, -1))


def set_item():
    y = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    out = _compile_utils._tensor_setitem(y, 0, 5.0)
    return out is y, y


case("_tensor_setitem", set_item)


class Block(nn.Cell):
    @cell_attr_register
    def __init__(self, width, scale=2.0):
        super().__init__()
        self.width = width
        self.scale = scale

    def construct(self, x):
        return x * self.scale


class Named(nn.Cell):
    @cell_attr_register(attrs=["width"])
    def __init__(self, width):
        super().__init__()
        self.width = width

    def construct(self, x):
        return x + self.width


case("cell_attr_register", lambda: Block(3).cell_init_args)
case("cell_attr_register keywords", lambda: Block(4, scale=0.5).cell_init_args)
case("cell_attr_register attrs", lambda: Named(5).cell_init_args)
case("cell_attr_register call", lambda: (Block(3)(X), Named(1)(X)))
case("cell_attr_register bad attrs", lambda: cell_attr_register(attrs=3)(Block.__init__)(
    Block.__new__(Block), 1))
case("RmsNorm repr", lambda: ops.RmsNorm(1e-5))
case("Randperm repr", lambda: ops.Randperm(max_length=4, pad=-1))
case("ScalarToArray repr", lambda: ops.ScalarToArray())


def run_process(context):
    process = context.Process(target=exit_with, args=(3,))
    process.start()
    process.join()
    return type(process).__name__, process.exitcode


case("multiprocessing Process", lambda: (msmp.Process.__mro__[1] is msmp.get_context().Process,
                                         issubclass(msmp.Process, msmp.get_context().Process)))
case("multiprocessing fork", lambda: run_process(msmp))
case("multiprocessing spawn context", lambda: type(msmp.get_context("spawn")).__name__)
case("multiprocessing start methods", lambda: sorted(msmp.get_all_start_methods()))
case("multiprocessing bad method", lambda: msmp.get_context("nope"))
def pool_map():
    with msmp.Pool(2) as pool:
        return type(pool).__name__, pool.map(square, [1, 2, 3])


case("multiprocessing Pool", pool_map)
# The kernels MindSpore 2.10's CPU lacks come last: a failed kernel is reported late.
case("ScalarToArray", lambda: ops.ScalarToArray()(1.5))
case("scalar_to_array", lambda: F.scalar_to_array(3))
case("RmsNorm", lambda: ops.RmsNorm(1e-6)(X, Tensor(np.ones(3, np.float32))))
