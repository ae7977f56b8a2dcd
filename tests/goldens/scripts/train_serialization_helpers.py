"""MindSpore 2.10 goldens for the helpers of mindspore.train.serialization that real code imports
to read checkpoints by hand: tensor_to_np_type, tensor_to_ms_type and _update_param (which
load_param_into_net uses). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_serialization_helpers.py \
        | grep " -> " > tests/goldens/train/serialization_helpers.txt
"""
import json

import numpy as np

import mindspore as ms
from mindspore.train.serialization import _update_param, tensor_to_ms_type, tensor_to_np_type

NAMES = ["Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64", "Float16",
         "Float32", "Float64", "Bool", "BFloat16", "str", "Nope"]


def np_name(value):
    if value is None or isinstance(value, str):
        return value
    return np.dtype(value).name


def update(shape, dtype, strict):
    param = ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)), name="w")
    _update_param(param, ms.Parameter(ms.Tensor(np.full(shape, 2, dtype)), name="w"), strict)
    return [str(param.dtype), param.asnumpy().tolist()]


CASES = {f"tensor_to_np_type {name}": (lambda n=name: np_name(tensor_to_np_type(n))) for name in NAMES}
CASES.update({f"tensor_to_ms_type {name}": (lambda n=name: str(tensor_to_ms_type[n]))
              for name in NAMES if name not in ("str", "Nope")})
CASES.update({
    "_update_param same": lambda: update((2, 3), np.float32, False),
    "_update_param float16 into float32": lambda: update((2, 3), np.float16, False),
    "_update_param float16 into float32 strict": lambda: update((2, 3), np.float16, True),
    "_update_param int32 into float32": lambda: update((2, 3), np.int32, False),
    "_update_param shape": lambda: update((3, 2), np.float32, False),
})


def main():
    for label, case in CASES.items():
        try:
            result = case()
        except Exception as error:  # pylint: disable=broad-except
            result = {"error": type(error).__name__, "message": str(error)}
        print(f"{label} -> {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
