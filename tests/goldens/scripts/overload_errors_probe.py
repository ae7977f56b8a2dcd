"""Tensor methods called with arguments that match none of their signatures: MindSpore 2.10's
TypeError for each, in PyNative mode and under ms.jit (graph mode), and calls that match.

Each case prints `mode call -> OK` or `mode call -> Type: message` (newlines as \\n, the C++
call stack cut). Run by tests/ops/test_overloads.py on msjax; the golden is MindSpore's output."""
import re
import numpy as np
import mindspore as ms
from mindspore import Tensor

x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))

def call_0(x):
    return x.add(x, 1)

def call_1(x):
    return x.add(msjax_probe=1)

def call_2(x):
    return x.add()

def call_3(x):
    return x.add(x, x, x)

def call_4(x):
    return x.clamp(min=1, max_value=10)

def call_5(x):
    return x.div(x, rounding_mode='floor', mode='floor')

def call_6(x):
    return x.roll(shifts=2, dims=1.1)

def call_7(x):
    return x.clamp(1, [1], 1)

def call_8(x):
    return x.max(a=1, b=2)

def call_9(x):
    return x.max(1, [1])

def call_10(x):
    return x.max(0, True, initial=[1])

def call_11(x):
    return x.max(0, 1, initial=None)

def call_12(x):
    return x.min(None, False, None)

def call_13(x):
    return x.sum(1.5)

def call_14(x):
    return x.mean(1.5)

def call_15(x):
    return x.transpose(0, 1.0)

def call_16(x):
    return x.abs(1)

def call_17(x):
    return x.log(1)

def call_18(x):
    return x.exp(1, 2)

def call_19(x):
    return x.reshape(1, 1.1)

def call_20(x):
    return x.reshape(1.1)

def call_21(x):
    return x.max([1, '2', (1, 2, 3), [1, 4, '3']], (1, '2'))

def call_22(x):
    return x.argmax(1.5)

def call_23(x):
    return x.split(1.5)

def call_24(x):
    return x.squeeze(1.5)

def call_25(x):
    return x.unsqueeze(1.5)

def call_26(x):
    return x.cumsum(1.5)

def call_27(x):
    return x.prod(1.5)

def call_28(x):
    return x.all(1.5)

def call_29(x):
    return x.any(axis=1.5)

def call_30(x):
    return x.tile(1.5)

def call_31(x):
    return x.topk('a')

def call_32(x):
    return x.permute(0, 1.5)

def call_33(x):
    return x.clamp(x, 1)

def call_34(x):
    return x.sub(x, 1)

def call_35(x):
    return x.mul(x, 1)

def call_36(x):
    return x.pow(x, 1)

def call_37(x):
    return x.eq(x, 1)

def call_38(x):
    return x.matmul(1.5)

def call_39(x):
    return x.flatten(1.5)

def call_40(x):
    return x.clamp(1, 3)

def call_41(x):
    return x.add(x)

def call_42(x):
    return x.add(2, alpha=3)

def call_43(x):
    return x.max()

def call_44(x):
    return x.max(0)

def call_45(x):
    return x.max(axis=0, keepdims=True)

def call_46(x):
    return x.sum(0)

def call_47(x):
    return x.sum((0, 1))

def call_48(x):
    return x.add(True)

def call_49(x):
    return x.add(x, alpha=1.5)

def call_50(x):
    return x.mean(0, True)

def call_51(x):
    return x.transpose(1, 0)

def call_52(x):
    return x.roll(1, 0)

def call_53(x):
    return x.div(x, rounding_mode='floor')

def call_54(x):
    return x.std(0)

def call_55(x):
    return x.reshape(4)

def call_56(x):
    return x.reshape((1, 4))

def call_57(x):
    return x.clamp(min=x)

CASES = ['x.add(x, 1)', 'x.add(msjax_probe=1)', 'x.add()', 'x.add(x, x, x)', 'x.clamp(min=1, max_value=10)', "x.div(x, rounding_mode='floor', mode='floor')", 'x.roll(shifts=2, dims=1.1)', 'x.clamp(1, [1], 1)', 'x.max(a=1, b=2)', 'x.max(1, [1])', 'x.max(0, True, initial=[1])', 'x.max(0, 1, initial=None)', 'x.min(None, False, None)', 'x.sum(1.5)', 'x.mean(1.5)', 'x.transpose(0, 1.0)', 'x.abs(1)', 'x.log(1)', 'x.exp(1, 2)', 'x.reshape(1, 1.1)', 'x.reshape(1.1)', "x.max([1, '2', (1, 2, 3), [1, 4, '3']], (1, '2'))", 'x.argmax(1.5)', 'x.split(1.5)', 'x.squeeze(1.5)', 'x.unsqueeze(1.5)', 'x.cumsum(1.5)', 'x.prod(1.5)', 'x.all(1.5)', 'x.any(axis=1.5)', 'x.tile(1.5)', "x.topk('a')", 'x.permute(0, 1.5)', 'x.clamp(x, 1)', 'x.sub(x, 1)', 'x.mul(x, 1)', 'x.pow(x, 1)', 'x.eq(x, 1)', 'x.matmul(1.5)', 'x.flatten(1.5)', 'x.clamp(1, 3)', 'x.add(x)', 'x.add(2, alpha=3)', 'x.max()', 'x.max(0)', 'x.max(axis=0, keepdims=True)', 'x.sum(0)', 'x.sum((0, 1))', 'x.add(True)', 'x.add(x, alpha=1.5)', 'x.mean(0, True)', 'x.transpose(1, 0)', 'x.roll(1, 0)', "x.div(x, rounding_mode='floor')", 'x.std(0)', 'x.reshape(4)', 'x.reshape((1, 4))', 'x.clamp(min=x)']

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
