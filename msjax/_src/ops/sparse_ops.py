"""`ops.csr_<op>` and `ops.coo_<op>`: the elementwise ops of the op table applied to a sparse
tensor's stored values, its structure (indptr, indices, shape) kept, as MindSpore 2.10's sparse
unary functions are. Each is built from the table below, over the op table's own `ops.<op>`.
`ops.csr_add` adds two CSRTensors (core/sparse_tensor.py `csr_merge`); `ops.coo_concat` joins
COOTensors along an axis."""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.core.sparse_tensor import (COOTensor, CSRTensor, csr_merge, dense_to_coo,
                                           dense_to_csr)
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import OPS

UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp",
         "expm1", "floor", "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu",
         "relu6", "round", "sigmoid", "sin", "sinh", "softsign", "sqrt", "square", "tan", "tanh")


def _csr_unary(op_name: str):
    def apply(x):
        if not isinstance(x, CSRTensor):
            raise TypeError(f"Expects CSRTensor for csr_{op_name}")
        return CSRTensor(x.indptr, x.indices, OPS[op_name](x.values), x.shape)
    return _named(apply, f"csr_{op_name}", op_name, "CSRTensor")


def _coo_unary(op_name: str):
    def apply(x):
        if not isinstance(x, COOTensor):
            raise TypeError(f"Expects COOTensor for coo_{op_name}")
        return COOTensor(x.indices, OPS[op_name](x.values), x.shape)
    return _named(apply, f"coo_{op_name}", op_name, "COOTensor")


def _named(fn, name: str, op_name: str, kind: str):
    cls = CSRTensor if kind == "CSRTensor" else COOTensor
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    fn.__signature__ = inspect.Signature(
        [inspect.Parameter("x", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=cls)],
        return_annotation=cls)  # MindSpore's: (x: CSRTensor) -> CSRTensor
    fn.__doc__ = (f"`ops.{name}(x)`: `ops.{op_name}` of a {kind}'s stored values, as a {kind} "
                  "of the same structure.")
    return fn


for _op_name in UNARY:
    globals()[f"csr_{_op_name}"] = _csr_unary(_op_name)
    globals()[f"coo_{_op_name}"] = _coo_unary(_op_name)
del _op_name


def csr_add(a, b, alpha, beta):
    """`ops.csr_add(a, b, alpha, beta)`: `alpha * a + beta * b` of two 2-D CSRTensors, each row's
    entries the union of the two rows' columns (a sum of zero stays stored); `alpha` and `beta`
    are Tensors."""
    return csr_merge(a, b, alpha, beta)


_P = inspect.Parameter.POSITIONAL_OR_KEYWORD
csr_add.__signature__ = inspect.Signature(  # MindSpore's annotations
    [inspect.Parameter(n, _P, annotation=t) for n, t in
     (("a", CSRTensor), ("b", CSRTensor), ("alpha", Tensor), ("beta", Tensor))],
    return_annotation=CSRTensor)


def _check_kind(value, cls, name: str) -> None:
    if not isinstance(value, cls):
        raise TypeError(f"For {name}, the input must be a {cls.__name__}, but got "
                        f"{type(value)}.")


def csr_to_coo(tensor):
    """`ops.csr_to_coo(tensor)`: a 2-D CSRTensor's entries as a COOTensor."""
    _check_kind(tensor, CSRTensor, "csr_to_coo")
    return tensor.to_coo()


def csr_to_dense(csr_tensor):
    """`ops.csr_to_dense(csr_tensor)`: the dense Tensor a 2-D CSRTensor stands for."""
    _check_kind(csr_tensor, CSRTensor, "csr_to_dense")
    return csr_tensor.to_dense()


def _check_dense(value, name: str) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For functional operator {name}, input argument must be a Tensor.")


def dense_to_sparse_coo(tensor):
    """`ops.dense_to_sparse_coo(tensor)`: `tensor.to_coo()`."""
    _check_dense(tensor, "dense_to_sparse_coo")
    return dense_to_coo(tensor)


def dense_to_sparse_csr(tensor):
    """`ops.dense_to_sparse_csr(tensor)`: `tensor.to_csr()`."""
    _check_dense(tensor, "dense_to_sparse_csr")
    return dense_to_csr(tensor)


for _fn, _parameter, _in, _out in ((csr_to_coo, "tensor", CSRTensor, COOTensor),
                                   (csr_to_dense, "csr_tensor", CSRTensor, Tensor),
                                   (dense_to_sparse_coo, "tensor", Tensor, COOTensor),
                                   (dense_to_sparse_csr, "tensor", Tensor, CSRTensor)):
    _fn.__signature__ = inspect.Signature(  # MindSpore's annotations
        [inspect.Parameter(_parameter, _P, annotation=_in)], return_annotation=_out)
del _fn, _parameter, _in, _out


@x64.scoped  # (Int64 indices)
def coo_concat(sp_input, concat_dim=0):
    """`ops.coo_concat(sp_input, concat_dim=0)`: COOTensors (at least two, of one values dtype,
    Int64 indices, equal sizes off `concat_dim`) joined along `concat_dim`; each input's
    indices shifted by the sizes before it, the entries in row-major order."""
    inputs = tuple(sp_input)
    if len(inputs) < 2:
        raise ValueError("For coo_concat, not support COOTensor input number < 2.")
    if not isinstance(concat_dim, int) or isinstance(concat_dim, bool):
        raise TypeError("For 'SparseConcat', the type of 'concat_dim' should be 'int', but got "
                        f"type '{type(concat_dim).__name__}'.")
    for k, tensor in enumerate(inputs):
        _check_kind(tensor, COOTensor, "coo_concat")
        if tensor.indices.dtype != mstype.int64:
            raise TypeError(f"For primitive[SparseConcat], the input argument[indices{k}] must "
                            "be a type of {Tensor[Int64]}, but got "
                            f"Tensor[{tensor.indices.dtype}].")
        if tensor.values.dtype != inputs[0].values.dtype:
            raise TypeError("For primitive[SparseConcat], the input type must be same.")
    rank = len(inputs[0].shape)
    axis = [d for d in range(rank)][concat_dim]  # (IndexError: list index out of range)
    for k, tensor in enumerate(inputs[1:], 1):
        for d in range(rank):
            if d != axis and tensor.shape[d] != inputs[0].shape[d]:
                raise RuntimeError(
                    f"For op SparseConcatThe No.{k} input COO tensor shape size is incorrect. "
                    f"The No.{k} shape is {tensor.shape[d]} not equal with first COO tensor "
                    f"shape: {inputs[0].shape[d]}.")
    offsets = np.cumsum([0] + [t.shape[axis] for t in inputs[:-1]])
    step = jnp.zeros((rank,), jnp.int64)
    indices = jnp.concatenate([t.indices._data + step.at[axis].set(int(offset))
                               for t, offset in zip(inputs, offsets)])
    values = jnp.concatenate([t.values._data for t in inputs])
    order = jnp.lexsort(tuple(indices[:, d] for d in reversed(range(rank))))
    shape = list(inputs[0].shape)
    shape[axis] = sum(t.shape[axis] for t in inputs)
    return COOTensor(Tensor(indices[order]), Tensor(values[order]), tuple(shape))


#: The functions beyond the unary table (tools/gen_ops_init.py exports them).
FUNCTIONS = ("coo_concat", "csr_add", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
             "dense_to_sparse_csr")
