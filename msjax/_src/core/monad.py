"""`mindspore.common._monad`: `U` and `IO`, the markers of MindSpore's graph IR for an ordering
on memory (`U`, UMonad) and on input/output (`IO`, IOMonad). Code passes them to `ops.depend`
(`depend(x, U)`); msjax's programs are ordered by JAX's data flow, so there they are values
`depend` accepts and ignores, as MindSpore's results are unchanged by them."""
from __future__ import annotations


class UMonad:
    """`mindspore._c_expression.UMonad`: the memory-ordering marker (`_monad.U`)."""

    __slots__ = ()


class IOMonad:
    """`mindspore._c_expression.IOMonad`: the input/output-ordering marker (`_monad.IO`)."""

    __slots__ = ()


U = UMonad()
IO = IOMonad()
