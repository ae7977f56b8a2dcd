"""`mindspore.Profiler` on JAX's profiler: a trace of what XLA runs, for TensorBoard or Perfetto.

MindSpore's Profiler starts collecting when it is made (unless `start_profile=False`) and writes
its results into `output_path` on `analyse()`. msjax's records a JAX trace
(`jax.profiler.start_trace`) into `output_path/plugins/profile/<run>/` (`*.xplane.pb`,
`*.trace.json.gz`), viewable with TensorBoard's profile plugin or Perfetto. MindSpore's
Ascend-specific options (AICORE metrics, HCCL, memory by operator, ...) are accepted and
recorded in `options`; the JAX trace holds what XLA itself records.
"""
from __future__ import annotations

import glob
import os

import jax

from msjax._src.core import log

_DEFAULT_OUTPUT = "./data"


class Profiler:
    """`mindspore.Profiler(output_path="./data", start_profile=True, **options)`.

    Example:
        >>> profiler = ms.Profiler(output_path="./profile")
        >>> train(...)          # the work to profile
        >>> profiler.analyse()  # stop and write the trace
    """

    _active = None  # the Profiler whose trace is running (JAX runs one trace at a time)

    def __init__(self, **kwargs):
        self.output_path = os.path.abspath(kwargs.pop("output_path", _DEFAULT_OUTPUT))
        start_profile = kwargs.pop("start_profile", True)
        if not isinstance(start_profile, bool):
            raise TypeError(f"For 'Profiler', the parameter 'start_profile' must be bool, but got "
                            f"{type(start_profile).__name__}.")
        self.options = kwargs
        self.steps = 0
        self.running = False
        if start_profile:
            self.start()

    def start(self):
        """Starts recording (MindSpore's `Profiler.start`)."""
        if Profiler._active is not None and Profiler._active is not self:
            raise RuntimeError("A Profiler is already recording: call its stop() or analyse() "
                               "before starting another (JAX records one trace at a time).")
        if not self.running:
            os.makedirs(self.output_path, exist_ok=True)
            jax.profiler.start_trace(self.output_path)
            self.running = True
            Profiler._active = self

    def stop(self):
        """Stops recording and writes the trace into `output_path`."""
        if not self.running:
            raise RuntimeError("For 'Profiler.stop', the profiler is not recording: call "
                               "start() first.")
        jax.profiler.stop_trace()
        self.running = False
        Profiler._active = None

    def step(self):
        """Marks the end of one training step (counted in `steps`)."""
        self.steps += 1

    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync"):
        """Stops recording if it still is; the trace is then complete in `output_path`."""
        if self.running:
            self.stop()
        return None

    def add_metadata(self, key, value):
        self.options.setdefault("metadata", {})[key] = value


def analyse(profiler_path: str, max_process_number: int = (os.cpu_count() or 2) // 2, pretty=False,
            step_list=None, data_simplification=True) -> None:
    """`mindspore.profiler.profiler.analyse(profiler_path, ...)`: MindSpore's offline analysis of
    the data a profiler collected into `profiler_path`.

    MindSpore converts the Ascend profiler's raw data (`*_ascend_ms` folders) into its reports.
    The trace msjax's profilers record (`<path>/plugins/profile/<run>/`, JAX's format) is complete
    when the profiler stops, so there is nothing to convert: `analyse` checks that `profiler_path`
    holds such a trace (itself or a folder in it) and logs MindSpore's error when it does not. As
    MindSpore's, it never raises: a bad argument or path is logged as an error.
    """
    try:
        if not isinstance(max_process_number, int) or max_process_number <= 0:
            log.warning(f"Parameter 'max_process_number' should be of type int, but got "
                        f"{type(max_process_number).__name__}. reset to int "
                        f"{(os.cpu_count() or 2) // 2}.")
        if not isinstance(profiler_path, str):
            raise TypeError(f"profiler_path must be str, but got {type(profiler_path).__name__}")
        if os.path.islink(profiler_path):
            raise ValueError(f"Invalid input path is a soft link: {profiler_path}")
        real_path = os.path.realpath(os.path.expanduser(profiler_path))
        if os.path.isfile(real_path):
            raise ValueError(f"Invalid input path is a file path: {real_path}")
        traces = [os.path.join(real_path, "plugins", "profile"),
                  os.path.join(real_path, "*", "plugins", "profile")]
        if not any(glob.glob(os.path.join(pattern, "*")) for pattern in traces):
            log.error(f"Invalid path: {real_path}. Expected a folder a profiler wrote its trace "
                      f"into (plugins/profile/<run>/), or a parent folder of such folders")
    except Exception as error:  # noqa: BLE001 - MindSpore's analyse logs every failure
        log.error(f"Call function analyse failed, error: {error}")
