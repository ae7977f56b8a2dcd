"""`mindspore.mint.optim`."""
# ruff: noqa: F401
from msjax._src.mint.optim import Adam as Adam
from msjax._src.mint.optim import AdamW as AdamW
from msjax._src.mint.optim import FusedAdamW as FusedAdamW
from msjax._src.mint.optim import SGD as SGD
