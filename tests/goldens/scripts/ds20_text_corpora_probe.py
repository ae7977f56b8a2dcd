"""EnWik9Dataset, SogouNewsDataset, SQuADDataset, SST2Dataset and CoNLL2000Dataset on files
written here: columns, dtypes, values, 'all' file orders, worker interleaving, shuffles, shards,
sizes and errors."""
import json
import os
import tempfile

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def write(name, data):
    path = os.path.join(ROOT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


write("enwik/enwik9", "  <page>\n\n    <title>A</title>\r\n  x y \n</page>")
write("enwik_bad/enwik9", b"good\n\xf5\xe6bad\nlast\n")
os.makedirs(os.path.join(ROOT, "empty"))
write("sogou/train.csv", '"1","t1","c1 \\n x"\n"2","t ""q"" 2","c2"\n"3","t3","c,3"\n')
write("sogou/test.csv", '"4","s1","d1"\n"5","s2","d2"\n')


def squad(version, titles):
    data = []
    for t, (context, questions) in enumerate(titles):
        qas = []
        for q, answers in enumerate(questions):
            entry = {"question": f"{context[:3]} q{q}?", "id": f"{t}{q}", "answers": answers}
            if version == 2:
                entry["is_impossible"] = not answers
            qas.append(entry)
        data.append({"title": f"T{t}", "paragraphs": [{"context": context, "qas": qas}]})
    return json.dumps({"version": f"v{version}", "data": data})


write("squad1/train-v1.1.json", squad(1, [("Alpha text", [[{"text": "Alpha", "answer_start": 0}],
                                                         [{"text": "text", "answer_start": 6}] * 2]),
                                          ("Beta words", [[{"text": "words", "answer_start": 5}]])]))
write("squad1/dev-v1.1.json", squad(1, [("Gamma", [[{"text": "G", "answer_start": 0}] * 3])]))
write("squad2/train-v2.0.json", squad(2, [("Delta", [[{"text": "D", "answer_start": 0}], []])]))
write("squad2/dev-v2.0.json", squad(2, [("Eps", [[]])]))
write("sst2/train.tsv", "sentence\tlabel\nit is good . \t1\nbad one\t0\nfine\t1\n")
write("sst2/dev.tsv", "sentence\tlabel\ndev a\t0\ndev b \t1\n")
write("sst2/test.tsv", "index\tsentence\n0\ttest a .\n1\ttest b\n")
write("conll/train.txt", "A DT B-NP\nb   NN  I-NP\n. . O\n\nC NNP B-NP\n\n\nd VB B-VP\n")
write("conll/test.txt", "X NN B-NP\ny  VB B-VP\n\nz . O\n")
write("conll2/test.txt", "P NN B-NP\n\n\nq VB B-VP\nr . O\n\n")
write("conll2/train.txt", "S NN O\n")


def rows(data):
    out = []
    for row in data.create_dict_iterator(num_epochs=1, output_numpy=True):
        out.append(" ".join(f"{k}:{v.dtype.str}{list(v.shape)}={v.tolist()!r}" for k, v in row.items()))
    return out


def show(label, make):
    try:
        data = make()
    except Exception as error:  # pylint: disable=broad-except
        print(label, "->", "construct", type(error).__name__, str(error).replace(ROOT, "ROOT")[:200])
        return
    try:
        print(label, "->", data.get_dataset_size(), data.get_col_names(), rows(data))
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = " ".join(lines_) or str(error).split("\n")[0]
        print(label, "->", type(error).__name__, message.replace(ROOT, "ROOT")[:200])


def path(name):
    return os.path.join(ROOT, name)


ds.config.set_seed(7)
for workers in (1, 2):
    ds.config.set_num_parallel_workers(workers)
    show(f"enwik w{workers}", lambda: ds.EnWik9Dataset(path("enwik"), shuffle=False))
    show(f"sogou all w{workers}", lambda: ds.SogouNewsDataset(path("sogou"), shuffle=False))
    show(f"squad1 all w{workers}", lambda: ds.SQuADDataset(path("squad1"), shuffle=False))
    show(f"conll all w{workers}", lambda: ds.CoNLL2000Dataset(path("conll"), shuffle=False))
ds.config.set_num_parallel_workers(2)
show("enwik bad utf8", lambda: ds.EnWik9Dataset(path("enwik_bad"), shuffle=False))
show("enwik shuffle", lambda: ds.EnWik9Dataset(path("enwik")))
show("enwik shard", lambda: ds.EnWik9Dataset(path("enwik"), num_shards=3, shard_id=2, shuffle=False))
show("enwik num_samples", lambda: ds.EnWik9Dataset(path("enwik"), num_samples=2, shuffle=False))
show("enwik missing", lambda: ds.EnWik9Dataset(path("empty")))
show("enwik no dir", lambda: ds.EnWik9Dataset(path("none")))
show("sogou train", lambda: ds.SogouNewsDataset(path("sogou"), usage="train", shuffle=False))
show("sogou test", lambda: ds.SogouNewsDataset(path("sogou"), usage="test", shuffle=False))
show("sogou shuffle", lambda: ds.SogouNewsDataset(path("sogou")))
show("sogou files", lambda: ds.SogouNewsDataset(path("sogou"), shuffle=ds.Shuffle.FILES))
show("sogou shard", lambda: ds.SogouNewsDataset(path("sogou"), num_shards=2, shard_id=1, shuffle=False))
show("sogou bad usage", lambda: ds.SogouNewsDataset(path("sogou"), usage="valid"))
show("sogou missing", lambda: ds.SogouNewsDataset(path("empty"), usage="test"))
show("conll missing test", lambda: ds.CoNLL2000Dataset(path("empty"), usage="test"))
show("squad1 train", lambda: ds.SQuADDataset(path("squad1"), usage="train", shuffle=False))
show("squad2 all", lambda: ds.SQuADDataset(path("squad2"), usage="all", shuffle=False))
show("squad2 dev", lambda: ds.SQuADDataset(path("squad2"), usage="dev", shuffle=False))
show("squad shuffle", lambda: ds.SQuADDataset(path("squad1")))
show("squad bad usage", lambda: ds.SQuADDataset(path("squad1"), usage="test"))
show("squad missing", lambda: ds.SQuADDataset(path("empty"), usage="dev"))
for usage in (None, "train", "dev", "test"):
    show(f"sst2 {usage}", lambda: ds.SST2Dataset(path("sst2"), usage=usage, shuffle=False))
show("sst2 all", lambda: ds.SST2Dataset(path("sst2"), usage="all"))
show("sst2 shuffle", lambda: ds.SST2Dataset(path("sst2")))
show("sst2 missing", lambda: ds.SST2Dataset(path("empty"), usage="dev"))
show("conll test", lambda: ds.CoNLL2000Dataset(path("conll"), usage="test", shuffle=False))
show("conll train", lambda: ds.CoNLL2000Dataset(path("conll"), usage="train", shuffle=False))
show("conll shuffle", lambda: ds.CoNLL2000Dataset(path("conll")))
show("conll missing", lambda: ds.CoNLL2000Dataset(path("empty")))
show("conll ends blank", lambda: ds.CoNLL2000Dataset(path("conll2"), shuffle=False))
show("conll bad usage", lambda: ds.CoNLL2000Dataset(path("conll"), usage="dev"))
for label, files in [("empty str", ""), ("empty list", []), ("none", None), ("int", 3),
                     ("list with empty", [""])]:
    show(f"textfile {label}", lambda: ds.TextFileDataset(files))
    show(f"csv {label}", lambda: ds.CSVDataset(files))


def tags(lines):
    return "<url>u</url>\n<title>t</title>\n" + "".join(f" {line} \n" for line in lines) + "<reviewer></reviewer>"


def xml(kind, lines):
    segs = "".join(f'<seg id="{i}"> {line} </seg>\n' for i, line in enumerate(lines, 1))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<{kind} setid="s">\n'
            f'<doc docid="d">\n<title>t</title>\n{segs}</doc>\n</{kind}>\n</mteval>\n')


