"""MindSpore 2.10's own docstring examples, run on real MindSpore and on msjax, compared text for text.

    python tools/docstring_conformance.py --mindspore-python ~/.cache/msjax-oracle/venv/bin/python
        [--work /tmp/doc11] [--only SUBSTRING ...] [--skip-oracle] [--show CATEGORY] [--jobs N]

Nothing of MindSpore's is stored in the project: the examples are read at run time from the
installed MindSpore (the one ``--mindspore-python`` imports). Steps, each writing under ``--work``
(default /tmp/doc11):

1. ``extract`` (under MindSpore's Python): for every public name of ``mindspore`` (top level),
   ``mindspore.ops`` (functions and Primitives), ``mindspore.nn``, ``mindspore.mint`` (with
   ``mint.nn``, ``mint.nn.functional``, ``mint.linalg``, ``mint.special``, ``mint.optim``; not
   ``mint.distributed``, whose examples start a cluster), ``mindspore.numpy`` and the methods of
   ``mindspore.Tensor``, the docstring's ``>>>`` examples (``doctest.DocTestParser``). An example
   block met again under another name (``ops.add`` and ``Tensor.add`` share text) is run once,
   under its first name. -> examples.json
2. ``oracle`` (under MindSpore's Python, twice): each block runs as doctest would run it, each
   ``>>>`` statement compiled in ``single`` mode (an expression's value printed by
   ``sys.displayhook``) from a file holding the block, so code that reads its own source (graph
   mode) finds it; per statement its printed text or the exception it raised. Blocks run in
   batches, one process per batch, with a per-block timeout (SIGALRM, and a watchdog that kills
   a process that stops reporting and goes on after the block that hung). The mode is put back
   to PYNATIVE after every block. -> oracle.jsonl, oracle2.jsonl
3. ``msjax`` (under this Python, ``import mindspore`` answered by msjax through
   ``msjax.compat.install(force=True)``): the same runner on the same blocks. -> msjax.jsonl
4. ``compare``: a block MindSpore itself fails on the CPU (a statement raises where the docstring
   expects no exception, a timeout, a crash; most need Ascend or GPU) is "MindSpore fails" and
   left out. Otherwise, after normalising object addresses (``0x7f..``) and NumPy 2's scalar
   reprs (``np.float32(1.5)``; the oracle's MindSpore runs on NumPy 1, msjax on NumPy 2), a
   block is

   - ``equal``: msjax printed the same text for every statement;
   - ``equal-random``: MindSpore's two runs print different numbers (the block draws unseeded
     random values), or the block calls one of MindSpore's random ops or initialisers (seeded
     or not, their numbers are MindSpore's generator's, which msjax does not reproduce:
     docs/migration.md, "Same seed, different numbers"): msjax's text must equal MindSpore's
     with every number masked (shapes and dtypes are printed as text around the numbers and
     stay compared);
   - ``rounding``: the same text but for numbers within a relative 1e-5 (absolute 1e-6) and the
     blanks NumPy pads them with (float32 kernels round their last digits differently);
   - ``raises``: a statement raised on one side and not on the other, or another exception;
   - ``wrong value``: a number differs (or there are more or fewer numbers);
   - ``format``: the same numbers (True and False count as numbers), other text (how a Tensor,
     a dtype or a tuple prints).

   The summary prints these counts, and ``--show CATEGORY`` the blocks of a category with the
   first statement that differs.

``--skip-oracle`` reuses MindSpore's outputs from an earlier run (they only change with MindSpore);
``--only`` limits every step to blocks whose name contains one of the substrings.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import doctest
import hashlib
import inspect
import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

NAMESPACES = ["mindspore", "mindspore.ops", "mindspore.nn", "mindspore.mint", "mindspore.mint.nn",
              "mindspore.mint.nn.functional", "mindspore.mint.linalg", "mindspore.mint.special",
              "mindspore.mint.optim", "mindspore.numpy"]
BLOCK_TIMEOUT_S = 60
BATCH = 150
# Blocks whose examples start processes, open sockets or wait on a cluster: not run on either side.
NOT_RUN = ("mindspore.mint.distributed", "mindspore.communication")


# ---------------------------------------------------------------- extract (MindSpore's Python)

def extract(out_path):
    import importlib
    import mindspore
    parser = doctest.DocTestParser()
    blocks, seen = [], {}

    def add(qualname, doc):
        if not isinstance(doc, str) or ">>>" not in doc:
            return
        try:
            examples = parser.get_examples(doc)
        except ValueError:
            return
        if not examples:
            return
        key = hashlib.sha1("".join(e.source for e in examples).encode()).hexdigest()
        if key in seen:
            seen[key]["aliases"].append(qualname)
            return
        block = {"name": qualname, "aliases": [], "statements": [
            {"source": e.source, "want": e.want, "exc": e.exc_msg is not None} for e in examples]}
        seen[key] = block
        blocks.append(block)

    for module_name in NAMESPACES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        for name in sorted(set(names)):
            try:
                value = getattr(module, name)
            except Exception:  # noqa: BLE001  (a lazily imported name that fails: no example)
                continue
            if inspect.ismodule(value):
                continue
            add(f"{module_name}.{name}", getattr(value, "__doc__", None))
    for name in sorted(dir(mindspore.Tensor)):
        if not name.startswith("_"):
            add(f"mindspore.Tensor.{name}", getattr(getattr(mindspore.Tensor, name, None), "__doc__", None))
    blocks = [b for b in blocks if not b["name"].startswith(NOT_RUN)]
    for index, block in enumerate(blocks):
        block["id"] = index
    with open(out_path, "w", encoding="utf-8") as file:
        json.dump(blocks, file)
    print(f"extracted {len(blocks)} example blocks", flush=True)


# ---------------------------------------------------------------- runner (either Python)

class _BlockTimeout(BaseException):
    pass


def _on_alarm(signum, frame):
    raise _BlockTimeout()


def _exception_text(error):
    message = str(error).strip().splitlines()
    return f"{type(error).__name__}: {message[0].strip() if message else ''}"


def run_blocks(blocks_path, out_path, ids, on_msjax, scratch):
    if on_msjax:
        sys.path.insert(0, str(ROOT))
        import msjax.compat
        msjax.compat.install(force=True)
    import builtins
    import warnings
    import mindspore
    warnings.simplefilter("ignore")
    with open(blocks_path, encoding="utf-8") as file:
        blocks = {b["id"]: b for b in json.load(file)}
    os.chdir(scratch)
    signal.signal(signal.SIGALRM, _on_alarm)
    with open(out_path, "a", encoding="utf-8") as out:
        for block_id in ids:
            block = blocks[block_id]
            out.write(json.dumps({"id": block_id, "start": True}) + "\n")
            out.flush()
            text, offsets = "", []
            for statement in block["statements"]:
                offsets.append(text.count("\n"))
                text += statement["source"]
            path = os.path.abspath(f"block_{block_id}.py")
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            namespace = {"__name__": "__main__", "__builtins__": builtins}
            results, status = [], "ok"
            signal.alarm(BLOCK_TIMEOUT_S)
            try:
                for statement, offset in zip(block["statements"], offsets):
                    captured = io.StringIO()
                    try:
                        with contextlib.redirect_stdout(captured):
                            code = compile("\n" * offset + statement["source"], path, "single")
                            exec(code, namespace)
                        results.append({"out": captured.getvalue()})
                    except _BlockTimeout:
                        raise
                    except BaseException as error:  # noqa: BLE001  (a statement's error is its output)
                        results.append({"out": captured.getvalue(), "raised": _exception_text(error)})
                        if not statement["exc"] and status == "ok":
                            status = "raised"
            except _BlockTimeout:
                status = "timeout"
            finally:
                signal.alarm(0)
            try:
                mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
            except Exception:  # noqa: BLE001  (a block that broke the context: the next says so)
                pass
            out.write(json.dumps({"id": block_id, "status": status, "results": results}) + "\n")
            out.flush()


def _read_results(path):
    done, started = {}, []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if record.get("start"):
                started.append(record["id"])
            else:
                done[record["id"]] = record
    return done, started


def run_all(python, blocks_path, out_path, ids, on_msjax, work, jobs):
    """Run the blocks `ids` in batches of processes (`jobs` at a time) until each has a record:
    a process that dies or stops reporting marks its block ``crashed``/``timeout``."""
    env = dict(os.environ, GLOG_v="3", PYTHONWARNINGS="ignore")
    if on_msjax:
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    running = []  # (process, part path, ids, last size, last change)
    pending = list(ids)
    parts = []
    while pending or running:
        while pending and len(running) < jobs:
            batch, pending = pending[:BATCH], pending[BATCH:]
            part = out_path.with_suffix(f".part{len(parts)}")
            part.unlink(missing_ok=True)
            parts.append(part)
            scratch = tempfile.mkdtemp(prefix="doc_blocks_", dir=work)
            process = subprocess.Popen(
                [python, str(pathlib.Path(__file__).resolve()), "--_run", str(blocks_path), str(part),
                 ",".join(map(str, batch)), "msjax" if on_msjax else "mindspore", scratch],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=scratch)
            running.append([process, part, batch, -1, time.time()])
        time.sleep(1)
        for entry in list(running):
            process, part, batch, size, changed = entry
            now_size = part.stat().st_size if part.exists() else 0
            if now_size != size:
                entry[3], entry[4] = now_size, time.time()
            stalled = time.time() - entry[4] > BLOCK_TIMEOUT_S + 60
            if process.poll() is None and not stalled:
                continue
            if process.poll() is None:
                process.kill()
                process.wait()
            running.remove(entry)
            done, started = _read_results(part)
            left = [i for i in batch if i not in done]
            if left:
                # the first block not done is the one that hung or crashed the process
                culprit = left[0]
                with open(part, "a", encoding="utf-8") as file:
                    file.write(json.dumps({"id": culprit, "status": "timeout" if stalled else "crashed",
                                           "results": []}) + "\n")
                if left[1:]:
                    pending = left[1:] + pending
        print(f"\r  {sum(len(_read_results(p)[0]) for p in parts)}/{len(ids)} blocks", end="",
              file=sys.stderr, flush=True)
    print(file=sys.stderr)
    merged = ({r["id"]: r for r in map(json.loads, out_path.read_text().splitlines())}
              if out_path.exists() else {})
    for part in parts:
        merged.update(_read_results(part)[0])
        part.unlink()
    with open(out_path, "w", encoding="utf-8") as file:
        for block_id in sorted(merged):
            file.write(json.dumps(merged[block_id]) + "\n")


# ---------------------------------------------------------------- compare

_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?inf|nan|True|False")
# A call of one of MindSpore's own random ops: its numbers come from MindSpore's generator, which
# msjax does not reproduce (docs/migration.md, "Same seed, different numbers"), seeded or not.
_MINDSPORE_RANDOM = re.compile(
    r"\b(?:ops|mint|nn|ms|mindspore|P|F|np_ms|mnp|numpy)\.(?:\w*[Rr]and\w*|shuffle|[Ss]huffle\w*|"
    r"[Mm]ultinomial\w*|normal|[Nn]ormal\w*|[Uu]niform\w*|StandardNormal|StandardLaplace|"
    r"\w*[Gg]amma\b|\w*[Pp]oisson\w*|[Dd]ropout\w*|bernoulli\w*|Bernoulli|Generator|log_normal|"
    r"LogNormal\w*|cauchy|Cauchy|\w*[Cc]hoice\w*|\w*CandidateSampler|laplace|gumbel\w*|"
    r"exponential_|TruncatedNormal|initializer)\b"
    r"|\bTensor\([^)]*init=|\b(?:Normal|Uniform|TruncatedNormal|HeNormal|HeUniform|XavierNormal|"
    r"XavierUniform)\(")


# NumPy 2 (msjax's) shows a NumPy scalar inside a container as ``np.float32(1.5)``, NumPy 1 (the
# oracle's: MindSpore 2.10's wheel is built against NumPy 1) as ``1.5``.
_NUMPY2_SCALAR = re.compile(r"np\.(?:float|int|uint|complex|bool|str)[a-z0-9_]*\(([^()]*)\)")


def _statement_text(result):
    text = _NUMPY2_SCALAR.sub(r"\1", _ADDRESS.sub("0x?", result.get("out", "")))
    text = text.replace("np.True_", "True").replace("np.False_", "False")
    if "raised" in result:
        text += "\n!!! " + _ADDRESS.sub("0x?", result["raised"])
    return text


def _masked(text):
    """`text` with every number a ``#`` and no blanks (NumPy pads a column to its widest number,
    so blanks move with the numbers' digits)."""
    return re.sub(r"\s+", "", _NUMBER.sub("#", text))


