"""MindSpore 2.10 goldens for dataset.text.ToNumber: how each numeric type parses strings (signs,
spaces, exponents, hex, infinities), its range errors and its argument errors. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tx20_to_number_probe.py \
        | grep " -> " > tests/goldens/dataset/tx20_to_number_probe.out
"""
import json

import numpy as np

import mindspore.common.dtype as mstype
import mindspore.dataset as ds
import mindspore.dataset.text as text

TYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16",
         "float32", "float64"]
STRINGS = ["12", "-12", "+7", " 5", "5 ", "1.5", "1e3", "0x10", "", "abc", "12abc", "inf", "-inf",
           "nan", "-0", "300", "70000", "5000000000", "-1", "1e40", "1e-50", "1.8e+308",
           "3.4e38", "65504", "65520", "1e309", "007", "9223372036854775807", "9223372036854775808",
           "18446744073709551615", "18446744073709551616", "-9223372036854775809", ".5", "5.",
           "1_000", "١٢"]


def result_json(value):
    array = np.asarray(value)
    values = array.astype(np.float64).tolist() if array.dtype.kind == "f" else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


CASES = {}
for name in TYPES:
    for s in STRINGS:
        CASES[f"{name} {s!r}"] = lambda n=name, s=s: text.ToNumber(getattr(mstype, n))(np.array([s]))
CASES.update({
    "2-D": lambda: text.ToNumber(mstype.int8)([["1", "2", "3"], ["4", "5", "6"]]),
    "scalar": lambda: text.ToNumber(mstype.int32)("42"),
    "two inputs": lambda: text.ToNumber(mstype.int8)(["1"], ["2"]),
    "None in list": lambda: text.ToNumber(mstype.int8)([["1", "2", None]]),
    "numbers in": lambda: text.ToNumber(mstype.int8)(np.array([1, 2])),
    "bool": lambda: text.ToNumber(mstype.bool_),
    "string": lambda: text.ToNumber(mstype.string),
    "np type": lambda: text.ToNumber(np.int32),
    "str type": lambda: text.ToNumber("int32"),
    "in pipeline": lambda: [row[0].tolist() for row in ds.NumpySlicesDataset(
        {"x": ["1", "22"]}, shuffle=False).map(text.ToNumber(mstype.int16), ["x"]).create_tuple_iterator(output_numpy=True)],
})

for label, case in CASES.items():
    try:
        result = result_json(case())
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error)}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False)}")
