"""`mindspore.dataset.transforms`: generic transforms (implementation in msjax/_src/dataset/transforms.py)."""
# ruff: noqa: F401
from msjax._src.dataset.transforms import Compose as Compose
from msjax._src.dataset.transforms import Concatenate as Concatenate
from msjax._src.dataset.transforms import Duplicate as Duplicate
from msjax._src.dataset.transforms import Fill as Fill
from msjax._src.dataset.transforms import OneHot as OneHot
from msjax._src.dataset.transforms import PadEnd as PadEnd
from msjax._src.dataset.transforms import RandomApply as RandomApply
from msjax._src.dataset.transforms import RandomChoice as RandomChoice
from msjax._src.dataset.transforms import Mask as Mask
from msjax._src.dataset.transforms import Relational as Relational
from msjax._src.dataset.transforms import RandomOrder as RandomOrder
from msjax._src.dataset.transforms import Slice as Slice
from msjax._src.dataset.transforms import TypeCast as TypeCast
from msjax._src.dataset.transforms import Unique as Unique
from msjax._src.dataset.transform_base import TensorOperation as TensorOperation
from msjax._src.dataset.transform_base import PyTensorOperation as PyTensorOperation
from msjax.dataset import vision as vision  # MindSpore's package holds it too (`transforms.vision`)

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
