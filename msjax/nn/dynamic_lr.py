"""`mindspore.nn.dynamic_lr`."""
# ruff: noqa: F401
from msjax._src.nn.dynamic_lr import cosine_decay_lr as cosine_decay_lr
from msjax._src.nn.dynamic_lr import exponential_decay_lr as exponential_decay_lr
from msjax._src.nn.dynamic_lr import inverse_decay_lr as inverse_decay_lr
from msjax._src.nn.dynamic_lr import natural_exp_decay_lr as natural_exp_decay_lr
from msjax._src.nn.dynamic_lr import piecewise_constant_lr as piecewise_constant_lr
from msjax._src.nn.dynamic_lr import polynomial_decay_lr as polynomial_decay_lr
from msjax._src.nn.dynamic_lr import warmup_lr as warmup_lr

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
