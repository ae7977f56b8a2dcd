"""`nn.BatchNorm1d/2d/3d`, `nn.SyncBatchNorm`, `nn.LayerNorm`, `nn.GroupNorm` and
`nn.InstanceNorm1d/2d/3d`."""
from __future__ import annotations

import numbers

import jax
import jax.numpy as jnp

from msjax._src.core import context
from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import Initializer, initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import (
    check_bool,
    check_positive_int,
    check_string,
    check_value_type,
)
from msjax._src.ops import array_ops, layer_ops, legacy_ops, nn_ops
from msjax._src.ops.batch_norm_train import compute_dtype, normalize_channels
from msjax._src.ops.reduce_ops import variance
from msjax._src.parallel.communication import HCCL_WORLD_COMM_GROUP
from msjax._src.ops.comm_ops import ReduceOp, all_reduce_array
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import functional
from msjax._src.ops.state_ops import assign
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.parallel.mapped_axes import innermost_mapped_axis
from msjax._src.parallel import communication


class _BatchNorm(Cell):
    """Batch normalisation over every axis but the channel axis 1.

    `momentum` is MindSpore's (the weight of the old running value, default 0.9); the Cell stores
    `self.momentum = 1 - momentum`, the weight of the batch statistic. In training (or with
    `use_batch_statistics=True`) the batch statistics normalise and `moving_mean` /
    `moving_variance` are updated with `ops.assign`; otherwise the running statistics normalise.
    Under `to_float` only the input is cast (nn/mixed_precision.py).
    """
    keeps_parameter_dtypes = True

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, data_format="NCHW", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_value_type("num_features", num_features, [int], name)
        if num_features < 1:
            raise ValueError(f"For '{name}', the 'num_features' must be at least 1, but got "
                             f"{num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{name}', the 'momentum' must be a number in range [0, 1], "
                             f"but got {momentum}.")
        self.format = check_string(data_format, ["NCHW", "NHWC"], "format", name)
        if self.format == "NHWC":
            target = context.get_context("device_target")
            if target != "GPU":
                raise ValueError(f"For '{name}', the 'NHWC' format only support in GPU target, but "
                                 f"got device target {target}.")
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise ValueError(f"For '{name}', the 'use_batch_statistics' must be a boolean value or "
                             f"None, but got {use_batch_statistics}.")
        self.use_batch_statistics = use_batch_statistics
        self.num_features = num_features
        self.eps = eps
        self.beta_init = beta_init
        self.gamma_init = gamma_init
        self.moving_mean_init = moving_mean_init
        self.moving_var_init = moving_var_init
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype),
                                     name="mean", requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype),
                                         name="variance", requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta",
                              requires_grad=affine)
        self.parallel_mode = "stand_alone"
        self.momentum = 1.0 - momentum

    @staticmethod
    def _check_input_dim(shape, cls_name):
        raise NotImplementedError

    def construct(self, x):
        self._check_input_dim(x.shape, self.cls_name)
        use_batch = (self.training if self.use_batch_statistics is None
                     else self.use_batch_statistics)
        # MindSpore's GPU layout NHWC normalises along the last axis, where the channels are
        axis = x.ndim - 1 if self.format == "NHWC" and x.ndim > 2 else 1
        return _wrap(nn_ops.batch_norm_along(
            x._data, self.moving_mean, self.moving_variance, self.gamma._data, self.beta._data,
            use_batch, self.momentum, self.eps, axis))

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={1.0 - self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


class BatchNorm1d(_BatchNorm):
    """`nn.BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    data_format='NCHW', dtype=mstype.float32)`: input (N, C) or (N, C, L)."""

    @staticmethod
    def _check_input_dim(shape, cls_name):
        if len(shape) not in (2, 3):
            raise ValueError(f"For '{cls_name}', the must have 2 dims or 3 dims, but got "
                             f"{len(shape)}.")


class BatchNorm2d(_BatchNorm):
    """`nn.BatchNorm2d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    data_format='NCHW', dtype=mstype.float32)`: input (N, C, H, W)."""

    @staticmethod
    def _check_input_dim(shape, cls_name):
        if len(shape) != 4:
            raise ValueError(f"For '{cls_name}', the in_shape must have 4 dims, but got "
                             f"{len(shape)}.")


class LayerNorm(Cell):
    """`nn.LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
    beta_init='zeros', epsilon=1e-7, dtype=mstype.float32)`: normalise over the axes from
    `begin_norm_axis` on, then scale by `gamma` and shift by `beta` (shape `normalized_shape`,
    aligned with the trailing axes)."""

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
                 gamma_init="ones", beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For '{self.cls_name}', the type of 'normalized_shape' must be "
                            f"tuple[int] or list[int], but got {normalized_shape} and the type is "
                            f"{type(normalized_shape)}.")
        if not normalized_shape:
            raise ValueError("Expected normalized_shape to be at least 1-dimensional, i.e., "
                             "containing at least one element, but got normalized_shape = "
                             f"{normalized_shape}")
        self.normalized_shape = normalized_shape
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype), name="beta")
        # MindSpore's LayerNorm holds the `ops.LayerNorm` Primitive; subclasses (MindCV's
        # ConvNeXt) call `self.layer_norm(x, self.gamma, self.beta)` themselves.
        self.layer_norm = legacy_ops.LayerNorm(begin_norm_axis=begin_norm_axis,
                                               begin_params_axis=begin_params_axis,
                                               epsilon=epsilon)

    def construct(self, input_x):
        y, _, _ = self.layer_norm(input_x, array_ops.cast(self.gamma, input_x.dtype),
                                  array_ops.cast(self.beta, input_x.dtype))
        return y

    def extend_repr(self):
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")


