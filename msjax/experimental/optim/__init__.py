"""`mindspore.experimental.optim`: PyTorch-style optimizers with param_groups (the same classes
as `mindspore.mint.optim`; msjax._src.mint.optim)."""
# ruff: noqa: F401
from msjax._src.mint.optim import Adam as Adam
from msjax.experimental.optim import lr_scheduler as lr_scheduler
from msjax._src.mint.optim_more import ASGD as ASGD
from msjax._src.mint.optim_more import Adadelta as Adadelta
from msjax._src.mint.optim_more import Adagrad as Adagrad
from msjax._src.mint.optim_more import Adamax as Adamax
from msjax._src.mint.optim_more import NAdam as NAdam
from msjax._src.mint.optim_more import RAdam as RAdam
from msjax._src.mint.optim_more import RMSprop as RMSprop
from msjax._src.mint.optim_more import Rprop as Rprop
from msjax._src.mint.optim import AdamW as AdamW
from msjax._src.mint.optim import Optimizer as Optimizer
from msjax._src.mint.optim import SGD as SGD

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
