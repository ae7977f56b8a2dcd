"""`mindspore.dataset.config`."""
# ruff: noqa: F401
from msjax._src.dataset.config import ErrorSamplesMode as ErrorSamplesMode
from msjax._src.dataset.config import get_auto_num_workers as get_auto_num_workers
from msjax._src.dataset.config import get_auto_offload as get_auto_offload
from msjax._src.dataset.config import get_autotune_interval as get_autotune_interval
from msjax._src.dataset.config import get_callback_timeout as get_callback_timeout
from msjax._src.dataset.config import get_debug_mode as get_debug_mode
from msjax._src.dataset.config import get_enable_autotune as get_enable_autotune
from msjax._src.dataset.config import get_enable_shared_mem as get_enable_shared_mem
from msjax._src.dataset.config import get_enable_watchdog as get_enable_watchdog
from msjax._src.dataset.config import get_iterator_mode as get_iterator_mode
from msjax._src.dataset.config import get_error_samples_mode as get_error_samples_mode
from msjax._src.dataset.config import get_monitor_sampling_interval as get_monitor_sampling_interval
from msjax._src.dataset.config import get_multiprocessing_timeout_interval as get_multiprocessing_timeout_interval
from msjax._src.dataset.config import get_num_parallel_workers as get_num_parallel_workers
from msjax._src.dataset.config import get_numa_enable as get_numa_enable
from msjax._src.dataset.config import get_prefetch_size as get_prefetch_size
from msjax._src.dataset.config import get_seed as get_seed
from msjax._src.dataset.config import set_auto_num_workers as set_auto_num_workers
from msjax._src.dataset.config import set_auto_offload as set_auto_offload
from msjax._src.dataset.config import set_autotune_interval as set_autotune_interval
from msjax._src.dataset.config import set_callback_timeout as set_callback_timeout
from msjax._src.dataset.config import set_debug_mode as set_debug_mode
from msjax._src.dataset.config import set_enable_autotune as set_enable_autotune
from msjax._src.dataset.config import set_enable_shared_mem as set_enable_shared_mem
from msjax._src.dataset.config import set_enable_watchdog as set_enable_watchdog
from msjax._src.dataset.config import set_iterator_mode as set_iterator_mode
from msjax._src.dataset.config import set_error_samples_mode as set_error_samples_mode
from msjax._src.dataset.config import set_monitor_sampling_interval as set_monitor_sampling_interval
from msjax._src.dataset.config import set_multiprocessing_timeout_interval as set_multiprocessing_timeout_interval
from msjax._src.dataset.config import set_num_parallel_workers as set_num_parallel_workers
from msjax._src.dataset.config import set_numa_enable as set_numa_enable
from msjax._src.dataset.config import set_prefetch_size as set_prefetch_size
from msjax._src.dataset.config import set_seed as set_seed

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
