"""MindSpore 2.10's `mindspore.log` settings from the environment (GLOG_v, GLOG_logtostderr, GLOG_log_dir,
logger_maxBytes, logger_backupCount, GLOG_stderrthreshold): get_level, get_log_config, the checks of
_verify_config, and the logger built again after `GLOBAL_LOGGER = None` (gen6b sample of its unit tests,
issue #25). Printed `label -> RESULT`; tests/api/test_log_and_parallel_helpers.py runs it unchanged on msjax
(in a subprocess: it changes the environment). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/log_config_probe.py \\
        | grep -- " -> " > tests/goldens/api/log_config_probe.out
"""
import os
import tempfile

from mindspore import log as logger

LOG_DIR = tempfile.mkdtemp()
def clear():
    if logger.GLOBAL_LOGGER:
        for h in logger.GLOBAL_LOGGER.handlers:
            logger.GLOBAL_LOGGER.removeHandler(h)
        logger.GLOBAL_LOGGER = None
def rm():
    for e in ['GLOG_v', 'GLOG_logtostderr', 'GLOG_log_dir', 'logger_maxBytes', 'logger_backupCount', 'GLOG_stderrthreshold']:
        os.environ.pop(e, None)
def show(label, f):
    try: r = repr(f())
    except Exception as e: r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {r}")
rm(); clear()
show("default config", logger.get_log_config)
show("default level", logger.get_level)
rm(); os.environ['GLOG_v'] = '0'; clear()
show("GLOG_v 0", logger.get_level)
rm(); os.environ.update(GLOG_v='3', GLOG_logtostderr='0', GLOG_log_dir=LOG_DIR + '/', logger_maxBytes='1000', logger_backupCount='10'); clear()
logger.info("x")
show("file config", lambda: {k: v.replace(LOG_DIR, "LOG_DIR") if isinstance(v, str) else v for k, v in logger.get_log_config().items()})
for env in [dict(GLOG_v='test'), dict(GLOG_v='100'), dict(GLOG_logtostderr='test'), dict(GLOG_logtostderr='6'), dict(GLOG_logtostderr='0'), dict(GLOG_logtostderr='0', logger_maxBytes='test', GLOG_log_dir=LOG_DIR), dict(GLOG_logtostderr='0', logger_maxBytes='-1', GLOG_log_dir=LOG_DIR), dict(GLOG_logtostderr='0', logger_backupCount='x', GLOG_log_dir=LOG_DIR), dict(GLOG_stderrthreshold='7'), dict(GLOG_v=' 1 ')]:
    rm(); os.environ.update(env)
    show(f"env {dict((k, 'LOG_DIR' if k == 'GLOG_log_dir' else v) for k, v in env.items())}", lambda: (logger._get_env_config(), logger._verify_config(logger._get_env_config())))
rm(); clear()
show("after reset", logger.get_log_config)
