"""An endless GeneratorDataset (and a long finite one) read with breaks: msjax gives MindSpore's
rows wherever MindSpore 2.10 ends (golden: tests/goldens/dataset/endless_generator.txt from
tests/goldens/scripts/dataset_endless_generator_probe.py, ``hangs`` where MindSpore never ends),
and never spins silently where MindSpore hangs (docs/migration.md, "Endless generators"):

- MindSpore's ``take`` (and ``zip``) read their input to its end at each epoch's end, so over an
  endless generator they never end; msjax ends the epoch after the rows taken: the rows are those
  MindSpore gives for a generator of exactly those rows (the `finite5` cases).
- A ``shuffle`` places each pass's draws after all the rows of the passes before; a pass left
  unfinished by a ``take`` above the shuffle is counted (as MindSpore's take reads it to its end)
  up to engine.UNFINISHED_PASS_ROW_LIMIT rows, past which the next pass is refused with an error
  naming the shuffle and the fix.
- An endless epoch read to its end by the user's own loop is endless on both (not tested)."""
import pytest

from msjax._src.dataset import engine
from tests.golden_scripts import dataset_script_cases, golden_cases

PROBE = "dataset_endless_generator_probe.py"
GOLDENS = golden_cases("dataset/endless_generator.txt")
ENDED = sorted(label for label, result in GOLDENS.items() if result != "hangs")
# MindSpore never ends these; msjax's rows are MindSpore's for the generator of the rows taken
AS_IF_DRAINED = {label: label.replace("endless_take_shuffle", "finite5_shuffle")
                 .replace("endless_take", "finite5")
                 for label, result in GOLDENS.items()
                 if result == "hangs"
                 and label.startswith(("endless_take ", "endless_take_shuffle "))}
UNFINISHED_SHUFFLE_PASS = ["endless_shuffle_take same_tuple", "endless_shuffle_take same_dict",
                           "endless_shuffle_take full_epochs"]


def _on_msjax(label):
    return dataset_script_cases(PROBE, label).get(label)


def test_the_goldens_record_where_mindspore_hangs():
    assert {label for label, result in GOLDENS.items() if result == "hangs"} == (
        set(AS_IF_DRAINED) | set(UNFINISHED_SHUFFLE_PASS)
        | {"endless full_epochs", "endless_shuffle full_epochs"})


@pytest.mark.parametrize("label", ENDED)
def test_rows_match_mindspore_where_it_ends(label):
    assert _on_msjax(label) == GOLDENS[label]


@pytest.mark.parametrize("label", sorted(AS_IF_DRAINED))
def test_a_take_over_an_endless_generator_ends_its_epoch(label):
    assert GOLDENS[AS_IF_DRAINED[label]] != "hangs"
    assert _on_msjax(label) == GOLDENS[AS_IF_DRAINED[label]]


@pytest.mark.parametrize("label", UNFINISHED_SHUFFLE_PASS)
def test_an_endless_unfinished_shuffle_pass_is_refused_with_the_fix(label, monkeypatch):
    monkeypatch.setattr(engine, "UNFINISHED_PASS_ROW_LIMIT", 300)  # counting 1e6 rows: ~10 s
    result = dataset_script_cases.__wrapped__(PROBE, label)[label]
    assert result == (
        "RuntimeError: Dataset.shuffle(buffer_size=4): pass 1 of the shuffle (an epoch, or a "
        "repeat above it) cannot begin: pass 0 of its input, a stream such as a generator, was "
        "left unfinished (a take() or zip() above the shuffle stopped reading it) and has more "
        "than 300 rows, perhaps "
        "endlessly many. MindSpore reads such a pass to its end (an endless generator never "
        "ends) and draws the next pass's order after all of its rows. Make the generator finite, "
        "or take its rows before the shuffle: GeneratorDataset(...).take(n).shuffle(4).")


def test_a_long_unfinished_shuffle_pass_within_the_limit_is_counted(monkeypatch):
    # 200 rows: counted to place pass 1 as MindSpore does (the golden); over a limit of 199: refused
    label = "long_shuffle_take full_epochs"
    assert _on_msjax(label) == GOLDENS[label]
    monkeypatch.setattr(engine, "UNFINISHED_PASS_ROW_LIMIT", 199)
    assert dataset_script_cases.__wrapped__(PROBE, label)[label].startswith(
        "RuntimeError: Dataset.shuffle(buffer_size=4): pass 1 of the shuffle (an epoch, or a "
        "repeat above it) cannot begin: ")


class _Rows:
    def __init__(self):
        self.read = 0

    def __next__(self):
        self.read += 1
        return (self.read,)

    def skip(self):
        next(self)


def test_the_epochs_after_an_endless_one_are_refused_not_skipped_to():
    import sys
    stream = engine._SharedEpochStream(_Rows(), [sys.maxsize, sys.maxsize])
    first = stream.epoch(0)
    assert [next(first) for _ in range(3)] == [(1,), (2,), (3,)]
    with pytest.raises(RuntimeError, match=r"Epoch 1 cannot begin: an epoch before it is endless "
                                           r"\(repeat\(\) with no count\)"):
        next(stream.epoch(1))


def test_the_epochs_after_an_unfinished_finite_one_skip_its_rest():
    rows = _Rows()
    stream = engine._SharedEpochStream(rows, [4, 2])
    assert next(stream.epoch(0)) == (1,)
    assert list(stream.epoch(1)) == [(5,), (6,)]
