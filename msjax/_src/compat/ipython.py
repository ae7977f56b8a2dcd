"""`%load_ext msjax`: `import mindspore` loads msjax for the rest of an IPython session.

IPython calls `load_ipython_extension` of the module named in `%load_ext`; msjax re-exports it
from `msjax` and `msjax.compat`, so `%load_ext msjax` works in any IPython kernel or shell.
"""
from __future__ import annotations

import sys

from msjax._src.compat.alias import install, uninstall


def load_ipython_extension(ipython) -> None:
    """Installs the `mindspore` → msjax import alias in this IPython session.

    Raises:
      RuntimeError: real MindSpore was already imported in this session, so `import mindspore`
        would keep returning it.
    """
    loaded = sys.modules.get("mindspore")
    if loaded is not None and getattr(loaded, "__msjax__", None) is None:
        raise RuntimeError(
            "%load_ext msjax: `mindspore` is already imported in this session (from "
            f"{getattr(loaded, '__file__', '?')}), so `import mindspore` would keep returning "
            "it. Restart the kernel and run `%load_ext msjax` before `import mindspore`.")
    install(force=True)


def unload_ipython_extension(ipython) -> None:
    """Removes the alias; `mindspore` modules already imported from msjax are forgotten."""
    uninstall()
