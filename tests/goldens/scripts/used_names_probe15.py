"""MindSpore 2.10 behaviour of mindspore.hal's device queries on its CPU build (is_available,
device_count, get_device_name / capability / properties, synchronize) and their argument checks,
printed `label -> RESULT` as in used_names_probe.py; tests/api/test_used_names_golden.py runs it
unchanged on msjax (answered by JAX's devices).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe15.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe15.out
"""
import mindspore as ms


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


# The CPU target only: whether JAX has a GPU depends on the machine (test_used_names_numpy.py
# checks the GPU answers against JAX's devices).
for name, args in [("get_device_properties", (0,)), ("get_device_properties", (0, "CPU")),
                   ("get_device_properties", (0, "TPU")), ("get_device_capability", (0,)),
                   ("get_device_capability", (0, "CPU")), ("get_device_name", (0,)),
                   ("get_device_name", (0, "CPU")), ("device_count", ("CPU",)),
                   ("is_available", ("CPU",)), ("is_available", ("Ascend",)),
                   ("is_available", ("TPU",)), ("device_count", ("Ascend",)), ("synchronize", ()),
                   ("get_device_properties", ("0",)), ("get_device_name", (-1, "CPU")),
                   ("get_device_name", (0, 3))]:
    show(f"{name}{args}", lambda: getattr(ms.hal, name)(*args))
