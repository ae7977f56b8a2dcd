"""mindspore.dataset.transforms' generic transforms against MindSpore 2.10.

tests/goldens/scripts/ds19a_generic_transforms_probe.py runs unchanged on msjax: Concatenate,
PadEnd, Fill, Slice, TypeCast, OneHot, Mask, Duplicate and Unique, eagerly and inside ``map``.
Every case must print exactly what MindSpore printed (tests/goldens/dataset/
ds19a_generic_transforms_probe.out): dtype, shape and values (exact: these transforms copy,
cast and compare, no arithmetic beyond OneHot's smoothing, whose float64 values print the same),
and for bad input the exception type and MindSpore's message (its ``[ERROR]`` sentence).
"""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDENS = golden_cases("dataset/ds19a_generic_transforms_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDENS))
def test_generic_transform_case_matches_mindspore(label):
    assert dataset_script_cases("ds19a_generic_transforms_probe.py").get(label) == GOLDENS[label]
