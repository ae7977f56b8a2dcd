"""MindSpore's image corpora read from folders of image files: LSUNDataset, Caltech256Dataset
and SBUDataset (random-access sources, read through the samplers)."""
from __future__ import annotations

import os

import numpy as np

from msjax._src.dataset import samplers as samplers_module
from msjax._src.dataset.file_sources import (_ImageFiles, check_file, check_folder, check_usage,
                                              decode_image, files_in)
from msjax._src.dataset.rows import mark_source_row, pipeline_error
from msjax._src.dataset.vision_checks import type_check

LSUN_CLASSES = ['bedroom', 'bridge', 'church_outdoor', 'classroom', 'conference_room',
                'dining_room', 'kitchen', 'living_room', 'restaurant', 'tower']
_LSUN_FOLDER_USAGES = {"train": ["train"], "valid": ["val"], "all": ["train", "val"]}


def _check_classes(classes) -> list:
    if classes is None:
        return list(LSUN_CLASSES)
    if not isinstance(classes, list):
        raise TypeError(f"Argument classes with value {classes} is not of type [<class 'list'>], "
                        f"but got {type(classes)}.")
    for name in classes:
        if name not in LSUN_CLASSES:
            raise ValueError(f"Input classes is not within the valid set of {LSUN_CLASSES}.")
    return sorted(set(classes))


class LSUNDataset(_ImageFiles):
    """`mindspore.dataset.LSUNDataset`: LSUN's ``{class}_train`` and ``{class}_val`` folders
    (``all``: both, train first, class by class in name order) or its ``test`` folder. Every
    file of a folder is a row, in name order; columns ``image`` (the file's bytes as uint8, or
    the decoded RGB HWC image with `decode`) and ``label`` (uint32: the index of its folder among
    the folders read). As MindSpore's, the dataset size of ``test`` is counted from
    ``{class}_test`` folders (so it is 0 for LSUN's layout) while its rows are read."""

    LABEL_DTYPE = np.uint32

    def __init__(self, dataset_dir, usage=None, classes=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.usage = check_usage(usage, ["train", "test", "valid", "all"])
        self.classes = _check_classes(classes)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        type_check(decode, (bool,), "decode")
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "label"]

    def _folders(self, usage_names) -> list:
        return [folder for name in self.classes for usage in usage_names
                if os.path.isdir(folder := os.path.join(self.dataset_dir, f"{name}_{usage}"))]

    def _list(self):
        if self._files is None:
            folders = [os.path.join(self.dataset_dir, "test")] if self.usage == "test" else \
                self._folders(_LSUN_FOLDER_USAGES[self.usage])
            files = [(path, label) for label, folder in enumerate(folders)
                     if os.path.isdir(folder) for path in files_in(folder)]
            if not files:
                raise pipeline_error(f"Invalid data, LSUNDataset API can't read the data file "
                                     f"(interface mismatch or no data found). Check lsun file "
                                     f"path: {self.dataset_dir}", "LSUNDataset")
            self._files = files
        return self._files

    def _static_size(self):
        if self.usage != "test":
            return super()._static_size()
        counted = sum(len(files_in(folder)) for folder in self._folders(["test"]))
        return samplers_module.chained_size(self.sampler, counted)


class Caltech256Dataset(_ImageFiles):
    """`mindspore.dataset.Caltech256Dataset`: one folder per category (``001.ak47``, ...) under
    `dataset_dir`; the ``.jpg`` and ``.JPEG`` files (exactly those spellings) of each, in name
    order; columns ``image`` (the file's bytes as uint8, or the decoded RGB HWC image with
    `decode`) and ``label`` (int32: the folder's index among the sorted folder names)."""

    EXTENSIONS = (".jpg", ".JPEG")

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        type_check(decode, (bool,), "decode")
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "label"]

    def _list(self):
        if self._files is None:
            classes = sorted(name for name in os.listdir(self.dataset_dir)
                             if os.path.isdir(os.path.join(self.dataset_dir, name)))
            self._files = [(path, label) for label, name in enumerate(classes)
                           for path in files_in(os.path.join(self.dataset_dir, name))
                           if os.path.splitext(path)[1] in self.EXTENSIONS]
        return self._files


class SBUDataset(_ImageFiles):
    """`mindspore.dataset.SBUDataset`: SBU Captioned Photo's URL and caption lists (line ``i`` of
    one goes with line ``i`` of the other) and the downloaded images in ``sbu_images``, each named
    as MindSpore names it: the URL from its 24th character, ``/`` made ``_``. Only the photos
    found there are rows; columns ``image`` (the file's bytes as uint8, or the decoded RGB HWC
    image with `decode`) and ``caption`` (a string, trailing whitespace removed)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.dataset_dir = check_folder(dataset_dir)
        self.url_file = check_file(os.path.join(self.dataset_dir,
                                                 "SBU_captioned_photo_dataset_urls.txt"))
        self.caption_file = check_file(os.path.join(self.dataset_dir,
                                                     "SBU_captioned_photo_dataset_captions.txt"))
        self.image_folder = check_folder(os.path.join(self.dataset_dir, "sbu_images"))
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        type_check(decode, (bool,), "decode")
        self.decode = decode
        self._files = None

    def _columns(self):
        return ["image", "caption"]

    def _list(self):
        if self._files is None:
            with open(self.url_file, encoding="utf-8") as file:
                urls = file.read().split("\n")
            with open(self.caption_file, encoding="utf-8") as file:
                captions = file.read().split("\n")
            files = []
            for url, caption in zip(urls, captions):
                path = os.path.join(self.image_folder, url.strip()[23:].replace("/", "_"))
                if url.strip() and os.path.isfile(path):
                    files.append((path, caption.rstrip()))
            self._files = files
        return self._files

    def _read(self, index):
        path, caption = self._list()[index]
        with open(path, "rb") as file:
            data = file.read()
        image = decode_image(data, path) if self.decode else np.frombuffer(data, np.uint8).copy()
        return mark_source_row((image,), path) + (np.array(caption),)
