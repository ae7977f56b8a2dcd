"""Comparing a probe script's cases run on msjax with MindSpore's recorded ones."""
from __future__ import annotations

import json

import numpy as np


def assert_same(label, ours, theirs, rtol=1e-5, atol=1e-6):
    """Equal structure and strings; numbers equal within the tolerance (float32 rounding)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), (label, ours, theirs)
        for key in theirs:
            assert_same(f"{label}[{key}]", ours[key], theirs[key], rtol, atol)
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), (label, ours, theirs)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            assert_same(f"{label}[{i}]", a, b, rtol, atol)
    elif isinstance(theirs, bool) or theirs is None or isinstance(theirs, str):
        assert ours == theirs, (label, ours, theirs)
    else:
        np.testing.assert_allclose(ours, theirs, rtol=rtol, atol=atol, err_msg=label)


def compare_case(label, ours_text, theirs_text, **tolerance):
    assert_same(label, json.loads(ours_text), json.loads(theirs_text), **tolerance)
