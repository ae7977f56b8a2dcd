"""The MindSpore model zoo's GPU ResNet-50 benchmark (official/cv/ResNet/gpu_resnet_benchmark.py,
the script behind MindSpore's published GPU figures), unchanged, under ``msjax run``.

Its float16 form is MindSpore's GPU layout throughout: NHWC convolutions, BatchNorm and pooling
(``data_format="NHWC"``, weights (O, kH, kW, I)), a 4-channel input from ``NormalizePad``,
``amp_level="O2"`` with ``keep_batchnorm_fp32=False``, a fixed loss scale of 1024 and dataset sink
mode. The script sets ``device_target="GPU"``, which MindSpore's CPU build refuses (the oracle's),
so there is no MindSpore output to compare with: the test runs it on whatever device JAX has,
at batch 2 on a tiny generated ImageFolder, and checks that it trains (two sinks of two steps,
finite losses). That msjax's NHWC layers compute what its NCHW ones do, values and gradients, is
tests/nn/test_nhwc.py's.

The zoo is not part of this project: the test needs a checkout of mindspore-ai/models, named by
MSJAX_MODELS_DIR, or a git repository of it (MSJAX_MODELS_GIT, by default the one the project's
`fetch` tool mirrors). Without one it skips, saying so.
"""
import math
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.compat.model_zoo import zoo_folder

ROOT = pathlib.Path(__file__).resolve().parents[2]
RESNET = "official/cv/ResNet"

# The zoo's dataset asks for 4 reading and 8 mapping workers, which MindSpore refuses on a machine
# of fewer CPUs (as msjax does): the runner makes os.cpu_count() say 16, then runs the script as
# `python gpu_resnet_benchmark.py ARGS` from its folder.
RUNNER = """\
import os, runpy, sys
os.cpu_count = lambda: 16
folder = os.environ["RESNET_DIR"]
os.chdir(folder)
sys.path.insert(0, folder)
sys.argv = ["gpu_resnet_benchmark.py"] + os.environ["BENCH_ARGS"].split()
runpy.run_path("gpu_resnet_benchmark.py", run_name="__main__")
"""


@pytest.fixture(scope="module")
def resnet_dir(tmp_path_factory):
    return zoo_folder(RESNET, tmp_path_factory)


def _image_folder(folder):
    """Two classes of four small random JPEGs (the zoo crops and resizes them to 224x224)."""
    from PIL import Image
    rng = np.random.default_rng(0)
    for label in ("a", "b"):
        (folder / label).mkdir(parents=True)
        for i in range(4):
            pixels = rng.integers(0, 255, (48, 64, 3), dtype=np.uint8)
            Image.fromarray(pixels).save(folder / label / f"{i}.jpg")


@pytest.mark.heavy
def test_the_gpu_benchmark_trains_in_nhwc_float16_unchanged(resnet_dir, tmp_path):
    _image_folder(tmp_path / "train")
    (tmp_path / "runner.py").write_text(RUNNER)
    args = (f"--config_path=config/resnet_benchmark_GPU.yaml --data_path={tmp_path / 'train'} "
            f"--batch_size=2 --epoch_size=1 --print_per_steps=2 --dtype=fp16 "
            f"--output_dir={tmp_path / 'out'}")
    env = dict(os.environ, PYTHONPATH=str(ROOT), RESNET_DIR=str(resnet_dir), BENCH_ARGS=args)
    result = subprocess.run([sys.executable, "-m", "msjax", "run", str(tmp_path / "runner.py")],
                            env=env, capture_output=True, text=True, timeout=1500, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert "========START RESNET50 GPU BENCHMARK========" in result.stdout
    # 8 images at batch 2: 4 steps, reported by the script's callback once per sink of 2 steps
    steps = re.findall(r"epoch: \[(\d)/2\] step: \[2/4\], loss is (\S+) Epoch time: [\d.]+ ms, "
                       r"per_step_time: [\d.]+ ms, fps: \d+ img/sec\.", result.stdout)
    assert [s[0] for s in steps] == ["1", "2"], result.stdout[-2000:]
    assert all(math.isfinite(float(loss)) for _, loss in steps)
