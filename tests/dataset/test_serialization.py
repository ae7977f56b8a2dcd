"""mindspore.dataset.serialize / deserialize / Dataset.to_json / show / compare against MindSpore
2.10 (golden: tests/goldens/dataset/serialize_probe.txt from
tests/goldens/scripts/dataset_serialize_probe.py): the same JSON, pipelines read back from a file,
a dict and MindSpore's own JSON with the same rows, and MindSpore's errors for what it cannot
read back."""
import functools
import json
import logging
import re
import runpy

import numpy as np
import pytest

import msjax.compat
import msjax.dataset as ds
import msjax.dataset.vision as vision
from msjax._src.dataset import config
from tests.golden_scripts import (GOLDENS, dataset_script_cases, golden_cases, pipeline_comparable,
                                 run_script_on_msjax)

SCRIPT = "dataset_serialize_probe.py"
SERIALIZE_GOLDENS = golden_cases("dataset/serialize_probe.txt")


@functools.lru_cache(maxsize=None)
def _msjax_cases():
    saved = config.get_num_parallel_workers(), config._settings["seed"]
    config.set_num_parallel_workers(config._DEFAULT_WORKERS)  # what a fresh process starts with
    try:
        return run_script_on_msjax(SCRIPT)
    finally:
        config.set_num_parallel_workers(saved[0])
        config._settings["seed"] = saved[1]


def _comparable(result):
    """A result with a pipeline error cut where MindSpore's C++ stack (msjax: the operation)
    starts, and the rule line before it dropped (MindSpore writes none where it has no stack)."""
    return re.sub(r"(\\n-{66})+$", r"\\n", pipeline_comparable(result))


@pytest.mark.parametrize("label", sorted(SERIALIZE_GOLDENS))
def test_serialize_case_matches_mindspore(label):
    assert _comparable(_msjax_cases().get(label, "<missing>")) == \
        _comparable(SERIALIZE_GOLDENS[label])


@pytest.fixture
def image_folder(tmp_path):
    """The probe script's folder of images (and MindRecord file), with 2 pipeline workers."""
    write_data = runpy.run_path(str(GOLDENS / "scripts" / SCRIPT))["write_data"]
    msjax.compat.install(force=True)  # the script writes its files through `mindspore`
    try:
        write_data(str(tmp_path))
    finally:
        msjax.compat.uninstall()
    saved = config.get_num_parallel_workers()
    config.set_num_parallel_workers(2)
    yield tmp_path
    config.set_num_parallel_workers(saved)


def _rows(dataset):
    return [[np.asarray(c).tolist() for c in row]
            for row in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True)]


JSON_CASES = ["json map", "json batch", "json project", "json rename", "json concat", "json take",
              "json skip", "json repeat", "json sampler_subset", "json sampler_sequential",
              "json imagefolder_options", "json map_no_columns", "json map_output_columns"]


@pytest.mark.parametrize("label", JSON_CASES)
def test_mindspores_json_is_read_back_into_the_pipeline_it_describes(image_folder, label):
    tree = json.loads(SERIALIZE_GOLDENS[label].replace("<ROOT>", str(image_folder)))
    pipeline = ds.deserialize(input_dict=tree)
    assert ds.serialize(pipeline) == tree
    assert _rows(pipeline) == _rows(ds.deserialize(input_dict=ds.serialize(pipeline)))
    assert pipeline.get_dataset_size() == len(_rows(pipeline))


def test_file_round_trip_gives_the_same_rows(image_folder, tmp_path):
    folder = ds.ImageFolderDataset(str(image_folder / "img"), shuffle=False)
    pipeline = folder.map([vision.Decode(), vision.Resize((2, 3))], input_columns="image").batch(3)
    path = tmp_path / "pipeline.json"
    tree = pipeline.to_json(str(path))
    assert json.loads(path.read_text()) == tree
    assert _rows(ds.deserialize(json_filepath=str(path))) == _rows(pipeline)


def test_show_logs_the_json_at_info(image_folder, caplog):
    folder = ds.ImageFolderDataset(str(image_folder / "img"), shuffle=False)
    with caplog.at_level(logging.INFO, logger="mindspore.dataset"):
        ds.show(folder, indentation=None)
    assert json.loads(caplog.records[-1].getMessage()) == folder.to_json()


def test_a_failed_serialize_writes_no_file(image_folder, tmp_path):
    folder = ds.ImageFolderDataset(str(image_folder / "img"), shuffle=False)
    target = tmp_path / "out.json"
    with pytest.raises(NotImplementedError, match="serialize does not write"):
        ds.serialize(folder.map(vision.Decode(to_pil=True)).map(vision.ToPIL()), str(target))
    assert not target.exists()


TFRECORD_SERDES = golden_cases("dataset/ds20_serialize_tfrecord_probe.out")


@pytest.mark.parametrize("label", sorted(TFRECORD_SERDES))
def test_tfrecord_serialization_case_matches_mindspore(label):
    """serialize/deserialize of TFRecordDataset (ds20_serialize_tfrecord_probe): MindSpore's JSON
    fields exactly, rebuilt pipelines giving the same rows; INFILE reads in order."""
    assert dataset_script_cases("ds20_serialize_tfrecord_probe.py").get(label) == \
        TFRECORD_SERDES[label]
