"""`mindspore.nn.probability.distribution`: probability distributions as Cells."""
from msjax._src.nn.probability.distribution import Bernoulli as Bernoulli
from msjax._src.nn.probability.distribution import Distribution as Distribution
from msjax._src.nn.probability.distribution import Gamma as Gamma
from msjax._src.nn.probability.distribution import Uniform as Uniform
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
