"""MindSpore 2.10's `_checkparam` expanders (once, twice, triple and their `_sequence` forms):
what each makes of ints, tuples, lists and bad values; printed `label -> RESULT`.
tests/test_checkparam_expand.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/checkparam_expand_probe.py \\
        | grep -- " -> " > tests/goldens/core/checkparam_expand_probe.out
"""
from mindspore import _checkparam as validator


def show(label, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out!r}".replace("\n", "\\n"))


for name in ("once", "twice", "triple", "once_sequence", "twice_sequence", "triple_sequence"):
    fn = getattr(validator, name)
    for label, value in [("3", 3), ("0", 0), ("-2", -2), ("True", True), ("0.5", 0.5), ("str", "str"),
                         ("None", None), ("(3,)", (3,)), ("(3, 3)", (3, 3)), ("(1, 2, 3)", (1, 2, 3)),
                         ("[1, 2]", [1, 2]), ("[1, 2, 3]", [1, 2, 3]), ("(3.3, 4)", (3.3, 4)),
                         ("(True, 1)", (True, 1)), ("[4]", [4])]:
        show(f"{name} {label}", lambda: fn(value))
