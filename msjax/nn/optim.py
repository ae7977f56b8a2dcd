"""`mindspore.nn.optim`."""
# ruff: noqa: F401
from msjax._src.nn.optim.adaptive import ASGD as ASGD
from msjax._src.nn.optim.adafactor import AdaFactor as AdaFactor
from msjax._src.nn.optim.adaptive import AdaMax as AdaMax
from msjax._src.nn.optim.adaptive import Adadelta as Adadelta
from msjax._src.nn.optim.adaptive import Adagrad as Adagrad
from msjax._src.nn.optim.adaptive import FTRL as FTRL
from msjax._src.nn.optim.adaptive import Lamb as Lamb
from msjax._src.nn.optim.adaptive import RMSProp as RMSProp
from msjax._src.nn.optim.adaptive import Rprop as Rprop
from msjax._src.nn.optim.adam import Adam as Adam
from msjax._src.nn.optim.adam import AdamWeightDecay as AdamWeightDecay
from msjax._src.nn.optim.adam import AdamOffload as AdamOffload
from msjax._src.nn.optim.adam import LazyAdam as LazyAdam
from msjax._src.nn.optim.proximal import ProximalAdagrad as ProximalAdagrad
from msjax._src.nn.optim.lars import LARS as LARS
from msjax._src.nn.optim.momentum import Momentum as Momentum
from msjax._src.nn.optim.optimizer import Optimizer as Optimizer
from msjax._src.nn.optim.optimizer import opt_init_args_register as opt_init_args_register
from msjax._src.nn.optim.sgd import SGD as SGD

from msjax._src.module_tree import missing_names as _missing_names

__path__ = []  # a package in MindSpore: its submodules come from msjax._src.module_tree
__getattr__ = _missing_names(__name__)
