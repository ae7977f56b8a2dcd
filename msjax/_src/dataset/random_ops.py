"""The random generator of random transforms (RandomCrop, RandomHorizontalFlip, ...).

Inside a pipeline's map every row draws from its own generator, keyed by the pipeline seed
(``dataset.config.set_seed``), the map's place in the pipeline, the epoch and the row, so a
pipeline's random augmentations repeat for a given seed whatever its worker threads or processes.
Called directly (eagerly), a transform draws from its thread's generator, seeded by set_seed.
MindSpore's own random draws are not reproduced: its C++ generator differs.
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


def row_generator(node_seed: int, row: int) -> np.random.Generator:
    """The generator for one row of a pipeline's map: Philox keyed by (`node_seed`, `row`), where
    the node's seed comes from the pipeline seed, the operation's place and the epoch. A row's
    draws therefore do not depend on which worker thread or process runs it. One generator per
    thread is re-keyed for each row (far cheaper than a new one)."""
    cached = getattr(_state, "row", None)
    if cached is None:
        new = np.random.Generator(np.random.Philox(key=0))
        cached = _state.row = (new, new.bit_generator.state)
    row_rng, state = cached
    state["state"]["key"][0] = node_seed
    state["state"]["key"][1] = row
    state["state"]["counter"][:] = 0
    state["buffer_pos"] = 4  # the 4 words buffered from the old key are spent
    state["has_uint32"] = 0
    row_rng.bit_generator.state = state
    return row_rng


def use_generator(rng):
    """Make `rng` (or None: the thread's own) what `generator()` gives in this thread; returns
    the one it replaces."""
    previous = getattr(_state, "current", None)
    _state.current = rng
    return previous


def generator() -> np.random.Generator:
    """The generator random transforms draw from: the current row's inside a pipeline's map, else
    this thread's own (seeded by ``dataset.config.set_seed``)."""
    current = getattr(_state, "current", None)
    if current is not None:
        return current
    if getattr(_state, "generation", None) != _seed["generation"]:
        entropy = None if _seed["value"] is None else [_seed["value"], threading.get_ident() % 2**31]
        _state.rng = np.random.default_rng(entropy)
        _state.generation = _seed["generation"]
    return _state.rng
