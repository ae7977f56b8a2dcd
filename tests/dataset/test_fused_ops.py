"""The map's speed paths give exactly what the transforms give one by one: Normalize + HWC2CHW
fused into one table lookup, RandomCrop with constant padding cropped without the padded copy."""
import numpy as np
import pytest

import msjax.dataset as ds
from msjax.dataset import vision
from msjax._src.dataset import random_ops
from msjax._src.dataset.fused_ops import NormalizeHWC2CHW, fuse_operations
from msjax._src.dataset.vision import _crop, pad_image

MEAN, STD = [125.3, 123.0, 113.9], [63.0, 62.1, 66.7]


def _map_output(images, operations):
    dataset = ds.NumpySlicesDataset({"image": images}, shuffle=False).map(operations, "image")
    return np.stack([row[0] for row in dataset.create_tuple_iterator(output_numpy=True)])


def test_only_normalize_then_hwc2chw_is_fused():
    normalize, to_chw = vision.Normalize(MEAN, STD), vision.HWC2CHW()
    fused = fuse_operations([vision.HorizontalFlip(), normalize, to_chw, normalize])
    assert [type(op).__name__ for op in fused] == ["HorizontalFlip", "NormalizeHWC2CHW", "Normalize"]
    assert fuse_operations([to_chw, normalize]) == [to_chw, normalize]
    chw_normalize = vision.Normalize(MEAN, STD, is_hwc=False)
    assert fuse_operations([chw_normalize, to_chw]) == [chw_normalize, to_chw]


@pytest.mark.parametrize("shape, dtype, mean, std", [
    ((4, 9, 7, 3), np.uint8, MEAN, STD),
    ((3, 5, 4, 1), np.uint8, [12.5], [3.1]),
    ((3, 5, 4, 3), np.uint8, [0.0], [255.0]),
    ((3, 6, 5, 3), np.float32, MEAN, STD),
])
def test_fused_map_gives_the_transforms_values_bit_for_bit(shape, dtype, mean, std):
    rng = np.random.default_rng(0)
    images = (rng.integers(0, 256, shape).astype(dtype) if dtype == np.uint8
              else rng.random(shape, dtype) * 255)
    normalize, to_chw = vision.Normalize(mean, std), vision.HWC2CHW()
    expected = np.stack([to_chw(normalize(image)) for image in images])
    got = _map_output(images, [normalize, to_chw])
    assert got.dtype == np.float32 and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
    direct = NormalizeHWC2CHW(normalize, to_chw)(images[0])
    assert direct.flags.c_contiguous
    np.testing.assert_array_equal(direct, expected[0])


def test_fused_map_errors_name_the_transform_that_failed():
    images = np.zeros((2, 4, 4, 3), np.uint8)
    with pytest.raises(RuntimeError, match=r"map operation: \[Normalize\] failed\. Normalize: "
                                           r"number of channels does not match"):
        _map_output(images, [vision.Normalize([1.0, 2.0], [1.0, 1.0]), vision.HWC2CHW()])
    rank4 = np.zeros((2, 1, 4, 4, 3), np.uint8)
    with pytest.raises(RuntimeError, match=r"map operation: \[HWC2CHW\] failed\. HWC2CHW: image "
                                           r"shape should be <H,W> or <H,W,C>, but got rank: 4"):
        _map_output(rank4, [vision.Normalize(MEAN, STD), vision.HWC2CHW()])


def _pad_then_crop(image, size, padding, fill_value):
    padded = pad_image(image, padding, fill_value)
    rng = random_ops.generator()
    top = int(rng.integers(0, padded.shape[0] - size[0] + 1))
    left = int(rng.integers(0, padded.shape[1] - size[1] + 1))
    return _crop(padded, top, left, *size)


def test_random_crop_with_constant_padding_equals_padding_then_cropping():
    rng = np.random.default_rng(1)
    for trial in range(60):
        height, width = (int(v) for v in rng.integers(1, 10, 2))
        shape = (height, width) + ((), (1,), (3,))[trial % 3]
        image = rng.integers(0, 256, shape).astype((np.uint8, np.float32)[trial % 2])
        padding = tuple(int(v) for v in rng.integers(0, 5, 4))
        size = (int(rng.integers(1, height + padding[1] + padding[3] + 1)),
                int(rng.integers(1, width + padding[0] + padding[2] + 1)))
        random_ops.reseed(trial)
        got = vision.RandomCrop(size, padding=list(padding), fill_value=7)(image)
        random_ops.reseed(trial)
        expected = _pad_then_crop(image, size, padding, 7)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)


def test_random_crop_bigger_than_the_padded_image_is_refused():
    with pytest.raises(RuntimeError, match="RandomCrop: invalid crop size, crop size is bigger than "
                                           "the image dimensions, got crop height: 9, crop width: 2"):
        vision.RandomCrop((9, 2), padding=1)(np.zeros((6, 6, 3), np.uint8))
