"""MindSpore 2.10 goldens for dataset.text's string operations: AddToken, Ngram, SlidingWindow,
PythonTokenizer, WhitespaceTokenizer, UnicodeScriptTokenizer, RegexTokenizer, RegexReplace,
CaseFold, NormalizeUTF8 and FilterWikipediaXML, eagerly and in a pipeline, with their argument
errors. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tx20_text_ops_probe.py \
        | grep " -> " > tests/goldens/dataset/tx20_text_ops_probe.out
"""
import json

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text


def result_json(value):
    if isinstance(value, (tuple, list)):
        return [result_json(v) for v in value]
    array = np.asarray(value)
    if array.dtype.kind in "US":
        return {"dtype": array.dtype.kind, "shape": list(array.shape),
                "values": array.astype(str).tolist()}
    values = np.round(array.astype(np.float64), 5).tolist() if array.dtype.kind == "f" else array.tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def in_pipeline(operation, data, out_columns=None):
    dataset = ds.NumpySlicesDataset({"x": data}, shuffle=False).map(operation, ["x"], out_columns)
    return [list(row) for row in dataset.create_tuple_iterator(output_numpy=True)]


def generated(operation, rows):
    def source():
        for row in rows:
            yield (np.array(row),)
    dataset = ds.GeneratorDataset(source, ["x"], shuffle=False).map(operation, ["x"])
    return [row[0] for row in dataset.create_tuple_iterator(output_numpy=True)]


SENTENCES = ["Welcome to Beijing!", "北京欢迎您！", "我喜欢English!", "  ", "", "a\tb\nc  d ",
             "abc123 def", "Привет, мир!", "日本語のテキスト", "x1+y2=z3", "ÀÉÎ ǅ ß ﬁ", "don't stop",
             "한국어 텍스트", "مرحبا بالعالم", "αβγ δ", "a\u3000b\u00a0c", "caf\u0065\u0301 e\u0301"]
CASES = {}
for i, sentence in enumerate(SENTENCES):
    CASES[f"WhitespaceTokenizer {i}"] = lambda s=sentence: text.WhitespaceTokenizer()(s)
    CASES[f"WhitespaceTokenizer offsets {i}"] = lambda s=sentence: text.WhitespaceTokenizer(True)(s)
    CASES[f"UnicodeScriptTokenizer {i}"] = lambda s=sentence: text.UnicodeScriptTokenizer()(s)
    CASES[f"UnicodeScriptTokenizer keep offsets {i}"] = lambda s=sentence: text.UnicodeScriptTokenizer(
        True, True)(s)
    CASES[f"CaseFold {i}"] = lambda s=sentence: text.CaseFold()(s)
    CASES[f"FilterWikipediaXML {i}"] = lambda s=sentence: text.FilterWikipediaXML()(s)
    for form in ("NONE", "NFC", "NFKC", "NFD", "NFKD"):
        CASES[f"NormalizeUTF8 {form} {i}"] = lambda s=sentence, f=form: text.NormalizeUTF8(
            getattr(text.NormalizeForm, f))(s)

WIKI = ["<page>Title</page>", "Hello &amp; bye &lt;b&gt;", "[[Image:cat.jpg|thumb|A cat]] sits",
        "[[Category:Animals|x]] more", "[[de:Katze]] text", "[[link|Visible]] text",
        "{{icon}} and {table} here", "[http://x.org/y Visible] ok", "a&nbsp;b", "Year 2024, 7 days",
        "MiXeD CaSe--words__and  spaces", "line1\n\nline2", "<ref name=x>cite</ref> after",
        "#REDIRECT [[Other]]", "x|left|right|200px y", "Ünïcödé ÀB", "   ", "a\n \n\nb",
        "a\nb", "a\n\n\nb\nc", "\n", "a\r\nb", "#redirect x", "#Redirect X", "x\n#REDIRECT y",
        "#ReDIRECT", "Rr", "İstanbul", "ａｂｃ", "x <b>y</b> z", "<a\nb>c", "&AMP;x", "[[a|b]]", "a<b",
        "a\u00a0b\u2028c\td"]
