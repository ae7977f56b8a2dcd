"""`mindspore.experimental.optim.lr_scheduler`: learning-rate schedulers for
mindspore.experimental.optim's optimizers (msjax._src.mint.lr_scheduler)."""
# ruff: noqa: F401
from msjax._src.mint.lr_scheduler import ConstantLR as ConstantLR
from msjax._src.mint.lr_scheduler import CosineAnnealingLR as CosineAnnealingLR
from msjax._src.mint.lr_scheduler import CosineAnnealingWarmRestarts as CosineAnnealingWarmRestarts
from msjax._src.mint.lr_scheduler import CyclicLR as CyclicLR
from msjax._src.mint.lr_scheduler import ExponentialLR as ExponentialLR
from msjax._src.mint.lr_scheduler import LRScheduler as LRScheduler
from msjax._src.mint.lr_scheduler import LambdaLR as LambdaLR
from msjax._src.mint.lr_scheduler import LinearLR as LinearLR
from msjax._src.mint.lr_scheduler import MultiStepLR as MultiStepLR
from msjax._src.mint.lr_scheduler import MultiplicativeLR as MultiplicativeLR
from msjax._src.mint.lr_scheduler import PolynomialLR as PolynomialLR
from msjax._src.mint.lr_scheduler import ReduceLROnPlateau as ReduceLROnPlateau
from msjax._src.mint.lr_scheduler import SequentialLR as SequentialLR
from msjax._src.mint.lr_scheduler import StepLR as StepLR
from msjax._src.mint.optim import Optimizer as Optimizer

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
