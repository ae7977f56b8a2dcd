"""`mindspore.dataset.vision.read_file`, `write_file` and `read_image`: a file's bytes as a uint8 array and
back, with MindSpore's errors (a bad argument's TypeError; its pipeline RuntimeError for a path
or array its C++ refuses)."""
from __future__ import annotations

import enum
import os

import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.dataset.rows import pipeline_error


def _check_filename(filename) -> None:
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")


def read_file(filename) -> np.ndarray:
    """`vision.read_file(filename)`: the file's contents as a one-dimensional uint8 array."""
    _check_filename(filename)
    if not os.path.exists(filename):
        raise pipeline_error(f"ReadFile: Invalid file path, {filename} does not exist.",
                             "ReadFile")
    if not os.path.isfile(filename):
        raise pipeline_error(f"ReadFile: Invalid file path, {filename} is not a regular file.",
                             "ReadFile")
    with open(filename, "rb") as file:
        return np.frombuffer(file.read(), np.uint8).copy()


def write_file(filename, data) -> None:
    """`vision.write_file(filename, data)`: writes a one-dimensional uint8 array (or Tensor)
    as the file's contents. Refused data leaves the file as it was."""
    _check_filename(filename)
    if isinstance(data, Tensor):
        data = data.asnumpy()
    elif not isinstance(data, np.ndarray):
        raise TypeError(f"Input data is not of type {np.ndarray} or {Tensor}, but got: "
                        f"{type(data)}.")
    if os.path.exists(filename) and not os.path.isfile(filename):
        raise pipeline_error(f"WriteFile: Invalid file path, {filename} is not a regular file.",
                             "WriteFile")
    if data.dtype != np.uint8:
        raise pipeline_error(f"WriteFile: The type of the elements of data should be UINT8, but "
                             f"got {data.dtype}.", "WriteFile")
    if data.ndim != 1:
        raise pipeline_error(f"WriteFile: The data has invalid dimensions. It should have only "
                             f"one dimension, but got {data.ndim} dimensions.", "WriteFile")
    try:
        with open(filename, "wb") as file:
            file.write(data.tobytes())
    except FileNotFoundError:
        raise pipeline_error("No such file or directory", "WriteFile") from None


class ImageReadMode(enum.IntEnum):
    """`mindspore.dataset.vision.ImageReadMode`: how `read_image` decodes."""
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


def read_image(filename, mode=ImageReadMode.UNCHANGED) -> np.ndarray:
    """`vision.read_image(filename, mode=ImageReadMode.UNCHANGED)`: a JPEG, PNG, BMP or TIFF file
    decoded (with Pillow) to an (H, W, C) uint8 array: a grey image's one channel or RGB
    (UNCHANGED: alpha dropped), one grey channel (GRAYSCALE) or RGB (COLOR). Other formats (GIF) are refused, as MindSpore's
    OpenCV-based reader refuses them."""
    _check_filename(filename)
    if not isinstance(mode, ImageReadMode):
        raise TypeError(f"Input mode is not of type {ImageReadMode}, but got: {type(mode)}.")
    if not os.path.exists(filename):
        raise pipeline_error(f"ReadImage: Invalid file path, {filename} does not exist.",
                             "ReadImage")
    if not os.path.isfile(filename):
        raise pipeline_error(f"ReadImage: Invalid file path, {filename} is not a regular file.",
                             "ReadImage")
    from PIL import Image, UnidentifiedImageError  # pylint: disable=import-outside-toplevel
    try:
        with Image.open(filename) as image:
            if image.format not in _READ_IMAGE_FORMATS:
                raise OSError(image.format)
            converted = _read_mode_image(image, mode)
    except (UnidentifiedImageError, OSError):
        raise pipeline_error(f"ReadImage: Failed to read file {filename}", "ReadImage") from None
    array = np.asarray(converted)
    return array[..., None] if array.ndim == 2 else array


_READ_IMAGE_FORMATS = {"JPEG", "PNG", "BMP", "TIFF"}


def _read_mode_image(image, mode):
    if mode == ImageReadMode.GRAYSCALE:
        return image.convert("L")
    if mode == ImageReadMode.COLOR or image.mode != "L":
        return image.convert("RGB")  # MindSpore's reader drops an alpha channel
    return image.copy()