for i, sentence in enumerate(WIKI):
    CASES[f"FilterWikipediaXML wiki {i}"] = lambda s=sentence: text.FilterWikipediaXML()(s)

REGEX = [("\\s+", "", "Welcome to  Shenzhen!"), ("\\s+", "\\s+", "Welcome to  Shenzhen!"),
         (r"\p{Han}", r"\p{Han}", "北京欢迎您!Welcome to Beijing!"),
         (r"[\p{P}|\p{S}]+", r"[\p{P}|\p{S}]+", "12￥+36￥=?"), (r"[\p{P}|\p{S}]+", "", "12￥+36￥=?"),
         (r"[\p{N}]+", "", "12￥+36￥=?"), (",", ",", ",a,,b,"), (",", "", ",a,,b,"),
         ("a|b", "a", "xaybz"), ("\\d", "", "a1b22c"), (r"\p{Lu}", r"\p{Lu}", "helloWorldFoo"),
         ("x*", "", "abc"), ("\\s+", "", ""), ("\\s+", "", "   "), ("[", "", "a[b")]
for i, (delim, keep, sentence) in enumerate(REGEX):
    CASES[f"RegexTokenizer {i}"] = lambda d=delim, k=keep, s=sentence: text.RegexTokenizer(d, k)(s)
    CASES[f"RegexTokenizer offsets {i}"] = lambda d=delim, k=keep, s=sentence: text.RegexTokenizer(
        d, k, True)(s)

REPLACE = [("\\p{Ll}", "_", "Hello World"), ("^(\\d:|b:)", "", "31:beijing"), ("\\s+", "", "Welcome to China!"),
           ("\\p{Cc}|\\p{Cf}|\\s+", "", "  我\t不想  长大\t"), ("o", "0", "foo boo"), ("(\\w+)@(\\w+)", "$2 at $1", "me@home"),
           ("a", "\\$", "banana"), ("\\bcat\\b", "dog", "cat concat cat"), ("[aeiou]", "", "education"),
           ("(?i)HELLO", "bye", "hello HeLLo"), ("x", "y", ""), ("", "-", "abc"), ("[", "", "a[b")]
for i, (pattern, replace, sentence) in enumerate(REPLACE):
    CASES[f"RegexReplace {i}"] = lambda p=pattern, r=replace, s=sentence: text.RegexReplace(p, r)(s)
    CASES[f"RegexReplace first {i}"] = lambda p=pattern, r=replace, s=sentence: text.RegexReplace(
        p, r, False)(s)

