"""`mindspore.ops.CustomRegOp` and `mindspore.ops.DataType`: the registration information of a
`Custom` operator's kernel (its inputs, outputs, attributes, supported dtypes and formats, target).

The builder checks its arguments as MindSpore's does and `get_op_info()` returns the same dict
(keys `op_name`, `inputs`, `outputs`, `attr`, `fusion_type`, `dtype_format`, `target`), which
`Custom(..., reg_info=...)` keeps. msjax's kernels ("pyfunc" on the host, "jax" compiled by XLA)
take every dtype their function takes and have no device formats, so the information selects
nothing in msjax; it is accepted so that code written for MindSpore's kernels runs unchanged.

`DataType` holds MindSpore's (dtype, format) pairs: `DataType.F32_Default` is
`("float32", "DefaultFormat")`, `DataType.None_None` is `("", "")`, ..., one for each dtype and
format pair MindSpore 2.10 defines (the `_FORMATS_OF` table).
"""
from __future__ import annotations

# format key of the attribute name -> the format part of the pair
_FORMATS = {
    "None": ("",), "Default": ("DefaultFormat",), "5HD": ("NC1HWC0",), "FracZ": ("FRACTAL_Z",),
    "FracNZ": ("FRACTAL_NZ",), "C1HWNCoC0": ("C1HWNCoC0",), "NCHW": ("NCHW",), "NHWC": ("NHWC",),
    "HWCN": ("HWCN",), "NDHWC": ("NDHWC",), "ChannelLast": ("ChannelLast",),
    "Default_Tuple": ("DefaultFormat", "tuple"), "Default_List": ("DefaultFormat", "list"),
    "NCDHW": ("NCDHW",), "NDC1HWC0": ("NDC1HWC0",), "NC1HWC0": ("NC1HWC0",), "DHWCN": ("DHWCN",),
    "FRACTAL_Z_3D": ("FRACTAL_Z_3D",), "FracZNLSTM": ("FRACTAL_ZN_LSTM",),
    "FracZNRNN": ("FRACTAL_ZN_RNN",), "ND_RNNBIAS": ("ND_RNN_BIAS",),
}
_COMMON = ("None", "Default", "5HD", "FracZ", "FracNZ", "C1HWNCoC0", "NCHW", "NHWC", "HWCN", "NDHWC",
           "ChannelLast", "Default_Tuple", "Default_List")
_FLOATS = _COMMON + ("NCDHW", "NDC1HWC0", "DHWCN", "FRACTAL_Z_3D", "FracZNLSTM", "FracZNRNN",
                     "ND_RNNBIAS")
# dtype key of the attribute name -> (the dtype part of the pair, the formats it is defined with)
_FORMATS_OF = {
    "None": ("", ("None", "Default")),
    "BOOL": ("bool", _COMMON), "I16": ("int16", _COMMON), "U16": ("uint16", _COMMON),
    "U32": ("uint32", _COMMON), "I64": ("int64", _COMMON), "U64": ("uint64", _COMMON),
    "F64": ("float64", _COMMON),
    "I8": ("int8", _COMMON + ("NC1HWC0", "NCDHW", "NDC1HWC0")),
    "U8": ("uint8", _COMMON + ("NC1HWC0", "NCDHW", "NDC1HWC0")),
    "I32": ("int32", _COMMON + ("NCDHW", "NDC1HWC0")),
    "F16": ("float16", _FLOATS), "F32": ("float32", _FLOATS), "BF16": ("bfloat16", _FLOATS),
    "C64": ("complex64", ("Default", "Default_Tuple")),
    "C128": ("complex128", ("Default", "Default_Tuple")),
}

DataType = type("DataType", (), {
    "__doc__": "MindSpore's (dtype, format) pairs of a kernel's registration information, as "
               "`DataType.F32_Default == ('float32', 'DefaultFormat')`.",
    "__module__": __name__,
    **{f"{dtype_key}_{format_key}": (dtype, *_FORMATS[format_key])
       for dtype_key, (dtype, format_keys) in _FORMATS_OF.items() for format_key in format_keys},
})


def _checked(value, kind, kind_name):
    if not isinstance(value, kind):
        raise TypeError(f"{value} value must be {kind_name}")
    return value


class CustomRegOp:
    """`mindspore.ops.CustomRegOp(op_name="Custom")`: builds a Custom kernel's registration
    information call by call (`input`, `output`, `dtype_format`, `attr`, `target`), each returning
    the builder, and `get_op_info()` the dict.

    Example:
        >>> info = CustomRegOp().input(0, "x").output(0, "y") \\
        ...     .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU").get_op_info()
    """

    def __init__(self, op_name="Custom"):
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        if not op_name.strip():
            raise ValueError("op name is empty")
        self.op_name = op_name
        self.inputs, self.outputs, self.attr_ = [], [], []
        self.fusion_type_ = ""
        self.dtype_format_ = []
        self.target_ = "UnKnown"

    @staticmethod
    def _entry(values, keys, kinds, kwargs):
        entry = {}
        for value, key, (kind, kind_name) in zip(values, keys, kinds):
            if value is not None:
                entry[key] = _checked(value, kind, kind_name)
        return {**entry, **kwargs}

    def input(self, index=None, name=None, param_type="required", **kwargs):
        """One input of the kernel: {"index", "name", "paramType"} (a None is left out)."""
        self.inputs.append(self._entry((index, name, param_type), ("index", "name", "paramType"),
                                       ((int, "int"), (str, "str"), (str, "str")), kwargs))
        return self

    def output(self, index=None, name=None, param_type="required", **kwargs):
        """One output of the kernel: {"index", "name", "paramType"} (a None is left out)."""
        self.outputs.append(self._entry((index, name, param_type), ("index", "name", "paramType"),
                                        ((int, "int"), (str, "str"), (str, "str")), kwargs))
        return self

    def dtype_format(self, *args):
        """One supported combination: a (dtype, format) pair per input and output, in order."""
        io_nums = len(self.inputs) + len(self.outputs)
        if len(args) != io_nums:
            raise ValueError(f"The size of 'args' must be equal to the sum of input tensors and "
                             f"output tensors, but got {len(args)} vs {io_nums}")
        for arg in args:
            if not isinstance(arg, tuple) or len(arg) not in (2, 3):
                raise ValueError("dtype and format value must be tuple of two or three elements")
            for part in arg:
                _checked(part, str, "str")
        self.dtype_format_.append(tuple(args))
        return self

    def attr(self, name=None, param_type=None, value_type=None, default_value=None, **kwargs):
        """One attribute: {"name", "paramType", "type", "defaultValue"} (a None is left out);
        further keywords (MindSpore's `value=`) are kept as given."""
        self.attr_.append(self._entry((name, param_type, value_type, default_value),
                                      ("name", "paramType", "type", "defaultValue"),
                                      ((str, "str"),) * 4, kwargs))
        return self

    def fusion_type(self, fusion_type):
        self.fusion_type_ = _checked(fusion_type, str, "str")
        return self

    def target(self, target=None):
        """The device the information is for ("Ascend", "GPU", "CPU"), or None."""
        if target is not None:
            _checked(target, str, "str")
        self.target_ = target
        return self

    def get_op_info(self):
        """The registration information as a dict (the builder's fields, trailing '_' dropped)."""
        return {key.rstrip("_"): value for key, value in vars(self).items()}
