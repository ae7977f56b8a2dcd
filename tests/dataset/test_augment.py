"""vision.RandomAffine / RandomErasing / RandomSelectSubpolicy against MindSpore 2.10.

tests/goldens/scripts/dataset_augment_probe.py runs unchanged on msjax; deterministic cases (fixed
parameter ranges, probabilities 0 or 1) must give MindSpore's values (goldens:
tests/goldens/dataset/augment_probe.txt). NEAREST affine warps are exact; the bilinear one may
differ by a grey level or so (OpenCV's fixed-point weights). Random draws are checked for their
properties (MindSpore's generator is not reproduced).
"""
import json
import re

import numpy as np
import pytest

from msjax.dataset import config
from msjax.dataset import vision
from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("dataset/augment_probe.txt")
# OpenCV's fixed-point arithmetic: a grey level or so allowed.
BILINEAR = {"RandomAffine bilinear", "RandomAffine bicubic", "GaussianBlur 3", "GaussianBlur sigma", "GaussianBlur gray"}


def _error_sentence(message):
    """The first line and the ``[ERROR]`` sentence, without MindSpore's C++ call stack."""
    sentence = re.search(r"\[ERROR\] (.*)", message)
    return message.splitlines()[0].strip(), sentence and sentence.group(1).strip()


@pytest.fixture(scope="module")
def msjax_results():
    return run_script_on_msjax("dataset_augment_probe.py")


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_augment_matches_mindspore(label, msjax_results):
    want, got = json.loads(EXPECTED[label]), json.loads(msjax_results[label])
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), label
        for want_column, got_column in zip(want, got):
            assert want_column == got_column if isinstance(want_column, str) else \
                (got_column["dtype"], got_column["shape"], got_column["values"]) == \
                (want_column["dtype"], want_column["shape"], want_column["values"]), label
        return
    if "error" in want:
        assert got["error"] == want["error"], label
        assert _error_sentence(got["message"]) == _error_sentence(want["message"]), label
        return
    assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"])
    if label in BILINEAR:
        difference = np.abs(np.asarray(got["values"], float) - np.asarray(want["values"], float))
        assert difference.max() <= 1 and np.mean(difference > 0) < 0.3, (label, difference.max())
    else:
        np.testing.assert_allclose(got["values"], want["values"], atol=1e-5, rtol=0, err_msg=label)


def test_random_erasing_erases_one_rectangle_within_scale():
    config.set_seed(3)
    image = np.ones((3, 20, 30), np.float32)
    out = vision.RandomErasing(prob=1.0, scale=(0.1, 0.2), ratio=(0.5, 2.0), value=(5, 6, 7))(image)
    assert np.array_equal(image, np.ones((3, 20, 30), np.float32)), "input changed (inplace=False)"
    erased = out[0] == 5
    rows, cols = np.nonzero(erased)
    box = (rows.min(), rows.max() + 1, cols.min(), cols.max() + 1)
    assert erased[box[0]:box[1], box[2]:box[3]].all(), "erased area is not one rectangle"
    assert 0.1 * 600 * 0.8 <= erased.sum() <= 0.2 * 600 * 1.2
    assert (out[1][erased] == 6).all() and (out[2][erased] == 7).all()
    assert (out[:, ~erased] == 1).all()


def test_random_draws_repeat_for_a_seed_and_vary_between_calls():
    image = ((np.arange(16 * 16 * 3).reshape(16, 16, 3) * 7) % 256).astype(np.uint8)
    affine = vision.RandomAffine(40, translate=(0.2, 0.2), scale=(0.7, 1.3), shear=10)
    config.set_seed(11)
    first = [affine(image) for _ in range(3)]
    config.set_seed(11)
    second = [affine(image) for _ in range(3)]
    assert all(np.array_equal(a, b) for a, b in zip(first, second))
    assert not np.array_equal(first[0], first[1])


def test_random_select_subpolicy_picks_one_sub_policy():
    config.set_seed(5)
    image = np.full((4, 4, 3), 10, np.uint8)
    policy = vision.RandomSelectSubpolicy([[(vision.Invert(), 1.0)],
                                           [(vision.RandomAffine(0, scale=(1, 1)), 1.0)]])
    seen = {int(policy(image)[0, 0, 0]) for _ in range(40)}
    assert seen == {10, 245}


def test_bad_arguments_raise():
    with pytest.raises(TypeError, match="policy"):
        vision.RandomSelectSubpolicy([])
    with pytest.raises(ValueError, match="translate"):
        vision.RandomAffine(0, translate=(2.0, 2.0))
    with pytest.raises(RuntimeError, match="RandomErasing"):
        vision.RandomErasing(prob=1.0)(np.zeros((4, 4), np.float32))
