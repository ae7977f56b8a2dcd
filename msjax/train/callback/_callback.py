"""`mindspore.train.callback._callback`."""
# ruff: noqa: F401
from msjax._src.train.callback import Callback as Callback
from msjax._src.train.callback import CallbackManager as CallbackManager
from msjax._src.train.callback import InternalCallbackParam as InternalCallbackParam
from msjax._src.train.callback import RunContext as RunContext
from msjax._src.train.callback import checkpoint_cb_for_save_op as checkpoint_cb_for_save_op
from msjax._src.train.callback import handle_loss as _handle_loss
from msjax._src.train.callback import set_cur_net as set_cur_net

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
