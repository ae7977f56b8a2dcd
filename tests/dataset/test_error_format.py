"""The pipeline's worker threads format a user function's error without Python 3.11's caret
lines, whose computation (`ast.parse`) is not thread-safe: the same text otherwise."""
import traceback

from msjax._src.dataset.rows import format_exception_without_carets


def _fails():
    values = [1, 2]
    return values[0] / (values[1] - 2)


def test_same_traceback_without_the_caret_lines():
    try:
        try:
            _fails()
        except ZeroDivisionError as error:
            raise ValueError("bad row") from error
    except ValueError as error:
        text = format_exception_without_carets(error)
        full = "".join(traceback.format_exception(error))
    assert "^" not in text
    assert text == "".join(line for line in full.splitlines(keepends=True)
                           if set(line.strip()) - set("^~") or not line.strip())
    assert "The above exception was the direct cause" in text and text.endswith("ValueError: bad row\n")
