"""Run MindCV's own train.py or validate.py (a checkout of github.com/mindspore-lab/mindcv, not
part of this project) on tiny generated ImageFolder data, and print what it prints.

Environment: MINDCV_DIR (the checkout), MINDCV_WORK (a folder for the data and checkpoints),
MINDCV_SCRIPT ("train.py" or "validate.py"), MINDCV_EXTRA_PATH (optional: a folder added to
sys.path, for MindCV's pure-Python needs, pyyaml and tqdm, where the interpreter lacks them).

The golden of MindSpore 2.10's output kinds (tests/goldens/compat/mindcv_output_kinds.txt) was
made with::

    for s in train.py validate.py; do MINDCV_DIR=... MINDCV_WORK=/tmp/mindcv_work MINDCV_SCRIPT=$s \\
        MINDCV_EXTRA_PATH=... /work/shared/tools/mindspore-oracle tests/goldens/scripts/mindcv_run.py
    done | python tests/goldens/scripts/mindcv_run.py --kinds > tests/goldens/compat/mindcv_output_kinds.txt

tests/compat/test_mindcv_scripts.py runs the same scripts with ``msjax run`` and the same
arguments (`arguments`) and compares the kinds of line they print (`line_kind`).
"""
import os
import re
import runpy
import sys

CLASSES, IMAGES_PER_CLASS = ("c0", "c1"), 4


def make_data(folder):
    """Two classes of four 40x48 RGB JPEG images, for train/ and val/ (ImageFolder layout)."""
    import numpy as np
    from PIL import Image
    rng = np.random.default_rng(0)
    for split in ("train", "val"):
        for label in CLASSES:
            os.makedirs(os.path.join(folder, split, label), exist_ok=True)
            for i in range(IMAGES_PER_CLASS):
                path = os.path.join(folder, split, label, f"{i}.jpg")
                if not os.path.exists(path):
                    image = rng.integers(0, 255, (40, 48, 3), dtype=np.uint8)
                    Image.fromarray(image).save(path)


def arguments(script, work):
    """The command-line arguments of a tiny run: resnet18, 32x32 inputs, batch 4, CPU."""
    data, checkpoints = os.path.join(work, "data"), os.path.join(work, "ckpt")
    common = ["--model", "resnet18", "--data_dir", data, "--dataset", "imagenet", "--batch_size",
              "4", "--image_resize", "32", "--num_classes", "2", "--num_parallel_workers", "1",
              "--device_target", "CPU"]
    if script == "train.py":
        return common + ["--epoch_size", "2", "--val_while_train", "--ckpt_save_dir", checkpoints,
                         "--distribute", "False"]
    return common + ["--ckpt_path", os.path.join(checkpoints, "resnet18_best.ckpt")]


_TIMESTAMP = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] ")
_NUMBER = re.compile(r"-?\d+(\.\d+)?(e[-+]?\d+)?")


def line_kind(line, work=""):
    """A printed line with its time stamp, paths and numbers taken out."""
    line = _TIMESTAMP.sub("", line.rstrip())
    if work:
        line = line.replace(work, "<work>")
    return _NUMBER.sub("N", line)


def main():
    if sys.argv[1:] == ["--kinds"]:
        kinds = []
        for line in sys.stdin:
            kind = line_kind(line, os.environ.get("MINDCV_WORK", "/tmp/mindcv_work"))
            if kind and kind not in kinds and not kind.startswith(("Load dynamic library", "[")):
                kinds.append(kind)
        print("\n".join(kinds))
        return
    root, work, script = os.environ["MINDCV_DIR"], os.environ["MINDCV_WORK"], \
        os.environ["MINDCV_SCRIPT"]
    make_data(os.path.join(work, "data"))
    os.chdir(root)
    sys.path.insert(0, root)
    if os.environ.get("MINDCV_EXTRA_PATH"):
        sys.path.append(os.environ["MINDCV_EXTRA_PATH"])
    sys.argv = [script] + arguments(script, work)
    runpy.run_path(os.path.join(root, script), run_name="__main__")


if __name__ == "__main__":
    main()
