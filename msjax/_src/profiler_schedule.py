"""`mindspore.profiler.profile`, `schedule` and `tensorboard_trace_handler` on JAX's profiler.

MindSpore 2.10's step-scheduled profiler (PyTorch's design): `profile(schedule=schedule(wait=1,
warmup=1, active=2), on_trace_ready=tensorboard_trace_handler("./prof"))`, and `prof.step()` after
each training step. The schedule gives each step an action (`ProfilerAction`): NONE, WARM_UP,
RECORD, RECORD_AND_SAVE (the last step of an active span); moving from one to the next starts or
stops recording and, when a span ends, calls `on_trace_ready(prof)`. The transitions and their
warnings are MindSpore's (`ProfilerActionController`).

msjax records each active span as one JAX trace (`jax.profiler.start_trace` / `stop_trace`): XLA's
device and host activity, written in TensorBoard's profile-plugin format under
`<dir_name>/plugins/profile/<run>/` (the directory `tensorboard_trace_handler` names, else
`./data`). MindSpore's handler then parses its raw data into that kind of output; a JAX trace needs
no parsing, so msjax's handler records the run directory (`prof.trace_dirs`). The Ascend options
(`activities`, `profile_memory`, `experimental_config`'s AI Core metrics, ...) are kept and do not
change what XLA records. Warm-up steps record nothing (JAX's trace needs no warm-up).
"""
from __future__ import annotations

import enum
import os

import jax

from msjax._src.core import log
from msjax._src.profiler import Profiler

_DEFAULT_DIR = "./data"


# -- MindSpore's enums (mindspore.profiler.common.constant), values as MindSpore's -----------------
class ProfilerLevel(enum.Enum):
    """`mindspore.profiler.ProfilerLevel`: how much MindSpore's Ascend profiler collects."""
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(enum.Enum):
    """`mindspore.profiler.ProfilerActivity`: the devices to profile (JAX's trace has them all)."""
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(enum.Enum):
    """`mindspore.profiler.AicoreMetrics`: Ascend AI Core counters (no meaning on XLA)."""
    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(enum.Enum):
    """`mindspore.profiler.ExportType`: MindSpore's output formats."""
    Db = "db"
    Text = "text"


class ProfilerAction(enum.Enum):
    """What the profiler does at a step (mindspore.profiler.schedule's ProfilerAction)."""
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


# -- schedule ----------------------------------------------------------------------------------------
def _checked_count(name, value, least, default):
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        log.warning(f"Parameter '{name}' should be of type int, but got {type(value).__name__}. "
                    f"reset to int {default}.")
        return default
    return value


class Schedule:
    """`mindspore.profiler.schedule(*, wait, active, warmup=0, repeat=0, skip_first=0)`: skip
    `skip_first` steps, then repeat (`repeat` times, 0: for ever) `wait` steps doing nothing,
    `warmup` steps warming up and `active` steps recording, the last of which saves. Bad values
    are reset to the defaults with MindSpore's warnings."""

    def __init__(self, *, wait, active, warmup=0, repeat=0, skip_first=0):
        self.wait = _checked_count("wait", wait, 0, 0)
        self.warmup = _checked_count("warmup", warmup, 0, 0)
        self.active = _checked_count("active", active, 1, 1)
        self.repeat = _checked_count("repeat", repeat, 0, 0)
        self.skip_first = _checked_count("skip_first", skip_first, 0, 0)
        if self.warmup == 0:
            log.warning("Profiler won't be using warmup, this can skew profiler results")

    def __call__(self, step: int) -> ProfilerAction:
        if step < 0:
            raise ValueError("Invalid parameter step, which must be not less than 0.")
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        num_steps = self.wait + self.warmup + self.active
        if 0 < self.repeat <= step / num_steps:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < self.wait:
            return ProfilerAction.NONE
        if mod_step < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return (ProfilerAction.RECORD if mod_step < num_steps - 1
                else ProfilerAction.RECORD_AND_SAVE)

    def to_dict(self) -> dict:
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup,
                "repeat": self.repeat, "skip_first": self.skip_first}

    def __repr__(self):
        return (f"Schedule(wait={self.wait!r}, active={self.active!r}, warmup={self.warmup!r}, "
                f"repeat={self.repeat!r}, skip_first={self.skip_first!r})")


def _record_every_step(_step: int) -> ProfilerAction:
    return ProfilerAction.RECORD


# -- experimental config and the trace handler -------------------------------------------------------
class _ExperimentalConfig:
    """`mindspore.profiler._ExperimentalConfig(...)`: the Ascend profiler's extra options, kept as
    given (MindSpore checks them when the profiler starts; none changes JAX's trace)."""

    def __init__(self, profiler_level=ProfilerLevel.Level0, aic_metrics=AicoreMetrics.AiCoreNone,
                 l2_cache=False, mstx=False, data_simplification=True, export_type=None,
                 mstx_domain_include=None, mstx_domain_exclude=None, sys_io=False,
                 sys_interconnection=False, host_sys=None):
        self.profiler_level = profiler_level
        self.aic_metrics = aic_metrics
        self.l2_cache = l2_cache
        self.mstx = mstx
        self.data_simplification = data_simplification
        self.export_type = export_type
        self.mstx_domain_include = mstx_domain_include
        self.mstx_domain_exclude = mstx_domain_exclude
        self.sys_io = sys_io
        self.sys_interconnection = sys_interconnection
        self.host_sys = host_sys


