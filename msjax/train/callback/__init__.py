"""`mindspore.train.callback`."""
# ruff: noqa: F401
from msjax._src.train.callback import Callback as Callback
from msjax._src.train.callback import EarlyStopping as EarlyStopping
from msjax._src.train.request_exit import OnRequestExit as OnRequestExit
from msjax._src.train.callback import History as History
from msjax._src.train.callback import LambdaCallback as LambdaCallback
from msjax._src.train.callback import LearningRateScheduler as LearningRateScheduler
from msjax._src.train.callback import LossMonitor as LossMonitor
from msjax._src.train.callback import ReduceLROnPlateau as ReduceLROnPlateau
from msjax._src.train.callback import RunContext as RunContext
from msjax._src.train.callback import TimeMonitor as TimeMonitor
from msjax._src.train.checkpoint import CheckpointConfig as CheckpointConfig
from msjax._src.train.checkpoint import CheckpointManager as _CheckpointManager
from msjax._src.train.checkpoint import BackupAndRestore as BackupAndRestore
from msjax._src.train.checkpoint import ModelCheckpoint as ModelCheckpoint
from msjax._src.train.fault_tolerance import TrainFaultTolerance as TrainFaultTolerance
from msjax._src.train.progress import ProgressBar as ProgressBar
from msjax._src.train.callback import CallbackManager as _CallbackManager
from msjax._src.train.callback import InternalCallbackParam as _InternalCallbackParam
from msjax._src.train.callback import checkpoint_cb_for_save_op as _checkpoint_cb_for_save_op
from msjax._src.train.callback import set_cur_net as _set_cur_net
from msjax._src.train.summary_collector import SummaryCollector as SummaryCollector

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
