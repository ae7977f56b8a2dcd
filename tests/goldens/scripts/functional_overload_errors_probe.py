"""MindSpore's functional ops of several signatures (mint.add, mint.clamp, ...) called with
arguments that match none: MindSpore 2.10's TypeError for each, in PyNative mode and under ms.jit,
and calls that match. Prints `mode call -> OK` or `mode call -> Type: message` (newlines as \\n,
the C++ call stack cut). Run by tests/mint/test_functional_overloads.py on msjax."""
import re
import numpy as np
import mindspore as ms
from mindspore import Tensor, mint

x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))

def call_0(x):
    return mint.add(x, 'a')

def call_1(x):
    return mint.clamp(x, 1, x)

def call_2(x):
    return mint.div(x, x, mode='floor')

def call_3(x):
    return mint.sub(x, x, x)

def call_4(x):
    return mint.eq(x, 'a')

def call_5(x):
    return mint.any(x, 1.5)

def call_6(x):
    return mint.xlogy(x, 'a')

def call_7(x):
    return mint.remainder(x, [1])

def call_8(x):
    return mint.lerp(x, x, 'a')

def call_9(x):
    return mint.less(x, None)

def call_10(x):
    return mint.mul(x, 'a')

def call_11(x):
    return mint.max(x, 'a')

def call_12(x):
    return mint.min(x, 0, 1)

def call_13(x):
    return mint.fmod(x, [1])

def call_14(x):
    return mint.floor_divide(x, 'a')

def call_15(x):
    return mint.greater_equal(x, 'a')

def call_16(x):
    return mint.where(x > 1, x, 'a')

def call_17(x):
    return mint.clip(x, 'a')

def call_18(x):
    return mint.add(x, x)

def call_19(x):
    return mint.add(x, 2, alpha=2)

def call_20(x):
    return mint.max(x)

def call_21(x):
    return mint.max(x, 0)

def call_22(x):
    return mint.max(x, x)

def call_23(x):
    return mint.clamp(x, 1, 2)

def call_24(x):
    return mint.clamp(x, x, x)

def call_25(x):
    return mint.div(x, 2, rounding_mode='floor')

def call_26(x):
    return mint.eq(x, 1)

def call_27(x):
    return mint.remainder(x, 2)

def call_28(x):
    return mint.xlogy(x, x)

def call_29(x):
    return mint.lerp(x, x, 0.5)

def call_30(x):
    return mint.any(x)

def call_31(x):
    return mint.min(x, 0, True)

CASES = ["mint.add(x, 'a')", 'mint.clamp(x, 1, x)', "mint.div(x, x, mode='floor')", 'mint.sub(x, x, x)', "mint.eq(x, 'a')", 'mint.any(x, 1.5)', "mint.xlogy(x, 'a')", 'mint.remainder(x, [1])', "mint.lerp(x, x, 'a')", 'mint.less(x, None)', "mint.mul(x, 'a')", "mint.max(x, 'a')", 'mint.min(x, 0, 1)', 'mint.fmod(x, [1])', "mint.floor_divide(x, 'a')", "mint.greater_equal(x, 'a')", "mint.where(x > 1, x, 'a')", "mint.clip(x, 'a')", 'mint.add(x, x)', 'mint.add(x, 2, alpha=2)', 'mint.max(x)', 'mint.max(x, 0)', 'mint.max(x, x)', 'mint.clamp(x, 1, 2)', 'mint.clamp(x, x, x)', "mint.div(x, 2, rounding_mode='floor')", 'mint.eq(x, 1)', 'mint.remainder(x, 2)', 'mint.xlogy(x, x)', 'mint.lerp(x, x, 0.5)', 'mint.any(x)', 'mint.min(x, 0, True)']

def show(mode, call, fn):
    try:
        fn(x)
        result = 'OK'
    except Exception as e:  # pylint: disable=broad-except
        text = re.split(r'\n+-{10,}', str(e))[0].rstrip()
        result = f'{type(e).__name__}: ' + text.replace('\n', '\\n')
    print(f'{mode} {call} -> {result}')

for i, call in enumerate(CASES):
    show('pynative', call, globals()[f'call_{i}'])
    show('graph', call, ms.jit(globals()[f'call_{i}']))
