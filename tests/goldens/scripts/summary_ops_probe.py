"""MindSpore 2.10's summary operators (ScalarSummary, ImageSummary, TensorSummary,
HistogramSummary) in a Cell under SummaryRecord: which names and values each accepts, and the
errors (raised by `record` in PyNative mode, by the graph compiler in GRAPH_MODE), for the gen6b
sample of MindSpore's unit tests (issue #25). Printed `label -> RESULT`;
tests/train/test_summary.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/summary_ops_probe.py \\
        | grep -- " -> " > tests/goldens/train/summary_ops_probe.out
"""
import shutil
import tempfile

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.ops import operations as P
from mindspore.train.summary.summary_record import SummaryRecord


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {r}")


class Net(nn.Cell):
    def __init__(self, kind, tag, data):
        super().__init__()
        self.summary = getattr(P, kind)()
        self.tag = tag
        self.data = data

    def construct(self):
        self.summary(self.tag, self.data)
        return self.data


def run(kind, tag, value):
    directory = tempfile.mkdtemp()
    try:
        with SummaryRecord(directory) as record:
            Net(kind, tag, value)()
            record.record(1)
        return "ok"
    finally:
        shutil.rmtree(directory, ignore_errors=True)


CASES = [("t", Tensor(np.ones((1, 2, 2, 3), np.float32))), (None, Tensor(0)), ("", Tensor(0)),
         (123, Tensor(0)), ("t", 123), ("t", Tensor(0)), ("t", Tensor(np.array([1, 2]))),
         ("t", Tensor(np.ones((2, 2)))), ("t", Tensor(np.array([1])))]
KINDS = ["ImageSummary", "TensorSummary", "HistogramSummary", "ScalarSummary"]
for kind in KINDS:
    show(f"{kind} repr", lambda: repr(getattr(P, kind)()))
    show(f"{kind} eager call", lambda: getattr(P, kind)()("t", Tensor(np.ones((1, 1, 1, 1)))))
    SummaryRecord(tempfile.mkdtemp()).close()  # (the eager call's value is left for no record)
for mode, mode_name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for kind in KINDS:
        for tag, value in CASES:
            shape = value.shape if isinstance(value, Tensor) else value
            show(f"{kind} {mode_name} {tag!r} {shape}", lambda: run(kind, tag, value))
ms.set_context(mode=ms.PYNATIVE_MODE)
