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