I16 = "iwslt16/texts/de/en/de-en/"
write(I16 + "train.tags.de-en.de", tags(["Hallo Welt.", "Guten Tag.", "Ja."]))
write(I16 + "train.tags.de-en.en", tags(["Hello world.", "Good day.", "Yes."]))
for name, de, en in [("tst2013", ["Eins."], ["One."]), ("tst2014", ["Zwei.", "Drei."], ["Two.", "Three."]),
                     ("tst2012", ["Vier."], ["Four."])]:
    write(I16 + f"IWSLT16.TED.{name}.de-en.de.xml", xml("srcset", de))
    write(I16 + f"IWSLT16.TED.{name}.de-en.en.xml", xml("refset", en))
I17 = "iwslt17/texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo/"
write(I17 + "train.tags.de-en.de", tags(["A.", "B."]))
write(I17 + "train.tags.de-en.en", tags(["a.", "b."]))
for name, de, en in [("dev2010", ["C."], ["c."]), ("tst2010", ["D.", "E."], ["d.", "e."])]:
    write(I17 + f"IWSLT17.TED.{name}.de-en.de.xml", xml("srcset", de))
    write(I17 + f"IWSLT17.TED.{name}.de-en.en.xml", xml("refset", en))
for workers in (1, 2):
    ds.config.set_num_parallel_workers(workers)
    show(f"iwslt16 all w{workers}", lambda: ds.IWSLT2016Dataset(path("iwslt16"), shuffle=False))
    show(f"iwslt17 all w{workers}", lambda: ds.IWSLT2017Dataset(path("iwslt17"), shuffle=False))
