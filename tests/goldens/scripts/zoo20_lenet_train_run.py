"""Run the MindSpore model zoo's research/cv/lenet train.py (github.com/mindspore-ai/models, not
part of this project) unchanged, on a tiny generated MNIST, and print what it prints.

Environment: LENET_DIR (a checkout of research/cv/lenet), LENET_WORK (a folder for the data and
the checkpoints). The data: 64 28x28 images in MNIST's idx files (`train/train-images-idx3-ubyte`,
`train/train-labels-idx1-ubyte`), each a noisy bright bar whose place says its label, so that the
loss falls. The run: `train.py --device_target CPU --batch_size 16 --epoch_size 3` and the data and
checkpoint paths: its `set_seed(1)`, its MnistDataset (shuffled; Resize, Rescale, HWC2CHW),
LeNet5, SoftmaxCrossEntropyWithLogits, Momentum, and `Model.train` in GRAPH_MODE with dataset
sinking, LossMonitor, TimeMonitor and ModelCheckpoint.

`--losses` (reading a run's output on stdin) prints only the LossMonitor lines: the golden
(tests/goldens/compat/zoo20_lenet_train_run.txt) was made with the oracle's interpreter::

    LENET_DIR=.../research/cv/lenet LENET_WORK=/tmp/lenet_work GLOG_v=3 \\
        ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/zoo20_lenet_train_run.py \\
        | python tests/goldens/scripts/zoo20_lenet_train_run.py --losses \\
        > tests/goldens/compat/zoo20_lenet_train_run.txt

tests/compat/test_model_zoo_lenet.py runs it under ``msjax run`` and compares.
"""
import os
import re
import runpy
import sys

IMAGES = 64
_LOSS = re.compile(r"^epoch: \d+ step: \d+, loss is ")


def make_mnist(folder):
    """MNIST's idx layout: big-endian magic numbers 2051 (images) and 2049 (labels)."""
    import numpy as np
    rng = np.random.RandomState(20)
    labels = (np.arange(IMAGES) % 10).astype(np.uint8)
    images = rng.randint(0, 60, (IMAGES, 28, 28)).astype(np.uint8)
    for i, label in enumerate(labels):
        images[i, 2 + 2 * label:4 + 2 * label, 4:24] = 255
    os.makedirs(os.path.join(folder, "train"), exist_ok=True)
    with open(os.path.join(folder, "train", "train-images-idx3-ubyte"), "wb") as f:
        f.write(np.array([2051, IMAGES, 28, 28], ">i4").tobytes() + images.tobytes())
    with open(os.path.join(folder, "train", "train-labels-idx1-ubyte"), "wb") as f:
        f.write(np.array([2049, IMAGES], ">i4").tobytes() + labels.tobytes())


def main():
    if sys.argv[1:] == ["--losses"]:
        print("".join(line for line in sys.stdin if _LOSS.match(line)), end="")
        return
    root, work = os.environ["LENET_DIR"], os.environ["LENET_WORK"]
    make_mnist(work)
    os.chdir(root)
    sys.path.insert(0, root)
    sys.argv = ["train.py", "--device_target", "CPU", "--data_path", work,
                "--ckpt_path", os.path.join(work, "ckpt"), "--batch_size", "16",
                "--epoch_size", "3"]
    runpy.run_path(os.path.join(root, "train.py"), run_name="__main__")


if __name__ == "__main__":
    main()
