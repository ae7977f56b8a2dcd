"""`mindspore.nn.AdaFactor`: Adafactor (Shazeer & Stern, "Adaptive Learning Rates with Sublinear
Memory Cost"), with MindSpore 2.10's arguments, checks, states and update.

States, named as MindSpore names them: `exp_avg.<name>` (the first moment, with `beta1 > 0`),
and per parameter `exp_avg_sq_row_<name>` and `exp_avg_sq_col_<name>` (the factored second
moment of a matrix: its mean over the last axis and over the one before) or `exp_avg_sq_<name>`
(a vector's second moment), and the step count `afactor_step`. Each step (as MindSpore's
update, on arrays): `beta2t = 1 - step^-decay_rate`; the relative step's rate `min(1e-2,
1/sqrt(step))` (`1e-6·step` with `warmup_init`) when no learning rate is given; the rate scaled
by `max(eps2, RMS(param))` with `scale_parameter`; the update `grad / sqrt(v)` (v factored for
a matrix), divided by `max(1, RMS(update)/clip_threshold)`, times the rate; averaged into the
first moment with `beta1`; weight decay `param·(1 - weight_decay·rate)`; `param -= update`.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core.checkparam import INC_LEFT, INC_NEITHER, check_float_range
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.optim import argument_checks as checks
from msjax._src.nn.optim.optimizer import Optimizer, _array, _success
from msjax._src.ops.adafactor_ops import apply_adafactor
from msjax._src.ops.state_ops import assign


class AdaFactor(Optimizer):
    """`nn.AdaFactor(params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0,
    decay_rate=0.8, beta1=0.9, weight_decay=0.0, scale_parameter=True, relative_step=True,
    warmup_init=False, compression=False, loss_scale=1.0)` (module doc)."""

    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0,
                 decay_rate=0.8, beta1=0.9, weight_decay=0.0, scale_parameter=True,
                 relative_step=True, warmup_init=False, compression=False, loss_scale=1.0):
        if learning_rate is not None and relative_step:
            raise ValueError("Cannot combine manual lr and relative_step options", learning_rate)
        if warmup_init and not relative_step:
            raise ValueError("warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("Cannot learning_rate is None and relative_step=False")
        learning_rate = 0.0 if learning_rate is None else learning_rate
        beta1 = 0.0 if beta1 is None else beta1
        self.scale_lr = isinstance(learning_rate, (float, int))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        name = self.cls_name
        checks.check_value_type("eps", eps, [list, tuple], name)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, value in enumerate(eps):
            checks.check_value_type(f"eps{i}", value, [float], name)
            checks.check_non_negative_float(value, f"eps{i}", name)
        checks.check_value_type("clip_threshold", clip_threshold, [float], name)
        checks.check_non_negative_float(clip_threshold, "clip_threshold", name)
        checks.check_value_type("decay_rate", decay_rate, [float], name)
        check_float_range(decay_rate, 0, 1, INC_NEITHER, "decay_rate", name)
        check_float_range(weight_decay, 0, 1, INC_LEFT, "weight_decay", name)
        checks.check_value_type("scale_parameter", scale_parameter, [bool], name)
        checks.check_value_type("relative_step", relative_step, [bool], name)
        checks.check_value_type("compression", compression, [bool], name)
        checks.check_value_type("beta1", beta1, [int, float], name)
        checks.check_non_negative_float(float(beta1), "beta1", name)
        self.eps = Tensor(list(eps), mstype.float32)
        self.clip_threshold = Tensor(clip_threshold, mstype.float32)
        self.decay_rate = Tensor(-decay_rate, mstype.float32)
        self.beta1 = Tensor(beta1, mstype.float32)
        self.weight_decay = Tensor(weight_decay, mstype.float32)
        self.weight_decay_flag = bool(weight_decay)
        self.scale_parameter = scale_parameter and self.scale_lr
        self.relative_step = relative_step
        self.warmup_init = warmup_init
        self.compression = compression
        self._init_states(beta1)
        self.step = Parameter(Tensor([0.0], mstype.float32), name="afactor_step")

    def _init_states(self, beta1):
        """MindSpore's state Parameters (module doc)."""
        self.use_first_moment = beta1 > 0
        if self.use_first_moment:
            self.exp_avg = self._parameters.clone(prefix="exp_avg", init="zeros")
        else:
            self.exp_avg = ParameterTuple([Parameter(Tensor(0.0))] * len(self._parameters))
        rows, cols, squares = [], [], []
        for param in self._parameters:
            shape, dtype, pname = tuple(param.shape), param.dtype, param.name
            np_dtype = mstype.to_numpy_dtype(dtype)
            if len(shape) > 1:
                row_shape, col_shape, sq_shape, sq_dtype = shape[:-1], shape[:-2] + shape[-1:], \
                    (1,), np_dtype
            else:
                row_shape = col_shape = (1,)
                sq_shape = shape
                sq_dtype = mstype.to_numpy_dtype(mstype.float16) if self.compression else np_dtype
            rows.append(Parameter(_wrap(jnp.zeros(row_shape, np_dtype)),
                                  name=f"exp_avg_sq_row_{pname}"))
            cols.append(Parameter(_wrap(jnp.zeros(col_shape, np_dtype)),
                                  name=f"exp_avg_sq_col_{pname}"))
            squares.append(Parameter(_wrap(jnp.zeros(sq_shape, sq_dtype)),
                                     name=f"exp_avg_sq_{pname}"))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(squares)

    @property
    def supports_memory_efficient_fp16(self) -> bool:
        return True

    @property
    def supports_flat_params(self) -> bool:
        return False

    def construct(self, gradients):
        if not isinstance(gradients, (tuple, list)):
            raise RuntimeError("The types of arguments in Map must be consistent, but the types "
                               "of arguments are inconsistent.")
        lr = _array(self.get_lr())
        self._increase_global_step()
        step = self.step._data + 1
        assign(self.step, _wrap(step))
        if self.scale_lr and self.relative_step:
            min_step = 1e-6 * step if self.warmup_init else 1e-2
            lr = jnp.minimum(min_step, 1.0 / jnp.sqrt(step * 1.0))
        beta2t = 1.0 - jnp.power(step, self.decay_rate._data)
        lrs = self._per_parameter_lr(lr) if self.is_group_lr else (lr,) * self.param_length
        for i, (param, grad) in enumerate(zip(self._parameters, gradients)):
            exp_avg = self.exp_avg[i]
            states = (exp_avg, self.exp_avg_sq_row[i], self.exp_avg_sq_col[i],
                      self.exp_avg_sq[i])
            new = apply_adafactor(param._data, *(s._data for s in states), _array(grad),
                                  jnp.reshape(lrs[i], ()), jnp.reshape(beta2t, ()),
                                  self.eps._data, self.clip_threshold._data, self.beta1._data,
                                  self.weight_decay._data, self.scale_parameter,
                                  self.use_first_moment, self.weight_decay_flag)
            assign(param, _wrap(new[0]))
            for state, value in zip(states, new[1:]):
                if state is not exp_avg or self.use_first_moment:
                    # (kept in the state's dtype: Float16 with `compression`)
                    assign(state, _wrap(value.astype(state._data.dtype)))
        return _success(self.param_length)

