"""The row order of MindSpore's non-mappable file sources (TextFileDataset, CSVDataset,
WikiTextDataset, PennTreebankDataset, AGNewsDataset): worker interleaving, Shuffle.FILES/GLOBAL
over epochs, shards, num_samples, dataset sizes and argument errors. Files are written here."""
import os
import tempfile

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def write(name, text):
    path = os.path.join(ROOT, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as file:
        file.write(text)
    return path


TEXT_A = write("text/a.txt", "a0\na1\n\na2\n")
TEXT_B = write("text/b.txt", "b0\nb1\n")
TEXT_C = write("text/c.txt", "c0\nc1\nc2\nc3\nc4\nc5\n")
FIVE = write("five.txt", "r0\nr1\n\nr2\r\nr3\nr4\n")
WIKI = os.path.join(ROOT, "wiki")
for split, count in (("train", 4), ("valid", 2), ("test", 3)):
    write(f"wiki/wiki.{split}.tokens", "".join(f" {split} {i} \n" for i in range(count)))
PTB = os.path.join(ROOT, "ptb")
for split, count in (("train", 2), ("valid", 3), ("test", 1)):
    write(f"ptb/ptb.{split}.txt", "".join(f" {split} line {i} \n" for i in range(count)))
NEWS = os.path.join(ROOT, "news")
write("news/train.csv", '3,Title one,"Body, with comma"\r\n1,"Quoted ""t""",plain\r\n2,x,y\r\n')
write("news/test.csv", '4,Test title,"""quoted body"""\r\n')


def rows(data):
    out = []
    for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out.append("|".join(str(v) if v.dtype.kind in "US" else f"{v.item()}:{v.dtype}"
                            for v in row))
    return out


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        message = str(error).split("\n")[0][:200].replace(ROOT, "ROOT")
        print(label, "->", type(error).__name__, message)


for workers in (1, 2):
    ds.config.set_num_parallel_workers(workers)
    for seed in (0, 135, 246):
        ds.config.set_seed(seed)
        for mode in (False, ds.Shuffle.FILES, ds.Shuffle.GLOBAL, True):
            tag = f"w{workers} s{seed} {mode}"
            show(f"text {tag}", lambda: rows(ds.TextFileDataset(os.path.join(ROOT, "text/*"),
                                                                shuffle=mode).repeat(3)))
            show(f"wiki {tag}", lambda: rows(ds.WikiTextDataset(WIKI, shuffle=mode).repeat(2)))
            show(f"ptb {tag}", lambda: rows(ds.PennTreebankDataset(PTB, shuffle=mode)))
            for shards in (2, 3):
                for shard in range(shards):
                    show(f"text shard {shard}/{shards} {tag}",
                         lambda: rows(ds.TextFileDataset([TEXT_A, TEXT_B, TEXT_C], shuffle=mode,
                                                         num_shards=shards,
                                                         shard_id=shard).repeat(2)))
            show(f"text samples {tag}", lambda: rows(ds.TextFileDataset(
                [TEXT_C, TEXT_A], shuffle=mode, num_samples=5)))
            show(f"news {tag}", lambda: rows(ds.AGNewsDataset(NEWS, shuffle=mode)))
    show(f"five shard w{workers}", lambda: rows(ds.TextFileDataset(FIVE, shuffle=False,
                                                                   num_shards=2, shard_id=1)))

ds.config.set_num_parallel_workers(2)
ds.config.set_seed(5)
show("five lines", lambda: rows(ds.TextFileDataset(FIVE, shuffle=False)))
show("text columns", lambda: ds.TextFileDataset(FIVE).get_col_names())
show("text size shards", lambda: ds.TextFileDataset(FIVE, num_shards=4, shard_id=0).get_dataset_size())
show("text size samples", lambda: ds.TextFileDataset(FIVE, num_samples=2).get_dataset_size())
for usage in ("train", "valid", "test", "all"):
    show(f"wiki {usage}", lambda: rows(ds.WikiTextDataset(WIKI, usage=usage, shuffle=False)))
    show(f"ptb {usage}", lambda: rows(ds.PennTreebankDataset(PTB, usage=usage, shuffle=False)))
for usage in ("train", "test", "all"):
    show(f"news {usage}", lambda: rows(ds.AGNewsDataset(NEWS, usage=usage, shuffle=False)))
show("news columns", lambda: ds.AGNewsDataset(NEWS).get_col_names())
show("wiki columns", lambda: ds.WikiTextDataset(WIKI).get_col_names())
show("news size", lambda: ds.AGNewsDataset(NEWS, num_shards=3, shard_id=0).get_dataset_size())
show("wiki size", lambda: ds.WikiTextDataset(WIKI, num_samples=4, num_shards=2,
                                             shard_id=0).get_dataset_size())
show("wiki samples", lambda: rows(ds.WikiTextDataset(WIKI, num_samples=4, shuffle=False)))
show("wiki bad usage", lambda: ds.WikiTextDataset(WIKI, usage="bad"))
show("news bad usage", lambda: ds.AGNewsDataset(NEWS, usage="valid"))
show("wiki missing folder", lambda: ds.WikiTextDataset(os.path.join(ROOT, "nothing")))
show("wiki bad shuffle", lambda: ds.WikiTextDataset(WIKI, shuffle=3))
show("ptb negative samples", lambda: ds.PennTreebankDataset(PTB, num_samples=-1))
show("ptb shards alone", lambda: ds.PennTreebankDataset(PTB, num_shards=2))
show("csv delim none", lambda: rows(ds.CSVDataset(TEXT_A, field_delim=None, column_names=["x"],
                                                  shuffle=False)))
