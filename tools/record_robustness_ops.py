"""Records the 200 most-used MindSpore ops (by the usage scan of real MindSpore code) that the
robustness test (tests/ops/test_robustness.py) gives bad inputs.

    python tools/record_robustness_ops.py

Reads msjax/_src/reference/mindspore_usage_in_real_code.tsv (tools/record_usage.py made it from
../shared/reference/mindspore_usage_in_real_code.tsv), adds up the uses of each op under every
name it is reached by (`ops.operations.Cast`, `ops.Cast`; `ops.functional.cast`, `ops.cast`),
leaves out the names that are no tensor op (`NOT_TENSOR_OPS`, each with why) and writes the 200
most-used to tests/goldens/robustness/ops_by_usage.txt, so that the test never reads ../shared.
"""
import collections
import csv
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
SOURCE = ROOT / "msjax" / "_src" / "reference" / "mindspore_usage_in_real_code.tsv"
OUT = ROOT / "tests" / "goldens" / "robustness" / "ops_by_usage.txt"
COUNT = 200
PREFIXES = ("mindspore.ops.operations.", "mindspore.ops.functional.", "mindspore.ops.composite.",
            "mindspore.ops.primitive.", "mindspore.ops.")
NOT_TENSOR_OPS = {
    # program transforms and graph-building helpers: they take functions, not tensors
    "GradOperation": "a gradient transform", "MultitypeFuncGraph": "a dispatch table",
    "HyperMap": "a map over sequences of functions", "partial": "functools.partial",
    "value_and_grad": "a gradient transform", "grad": "a gradient transform",
    "constexpr": "a decorator", "depend": "an ordering hint that returns its input",
    "Map": "a map over sequences of functions", "vmap": "a transform",
    "Primitive": "the base class", "PrimitiveWithInfer": "a base class",
    "prim_attr_register": "a decorator", "composite": "a module", "operations": "a module",
    "functional": "a module", "ms_function": "a transform", "jit": "a transform",
    "stop_gradient": "returns its input unchanged for any input",
    # Ascend's overflow-status registers: no tensor inputs of the user's
    "NPUGetFloatStatus": "Ascend-only status register", "NPUClearFloatStatus": "Ascend-only",
    "NPUAllocFloatStatus": "Ascend-only status register",
    # printing and collective communication: no result to compare on one process
    "Print": "prints", "AllReduce": "a collective (needs an initialised group)",
    "AllGather": "a collective", "Broadcast": "a collective", "ReduceScatter": "a collective",
    "AlltoAll": "a collective",
    # random-number ops: results differ by design
    "UniformReal": "random", "StandardNormal": "random", "RandomChoiceWithMask": "random",
    "Dropout": "random", "UniformInt": "random", "Multinomial": "random",
    "DType": "returns a dtype", "dtype": "returns a dtype", "Shape": "returns a tuple",
    "shape": "returns a tuple", "Size": "returns an int", "Rank": "returns an int",
    "ReduceOp": "an enum of reduction kinds", "ScalarSummary": "a summary record",
    "TensorSummary": "a summary record", "ImageSummary": "a summary record",
    "HistogramSummary": "a summary record", "add_flags": "sets a function's attributes",
    "tuple_len": "len() of a tuple", "Depend": "an ordering hint that returns its input",
    "make_range": "range() of Python ints", "DynamicRNN": "Ascend-only",
    "normal": "random", "uniform": "random", "mixed_precision_cast": "internal to amp",
    "ScalarCast": "casts a Python scalar", "randn": "random", "multinomial": "random",
    "FusedWeightScaleApplyMomentum": "Ascend-only fused optimizer step", "Custom": "a user-kernel wrapper", "Cell": "not an op", "Tensor": "not an op",
    "get_vm_impl_fn": "internal", "signature": "internal", "clip_by_global_norm":
        "takes a tuple of gradients (its per-tensor checks are clip_by_value's)",
}


def main() -> None:
    lines = SOURCE.read_text().splitlines()
    rows = csv.DictReader((line for line in lines if not line.startswith("#")), delimiter="\t")
    uses = collections.Counter()
    for row in rows:
        name = row["name"]
        if not name.startswith("mindspore.ops."):
            continue
        short = name.rsplit(".", 1)[-1]
        if short in NOT_TENSOR_OPS or short.startswith("_") or "." in name[len("mindspore.ops."):] \
                and not name.startswith(PREFIXES[:4]):
            continue
        uses[short] += int(row["files"])
    chosen = uses.most_common(COUNT)
    out = ["# The 200 most-used MindSpore tensor ops: name, files of real code using it (all its",
           "# names together). Made by tools/record_robustness_ops.py; do not edit."]
    out += [f"{name}\t{files}" for name, files in chosen]
    OUT.write_text("\n".join(out) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(chosen)} ops, {chosen[-1][1]} files or more each")


if __name__ == "__main__":
    main()
