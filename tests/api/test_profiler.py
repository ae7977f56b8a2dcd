"""`mindspore.Profiler` on JAX's profiler: a trace of the profiled work lands in output_path."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor


def _traces(path):
    return sorted(p.name for p in path.rglob("*.xplane.pb"))


def test_profiler_records_a_trace_on_analyse(tmp_path):
    profiler = ms.Profiler(output_path=str(tmp_path / "prof"))
    assert profiler.running
    (Tensor(np.ones((4, 4), np.float32)) @ Tensor(np.ones((4, 4), np.float32))).asnumpy()
    profiler.step()
    profiler.analyse()
    assert not profiler.running and profiler.steps == 1
    assert _traces(tmp_path / "prof")  # an XLA trace, viewable in TensorBoard or Perfetto


def test_profiler_start_stop_and_errors(tmp_path):
    import msjax.profiler
    assert msjax.profiler.Profiler is ms.Profiler
    profiler = ms.Profiler(output_path=str(tmp_path / "p"), start_profile=False,
                           profile_memory=True)
    assert not profiler.running and profiler.options == {"profile_memory": True}
    with pytest.raises(RuntimeError, match="not recording: call start"):
        profiler.stop()
    profiler.start()
    other = ms.Profiler(output_path=str(tmp_path / "q"), start_profile=False)
    with pytest.raises(RuntimeError, match="already recording"):
        other.start()
    profiler.stop()
    assert _traces(tmp_path / "p")
    with pytest.raises(TypeError, match="'start_profile' must be bool"):
        ms.Profiler(start_profile="yes")


def test_scheduled_profile_writes_one_trace_per_active_span(tmp_path):
    from msjax.profiler import profile, schedule, tensorboard_trace_handler
    x = Tensor(np.ones((8, 8), np.float32))
    with profile(schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
                 on_trace_ready=tensorboard_trace_handler(str(tmp_path / "tb"))) as prof:
        for _ in range(6):
            (x @ x).asnumpy()
            prof.step()
            assert prof._recording == (prof.current_action.name in ("RECORD", "RECORD_AND_SAVE"))
    assert len(prof.trace_dirs) == 1
    run = tmp_path / "tb" / "plugins" / "profile"
    assert prof.trace_dirs[0].startswith(str(run)) and _traces(run)


def test_profile_refuses_to_record_while_a_profiler_does(tmp_path):
    from msjax.profiler import profile
    profiler = ms.Profiler(output_path=str(tmp_path / "p"))
    try:
        with pytest.raises(RuntimeError, match="already recording"):
            profile()
    finally:
        profiler.stop()


def test_mstx_marks_and_ranges_land_in_the_trace(tmp_path):
    """`mindspore.profiler.mstx`: MindSpore 2.10 records them on Ascend only (on its CPU
    `mark` returns None and `range_start` 0); msjax records them in the JAX trace."""
    import gzip

    from msjax.profiler import mstx
    assert mstx.mark("outside a trace") is None
    profiler = ms.Profiler(output_path=str(tmp_path / "prof"))
    assert mstx.mark("names8-mark") is None
    range_id = mstx.range_start("names8-range")
    assert isinstance(range_id, int) and range_id >= 1
    (Tensor(np.ones((4, 4), np.float32)) @ Tensor(np.ones((4, 4), np.float32))).asnumpy()
    assert mstx.range_end(range_id) is None
    assert mstx.range_end(range_id) is None  # an ended (or unknown) range: nothing to end
    profiler.analyse()
    traces = list((tmp_path / "prof").rglob("*.trace.json.gz"))
    text = "".join(gzip.open(p, "rt").read() for p in traces)
    assert "names8-mark" in text and "names8-range" in text
    assert mstx.range_start(1) == 0  # not a message: nothing recorded, MindSpore's 0
