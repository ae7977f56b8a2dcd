"""MindSpore 2.10's SummaryRecord argument checks (raise_exception, export_options, file names, log_dir),
for the gen6b sample of its unit tests (issue #25). Printed `label -> RESULT`; tests/train/test_summary.py
runs it unchanged on msjax. (A bad tensor_format value is left out: MindSpore lists the allowed values
from a set, in an order that changes from run to run.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/summary_record_args_probe.py \\
        | grep -- " -> " > tests/goldens/train/summary_record_args_probe.out
"""
import tempfile, mindspore as ms
from mindspore import SummaryRecord
def show(label, f):
    try: r = repr(f())
    except Exception as e: r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {r}")
for v in ["", None, 32, 1.5, True, False]:
    def mk():
        with SummaryRecord(tempfile.mkdtemp(), raise_exception=v): return "ok"
    show(f"raise_exception {v!r}", mk)
for k, v in [("file_prefix", 1), ("file_suffix", None), ("max_file_size", "x"), ("max_file_size", -1), ("max_file_size", 1.5), ("export_options", 1), ("export_options", {"tensor_format": "npy"}), ("export_options", {"bad": "npy"}), ("network", 1), ("num_process", 0)]:
    def mk2():
        with SummaryRecord(tempfile.mkdtemp(), **{k: v}): return "ok"
    show(f"{k} {v!r}", mk2)
for d in ["", None, 32]:
    show(f"log_dir {d!r}", lambda: SummaryRecord(d))
