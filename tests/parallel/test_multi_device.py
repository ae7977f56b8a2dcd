"""pmap, the collectives, data-parallel training, semi-auto parallel and strategy files on 8 host
devices: the checks of the checks_*.py modules below, run in a subprocess whose JAX has 8 CPU
devices (see support.py), one test here per check function."""
import pytest

from tests.parallel.support import check_names, run_checks

MODULES = ["checks_pmap.py", "checks_data_parallel.py", "checks_sync_batchnorm.py",
           "checks_comm_func.py", "checks_semi_auto.py", "checks_strategy_file.py"]


@pytest.fixture(scope="module")
def results():
    return {}


@pytest.mark.parametrize("module, check", [(m, c) for m in MODULES for c in check_names(m)])
def test_on_8_devices(module, check, results):
    if module not in results:
        results[module] = run_checks(module)
    result = results[module][check]
    assert not result.failures, "\n\n".join(result.failures)
    if result.xfailed:
        pytest.xfail("; ".join(result.xfailed))
