"""`mindspore.log` and the private `mindspore.parallel` helpers real training scripts import."""
import logging
import os
import re
import subprocess
import sys

import pytest

import msjax
from msjax import log as logger
from tests.golden_scripts import GOLDENS, golden_cases, parse_lines
from msjax._src.parallel import parallel_context

# What MindSpore 2.10 printed for `logger.critical("crit")` (the oracle, GLOG_v=3).
MINDSPORE_LINE = ("[CRITICAL] ME(11671:140161761725312,MainProcess):2026-11-24-15:06:15.591.000 "
                  "[/tmp/tmp.ZKPQiRZtB7/log.py:10] crit")
LINE = re.compile(r"^\[(DEBUG|INFO|WARNING|ERROR|CRITICAL)\] ME\(\d+:\d+,MainProcess\):"
                  r"\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} \[(.+):(\d+)\] (.*)$")


def test_lines_have_mindspores_format(capsys):
    assert LINE.match(MINDSPORE_LINE)
    saved = logger.GLOBAL_LOGGER.level
    logger.GLOBAL_LOGGER.setLevel(logging.WARNING)  # whatever GLOG_v the suite runs with
    try:
        logger.warning("a warning %s", 5)
        logger.error("an error")
    finally:
        logger.GLOBAL_LOGGER.setLevel(saved)
    lines = capsys.readouterr().err.strip().splitlines()
    matches = [LINE.match(line) for line in lines]
    assert [(m.group(1), m.group(4)) for m in matches] == [("WARNING", "a warning 5"),
                                                           ("ERROR", "an error")]
    assert matches[0].group(2) == __file__  # the caller's file and line, not the logger's


def test_level_comes_from_glog_v():
    script = ("from msjax import log as logger\n"
              "logger.info('shown at 1'); logger.debug('hidden at 1'); logger.warning('w')\n"
              "print(logger.get_level(), logger.get_log_config())\n")
    env = dict(os.environ, GLOG_v="1")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "1 {'GLOG_v': '1', 'GLOG_logtostderr': '1'}"
    levels = [LINE.match(line).group(1) for line in done.stderr.strip().splitlines()]
    assert levels == ["INFO", "WARNING"]
    bad = subprocess.run([sys.executable, "-c", "import msjax.log"], capture_output=True,
                         text=True, env=dict(os.environ, GLOG_v="9"))
    assert bad.returncode != 0 and "Incorrect log level, please check the configuration of GLOG_v" in bad.stderr


def test_private_parallel_helpers_read_the_context():
    from msjax.parallel._auto_parallel_context import auto_parallel_context
    from msjax.parallel._utils import (_get_device_num, _get_enable_parallel_optimizer,
                                       _get_gradients_mean, _get_parallel_mode,
                                       _get_pipeline_stages)
    try:
        assert (_get_device_num(), _get_gradients_mean(), _get_parallel_mode()) == (
            1, False, "stand_alone")
        msjax.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True,
                                        device_num=4)
        # What MindSpore 2.10 returned for the same context (the oracle).
        assert (_get_device_num(), _get_gradients_mean(), _get_parallel_mode(),
                _get_enable_parallel_optimizer(), _get_pipeline_stages()) == (
            4, True, "data_parallel", False, 1)
        context = auto_parallel_context()
        assert (context.get_device_num(), context.get_gradients_mean(),
                context.get_parallel_mode(), context.get_global_rank(),
                context.get_full_batch()) == (4, True, "data_parallel", 0, False)
    finally:
        parallel_context.reset_auto_parallel_context()


def test_info_and_debug_are_below_the_default_level(capsys):
    saved = logger.GLOBAL_LOGGER.level
    logger.GLOBAL_LOGGER.setLevel(logging.WARNING)  # GLOG_v=2, the default
    try:
        logger.info("not shown at level 2")
        logger.debug("not shown either")
        assert capsys.readouterr().err == ""
        logger.GLOBAL_LOGGER.setLevel(logging.DEBUG)  # as GLOG_v=0 sets
        logger.info("shown %d", 1)
        logger.debug("shown %d", 2)
        logger.critical("shown %d", 3)
        lines = capsys.readouterr().err.strip().splitlines()
        assert [(LINE.match(x).group(1), LINE.match(x).group(4)) for x in lines] == [
            ("INFO", "shown 1"), ("DEBUG", "shown 2"), ("CRITICAL", "shown 3")]
        assert logger.get_level() == "0"
    finally:
        logger.GLOBAL_LOGGER.setLevel(saved)


LOG_GOLDEN = golden_cases("api/log_config_probe.out")


@pytest.fixture(scope="module")
def log_probe_cases():
    """tests/goldens/scripts/log_config_probe.py run on msjax, in a process of its own (it changes
    the environment and rebuilds the logger)."""
    script = ("import msjax.compat, runpy; msjax.compat.install(force=True); "
              f"runpy.run_path({str(GOLDENS / 'scripts' / 'log_config_probe.py')!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    return parse_lines(done.stdout)


@pytest.mark.parametrize("label", sorted(LOG_GOLDEN))
def test_log_settings_match_mindspore(label, log_probe_cases):
    assert log_probe_cases.get(label) == LOG_GOLDEN[label]


def test_file_logging_rotates_as_set(tmp_path):
    """GLOG_logtostderr=0: MindSpore's line format in GLOG_log_dir/rank_0/logs/mindspore.log.<pid>,
    rotated at logger_maxBytes into logger_backupCount more files."""
    script = ("from msjax import log as logger\n"
              "for i in range(100): logger.warning('test log message warning %r', i)\n")
    env = dict(os.environ, GLOG_v="2", GLOG_logtostderr="0", GLOG_log_dir=str(tmp_path),
               logger_maxBytes="1000", logger_backupCount="10")
    subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, check=True)
    logs = tmp_path / "rank_0" / "logs"
    names = sorted(os.listdir(logs))
    assert len(names) == 11 and all(name.startswith("mindspore.log.") for name in names)
    newest = min(names, key=len)
    line = (logs / newest).read_text().splitlines()[-1]
    assert LINE.match(line).group(1, 4) == ("WARNING", "test log message warning 99")
