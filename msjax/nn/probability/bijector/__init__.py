"""`mindspore.nn.probability.bijector`: invertible maps with their log-Jacobians, as Cells."""
from msjax._src.nn.probability.bijector import Bijector as Bijector
from msjax._src.nn.probability.bijector import Exp as Exp
from msjax._src.nn.probability.bijector import GumbelCDF as GumbelCDF
from msjax._src.nn.probability.bijector import Invert as Invert
from msjax._src.nn.probability.bijector import PowerTransform as PowerTransform
from msjax._src.nn.probability.bijector import ScalarAffine as ScalarAffine
from msjax._src.nn.probability.bijector import Softplus as Softplus
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
