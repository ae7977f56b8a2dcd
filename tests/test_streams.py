"""`mindspore.runtime`/`mindspore.hal` streams, events and `empty_cache` (msjax/_src/core/streams.py)
as MindSpore 2.10 has them on a CPU: tests/goldens/scripts/streams_probe.py run unchanged; and
what they mean on XLA (one stream per device, docs/migration.md)."""
import gc
import threading

import jax

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, hal, runtime
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/streams_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("streams_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_streams_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_stream_ctx_sets_and_restores_the_current_stream():
    s = runtime.Stream(priority=3)
    assert runtime.current_stream() is not s
    with runtime.StreamCtx(s) as entered:
        assert entered is s and runtime.current_stream() is s
        with runtime.StreamCtx(None):
            assert runtime.current_stream() is s
        y = Tensor(np.array([1., 2.], np.float32)) + 1
    assert runtime.current_stream() is not s and runtime.current_stream() == s
    np.testing.assert_array_equal(y.asnumpy(), [2., 3.])


def test_set_cur_stream_is_per_thread():
    s = runtime.Stream()
    seen = []
    try:
        runtime.set_cur_stream(s)
        worker = threading.Thread(target=lambda: seen.append(runtime.current_stream() is s))
        worker.start()
        worker.join()
        assert runtime.current_stream() is s and seen == [False]
    finally:
        runtime.set_cur_stream(runtime.default_stream())


def test_query_and_synchronize_follow_the_dispatched_work():
    x = ms.ops.matmul(Tensor(np.ones((256, 256), np.float32)), Tensor(np.ones((256, 256),
                                                                               np.float32)))
    runtime.current_stream().synchronize()
    assert runtime.current_stream().query() is True
    assert float(x[0, 0]) == 256.0


def test_event_times_the_work_between_two_records():
    start, end = runtime.Event(enable_timing=True), runtime.Event(enable_timing=True)
    start.record()
    ms.ops.matmul(Tensor(np.ones((128, 128), np.float32)), Tensor(np.ones((128, 128), np.float32)))
    runtime.current_stream().record_event(end)
    elapsed = start.elapsed_time(end)
    assert isinstance(elapsed, float) and elapsed > 0
    assert repr(end) == "Event(enable_timing=1, blocking:0, is_created:1, event:0)"


def test_hal_names_are_runtimes_and_top_level():
    for name in ("Stream", "StreamCtx", "Event", "current_stream", "default_stream",
                 "communication_stream", "set_cur_stream", "empty_cache"):
        assert getattr(hal, name) is getattr(runtime, name), name
    for name in ("Stream", "StreamCtx", "Event", "current_stream", "default_stream",
                 "communication_stream", "set_cur_stream", "empty_cache"):
        assert getattr(ms, name) is getattr(runtime, name), name
    assert hal.memory_allocated is runtime.memory_allocated


def test_empty_cache_frees_unreachable_arrays():
    class Cycle:
        pass
    gc.collect()
    before = len(jax.live_arrays())
    a, b = Cycle(), Cycle()
    a.other, b.other = b, a
    a.array = Tensor(np.ones((1000,), np.float32))._data
    del a, b
    assert len(jax.live_arrays()) == before + 1  # kept by the reference cycle
    runtime.empty_cache()
    assert len(jax.live_arrays()) == before
