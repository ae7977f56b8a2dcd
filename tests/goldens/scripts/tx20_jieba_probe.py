"""MindSpore 2.10 goldens for dataset.text.JiebaTokenizer (cppjieba's MP, HMM and MIX segmenters)
on a small dictionary and HMM model written by the script: segmentations with and without
offsets, separators, ASCII letters and numbers, user words (add_word, add_dict), and the argument
errors. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tx20_jieba_probe.py \
        | grep " -> " > tests/goldens/dataset/tx20_jieba_probe.out
"""
import json
import os
import tempfile

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text

ROOT = tempfile.mkdtemp()
DICT = """今天 50 t
天气 80 n
今天天气 3 n
天 20 n
气 10 n
今 10 n
太 30 d
好 40 a
了 60 ul
我们 90 r
我 70 r
们 10 k
一起 40 m
一 80 m
起 20 v
去 50 v
外面 30 f
外 10 f
面 10 n
玩 20 v
吧 30 y
北京 60 ns
大学 50 n
北京大学 20 nt
大 60 a
学 30 v
生 20 v
学生 40 n
"""
HMM = """#comment
#prob_start
-0.26268660809250016 -3.14e+100 -3.14e+100 -1.4652633398537678
#prob_trans 4x4 matrix
-3.14e+100 -0.510825623765990 -0.916290731874155 -3.14e+100
-0.5897149736854513 -3.14e+100 -3.14e+100 -0.8085250474669937
-3.14e+100 -0.33344856811948514 -1.2603623820268226 -3.14e+100
-0.7211965654669841 -3.14e+100 -3.14e+100 -0.6658631448798212
#B
今:-2.1,天:-3.0,我:-2.5,外:-2.0,北:-1.5,大:-2.2,学:-4.0,玩:-5.0,小:-1.8,明:-2.4
#E
天:-2.0,气:-1.5,们:-1.2,面:-1.8,京:-1.1,学:-2.5,生:-2.0,吧:-3.0,明:-2.6,红:-2.2
#M
天:-4.0,京:-5.0,大:-3.5,学:-3.0
#S
了:-1.5,好:-2.0,太:-2.2,去:-2.1,玩:-1.9,我:-2.3,吧:-2.0,的:-1.0,小:-3.5,红:-3.0
"""
USER = "小明 100\n小红\n  明天 5  \nbad line here\n"
for name, content in {"jieba.dict.utf8": DICT, "hmm_model.utf8": HMM, "user.txt": USER}.items():
    with open(os.path.join(ROOT, name), "w", encoding="utf-8") as file:
        file.write(content)
HMM_PATH, MP_PATH = os.path.join(ROOT, "hmm_model.utf8"), os.path.join(ROOT, "jieba.dict.utf8")


def result_json(value):
    if isinstance(value, (tuple, list)):
        return [result_json(v) for v in value]
    array = np.asarray(value)
    values = array.astype(str).tolist() if array.dtype.kind in "US" else array.tolist()
    return {"dtype": array.dtype.kind if array.dtype.kind in "US" else str(array.dtype),
            "shape": list(array.shape), "values": values}


def tokenizer(mode, with_offsets=False, words=(), user_dict=None):
    op = text.JiebaTokenizer(HMM_PATH, MP_PATH, getattr(text.JiebaMode, mode), with_offsets)
    for word in words:
        op.add_word(*word)
    if user_dict is not None:
        op.add_dict(user_dict)
    return op


SENTENCES = ["今天天气太好了我们一起去外面玩吧", "北京大学生", "我们去北京大学", "小明和小红明天去玩",
             "今天 天气，太好了。我们", "hello world2024年 3.14 ok", "abc123def 45.6.7x", "",
             "天天天天", "的的的", "外面的北京", "Ｑ我们！？", "我们\t一起\n去"]
CASES = {}
for i, sentence in enumerate(SENTENCES):
    for mode in ("MP", "HMM", "MIX"):
        CASES[f"{mode} {i}"] = lambda m=mode, s=sentence: tokenizer(m)(s)
        CASES[f"{mode} offsets {i}"] = lambda m=mode, s=sentence: tokenizer(m, True)(s)
        CASES[f"{mode} user words {i}"] = lambda m=mode, s=sentence: tokenizer(
            m, words=[("小明",), ("明天", 200), ("天天", 1), ("的", 0)])(s)
        CASES[f"{mode} user dict file {i}"] = lambda m=mode, s=sentence: tokenizer(
            m, user_dict=os.path.join(ROOT, "user.txt"))(s)
        CASES[f"{mode} user dict {i}"] = lambda m=mode, s=sentence: tokenizer(
            m, user_dict={"小红": 10, "外面的": 1000})(s)

CASES.update({
    "default mode": lambda: text.JiebaTokenizer(HMM_PATH, MP_PATH)("小明和小红明天去玩"),
    "in pipeline": lambda: [list(row) for row in ds.NumpySlicesDataset(
        {"x": ["今天天气太好了", "我们一起去"]}, shuffle=False).map(
            tokenizer("MP", True), ["x"], ["token", "offsets_start", "offsets_limit"]).create_tuple_iterator(
                output_numpy=True)],
    "array input": lambda: tokenizer("MP")(np.array(["今天", "天气"])),
    "number input": lambda: tokenizer("MP")(np.array(1)),
    "bytes input": lambda: tokenizer("MP")(np.array("今天天气".encode())),
    "mode not enum": lambda: text.JiebaTokenizer(HMM_PATH, MP_PATH, 1),
    "hmm missing": lambda: text.JiebaTokenizer(os.path.join(ROOT, "none.utf8"), MP_PATH),
    "mp missing": lambda: text.JiebaTokenizer(HMM_PATH, os.path.join(ROOT, "none.utf8")),
    "hmm None": lambda: text.JiebaTokenizer(None, MP_PATH),
    "mp None": lambda: text.JiebaTokenizer(HMM_PATH, None),
    "hmm not str": lambda: text.JiebaTokenizer(1, MP_PATH),
    "mp not str": lambda: text.JiebaTokenizer(HMM_PATH, 1),
    "with_offsets not bool": lambda: text.JiebaTokenizer(HMM_PATH, MP_PATH, with_offsets=1),
    "add_word None": lambda: tokenizer("MP").add_word(None),
    "add_word freq negative": lambda: tokenizer("MP").add_word("a", -1),
    "add_word freq float": lambda: tokenizer("MP").add_word("a", 1.5),
    "add_word freq bool": lambda: tokenizer("MP").add_word("a", True),
    "add_word freq big": lambda: tokenizer("MP").add_word("a", 2 ** 32),
    "add_dict bad type": lambda: tokenizer("MP").add_dict(["a"]),
    "add_dict missing file": lambda: tokenizer("MP").add_dict(os.path.join(ROOT, "none.txt")),
    "JiebaMode values": lambda: [int(text.JiebaMode.MIX), int(text.JiebaMode.MP), int(text.JiebaMode.HMM)],
})

for label, case in CASES.items():
    try:
        result = case()
        result = result if isinstance(result, list) and result and isinstance(result[0], int) else result_json(result)
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error).replace(ROOT, "ROOT")}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False)}")
