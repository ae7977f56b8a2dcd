"""The data and the CNN of dp_canonical.py, shared with its reference
(data_parallel_reference.py)."""
import numpy as np

from msjax import nn

GLOBAL_BATCH, ROWS, LR, EPOCHS = 16, 64, 0.1, 2
_rng = np.random.default_rng(0)
LINEAR_X = _rng.standard_normal((ROWS, 3)).astype(np.float32)
LINEAR_Y = (LINEAR_X @ np.array([[1.0], [-2.0], [3.0]], np.float32) + 0.5).astype(np.float32)
IMAGES = _rng.standard_normal((32, 1, 8, 8)).astype(np.float32)
LABELS = _rng.integers(0, 3, 32).astype(np.int32)


class SmallCNN(nn.Cell):
    """Conv2d, BatchNorm2d, ReLU, Dense: 3 classes of 8x8 images."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, pad_mode="same")
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(4 * 8 * 8, 3)

    def construct(self, x):
        return self.dense(self.flatten(self.relu(self.bn(self.conv(x)))))
