"""Comparing a Primitive probe's output on msjax with MindSpore's golden: each line is
`label -> OK dtype (shape) [values] | ...` (one part per output), `label -> REPR ...` or
`label -> ErrorType message`. Dtypes, shapes, reprs and errors must be equal; values close."""
import json
import re

import numpy as np


def ok_outputs(text):
    """[(dtype, shape, values)] of an "OK ..." line."""
    outputs = []
    for part in text[3:].split(" | "):
        dtype, rest = part.split(" ", 1)
        shape, values = rest.split(") ", 1)
        values = re.sub(r"\bnan\b", "NaN", re.sub(r"\binf\b", "Infinity", values))
        outputs.append((dtype, shape + ")", np.array(json.loads(values), np.float64)))
    return outputs


def assert_same_outcome(got: str, want: str, rtol: float, atol: float, rtol16: float) -> None:
    """`got` is `want`: the same error or repr, or the same dtypes and shapes with values
    within `rtol`/`atol` (`rtol16` for Float16 results)."""
    if not want.startswith("OK "):
        assert got == want
        return
    assert got.startswith("OK "), got
    for (gdtype, gshape, gvalues), (wdtype, wshape, wvalues) in zip(
            ok_outputs(got), ok_outputs(want), strict=True):
        assert (gdtype, gshape) == (wdtype, wshape)
        np.testing.assert_allclose(gvalues, wvalues, atol=atol,
                                   rtol=rtol16 if wdtype == "Float16" else rtol)