class _TraceHandler:
    """What `tensorboard_trace_handler` returns: called with the profiler when a span's trace
    is written; records the run directory JAX wrote it to."""

    def __init__(self, dir_name):
        self.dir_name = os.path.abspath(dir_name)

    def __call__(self, prof) -> None:
        runs = os.path.join(self.dir_name, "plugins", "profile")
        newest = max((os.path.join(runs, d) for d in os.listdir(runs)), key=os.path.getmtime)
        prof.trace_dirs.append(newest)


def tensorboard_trace_handler(dir_name=None, worker_name=None, analyse_flag=True,
                              async_mode=False):
    """`mindspore.profiler.tensorboard_trace_handler(dir_name=None, worker_name=None,
    analyse_flag=True, async_mode=False)`: the `on_trace_ready` that puts each trace under
    `dir_name` (default './data'), in TensorBoard's profile-plugin format."""
    if not isinstance(analyse_flag, bool):
        log.warning("analyse_flag is not bool, set by default.")
    if not isinstance(async_mode, bool):
        log.warning("async_mode is not bool, set by default.")
    return _TraceHandler(_DEFAULT_DIR if dir_name is None else dir_name)


# -- profile ---------------------------------------------------------------------------------------
class profile:  # noqa: N801 - MindSpore's name
    """`mindspore.profiler.profile(activities=None, with_stack=False, profile_memory=False,
    data_process=False, parallel_strategy=False, start_profile=True, hbm_ddr=False, pcie=False,
    sync_enable=True, record_shapes=False, schedule=None, on_trace_ready=None,
    experimental_config=None)`: a context manager; call `step()` after each step.

    Example:
        >>> with profile(schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
        ...              on_trace_ready=tensorboard_trace_handler("./prof")) as prof:
        ...     for batch in data:
        ...         train_step(*batch)
        ...         prof.step()
        >>> prof.trace_dirs   # one run directory per active span
    """

    def __init__(self, activities=None, with_stack=False, profile_memory=False,
                 data_process=False, parallel_strategy=False, start_profile=True, hbm_ddr=False,
                 pcie=False, sync_enable=True, record_shapes=False, schedule=None,
                 on_trace_ready=None, experimental_config=None):
        self.options = dict(activities=activities, with_stack=with_stack,
                            profile_memory=profile_memory, data_process=data_process,
                            parallel_strategy=parallel_strategy, hbm_ddr=hbm_ddr, pcie=pcie,
                            sync_enable=sync_enable, record_shapes=record_shapes,
                            experimental_config=experimental_config)
        if schedule is not None and callable(schedule):
            self.schedule = schedule
        else:
            if schedule:
                log.warning("schedule is not Callable, set by default.")
            self.schedule = _record_every_step
        self.on_trace_ready = on_trace_ready
        self.output_path = getattr(on_trace_ready, "dir_name", os.path.abspath(_DEFAULT_DIR))
        self.trace_dirs = []
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self._has_started = False
        self._recording = False
        if start_profile:
            self.start()

    # The recording itself: one JAX trace per active span.
    def _start_recording(self):
        if Profiler._active is not None:
            raise RuntimeError("A Profiler is already recording: call its stop() or analyse() "
                               "before a profile records (JAX records one trace at a time).")
        os.makedirs(self.output_path, exist_ok=True)
        jax.profiler.start_trace(self.output_path)
        self._recording = True

    def _stop_recording(self):
        if self._recording:
            jax.profiler.stop_trace()
            self._recording = False

    def _trace_ready(self):
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def _transit(self, previous, current):
        """MindSpore's ProfilerActionController: what moving from `previous` to `current` does
        (`current` None: the profiler stops)."""
        recording = (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)
        if previous is ProfilerAction.WARM_UP and current in (ProfilerAction.NONE, None):
            log.warning("Incorrect schedule: WARMUP followed by NONE" if current is not None else
                        "Incorrect schedule: Stop profiler while current state is WARMUP which "
                        "will result in empty parsed data.")
        elif previous is ProfilerAction.RECORD and current is not None and current not in recording:
            log.warning(f"Incorrect schedule: RECORD followed by {current.name.replace('_', '')}")
            self._stop_recording()
        elif previous in recording and current is None:
            log.warning("Incorrect schedule: Stop profiler while current state is RECORD which may "
                        "result in incomplete parsed data." if previous is ProfilerAction.RECORD
                        else "Stop profiler while current state is RECORD_AND_SAVE, perhaps the "
                        "scheduling cycle has not yet completed.")
            self._stop_recording()
            self._trace_ready()
        elif previous is ProfilerAction.RECORD_AND_SAVE:
            self._stop_recording()
            self._trace_ready()
        if current in recording and not self._recording:
            self._start_recording()

    def start(self):
        """Start profiling (made by `start_profile=True` or `with`)."""
        if self._has_started:
            log.warning("The profile has already started. Do not turn on again in the open state.")
            return
        self._has_started = True
        self._transit(ProfilerAction.NONE, self.current_action)

    def stop(self):
        """Stop profiling; a span being recorded is written and handed to `on_trace_ready`."""
        if not self._has_started:
            log.error("The profile has not started. Do not turn off again in the closed state.")
            return
        self._has_started = False
        self._transit(self.current_action, None)

    def step(self):
        """End of a training step: move to the schedule's next action."""
        if not self._has_started:
            log.error("profile is stopped, step takes no effect!")
            return
        previous = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self._transit(previous, self.current_action)

    def __enter__(self):
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self._has_started:
            self.stop()
