"""MindSpore's text of a Python value's type, as its argument errors print it."""
from __future__ import annotations

from msjax._src.core.tensor import Tensor


def type_of(value):
    """MindSpore's text of a value's type in its argument errors: `Tensor[Float32]`, `Int64`,
    `Float32`, `Bool`, `String`, `None`, `External` (any other object); a tuple or list as
    `Tuple[...]`/`List[...]` with its elements joined by ',' and each run of equal types as
    `T*N` (`Tuple[Tensor[Float32]*2,Int64]`; tests/goldens/scripts/type_text_probe.py)."""
    if isinstance(value, Tensor):
        return f"Tensor[{value.dtype}]"
    if isinstance(value, (tuple, list)):
        kind = "Tuple" if isinstance(value, tuple) else "List"
        runs: list = []  # [type text, count]
        for text in map(type_of, value):
            if runs and runs[-1][0] == text:
                runs[-1][1] += 1
            else:
                runs.append([text, 1])
        return f"{kind}[{','.join(t if n == 1 else f'{t}*{n}' for t, n in runs)}]"
    if isinstance(value, bool):
        return "Bool"
    if value is None:
        return "None"
    return {int: "Int64", float: "Float32", str: "String"}.get(type(value), "External")
