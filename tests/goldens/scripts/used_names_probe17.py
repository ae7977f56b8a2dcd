"""MindSpore 2.10 behaviour of set_seed on NumPy's global generator (MindSpore's set_seed seeds it)
and of common.seed._get_graph_seed (the graph and op seeds a random kernel gets), printed
`label -> RESULT` as in used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged
on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe17.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe17.out
"""
import numpy as np
import mindspore as ms
from mindspore.common.seed import _get_graph_seed


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def numpy_after_set_seed(seed):
    ms.set_seed(seed)
    drawn = np.random.rand(3)
    np.random.seed(seed)
    return bool((drawn == np.random.rand(3)).all()), np.round(drawn, 6).tolist()


show("set_seed seeds numpy", lambda: numpy_after_set_seed(3))
show("set_seed seeds numpy again", lambda: numpy_after_set_seed(12345))
ms.set_seed(5)
show("graph seed", lambda: [_get_graph_seed(7, "normal") for _ in range(3)])
show("graph seed other kernel", lambda: _get_graph_seed(7, "uniform"))
show("graph seed no op seed", lambda: [_get_graph_seed(None, "normal") for _ in range(2)])
show("graph seed op 0", lambda: _get_graph_seed(0, "dropout"))
show("graph seed reset", lambda: (ms.set_seed(5), _get_graph_seed(7, "normal"))[1])
show("graph seed global 0", lambda: (ms.set_seed(0), _get_graph_seed(2, "gamma"))[1])
show("graph seed global 0 no op", lambda: _get_graph_seed(None, "gamma"))
show("graph seed negative", lambda: _get_graph_seed(-1, "normal"))
show("graph seed float", lambda: _get_graph_seed(1.5, "normal"))
show("graph seed large", lambda: (ms.set_seed(2 ** 31 + 5), _get_graph_seed(2 ** 31, "x"))[1])
