"""The module-level Primitive instances of `mindspore.ops` (`ops.reduce_sum` prints
`Prim[ReduceSum]<keep_dims=False, skip_mode=False>`): where MindSpore's name is an instance of a
Primitive class (recorded in msjax/_src/reference/ as `primitive_instance`), msjax's is an
instance of its own class of that name, built here from the op table's Primitive classes.

Each instance takes MindSpore's inputs, by position or by name (`ops.reduce_sum(x, axis=())`).
"""
from __future__ import annotations

import inspect

from msjax._src.ops import catalog  # noqa: F401  (fills the table)
from msjax._src.ops.registry import PRIMITIVES

# MindSpore's instance name -> its Primitive class, the inputs MindSpore's instance takes (a name,
# or (name, default)), and the attributes MindSpore's repr shows beyond the constructor's.
_AXIS = ("x", ("axis", ()))
_BINARY = ("input", "other")
INSTANCES = {
    "reduce_sum": ("ReduceSum", _AXIS, {}), "reduce_mean": ("ReduceMean", _AXIS, {}),
    "reduce_max": ("ReduceMax", _AXIS, {}), "reduce_min": ("ReduceMin", _AXIS, {}),
    "tensor_add": ("Add", _BINARY, {}), "tensor_sub": ("Sub", None, {}),
    "tensor_mul": ("Mul", _BINARY, {}), "tensor_div": ("RealDiv", ("x", "y"), {}),
    "tensor_exp": ("Exp", ("input",), {}), "tensor_expm1": ("Expm1", ("input",), {}),
    "floordiv": ("FloorDiv", _BINARY, {}), "tensor_floordiv": ("FloorDiv", _BINARY, {}),
    "floormod": ("FloorMod", ("x", "y"), {}), "tensor_mod": ("FloorMod", ("x", "y"), {}),
    "tensor_ge": ("GreaterEqual", _BINARY, {}), "tensor_le": ("LessEqual", _BINARY, {}),
    "tensor_pow": ("Pow", ("input", "exponent"), {}), "pows": ("Pow", ("input", "exponent"), {}),
    "tensor_scatter_update": ("TensorScatterUpdate", None, {}),
    "scatter_nd_update": ("ScatterNdUpdate", None, {}), "dtype": ("DType", ("x",), {}),
    "shape_": ("Shape", ("x",), {}),
    "depend": ("Depend", ("value", "expr"), {"side_effect_propagate": 1}),
}
# Instances of mindspore.ops.function.array_func that are no names of mindspore.ops (module_tree
# answers that module's names from here first)
ARRAY_FUNC_INSTANCES = {
    "arg_max_with_value_": ("ArgMaxWithValue", ("input",), {}),
    "arg_min_with_value_": ("ArgMinWithValue", ("input",), {}),
}


def _signature(inputs) -> inspect.Signature:
    """MindSpore's call signature of an instance; `None` is its generic `(*args)`."""
    if inputs is None:
        return inspect.Signature([inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)])
    return inspect.Signature([
        inspect.Parameter(i, inspect.Parameter.POSITIONAL_OR_KEYWORD) if isinstance(i, str) else
        inspect.Parameter(i[0], inspect.Parameter.POSITIONAL_OR_KEYWORD, default=i[1])
        for i in inputs])


def _build(name):
    class_name, inputs, shown = INSTANCES[name] if name in INSTANCES else ARRAY_FUNC_INSTANCES[name]
    cls = PRIMITIVES[class_name]
    signature = _signature(inputs)

    def __call__(self, *args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        return cls.__call__(self, *bound.args)

    instance_class = type(class_name, (cls,), {"__call__": __call__, "__module__": "msjax.ops",
                                               "__doc__": cls.__doc__})
    instance = instance_class()
    for key, value in shown.items():
        instance.add_prim_attr(key, value)
    instance.__signature__ = signature
    return instance


reduce_sum = _build("reduce_sum")
reduce_mean = _build("reduce_mean")
reduce_max = _build("reduce_max")
reduce_min = _build("reduce_min")
tensor_add = _build("tensor_add")
tensor_sub = _build("tensor_sub")
tensor_mul = _build("tensor_mul")
tensor_div = _build("tensor_div")
tensor_exp = _build("tensor_exp")
tensor_expm1 = _build("tensor_expm1")
floordiv = _build("floordiv")
tensor_floordiv = _build("tensor_floordiv")
floormod = _build("floormod")
tensor_mod = _build("tensor_mod")
tensor_ge = _build("tensor_ge")
tensor_le = _build("tensor_le")
tensor_pow = _build("tensor_pow")
pows = _build("pows")
tensor_scatter_update = _build("tensor_scatter_update")
scatter_nd_update = _build("scatter_nd_update")
shape_ = _build("shape_")
dtype = _build("dtype")
depend = _build("depend")
arg_max_with_value_ = _build("arg_max_with_value_")
arg_min_with_value_ = _build("arg_min_with_value_")
