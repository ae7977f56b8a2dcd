"""Run the MindSpore model zoo's official/nlp/LSTM (github.com/mindspore-ai/models, not part of this
project) unchanged on a tiny generated aclImdb and GloVe file, and print what it prints.

Environment: LSTM_DIR (a checkout of official/nlp/LSTM), LSTM_WORK (a folder for the data, the
preprocessed MindRecord files and the checkpoints), LSTM_STEP, one of:

- ``train.py``: the zoo's train.py with ``--preprocess true``: its preprocessing parses the
  reviews with gensim and writes ``aclImdb_{train,test}.mindrecord0..3`` with
  ``FileWriter(..., shard_num=4)``, then it trains two epochs (GRAPH_MODE, evaluating after each);
- ``eval.py``: the zoo's eval.py on the best checkpoint train.py saved;
- ``batches``: the zoo's own ``lstm_create_dataset`` over the files train.py wrote: each batch's
  shape and dtype, then every row (label, feature length, sum of the feature, its non-zero count),
  sorted, so that the order a shuffle picks does not matter.

The zoo's dataset asks for ``num_parallel_workers=4``, which MindSpore refuses on a machine of
fewer CPUs (ValueError: num_parallel_workers exceeds the boundary between 1 and 2!), and msjax
with it: the runner makes ``os.cpu_count()`` say at least 4, for both (and for MindSpore's C++
engine, lstm_zoo_cpus.c).

LSTM_EXTRA_PATH (optional): a folder added to sys.path for the zoo's pure-Python needs (gensim,
pyyaml) where the interpreter lacks them. PYTHONHASHSEED must be fixed (0): the zoo's
preprocessing numbers words in the order of a Python set of strings.

The golden (tests/goldens/compat/lstm_zoo_run.txt: the kinds of line printed on stdout; the
loggers' lines on stderr are left out) was made with the oracle's interpreter (run directly: the
C++ engine needs lstm_zoo_cpus.c preloaded on a machine of fewer than 4 CPUs, see there)::

    for s in train.py eval.py batches; do LD_PRELOAD=/tmp/libcpu4.so PYTHONHASHSEED=0 \\
        LSTM_DIR=.../official/nlp/LSTM LSTM_WORK=/tmp/lstm_work LSTM_STEP=$s LSTM_EXTRA_PATH=... \\
        GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/lstm_zoo_run.py
    done | python tests/goldens/scripts/lstm_zoo_run.py --kinds \\
        > tests/goldens/compat/lstm_zoo_run.txt

tests/compat/test_model_zoo_lstm.py runs the same steps under ``msjax run`` and compares.
"""
import os
import re
import runpy
import sys

WORDS = ("good", "great", "fine", "bad", "awful", "dull", "movie", "plot", "the", "a", "was",
         "acting", "story", "not", "very", "film")
REVIEWS_PER_LABEL = 8  # per split: 16 rows, two batches of 8
EMBED_SIZE = 8


def make_data(folder):
    """aclImdb's layout ({train,test}/{pos,neg}/N_S.txt) with 8 short reviews per folder, and a
    GloVe file of EMBED_SIZE-wide vectors in word2vec's text format (a "count width" first line:
    the zoo reads it with gensim's load_word2vec_format)."""
    import numpy as np
    rng = np.random.default_rng(26)
    for split in ("train", "test"):
        for label in ("pos", "neg"):
            os.makedirs(os.path.join(folder, "aclImdb", split, label), exist_ok=True)
            for i in range(REVIEWS_PER_LABEL):
                words = rng.choice(WORDS, int(rng.integers(3, 12)))
                if split == "test" and i % 3 == 0:
                    words = np.append(words, "unseen")  # a word the train vocabulary lacks
                path = os.path.join(folder, "aclImdb", split, label, f"{i}_{i % 10 + 1}.txt")
                with open(path, "w", encoding="utf8") as f:
                    f.write(" ".join(w.capitalize() if j == 0 else w for j, w in enumerate(words)))
    os.makedirs(os.path.join(folder, "glove"), exist_ok=True)
    vectors = rng.normal(0, 0.5, (len(WORDS) - 2, EMBED_SIZE))
    with open(os.path.join(folder, "glove", f"glove.6B.{EMBED_SIZE}d.txt"), "w") as f:
        f.write(f"{len(WORDS) - 2} {EMBED_SIZE}\n")
        for word, vector in zip(WORDS[2:], vectors):  # "good" and "great" have no vector
            f.write(word + " " + " ".join(f"{v:.5f}" for v in vector) + "\n")


