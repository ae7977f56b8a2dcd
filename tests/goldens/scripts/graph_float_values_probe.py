"""MindSpore 2.10: a Python float a compiled function returns unchanged (a literal, an argument)
comes back as Python's float64 when it is within 1e-6 of its float32 value and larger in magnitude
than float64's epsilon (2.22e-16), else as its float32 value (msjax/_src/transforms/graph_floats.py).
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_float_values_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_float_values_probe.out
"""
from mindspore import jit

def literal_0():
    return 4.1

def literal_1():
    return 4.7

def literal_2():
    return 5.3

def literal_3():
    return 8.1

def literal_4():
    return 2.3

def literal_5():
    return 3.3

def literal_6():
    return 3.7

def literal_7():
    return 7.7

def literal_8():
    return 1e-8

def literal_9():
    return 1e-30

def literal_10():
    return 1e-38

def literal_11():
    return 1e-40

def literal_12():
    return 0.3

def literal_13():
    return 10000000.1

def literal_14():
    return 100.5

def literal_15():
    return 1e10

def literal_16():
    return 1e20

def literal_17():
    return 16777217.0

def literal_18():
    return 16.1

def literal_19():
    return 33.3

def literal_20():
    return 67.3

def literal_21():
    return 12.3

def literal_22():
    return 0.7

def literal_23():
    return 0.9

def literal_24():
    return 1.7

def literal_25():
    return 1.9

def literal_26():
    return 2.9

def literal_27():
    return 3.9

def literal_28():
    return 6.1

def literal_29():
    return 1e-5

def literal_30():
    return 1e-3

def literal_31():
    return 0.001

def literal_32():
    return 123.25

def literal_33():
    return 1.2e-7

def literal_34():
    return 3.0e-8

def literal_35():
    return 4.4

def literal_36():
    return 9.9

def literal_37():
    return 1.0000001

def literal_38():
    return 1.00000001

def literal_39():
    return 0.99999999

def literal_40():
    return 2.0000002

def literal_41():
    return 8.000001

def literal_42():
    return 8.0000004

def literal_43():
    return 64.00001

def literal_44():
    return 64.000001

def literal_45():
    return 1e38

def literal_46():
    return 1.7e38

def literal_47():
    return 1e37

def literal_48():
    return 1.5e-45

def literal_49():
    return 1e-39

def literal_50():
    return 3e-39

def literal_51():
    return 1e-9

def literal_52():
    return 1e-10

def literal_53():
    return 1e-12

def literal_54():
    return 1e-14

def literal_55():
    return 1e-15

def literal_56():
    return 1e-16

def literal_57():
    return 1e-17

def literal_58():
    return 1e-18

def literal_59():
    return 1e-20

def literal_60():
    return 1e-22

def literal_61():
    return 1e-25

def literal_62():
    return 1e-28

def literal_63():
    return 1.1e-10

def literal_64():
    return 3.3e-12

def literal_65():
    return 1e-11

def literal_66():
    return 5e-11

def literal_67():
    return 2e-10

def literal_68():
    return 64.0000012

def literal_69():
    return 64.0000014

def literal_70():
    return 100.000001

def literal_71():
    return 100.0000012

def literal_72():
    return 1000.0001

def literal_73():
    return 1000.00001

def literal_74():
    return 0.1234567

def literal_75():
    return 1234.567

def literal_76():
    return 12345.67

def literal_77():
    return 123456.7

def literal_78():
    return 1234567.1

def literal_79():
    return 99.6

def literal_80():
    return 99.7

def literal_81():
    return 65.3

def literal_82():
    return 66.3

def literal_83():
    return 67.1

def literal_84():
    return 66.9

def literal_85():
    return 2e-16

def literal_86():
    return 2.2e-16

def literal_87():
    return 2.3e-16

def literal_88():
    return 2.5e-16

def literal_89():
    return 3e-16

def literal_90():
    return 5e-16

def literal_91():
    return 8e-16

def literal_92():
    return 1.1e-16

def literal_93():
    return 1.5e-16

def literal_94():
    return 7e-16

def literal_95():
    return 1e-6

def literal_96():
    return 1000000.05

def literal_97():
    return 1000000.04

def literal_98():
    return 500000.03

def literal_99():
    return 0.999999

def literal_100():
    return 262144.1

def literal_101():
    return 262144.11


@jit
def returns_argument(a):
    return a


