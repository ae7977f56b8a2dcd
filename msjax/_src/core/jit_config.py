"""`mindspore.JitConfig`: the compile options of a Cell's graph (`Cell.set_jit_config`).

MindSpore chooses its graph compiler's level (`jit_level` 'O0'/'O1' kernel-by-kernel, 'O2' whole
graph sunk to the device), execution mode, syntax strictness and debug level here. msjax compiles
every graph with XLA, which always fuses and optimises the whole program and runs it on the device:
the options are checked as MindSpore 2.10 checks them and kept (`jit_config_dict`, and the Cell's
`jit_config_dict` after `set_jit_config`), but do not change how XLA compiles. `data_sink` and
`mindspore.jit` take one as MindSpore's do.
"""
from __future__ import annotations

from msjax._src.core import log


class JitConfig:
    """`mindspore.JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='',
    debug_level='RELEASE', infer_boost='off', **kwargs)`.

    Example:
        >>> net.set_jit_config(JitConfig(jit_level="O1"))
    """

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        kwargs.pop("suppress_infer_boost_warning", None)
        if jit_level not in ["", "O0", "O1", "O2"]:
            raise ValueError("For 'jit_level' must be one of ['O0', 'O1', 'O2'].")
        if exc_mode not in ["auto", "sink", "no_sink"]:
            raise ValueError("For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'.")
        if jit_syntax_level != "" and jit_syntax_level not in ["STRICT", "COMPATIBLE", "LAX"]:
            raise ValueError("For 'jit_syntax_level' must be one of '['STRICT', 'LAX']'.")
        if debug_level not in ["RELEASE", "DEBUG"]:
            raise ValueError("For 'debug_level' must be one of '['RELEASE', 'DEBUG']'.")
        if infer_boost != "" and infer_boost not in ["on", "off"]:
            raise ValueError("For 'infer_boost' must be one of '['on', 'off']'.")
        self.jit_config_dict = kwargs
        self.jit_config_dict.update(jit_level=jit_level, exc_mode=exc_mode,
                                    jit_syntax_level=jit_syntax_level, debug_level=debug_level,
                                    infer_boost=infer_boost)
        if "backend" not in self.jit_config_dict:
            if jit_level in ["O0", "O1"]:
                self.jit_config_dict["backend"] = "ms_backend"
            elif jit_level == "O2":
                self.jit_config_dict["backend"] = "GE"


def set_cell_jit_config(cell, jit_config) -> None:
    """`Cell.set_jit_config`: kept once, as MindSpore (a second call is ignored with its
    warning)."""
    if cell.__dict__.get("_jit_config_dict"):
        log.warning("For Cell, jit config can only be set once, ignore this setting.")
    else:
        object.__setattr__(cell, "_jit_config_dict", jit_config.jit_config_dict)
