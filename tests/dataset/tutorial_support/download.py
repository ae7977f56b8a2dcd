"""Test double of the `download` package for running MindSpore's tutorials offline.

``download(url, path, kind=..., replace=...)`` writes, under `path`, a small dataset in the real
format of the archive the URL names, instead of fetching it, so the tutorials' own code reads
real files:

- ``.../MNIST_Data.zip``: MNIST in the idx format (``MNIST_Data/train`` with 96 images,
  ``MNIST_Data/test`` with 64);
- ``.../cifar-10-binary.tar.gz``: CIFAR-10's binary version (``cifar-10-batches-bin/``:
  ``data_batch_1.bin`` and ``test_batch.bin``, 10,000 images each as every file of the real set
  has (MindSpore's reader counts 10,000 a file), and ``batches.meta.txt``; the real set has four
  more training files);
- ``.../ImageNetSimilar.tar.gz``: an image folder in ImageNet's layout (``ImageNetSimilar/<class>/``
  holding JPEG files: two classes of five 64x48 images);
- ``.../faces.zip``: anime-face-like JPEG files of 96x96 pixels in ``faces/`` (16; the real set has
  70,171), under `path`, as the DCGAN tutorial reads them (``./faces/faces/0.jpg``);
- ``.../image_cat.zip``: one JPEG picture of 320x240 pixels, ``image_cat/jpg/000000039769.jpg``
  (the diffusion tutorial's);
- ``.../dataset.zip`` (the diffusion tutorial's Fashion-MNIST): Fashion-MNIST in the idx format,
  ``dataset/train-*`` (32 images) and ``dataset/t10k-*`` (16) files under `path`;
- ``.../banana.jpg``: one JPEG image of 356x200 pixels, written at `path` (a file name);
- ``.../84-121123-0000.wav``: one LibriSpeech-like WAV file (16 kHz, mono, 16-bit PCM, one second),
  written at `path`.

Any other URL raises ValueError, naming it. Nothing else of the package is provided.
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


CIFAR10_IMAGES_PER_FILE = 10000
CIFAR10_CLASSES = ("airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship",
                   "truck")


def write_cifar10_binary(root):
    """CIFAR-10's binary files: each record a label byte, then 32x32 red, green and blue planes;
    fixed by a seed, the same in every run."""
    rng = np.random.default_rng(2025)
    target = os.path.join(root, "cifar-10-batches-bin")
    os.makedirs(target, exist_ok=True)
    for name in ("data_batch_1.bin", "test_batch.bin"):
        labels = rng.integers(0, 10, CIFAR10_IMAGES_PER_FILE).astype(np.uint8)
        images = rng.integers(0, 256, (CIFAR10_IMAGES_PER_FILE, 3 * 32 * 32)).astype(np.uint8)
        with open(os.path.join(target, name), "wb") as file:
            file.write(np.concatenate([labels[:, None], images], axis=1).tobytes())
    with open(os.path.join(target, "batches.meta.txt"), "w", encoding="ascii") as file:
        file.write("\n".join(CIFAR10_CLASSES) + "\n\n")


def _image(rng, width, height):
    """A smooth RGB picture (a gradient with a bright disc) and low noise: JPEG keeps it nearly as
    it is, and Pillow writes the same bytes in every run and in both environments."""
    from PIL import Image  # Pillow: MindSpore's dependency, and msjax's dataset.vision's

    y, x = np.mgrid[0:height, 0:width]
    cx, cy, r = rng.integers(0, width), rng.integers(0, height), rng.integers(height // 4, height // 2)
    disc = ((x - cx) ** 2 + (y - cy) ** 2 < r * r) * 120
    base = np.stack([x * 200 // width, y * 200 // height, (x + y) * 100 // (width + height)], axis=-1)
    pixels = base + disc[..., None] + rng.integers(0, 20, (height, width, 3))
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")


def write_imagenet_similar(root):
    rng = np.random.default_rng(2026)
    for label in ("n01440764", "n01443537"):
        target = os.path.join(root, "ImageNetSimilar", label)
        os.makedirs(target, exist_ok=True)
        for index in range(5):
            _image(rng, 64, 48).save(os.path.join(target, f"{label}_{index:05d}.JPEG"), quality=90)


def write_faces(root):
    rng = np.random.default_rng(2029)
    target = os.path.join(root, "faces")
    os.makedirs(target, exist_ok=True)
    for index in range(16):
        _image(rng, 96, 96).save(os.path.join(target, f"{index}.jpg"), quality=90)


def write_image_cat(root):
    target = os.path.join(root, "image_cat", "jpg")
    os.makedirs(target, exist_ok=True)
    _image(np.random.default_rng(2030), 320, 240).save(os.path.join(target, "000000039769.jpg"),
                                                       quality=90)


def write_fashion_mnist(root):
    """Clothing-like images: label k a bright block whose width grows with k, over low noise."""
    rng = np.random.default_rng(2031)
    root = os.path.join(root, "dataset")
    os.makedirs(root, exist_ok=True)
    for prefix, count in (("train", 32), ("t10k", 16)):
        labels = rng.integers(0, 10, count).astype(np.uint8)
        images = rng.integers(0, 40, (count, 28, 28)).astype(np.uint8)
        for image, label in zip(images, labels):
            image[6:22, 12 - label:16 + label] = 220
        _write_idx(os.path.join(root, f"{prefix}-images-idx3-ubyte"), images)
        _write_idx(os.path.join(root, f"{prefix}-labels-idx1-ubyte"), labels)


def write_banana(path):
    _image(np.random.default_rng(2027), 356, 200).save(path, "JPEG", quality=90)


def write_librispeech_wav(path):
    import wave

    rate = 16000
    t = np.arange(rate) / rate
    rng = np.random.default_rng(2028)
    signal = 0.3 * np.sin(2 * np.pi * 220 * t) * np.sin(np.pi * t) + 0.02 * rng.standard_normal(rate)
    with wave.open(path, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes((signal * 32767).astype("<i2").tobytes())


#: archive name -> writer of its folder under `path`
WRITERS = {"MNIST_Data.zip": write_mnist, "cifar-10-binary.tar.gz": write_cifar10_binary,
           "ImageNetSimilar.tar.gz": write_imagenet_similar, "faces.zip": write_faces,
           "image_cat.zip": write_image_cat, "dataset.zip": write_fashion_mnist}
#: file name -> writer of the file at `path`
FILE_WRITERS = {"banana.jpg": write_banana, "84-121123-0000.wav": write_librispeech_wav}


def download(url, path="./", kind="file", replace=False, **kwargs):
    name = url.rsplit("/", 1)[-1]
    if name in FILE_WRITERS and kind == "file":
        FILE_WRITERS[name](path)
        print("Successfully downloaded file to", path)
        return path
    writer = WRITERS.get(name)
    if writer is None:
        raise ValueError(f"the offline download double has no dataset for {url!r} (it writes "
                         f"{', '.join([*WRITERS, *FILE_WRITERS])})")
    writer(path)
    print("Successfully downloaded / unzipped to", path)
    return path
