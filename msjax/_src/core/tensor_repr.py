"""The text forms of a MindSpore Tensor, rebuilt in pure NumPy.

`repr(Tensor)` in MindSpore 2.10 comes from the C++ `TensorStringifier` (`ir/tensor_data.h`):
`Tensor(shape=[2, 3], dtype=Float32, value=...)` with C++ ostream number formats.
`str(Tensor)` and `print(Tensor)` are NumPy's `str(tensor.asnumpy())`, except for bfloat16,
whose MindSpore NumPy scalar prints like C's `%f`.

Both functions take the tensor's data as a NumPy array (bfloat16 as `ml_dtypes.bfloat16`) and
MindSpore's dtype name (`str(ms.float32)`, e.g. `'Float32'`).
"""
import math

import numpy as np

_EDGE_ITEMS = 3  # Rows or elements kept at each end of a summarised axis.
_SUMMARY_THRESHOLD = 6  # An axis longer than this is summarised ...
_SUMMARY_THRESHOLD_1D = 1000  # ... or, in a 1-D tensor, longer than this.
# A 1-D tensor of more than 3 elements breaks the line after every this many elements.
_ELEMENTS_PER_LINE = {"float": 12, "bool": 12, "complex": 24, "plain": 24}


def _is_extension_float(array, dtype_name):
    """True for bfloat16 and the float8 types, which NumPy only knows through ml_dtypes."""
    return dtype_name == "BFloat16" or array.dtype.kind not in "biufc"


def _element_kind(array, dtype_name):
    """Which C++ formatting path MindSpore uses for the array's elements."""
    if _is_extension_float(array, dtype_name):
        return "plain"  # bfloat16 prints like an integer would: `%g`, padded to the widest.
    return {"b": "bool", "f": "float", "c": "complex"}.get(array.dtype.kind, "plain")


def _format_general(value, show_plus=False):
    """A float as C++ `ostream << value` writes it by default: `printf("%g")`."""
    value = float(value)
    if math.isnan(value):  # C keeps the sign of a NaN; Python's % formatting drops it.
        return ("-" if math.copysign(1.0, value) < 0 else "+" if show_plus else "") + "nan"
    return ("%+g" if show_plus else "%g") % value


def _format_scientific(value, width, precision):
    """A float as `ostream << setw(width) << setprecision(precision) << scientific` writes it."""
    value = float(value)
    if math.isnan(value):
        text = "-nan" if math.copysign(1.0, value) < 0 else "nan"
    else:
        text = "%.*e" % (precision, value)
    return text.rjust(width)


def _format_element(value, kind, is_scalar, is_float16):
    """One element, unpadded except for floats and bools, which have fixed widths."""
    if kind == "float":
        if is_scalar:
            return _format_general(value)
        return _format_scientific(value, 11, 4) if is_float16 else _format_scientific(value, 15, 8)
    if kind == "bool":
        text = "True" if value else "False"
        return text if is_scalar else text.rjust(5)
    if kind == "complex":
        return _format_general(value.real) + _format_general(value.imag, show_plus=True) + "j"
    if isinstance(value, (np.integer, int)):
        return str(int(value))
    return _format_general(value)


def _is_summarised(length, ndim):
    return length > (_SUMMARY_THRESHOLD_1D if ndim == 1 else _SUMMARY_THRESHOLD)


def _visible_part(array):
    """The elements MindSpore prints: the first and last 3 along every summarised axis."""
    index = []
    for length in array.shape:
        if _is_summarised(length, array.ndim):
            index.append(list(range(_EDGE_ITEMS)) + list(range(length - _EDGE_ITEMS, length)))
        else:
            index.append(list(range(length)))
    return array[np.ix_(*index)]


def _join_elements(texts, wrap_every, item_separator=", "):
    """Joins one innermost row with `item_separator`, breaking 1-D output after every
    `wrap_every` items."""
    parts = []
    for i, text in enumerate(texts):
        parts.append(text)
        if i != len(texts) - 1:
            parts.append(item_separator)
        if wrap_every and (i + 1) % wrap_every == 0:
            parts.append("\n ")
    return "".join(parts)


def _layout(texts, shape, depth, wrap_every, item_separator=", "):
    """Nests the element strings `texts` (an array of the visible part) like TensorStringifier.

    `shape` is the full (unsummarised) shape; `texts` holds only the visible elements. Elements
    are joined by `item_separator` (", " in a Tensor's repr; " " where MindSpore prints a Tensor
    inside another object, such as a RowTensor), rows by its comma, if any, and a new line.
    """
    summarised = _is_summarised(shape[depth], len(shape))
    if depth == len(shape) - 1:
        row = list(texts)
        if summarised:
            return ("[" + _join_elements(row[:_EDGE_ITEMS], None, item_separator) + " ... "
                    + _join_elements(row[_EDGE_ITEMS:], None, item_separator) + "]")
        wrap = wrap_every if len(shape) == 1 and len(row) > _EDGE_ITEMS else None
        return "[" + _join_elements(row, wrap, item_separator) + "]"
    separator = item_separator.rstrip() + "\n" + " " * (depth + 1)
    blocks = [_layout(sub, shape, depth + 1, wrap_every, item_separator) for sub in texts]
    if summarised:
        head = separator.join(blocks[:_EDGE_ITEMS])
        tail = separator.join(blocks[_EDGE_ITEMS:])
        return "[" + head + separator + "...\n" + " " * (depth + 1) + tail + "]"
    return "[" + separator.join(blocks) + "]"


