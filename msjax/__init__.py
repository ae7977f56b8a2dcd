"""msjax: MindSpore's Python API on JAX. `import msjax` is `import mindspore`."""
# ruff: noqa: F401
from msjax._src import tensor_methods as _tensor_methods
from msjax._src.compat.ipython import load_ipython_extension as load_ipython_extension
from msjax._src.compat.ipython import unload_ipython_extension as unload_ipython_extension
from msjax._src.context import COMPATIBLE as COMPATIBLE
from msjax._src.module_tree import install as _install_module_tree
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.context import GRAPH_MODE as GRAPH_MODE
from msjax._src.context import LAX as LAX
from msjax._src.context import STRICT as STRICT
from msjax._src.context import PYNATIVE_MODE as PYNATIVE_MODE
from msjax._src.context import get_context as get_context
from msjax._src.context import set_context as set_context
from msjax._src.context import set_device as set_device
from msjax._src.dtype import TensorType as TensorType
from msjax._src.dtype import Type as Type
from msjax._src.dtype import bfloat16 as bfloat16
from msjax._src.dtype import bool_ as bool_
from msjax._src.dtype import byte as byte
from msjax._src.dtype import cdouble as cdouble
from msjax._src.dtype import cfloat as cfloat
from msjax._src.dtype import complex64 as complex64
from msjax._src.dtype import complex128 as complex128
from msjax._src.dtype import double as double
from msjax._src.dtype import dtype_to_nptype as dtype_to_nptype
from msjax._src.dtype import dtype_to_pytype as dtype_to_pytype
from msjax._src.dtype import float_ as float_
from msjax._src.dtype import float16 as float16
from msjax._src.dtype import float32 as float32
from msjax._src.dtype import float64 as float64
from msjax._src.dtype import get_py_obj_dtype as get_py_obj_dtype
from msjax._src.dtype import half as half
from msjax._src.dtype import int8 as int8
from msjax._src.dtype import int16 as int16
from msjax._src.dtype import int32 as int32
from msjax._src.dtype import int64 as int64
from msjax._src.dtype import int_ as int_
from msjax._src.dtype import intc as intc
from msjax._src.dtype import intp as intp
from msjax._src.dtype import list_ as list_
from msjax._src.dtype import long as long
from msjax._src.dtype import number as number
from msjax._src.dtype import pytype_to_dtype as pytype_to_dtype
from msjax._src.dtype import short as short
from msjax._src.dtype import single as single
from msjax._src.dtype import string as string
from msjax._src.dtype import tensor_type as tensor_type
from msjax._src.dtype import tuple_ as tuple_
from msjax._src.dtype import type_none as type_none
from msjax._src.dtype import ubyte as ubyte
from msjax._src.dtype import uint as uint
from msjax._src.dtype import uint8 as uint8
from msjax._src.dtype import uint16 as uint16
from msjax._src.dtype import uint32 as uint32
from msjax._src.dtype import uint64 as uint64
from msjax._src.dtype import uintc as uintc
from msjax._src.dtype import uintp as uintp
from msjax._src.dtype import ushort as ushort
from msjax._src.functional import functional as functional  # msjax's own: library import
from msjax._src.functional import write_parameters as write_parameters
from msjax._src.parallel_context import ParallelMode as ParallelMode
from msjax._src.parallel_context import get_auto_parallel_context as get_auto_parallel_context
from msjax._src.parallel_context import reset_auto_parallel_context as reset_auto_parallel_context
from msjax._src.parallel_context import set_auto_parallel_context as set_auto_parallel_context
from msjax._src.parameter import Parameter as Parameter
from msjax._src.parameter import ParameterTuple as ParameterTuple
from msjax._src.random import get_seed as get_seed
from msjax._src.random import set_seed as set_seed
from msjax._src.serialization import load_checkpoint as load_checkpoint
from msjax._src.serialization import load_param_into_net as load_param_into_net
from msjax._src.serialization import save_checkpoint as save_checkpoint
from msjax._src.tensor import Tensor as Tensor
from msjax._src.transforms.grad import grad as grad
from msjax._src.transforms.grad import jacfwd as jacfwd
from msjax._src.transforms.grad import jacrev as jacrev
from msjax._src.transforms.grad import no_grad as _no_grad
from msjax._src.transforms.grad import value_and_grad as value_and_grad
from msjax._src.transforms.jit import jit as jit
from msjax._src.transforms.jit import jit_class as jit_class
from msjax._src.transforms.jit import ms_function as ms_function
from msjax._src.transforms.lazy_inline import lazy_inline as lazy_inline
from msjax._src.transforms.pmap import pmap as pmap
from msjax._src.transforms.vmap import vmap as vmap
from msjax._src.tensor import from_numpy as from_numpy
from msjax._src.tensor import is_tensor as is_tensor
from msjax._src.tensor import tensor as tensor
from msjax import common as common
from msjax import context as context
from msjax import communication as communication
from msjax import nn as nn
from msjax import ops as ops
from msjax import numpy as numpy
from msjax import amp as amp
from msjax import train as train
from msjax._src.amp import build_train_network as build_train_network
from msjax._src.train.callback import Callback as Callback
from msjax._src.train.callback import LossMonitor as LossMonitor
from msjax._src.train.callback import RunContext as RunContext
from msjax._src.train.callback import TimeMonitor as TimeMonitor
from msjax._src.train.checkpoint import CheckpointConfig as CheckpointConfig
from msjax._src.train.checkpoint import ModelCheckpoint as ModelCheckpoint
from msjax._src.train.export import export as export
from msjax._src.train.export import load as load
from msjax._src.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from msjax._src.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from msjax._src.train.loss_scale_manager import LossScaleManager as LossScaleManager
from msjax._src.train.metrics.base import Metric as Metric
from msjax._src.train.metrics.base import rearrange_inputs as rearrange_inputs
from msjax._src.train.metrics.classification import Accuracy as Accuracy
from msjax._src.train.metrics.classification import F1 as F1
from msjax._src.train.metrics.classification import Fbeta as Fbeta
from msjax._src.train.metrics.classification import Precision as Precision
from msjax._src.train.metrics.classification import Recall as Recall
from msjax._src.train.metrics.classification import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from msjax._src.train.metrics.classification import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from msjax._src.train.metrics.classification import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from msjax._src.train.metrics.confusion import ConfusionMatrix as ConfusionMatrix
from msjax._src.train.metrics.confusion import ConfusionMatrixMetric as ConfusionMatrixMetric
from msjax._src.train.metrics.registry import get_metric_fn as get_metric_fn
from msjax._src.train.metrics.registry import names as names
from msjax._src.train.metrics.regression import Dice as Dice
from msjax._src.train.metrics.regression import Loss as Loss
from msjax._src.train.metrics.regression import MAE as MAE
from msjax._src.train.metrics.regression import MSE as MSE
from msjax._src.train.model import Model as Model
from msjax.common import dtype as dtype

bool = bool_  # noqa: A001  (mindspore.bool is mindspore.bool_)
float = float32  # noqa: A001  (mindspore.float is Float32)
int = int32  # noqa: A001  (mindspore.int is Int32)

__version__ = "0.1.0"

_tensor_methods.install()
_install_module_tree()  # every other MindSpore 2.10 module path (msjax._src.module_tree)
__getattr__ = _missing_names(__name__)
