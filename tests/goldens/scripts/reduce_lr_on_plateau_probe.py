"""MindSpore 2.10's `experimental.optim.lr_scheduler.ReduceLROnPlateau` stepped from a Cell's
construct, in GRAPH_MODE (compiled: its state is Parameters) and PyNative, with cooldown and
mode 'max'. Printed `label -> result`; tests/mint/test_lr_scheduler.py runs it unchanged.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/reduce_lr_on_plateau_probe.py \\
        | grep -- " -> " > tests/goldens/mint/reduce_lr_on_plateau_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.experimental import optim


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 1)

    def construct(self, x):
        return self.fc(x)


for mode_name in ("GRAPH_MODE", "PYNATIVE_MODE"):
    for kwargs in (dict(mode="min", patience=0), dict(mode="max", patience=1, cooldown=1),
                   dict(mode="min", patience=0, threshold_mode="abs", threshold=0.3,
                        min_lr=0.004)):
        ms.set_context(mode=getattr(ms, mode_name))
        optimizer = optim.Adam(Net().trainable_params(), 0.1)
        scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, **kwargs)

        class SchedNet(nn.Cell):
            def construct(self, metric):
                scheduler.step(metric)
                return scheduler.get_last_lr()

        lrs = [float(np.round(SchedNet()(m)[0].asnumpy(), 6))
               for m in (1, 1.5, 1.8, 0.4, 0.5, 0.45, 2.0)]
        print(f"{mode_name} {kwargs} -> {lrs}")