def _numbers(text):
    return _NUMBER.findall(text)


def _close(a, b):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x != x and y != y:
        return True
    return abs(x - y) <= 1e-5 * max(abs(x), abs(y)) + 1e-6


def classify(oracle, oracle2, mine, source=""):
    """The category of one block (see the module's docstring) and the index of the first
    statement that differs; `source` is the block's code."""
    if oracle["status"] != "ok":
        return "mindspore fails", None
    if mine["status"] in ("timeout", "crashed"):
        return "raises", None
    random = (oracle2 is not None and oracle2["status"] == "ok" and any(
        _numbers(_statement_text(a)) != _numbers(_statement_text(b))
        for a, b in zip(oracle["results"], oracle2["results"]))) or bool(
        _MINDSPORE_RANDOM.search(source))
    mine_results = mine["results"] + [{"out": "", "raised": "(not run)"}] * (
        len(oracle["results"]) - len(mine["results"]))
    rank = ["equal", "equal-random", "rounding", "format", "wrong value", "raises"]
    categories = []
    for a, b in zip(oracle["results"], mine_results):
        ta, tb = _statement_text(a), _statement_text(b)
        if ta == tb:
            this = "equal"
        elif ("raised" in a) != ("raised" in b) or (
                "raised" in a and a["raised"].split(":")[0] != b["raised"].split(":")[0]):
            this = "raises"
        elif random and _masked(ta) == _masked(tb):
            this = "equal-random"
        else:
            na, nb = _numbers(ta), _numbers(tb)
            if len(na) != len(nb) or not all(_close(x, y) for x, y in zip(na, nb)):
                this = "wrong value"
            elif _masked(ta) == _masked(tb):
                this = "rounding"
            else:
                this = "format"
        categories.append(this)
    category = max(categories, key=rank.index, default="equal")
    first = categories.index(category) if category != "equal" else None
    return category, first


