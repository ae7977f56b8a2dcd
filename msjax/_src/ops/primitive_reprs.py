"""How MindSpore 2.10 shows Primitive attributes in `repr(prim)`, in one place.

`primitive(name, fn, display=...)` takes one of these functions: it maps the constructor
arguments to the attributes MindSpore's repr prints. MindSpore normalises many of them (axes as
tuples, dtypes as type ids, strides as NCHW 4-tuples, reductions and pad modes as enum numbers)
and adds internal ones (`side_effect_hidden=True` on random ops). Recorded with the oracle:
tests/goldens/ops_table.json, key "repr" of each Primitive record.
"""
from __future__ import annotations

from msjax._src.core.type_ids import TYPE_ID  # MindSpore's type ids, shown for some dtypes

REDUCTION = {"sum": 0, "mean": 1, "none": 2}
PAD_MODE = {"pad": 0, "same": 1, "valid": 2}
FORMAT = {"NCHW": 0, "NHWC": 1}


def type_ids(*names):
    """Show the dtype attributes `names` as MindSpore type ids."""
    def display(attrs):
        return {k: TYPE_ID[str(v)] if k in names else v for k, v in attrs.items()}
    return display


def as_tuple(*names, attributes=False):
    """Show the int-or-sequence attributes `names` as tuples (`axis=(0,)`); with `attributes`,
    the Primitive's Python attributes hold the tuples too (`Softmax(1).axis == (1,)`)."""
    def display(attrs):
        return {k: ((v,) if isinstance(v, int) else tuple(v)) if k in names and v is not None
                else v for k, v in attrs.items()}
    display.attribute_names = names if attributes else ()
    return display


def as_list(*names):
    def display(attrs):
        return {k: ([v] if isinstance(v, int) else list(v)) if k in names and v is not None
                else v for k, v in attrs.items()}
    return display


def with_attrs(**extra):
    """Show MindSpore's internal attributes `extra` after the constructor's."""
    def display(attrs):
        return {**attrs, **extra}
    return display


def only(*names, **extra):
    """Show just the attributes `names` (MindSpore hides the others), then `extra`."""
    def display(attrs):
        return {**{k: attrs[k] for k in names}, **extra}
    return display


def chain(*displays):
    def display(attrs):
        for step in displays:
            attrs = step(attrs)
        return attrs
    return display


def enum(name, table, shown_as=None):
    """Show the string attribute `name` as its enum number (renamed to `shown_as`)."""
    def display(attrs):
        out = {}
        for k, v in attrs.items():
            if k == name:
                out[shown_as or k] = table.get(v, table.get(str(v).lower(), v))
            else:
                out[k] = v
        return out
    return display


SIDE_EFFECT_HIDDEN = with_attrs(side_effect_hidden=True)
REDUCTION_ENUM = enum("reduction", REDUCTION)


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def nchw(v, nd=2):
    """An int or an nd-tuple as MindSpore's (1, 1, ...) tuple over N, C and the spatial axes."""
    v = (v,) * nd if isinstance(v, int) else tuple(v)
    return (1, 1) + v[-nd:] if len(v) <= nd else v


def conv(attrs):
    """Conv2D: pad as 4 values, stride and dilation as NCHW 4-tuples, plus `groups`."""
    pad = attrs["pad"]
    pad = (pad,) * 4 if isinstance(pad, int) else tuple(pad) * (4 // len(tuple(pad)))
    return {**attrs, "pad": pad, "stride": nchw(attrs["stride"]),
            "dilation": nchw(attrs["dilation"]), "groups": attrs["group"]}


def conv_transpose(attrs):
    """Conv2DTranspose/Conv2DBackpropInput: like Conv2D, with a (kh, kw) kernel and the pad
    mode upper-cased."""
    return {**conv(attrs), "kernel_size": _pair(attrs["kernel_size"]),
            "pad_mode": attrs["pad_mode"].upper()}


def max_pool(nd):
    def display(attrs):
        return {**attrs, "kernel_size": nchw(attrs["kernel_size"], nd),
                "strides": nchw(attrs["strides"], nd), "pad_mode": attrs["pad_mode"].upper()}
    return display


def avg_pool(attrs):
    """AvgPool: (kh, kw) kernel and strides, pad mode and data format as enum numbers."""
    return {"kernel_size": _pair(attrs["kernel_size"]), "strides": _pair(attrs["strides"]),
            "pad_mode": PAD_MODE[attrs["pad_mode"].lower()],
            "data_format": FORMAT[attrs["data_format"]]}


def avg_pool_3d(attrs):
    return {**max_pool(3)(attrs), "pad_list": (attrs["pad"],) * 6 if isinstance(
        attrs["pad"], int) else tuple(attrs["pad"])}
