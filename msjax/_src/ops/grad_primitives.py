"""More of MindSpore's gradient Primitives (`ops.operations._grad_ops`), re-exported by
`grad_ops` (whose names `mindspore.ops.operations._grad_ops` answers): MaxPoolGradWithArgmaxV2,
SigmoidCrossEntropyWithLogitsGrad and L2NormalizeGrad, each the backward of msjax's forward
operator, with MindSpore 2.10's attributes, reprs and errors
(tests/goldens/scripts/ops16a_grad_primitives_probe.py)."""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.ops.pooling_ops import _max_pool_argmax_v2_attributes, _max_pool_argmax_v2_shown
from msjax._src.ops.primitives import _l2_normalize_backward
from msjax._src.ops.registry import functional, primitive


def _max_pool_grad_with_argmax_v2(x, grad, argmax, kernel_size, strides=None, pads=0,
                                  dilation=(1, 1), ceil_mode=False, argmax_type=mstype.int64):
    """`x`'s gradient: each value of the NCHW `grad` added at the flat H·W position `argmax`
    names (MaxPoolWithArgmaxV2's), in `grad`'s dtype; positions no window chose get 0."""
    if x.ndim != 4:
        raise ValueError("For primitive[MaxPoolGradWithArgmaxV2], the x_shape must be equal to 4, "
                         f"but got {x.ndim}.")
    planes = x.shape[0] * x.shape[1]
    flat_grad = grad.reshape((planes, -1))
    flat_index = argmax.reshape(flat_grad.shape).astype(jnp.int32)
    rows = jnp.arange(planes)[:, None]
    out = jnp.zeros((planes, x.shape[2] * x.shape[3]), grad.dtype)
    return out.at[rows, flat_index].add(flat_grad).reshape(x.shape)


MaxPoolGradWithArgmaxV2 = primitive(
    "MaxPoolGradWithArgmaxV2", functional(_max_pool_grad_with_argmax_v2),
    check=_max_pool_argmax_v2_attributes, kernel_size=inspect.Parameter.empty, strides=None,
    pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=mstype.int64,
    display=lambda attrs: {**_max_pool_argmax_v2_shown(attrs),
                           "argmax_type": str(attrs["argmax_type"])})


def _sigmoid_cross_entropy_with_logits_grad(logits, label, dout):
    """dout · (sigmoid(logits) − label): SigmoidCrossEntropyWithLogits' gradient in `logits`."""
    return dout * (jax.nn.sigmoid(logits) - label)


SigmoidCrossEntropyWithLogitsGrad = primitive(
    "SigmoidCrossEntropyWithLogitsGrad", functional(_sigmoid_cross_entropy_with_logits_grad))


def _l2_normalize_grad(input_x, out, dout, axis=0, epsilon=1e-4):
    """L2Normalize's gradient: (dout − out · Σ(out · dout)) / max(‖input_x‖, epsilon) along
    `axis` (`out` is L2Normalize's output, as MindSpore's kernel reads it)."""
    axis = axis if isinstance(axis, int) else tuple(axis)
    squares = jnp.sum(jnp.square(input_x), axis=axis, keepdims=True)
    return _l2_normalize_backward(axis, epsilon, (out, squares), dout)[0]


L2NormalizeGrad = primitive(
    "L2NormalizeGrad", functional(_l2_normalize_grad), axis=0, epsilon=1e-4,
    display=lambda a: {**a, "axis": [a["axis"]] if isinstance(a["axis"], int) else a["axis"]})