for usage in ("train", "valid", "test"):
    show(f"iwslt16 {usage}", lambda: ds.IWSLT2016Dataset(path("iwslt16"), usage=usage, shuffle=False))
    show(f"iwslt17 {usage}", lambda: ds.IWSLT2017Dataset(path("iwslt17"), usage=usage, shuffle=False))
show("iwslt16 sets", lambda: ds.IWSLT2016Dataset(path("iwslt16"), usage="all", valid_set="tst2012",
                                                 test_set="tst2013", shuffle=False))
show("iwslt16 shuffle", lambda: ds.IWSLT2016Dataset(path("iwslt16")))
show("iwslt16 shard", lambda: ds.IWSLT2016Dataset(path("iwslt16"), num_shards=4, shard_id=3, shuffle=False))
show("iwslt16 tuple pair", lambda: ds.IWSLT2016Dataset(path("iwslt16"), usage="train", language_pair=("de", "en"),
                                                       shuffle=False))
show("iwslt16 other pair", lambda: ds.IWSLT2016Dataset(path("iwslt16"), language_pair=["en", "de"]))
show("iwslt16 missing set", lambda: ds.IWSLT2016Dataset(path("iwslt16"), usage="valid", valid_set="tst2011"))
show("iwslt17 pair without files", lambda: ds.IWSLT2017Dataset(path("iwslt17"), usage="train",
                                                               language_pair=["it", "en"]))
show("iwslt17 missing xml", lambda: ds.IWSLT2017Dataset(path("iwslt17"), usage="all", language_pair=["it", "en"]))
show("iwslt16 bad pair", lambda: ds.IWSLT2016Dataset(path("iwslt16"), language_pair=["de", "zh"]))
show("iwslt17 bad pair", lambda: ds.IWSLT2017Dataset(path("iwslt17"), language_pair=["de", "zh"]))
show("iwslt16 pair str", lambda: ds.IWSLT2016Dataset(path("iwslt16"), language_pair="de-en"))
show("iwslt16 pair of 3", lambda: ds.IWSLT2016Dataset(path("iwslt16"), language_pair=["de", "en", "x"]))
show("iwslt16 bad valid", lambda: ds.IWSLT2016Dataset(path("iwslt16"), valid_set="tst2099"))
show("iwslt16 bad test", lambda: ds.IWSLT2016Dataset(path("iwslt16"), test_set=3))
show("iwslt17 bad usage", lambda: ds.IWSLT2017Dataset(path("iwslt17"), usage="dev"))
show("iwslt16 no dir", lambda: ds.IWSLT2016Dataset(path("none")))
