"""Records the attributes MindSpore 2.10's activation Cells hold beyond a bare Cell's: for each,
its name, its type and, for a Primitive, the Primitive's attrs (without input/output names)
(tests/goldens/nn/activation_attributes.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/activation_attributes_probe.py \\
        > tests/goldens/nn/activation_attributes.json
"""
import json

CELLS = ["ReLU()", "ReLU6()", "LeakyReLU()", "ELU()", "ELU(0.5)", "CELU(2.0)", "SeLU()", "GELU()",
         "FastGelu()", "SiLU()", "Sigmoid()", "Tanh()", "Tanhshrink()", "Hardtanh()", "Softsign()",
         "HSwish()", "HSigmoid()", "SoftShrink(0.3)", "HShrink(0.7)", "Mish()", "Softmax()",
         "Softmax(1)", "Softmax((0, 1))", "Softmin(1)", "LogSoftmax()", "LogSoftmax(1)",
         "Softmax2d()", "LogSigmoid()", "PReLU()", "GLU()"]


def record_goldens():
    import mindspore as ms
    from mindspore import nn
    from mindspore.ops import Primitive

    bare = set(vars(nn.Cell()))
    records = []
    for expr in CELLS:
        cell = eval(f"nn.{expr}", {"nn": nn})  # pylint: disable=eval-used
        attributes = []
        for key, value in vars(cell).items():
            if key in bare or key.startswith("_"):
                continue
            entry = {"name": key, "type": type(value).__name__}
            if isinstance(value, Primitive):
                entry["attrs"] = {k: repr(v) for k, v in value.attrs.items()
                                  if k not in ("input_names", "output_names")}
                if hasattr(value, "axis"):
                    entry["axis"] = repr(value.axis)
            elif isinstance(value, (int, float, str, tuple)):
                entry["repr"] = repr(value)
            attributes.append(entry)
        records.append({"cell": expr, "attributes": attributes})
    return {"mindspore_version": ms.__version__, "records": records}


if __name__ == "__main__":
    print(json.dumps(record_goldens(), indent=1))
