"""`mindspore.train.callback._callback`."""
# ruff: noqa: F401
from msjax._src.train.callback import Callback as Callback
from msjax._src.train.callback import CallbackManager as CallbackManager
from msjax._src.train.callback import InternalCallbackParam as InternalCallbackParam
from msjax._src.train.callback import RunContext as RunContext
