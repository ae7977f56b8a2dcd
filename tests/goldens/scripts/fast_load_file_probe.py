"""MindSpore 2.10's `parallel.transform_safetensors._fast_load_file`: a safetensors file's
tensors as NumPy arrays (names, dtypes, shapes, values). Printed `label -> result`;
tests/test_safetensors_format.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/fast_load_file_probe.py \\
        | grep -- " -> " > tests/goldens/safetensors/fast_load_file_probe.out
"""
import os
import tempfile

import numpy as np
from safetensors.numpy import save_file
from mindspore.parallel.transform_safetensors import _fast_load_file

data = {"b_f64": np.arange(6, dtype=np.float64).reshape(2, 3) / 7,
        "a_f32": np.array([[1.5, -2.25]], np.float32),
        "c_i8": np.array([-3, 4, 5], np.int8),
        "d_f16": np.array([0.1, 0.2], np.float16),
        "e_bool": np.array([True, False])}
path = os.path.join(tempfile.mkdtemp(), "probe.safetensors")
save_file(data, path)
loaded = _fast_load_file(path)
print("type ->", type(loaded).__name__, sorted(loaded))
for name in sorted(loaded):
    value = loaded[name]
    print(f"{name} -> {type(value).__name__} {value.dtype} {value.shape} {value.tolist()}")