def arguments(step, work):
    """The command-line arguments of a tiny CPU run: batch 8, two epochs, 8-wide embeddings."""
    common = ["--device_target", "CPU", "--aclimdb_path", os.path.join(work, "aclImdb"),
              "--glove_path", os.path.join(work, "glove"),
              "--preprocess_path", os.path.join(work, "preprocess"),
              "--batch_size", "8", "--embed_size", str(EMBED_SIZE), "--num_hiddens", "4"]
    if step == "train.py":
        return common + ["--preprocess", "true", "--num_epochs", "2",
                         "--ckpt_path", os.path.join(work, "ckpt")]
    return common + ["--preprocess", "false",
                     "--ckpt_file", os.path.join(work, "ckpt", "lstm_best_acc.ckpt")]


def print_batches(preprocess_path):
    """What the zoo's lstm_create_dataset yields from the preprocessed files, train then test."""
    import importlib
    import numpy as np
    lstm_create_dataset = importlib.import_module("src.dataset").lstm_create_dataset  # the zoo's
    for training in (True, False):
        dataset = lstm_create_dataset(preprocess_path, 8, training=training)
        rows = []
        for feature, label in dataset.create_tuple_iterator(output_numpy=True):
            print(f"batch: feature {feature.shape} {feature.dtype}, label {label.shape} "
                  f"{label.dtype}")
            rows += [(int(l), f.shape[0], int(f.sum()), int(np.count_nonzero(f)))
                     for f, l in zip(feature, label)]
        print(f"rows ({'train' if training else 'test'}): {sorted(rows)}")


_TIMESTAMP = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] ")
_NUMBER = re.compile(r"-?\d+\.?\d*(e[-+]?\d+)?")


def line_kind(line, work=""):
    """A printed line with its paths and numbers taken out; the batch lines kept whole."""
    line = _TIMESTAMP.sub("", line.rstrip())
    if line.startswith(("batch: ", "rows (")):
        return line
    if work:
        line = line.replace(work, "<work>")
    line = " ".join(_NUMBER.sub("N", line).split())
    return re.sub(r" ([,\]])", r"\1", line)  # NumPy pads an array's numbers by their values


def kinds(lines, work):
    """The distinct kinds of line, in the order they first appear. The config's entries (the
    zoo pretty-prints its config: where a line wraps depends on the length of the paths) and
    MindSpore's log lines are left out."""
    found = []
    for line in lines:
        kind = line_kind(line, work)
        if kind and kind not in found and not kind.startswith(("Load dynamic library", "[", "'",
                                                               "{'aclimdb_path'")):
            found.append(kind)
    return found


def main():
    if sys.argv[1:] == ["--kinds"]:
        print("\n".join(kinds(sys.stdin, os.environ.get("LSTM_WORK", "/tmp/lstm_work"))))
        return
    root, work, step = os.environ["LSTM_DIR"], os.environ["LSTM_WORK"], os.environ["LSTM_STEP"]
    make_data(work)
    machine_cpus = os.cpu_count()
    os.cpu_count = lambda: max(4, machine_cpus)  # the zoo's num_parallel_workers=4 (see above)
    os.chdir(root)
    sys.path.insert(0, root)
    if os.environ.get("LSTM_EXTRA_PATH"):
        sys.path.append(os.environ["LSTM_EXTRA_PATH"])
    if step == "batches":
        print_batches(os.path.join(work, "preprocess"))
        return
    sys.argv = [step] + arguments(step, work)
    runpy.run_path(os.path.join(root, step), run_name="__main__")


if __name__ == "__main__":
    main()
