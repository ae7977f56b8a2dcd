"""MindSpore's argument checks of the audio transforms (``validator_helpers``), with MindSpore's
messages: shared by msjax/_src/dataset/audio*.py."""
from __future__ import annotations

from msjax._src.dataset.vision_checks import type_check

FLOAT_MAX_INTEGER = 16777216
INT32_MIN, INT32_MAX = -2147483648, 2147483647


def check_value(value, low, high, name, left_open=False, right_open=False):
    """MindSpore's ``check_value``: `value` in the interval [low, high], either end open."""
    too_low = value <= low if left_open else value < low
    too_high = value >= high if right_open else value > high
    if too_low or too_high:
        raise ValueError(f"Input {name} is not within the required interval of "
                         f"{'(' if left_open else '['}{low}, {high}{')' if right_open else ']'}.")


def check_int32(value, name):
    type_check(value, (int,), name)
    check_value(value, INT32_MIN, INT32_MAX, name)


def check_pos_int32(value, name):
    type_check(value, (int,), name)
    check_value(value, 1, INT32_MAX, name)


def check_non_negative_int32(value, name):
    type_check(value, (int,), name)
    check_value(value, 0, INT32_MAX, name)


def check_int32_not_zero(value, name):
    """A nonzero int32: MindSpore's ``check_int32_not_zero`` (its type message has two spaces
    after the name, as MindSpore's does)."""
    type_check(value, (int,), f"{name} ")
    if value == 0 or not INT32_MIN <= value <= INT32_MAX:
        raise ValueError(f"Input {name} is not within the required interval of "
                         f"[{INT32_MIN}, 0) and (0, {INT32_MAX}].")


def check_sample_rate(value, name="sample_rate"):
    """``type_check`` then ``check_int32_not_zero``, as the biquads' validators check a rate."""
    type_check(value, (int,), name)
    check_int32_not_zero(value, name)


def check_float32(value, name):
    type_check(value, (float, int), name)
    check_value(value, -FLOAT_MAX_INTEGER, FLOAT_MAX_INTEGER, name)


def check_float32_not_zero(value, name):
    type_check(value, (float, int), name)
    if value == 0 or not -FLOAT_MAX_INTEGER <= value <= FLOAT_MAX_INTEGER:
        raise ValueError(f"Input {name} is not within the required interval of "
                         f"[-{FLOAT_MAX_INTEGER}, 0) and (0, {FLOAT_MAX_INTEGER}].")


def check_pos_float32(value, name):
    type_check(value, (float, int), name)
    check_value(value, 0, FLOAT_MAX_INTEGER, name, left_open=True)


def check_non_negative_float32(value, name):
    type_check(value, (float, int), name)
    check_value(value, 0, FLOAT_MAX_INTEGER, name)


def check_typed_value(value, types, low, high, name, left_open=False):
    """``type_check`` then ``check_value``: the pair most audio validators make."""
    type_check(value, types, name)
    check_value(value, low, high, name, left_open=left_open)