class BatchNorm3d(Cell):
    """`nn.BatchNorm3d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, dtype=mstype.float32)`: input (N, C, D, H, W). As in MindSpore the
    Parameters live in a child `bn2d` (a BatchNorm2d over (N, C, D*H, W))."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features=num_features, eps=eps, momentum=momentum,
                                affine=affine, gamma_init=gamma_init, beta_init=beta_init,
                                moving_mean_init=moving_mean_init,
                                moving_var_init=moving_var_init,
                                use_batch_statistics=use_batch_statistics, data_format="NCHW",
                                dtype=dtype)

    def construct(self, x):
        shape = x.shape
        if len(shape) != 5:
            raise ValueError(f"For '{self.cls_name}', the in_shape must have 5 dims, but got "
                             f"{len(shape)}.")
        x = array_ops.reshape(x, (shape[0], shape[1], shape[2] * shape[3], shape[4]))
        return array_ops.reshape(self.bn2d(x), shape)


class SyncBatchNorm(_BatchNorm):
    """`nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones',
    use_batch_statistics=None, process_groups=None, dtype=mstype.float32)`: BatchNorm whose
    training statistics are reduced over the data-parallel ranks (all of them, or the ranks of
    the group of `process_groups` this rank is in).

    Across processes (ranks of a data-parallel job) and inside `mindspore.pmap` (whose mapped
    devices act as ranks) the per-rank sums of x and x² and the counts are summed with
    AllReduce, so every rank normalises with the statistics of the global batch; with one rank
    outside pmap it is BatchNorm. `process_groups=0` turns the synchronisation off.
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, process_groups=None, dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, dtype=dtype)

        self.is_global = False
        self.group_name = None
        self.process_groups = process_groups
        if process_groups != 0:
            self.rank_id = communication.get_rank()
            self.rank_size = communication.get_group_size()
            if process_groups is not None:
                if not isinstance(process_groups, list):
                    raise TypeError(f"For '{self.cls_name}', the 'process_groups' must be list, "
                                    f"but got {type(process_groups).__name__}.")
                self._create_sync_groups(communication)
            elif self.rank_size > 1:
                self.is_global = True
                self.group_device_num = self.rank_size
                self.group_name = communication.HCCL_WORLD_COMM_GROUP

    def _create_sync_groups(self, communication):
        seen = set()
        for rank in (r for group in self.process_groups for r in group):
            if not isinstance(rank, int) or not 0 <= rank < self.rank_size:
                raise ValueError(f"For '{self.cls_name}', the 'rank id in process_groups' must be "
                                 f"in range of [0, {self.rank_size}), but got {rank}.")
            if rank in seen:
                raise ValueError(f"For '{self.cls_name}', rank id in 'process_groups' must not be "
                                 f"duplicated, but got {self.process_groups}.")
            seen.add(rank)
        for sub_group in self.process_groups:
            self.group_device_num = len(sub_group)
            if self.rank_id in sub_group and self.group_device_num > 1:
                self.is_global = True
                self.group_name = f"{self.group_device_num}_sync_bn_" + "_".join(map(str, sub_group))
                try:
                    communication.group_ranks(self.group_name)
                except ValueError:
                    communication.create_group(self.group_name, sub_group)

    @staticmethod
    def _check_input_dim(shape, cls_name):
        if len(shape) not in (2, 4):
            raise ValueError(f"For '{cls_name}', the must have 2 dims or 4 dims, but got "
                             f"{len(shape)}.")

    def construct(self, x):
        self._check_input_dim(x.shape, self.cls_name)
        use_batch = (self.training if self.use_batch_statistics is None
                     else self.use_batch_statistics)
        mapped = self.process_groups != 0 and innermost_mapped_axis() is not None
        if not (use_batch and (self.is_global or mapped)):
            return super().construct(x)
        data = x._data
        # the statistics in float32 at least, as BatchNorm's (ops/batch_norm_train.py)
        wide = data.astype(compute_dtype(data, self.gamma._data))
        axes = (0,) + tuple(range(2, data.ndim))
        count = data.size // data.shape[1]
        local = jnp.stack([jnp.sum(wide, axes), jnp.sum(jnp.square(wide), axes),
                           jnp.full((data.shape[1],), count, wide.dtype)])
        group = self.group_name or HCCL_WORLD_COMM_GROUP
        total = all_reduce_array(local, ReduceOp.SUM, group, "SyncBatchNorm")
        mean = total[0] / total[2]
        var = jnp.maximum(total[1] / total[2] - jnp.square(mean), 0)
        unbiased = var * total[2] / jnp.maximum(total[2] - 1, 1)
        m = jnp.asarray(self.momentum, wide.dtype)
        for statistic, batch in ((self.moving_mean, mean), (self.moving_variance, unbiased)):
            update = (1 - m) * statistic._data + m * batch
            assign(statistic, _wrap(update.astype(statistic._data.dtype)))
        return _wrap(normalize_channels(data, mean, var, self.gamma._data, self.beta._data,
                                        eps=self.eps))


