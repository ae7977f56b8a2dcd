"""MindSpore's `ops.operations._quant_ops.FakeQuantParam` (also `ops.operations.FakeQuantParam`):
the operator that carries a quantization algorithm's parameters through a network, for export.

`FakeQuantParam(quant_dtype, quant_algo_name, is_per_channel, **kwargs)(x)` returns `x`
unchanged (MindSpore 2.10's CPU build has no kernel for it and raises RuntimeError; its
documentation says it passes the input through, as msjax does); its attributes (`quant_dtype` as
`QuantDtype.value()`, the algorithm's name, whether per channel, and every keyword, also all
together as `kwargs`) are kept as MindSpore keeps them.
`FakeQuantParam.linear_quant_param(quant_dtype, scale, zp, is_per_channel=False, **kwargs)` makes
the linear quantization's, `scale` and `zp` kept as lists. Checks and messages are MindSpore 2.10's
(tests/goldens/ops/fake_quant_param_probe.out).
"""
from __future__ import annotations

from msjax._src.core import checkparam as check
from msjax._src.ops.registry import PRIMITIVES, Primitive, functional, prim_attr_register


@functional
def _pass_through(x):
    return x


class FakeQuantParam(Primitive):
    """`FakeQuantParam(quant_dtype, quant_algo_name, is_per_channel, **kwargs)(x)` -> `x`."""

    attr_key_linear_quant_scale = "linear_quant_scale"
    attr_key_linear_quant_zero_point = "linear_quant_zero_point"
    attr_value_linear_quant_algo_name = "linear_quant_algo"

    @prim_attr_register
    def __init__(self, quant_dtype, quant_algo_name, is_per_channel, **kwargs):
        self.add_prim_attr("quant_algo_name", quant_algo_name)
        self.add_prim_attr("is_per_channel", is_per_channel)
        self.add_prim_attr("quant_dtype", quant_dtype.value())
        for key, value in kwargs.items():
            self.add_prim_attr(key, value)

    @classmethod
    def linear_quant_param(cls, quant_dtype, scale, zp, is_per_channel=False, **kwargs):
        """The FakeQuantParam of linear quantization with `scale` (a float or a sequence of
        them) and zero point `zp` (an int or a sequence)."""
        check.check_value_type("scale", scale, [float, tuple, list], "FakeQuantParam")
        check.check_value_type("zero_point", zp, [int, tuple, list], "FakeQuantParam")
        check.check_value_type("is_per_channel", is_per_channel, [bool], "FakeQuantParam")
        kwargs[cls.attr_key_linear_quant_scale] = [scale] if isinstance(scale, float) else scale
        kwargs[cls.attr_key_linear_quant_zero_point] = [zp] if isinstance(zp, int) else zp
        return cls(quant_dtype, cls.attr_value_linear_quant_algo_name, is_per_channel, **kwargs)

    def __call__(self, x):
        return _pass_through(x)


PRIMITIVES["FakeQuantParam"] = FakeQuantParam  # a class of its own: listed by hand
