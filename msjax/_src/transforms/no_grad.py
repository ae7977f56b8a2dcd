"""`mindspore.common.api._no_grad`: a context manager and decorator under which gradients may not
be taken (MindSpore's PyNative `no_grad`)."""
from __future__ import annotations

import contextlib

from msjax._src.transforms.grad import no_grad


class _no_grad(contextlib.ContextDecorator, no_grad):  # noqa: N801 - MindSpore's name
    """`with _no_grad(): ...` or `@_no_grad()`: inside, `grad`/`value_and_grad` raise
    RuntimeError ("In no_grad context, you can not calculate gradient"); values are computed as
    usual. Each decorated call enters a context of its own (recursion and threads are safe)."""

    def _recreate_cm(self):
        return type(self)()
