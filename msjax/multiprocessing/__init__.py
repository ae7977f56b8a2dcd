"""`mindspore.multiprocessing`: Python's multiprocessing with MindSpore's Process and Pool
(see msjax._src.multiprocessing_wrapper)."""
# ruff: noqa: F401
from multiprocessing import Array as Array
from multiprocessing import AuthenticationError as AuthenticationError
from multiprocessing import Barrier as Barrier
from multiprocessing import BoundedSemaphore as BoundedSemaphore
from multiprocessing import BufferTooShort as BufferTooShort
from multiprocessing import Condition as Condition
from multiprocessing import Event as Event
from multiprocessing import JoinableQueue as JoinableQueue
from multiprocessing import Lock as Lock
from multiprocessing import Manager as Manager
from multiprocessing import Pipe as Pipe
from multiprocessing import ProcessError as ProcessError
from multiprocessing import Queue as Queue
from multiprocessing import RLock as RLock
from multiprocessing import RawArray as RawArray
from multiprocessing import RawValue as RawValue
from multiprocessing import Semaphore as Semaphore
from multiprocessing import SimpleQueue as SimpleQueue
from multiprocessing import TimeoutError as TimeoutError
from multiprocessing import Value as Value
from multiprocessing import active_children as active_children
from multiprocessing import allow_connection_pickling as allow_connection_pickling
from multiprocessing import cpu_count as cpu_count
from multiprocessing import current_process as current_process
from multiprocessing import freeze_support as freeze_support
from multiprocessing import get_all_start_methods as get_all_start_methods
from multiprocessing import get_context as get_context
from multiprocessing import get_logger as get_logger
from multiprocessing import get_start_method as get_start_method
from multiprocessing import log_to_stderr as log_to_stderr
from multiprocessing import parent_process as parent_process
from multiprocessing import reducer as reducer
from multiprocessing import set_executable as set_executable
from multiprocessing import set_forkserver_preload as set_forkserver_preload
from multiprocessing import set_start_method as set_start_method
from msjax._src.multiprocessing_wrapper import Pool as Pool
from msjax._src.multiprocessing_wrapper import Process as Process

from msjax._src.module_tree import missing_names as _missing_names

__path__ = []  # a package in MindSpore: its submodules come from msjax._src.module_tree
__getattr__ = _missing_names(__name__)