CASES = [
    ('4.1', 4.1, literal_0),
    ('4.7', 4.7, literal_1),
    ('5.3', 5.3, literal_2),
    ('8.1', 8.1, literal_3),
    ('2.3', 2.3, literal_4),
    ('3.3', 3.3, literal_5),
    ('3.7', 3.7, literal_6),
    ('7.7', 7.7, literal_7),
    ('1e-8', 1e-8, literal_8),
    ('1e-30', 1e-30, literal_9),
    ('1e-38', 1e-38, literal_10),
    ('1e-40', 1e-40, literal_11),
    ('0.3', 0.3, literal_12),
    ('10000000.1', 10000000.1, literal_13),
    ('100.5', 100.5, literal_14),
    ('1e10', 1e10, literal_15),
    ('1e20', 1e20, literal_16),
    ('16777217.0', 16777217.0, literal_17),
    ('16.1', 16.1, literal_18),
    ('33.3', 33.3, literal_19),
    ('67.3', 67.3, literal_20),
    ('12.3', 12.3, literal_21),
    ('0.7', 0.7, literal_22),
    ('0.9', 0.9, literal_23),
    ('1.7', 1.7, literal_24),
    ('1.9', 1.9, literal_25),
    ('2.9', 2.9, literal_26),
    ('3.9', 3.9, literal_27),
    ('6.1', 6.1, literal_28),
    ('1e-5', 1e-5, literal_29),
    ('1e-3', 1e-3, literal_30),
    ('0.001', 0.001, literal_31),
    ('123.25', 123.25, literal_32),
    ('1.2e-7', 1.2e-7, literal_33),
    ('3.0e-8', 3.0e-8, literal_34),
    ('4.4', 4.4, literal_35),
    ('9.9', 9.9, literal_36),
    ('1.0000001', 1.0000001, literal_37),
    ('1.00000001', 1.00000001, literal_38),
    ('0.99999999', 0.99999999, literal_39),
    ('2.0000002', 2.0000002, literal_40),
    ('8.000001', 8.000001, literal_41),
    ('8.0000004', 8.0000004, literal_42),
    ('64.00001', 64.00001, literal_43),
    ('64.000001', 64.000001, literal_44),
    ('1e38', 1e38, literal_45),
    ('1.7e38', 1.7e38, literal_46),
    ('1e37', 1e37, literal_47),
    ('1.5e-45', 1.5e-45, literal_48),
    ('1e-39', 1e-39, literal_49),
    ('3e-39', 3e-39, literal_50),
    ('1e-9', 1e-9, literal_51),
    ('1e-10', 1e-10, literal_52),
    ('1e-12', 1e-12, literal_53),
    ('1e-14', 1e-14, literal_54),
    ('1e-15', 1e-15, literal_55),
    ('1e-16', 1e-16, literal_56),
    ('1e-17', 1e-17, literal_57),
    ('1e-18', 1e-18, literal_58),
    ('1e-20', 1e-20, literal_59),
    ('1e-22', 1e-22, literal_60),
    ('1e-25', 1e-25, literal_61),
    ('1e-28', 1e-28, literal_62),
    ('1.1e-10', 1.1e-10, literal_63),
    ('3.3e-12', 3.3e-12, literal_64),
    ('1e-11', 1e-11, literal_65),
    ('5e-11', 5e-11, literal_66),
    ('2e-10', 2e-10, literal_67),
    ('64.0000012', 64.0000012, literal_68),
    ('64.0000014', 64.0000014, literal_69),
    ('100.000001', 100.000001, literal_70),
    ('100.0000012', 100.0000012, literal_71),
    ('1000.0001', 1000.0001, literal_72),
    ('1000.00001', 1000.00001, literal_73),
    ('0.1234567', 0.1234567, literal_74),
    ('1234.567', 1234.567, literal_75),
    ('12345.67', 12345.67, literal_76),
    ('123456.7', 123456.7, literal_77),
    ('1234567.1', 1234567.1, literal_78),
    ('99.6', 99.6, literal_79),
    ('99.7', 99.7, literal_80),
    ('65.3', 65.3, literal_81),
    ('66.3', 66.3, literal_82),
    ('67.1', 67.1, literal_83),
    ('66.9', 66.9, literal_84),
    ('2e-16', 2e-16, literal_85),
    ('2.2e-16', 2.2e-16, literal_86),
    ('2.3e-16', 2.3e-16, literal_87),
    ('2.5e-16', 2.5e-16, literal_88),
    ('3e-16', 3e-16, literal_89),
    ('5e-16', 5e-16, literal_90),
    ('8e-16', 8e-16, literal_91),
    ('1.1e-16', 1.1e-16, literal_92),
    ('1.5e-16', 1.5e-16, literal_93),
    ('7e-16', 7e-16, literal_94),
    ('1e-6', 1e-6, literal_95),
    ('1000000.05', 1000000.05, literal_96),
    ('1000000.04', 1000000.04, literal_97),
    ('500000.03', 500000.03, literal_98),
    ('0.999999', 0.999999, literal_99),
    ('262144.1', 262144.1, literal_100),
    ('262144.11', 262144.11, literal_101),
]

for text, value, literal in CASES:
    print(f"literal {text} -> {jit(literal)()!r}", flush=True)
    print(f"argument {text} -> {returns_argument(value)!r}", flush=True)
