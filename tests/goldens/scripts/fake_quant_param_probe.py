"""MindSpore 2.10's `ops.operations._quant_ops.FakeQuantParam` and `mindspore.QuantDtype`:
attributes and checks. Printed `label -> RESULT`;
tests/ops/test_fake_quant_param.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/fake_quant_param_probe.py \
        | grep -- " -> " > tests/goldens/ops/fake_quant_param_probe.out
"""
import mindspore as ms
from mindspore import ops
from mindspore.ops.operations import _quant_ops as Q


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


QuantDtype = ms.common.dtype.QuantDtype
show("QuantDtype members", lambda: [(m.name, m.value()) for m in QuantDtype][::7])
show("QuantDtype str", lambda: (str(QuantDtype.INT8), repr(QuantDtype.UINT4)))
show("QuantDtype top level", lambda: ms.QuantDtype is QuantDtype)
show("P path", lambda: ops.operations.FakeQuantParam is Q.FakeQuantParam)
op = Q.FakeQuantParam.linear_quant_param(QuantDtype.INT8, 0.1, 1)
show("linear attrs", lambda: sorted((k, v) for k, v in op.attrs.items()
                                    if k not in ("input_names", "output_names")))
show("linear attribute values", lambda: (op.quant_dtype, op.quant_algo_name, op.is_per_channel,
                                         op.linear_quant_scale, op.linear_quant_zero_point))
# (called, MindSpore 2.10's CPU build has no kernel for it and raises RuntimeError; msjax passes
# the input through, as its documentation says: tests/ops/test_fake_quant_param.py)
per_channel = Q.FakeQuantParam.linear_quant_param(QuantDtype.UINT8, [0.5, 0.25], (3, 4), True,
                                                  extra="k")
show("per channel attrs", lambda: sorted((k, v) for k, v in per_channel.attrs.items()
                                         if k not in ("input_names", "output_names")))
show("generic", lambda: sorted(Q.FakeQuantParam(QuantDtype.INT4, "my_algo", False, a=1).attrs.items()))
show("bad scale", lambda: Q.FakeQuantParam.linear_quant_param(QuantDtype.INT8, 1, 1))
show("bad zp", lambda: Q.FakeQuantParam.linear_quant_param(QuantDtype.INT8, 0.1, 1.0))
show("bad per channel", lambda: Q.FakeQuantParam.linear_quant_param(QuantDtype.INT8, 0.1, 1, 1))
show("names", lambda: (Q.FakeQuantParam.attr_key_linear_quant_scale,
                       Q.FakeQuantParam.attr_key_linear_quant_zero_point,
                       Q.FakeQuantParam.attr_value_linear_quant_algo_name))
