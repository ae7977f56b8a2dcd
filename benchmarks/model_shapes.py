"""Architecture tables both sides of benchmarks/models.py build from (`models_msjax.py` with
msjax Cells, `models_jax.py` with Flax NNX), so the two always build the same network. Plain
Python: importing it loads neither msjax nor Flax."""

MOBILENET_V3_SMALL = [  # kernel, expansion, out, squeeze-excite, hard-swish, stride
    (3, 16, 16, True, False, 2), (3, 72, 24, False, False, 2), (3, 88, 24, False, False, 1),
    (5, 96, 40, True, True, 2), (5, 240, 40, True, True, 1), (5, 240, 40, True, True, 1),
    (5, 120, 48, True, True, 1), (5, 144, 48, True, True, 1), (5, 288, 96, True, True, 2),
    (5, 576, 96, True, True, 1), (5, 576, 96, True, True, 1)]


def make_divisible(value, divisor=8):
    """MobileNet's channel rounding: the nearest multiple of `divisor`, at least `divisor`."""
    return max(divisor, int(value + divisor / 2) // divisor * divisor)
