"""mindspore.dataset against MindSpore 2.10: the probe scripts under tests/goldens/scripts run
unchanged with ``mindspore`` answered by msjax, and every ``label -> result`` line they print must
equal what MindSpore printed (tests/goldens/dataset/*_probe.txt).

pipeline_probe: GeneratorDataset (generator, iterable, random access), NumpySlicesDataset,
samplers, sharding, map/batch/per_batch_map/repeat/take/skip/project/rename/filter/zip/concat/
split/shuffle, iterators and their types, dataset.config, and the errors of bad input.
tfrecord_probe: TFRecordDataset over tf.train.Example files written by the script.
sources_probe: MNIST idx files, CIFAR-10/100 binaries, ImageFolderDataset, TextFileDataset,
CSVDataset, written in their real formats by the script.
cifar10_files_probe: which ``.bin`` files of a folder Cifar10Dataset reads, by usage (the dataset
notebook of MindSpore's tutorials reads a folder holding the training files alone).
dataset_save_probe: Dataset.save's MindRecord schema (implicit casts), rows read back, shards, errors.
"""
import functools

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

PIPELINE_GOLDENS = golden_cases("dataset/pipeline_probe.txt")
SOURCES_GOLDENS = golden_cases("dataset/sources_probe.txt")


@functools.lru_cache(maxsize=None)
def _msjax_cases(script):
    return run_script_on_msjax(script)


@pytest.mark.parametrize("label", sorted(PIPELINE_GOLDENS))
def test_pipeline_case_matches_mindspore(label):
    assert _msjax_cases("dataset_pipeline_probe.py").get(label) == PIPELINE_GOLDENS[label]


@pytest.mark.heavy
@pytest.mark.parametrize("label", sorted(SOURCES_GOLDENS))
def test_file_source_case_matches_mindspore(label):
    assert _msjax_cases("dataset_sources_probe.py").get(label) == SOURCES_GOLDENS[label]


CIFAR10_FILES_GOLDENS = golden_cases("dataset/cifar10_files_probe.txt")


@pytest.mark.parametrize("label", sorted(CIFAR10_FILES_GOLDENS))
def test_cifar10_files_case_matches_mindspore(label):
    assert _msjax_cases("cifar10_files_probe.py").get(label) == CIFAR10_FILES_GOLDENS[label]


SAVE_GOLDENS = golden_cases("dataset/dataset_save_probe.txt")


@pytest.mark.parametrize("label", sorted(SAVE_GOLDENS))
def test_dataset_save_case_matches_mindspore(label):
    assert _msjax_cases("dataset_save_probe.py").get(label) == SAVE_GOLDENS[label]


TFRECORD_GOLDENS = golden_cases("dataset/tfrecord_probe.txt")


@pytest.mark.parametrize("label", sorted(TFRECORD_GOLDENS))
def test_tfrecord_case_matches_mindspore(label):
    assert _msjax_cases("dataset_tfrecord_probe.py").get(label) == TFRECORD_GOLDENS[label]
