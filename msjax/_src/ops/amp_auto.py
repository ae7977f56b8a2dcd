"""MindSpore 2.10's "auto" mixed-precision lists (`mindspore.train.amp.AMP_AUTO_WHITE_LIST` and
`AMP_AUTO_BLACK_LIST`) and its promote list, by the names msjax registers those operators under
(the functional form, the Primitive class, the Tensor method are one object or built from one).
While a strategy is in force (core/amp_strategy.py), a white-listed op casts its float Tensor
inputs to the strategy's low dtype, a black-listed one to float32 and a promoted one to the
widest float dtype among them; with none, the op is called as is, at the
cost of one ContextVar read (tests/goldens/scripts/amp_auto_probe.py).
"""
from __future__ import annotations

import functools

import jax.numpy as jnp

from msjax._src.core.amp_strategy import LOW_DTYPE
from msjax._src.core.tensor import Tensor, _wrap

WHITE = frozenset((
    "matmul", "MatMul", "bmm", "BatchMatMul", "dense", "Dense", "conv2d", "Conv2D", "conv3d",
    "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "conv_transpose2d", "prelu", "PReLU",
    "einsum", "Einsum", "addmm", "Addmm", "addbmm", "Addbmm", "addmv", "Addmv", "baddbmm",
    "Baddbmm", "mv", "Mv"))
BLACK = frozenset((
    "pow", "Pow", "acos", "ACos", "asin", "Asin", "cosh", "Cosh", "erfinv", "Erfinv", "exp", "Exp",
    "expm1", "Expm1", "log", "Log", "log10", "Log10", "log1p", "Log1p", "log2", "Log2",
    "reciprocal", "Reciprocal", "rsqrt", "Rsqrt", "sinh", "Sinh", "tan", "Tan", "softplus",
    "Softplus", "layer_norm", "LayerNorm", "batch_norm", "BatchNorm", "group_norm", "norm", "Norm",
    "kl_div", "KLDivLoss", "smooth_l1_loss", "SmoothL1Loss", "multilabel_margin_loss",
    "MultilabelMarginLoss", "soft_margin_loss", "SoftMarginLoss", "triplet_margin_loss",
    "TripletMarginLoss", "multi_margin_loss", "MultiMarginLoss",
    "binary_cross_entropy_with_logits", "BCEWithLogitsLoss", "pdist", "Pdist", "cdist", "Cdist",
    "renorm", "Renorm", "prod", "ReduceProd", "softmax", "Softmax", "log_softmax", "LogSoftmax",
    "cumprod", "CumProd", "cumsum", "CumSum", "sum", "l1_loss", "mse_loss", "nll_loss", "NLLLoss"))


# MindSpore's `promote_list`: these take their float inputs in the widest float dtype among them
# (`AddN`, `Concat` over a list of Tensors)
PROMOTE = frozenset((
    "addcdiv", "Addcdiv", "addcmul", "Addcmul", "cross", "Cross", "grid_sample", "GridSampler2D",
    "GridSampler3D", "bias_add", "BiasAdd", "addn", "AddN", "accumulate_n", "concat", "cat",
    "Concat"))


def _float_tensors(values):
    """The float Tensors among `values` and in the tuples and lists among them."""
    for value in values:
        if isinstance(value, (tuple, list)):
            yield from _float_tensors(value)
        elif isinstance(value, Tensor) and jnp.issubdtype(value._data.dtype, jnp.floating):
            yield value


def _cast_all(value, dtype):
    if isinstance(value, (tuple, list)):
        return type(value)(_cast_all(v, dtype) for v in value)
    return _cast(value, dtype)


def _promoted(args, kwargs):
    """`args` and `kwargs` with their float Tensors in their widest float dtype."""
    dtypes = {t._data.dtype for t in _float_tensors([*args, *kwargs.values()])}
    if len(dtypes) < 2:
        return args, kwargs
    dtype = functools.reduce(jnp.promote_types, dtypes)
    return ([_cast_all(a, dtype) for a in args],
            {k: _cast_all(v, dtype) for k, v in kwargs.items()} if kwargs else kwargs)


def _cast(value, dtype):
    if isinstance(value, Tensor) and jnp.issubdtype(value._data.dtype, jnp.floating) \
            and value._data.dtype != dtype:
        return _wrap(value._data.astype(dtype))
    return value


def inputs_cast(names):
    """For an op on MindSpore's lists (registered under `names`): `cast(args, kwargs)`, its
    arguments cast as the strategy in force says, which the op's Tensor-level function calls only
    while `LOW_DTYPE` holds a strategy (registry.functional: an op outside a strategy pays one
    ContextVar read, no call); None for an op on neither list."""
    if any(n in PROMOTE for n in names):
        return _promoted
    white = any(n in WHITE for n in names)
    if not white and not any(n in BLACK for n in names):
        return None

    def cast(args, kwargs):
        dtype = LOW_DTYPE.get() if white else _FLOAT32
        return ([_cast(a, dtype) for a in args],
                {k: _cast(v, dtype) for k, v in kwargs.items()} if kwargs else kwargs)
    return cast


_FLOAT32 = jnp.dtype(jnp.float32)


def with_amp(names, fn):
    """`fn` (a Primitive's function, registered under `names`), casting its inputs as the
    "auto" strategy in force says; `fn` itself for an op on neither list."""
    cast = inputs_cast(names)
    if cast is None:
        return fn

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if LOW_DTYPE.get() is None:
            return fn(*args, **kwargs)
        args, kwargs = cast(args, kwargs)
        return fn(*args, **kwargs)
    for attribute in ("impl", "program"):
        if hasattr(fn, attribute):
            setattr(call, attribute, getattr(fn, attribute))
    return call
