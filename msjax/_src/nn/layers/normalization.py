"""`nn.BatchNorm1d`, `nn.BatchNorm2d` and `nn.LayerNorm`."""
from __future__ import annotations

from msjax._src import context
from msjax._src import dtype as mstype
from msjax._src.initializer import initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_string, check_value_type
from msjax._src.ops import array_ops, nn_ops
from msjax._src.parameter import Parameter


class _BatchNorm(Cell):
    """Batch normalisation over every axis but the channel axis 1.

    `momentum` is MindSpore's (the weight of the old running value, default 0.9); the Cell stores
    `self.momentum = 1 - momentum`, the weight of the batch statistic. In training (or with
    `use_batch_statistics=True`) the batch statistics normalise and `moving_mean` /
    `moving_variance` are updated with `ops.assign`; otherwise the running statistics normalise.
    """

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
            raise NotImplementedError(f"msjax: '{name}' supports data_format 'NCHW' only.")
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
        return nn_ops.batch_norm(x, self.moving_mean, self.moving_variance, self.gamma, self.beta,
                                 training=use_batch, momentum=self.momentum, eps=self.eps)

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

    def construct(self, input_x):
        axis = self.begin_norm_axis % input_x.ndim
        return nn_ops.layer_norm(input_x, input_x.shape[axis:],
                                 array_ops.cast(self.gamma, input_x.dtype),
                                 array_ops.cast(self.beta, input_x.dtype), self.epsilon)

    def extend_repr(self):
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")
