"""`mindspore.common`."""
from msjax.common import dtype as dtype
from msjax._src.tensor import Tensor as Tensor
