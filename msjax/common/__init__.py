"""`mindspore.common`: Tensor, Parameter, dtypes, seeds and jit, as MindSpore's package has them."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.dtype import TensorType as TensorType
from msjax._src.core.row_tensor import RowTensor as RowTensor
from msjax._src.core.sparse_tensor import COOTensor as COOTensor
from msjax._src.core.sparse_tensor import CSRTensor as CSRTensor
from msjax._src.core.row_tensor import RowTensorInner as RowTensorInner
from msjax._src.core.dtype import Type as Type
from msjax._src.core.dtype import bfloat16 as bfloat16
from msjax._src.core.dtype import bool_ as bool_
from msjax._src.core.dtype import byte as byte
from msjax._src.core.dtype import cdouble as cdouble
from msjax._src.core.dtype import cfloat as cfloat
from msjax._src.core.dtype import complex64 as complex64
from msjax._src.core.dtype import complex128 as complex128
from msjax._src.core.dtype import double as double
from msjax._src.core.dtype import dtype_to_nptype as dtype_to_nptype
from msjax._src.core.dtype import dtype_to_pytype as dtype_to_pytype
from msjax._src.core.dtype import float_ as float_
from msjax._src.core.dtype import float16 as float16
from msjax._src.core.dtype import float32 as float32
from msjax._src.core.dtype import float64 as float64
from msjax._src.core.dtype import get_py_obj_dtype as get_py_obj_dtype
from msjax._src.core.dtype import half as half
from msjax._src.core.dtype import int8 as int8
from msjax._src.core.dtype import int16 as int16
from msjax._src.core.dtype import int32 as int32
from msjax._src.core.dtype import int64 as int64
from msjax._src.core.dtype import int_ as int_
from msjax._src.core.dtype import intc as intc
from msjax._src.core.dtype import intp as intp
from msjax._src.core.dtype import list_ as list_
from msjax._src.core.dtype import long as long
from msjax._src.core.dtype import number as number
from msjax._src.core.dtype import pytype_to_dtype as pytype_to_dtype
from msjax._src.core.dtype import short as short
from msjax._src.core.dtype import single as single
from msjax._src.core.dtype import string as string
from msjax._src.core.dtype import tensor_type as tensor_type
from msjax._src.core.dtype import tuple_ as tuple_
from msjax._src.core.dtype import type_none as type_none
from msjax._src.core.dtype import ubyte as ubyte
from msjax._src.core.dtype import uint as uint
from msjax._src.core.dtype import uint8 as uint8
from msjax._src.core.dtype import uint16 as uint16
from msjax._src.core.dtype import uint32 as uint32
from msjax._src.core.dtype import uint64 as uint64
from msjax._src.core.dtype import uintc as uintc
from msjax._src.core.dtype import uintp as uintp
from msjax._src.core.dtype import ushort as ushort
from msjax._src.ops.graph_values import mutable as mutable
from msjax._src.core.parameter import Parameter as Parameter
from msjax._src.core.parameter import ParameterTuple as ParameterTuple
from msjax._src.core.random import get_seed as get_seed
from msjax._src.core.random import set_seed as set_seed
from msjax._src.core.tensor import Tensor as Tensor
from msjax._src.core.numpy_view import from_numpy as from_numpy
from msjax._src.core.tensor import is_tensor as is_tensor
from msjax._src.core.tensor import tensor as tensor
from msjax._src.transforms.grad import no_grad as _no_grad
from msjax._src.transforms.custom_grad import _Function as _Function
from msjax._src.transforms.jit import jit as jit
from msjax._src.transforms.jit import jit_class as jit_class
from msjax._src.transforms.lazy_inline import lazy_inline as lazy_inline
from msjax._src.transforms.recompute import recompute as recompute
from msjax.common import dtype as dtype

bool = bool_  # noqa: A001  (mindspore.common.bool is bool_)
float = float32  # noqa: A001  (mindspore.common.float is Float32)
int = int32  # noqa: A001  (mindspore.common.int is Int32)

__getattr__ = _missing_names(__name__)
