"""MindSpore 2.10 behaviour of mindspore.profiler's step-scheduled profiler: profile, schedule (the
action of each step, its repr and checks), tensorboard_trace_handler, the enums and
_ExperimentalConfig, and when on_trace_ready is called, printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe9.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe9.out
"""
import os
import shutil
import tempfile

import numpy as np
from mindspore import Tensor, nn
from mindspore.profiler import (AicoreMetrics, ExportType, ProfilerActivity, ProfilerLevel,
                                _ExperimentalConfig, profile, schedule, tensorboard_trace_handler)


# A profile without a trace handler writes into ./data (as MindSpore's does): work in a folder of
# our own, removed at the end.
HERE, WORK = os.getcwd(), tempfile.mkdtemp()
os.chdir(WORK)


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


show("enums", lambda: [[m.value for m in enum] for enum in (
    ProfilerActivity, ProfilerLevel, AicoreMetrics, ExportType)])
s = schedule(wait=1, warmup=1, active=2, repeat=2, skip_first=1)
show("schedule repr", lambda: repr(s))
show("schedule actions", lambda: [s(i).name for i in range(14)])
show("schedule to_dict", lambda: s.to_dict())
show("schedule default", lambda: (lambda d: (repr(d), [d(i).name for i in range(4)]))(
    schedule(wait=0, active=1)))
show("schedule bad", lambda: repr(schedule(wait=-1, active=0, warmup=True, repeat="x",
                                           skip_first=1.5)))
show("schedule negative step", lambda: s(-1))
show("schedule no keywords", lambda: schedule(1, 2))
cfg = _ExperimentalConfig(profiler_level=ProfilerLevel.Level1, aic_metrics=AicoreMetrics.Memory)
show("experimental config", lambda: (cfg.profiler_level, cfg.aic_metrics, cfg.l2_cache, cfg.mstx,
                                     cfg.data_simplification, cfg.export_type,
                                     cfg.mstx_domain_include, cfg.host_sys))
show("experimental default", lambda: (lambda c: (c.profiler_level, c.aic_metrics,
                                                 c.data_simplification, c.export_type,
                                                 c.sys_io))(_ExperimentalConfig()))
net = nn.Dense(4, 4)
x = Tensor(np.ones((2, 4), np.float32))
calls = []
out = tempfile.mkdtemp()


def ready(_profiler):
    calls.append(prof.step_num)


prof = profile(activities=[ProfilerActivity.CPU],
               schedule=schedule(wait=1, warmup=1, active=2, repeat=2), on_trace_ready=ready)
for _ in range(10):
    net(x)
    prof.step()
prof.stop()
show("on_trace_ready steps", lambda: calls)
show("profile step_num", lambda: prof.step_num)
show("profile current_action", lambda: prof.current_action.name)
calls2 = []
with profile(schedule=schedule(wait=0, warmup=0, active=3), start_profile=False,
             on_trace_ready=lambda _profiler: calls2.append(p2.step_num)) as p2:
    for _ in range(2):
        net(x)
        p2.step()
show("stopped mid-span", lambda: calls2)
show("handler type", lambda: callable(tensorboard_trace_handler(out)))
with profile(schedule=schedule(wait=0, warmup=1, active=1, repeat=1),
             on_trace_ready=tensorboard_trace_handler(out)) as p3:
    for _ in range(3):
        net(x)
        p3.step()
show("handler wrote", lambda: len(os.listdir(out)) > 0)
os.chdir(HERE)
shutil.rmtree(WORK)
shutil.rmtree(out)
