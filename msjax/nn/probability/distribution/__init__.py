"""`mindspore.nn.probability.distribution`: probability distributions as Cells."""
from msjax._src.nn.probability.distribution import Bernoulli as Bernoulli
from msjax._src.nn.probability.distribution import Beta as Beta
from msjax._src.nn.probability.distribution import Cauchy as Cauchy
from msjax._src.nn.probability.distribution import Distribution as Distribution
from msjax._src.nn.probability.distribution import Exponential as Exponential
from msjax._src.nn.probability.distribution import Gamma as Gamma
from msjax._src.nn.probability.distribution import HalfNormal as HalfNormal
from msjax._src.nn.probability.distribution import Laplace as Laplace
from msjax._src.nn.probability.distribution import Logistic as Logistic
from msjax._src.nn.probability.distribution import Normal as Normal
from msjax._src.nn.probability.distribution import StudentT as StudentT
from msjax._src.nn.probability.distribution import Uniform as Uniform
from msjax._src.nn.probability.composed import Categorical as Categorical
from msjax._src.nn.probability.composed import Gumbel as Gumbel
from msjax._src.nn.probability.composed import LogNormal as LogNormal
from msjax._src.nn.probability.discrete import Geometric as Geometric
from msjax._src.nn.probability.discrete import Poisson as Poisson
from msjax._src.nn.probability.composed import TransformedDistribution as TransformedDistribution
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
