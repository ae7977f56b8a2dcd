"""The compile cache across processes: the graph-mode tutorial's 200-step model and a LeNet-5
training step, each run in two fresh processes sharing one cache directory.

Target (issue "Compile cache and lazy_inline"): the second process's first call takes at most
1/7 of the first's. Pure JAX has no such cache for traced Python (its persistent cache skips XLA
compilation only), so the JAX column is the same first call with JAX's persistent cache warm.
Run: python benchmarks/compile_cache.py
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

MODEL_200 = """
import time
import msjax as ms
from msjax import nn
ms.set_context(mode=ms.GRAPH_MODE)
class Model(nn.Cell):
    def construct(self, input_x, input_y):
        output = input_x
        for _ in range(200):
            output = input_x + input_x * input_y + output
        return output
x = ms.tensor([1], ms.float32)
y = ms.tensor([2], ms.float32)
model = Model()
start = time.perf_counter()
model(x, y)._data.block_until_ready()
print(time.perf_counter() - start)
"""

LENET_STEP = """
import sys, time
sys.path.insert(0, HERE)
import numpy as np
import msjax as ms
from msjax import Tensor, nn
from lenet import LeNet5, random_batch
ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(0)
net = LeNet5()
loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Adam(net.trainable_params(), 1e-3))
x, y = random_batch(np.random.default_rng(0), 64)
xt, yt = Tensor(x), Tensor(y)
start = time.perf_counter()
train(xt, yt)._data.block_until_ready()
print(time.perf_counter() - start)
"""

JAX_200 = """
import time, jax, jax.numpy as jnp, numpy as np
jax.config.update("jax_compilation_cache_dir", CACHE)
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
def model(x, y):
    out = x
    for _ in range(200):
        out = x + x * y + out
    return out
x = jnp.asarray(np.array([1], np.float32)); y = jnp.asarray(np.array([2], np.float32))
start = time.perf_counter()
jax.jit(model)(x, y).block_until_ready()
print(time.perf_counter() - start)
"""


def first_call(code, cache, env_extra=True):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE) + os.pathsep
               + os.environ.get("PYTHONPATH", ""))
    if env_extra:
        env.update(MS_COMPILER_CACHE_ENABLE="1", MS_COMPILER_CACHE_PATH=cache)
    code = code.replace("HERE", repr(HERE)).replace("CACHE", repr(cache))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main():
    for label, code, jax_code in (("200-step model (graph-mode tutorial)", MODEL_200, JAX_200),
                                  ("LeNet-5 TrainOneStepCell step", LENET_STEP, None)):
        with tempfile.TemporaryDirectory() as cache:
            cold = first_call(code, cache)
            warm = first_call(code, cache)
        line = (f"{label:<40} first process {cold:7.3f} s   second process {warm:7.3f} s   "
                f"ratio {warm / cold:.3f} (target <= {1 / 7:.3f}) "
                f"{'ok' if warm <= cold / 7 else 'ABOVE TARGET'}")
        if jax_code is not None:
            with tempfile.TemporaryDirectory() as cache:
                first_call(jax_code, cache, env_extra=False)
                jax_warm = first_call(jax_code, cache, env_extra=False)
            line += f"   (pure JAX, persistent cache warm: {jax_warm:.3f} s)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
