"""Graph-mode composites (MultitypeFuncGraph, HyperMap, Map, partial, select, depend), Parameter
writes in program order inside GRAPH_MODE, and jit's caching rule: MindSpore's probe script run
unchanged on msjax prints what MindSpore 2.10 printed (tests/goldens/transforms/composite_probe.out).
"""
import pytest

import msjax
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/composite_probe.out")
# The no-match message lists the registered functions with their memory addresses: compare the
# exception type and the text before them.
PREFIX_ONLY = {"multitype no match": "ERR ValueError | For 'MultitypeFuncGraph', cannot find fn "
                                     "match given args. Got (sigs, fn): "}


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("composite_probe.py")
    finally:
        msjax.set_context(mode=msjax.PYNATIVE_MODE)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_composite_case_matches_mindspore(label, msjax_cases):
    if label in PREFIX_ONLY:
        assert GOLDEN[label].startswith(PREFIX_ONLY[label])
        assert msjax_cases[label].startswith(PREFIX_ONLY[label])
    else:
        assert msjax_cases.get(label) == GOLDEN[label]
