"""`mindspore.nn.learning_rate_schedule`."""
# ruff: noqa: F401
from msjax._src.nn.learning_rate_schedule import CosineDecayLR as CosineDecayLR
from msjax._src.nn.learning_rate_schedule import ExponentialDecayLR as ExponentialDecayLR
from msjax._src.nn.learning_rate_schedule import InverseDecayLR as InverseDecayLR
from msjax._src.nn.learning_rate_schedule import LearningRateSchedule as LearningRateSchedule
from msjax._src.nn.learning_rate_schedule import NaturalExpDecayLR as NaturalExpDecayLR
from msjax._src.nn.learning_rate_schedule import PolynomialDecayLR as PolynomialDecayLR
from msjax._src.nn.learning_rate_schedule import WarmUpLR as WarmUpLR

from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.nn.cell import Cell as Cell

__getattr__ = _missing_names(__name__)
