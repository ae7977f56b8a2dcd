"""mindspore._checkparam's format check, tuple expansion and element-type checks: results and
errors. Golden: tests/goldens/core/checkparam_format.txt (MindSpore 2.10)."""
from mindspore import _checkparam as V
from mindspore._checkparam import check_input_format, _expand_tuple, _expand_sequence_to_tuple


def show(label, fn):
    try:
        value = fn()
    except Exception as error:  # the error a case raises is its result
        value = f"{type(error).__name__}: {error}"
    print(f"{label} -> {value!r}")


twice, triple = _expand_tuple(2), _expand_tuple(3)
seq2 = _expand_sequence_to_tuple(2)
show("format NCHW", lambda: check_input_format("NCHW"))
show("format NHWC", lambda: check_input_format("NHWC"))
show("format rt", lambda: check_input_format("rt"))
for label, value in [("3", 3), ("(3, 3)", (3, 3)), ("0.5", 0.5), ("'str'", "str"), ("True", True),
                     ("(1, 2, 3)", (1, 2, 3)), ("(3.3, 4)", (3.3, 4)), ("(True, 1)", (True, 1)),
                     ("[1, 2]", [1, 2])]:
    show(f"twice {label}", lambda value=value: twice(value))
    show(f"seq2 {label}", lambda value=value: seq2(value))
show("triple 4", lambda: triple(4))
show("iterable ok", lambda: V.check_element_type_of_iterable("x", [1, 2], [int]))
show("iterable bad", lambda: V.check_element_type_of_iterable("x", [1, "a"], [int], "Op"))
show("iterable two types", lambda: V.check_element_type_of_iterable("x", (1, 2.5, None), [int, float]))
show("iterable not seq", lambda: V.check_element_type_of_iterable("x", 3, [int], "Op"))
show("dict ok", lambda: V.check_element_type_of_dict("d", {"a": 1}, [str], [int]))
show("dict bad key", lambda: V.check_element_type_of_dict("d", {1: 1}, [str], [int], "Op"))
show("dict bad value", lambda: V.check_element_type_of_dict("d", {"a": 1.5}, [str], [int, bool]))
show("tuple size ok", lambda: V.check_size_and_element_type_of_tuple("t", (1, 2), 2, int))
show("tuple size bad", lambda: V.check_size_and_element_type_of_tuple("t", (1, 2, 3), 2, int, "Op"))
show("tuple element bad", lambda: V.check_size_and_element_type_of_tuple("t", (1, 2.0), 2, int))
