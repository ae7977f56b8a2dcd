"""Regenerate msjax/ops/__init__.py from the op table: one re-export line per registered name.

Run after adding ops:  python tools/gen_ops_init.py
Names that are not in the op table (transforms, composites) are listed in EXTRA, by module.
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from msjax._src.ops import sparse_ops  # noqa: E402  (its table names the sparse functions)

# Public names of mindspore.ops that live outside the op table: {module: [names]}.
EXTRA = {
    "msjax._src.ops.registry": ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck",
                                "prim_attr_register"],
    "msjax._src.transforms.grad": ["GradOperation", "grad", "value_and_grad", "jacfwd", "jacrev"],
    "msjax._src.transforms.vmap": ["vmap"],
    "msjax._src.transforms.loop_ops": ["WhileLoop", "ForiLoop", "Scan"],
    "msjax._src.transforms.switch_layer": ["switch_layer"],
    "msjax._src.ops.composite": ["MultitypeFuncGraph", "HyperMap", "Map", "partial", "Partial"],
    "msjax._src.ops.comm_ops": ["ReduceOp"],
    "msjax._src.core.tensor": ["Tensor", "is_tensor"],
    "msjax._src.ops.host_ops": ["constexpr", "make_range", "make_tuple", "print_", "tail",
                                "tuple_len"],
    "msjax._src.ops.inner_ops": ["mixed_precision_cast"],
    "msjax._src.ops.used_primitives": ["scalar_to_array"],
    "msjax._src.ops.graph_values": ["get_grad", "isconstant", "is_sequence_value_unknown",
                                    "is_sequence_shape_unknown",
                                    "is_dynamic_sequence_element_unknown"],
    "msjax._src.ops.scalar_ops": [
        "scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv", "scalar_mod",
        "scalar_pow", "scalar_eq", "scalar_ne", "scalar_lt", "scalar_gt", "scalar_le",
        "scalar_ge", "scalar_max", "scalar_min", "scalar_log", "scalar_uadd", "scalar_usub",
        "switch", "bool_and", "bool_or", "bool_eq", "string_eq", "string_concat"],
    "msjax._src.core.function_flags": ["add_flags"],
    "msjax._src.ops.graph_helpers": [
        "is_", "is_not", "in_dict", "not_in_dict", "bool_not", "shape_mul", "tuple_reversed",
        "tuple_getitem", "list_getitem", "list_len", "make_list", "typeof", "reduced_shape",
        "tensor_range", "tensor_slice", "reshape_", "list_equal", "tuple_equal", "make_slice",
        "dict_getitem", "tuple_setitem", "list_setitem", "tuple_div", "hastype", "tensor_muls",
        "hyper_add", "augassign_add", "augassign_sub", "augassign_mul", "augassign_div",
        "augassign_floordiv", "augassign_mod", "broadcast_gradient_args", "is_tensor_bool_cond"],
    "msjax._src.ops.sparse_helpers": [
        "coo_tensor_get_indices", "coo_tensor_get_values", "coo_tensor_get_dense_shape",
        "csr_tensor_get_indptr", "csr_tensor_get_indices", "csr_tensor_get_values",
        "csr_tensor_get_dense_shape", "row_tensor_get_indices", "row_tensor_get_values",
        "row_tensor_get_dense_shape", "coo_add"],
    "msjax._src.ops.conv3d_ops": ["conv3d_transpose"],
    "msjax._src.ops.dump_ops": ["TensorDump", "tensordump"],
    "msjax._src.ops.adafactor_ops": ["FusedAdaFactor", "FusedAdaFactorWithGlobalNorm"],
    "msjax._src.ops.view_primitives": ["SelectView", "TransposeExtView"],
    "msjax._src.ops.vm_impl_registry": ["get_vm_impl_fn", "vm_impl_registry"],
    "msjax._src.transforms.forward_mode": ["jvp", "vjp", "linearize", "jet", "derivative"],
    "msjax._src.transforms.custom_grad": ["Morph"],
    "msjax._src.ops.custom_registration": ["CustomRegOp", "DataType"],
    "msjax._src.ops.sparse_ops": [f"{kind}_{name}" for name in sparse_ops.UNARY
                                  for kind in ("csr", "coo")] + list(sparse_ops.FUNCTIONS),
}


# Modules of Primitives that are not all names of `mindspore.ops` (see render).
INTERNAL_PRIMITIVE_MODULES = ("msjax._src.ops.alias_primitives", "msjax._src.ops.grad_ops",
                              "msjax._src.ops.grad_primitives", "msjax._src.ops.inner_ops",
                              "msjax._src.ops.linalg_primitives", "msjax._src.ops.loss_ops",
                              "msjax._src.ops.quant_ops", "msjax._src.ops.set_ops",
                              "msjax._src.ops.random_ops", "msjax._src.ops.rl_inner_ops",
                              "msjax._src.ops.sparse_primitives")

# `mindspore.ops.<name>` modules that are packages in MindSpore (`ops.operations.math_ops`, ...).
PACKAGES = ("operations", "composite")


def main() -> None:
    # The file being regenerated may import names that no longer exist: start from a stub.
    (ROOT / "msjax" / "ops" / "__init__.py").write_text('"""Being regenerated."""\n')
    files = render()
    for path, text in files.items():
        (ROOT / path).write_text(text)
    print(f"msjax/ops/__init__.py: {files['msjax/ops/__init__.py'].count(chr(10))} lines")


def render() -> dict:
    """{path relative to the repository: text} of every generated file (tests/ops compares them
    with the files in the tree)."""
    files = {}
    import msjax  # noqa: F401  (imports every op module, filling the table)
    from msjax._src.ops.registry import OPS, PRIMITIVES

    lines = ['"""`mindspore.ops`: generated by tools/gen_ops_init.py from the op table."""',
             "# ruff: noqa: F401"]
    entries = []
    for name, fn in OPS.items():
        entries.append((fn.__module__, fn.__name__, name))
    from msjax._src.reference import mindspore_modules
    mindspore_ops = set(mindspore_modules()["mindspore.ops"]["names"])
    for name, cls in PRIMITIVES.items():
        entries.append((*_defining_module(cls), name))
    for module, names in EXTRA.items():
        entries += [(module, n, n) for n in names]
    # Names that are Primitive instances in MindSpore come from primitive_instances instead.
    from msjax._src.ops.primitive_instances import INSTANCES
    entries = [e for e in entries if e[2] not in INSTANCES]
    entries += [("msjax._src.ops.primitive_instances", n, n) for n in INSTANCES]
    for module, attr, name in sorted(entries, key=lambda e: e[2].lower()):
        # MindSpore's gradient and 1.x-only Primitives are no names of its `ops` (module_tree's
        # NAME_SOURCES finds them in ops.operations._grad_ops); those `ops` has are exported.
        if module in INTERNAL_PRIMITIVE_MODULES and name not in mindspore_ops:
            continue
        lines.append(f"from {module} import {attr} as {name}")
    lines.append("from msjax.ops import operations as P  # MindSpore's `ops.P`: ops.operations")
    lines += [f"from msjax._src.module_tree import missing_names as _missing_names", "",
              "__getattr__ = _missing_names(__name__)"]
    files["msjax/ops/__init__.py"] = "\n".join(lines) + "\n"
    # MindSpore 1.x import paths: `ops.operations` (P), `ops.functional` (F), `ops.composite` (C),
    # each with the names of `mindspore.ops` its MindSpore module also has (recorded in
    # msjax/_src/reference/).
    primitive_names = {n for n, cls in PRIMITIVES.items()
                       if _defining_module(cls)[0] not in INTERNAL_PRIMITIVE_MODULES} | {"Primitive"}
    composite_names = {n for names in EXTRA.values() for n in names} - {
        "Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register", "Tensor",
        "is_tensor", "get_vm_impl_fn", "vm_impl_registry", "jvp", "vjp", "linearize", "jet",
        "derivative", "isconstant", "is_sequence_value_unknown", "is_sequence_shape_unknown",
        "is_dynamic_sequence_element_unknown", *EXTRA["msjax._src.ops.scalar_ops"],
        *EXTRA["msjax._src.transforms.loop_ops"], "Morph",
        "print_", "mixed_precision_cast", "scalar_to_array"}

    def recorded(module_name):
        return set(mindspore_modules()[f"mindspore.ops.{module_name}"]["names"])

    for module_name, keep in (
            ("operations", lambda n: n in primitive_names or n in recorded("operations")),
            ("functional", lambda n: n in OPS or n in INSTANCES or n in recorded("functional")),
            ("composite", lambda n: n in composite_names or n in recorded("composite"))):
        sub = [f'"""`mindspore.ops.{module_name}`: generated by tools/gen_ops_init.py."""',
               "# ruff: noqa: F401"]
        sub += [f"from {m} import {a} as {n}" for m, a, n in sorted(entries, key=lambda e: e[2].lower())
                if keep(n)]
        sub += ["from msjax._src.module_tree import missing_names as _missing_names", ""]
        if module_name in PACKAGES:
            sub.append("__path__ = []  # a package in MindSpore: its submodules come from "
                       "msjax._src.module_tree")
        sub.append("__getattr__ = _missing_names(__name__)")
        files[f"msjax/ops/{module_name}.py"] = "\n".join(sub) + "\n"
    return files


def _defining_module(cls):
    """The msjax._src module that holds the Primitive class `cls` as a module attribute, modules
    of msjax._src.ops first (the output must not depend on which other modules are imported)."""
    modules = sorted(sys.modules.items(), key=lambda item: (
        not item[0].startswith("msjax._src.ops."), item[0]))
    for module_name, module in modules:
        if module_name.startswith("msjax._src.") and module is not None:
            for attr, value in vars(module).items():
                if value is cls:
                    return module_name, attr
    raise LookupError(f"Primitive {cls.__name__} is not a module attribute of any msjax._src module")


if __name__ == "__main__":
    main()
