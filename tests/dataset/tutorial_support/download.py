"""Test double of the `download` package for running MindSpore's beginner tutorials offline.

``download(url, path, kind="zip", replace=...)`` writes a small MNIST in the real idx format
(``MNIST_Data/train`` with 96 images, ``MNIST_Data/test`` with 64) under `path` instead of fetching
the zip, so the tutorials' own code reads real idx files. Nothing else of the package is provided.
"""
import os
import struct

import numpy as np

TRAIN_IMAGES, TEST_IMAGES = 96, 64


def _write_idx(path, array):
    with open(path, "wb") as file:
        file.write(bytes([0, 0, 0x08, array.ndim]))
        file.write(struct.pack(">" + "I" * array.ndim, *array.shape))
        file.write(np.ascontiguousarray(array, np.uint8).tobytes())


def write_mnist(root):
    """Digits-like images: label k draws a bright bar at row 2k+4 over low noise, so a network can
    learn them; fixed by a seed, the same in every run."""
    rng = np.random.default_rng(2024)
    for folder, prefix, count in (("train", "train", TRAIN_IMAGES), ("test", "t10k", TEST_IMAGES)):
        target = os.path.join(root, "MNIST_Data", folder)
        os.makedirs(target, exist_ok=True)
        labels = rng.integers(0, 10, count).astype(np.uint8)
        images = rng.integers(0, 40, (count, 28, 28)).astype(np.uint8)
        for image, label in zip(images, labels):
            image[2 * label + 4, 4:24] = 250
        _write_idx(os.path.join(target, f"{prefix}-images-idx3-ubyte"), images)
        _write_idx(os.path.join(target, f"{prefix}-labels-idx1-ubyte"), labels)


def download(url, path="./", kind="file", replace=False, **kwargs):
    write_mnist(path)
    print("Successfully downloaded / unzipped to", path)
    return path
