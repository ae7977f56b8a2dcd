"""`mindspore.parallel.nn`'s MicroBatchInterleaved and GradAccumulation: classes of their own in
MindSpore (not nn's), doing what nn.MicroBatchInterleaved and nn.GradAccumulationCell do
(nn/micro_batch.py), with their own names in their messages."""
from __future__ import annotations

from msjax._src.nn.micro_batch import _Accumulated, _Interleaved


class MicroBatchInterleaved(_Interleaved):
    """`mindspore.parallel.nn.MicroBatchInterleaved(network, interleave_num=2)`: `0.0 +
    network(slice 0) + ... + network(slice n-1)` over equal slices of every input along axis 0."""


class GradAccumulation(_Accumulated):
    """`mindspore.parallel.nn.GradAccumulation(network, micro_size)`: `network(slice 0) + ... +
    network(slice n-1)` over `micro_size` equal slices of every input along axis 0."""

    _NAME = "GradAccumulation"