def compare(work, show, only):
    blocks = {b["id"]: b for b in json.loads((work / "examples.json").read_text())}
    oracle = {r["id"]: r for r in map(json.loads, (work / "oracle.jsonl").read_text().splitlines())}
    oracle2_path = work / "oracle2.jsonl"
    oracle2 = ({r["id"]: r for r in map(json.loads, oracle2_path.read_text().splitlines())}
               if oracle2_path.exists() else {})
    mine = {r["id"]: r for r in map(json.loads, (work / "msjax.jsonl").read_text().splitlines())}
    ids = [i for i in sorted(mine) if i in oracle and (not only or any(
        s in n for s in only for n in [blocks[i]["name"], *blocks[i]["aliases"]]))]
    counts = collections.Counter()
    by_category = collections.defaultdict(list)
    for block_id in ids:
        source = "".join(s["source"] for s in blocks[block_id]["statements"])
        category, first = classify(oracle[block_id], oracle2.get(block_id), mine[block_id], source)
        counts[category] += 1
        by_category[category].append((block_id, first))
    ms_ok = len(ids) - counts["mindspore fails"]
    equal = counts["equal"] + counts["equal-random"]
    print(f"examples (blocks): {len(ids)}")
    print(f"MindSpore ok:      {ms_ok}  (MindSpore fails on CPU: {counts['mindspore fails']})")
    print(f"msjax equal:       {equal}  ({counts['equal-random']} of them random, numbers masked)")
    print(f"msjax rounding:    {counts['rounding']}  (numbers within 1e-5 relative)")
    print(f"msjax differs:     {ms_ok - equal - counts['rounding']}  "
          f"(raises {counts['raises']}, wrong value {counts['wrong value']}, format {counts['format']})")
    print("command: python tools/docstring_conformance.py " + " ".join(sys.argv[1:]))
    for category in show:
        print(f"\n==== {category}")
        for block_id, first in by_category.get(category, []):
            block = blocks[block_id]
            print(f"-- {block['name']}  (block {block_id})")
            if first is None:
                print(f"   MindSpore: {oracle[block_id]['status']}  msjax: {mine[block_id]['status']}")
                if mine[block_id]["results"]:
                    bad = next((r for r in mine[block_id]["results"] if "raised" in r), None)
                    if bad:
                        print("   msjax: " + bad["raised"][:300])
                continue
            source = block["statements"][first]["source"].rstrip()
            print("   >>> " + source.replace("\n", "\n   ... ")[:400])
            a = _statement_text(oracle[block_id]["results"][first])
            b = (_statement_text(mine[block_id]["results"][first])
                 if first < len(mine[block_id]["results"]) else "(not run)")
            print("   MindSpore: " + a.rstrip().replace("\n", "\n              ")[:600])
            print("   msjax:     " + b.rstrip().replace("\n", "\n              ")[:600])


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--_extract":
        extract(sys.argv[2])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--_run":
        _, _, blocks_path, out_path, ids, side, scratch = sys.argv
        run_blocks(blocks_path, out_path, [int(i) for i in ids.split(",")], side == "msjax", scratch)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mindspore-python", required=True)
    parser.add_argument("--work", default="/tmp/doc11")
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--skip-oracle", action="store_true")
    parser.add_argument("--skip-msjax", action="store_true", help="compare the last runs again")
    parser.add_argument("--show", nargs="*", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    examples = work / "examples.json"
    python = os.path.expanduser(args.mindspore_python)
    if not args.skip_oracle or not examples.exists():
        subprocess.run([python, __file__, "--_extract", str(examples)], check=True,
                       env=dict(os.environ, GLOG_v="3"), stderr=subprocess.DEVNULL)
    blocks = json.loads(examples.read_text())
    ids = [b["id"] for b in blocks
           if not args.only or any(s in n for s in args.only for n in [b["name"], *b["aliases"]])]
    if not args.skip_oracle:
        for name in ("oracle.jsonl", "oracle2.jsonl"):
            print(f"running {len(ids)} blocks on MindSpore -> {work / name}", file=sys.stderr)
            run_all(python, examples, work / name, ids, False, work, args.jobs)
    if not args.skip_msjax:
        print(f"running {len(ids)} blocks on msjax -> {work / 'msjax.jsonl'}", file=sys.stderr)
        run_all(sys.executable, examples, work / "msjax.jsonl", ids, True, work, args.jobs)
    compare(work, args.show, args.only)


if __name__ == "__main__":
    main()
