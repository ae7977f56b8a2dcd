"""MindSpore's TypeError for an op called with an argument of a type it does not take, with the
valid calling MindSpore names (ops/primitive_callings.py), against MindSpore 2.10
(tests/goldens/scripts/failed_calling_probe.py)."""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

from msjax import Tensor, ops
from msjax.ops import operations as P
from msjax._src.ops import primitive_callings

_GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "ops"
                      / "failed_calling.json").read_text())


@pytest.mark.parametrize("record", _GOLDEN["records"], ids=lambda r: r["expr"])
def test_failed_calling_matches_mindspore(record):
    namespace = {"x": Tensor(np.ones((2, 3), np.float32)), "ops": ops, "P": P}
    with pytest.raises(Exception) as info:
        eval(record["expr"], namespace)
    assert type(info.value).__name__ == record["error"]
    assert str(info.value) == record["message"]


def test_recorded_callings_name_their_inputs():
    """The table tools/record_primitive_callings.py wrote: each entry's inputs and attributes
    with their accepted types."""
    add = primitive_callings.calling("Add")
    assert add == {"attributes": [], "inputs": [["input", ["Number", "Tensor"]],
                                                ["other", ["Number", "Tensor"]]]}
    assert primitive_callings.calling("NoSuchPrimitive") is None


def test_a_number_is_left_to_the_op():
    """MindSpore's functional forms convert many a number: a number is never the reason."""
    np.testing.assert_allclose(ops.linspace(0.0, 1.0, 3).asnumpy(), [0.0, 0.5, 1.0])
