"""Rows as MindSpore's pipelines hold them, and the errors MindSpore's pipelines raise.

A row is a tuple of NumPy arrays, one per column. Python values become arrays as MindSpore converts
them: ``int`` Int64, ``float`` Float64, ``bool`` Bool, ``str`` a NumPy string array; NumPy values
keep their dtype; a msjax Tensor gives its array. A Python ``dict`` is kept as it is, by reference
(MindSpore's "Python object" columns), held in a 0-d object array: map functions and
``per_batch_map`` are given the dict itself, ``batch`` stacks its values key by key, and the
iterators convert its values (`python_dict`, `dict_column`).
"""
from __future__ import annotations

import traceback
import weakref

import numpy as np

_RULE = "-" * 66
# MindSpore's first lines of its pipeline errors end with a space
PIPELINE_HEADER = "Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
USER_CODE_HEADER = "Exception thrown from user defined Python function in dataset. "
USER_CODE_FAILED = "Execute user Python code failed, check 'Python Call Stack' above."


def _marked(error: RuntimeError, message: str | None = None) -> RuntimeError:
    error.raised_by_pipeline = True
    error.pipeline_message = message
    return error


SYNTAX_HEADER = "Syntax error. "


def pipeline_error(message: str, operation: str, header: str = PIPELINE_HEADER) -> RuntimeError:
    """MindSpore's RuntimeError for a pipeline that cannot run: `message` is MindSpore's
    ``[ERROR]`` sentence, `operation` the pipeline operation that raised it."""
    return _marked(RuntimeError(
        f"{header}\n{_RULE}\n- Dataset Pipeline Error Message: \n{_RULE}\n"
        f"[ERROR] {message}\n{_RULE}\n- msjax operation: \n{_RULE}\n{operation}"), message)


def syntax_error(message: str, operation: str) -> RuntimeError:
    """MindSpore's RuntimeError for an operation whose arguments its C++ layer refuses when the
    operation is built ("Syntax error."); a map raises it unchanged, not as the map's failure."""
    error = pipeline_error(message, operation, SYNTAX_HEADER)
    error.pipeline_message = None
    return error


def user_code_error(python_stack: str) -> RuntimeError:
    """MindSpore's RuntimeError for a user function (a source or a map operation) that failed."""
    return _marked(RuntimeError(
        f"{USER_CODE_HEADER}\n{_RULE}\n- Python Call Stack: \n{_RULE}\n{python_stack}\n{_RULE}\n"
        f"- Dataset Pipeline Error Message: \n{_RULE}\n[ERROR] {USER_CODE_FAILED}\n{_RULE}\n"))


def call_user_function(function, args, description: str):
    """Call a user's source or operation; its exception becomes MindSpore's RuntimeError with the
    user's traceback (the original exception is chained as ``__cause__``)."""
    try:
        return function(*args)
    except Exception as error:  # pylint: disable=broad-except
        if getattr(error, "raised_by_pipeline", False):
            raise
        raise user_function_error(error, description) from error


def format_exception_without_carets(error: BaseException) -> str:
    """`traceback.format_exception(error)` without the caret lines (``^^^^``) under each frame.

    The pipeline's worker threads format the errors of user functions. Python 3.11 finds where
    to put the carets with `ast.parse`, which is not thread-safe there: a parse in another thread
    at the same moment (pytest formatting a report, a user's `inspect`) fails with "AST
    constructor recursion depth mismatch". Without the carets no parse is made."""
    report = traceback.TracebackException(type(error), error, error.__traceback__)
    pending, seen = [report], set()
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        for frame in current.stack:
            frame.colno = frame.end_colno = None
        pending += [current.__cause__, current.__context__]
    return "".join(report.format())


def user_function_error(error: Exception, description: str, data_file: str | None = None
                        ) -> RuntimeError:
    """MindSpore's RuntimeError for `error`, raised by the user function `description` names
    (on a row read from `data_file`, which MindSpore names)."""
    stack = format_exception_without_carets(error)
    where = f" The corresponding data file is: {data_file}." if data_file else ""
    return user_code_error(f"{description} failed.{where} Error description: {stack}")


# The file each value a source read from a file came from (ImageFolderDataset's image bytes),
# while the value lives: a map that fails on it names the file, as MindSpore does.
_SOURCE_FILES: dict = {}


def mark_source_file(value, path: str):
    """Record that `value` (an array a source just read) came from `path`; returns `value`."""
    key = id(value)
    _SOURCE_FILES[key] = path
    weakref.finalize(value, _SOURCE_FILES.pop, key, None)
    return value