def _data_string(array, dtype_name, item_separator=", "):
    """The `value=` part of the repr, without the leading space or newline."""
    if array.size == 0:
        return ""
    kind = _element_kind(array, dtype_name)
    is_float16 = array.dtype == np.float16
    if array.ndim == 0:
        return _format_element(array[()], kind, True, is_float16)
    visible = _visible_part(array)
    texts = np.empty(visible.shape, dtype=object)
    for index, value in np.ndenumerate(visible):
        texts[index] = _format_element(value, kind, False, is_float16)
    if kind == "plain":  # Integers and bfloat16 are right-aligned to the widest printed value.
        width = max(len(text) for text in texts.flat)
        for index, text in np.ndenumerate(texts):
            texts[index] = text.rjust(width)
    return _layout(texts, array.shape, 0, _ELEMENTS_PER_LINE[kind], item_separator)


def tensor_values_without_commas(array: np.ndarray, dtype_name: str) -> str:
    """A Tensor's values as MindSpore prints them inside another object's repr (a RowTensor's):
    the repr's element format, separated by spaces instead of commas."""
    return _data_string(np.asarray(array), dtype_name, " ")


def tensor_repr(array: np.ndarray, dtype_name: str) -> str:
    """Returns `repr(Tensor)` exactly as MindSpore 2.10 prints it.

    Args:
        array: The tensor's data. bfloat16 data is an array of `ml_dtypes.bfloat16`.
        dtype_name: MindSpore's name of the dtype, `str(ms.float32)` (`'Float32'`, `'BFloat16'`).

    Returns:
        The text, e.g. `Tensor(shape=[1], dtype=Float32, value= [ 1.50000000e+00])`.
        Floats print in scientific notation, integers padded to the widest value; tensors of
        2 or more dimensions start their value on a new line.

    Example:
        >>> tensor_repr(np.array([[1, -20], [300, 4]], np.int32), "Int32")
        'Tensor(shape=[2, 2], dtype=Int32, value=\n[[  1, -20],\n [300,   4]])'

    """
    array = np.asarray(array)
    shape = "[" + ", ".join(str(n) for n in array.shape) + "]"
    separator = "\n" if array.ndim > 1 else " "
    value = _data_string(array, dtype_name)
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={separator}{value})"


def _numpy1_float_str(value):
    """`str()` of a NumPy 1.x float scalar, as MindSpore (built on NumPy 1.26) prints it.

    NumPy 1.x writes `|x|` in [1e-4, 1e16) positionally, in any float width; NumPy 2 switches
    float32 to scientific notation sooner (`1e+08` where NumPy 1.x gives `100000000.0`).
    """
    magnitude = abs(float(value))
    if not math.isfinite(magnitude) or magnitude == 0 or 1e-4 <= magnitude < 1e16:
        return np.format_float_positional(value, trim="0")
    return np.format_float_scientific(value, trim="-")


def tensor_str(array: np.ndarray, dtype_name: str) -> str:
    """Returns `str(Tensor)` (what `print` shows) as MindSpore 2.10 prints it.

    MindSpore prints `str(tensor.asnumpy())`. Its NumPy bfloat16 scalar formats as C's `%f`
    (`1.500000`), so bfloat16 prints its values that way, laid out by NumPy without padding,
    e.g. `[1.500000 -2.000000]` (the float8 types are assumed to print the same way). NumPy 1.x
    formatting of 0-d floats is kept, since MindSpore is built on NumPy 1.26.

    Args:
        array: The tensor's data. bfloat16 data is an array of `ml_dtypes.bfloat16`.
        dtype_name: MindSpore's name of the dtype, e.g. `'Float32'`.

    Returns:
        The text, e.g. `[1.5 2. ]`.
    """
    array = np.asarray(array)
    if array.ndim == 0 and array.dtype.kind == "f":
        return _numpy1_float_str(array[()])
    if not _is_extension_float(array, dtype_name):
        return str(array)
    values = array.astype(np.float32)
    if values.ndim == 0:
        return "%f" % float(values)
    return np.array2string(values, separator=" ", formatter={"float_kind": lambda x: "%f" % x})


def tensor_graph_print(array: np.ndarray, dtype_name: str) -> str:
    """Returns how `ops.Print` shows a Tensor inside a compiled program (GRAPH_MODE or `jit`).

    MindSpore's Print kernel writes the C++ text: the repr's element formats separated by
    spaces instead of commas, `value=[` with no space before a 1-D tensor's values, and a 0-d
    tensor as its bare value (`1.5`, `7`; a bool as `1` or `0`).

    Example:
        >>> tensor_graph_print(np.array([1, 2], np.int32), "Int32")
        'Tensor(shape=[2], dtype=Int32, value=[1 2])'
    """
    array = np.asarray(array)
    if array.ndim == 0:
        return ("1" if array[()] else "0") if array.dtype.kind == "b" else scalar_text(array,
                                                                                     dtype_name)
    shape = "[" + ", ".join(str(n) for n in array.shape) + "]"
    separator = "\n" if array.ndim > 1 else ""
    value = _data_string(array, dtype_name, " ")
    return f"Tensor(shape={shape}, dtype={dtype_name}, value={separator}{value})"


def scalar_text(array: np.ndarray, dtype_name: str) -> str:
    """A 0-d tensor's value as C++ `ostream` writes it: a float as `%g`, a bool as `True`."""
    array = np.asarray(array)
    return _format_element(array[()], _element_kind(array, dtype_name), True,
                           array.dtype == np.float16)


def graph_print_constant(value) -> str:
    """A Python constant as `ops.Print` in a compiled program writes it: a float as C++ `%g`,
    a bool as `1`/`0`, a tuple or list as `(1, 2)`."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return _format_general(value)
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(graph_print_constant(v) for v in value) + ")"
    return str(value)