class GroupNorm(Cell):
    """`nn.GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)`: normalise each of `num_groups` channel groups of
    every sample, then scale by `gamma` and shift by `beta` (per channel)."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.num_groups = check_positive_int(num_groups, "num_groups", name)
        self.num_channels = check_positive_int(num_channels, "num_channels", name)
        if num_channels % num_groups != 0:
            raise ValueError(f"For '{name}', the 'num_channels' must be divided by 'num_groups', "
                             f"but got 'num_channels': {num_channels}, 'num_groups': "
                             f"{num_groups}.")
        self.eps = check_value_type("eps", eps, (float,), type(self).__name__)
        self.affine = check_bool(affine, "affine", name)
        self.gamma = Parameter(initializer(gamma_init, num_channels, dtype=dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_channels, dtype=dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        return layer_ops.group_norm(x, self.num_groups, array_ops.cast(self.gamma, x.dtype),
                                    array_ops.cast(self.beta, x.dtype), self.eps)

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


@functional
@one_program
def _instance_norm(x, gamma, beta, eps):
    axes = tuple(range(2, x.ndim))
    wide = layer_ops.wide_float(x)  # (float32 at least, as every normalisation)
    mean = jnp.mean(wide, axes, keepdims=True)
    var = variance(wide, axes, keepdims=True)
    shape = (1, -1) + (1,) * (x.ndim - 2)
    out = ((wide - mean) * jax.lax.rsqrt(var + eps) * gamma.astype(wide.dtype).reshape(shape)
           + beta.astype(wide.dtype).reshape(shape))
    return out.astype(jnp.result_type(x, gamma, beta))


class _InstanceNorm(Cell):
    """Instance normalisation: every (sample, channel) slice normalised over its spatial axes,
    then scaled by `gamma` and shifted by `beta`. MindSpore keeps (unused) `moving_mean` /
    `moving_variance` Parameters named 'mean' / 'variance'; msjax keeps them too, so checkpoints
    load."""

    _NDIM = 4

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_value_type("num_features", num_features, [int], name)
        check_value_type("eps", eps, [float], name)
        check_value_type("momentum", momentum, [float], name)
        check_value_type("affine", affine, [bool], name)
        for key, value in (("gamma_init", gamma_init), ("beta_init", beta_init)):
            if not isinstance(value, (Tensor, numbers.Number, str, Initializer)):
                raise TypeError(f"For '{name}', the type of '{key}' must be in [Tensor, "
                                "numbers.Number, str, Initializer], but got type "
                                f"{type(value).__name__}.")
            if isinstance(value, Tensor) and value.dtype != mstype.float32:
                raise TypeError(f"For '{name}', the type of '{key}' must be float32, but got "
                                f"{value.dtype}.")
        if num_features < 1:
            raise ValueError(f"For '{name}', the 'num_features' must be at least 1, but got "
                             f"{num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{name}', the 'momentum' must be a number in range [0, 1], "
                             f"but got {momentum}.")
        self.num_features = num_features
        self.eps = eps
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype=dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype=dtype),
                                         name="variance", requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype=dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype=dtype), name="beta",
                              requires_grad=affine)
        self.momentum = momentum

    def construct(self, x):
        if x.ndim != self._NDIM:
            raise ValueError(f"For '{self.cls_name}', the in_shape must have {self._NDIM} dims, "
                             f"but got {x.ndim}.")
        return _instance_norm(x, array_ops.cast(self.gamma, x.dtype),
                              array_ops.cast(self.beta, x.dtype), eps=self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


class InstanceNorm1d(_InstanceNorm):
    """`nn.InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)`: input (N, C, L)."""

    _NDIM = 3


class InstanceNorm2d(_InstanceNorm):
    """`nn.InstanceNorm2d(...)`: input (N, C, H, W)."""

    _NDIM = 4


class InstanceNorm3d(_InstanceNorm):
    """`nn.InstanceNorm3d(...)`: input (N, C, D, H, W)."""

    _NDIM = 5
