"""FTRL-proximal updates: the kernel `apply_ftrl` (nn.FTRL's step) and the Primitives
`ops.SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)` and `ops.SparseApplyFtrlV2(lr, l1,
l2, l2_shrinkage, lr_power, use_locking=False)`, which update the rows `indices` of the
Parameters `var`, `accum` and `linear` in place and return their new values; and
`ops.FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)`, the same update returning the new
var and two zero Tensors (MindSpore's CPU kernel's outputs).

For each updated row, with `g` its gradient (V2: `g + 2·l2_shrinkage·var` in the linear term):
`accum' = accum + g²`, `linear += g - (accum'^-p - accum^-p) / lr · var`, and `var =
(sign(linear)·l1 - linear) / (accum'^-p / lr + 2·l2)` where `|linear| > l1`, else 0 (`p` is
`lr_power`). The gradient takes the Parameters' dtype where MindSpore converts it (an integer
gradient) and is refused where it would have to widen them. Repeated indices: the last row's
update is kept (MindSpore leaves them undefined). Results and checks are MindSpore 2.10's
(tests/goldens/ops/sparse_ops_probe.out); its CPU build has no SparseApplyFtrlV2 kernel, so V2's
values follow the formula above (TensorFlow's ApplyFtrlV2, which MindSpore's GPU kernel follows).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.core import log, x64
from msjax._src.core.tensor import _wrap
from msjax._src.ops.adapters import scalar_like, tensor_input
from msjax._src.ops.registry import PRIMITIVES, Primitive
from msjax._src.ops.legacy_ops import _write_all

_INDEX_TYPES = (np.dtype(np.int32), np.dtype(np.int64))


@jax.jit
def apply_ftrl(weight, accum, linear, grad, lr, l1, l2, lr_power, shrinkage=None):
    """ApplyFtrl: the FTRL-proximal update of `weight`, `accum` (Σg²) and `linear`; with
    `shrinkage` (l2_shrinkage, ApplyFtrlV2) the linear term's gradient is g + 2·shrinkage·w.

    The hyperparameters pass an optimization barrier: inside a compiled program they are
    constants, and XLA would divide by `lr` as a multiplication by its (rounded) reciprocal,
    one float32 ulp away from MindSpore's kernel (a GRAPH_MODE step's `var`)."""
    lr, l1, l2, lr_power = jax.lax.optimization_barrier((lr, l1, l2, lr_power))
    new_accum = accum + grad * grad
    sigma = (jnp.power(new_accum, -lr_power) - jnp.power(accum, -lr_power)) / lr
    linear_grad = grad if shrinkage is None else grad + 2 * shrinkage * weight
    linear = linear + linear_grad - sigma * weight
    quadratic = jnp.power(new_accum, -lr_power) / lr + 2 * l2
    weight = jnp.where(jnp.abs(linear) > l1, (jnp.sign(linear) * l1 - linear) / quadratic,
                       scalar_like(0.0, linear))
    return weight.astype(accum.dtype), new_accum, linear


_DEPRECATION_SHOWN = set()


def _check_hyperparameters(prim, lr, l1, l2, lr_power):
    name = prim.name
    for arg, value in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)):
        validator.check_value_type(arg, value, [float], name)
    validator.check_positive_float(lr, "lr", name)
    validator.check_non_negative_float(l1, "l1", name)
    validator.check_non_negative_float(l2, "l2", name)
    validator.check_number("lr_power", lr_power, 0, validator.LE, name)


class _SparseFtrl(Primitive):
    """The call shared by SparseApplyFtrl and SparseApplyFtrlV2."""

    _deprecated_since = ""

    def _warn_deprecated(self):
        if self.name not in _DEPRECATION_SHOWN:
            _DEPRECATION_SHOWN.add(self.name)
            log.warning(f"'{self.name}' is deprecated from version {self._deprecated_since} and "
                        f"will be removed in a future version.")

    @x64.scoped  # MindSpore's dtypes (int64 indices) inside the call, as every op (core/x64.py)
    def __call__(self, var, accum, linear, grad, indices):
        grad_array, index = self._checked(var, accum, linear, grad, indices)
        # (float16 Parameters are updated in float32, as MindSpore's kernel computes them)
        dtype = jnp.promote_types(var._data.dtype, jnp.float32)
        rows = [t._data[index].astype(dtype) for t in (var, accum, linear)]
        like = rows[0]
        hyper = (scalar_like(v, like) for v in (self.lr, self.l1, self.l2, self.lr_power))
        shrinkage = (None if getattr(self, "l2_shrinkage", None) is None
                     else scalar_like(self.l2_shrinkage, like))
        new_rows = apply_ftrl(*rows, grad_array.astype(dtype), *hyper, shrinkage=shrinkage)
        boxes = (var, accum, linear)
        # (written as the other optimizer Primitives write, legacy_ops._write_all: under vmap a
        # batched Parameter's rows are the per-example values, which Assign would refuse)
        return _write_all(boxes, [t._data.at[index].set(new.astype(t._data.dtype))
                                  for t, new in zip(boxes, new_rows)])

    def _checked(self, var, accum, linear, grad, indices):
        name = self.name
        index = indices._data
        if index.dtype not in _INDEX_TYPES:
            raise TypeError(f"For primitive[{name}], the input argument[indices] must be a type "
                            f"of {{Tensor[Int32], Tensor[Int64]}}, but got "
                            f"Tensor[{mstype.from_numpy(index.dtype)}].")
        grad_array, var_dtype = grad._data, var._data.dtype
        if (jnp.issubdtype(grad_array.dtype, jnp.floating)
                and jnp.finfo(grad_array.dtype).bits > jnp.finfo(var_dtype).bits):
            raise TypeError(f"Data type conversion is not supported for a 'Parameter', nor for "
                            f"the input tensor of an in-place operator, the argument[var]'s data "
                            f"type of primitive[{name}] is {mstype.from_numpy(var_dtype)}, which "
                            f"cannot be converted to data type "
                            f"{mstype.from_numpy(grad_array.dtype)} automatically.")
        if index.ndim != 1:
            raise ValueError(f"For primitive[{name}], the indices rank must be equal to 1, but "
                             f"got {index.ndim}.")
        if grad_array.shape[0] != index.shape[0]:
            raise ValueError(f"For primitive[{name}], the grad_shape[0] must be equal to "
                             f"indices_shape[0] which is {index.shape[0]} , but got "
                             f"{grad_array.shape[0]}.")
        if var._data.ndim > 1 and var._data.shape[1:] != grad_array.shape[1:]:
            def vector(shape):
                return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"
            raise ValueError(f"For primitive[{name}], the var_shape[1:] must be equal to "
                             f"grad_shape[1:] which is {vector(grad_array.shape[1:])} , but got "
                             f"{vector(var._data.shape[1:])}.")
        return grad_array, index


class SparseApplyFtrl(_SparseFtrl):
    """`mindspore.ops.SparseApplyFtrl` (deprecated since MindSpore 2.8): see the module doc."""

    _deprecated_since = "2.8.0"

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__("SparseApplyFtrl")
        self._warn_deprecated()
        for key, value in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power),
                           ("use_locking", use_locking)):
            self.add_prim_attr(key, value)
        _check_hyperparameters(self, lr, l1, l2, lr_power)
        validator.check_value_type("use_locking", use_locking, [bool], self.name)
        self.init_prim_io_names(inputs=["var", "accum", "linear", "grad", "indices"],
                                outputs=["var", "accum", "linear"])
        self.add_prim_attr("side_effect_mem", True)


class SparseApplyFtrlV2(_SparseFtrl):
    """`mindspore.ops.SparseApplyFtrlV2` (deprecated since MindSpore 2.1): SparseApplyFtrl with
    `l2_shrinkage`; `indices` int32 only. See the module doc."""

    _deprecated_since = "2.1"

    def __init__(self, lr, l1, l2, l2_shrinkage, lr_power, use_locking=False):
        super().__init__("SparseApplyFtrlV2")
        self._warn_deprecated()
        for key, value in (("lr", lr), ("l1", l1), ("l2", l2), ("l2_shrinkage", l2_shrinkage),
                           ("lr_power", lr_power), ("use_locking", use_locking)):
            self.add_prim_attr(key, value)
        _check_hyperparameters(self, lr, l1, l2, lr_power)
        validator.check_value_type("l2_shrinkage", l2_shrinkage, [float], self.name)
        validator.check_value_type("use_locking", use_locking, [bool], self.name)
        self.add_prim_attr("side_effect_mem", True)

    def _checked(self, var, accum, linear, grad, indices):
        shapes = {"var shape": var.shape, "accum shape": accum.shape,
                  "linear shape": linear.shape}
        for other in ("accum shape", "linear shape"):
            validator.check("var shape", shapes["var shape"], other, shapes[other],
                            validator.EQ, self.name)
        validator.check_tensor_dtype_valid("indicese", mstype.TensorType(indices.dtype),
                                           [mstype.int32], self.name)
        return super()._checked(var, accum, linear, grad, indices)


class FusedSparseFtrl(_SparseFtrl):
    """`mindspore.ops.FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)`: SparseApplyFtrl's
    update (var, accum and linear of one shape, `indices` int32 only); it returns the new var
    and two zero Tensors of var's shape in place of accum and linear, as MindSpore's CPU kernel
    (its documentation calls the outputs useless)."""

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__("FusedSparseFtrl")
        for key, value in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power),
                           ("use_locking", use_locking)):
            self.add_prim_attr(key, value)
        for key, value in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)):
            validator.check_value_type(key, value, [float], self.name)
        _check_hyperparameters(self, lr, l1, l2, lr_power)
        validator.check_value_type("use_locking", use_locking, [bool], self.name)
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, var, accum, linear, grad, indices):
        tensor_input(self.name, 4, "grad", grad)
        tensor_input(self.name, 5, "indices", indices)
        if grad.ndim < 1:
            raise ValueError(f"For primitive[{self.name}], the grad rank must be greater than or "
                             f"equal to 1, but got 0.")
        new_var, new_accum, _ = super().__call__(var, accum, linear, grad, indices)
        zeros = _wrap(jnp.zeros_like(new_accum._data))
        return new_var, zeros, zeros

    def _checked(self, var, accum, linear, grad, indices):
        for other, box in (("accum", accum), ("linear", linear)):
            if box.shape != var.shape:
                def vector(shape):
                    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"
                raise ValueError(f"For primitive[{self.name}], the var shape must be equal to "
                                 f"{other} shape which is {vector(box.shape)} , but got "
                                 f"{vector(var.shape)}.")
        index = indices._data
        if index.dtype != np.dtype(np.int32):
            raise TypeError(f"For primitive[{self.name}], the input argument[indices] must be a "
                            f"type of {{Tensor[Int32]}}, but got "
                            f"Tensor[{mstype.from_numpy(index.dtype)}].")
        return super()._checked(var, accum, linear, grad, indices)


PRIMITIVES["SparseApplyFtrl"] = SparseApplyFtrl  # classes of their own: listed by hand
PRIMITIVES["SparseApplyFtrlV2"] = SparseApplyFtrlV2
PRIMITIVES["FusedSparseFtrl"] = FusedSparseFtrl
