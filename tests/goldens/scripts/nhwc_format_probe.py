"""NHWC (channels-last) data formats on MindSpore's CPU target: which layers and Primitives refuse
them, with which errors, and BiasAdd's NHWC values (its CPU kernel computes them). MindSpore 2.10
CPU; msjax's NHWC computation on the GPU target is checked against NCHW in tests/nn/test_nhwc.py."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import operations as P

ms.set_context(device_target="CPU")  # msjax's default on a GPU backend is 'GPU'

def show(label, fn):
    try:
        r = fn()
        if hasattr(r, "asnumpy"):
            r = f"{r.shape} {np.round(r.asnumpy().ravel(), 4).tolist()}"
        elif isinstance(r, ops.Primitive):
            r = "built"
        print(label, "->", "OK", r)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(1, 2, 4, 3))
b = ms.Tensor(np.array([1., 10., 100.], np.float32))
w = ms.Tensor(np.ones((8, 3, 3, 3), np.float32))
show("nn.Conv2d NHWC", lambda: nn.Conv2d(3, 8, 3, data_format="NHWC"))
show("nn.BatchNorm2d NHWC", lambda: nn.BatchNorm2d(3, data_format="NHWC"))
show("nn.MaxPool2d NHWC", lambda: nn.MaxPool2d(2, data_format="NHWC"))
show("nn.AvgPool2d NHWC", lambda: nn.AvgPool2d(2, data_format="NHWC"))
show("nn.Conv2d nchw", lambda: nn.Conv2d(3, 8, 3, data_format="nchw"))
show("nn.Conv2d NHCW", lambda: nn.Conv2d(3, 8, 3, data_format="NHCW"))
show("P.Conv2D NHWC", lambda: P.Conv2D(8, 3, data_format="NHWC"))
show("P.Conv2D NHCW", lambda: P.Conv2D(8, 3, data_format="NHCW"))
show("P.Conv2D nchw", lambda: P.Conv2D(8, 3, data_format="nchw"))
show("P.MaxPool NHWC", lambda: P.MaxPool(2, 2, data_format="NHWC"))
show("P.MaxPool NHCW", lambda: P.MaxPool(2, 2, data_format="NHCW"))
show("P.Conv2DBackpropInput NHWC", lambda: P.Conv2DBackpropInput(8, 3, data_format="NHWC"))
show("P.Conv2DTranspose NHWC", lambda: P.Conv2DTranspose(8, 3, data_format="NHWC"))
show("P.Conv2DTranspose NHCW", lambda: P.Conv2DTranspose(8, 3, data_format="NHCW"))
show("P.AvgPool NHWC", lambda: P.AvgPool(2, 2, data_format="NHWC"))
show("P.AvgPool NHCW", lambda: P.AvgPool(2, 2, data_format="NHCW"))
show("P.BatchNorm NHWC", lambda: P.BatchNorm(data_format="NHWC"))
show("P.BatchNorm NHCW", lambda: P.BatchNorm(data_format="NHCW"))
show("P.BiasAdd NHCW", lambda: P.BiasAdd(data_format="NHCW"))
show("P.BiasAdd NHWC 4d", lambda: P.BiasAdd(data_format="NHWC")(x, b))
show("P.BiasAdd NHWC 2d", lambda: P.BiasAdd(data_format="NHWC")(ms.Tensor(np.ones((2, 3), np.float32)), b))
show("P.BiasAdd NHWC bad bias", lambda: P.BiasAdd(data_format="NHWC")(x, ms.Tensor(np.ones(2, np.float32))))
show("P.BiasAdd NCDHW 4d", lambda: P.BiasAdd(data_format="NCDHW")(x, ms.Tensor(np.ones(2, np.float32))))
show("P.BiasAdd NCHW 4d", lambda: P.BiasAdd()(x, ms.Tensor(np.array([1., 2.], np.float32))))
show("P.BiasAdd NCHW bad bias", lambda: P.BiasAdd()(x, b))
show("ops.bias_add NCHW", lambda: ops.bias_add(x, ms.Tensor(np.array([1., 2.], np.float32))))
show("ops.bias_add bad bias", lambda: ops.bias_add(x, b))
show("P.Conv2D NCHW call", lambda: P.Conv2D(8, 3)(ms.Tensor(np.ones((1, 3, 5, 5), np.float32)), w))
