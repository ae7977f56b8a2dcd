"""Records real MindSpore's first PyNative forward for `eager_first_call.py`.

The oracle runs one self-contained file, so this script writes one: the model Cells of
`models_msjax.py` with `msjax` replaced by `mindspore` (the same Cells, run by MindSpore), then the
timing below. Recorded with

    python benchmarks/eager_first_call_mindspore.py > /tmp/ms_first.py
    mindspore-oracle /tmp/ms_first.py > benchmarks/eager_first_call_mindspore.json

Each model's first eval forward (8x3x32x32) is timed in one process, models in the order listed,
so later models may reuse kernels the earlier ones loaded (msjax's figures use a fresh process
per model, which is the harder case for msjax).
"""
import pathlib

_TIMING = """
import json
import time

import numpy as np

import mindspore

mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
figures = {}
for name, make in [("resnet18", lambda: ResNet(BasicBlock, (2, 2, 2, 2))),
                   ("mobilenet_v3_small", MobileNetV3Small), ("vit_tiny", ViT)]:
    net = make()
    net.set_train(False)
    x = mindspore.Tensor(np.random.default_rng(0).standard_normal((8, 3, 32, 32)).astype(np.float32))
    start = time.perf_counter()
    net(x).asnumpy()
    figures[name] = time.perf_counter() - start
print(json.dumps({"mindspore": mindspore.__version__, "device": "CPU", "batch": 8,
                  "image": [3, 32, 32], "first_forward_seconds": figures}))
"""

if __name__ == "__main__":
    models = (pathlib.Path(__file__).resolve().parent / "models_msjax.py").read_text()
    models = models.replace("import msjax as ms", "import mindspore as ms").replace(
        "from msjax import", "from mindspore import")
    print(models + _TIMING)
