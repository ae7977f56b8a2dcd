"""`mindspore.amp`: mixed precision and loss scaling.

* `Cell.to_float(dtype)` (nn/mixed_precision.py): a flagged Cell casts its float inputs and its
  own Parameters' values to the type on each call, so its computation really runs in
  float16/bfloat16 while the Parameters stay float32 (their gradients too).
* `auto_mixed_precision(network, amp_level)`: "O0" nothing; "O1" the white-listed Cells (Dense,
  convolutions, RNN cells) in the low type with float32 outputs; "O2" everything but the
  black-listed Cells (BatchNorm, LayerNorm), output cast to float32; "O3" everything, output cast
  to float32; "auto" as "O1" (MindSpore's "auto" also casts individual primitives inside a
  construct by a list; msjax works on Cells only, so those run in their inputs' type).
* `build_train_network`, `DynamicLossScaler`, `StaticLossScaler`, `all_finite` (nn/loss_scale.py,
  whose cells check gradients with it), `init_status`.

Overflow checks are array math (`jnp.isfinite`), so they work on every backend and dtype.
"""
from __future__ import annotations

import functools
import inspect
import logging

import jax
import jax.numpy as jnp

from msjax._src.core import amp_strategy
from msjax._src.core import dtype as mstype
from msjax._src.core import x64
from msjax._src.nn.cell import Cell
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core.parameter import Parameter
from msjax._src.nn.containers import SequentialCell
from msjax._src.nn.layers.basic import Dense
from msjax._src.nn.layers.conv import Conv1d, Conv2d, Conv2dTranspose
from msjax._src.nn.layers.normalization import BatchNorm1d, BatchNorm2d, LayerNorm
from msjax._src.nn.loss_scale import TrainOneStepWithLossScaleCell
from msjax._src.nn.loss_scale import all_finite as all_finite
from msjax._src.nn.mixed_precision import _FLOAT_TYPES, _cast_float
from msjax._src.nn.optim.optimizer import Optimizer
from msjax._src.nn.wrap import TrainOneStepCell, WithLossCell
from msjax._src.ops.registry import Primitive
from msjax._src.ops.state_ops import assign
from msjax._src.train import checks
from msjax._src.train.loss_scale_manager import DynamicLossScaleManager, LossScaleManager

_logger = logging.getLogger("msjax")


# -- overflow status ----------------------------------------------------------------------------
@x64.scoped
def init_status():
    """`mindspore.amp.init_status()`: the overflow status Tensor MindSpore's Ascend build
    clears before a step: `Tensor([0]*8, float32)`; msjax's `all_finite` does not need it."""
    return _wrap(jnp.zeros((8,), jnp.float32))


# -- loss scalers (functional training) ---------------------------------------------------------
class LossScaler:
    """`mindspore.amp.LossScaler`: the base of loss scalers (`scale`, `unscale`, `adjust`)."""

    def scale(self, inputs):
        raise NotImplementedError

    def unscale(self, inputs):
        raise NotImplementedError

    def adjust(self, grads_finite):
        raise NotImplementedError


def _map_tensors(fn, inputs):
    return jax.tree_util.tree_map(lambda x: _wrap(fn(x._data)) if isinstance(x, Tensor) else x, inputs,
                                  is_leaf=lambda x: isinstance(x, Tensor))


class StaticLossScaler(LossScaler):
    """`mindspore.amp.StaticLossScaler(scale_value)`: multiplies by a fixed scale."""

    def __init__(self, scale_value):
        if scale_value < 1.0:
            raise ValueError("The argument 'scale_value' must be > 1, but got {}".format(scale_value))
        self.scale_value = Parameter(Tensor(scale_value, dtype=mstype.float32), name="scale_value")

    @x64.scoped
    def scale(self, inputs):
        value = self.scale_value._data
        return _map_tensors(lambda x: x * value.astype(x.dtype), inputs)

    @x64.scoped
    def unscale(self, inputs):
        value = self.scale_value._data
        return _map_tensors(lambda x: x * (1.0 / value).astype(x.dtype), inputs)

    def adjust(self, grads_finite):
        return False


