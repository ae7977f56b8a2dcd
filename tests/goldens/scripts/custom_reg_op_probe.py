"""MindSpore 2.10's `ops.CustomRegOp` (a Custom kernel's registration information) and
`ops.DataType` (its (dtype, format) pairs): the dicts `get_op_info()` returns and the errors of
bad arguments. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/custom_reg_op_probe.py \\
        | grep " -> " > tests/goldens/ops/custom_reg_op_probe.out
"""
from mindspore.ops import CustomRegOp, DataType


def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {r}")


show("DataType pairs", lambda: sorted((k, v) for k, v in vars(DataType).items() if not k.startswith("_")))
show("tutorial reduce", lambda: CustomRegOp("reduce_kernel_cpu").input(0, "x1").input(0, "x2").output(0, "y")
     .dtype_format(DataType.None_None, DataType.None_None, DataType.None_None)
     .attr("axis", "required", "all", value=1).attr("keep_dim", "required", "all", value=False)
     .target("CPU").get_op_info())
show("tutorial multi output", lambda: CustomRegOp().input(0, "x1").input(1, "x2").output(0, "y1")
     .output(1, "y2").output(2, "y3")
     .dtype_format(DataType.F32_Default, DataType.F32_Default, DataType.F32_Default,
                   DataType.F32_Default, DataType.F32_Default).target("GPU").get_op_info())
show("defaults", lambda: CustomRegOp().get_op_info())
show("none fields left out", lambda: CustomRegOp().input().output(None, "y", None).attr().get_op_info())
show("two dtype formats", lambda: CustomRegOp().input(0, "x", "dynamic").output(0, "y")
     .dtype_format(DataType.F16_Default, DataType.F16_Default)
     .dtype_format(DataType.I32_Default_Tuple, DataType.BOOL_None).target(None).get_op_info())
show("attr with default", lambda: CustomRegOp().attr("scale", "optional", "float", "1.0").get_op_info())
show("op name not str", lambda: CustomRegOp(3))
show("op name empty", lambda: CustomRegOp("  "))
show("index not int", lambda: CustomRegOp().input("0"))
show("name not str", lambda: CustomRegOp().output(0, 1))
show("attr default not str", lambda: CustomRegOp().attr("a", "required", "float", 1.0))
show("target not str", lambda: CustomRegOp().target(1))
show("dtype format count", lambda: CustomRegOp().input(0, "x").dtype_format(DataType.F32_Default, DataType.F32_Default))
show("dtype format not tuple", lambda: CustomRegOp().input(0, "x").dtype_format(["float32", "DefaultFormat"]))
show("dtype format part not str", lambda: CustomRegOp().input(0, "x").dtype_format(("float32", 1)))
