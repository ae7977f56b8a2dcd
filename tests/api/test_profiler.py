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


def test_mstx_ranges_and_marks_are_annotations_of_the_trace(tmp_path):
    import sys
    from msjax.profiler import mstx
    # MindSpore's `mindspore.profiler.mstx` is the class Mstx of the module of that name
    assert mstx is sys.modules["msjax.profiler.mstx"].Mstx
    profiler = ms.Profiler(output_path=str(tmp_path / "prof"))
    range_id = mstx.range_start("msjax_mstx_range")
    mstx.mark("msjax_mstx_mark")
    (Tensor(np.ones((4, 4), np.float32)) @ Tensor(np.ones((4, 4), np.float32))).asnumpy()
    mstx.range_end(range_id)
    profiler.analyse()
    assert range_id >= 1
    trace = b"".join(p.read_bytes() for p in (tmp_path / "prof").rglob("*.xplane.pb"))
    assert b"msjax_mstx_range" in trace and b"msjax_mstx_mark" in trace


MSTX_REFUSALS = [  # MindSpore's warnings; the call does nothing and range_start returns 0
    (lambda m: m.range_start(""), "Invalid message for mstx.range_start func"),
    (lambda m: m.range_start("r", domain=""), "Invalid domain name for mstx.range_start func"),
    (lambda m: m.range_start("r", stream=3), "Invalid stream for mstx.range_start func. Expected "
                                             "mindspore.runtime.Stream but got <class 'int'>."),
    (lambda m: m.mark(None), "Invalid message for mstx.mark func"),
    (lambda m: m.range_end(-1), "Invalid range_id for mstx.range_end func"),
    (lambda m: m.range_end(1, domain=""), "Invalid domain name for mstx.range_end func"),
]


@pytest.mark.parametrize("call, warning", MSTX_REFUSALS, ids=[w for _, w in MSTX_REFUSALS])
def test_mstx_refuses_bad_arguments_with_mindspores_warnings(capfd, call, warning):
    from msjax.profiler import mstx
    assert not call(mstx)
    err = capfd.readouterr().err
    assert err.startswith("[WARNING] ME(") and warning in err, err


def test_offline_analyse_checks_the_path_and_never_raises(tmp_path, capfd):
    from msjax.profiler.profiler import analyse
    profiler = ms.Profiler(output_path=str(tmp_path / "prof"))
    profiler.analyse()
    analyse(str(tmp_path / "prof"))  # a profiler's folder: nothing to convert, nothing logged
    analyse(str(tmp_path))           # a parent of one
    assert "[ERROR]" not in capfd.readouterr().err
    (tmp_path / "empty").mkdir()
    (tmp_path / "file").write_text("")
    for path, error in [(tmp_path / "empty", f"Invalid path: {tmp_path / 'empty'}. Expected a folder"),
                        (tmp_path / "missing", f"Invalid path: {tmp_path / 'missing'}."),
                        (tmp_path / "file", f"Invalid input path is a file path: {tmp_path / 'file'}"),
                        (3, "profiler_path must be str, but got int")]:
        assert analyse(path if path == 3 else str(path)) is None
        err = capfd.readouterr().err
        assert err.startswith("[ERROR] ME(") and error in err, err
