"""The random generator of random transforms (RandomCrop, RandomHorizontalFlip, ...).

Seeded by ``dataset.config.set_seed``, so a pipeline's random augmentations repeat for a given
seed (MindSpore's own random draws are not reproduced: its C++ generator differs).
"""
from __future__ import annotations

import threading

import numpy as np

_state = threading.local()
_seed = {"value": None, "generation": 0}


def reseed(seed: int) -> None:
    """Start every thread's generator afresh from `seed`."""
    _seed["value"] = seed
    _seed["generation"] += 1


def generator() -> np.random.Generator:
    """This thread's generator (threads of one pipeline draw independent streams)."""
    if getattr(_state, "generation", None) != _seed["generation"]:
        entropy = None if _seed["value"] is None else [_seed["value"], threading.get_ident() % 2**31]
        _state.rng = np.random.default_rng(entropy)
        _state.generation = _seed["generation"]
    return _state.rng
