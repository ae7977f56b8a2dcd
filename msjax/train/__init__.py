"""`mindspore.train` (checkpoint functions; Model and callbacks are not implemented yet)."""
# ruff: noqa: F401
from msjax.train import serialization as serialization
from msjax._src.serialization import load_checkpoint as load_checkpoint
from msjax._src.serialization import load_param_into_net as load_param_into_net
from msjax._src.serialization import save_checkpoint as save_checkpoint
