"""`mindspore.runtime`'s streams and events (`Stream`, `StreamCtx`, `Event`, `current_stream`,
`empty_cache`, ...) on XLA.

MindSpore runs each device's operators on streams it exposes: a user may create streams, run
work on one (`with StreamCtx(s):`), and order streams with events. XLA exposes no streams: JAX
dispatches every computation to its device asynchronously and the XLA client orders the work
of a device itself (its data dependencies; on GPU it also picks the streams). So under msjax a
device has one stream:

- every `Stream()` is that stream (`stream id:0`, as on MindSpore's CPU), equal to
  `current_stream()`, `default_stream()` and `communication_stream()`; `StreamCtx(s)` and
  `set_cur_stream(s)` make `s` the current stream object, and work runs as it would anyway;
- `wait_stream` and `wait_event` have nothing to order (XLA orders the work already);
- `synchronize()` waits for everything dispatched so far (`runtime.synchronize`), `query()` says
  whether it has all finished, without waiting;
- an `Event` records the moment every computation dispatched before `record()` has finished:
  `elapsed_time` between two timing events is the wall time between those moments, in
  milliseconds;
- `empty_cache()` collects unreachable arrays so their buffers go back to XLA's allocator; XLA
  does not hand its pool back to the system (on GPU the pool is sized by
  `XLA_PYTHON_CLIENT_MEM_FRACTION` / `XLA_PYTHON_CLIENT_PREALLOCATE`). docs/migration.md says so.
"""
from __future__ import annotations

import gc
import threading
import time

import jax

from msjax._src.core import context
from msjax._src.core.runtime import synchronize as _synchronize_all


def _device_name() -> str:
    return context.get_context("device_target")


def _check_type(api: str, argument: str, value, expected: type) -> None:
    if not isinstance(value, expected):
        raise TypeError(f"For '{api}', the argument '{argument}' should be {expected.__name__}, "
                        f"but got {type(value)}.")


def _all_finished() -> bool:
    return all(array.is_ready() for array in jax.live_arrays())


class Stream:
    """`mindspore.runtime.Stream(priority=0, **kwargs)`: a device stream. XLA orders a device's
    work itself, so every Stream is the device's one stream (see the module doc); `priority`
    is checked as MindSpore checks it and kept."""

    def __init__(self, priority=0, **kwargs):
        if not isinstance(priority, int) or isinstance(priority, bool):
            raise TypeError(f"For 'Stream', the type of 'priority' must be 'int', but got "
                            f"'{type(priority).__name__}'.")
        self.priority = priority
        self.device_name = _device_name()
        self.device_id = context.get_context("device_id")
        self.id = 0

    def stream_id(self) -> int:
        return self.id

    def stream_ptr(self) -> int:
        """MindSpore's native stream handle: XLA's streams are not exposed, 0 as on a CPU."""
        return 0

    def query(self) -> bool:
        """Whether every computation dispatched so far has finished (without waiting)."""
        return _all_finished()

    def synchronize(self) -> None:
        """Wait until every computation dispatched so far has finished."""
        _synchronize_all()

    def record_event(self, event=None):
        """Record `event` (a new Event when None) on this stream; return it."""
        if event is None:
            event = Event()
        _check_type("record_event", "event", event, Event)
        event.record(self)
        return event

    def wait_event(self, event) -> None:
        """Make later work wait for `event`: XLA orders a device's work already."""
        _check_type("wait_event", "event", event, Event)

    def wait_stream(self, stream) -> None:
        """Make later work wait for `stream`'s: there is one stream, XLA orders its work."""
        _check_type("wait_stream", "stream", stream, Stream)

    def __eq__(self, other):
        if not isinstance(other, Stream):
            return NotImplemented
        return (self.device_name, self.device_id, self.id) == (
            other.device_name, other.device_id, other.id)

    def __hash__(self):
        return hash((self.device_name, self.device_id, self.id))

    def __repr__(self):
        return f"Stream(device_name={self.device_name}, device_id:{self.device_id}, stream id:{self.id})"


_state = threading.local()


def default_stream() -> Stream:
    """`mindspore.runtime.default_stream()`: the device's stream."""
    return Stream()


def current_stream() -> Stream:
    """`mindspore.runtime.current_stream()`: the stream made current by `StreamCtx` or
    `set_cur_stream` in this thread, else the default stream (they are the same stream)."""
    stream = getattr(_state, "stream", None)
    return stream if stream is not None else default_stream()


def communication_stream() -> Stream:
    """`mindspore.runtime.communication_stream()`: the stream collectives run on: the device's
    one stream (XLA schedules collectives with the rest of the program)."""
    return Stream()


def set_cur_stream(stream) -> None:
    """`mindspore.runtime.set_cur_stream(stream)`: make `stream` current in this thread."""
    _check_type("set_cur_stream", "stream", stream, Stream)
    _state.stream = stream


class StreamCtx:
    """`mindspore.runtime.StreamCtx(ctx_stream)`: `with StreamCtx(s):` makes `s` the current
    stream inside the block (None: no change); the work runs as it would anyway."""

    def __init__(self, ctx_stream):
        if ctx_stream is not None:
            _check_type("StreamCtx", "ctx_stream", ctx_stream, Stream)
        self.stream = ctx_stream
        self._previous = []

    def __enter__(self):
        if self.stream is None:
            return None
        self._previous.append(getattr(_state, "stream", None))
        _state.stream = self.stream
        return self.stream

    def __exit__(self, *exc_info):
        if self.stream is not None:
            _state.stream = self._previous.pop()
        return False


class Event:
    """`mindspore.runtime.Event(enable_timing=False, blocking=False)`: a point in the device's
    work. `record()` marks the moment every computation dispatched before it has finished (it
    waits for them); `elapsed_time(end)` is the time between two timing events, in ms."""

    def __init__(self, enable_timing=False, blocking=False):
        for name, value in (("enable_timing", enable_timing), ("blocking", blocking)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'Event', the '{name}' must be a bool, but got "
                                f"{type(value).__name__}.")
        self.enable_timing = enable_timing
        self.blocking = blocking
        self._time = None

    def record(self, stream=None) -> None:
        """Record the event: the moment the work dispatched so far has finished."""
        if stream is not None:
            _check_type("record", "stream", stream, Stream)
        _synchronize_all()
        self._time = time.perf_counter()

    def query(self) -> bool:
        """Whether the work before the event has finished: always, once recorded."""
        return True

    def synchronize(self) -> None:
        """Wait for the work before the event: `record` waited for it already."""

    def wait(self, stream=None) -> None:
        """Make `stream`'s later work wait for the event: XLA orders a device's work."""

    def elapsed_time(self, end_event) -> float:
        """Milliseconds from this event to `end_event` (both recorded; 0.0 unless both were
        made with `enable_timing=True`, as MindSpore's)."""
        _check_type("elapsed_time", "end_event", end_event, Event)
        if self._time is None or end_event._time is None:
            raise RuntimeError(
                f"event_ or other_event has not been recorded yet, event is created:"
                f"{int(self._time is not None)}other_event is created:"
                f"{int(end_event._time is not None)}")
        if not (self.enable_timing and end_event.enable_timing):
            return 0.0
        return (end_event._time - self._time) * 1000.0

    def __repr__(self):
        return (f"Event(enable_timing={int(self.enable_timing)}, blocking:{int(self.blocking)}, "
                f"is_created:{int(self._time is not None)}, event:0)")


def empty_cache() -> None:
    """`mindspore.runtime.empty_cache()`: release the memory of arrays no longer reachable
    (a garbage collection: their buffers go back to XLA's allocator). XLA keeps its pool."""
    gc.collect()
