"""`mindspore.runtime`'s (and `mindspore.hal`'s) streams, events and `empty_cache` on a CPU:
what they return and the errors they raise. One `label -> result` line per case
(tests/test_streams.py). MindSpore 2.10's `runtime.current_stream()` returns None on a CPU and
its `runtime.StreamCtx` fails there ('StreamCtx' object has no attribute 'stream'), and its
`hal.Stream` and `runtime.Stream` are two classes; `hal`'s work, so the cases use `hal`'s where
the two differ. msjax's `hal` names are `runtime`'s."""
import numpy as np

import mindspore as ms
import mindspore.hal as hal
import mindspore.runtime as rt
from mindspore import Tensor


def case(label, fn):
    try:
        result = fn()
        result = result if isinstance(result, str) else repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    print(f"{label} -> {result}", flush=True)


case("Stream()", lambda: rt.Stream())
case("Stream(priority=-1)", lambda: rt.Stream(priority=-1))
case("Stream id", lambda: (rt.Stream().id, rt.Stream().device_id, rt.Stream().device_name))
case("Stream bad priority", lambda: rt.Stream(priority="a"))
case("Stream equal", lambda: rt.Stream() == rt.Stream())
case("hal current_stream", lambda: hal.current_stream())
case("hal default_stream", lambda: hal.default_stream())
case("current is default", lambda: hal.current_stream() == hal.default_stream())
case("communication_stream", lambda: hal.communication_stream())
case("stream_ptr", lambda: rt.Stream().stream_ptr())
case("Stream synchronize", lambda: rt.Stream().synchronize())
case("wait_stream", lambda: hal.current_stream().wait_stream(hal.Stream()))
case("wait_stream bad", lambda: hal.current_stream().wait_stream(1))
case("wait_event bad", lambda: hal.current_stream().wait_event(1))


def in_stream_ctx():
    s = hal.Stream()
    with hal.StreamCtx(s):
        inside = hal.current_stream()
        y = Tensor(np.array([1., 2.], np.float32)) * 2
    return inside == s, y


case("StreamCtx", in_stream_ctx)
case("StreamCtx bad", lambda: hal.StreamCtx(1))
case("set_cur_stream", lambda: rt.set_cur_stream(rt.Stream()))
case("set_cur_stream bad", lambda: rt.set_cur_stream(1))
case("empty_cache", lambda: rt.empty_cache())
case("hal empty_cache", lambda: hal.empty_cache())
case("hal Event()", lambda: hal.Event())
case("Event bad", lambda: hal.Event(enable_timing=1))


def timed():
    start, end = hal.Event(enable_timing=True), hal.Event(enable_timing=True)
    start.record()
    Tensor(np.ones((64, 64), np.float32)).sum()
    end.record()
    end.synchronize()
    return start.query(), type(start.elapsed_time(end)).__name__, start.elapsed_time(end) >= 0


case("Event timing", timed)


def untimed():
    start, end = hal.Event(), hal.Event()
    start.record()
    end.record()
    return start.elapsed_time(end)


case("Event without timing", untimed)


def unrecorded():
    start, end = hal.Event(enable_timing=True), hal.Event(enable_timing=True)
    start.record()
    return start.elapsed_time(end)


case("Event end not recorded", unrecorded)
case("Event record bad", lambda: hal.Event().record(1))
case("Event elapsed bad", lambda: hal.Event(enable_timing=True).elapsed_time(1))
case("top level", lambda: (ms.Stream is rt.Stream, ms.current_stream is rt.current_stream,
                           ms.StreamCtx is rt.StreamCtx, ms.empty_cache is rt.empty_cache))
