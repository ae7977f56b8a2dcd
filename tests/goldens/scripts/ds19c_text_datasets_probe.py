"""CLUEDataset (every task and usage: columns, dtypes, values; orders, shards, sizes, errors) and
IMDBDataset (row order by usage, labels, samplers, shards, errors), on files written here."""
import json
import os
import tempfile

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def write(name, text):
    path = os.path.join(ROOT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    return path


def lines(records):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


CLUE = {
    "AFQMC": ({"sentence1": "s1", "sentence2": "s2", "label": "0"}, {"id": 3, "sentence1": "a", "sentence2": "b"}),
    "TNEWS": ({"label": "108", "label_desc": "news", "sentence": "x", "keywords": ""},
              {"id": 0, "sentence": "y", "keywords": "k1,k2"}),
    "IFLYTEK": ({"label": "11", "label_des": "d", "sentence": "t"}, {"id": 7, "sentence": "u"}),
    "CMNLI": ({"sentence1": "p", "sentence2": "h", "label": "neutral"}, {"id": 1, "sentence1": "p", "sentence2": "q"}),
    "WSC": ({"target": {"span1_index": 0, "span1_text": "A", "span2_index": 4, "span2_text": "he"},
             "idx": 5, "text": "A said he", "label": "true"},
            {"target": {"span1_index": 1, "span1_text": "B", "span2_index": 2, "span2_text": "she"},
             "idx": 6, "text": "B she"}),
    "CSL": ({"id": 1, "abst": "long", "keyword": ["k1", "k2", "k3"], "label": "0"},
            {"id": 2, "abst": "text", "keyword": ["k"]}),
}


def rows(data):
    out = []
    for row in data.create_dict_iterator(num_epochs=1, output_numpy=True):
        out.append({k: (v.dtype.str, v.shape, v.tolist()) for k, v in row.items()})
    return out


def flat(data):
    return [" ".join(str(v.tolist()) for v in row)
            for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        message = " ".join(lines_) or str(error).split("\n")[0]
        print(label, "->", type(error).__name__, message.replace(ROOT, "ROOT")[:200])


ds.config.set_num_parallel_workers(2)
for task, (labelled, unlabelled) in CLUE.items():
    for usage in ("train", "eval", "test"):
        record = unlabelled if usage == "test" else labelled
        path = write(f"clue/{task}/{usage}.json", lines([record, record]))
        show(f"clue {task} {usage}", lambda: rows(ds.CLUEDataset(path, task=task, usage=usage,
                                                                 shuffle=False)))
        show(f"clue {task} {usage} columns", lambda: ds.CLUEDataset(path, task=task,
                                                                    usage=usage).get_col_names())
MANY = [write(f"clue/many/{n}.json", lines([{"sentence1": f"{n}{i}", "sentence2": "x", "label": "1"}
                                            for i in range(count)]))
        for n, count in (("a", 4), ("b", 2), ("c", 3))]
for seed in (1, 99):
    ds.config.set_seed(seed)
    for mode in (False, ds.Shuffle.FILES, ds.Shuffle.GLOBAL):
        show(f"clue order s{seed} {mode}", lambda: flat(ds.CLUEDataset(MANY, shuffle=mode)))
        show(f"clue shard s{seed} {mode}", lambda: flat(ds.CLUEDataset(
            os.path.join(ROOT, "clue/many/*.json"), shuffle=mode, num_shards=2, shard_id=1)))
show("clue size", lambda: ds.CLUEDataset(MANY, num_shards=2, shard_id=0, num_samples=3).get_dataset_size())
show("clue bad task", lambda: ds.CLUEDataset(MANY, task="XX"))
show("clue bad usage", lambda: ds.CLUEDataset(MANY, usage="dev"))
show("clue empty", lambda: ds.CLUEDataset([]))
show("clue bad files", lambda: ds.CLUEDataset(3))
show("clue no match", lambda: ds.CLUEDataset(os.path.join(ROOT, "none*.json")))

IMDB = os.path.join(ROOT, "imdb")
for usage in ("train", "test"):
    for kind in ("pos", "neg"):
        for i in (1, 0, 10):
            write(f"imdb/{usage}/{kind}/{i}_7.txt", f"first line\n\n{usage} {kind} {i}\n")
write("imdb/train/unsup/0_0.txt", "unsup\n")
for usage in (None, "train", "test", "all"):
    show(f"imdb {usage}", lambda: flat(ds.IMDBDataset(IMDB, usage=usage, shuffle=False)))
show("imdb columns", lambda: ds.IMDBDataset(IMDB).get_col_names())
show("imdb dtypes", lambda: [str(t) for t in ds.IMDBDataset(IMDB).output_types()])
show("imdb classes", lambda: ds.IMDBDataset(IMDB).num_classes())
ds.config.set_seed(5)
show("imdb shuffled", lambda: flat(ds.IMDBDataset(IMDB, usage="train")))
show("imdb shard", lambda: flat(ds.IMDBDataset(IMDB, num_shards=3, shard_id=2, shuffle=False)))
show("imdb samples", lambda: ds.IMDBDataset(IMDB, num_samples=5).get_dataset_size())
show("imdb sampler", lambda: flat(ds.IMDBDataset(IMDB, sampler=ds.SequentialSampler(2, 3))))
show("imdb bad usage", lambda: ds.IMDBDataset(IMDB, usage="valid"))
show("imdb missing", lambda: ds.IMDBDataset(os.path.join(ROOT, "none")))
show("imdb no folders", lambda: flat(ds.IMDBDataset(os.path.join(ROOT, "clue"), shuffle=False)))
