"""MindSpore 2.10 behaviour of mindspore.JitConfig and Cell.set_jit_config / jit_config_dict (the
options are checked and kept), printed `label -> RESULT` as in used_names_probe.py;
tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe8.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe8.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


show("JitConfig default", lambda: sorted(ms.JitConfig().jit_config_dict.items()))
show("JitConfig O1", lambda: sorted(ms.JitConfig(jit_level="O1").jit_config_dict.items()))
show("JitConfig O2 extra", lambda: sorted(ms.JitConfig(jit_level="O2",
                                                      custom=3).jit_config_dict.items()))
show("JitConfig backend", lambda: ms.JitConfig(jit_level="O0",
                                                   backend="GE").jit_config_dict["backend"])
for key, value in [("jit_level", "O3"), ("exc_mode", "x"), ("jit_syntax_level", "x"),
                   ("debug_level", "x"), ("infer_boost", "x")]:
    show("JitConfig bad " + key, lambda: ms.JitConfig(**{key: value}))
show("JitConfig syntax COMPATIBLE", lambda: ms.JitConfig(
    jit_syntax_level="COMPATIBLE").jit_config_dict["jit_syntax_level"])
net = nn.Dense(2, 2)
show("Cell.jit_config_dict before", lambda: net.jit_config_dict)
show("set_jit_config", lambda: net.set_jit_config(ms.JitConfig(jit_level="O1")))
show("Cell.jit_config_dict", lambda: sorted(net.jit_config_dict.items()))
show("set_jit_config again", lambda: (net.set_jit_config(ms.JitConfig(jit_level="O2")),
                                      net.jit_config_dict["jit_level"]))
show("call after", lambda: net(Tensor(np.ones((1, 2), np.float32))).shape)
