"""`mindspore.Profiler` on JAX's profiler: a trace of what XLA runs, for TensorBoard or Perfetto.

MindSpore's Profiler starts collecting when it is made (unless `start_profile=False`) and writes
its results into `output_path` on `analyse()`. msjax's records a JAX trace
(`jax.profiler.start_trace`) into `output_path/plugins/profile/<run>/` (`*.xplane.pb`,
`*.trace.json.gz`), viewable with TensorBoard's profile plugin or Perfetto. MindSpore's
Ascend-specific options (AICORE metrics, HCCL, memory by operator, ...) are accepted and
recorded in `options`; the JAX trace holds what XLA itself records.
"""
from __future__ import annotations

import os

import jax

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


class mstx:  # noqa: N801 - MindSpore's name
    """`mindspore.profiler.mstx`: marks and ranges of the user's own in the profile's timeline
    (MindSpore's MindStudio Tools Extension). msjax records them in the JAX trace as trace
    annotations: `mark(message)` an instant one, `range_start(message)` ... `range_end(id)` a
    span; outside a trace they cost next to nothing. `range_start` returns the range's id (ids
    start at 1; 0 is MindSpore's answer where it records nothing)."""

    _ranges: dict = {}
    _next_id = [1]

    @staticmethod
    def mark(message, stream=None, domain="default") -> None:
        if isinstance(message, str):
            with jax.profiler.TraceAnnotation(message):
                pass

    @staticmethod
    def range_start(message, stream=None, domain="default") -> int:
        if not isinstance(message, str):
            return 0
        annotation = jax.profiler.TraceAnnotation(message)
        annotation.__enter__()
        range_id = mstx._next_id[0]
        mstx._next_id[0] += 1
        mstx._ranges[range_id] = annotation
        return range_id

    @staticmethod
    def range_end(range_id, domain="default") -> None:
        annotation = mstx._ranges.pop(range_id, None)
        if annotation is not None:
            annotation.__exit__(None, None, None)