CASES.update({
    "RegexReplace array": lambda: text.RegexReplace("a", "b")(np.array([["aa", "ba"], ["ca", "x"]])),
    "CaseFold array": lambda: text.CaseFold()(np.array(["ABC", "Straße"])),
    "NormalizeUTF8 array": lambda: text.NormalizeUTF8()(np.array(["ﬁ", "2⁵"])),
    "FilterWikipediaXML array": lambda: text.FilterWikipediaXML()(np.array(["Welcome to China", "中国", "ABC"])),
    "WhitespaceTokenizer array": lambda: text.WhitespaceTokenizer()(np.array(["a b", "c"])),
    "UnicodeScriptTokenizer array": lambda: text.UnicodeScriptTokenizer()(np.array(["a b", "c"])),
    "RegexTokenizer array": lambda: text.RegexTokenizer(" ")(np.array(["a b", "c"])),
    "CaseFold number": lambda: text.CaseFold()(np.array([1, 2])),
    "RegexReplace number": lambda: text.RegexReplace("a", "b")(np.array([1, 2])),
    "NormalizeUTF8 number": lambda: text.NormalizeUTF8()(np.array([1.5])),
    "FilterWikipediaXML number": lambda: text.FilterWikipediaXML()(np.array([1])),
    "WhitespaceTokenizer number": lambda: text.WhitespaceTokenizer()(np.array(1)),
    "RegexTokenizer number": lambda: text.RegexTokenizer(" ")(np.array(1)),
    "WhitespaceTokenizer with_offsets not bool": lambda: text.WhitespaceTokenizer(1),
    "UnicodeScriptTokenizer keep not bool": lambda: text.UnicodeScriptTokenizer(keep_whitespace=1),
    "UnicodeScriptTokenizer with_offsets not bool": lambda: text.UnicodeScriptTokenizer(with_offsets="x"),
    "RegexTokenizer delim not str": lambda: text.RegexTokenizer(1),
    "RegexTokenizer keep not str": lambda: text.RegexTokenizer("a", None),
    "RegexTokenizer with_offsets not bool": lambda: text.RegexTokenizer("a", "", 1),
    "RegexReplace pattern not str": lambda: text.RegexReplace(1, "a"),
    "RegexReplace replace not str": lambda: text.RegexReplace("a", 1),
    "RegexReplace replace_all not bool": lambda: text.RegexReplace("a", "b", 1),
    "NormalizeUTF8 form not enum": lambda: text.NormalizeUTF8(1),
    "WhitespaceTokenizer in pipeline": lambda: in_pipeline(
        text.WhitespaceTokenizer(True), ["a b  c", "  ", "x"], ["token", "offsets_start", "offsets_limit"]),
    "CaseFold in pipeline": lambda: in_pipeline(text.CaseFold(), ["ABC dEf", "ΣΑΣ"]),
    "RegexReplace in pipeline": lambda: in_pipeline(text.RegexReplace("\\d+", "#"), ["a1b22", "x"]),
    "WordpieceTokenizer max bytes offsets": lambda: text.WordpieceTokenizer(
        text.Vocab.from_list(["favor", "##ite", "my"]), max_bytes_per_token=4, with_offsets=True)(
            np.array(["favorite", "my", "xyzzy"])),
    "WordpieceTokenizer max bytes offsets no unknown": lambda: text.WordpieceTokenizer(
        text.Vocab.from_list(["favor", "##ite"]), max_bytes_per_token=4, unknown_token="",
        with_offsets=True)(np.array(["favorite", "xyzzy"])),
    "BertTokenizer max bytes offsets": lambda: text.BertTokenizer(
        text.Vocab.from_list(["favor", "##ite", "my"]), max_bytes_per_token=4, with_offsets=True)(
            "my favorite"),
    "BertTokenizer dict input": lambda: text.BertTokenizer(text.Vocab.from_list(["a"]))({"a": 1}),
    "CaseFold dict input": lambda: text.CaseFold()({"a": 1}),
    # AddToken
    "AddToken begin": lambda: text.AddToken("TOKEN", True)(["a", "b"]),
    "AddToken end": lambda: text.AddToken("TOKEN", False)(np.array(["a", "b"])),
    "AddToken 2-D": lambda: text.AddToken("T")(np.array([["a", "b"], ["c", "d"]])),
    "AddToken scalar": lambda: text.AddToken("T")("a"),
    "AddToken 3-D": lambda: text.AddToken("T")(np.array([[["a"]]])),
    "AddToken numbers": lambda: text.AddToken("T")(np.array([1, 2])),
    "AddToken empty token": lambda: text.AddToken("")(["a"]),
    "AddToken token not str": lambda: text.AddToken(1.0),
    "AddToken begin not bool": lambda: text.AddToken("T", 12.3),
    "AddToken in pipeline": lambda: generated(text.AddToken("<s>"), [["a", "b"], ["c"]]),
    # Ngram
    "Ngram 2 sep": lambda: text.Ngram(2, separator="-")(np.array(["", "WildRose", "Country"])),
    "Ngram list": lambda: text.Ngram(2, separator="-")(["a b", "c d", "e"]),
    "Ngram multi pad": lambda: text.Ngram([1, 2, 3], ("_", 2), ("_", 2), " ")(np.array(["a", "b", "c"])),
    "Ngram short": lambda: text.Ngram([2, 3, 4, 5])(np.array(["Lone", "Star"])),
    "Ngram 3 of 2": lambda: text.Ngram(3)(np.array(["Friendly", "Manitoba"])),
    "Ngram empty sep": lambda: text.Ngram(2, separator="")(np.array(["a", "b", "c"])),
    "Ngram uneven pads": lambda: text.Ngram(4, ("The", 1), ("State", 1))(np.array(["Lone", "Star"])),
    "Ngram big pad": lambda: text.Ngram(2, ("<", 5), (">", 0))(np.array(["a"])),
    "Ngram 2-D": lambda: text.Ngram(2)(np.array([["a", "b"], ["c", "d"]])),
    "Ngram numbers": lambda: text.Ngram(2)(np.array([1, 2, 3])),
    "Ngram scalar": lambda: text.Ngram(1)("abc"),
    "Ngram nested n": lambda: text.Ngram([1, [1]]),
    "Ngram empty n": lambda: text.Ngram([]),
    "Ngram negative pad": lambda: text.Ngram([1], ("str", -1)),
    "Ngram pad not int": lambda: text.Ngram([1], ("str", "rts")),
    "Ngram right pad bad": lambda: text.Ngram([1], ("", 0), ["a", 1]),
    "Ngram zero": lambda: text.Ngram(0),
    "Ngram zero in list": lambda: text.Ngram([1, 0]),
    "Ngram bool n": lambda: text.Ngram(True),
    "Ngram sep not str": lambda: text.Ngram(2, separator=1),
    "Ngram in pipeline": lambda: generated(text.Ngram(3, separator=" "),
                                           [["Friendly", "Manitoba"], ["Yours", "to", "Discover"]]),
    # SlidingWindow
    "SlidingWindow 1-D": lambda: text.SlidingWindow(2)(np.array([1, 2, 3, 4])),
    "SlidingWindow strings": lambda: text.SlidingWindow(3, 0)(np.array(["a", "b", "c", "d"])),
    "SlidingWindow axis -1": lambda: text.SlidingWindow(2, -1)(np.array([1.5, 2.5, 3.5])),
    "SlidingWindow too wide": lambda: text.SlidingWindow(5)(np.array([1, 2, 3])),
    "SlidingWindow width equal": lambda: text.SlidingWindow(3)(np.array([1, 2, 3])),
    "SlidingWindow 2-D": lambda: text.SlidingWindow(2)(np.array([[1, 2], [3, 4]])),
    "SlidingWindow axis 1": lambda: text.SlidingWindow(2, 1)(np.array([1, 2, 3])),
    "SlidingWindow scalar": lambda: text.SlidingWindow(1)(np.array(1)),
    "SlidingWindow width 0": lambda: text.SlidingWindow(0),
    "SlidingWindow width float": lambda: text.SlidingWindow(1.5),
    "SlidingWindow axis float": lambda: text.SlidingWindow(2, 0.5),
    "SlidingWindow in pipeline": lambda: generated(text.SlidingWindow(2), [[1, 2, 3], [4, 5]]),
    # PythonTokenizer
    "PythonTokenizer split": lambda: text.PythonTokenizer(lambda line: line.split())(np.array("Hello world")),
    "PythonTokenizer bytes": lambda: text.PythonTokenizer(lambda line: line.split())(np.array("a b".encode())),
    "PythonTokenizer 1-D": lambda: text.PythonTokenizer(lambda line: list(line))(np.array(["ab", "cd"])),
    "PythonTokenizer str": lambda: text.PythonTokenizer(str.split)("a b"),
    "PythonTokenizer not callable": lambda: text.PythonTokenizer("x"),
    "PythonTokenizer raises": lambda: text.PythonTokenizer(lambda line: 1 / 0)(np.array("x")),
    "PythonTokenizer in pipeline": lambda: in_pipeline(text.PythonTokenizer(lambda s: s.split() or [""]),
                                                       ["a b", "  ", "c"]),
})

for label, case in CASES.items():
    try:
        result = result_json(case())
    except Exception as error:  # pylint: disable=broad-except
        result = {"error": type(error).__name__, "message": str(error)}
    print(f"{label} -> {json.dumps(result, ensure_ascii=False)}")