def mark_source_row(row: tuple, path: str) -> tuple:
    """Record that each array of a source's `row` came from `path` (a map that fails on any
    of the row's columns names the file, as MindSpore does); returns `row`."""
    for value in row:
        if isinstance(value, np.ndarray) and id(value) not in _SOURCE_FILES:
            mark_source_file(value, path)
    return row


def carry_source_file(inputs, outputs) -> None:
    """A map's `outputs` (NumPy arrays) come from the file its `inputs` were read from, as
    MindSpore names a row's file in a later map's error (a user function after `Decode`)."""
    if not _SOURCE_FILES:
        return
    path = source_file(inputs)
    if path is None:
        return
    mark_source_row(outputs, path)


def source_file(values) -> str | None:
    """The file the first of `values` read from a file came from, or None."""
    for value in values:
        path = _SOURCE_FILES.get(id(value))
        if path is not None:
            return path
    return None


def to_array(value) -> np.ndarray:
    """One column value as MindSpore stores it."""
    if isinstance(value, np.ndarray):
        return value
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    if isinstance(value, bool):
        return np.array(value, np.bool_)
    if isinstance(value, int):
        return np.array(value, np.int64)
    if isinstance(value, float):
        return np.array(value, np.float64)
    if isinstance(value, (str, bytes, np.generic)):
        return np.array(value)
    return np.asarray(value)


def python_dict(value):
    """The dict a column value holds (a Python-object column), or None."""
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype == object:
        item = value.item()
        if isinstance(item, dict):
            return item
    return None


def dict_column(value: dict) -> np.ndarray:
    """A dict as a column value: a 0-d object array holding it."""
    holder = np.empty((), object)
    holder[()] = value
    return holder


def user_value(value):
    """A column value as user functions are given it: a Python-object column's dict itself."""
    held = python_dict(value)
    return value if held is None else held


def _stack_dicts(dicts: list, column_index: int) -> dict:
    """A batch of dicts (all with the same keys) as one dict: each key's values stacked into one
    NumPy array, nested dicts key by key, as MindSpore's batch does."""
    return {key: _stack_dicts([d[key] for d in dicts], column_index) if isinstance(first, dict)
            else stack_column([to_array(d[key]) for d in dicts], column_index)
            for key, first in dicts[0].items()}


def to_row(values, column_count: int | None, source_name: str) -> tuple:
    """A source's output as a row, checked against the number of columns the user named."""
    if isinstance(values, (tuple, list)):
        row = tuple(to_array(v) for v in values)
    else:
        row = (to_array(values),)
    if column_count is not None and len(row) != column_count:
        raise user_code_error(
            f"Invalid Python function, the 'source' of '{source_name}' should return same number "
            f"of NumPy arrays as specified in column_names, the size of column_names is:"
            f"{column_count} and number of returned NumPy array is:{len(row)}")
    return row


def shape_text(shape) -> str:
    return "<" + ",".join(str(d) for d in shape) + ">"


def type_name(dtype) -> str:
    """MindSpore's name of a column's dtype in its messages: ``bytes`` for NumPy's ``S``,
    ``string`` for ``U``, else the NumPy name (``int64``, ``float32``, ``bool``)."""
    dtype = np.dtype(dtype)
    return {"S": "bytes", "U": "string"}.get(dtype.kind, dtype.name)


def stack_column(values, column_index: int) -> np.ndarray:
    """Batch one column: MindSpore's error when its rows differ in shape; a column of dicts gives
    one dict of stacked values."""
    if python_dict(values[0]) is not None:
        return dict_column(_stack_dicts([python_dict(v) for v in values], column_index))
    first, first_type = values[0].shape, values[0].dtype
    for value in values[1:]:
        if value.dtype != first_type and not (first_type.kind in "SU" and
                                             value.dtype.kind == first_type.kind):
            raise pipeline_error(
                f"Cannot batch tensors with different types in column {column_index}. First "
                f"element had type {type_name(first_type)} and this element had type "
                f"{type_name(value.dtype)}", "batch")
        if value.shape != first:
            raise pipeline_error(
                f"Cannot batch tensors with different shapes in column {column_index}. First "
                f"element had shape {shape_text(first)} and this element had shape "
                f"{shape_text(value.shape)}", "batch")
    return np.stack(values)


def stack_rows(rows) -> tuple:
    """Rows into one batch row, column by column."""
    return tuple(stack_column([row[i] for row in rows], i) for i in range(len(rows[0])))