class DynamicLossScaler(LossScaler):
    """`mindspore.amp.DynamicLossScaler(scale_value, scale_factor, scale_window)`: `adjust`
    divides the scale by `scale_factor` after an overflow and multiplies it by `scale_factor`
    after `scale_window` finite steps in a row."""

    def __init__(self, scale_value, scale_factor, scale_window):
        if scale_value < 1.0:
            raise ValueError("The argument 'scale_value' must be > 1, but got {}".format(scale_value))
        self.scale_value = Parameter(Tensor(scale_value, dtype=mstype.float32), name="scale_value")
        self.scale_window = checks.check_positive_int(scale_window, "scale_window")
        if scale_factor <= 0:
            raise ValueError("The argument 'scale_factor' must be > 0, but got {}".format(scale_factor))
        self.scale_factor = scale_factor
        self.counter = Parameter(Tensor(0, dtype=mstype.int32), name="counter")

    scale = StaticLossScaler.scale
    unscale = StaticLossScaler.unscale

    @x64.scoped
    def adjust(self, grads_finite):
        finite = grads_finite._data if isinstance(grads_finite, Tensor) else jnp.asarray(grads_finite)
        one = jnp.asarray(1, jnp.int32)
        scale = self.scale_value._data
        counter = self.counter._data
        grown = jnp.where(counter == self.scale_window - 1, scale * self.scale_factor, scale)
        new_scale = jnp.where(finite, grown, jnp.maximum(scale / self.scale_factor, 1.0))
        new_counter = jnp.where(finite, (counter + one) % self.scale_window, jnp.zeros_like(counter))
        assign(self.scale_value, _wrap(new_scale.astype(scale.dtype)))
        assign(self.counter, _wrap(new_counter))
        return True


# -- automatic mixed precision ------------------------------------------------------------------
def _white_list():
    return [Conv1d, Conv2d, Conv2dTranspose, Dense]


def _black_list():
    return [BatchNorm1d, BatchNorm2d, LayerNorm]


def get_white_list():
    """`mindspore.amp.get_white_list()`: the Cell classes O1 runs in the low type."""
    return _white_list()


def get_black_list():
    """`mindspore.amp.get_black_list()`: the Cell classes O2 keeps in float32."""
    return _black_list()


class _BackboneAttributes(Cell):
    """A wrapper Cell whose unknown attributes are its backbone's (MindSpore's
    `_get_attr_from_cell`), so `net.bn.gamma` still works after O2 wraps `net.bn`."""

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            backbone = self.__dict__.get("_cells", {}).get("_backbone")
            if backbone is None:
                raise
            return getattr(backbone, name)


