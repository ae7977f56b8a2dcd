"""MindSpore's handles on its bytecode JIT (PIJit): `mindspore.common._pijit_context`'s
`PIJitCaptureContext` and `mindspore._c_expression.get_code_extra`.

msjax has no bytecode JIT: `jit(capture_mode="bytecode")` traces the function with JAX, as the
"trace" mode does (transforms/jit.py). `PIJitCaptureContext(fullgraph, jit_config)(fn)` is that
compile of `fn`; `get_code_extra` reads PIJit's per-code-object record of what it compiled, and
msjax keeps none, so it gives None for every function, as MindSpore does for a function its
bytecode JIT has not compiled (docs/migration.md).
"""
from __future__ import annotations

import types

from msjax._src.transforms.jit import jit


class PIJitCaptureContext:
    """`PIJitCaptureContext(fullgraph=False, jit_config=None)`: called on a function, that
    function compiled as `jit(capture_mode="bytecode", fullgraph=fullgraph)` compiles it."""

    def __init__(self, fullgraph=False, jit_config=None):
        if not isinstance(fullgraph, bool):
            raise TypeError(f"For 'PIJitCaptureContext', 'fullgraph' must be a bool, but got "
                            f"{fullgraph!r} of type {type(fullgraph).__name__}.")
        if jit_config is not None and not isinstance(jit_config, dict):
            raise TypeError(f"For 'PIJitCaptureContext', 'jit_config' must be a dict or None, "
                            f"but got {type(jit_config).__name__}.")
        self.config = {"fullgraph": fullgraph, **(jit_config or {})}

    def __call__(self, fn):
        if not callable(fn):
            raise TypeError(f"PIJitCaptureContext decorates a function, but got "
                            f"{type(fn).__name__}.")
        return jit(fn, capture_mode="bytecode", fullgraph=self.config["fullgraph"])


def get_code_extra(code):
    """PIJit's record of what it compiled for `code` (a function or code object), or None:
    msjax compiles no bytecode, so none exists."""
    if not (callable(code) or isinstance(code, types.CodeType)):
        raise TypeError(f"get_code_extra takes a function or a code object, but got "
                        f"{type(code).__name__}.")
    return None
