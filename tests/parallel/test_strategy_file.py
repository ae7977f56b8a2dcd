"""Strategy files msjax writes, read by MindSpore 2.10: strategy_file_probe.py, run unchanged on
msjax, prints what MindSpore printed reading the same files (tests/goldens/parallel/
strategy_file_probe.out: every layout, merge_sliced_parameter and transform_checkpoints by them,
strategy_ckpt_config's settings and errors). The files themselves are written by msjax's compile
in checks_strategy_file.py (8 devices)."""
import pytest

from msjax._src.parallel.strategy_file import strategy_classes
from tests.golden_scripts import GOLDENS, golden_cases, run_script_on_msjax

GOLDEN = golden_cases("parallel/strategy_file_probe.out")
# MindSpore's node_strategy_pb2 prints these; msjax has no such module: read with msjax's classes
OPERATOR_LINES = {label for label in GOLDEN
                  if label == "current_stage" or label.startswith("operator ")}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("strategy_file_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - OPERATOR_LINES))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_the_operator_strategies_read_as_mindspore_read_them():
    strategy_map = strategy_classes()["ParallelStrategyMap"]()
    strategy_map.ParseFromString(
        (GOLDENS / "parallel" / "strategy_files" / "strategy.ckpt").read_bytes())
    cases = {"current_stage": str(strategy_map.current_stage)}
    for item in strategy_map.parallel_strategy_item:
        cases[f"operator {item.node_name}"] = (
            f"{item.parallel_strategys.stage} "
            f"{[list(s.dim) for s in item.parallel_strategys.parallel_strategy]}")
    assert cases == {label: GOLDEN[label] for label in OPERATOR_LINES}
