"""MindSpore's argument checks of the vision transforms (``validators.py``/``validator_helpers``),
with MindSpore's messages: shared by msjax/_src/dataset/vision*.py."""
from __future__ import annotations

FLOAT_MAX_INTEGER = 16777216
INT32_MAX = 2147483647


def type_check(value, types, name):
    """MindSpore's ``type_check``: a bool where an int is asked for is refused with `types` printed
    as a tuple, any other value of the wrong type with them printed as a list."""
    shown = '""' if repr(value) == repr("") else value
    if int in types and bool not in types and isinstance(value, bool):
        raise TypeError(f"Argument {name} with value {shown} is not of type {types}, but got "
                        f"{type(value)}.")
    if not isinstance(value, types):
        raise TypeError(f"Argument {name} with value {shown} is not of type {list(types)}, but got "
                        f"{type(value)}.")


def check_interval(value, low, high, name=""):
    """MindSpore's ``check_value(value, [low, high], name)`` (the name is left out when MindSpore's
    validator passes none)."""
    if not low <= value <= high:
        label = f"{name} " if name else ""
        raise ValueError(f"Input {label}is not within the required interval of [{low}, {high}].")


def check_crop_size(size):
    """MindSpore's ``check_crop_size``: an int or an (h, w) pair of ints in [1, 16777216]."""
    if isinstance(size, bool) or not isinstance(size, (int, list, tuple)):
        raise TypeError(f"Argument size with value {size} is not of type [<class 'int'>, "
                        f"<class 'list'>, <class 'tuple'>], but got {type(size)}.")
    if isinstance(size, int):
        check_interval(size, 1, FLOAT_MAX_INTEGER)
        return (size, size)
    if len(size) != 2:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")
    for index, value in enumerate(size):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Argument size[{index}] with value {value} is not of type "
                            f"[<class 'int'>], but got {type(value)}.")
        check_interval(value, 1, FLOAT_MAX_INTEGER)
    return tuple(size)


def check_random_resize_crop(size, scale, ratio, max_attempts):
    """MindSpore's ``check_random_resize_crop`` (RandomResizedCrop, RandomCropDecodeResize) less its
    interpolation check (which needs ``Inter``); `size` as an (h, w) pair."""
    size = check_crop_size(size)
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        for index, value in enumerate(scale):
            type_check(value, (float, int), f"scale[{index}]")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        if not 0 <= scale[0] <= scale[1] <= FLOAT_MAX_INTEGER:
            raise ValueError(f"Input is not within the required interval of [0, {FLOAT_MAX_INTEGER}].")
        if scale[1] <= 0:
            raise ValueError("Input scale[1] must be greater than 0.")
    if ratio is not None:
        type_check(ratio, (tuple, list), "ratio")
        if len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        for index, value in enumerate(ratio):
            type_check(value, (float, int), f"ratio[{index}]")
            if not 0 < value <= FLOAT_MAX_INTEGER:
                raise ValueError(f"Input ratio[{index}] is not within the required interval of "
                                 f"(0, {FLOAT_MAX_INTEGER}].")
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    if max_attempts is not None:
        type_check(max_attempts, (int,), "max_attempts")
        check_interval(max_attempts, 1, INT32_MAX, "max_attempts")
    return size
