"""Records real MindSpore's GRAPH_MODE training steps for `models.py` (first step: graph compile
+ run; steady step) for ResNet-18 and ViT-tiny, the models of `models_msjax.py` run by MindSpore.

The oracle runs one self-contained file, so this script writes one: `models_msjax.py` with
`msjax` replaced by `mindspore`, then the timing below (the same `make_*` training steps).
Recorded with

    python benchmarks/models_mindspore.py > /tmp/ms_models.py
    mindspore-oracle /tmp/ms_models.py > benchmarks/models_mindspore.json

Each model runs in the same process, ResNet-18 first; MindSpore 2.10 on the CPU, batch 8.
"""
import pathlib

_TIMING = """
import json
import time

import mindspore

figures = {}
for name in ("resnet18", "vit_tiny"):
    run, sync = MODELS[name](8)
    start = time.perf_counter()
    sync(run())
    first = time.perf_counter() - start
    steps = []
    for _ in range(5):
        start = time.perf_counter()
        sync(run())
        steps.append(time.perf_counter() - start)
    figures[name] = {"first_step_seconds": first, "steady_step_seconds": min(steps)}
print(json.dumps({"mindspore": mindspore.__version__, "device": "CPU", "batch": 8,
                  "mode": "GRAPH_MODE", "models": figures}))
"""

if __name__ == "__main__":
    models = (pathlib.Path(__file__).resolve().parent / "models_msjax.py").read_text()
    models = models.replace("import msjax as ms", "import mindspore as ms").replace(
        "from msjax import", "from mindspore import").replace(
        "loss._data.block_until_ready()", "loss.asnumpy()")
    print(models + _TIMING)
