"""MindSpore 2.10: which Python floats a compiled function returns rounded to float32, more
cases than graph_float_results_probe.py (operators, builtins, names, containers, statements,
floats passed on to Tensors, arguments). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_float_rule_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_float_rule_probe.out
"""
import math
from math import pi

import numpy as np

import mindspore as ms
from mindspore import Tensor, jit, mutable, nn, ops


G = -123.6
G2 = 123.6
GT = (1.1, 2.2)
GL = [1.1]
GD = {'a': 1.1}
GN = [(1.1,), {'b': 2.2}]
GBIG = 1e40
GI = 3
X64 = Tensor(np.array([2.0], np.float64))
X32 = Tensor(np.array([1.1], np.float32))


class C:
    f = 1.1


class Obj:
    def __init__(self):
        self.f = 1.1
        self.t = (1.1, 2.2)


OBJ = Obj()


def show(label, fn):
    try:
        result = fn()
        print(f"{label} -> {type(result).__name__} {result!r}", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> ERR {type(e).__name__} | {str(e).splitlines()[0]}", flush=True)


def helper_literal():
    return 1.1


def helper_negated():
    return -1.1


def helper_identity(a):
    return a


def case_0():  # literal 1e-50
    return 1e-50

def case_1():  # literal -1e40
    return -1e40

def case_2():  # literal 3.4e38
    return 3.4e38

def case_3():  # literal 1e39
    return 1e39

def case_4():  # literal 0.1
    return 0.1

def case_5():  # literal 2.5e-45
    return 2.5e-45

def case_6():  # tuple (1e40,)
    return (1e40,)

def case_7():  # list [1.1, 1e40]
    return [1.1, 1e40]

def case_8():  # +1.1
    return +1.1

def case_9():  # -(-1.1)
    return -(-1.1)

def case_10():  # -0.0
    return -0.0

def case_11():  # 1.1 + 0
    return 1.1 + 0

def case_12():  # 1.1 * 1
    return 1.1 * 1

def case_13():  # 1 + 0.1
    return 1 + 0.1

def case_14():  # 2 * 1.1
    return 2 * 1.1

def case_15():  # 1.1 - 0.1
    return 1.1 - 0.1

def case_16():  # 1 / 3
    return 1 / 3

def case_17():  # 1.1 / 1
    return 1.1 / 1

def case_18():  # 7 // 2.5
    return 7 // 2.5

def case_19():  # 7.1 // 2
    return 7.1 // 2

def case_20():  # 7.1 % 2
    return 7.1 % 2

def case_21():  # 1.1 ** 2
    return 1.1 ** 2

def case_22():  # 2 ** 0.5
    return 2 ** 0.5

def case_23():  # 10 ** -1
    return 10 ** -1

def case_24():  # 3 * 2
    return 3 * 2

def case_25():  # 7 // 2
    return 7 // 2

def case_26():  # 16777217 + 0
    return 16777217 + 0

def case_27():  # 16777217 / 1
    return 16777217 / 1

def case_28():  # 1e39 * 1
    return 1e39 * 1

def case_29():  # 1.1 + 2.2 - 2.2
    return 1.1 + 2.2 - 2.2

def case_30():  # abs(1.1)
    return abs(1.1)

def case_31():  # abs(-1.1)
    return abs(-1.1)

def case_32():  # min(1.1, 2.2)
    return min(1.1, 2.2)

def case_33():  # min(-1.1, 2.2)
    return min(-1.1, 2.2)

def case_34():  # max([1.1, 2.2])
    return max([1.1, 2.2])

def case_35():  # max(1, 2.2)
    return max(1, 2.2)

def case_36():  # max(1.1, 2)
    return max(1.1, 2)

def case_37():  # max(G, 1.0)
    return max(G, 1.0)

def case_38():  # float(1.1)
    return float(1.1)

def case_39():  # float(123.6)
    return float(123.6)

def case_40():  # float(16777217)
    return float(16777217)

def case_41():  # float(True)
    return float(True)

def case_42():  # float(G2)
    return float(G2)

def case_43():  # round(1.15, 1)
    return round(1.15, 1)

def case_44():  # round(-1.15, 1)
    return round(-1.15, 1)

def case_45():  # round(1.1)
    return round(1.1)

def case_46():  # sum([1.1])
    return sum([1.1])

def case_47():  # sum([1.1, 2.2], 0.5)
    return sum([1.1, 2.2], 0.5)

def case_48():  # sum((1.1,))
    return sum((1.1,))

def case_49():  # sum([])
    return sum([])

def case_50():  # pow(1.1, 2)
    return pow(1.1, 2)

def case_51():  # divmod(7.5, 2)
    return divmod(7.5, 2)

def case_52():  # math.sin(1.0)
    return math.sin(1.0)

def case_53():  # math.fabs(-1.1)
    return math.fabs(-1.1)

def case_54():  # math.e
    return math.e

def case_55():  # np.sqrt(2.0)
    return float(np.sqrt(2.0))

def case_56():  # math.sqrt(G2)
    return math.sqrt(G2)

def case_57():  # math.pi + 0
    return math.pi + 0

def case_58():  # len([1]) * 1.1
    return len([1]) * 1.1

def case_59():  # int(1.9)
    return int(1.9)

def case_60():  # bool(1.1)
    return bool(1.1)

def case_61():  # str(0.1 + 0.2)
    return str(0.1 + 0.2)

def case_62():  # f-string
    return f'{0.1 + 0.2}'

def case_63():  # str(1.1)
    return str(1.1)

def case_64():  # 1.1 if True else 2.2
    return 1.1 if True else 2.2

def case_65():  # (-1.1 if True else 2.2)
    return -1.1 if True else 2.2

def case_66():  # list((1.1,))
    return list((1.1,))

def case_67():  # tuple([-1.1])
    return tuple([-1.1])

def case_68():  # [1.1] * 2
    return [1.1] * 2

def case_69():  # [1.1] + [2.2]
    return [1.1] + [2.2]

def case_70():  # (1.1,) + (-2.2,)
    return (1.1,) + (-2.2,)

def case_71():  # [1.1, 2.2][0]
    return [1.1, 2.2][0]

def case_72():  # (1.1, 2.2)[1]
    return (1.1, 2.2)[1]

def case_73():  # {'a': 1.1}['a']
    return {'a': 1.1}['a']

def case_74():  # [-1.1][0]
    return [-1.1][0]

def case_75():  # global 123.6
    return G2

def case_76():  # global tuple
    return GT

def case_77():  # global tuple [0]
    return GT[0]

def case_78():  # global list
    return GL

def case_79():  # global dict
    return GD

def case_80():  # global nested
    return GN

def case_81():  # from math import pi
    return pi

def case_82():  # global 1e40
    return GBIG

def case_83():  # global int
    return GI

def case_84():  # class attribute
    return C.f

def case_85():  # object attribute
    return OBJ.f

def case_86():  # object attribute tuple
    return OBJ.t

def case_87():  # [1.1, -1.1]
    return [1.1, -1.1]

def case_88():  # (1.1, -1.1)
    return (1.1, -1.1)

def case_89():  # [[-1.1]]
    return [[-1.1]]

def case_90():  # {'a': 1.1}
    return {'a': 1.1}

def case_91():  # {'a': [-1.1]}
    return {'a': [-1.1]}

def case_92():  # ((1.1,),)
    return ((1.1,),)

def case_93():  # {'a': (1.1, 2.2)}
    return {'a': (1.1, 2.2)}

def case_94():  # [G2, 1.1]
    return [G2, 1.1]

def case_95():  # Tensor(-1.1, float64)
    return Tensor(-1.1, ms.float64)

def case_96():  # Tensor(1.1, float64)
    return Tensor(1.1, ms.float64)

def case_97():  # Tensor(0.1 + 0.2, float64)
    return Tensor(0.1 + 0.2, ms.float64)

def case_98():  # Tensor(G2, float64)
    return Tensor(G2, ms.float64)

def case_99():  # Tensor([-1.1], float64)
    return Tensor([-1.1], ms.float64)

def case_100():  # ops.fill -1.1 float64
    return ops.fill(ms.float64, (1,), -1.1)

def case_101():  # x64 * (0.1 + 0.2)
    return X64 * (0.1 + 0.2)

def case_102():  # x64 + G2
    return X64 + G2

def case_103():  # x64 * 1.1
    return X64 * 1.1

def case_104():  # (x64 * 1.1).item()
    return (X64 * 1.1).item()

def case_105():  # x.item() * 1.1
    return X64.item() * 1.1

def case_106():  # x64.item()
    return X64.item()

def case_107():  # x32.item()
    return X32.item()

def case_108():  # float(x32)
    return float(X32)

def case_109():  # mutable(1.1)
    return mutable(1.1)

def case_110():  # mutable(-1.1)
    return mutable(-1.1)

def case_111():  # mutable(1.1) * 1
    return mutable(1.1) * 1

def case_112():  # x64.shape[0] * 1.1
    return X64.shape[0] * 1.1

def stmt_0():  # variable a = 1.1
    a = 1.1
    return a

def stmt_1():  # variable a = -1.1; b = a
    a = -1.1
    b = a
    return b

def stmt_2():  # a = 1.1; a += 0
    a = 1.1
    a += 0
    return a

def stmt_3():  # a = 1.1; a *= 2
    a = 1.1
    a *= 2
    return a

def stmt_4():  # if True: a = 1.1
    if True:
        a = 1.1
    else:
        a = 2.2
    return a

def stmt_5():  # if G2 > 0: a = 1.1
    if G2 > 0:
        a = 1.1
    else:
        a = 2.2
    return a

def stmt_6():  # if G2 > 0: a = -1.1
    if G2 > 0:
        a = -1.1
    else:
        a = 2.2
    return a

def stmt_7():  # a = 1.1 before if
    a = 1.1
    if G2 > 0:
        b = 1
    else:
        b = 2
    return a

def stmt_8():  # return 1.1 in if
    if G2 > 0:
        return 1.1
    return 2.2

def stmt_9():  # for s += 0.1
    s = 0.0
    for i in range(3):
        s += 0.1
    return s

def stmt_10():  # for s = 1.1 pass
    s = 1.1
    for i in range(3):
        pass
    return s

def stmt_11():  # for s = 1.1 assigned
    s = 0.0
    for i in range(3):
        s = 1.1
    return s

def stmt_12():  # for over floats
    s = 0.0
    for v in (1.1, 2.2):
        s = v
    return s

def stmt_13():  # while i < 3 a = 1.1
    i = 0
    a = 0.0
    while i < 3:
        a = 1.1
        i += 1
    return a

def stmt_14():  # list append 1.1
    l = []
    l.append(1.1)
    return l

def stmt_15():  # list append -1.1
    l = []
    l.append(-1.1)
    return l

def stmt_16():  # helper returns 1.1
    return helper_literal()

def stmt_17():  # helper returns -1.1
    return helper_negated()

def stmt_18():  # helper returns argument
    return helper_identity(1.1)

def stmt_19():  # lambda 1.1
    f = lambda: 1.1
    return f()

def stmt_20():  # x64 tensor and 1.1
    return X64, 1.1

def stmt_21():  # x64 * 2 and -1.1
    return X64 * 2, -1.1

CASES = [
    ('literal 1e-50', case_0),
    ('literal -1e40', case_1),
    ('literal 3.4e38', case_2),
    ('literal 1e39', case_3),
    ('literal 0.1', case_4),
    ('literal 2.5e-45', case_5),
    ('tuple (1e40,)', case_6),
    ('list [1.1, 1e40]', case_7),
    ('+1.1', case_8),
    ('-(-1.1)', case_9),
    ('-0.0', case_10),
    ('1.1 + 0', case_11),
    ('1.1 * 1', case_12),
    ('1 + 0.1', case_13),
    ('2 * 1.1', case_14),
    ('1.1 - 0.1', case_15),
    ('1 / 3', case_16),
    ('1.1 / 1', case_17),
    ('7 // 2.5', case_18),
    ('7.1 // 2', case_19),
    ('7.1 % 2', case_20),
    ('1.1 ** 2', case_21),
    ('2 ** 0.5', case_22),
    ('10 ** -1', case_23),
    ('3 * 2', case_24),
    ('7 // 2', case_25),
    ('16777217 + 0', case_26),
    ('16777217 / 1', case_27),
    ('1e39 * 1', case_28),
    ('1.1 + 2.2 - 2.2', case_29),
    ('abs(1.1)', case_30),
    ('abs(-1.1)', case_31),
    ('min(1.1, 2.2)', case_32),
    ('min(-1.1, 2.2)', case_33),
    ('max([1.1, 2.2])', case_34),
    ('max(1, 2.2)', case_35),
    ('max(1.1, 2)', case_36),
    ('max(G, 1.0)', case_37),
    ('float(1.1)', case_38),
    ('float(123.6)', case_39),
    ('float(16777217)', case_40),
    ('float(True)', case_41),
    ('float(G2)', case_42),
    ('round(1.15, 1)', case_43),
    ('round(-1.15, 1)', case_44),
    ('round(1.1)', case_45),
    ('sum([1.1])', case_46),
    ('sum([1.1, 2.2], 0.5)', case_47),
    ('sum((1.1,))', case_48),
    ('sum([])', case_49),
    ('pow(1.1, 2)', case_50),
    ('divmod(7.5, 2)', case_51),
    ('math.sin(1.0)', case_52),
    ('math.fabs(-1.1)', case_53),
    ('math.e', case_54),
    ('np.sqrt(2.0)', case_55),
    ('math.sqrt(G2)', case_56),
    ('math.pi + 0', case_57),
    ('len([1]) * 1.1', case_58),
    ('int(1.9)', case_59),
    ('bool(1.1)', case_60),
    ('str(0.1 + 0.2)', case_61),
    ('f-string', case_62),
    ('str(1.1)', case_63),
    ('1.1 if True else 2.2', case_64),
    ('(-1.1 if True else 2.2)', case_65),
    ('list((1.1,))', case_66),
    ('tuple([-1.1])', case_67),
    ('[1.1] * 2', case_68),
    ('[1.1] + [2.2]', case_69),
    ('(1.1,) + (-2.2,)', case_70),
    ('[1.1, 2.2][0]', case_71),
    ('(1.1, 2.2)[1]', case_72),
    ("{'a': 1.1}['a']", case_73),
    ('[-1.1][0]', case_74),
    ('global 123.6', case_75),
    ('global tuple', case_76),
    ('global tuple [0]', case_77),
    ('global list', case_78),
    ('global dict', case_79),
    ('global nested', case_80),
    ('from math import pi', case_81),
    ('global 1e40', case_82),
    ('global int', case_83),
    ('class attribute', case_84),
    ('object attribute', case_85),
    ('object attribute tuple', case_86),
    ('[1.1, -1.1]', case_87),
    ('(1.1, -1.1)', case_88),
    ('[[-1.1]]', case_89),
    ("{'a': 1.1}", case_90),
    ("{'a': [-1.1]}", case_91),
    ('((1.1,),)', case_92),
    ("{'a': (1.1, 2.2)}", case_93),
    ('[G2, 1.1]', case_94),
    ('Tensor(-1.1, float64)', case_95),
    ('Tensor(1.1, float64)', case_96),
    ('Tensor(0.1 + 0.2, float64)', case_97),
    ('Tensor(G2, float64)', case_98),
    ('Tensor([-1.1], float64)', case_99),
    ('ops.fill -1.1 float64', case_100),
    ('x64 * (0.1 + 0.2)', case_101),
    ('x64 + G2', case_102),
    ('x64 * 1.1', case_103),
    ('(x64 * 1.1).item()', case_104),
    ('x.item() * 1.1', case_105),
    ('x64.item()', case_106),
    ('x32.item()', case_107),
    ('float(x32)', case_108),
    ('mutable(1.1)', case_109),
    ('mutable(-1.1)', case_110),
    ('mutable(1.1) * 1', case_111),
    ('x64.shape[0] * 1.1', case_112),
    ('variable a = 1.1', stmt_0),
    ('variable a = -1.1; b = a', stmt_1),
    ('a = 1.1; a += 0', stmt_2),
    ('a = 1.1; a *= 2', stmt_3),
    ('if True: a = 1.1', stmt_4),
    ('if G2 > 0: a = 1.1', stmt_5),
    ('if G2 > 0: a = -1.1', stmt_6),
    ('a = 1.1 before if', stmt_7),
    ('return 1.1 in if', stmt_8),
    ('for s += 0.1', stmt_9),
    ('for s = 1.1 pass', stmt_10),
    ('for s = 1.1 assigned', stmt_11),
    ('for over floats', stmt_12),
    ('while i < 3 a = 1.1', stmt_13),
    ('list append 1.1', stmt_14),
    ('list append -1.1', stmt_15),
    ('helper returns 1.1', stmt_16),
    ('helper returns -1.1', stmt_17),
    ('helper returns argument', stmt_18),
    ('lambda 1.1', stmt_19),
    ('x64 tensor and 1.1', stmt_20),
    ('x64 * 2 and -1.1', stmt_21),
]



class Literal(nn.Cell):
    def construct(self, x):
        return 1.1


class Attributes(nn.Cell):
    def __init__(self):
        super().__init__()
        self.f = 1.1
        self.t = (1.1, 2.2)
        self.l = [1.1]

    def construct(self, x):
        return self.f, self.t, self.l, self.f * 1


class Method(nn.Cell):
    def helper(self):
        return 1.1

    def construct(self, x):
        return self.helper(), -self.helper()


for mode, m in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    for label, body in CASES:
        show(f"{m} {label}", jit(body))

    @jit
    def returns_argument(a):
        return a

    @jit
    def negates(a):
        return -a

    @jit
    def first(a):
        return a[0]

    @jit
    def adds_zero(a):
        return a + 0

    @jit
    def with_default(a=1.1):
        return a

    @jit
    def float_of(a):
        return float(a)

    @jit
    def asnumpy_fallback(x):
        a = x.asnumpy()
        return float(-123.6), 1.1, 0.1 + 0.2

    show(f"{m} argument -1.1", lambda: returns_argument(-1.1))
    show(f"{m} argument 1e40", lambda: returns_argument(1e40))
    show(f"{m} -argument", lambda: negates(1.1))
    show(f"{m} tuple argument", lambda: returns_argument((1.1, 2.2)))
    show(f"{m} list argument", lambda: returns_argument([1.1, 2.2]))
    show(f"{m} dict argument", lambda: returns_argument({'a': 1.1}))
    show(f"{m} tuple argument [0]", lambda: first((1.1, 2.2)))
    show(f"{m} list argument [0]", lambda: first([1.1, 2.2]))
    show(f"{m} argument + 0", lambda: adds_zero(1.1))
    show(f"{m} int argument + 0.5", lambda: adds_zero(1))
    show(f"{m} default argument", lambda: with_default())
    show(f"{m} keyword argument", lambda: with_default(a=1.1))
    show(f"{m} float(argument)", lambda: float_of(1.1))
    show(f"{m} float(int argument)", lambda: float_of(16777217))
    show(f"{m} mutable argument", lambda: returns_argument(mutable(1.1)))
    show(f"{m} mutable argument + 0", lambda: adds_zero(mutable(1.1)))
    show(f"{m} asnumpy fallback", lambda: asnumpy_fallback(X32))
    show(f"{m} cell returns 1.1", lambda: Literal()(X32))
    show(f"{m} cell attributes", lambda: Attributes()(X32))
    show(f"{m} cell method", lambda: Method()(X32))

