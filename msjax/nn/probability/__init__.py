"""`mindspore.nn.probability`: probability distributions and bijectors."""
from msjax.nn.probability import bijector as bijector
from msjax.nn.probability import distribution as distribution
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