class _OutputTo16(_BackboneAttributes):
    """A black-listed Cell kept in float32 whose output is cast back to the low type."""

    def __init__(self, backbone, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype

    def construct(self, *args, **kwargs):
        return _cast_float(self._backbone(*args, **kwargs), jnp.dtype(mstype.to_numpy_dtype(self.dtype)))


class _OutputTo32(_BackboneAttributes):
    """A network whose float outputs are cast to float32 (MindSpore's `_OutputTo32`)."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *args, **kwargs):
        return _cast_float(self._backbone(*args, **kwargs), jnp.dtype(jnp.float32))


def _replace_children(network, should_replace, make):
    """Replace each matching sub-Cell (searched depth first) by `make(sub)`."""
    changed = False
    for name, sub in list(network.name_cells().items()):
        if sub is network:
            continue
        if should_replace(sub):
            network._cells[name] = make(sub)
            changed = True
        else:
            _replace_children(sub, should_replace, make)
    if changed and isinstance(network, SequentialCell):
        network.cell_list = list(network.cells())
    return network


def _auto_white_list(network, white_list, dtype):
    """Each white-listed Cell runs in `dtype` and returns float32 (MindSpore inserts these casts
    around the Cell with its rewrite package; msjax marks the Cell, so it stays in place; the mark
    is a public attribute, so the compile cache tells such a Cell from a plain `to_float` one)."""
    white = tuple(white_list)
    for _, sub in network.cells_and_names():
        if isinstance(sub, white):
            sub.to_float(dtype)
            object.__setattr__(sub, "mixed_precision_output", jnp.dtype(jnp.float32))
    return network


def _auto_black_list(network, black_list, dtype):
    network.to_float(dtype)
    black = tuple(black_list)
    return _replace_children(network, lambda sub: isinstance(sub, black),
                             lambda sub: _OutputTo16(sub.to_float(mstype.float32), dtype))


def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """`mindspore.amp.auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16)`.

    Returns the network to use (for "O2"/"O3" a wrapper casting its outputs to float32, as in
    MindSpore); its `_amp_level` attribute records the level.
    """
    if not isinstance(network, Cell):
        if amp_level != "auto":
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
        if not (inspect.isfunction(network) or inspect.ismethod(network)):
            raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")
    if not isinstance(network, Cell):
        return _with_auto_strategy(network, dtype)
    if amp_level == "O0":
        return network
    if getattr(network, "_amp_level", None) in ("O1", "O2", "O3", "auto"):
        _logger.warning("The network's auto mixed-precision level is adjusted from %s to %s, and repeated calls "
                        "to mixed-precision interfaces can cause performance degradation.",
                        network._amp_level, amp_level)
    if amp_level in ("O1", "auto"):
        network = _auto_white_list(network, _white_list(), dtype)
    elif amp_level == "O2":
        network = _OutputTo32(_auto_black_list(network, _black_list(), dtype))
    elif amp_level == "O3":
        network.to_float(dtype)
        network = _OutputTo32(network)
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    object.__setattr__(network, "_amp_level", amp_level)
    return network


def _with_auto_strategy(fn, dtype):
    """A function `fn` under the "auto" strategy: each call runs with it in force
    (core/amp_strategy.py), so the white-listed ops inside compute in `dtype` and the
    black-listed ones in float32 (ops/amp_auto.py), compiled or not."""
    low = jnp.dtype(mstype.to_numpy_dtype(dtype))

    @functools.wraps(fn)
    def with_strategy(*args, **kwargs):
        with amp_strategy.strategy(low):
            return fn(*args, **kwargs)
    with_strategy._amp_level = "auto"
    return with_strategy


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """`mindspore.amp.custom_mixed_precision(network, *, white_list=None, black_list=None,
    dtype=mstype.float16)`: O1 with your white list, or O2 with your black list (Cell classes;
    msjax does not cast primitives one by one)."""
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided "
                         "at the same time, please provide one or the other.")
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _auto_white_list(network, white_list, dtype)
    _list_check(black_list, "black_list")
    return _OutputTo32(_auto_black_list(network, black_list, dtype))


def _list_check(custom_list, list_name):
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if list_name == "white_list" and not issubclass(elem, (Cell, Primitive)):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell' and 'Primitive', "
                            f"but got {elem}")
        if list_name == "black_list" and not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', but got {elem}")
    if list_name == 'black_list':
        for elem in _black_list():
            if elem not in custom_list:
                _logger.warning("%s is removed from internal black list.", elem)


# -- build_train_network ------------------------------------------------------------------------
def _config_level(level):
    return {
        "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16,
               "loss_scale_manager": DynamicLossScaleManager()},
        "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
        "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    }[level]


def _check_level(level, boost_level):
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', 'auto'],"
                        f"but got type {type(level)}.")
    if level not in ['O0', 'O1', 'O2', 'O3', 'auto']:
        raise ValueError(f"The 'level' should be in : ['O0', 'O1', 'O2', 'O3', 'auto'], but got {level}.")
    if boost_level not in ['O0', 'O1', 'O2']:
        raise ValueError(f"The 'boost_level' should be in : ['O0', 'O1', 'O2'], but got {boost_level}.")
    if boost_level != "O0":
        raise NotImplementedError(f"msjax: boost_level={boost_level!r} (MindSpore's boost algorithms) is not "
                                  "implemented; use boost_level='O0'.")


def _check_kwargs(key_words):
    for arg in key_words:
        if arg not in ['cast_model_type', 'keep_batchnorm_fp32', 'loss_scale_manager']:
            raise ValueError(f"Unsupported arg '{arg}'")
    if 'cast_model_type' in key_words and key_words['cast_model_type'] not in _FLOAT_TYPES:
        raise TypeError(f"The type of 'cast_model_type' should be float16, bfloat16 or float32, but got "
                        f"{key_words['cast_model_type']}.")
    if 'keep_batchnorm_fp32' in key_words and not isinstance(key_words['keep_batchnorm_fp32'], bool):
        raise TypeError(f"The type of 'keep_batchnorm_fp32' should be bool, but got "
                        f"{type(key_words['keep_batchnorm_fp32']).__name__}.")
    manager = key_words.get('loss_scale_manager')
    if manager is not None and not isinstance(manager, LossScaleManager):
        raise TypeError(f"The type of 'loss_scale_manager' should be LossScaleManager, but got "
                        f"{type(manager).__name__}.")


class _CastWithLossCell(Cell):
    """MindSpore's WithLossCell of `build_train_network` for low-precision networks: the
    network's output and the label cast to float32 before the loss."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        f32 = jnp.dtype(jnp.float32)
        return self._loss_fn(_cast_float(out, f32), _cast_float(label, f32))


def _add_loss_network(network, loss_fn, cast_model_type):
    checks.check_value_type('loss_fn', loss_fn, [Cell])
    if cast_model_type in (mstype.float16, mstype.bfloat16) or \
            getattr(network, "_amp_level", None) in ("O2", "O3", "auto"):
        return _CastWithLossCell(network, loss_fn)
    return WithLossCell(network, loss_fn)


def _keep_batchnorm_fp32(network):
    return _replace_children(network, lambda sub: isinstance(sub, tuple(_black_list())),
                             lambda sub: _OutputTo16(sub.to_float(mstype.float32)))


def _mixed_precision_process(network, config, level):
    if config["cast_model_type"] == mstype.float16:
        network.to_float(mstype.float16)
        if config["keep_batchnorm_fp32"]:
            _keep_batchnorm_fp32(network)
        return network
    if not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(mstype.float16)
        return network
    if config["cast_model_type"] == mstype.float32 and level in ("O2", "O3"):
        return network
    return auto_mixed_precision(network, level)


def build_train_network(network, optimizer, loss_fn=None, level='O0', boost_level='O0', **kwargs):
    """`mindspore.amp.build_train_network(network, optimizer, loss_fn=None, level='O0',
    boost_level='O0', **kwargs)`: the mixed-precision training network (a TrainOneStepCell, or
    a TrainOneStepWithLossScaleCell when the loss-scale manager has an update cell).

    `kwargs`: `cast_model_type`, `keep_batchnorm_fp32`, `loss_scale_manager`. Unlike MindSpore's
    CPU build, loss-scale update cells (level "O2"'s default DynamicLossScaleManager included)
    work on a CPU.
    """
    if not isinstance(optimizer, Optimizer):
        raise TypeError("The type of 'optimizer' should be one of '['Optimizer', 'FreezeOpt', "
                        "'AdaSumByGradWrapCell', 'AdaSumByDeltaWeightWrapCell']', but got type "
                        f"'{type(optimizer).__name__}'.")
    _check_level(level, boost_level)
    _check_kwargs(kwargs)
    config = dict(_config_level(level), **kwargs)
    network = _mixed_precision_process(network, config, level)
    if loss_fn:
        network = _add_loss_network(network, loss_fn, config["cast_model_type"])
    loss_scale = None
    manager = config["loss_scale_manager"]
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            return TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
    return TrainOneStepCell(network, optimizer, loss_scale).set_train()
