"""MindSpore's annotated image datasets: VOCDataset (Pascal VOC folders), CocoDataset (COCO JSON
annotations) and CelebADataset (CelebA's attribute and partition lists).

Each parses its annotations when first read, as MindSpore does (which images have annotations,
the class indexing), then reads one image per index; columns, dtypes, shapes, the rows kept and
the errors are MindSpore 2.10's (golden: tests/goldens/dataset/detection_probe.txt, from
tests/goldens/scripts/dataset_detection_probe.py). Images come as their file's bytes (uint8), or
decoded to RGB HWC with `decode=True`.
"""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ElementTree

import numpy as np

from msjax._src.dataset import samplers as samplers_module
from msjax._src.dataset.file_sources import check_file, check_folder, decode_image
from msjax._src.dataset.rows import mark_source_row, pipeline_error
from msjax._src.dataset.sources import MappableSource

META_FILENAME = "_meta-filename"


def _check_type(value, name, kind):
    """MindSpore's type check of an argument (a bool is not an int, nor an int a bool)."""
    wrong = not isinstance(value, kind) or (kind is not bool and isinstance(value, bool))
    if value is not None and wrong:
        raise TypeError(f"Argument {name} with value {value!r} is not of type "
                        f"[{kind}], but got {type(value)}.")


def _read_image(path, decode, dataset_name):
    with open(path, "rb") as file:
        data = file.read()
    return decode_image(data, path) if decode else np.frombuffer(data, np.uint8).copy()


class _AnnotatedSource(MappableSource):
    """A file dataset whose rows are parsed from annotation files once, when first needed."""

    name = "Dataset"

    def __init__(self, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                 cache, decode):
        _check_type(shuffle, "shuffle", bool)
        _check_type(decode, "decode", bool)
        if isinstance(sampler, samplers_module.PKSampler) and self.name != "VOCDataset":
            raise ValueError(f"{self.name} doesn't support PKSampler.")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.decode = decode
        self._parsed = None

    def _rows(self):
        if self._parsed is None:
            self._parsed = self._parse()
        return self._parsed

    def _parse(self) -> list:
        raise NotImplementedError

    def _length(self):
        return len(self._rows())


# -- Pascal VOC ------------------------------------------------------------------------------------

def _float_text(element, name):
    """tinyxml2's FloatText of a child element: its number, 0 when absent or not a number."""
    child = element.find(name) if element is not None else None
    if child is None or child.text is None:
        return 0.0
    try:
        return float(child.text.strip())
    except ValueError:
        return 0.0


class VOCDataset(_AnnotatedSource):
    """`mindspore.dataset.VOCDataset(dataset_dir, task="Segmentation", usage="train",
    class_indexing=None, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
    sampler=None, num_shards=None, shard_id=None, cache=None, extra_metadata=False,
    decrypt=None)`.

    Segmentation: columns ``image`` and ``target`` (JPEGImages/<id>.jpg and
    SegmentationClass/<id>.png) for each id of ImageSets/Segmentation/<usage>.txt. Detection:
    ``image``, ``bbox`` (float32 N x 4: xmin, ymin, width, height), ``label``, ``difficult``,
    ``truncate`` (uint32 N x 1) from Annotations/<id>.xml for each id of ImageSets/Main/<usage>.txt
    that has objects of the chosen classes; labels are `class_indexing`'s, or each class's place
    among the sorted class names found. `extra_metadata` adds ``_meta-filename`` (the id), which
    `get_col_names` lists and the iterators leave out, as in MindSpore.
    """

    name = "VOCDataset"

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None,
                 num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None, extra_metadata=False,
                 decrypt=None):
        folder = os.path.realpath(check_folder(dataset_dir))
        _check_type(task, "task", str)
        _check_type(usage, "usage", str)
        if task == "Segmentation":
            sets_file = os.path.join(folder, "ImageSets", "Segmentation", usage + ".txt")
            if class_indexing is not None:
                raise ValueError("class_indexing is not supported in Segmentation task.")
        elif task == "Detection":
            sets_file = os.path.join(folder, "ImageSets", "Main", usage + ".txt")
        else:
            raise ValueError("Invalid task : " + task + ".")
        if decrypt is not None:
            raise NotImplementedError("msjax: VOCDataset(decrypt=...) is not implemented (the "
                                      "images are read as they are stored).")
        check_file(sets_file)
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError(f"Argument class_indexing with value {class_indexing!r} is not of type "
                            f"[<class 'dict'>], but got {type(class_indexing)}.")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache, decode)
        self.folder, self.task, self.sets_file = folder, task, sets_file
        self.class_indexing = dict(class_indexing or {})
        self.extra_metadata = bool(extra_metadata)
        self._labels = None

    def _columns(self):
        columns = ["image", "target"] if self.task == "Segmentation" else \
            ["image", "bbox", "label", "difficult", "truncate"]
        return columns + ([META_FILENAME] if self.extra_metadata else [])

    def _parse(self):
        ids = _set_file_ids(self.sets_file)
        if self.task == "Segmentation":
            return [(image_id, None) for image_id in ids]
        found, labels = [], set()
        for image_id in ids:
            path = os.path.join(self.folder, "Annotations", image_id + ".xml")
            objects = self._objects(path)
            if objects:
                found.append((image_id, objects))
                labels.update(name for name, _ in objects)
        self._labels = {name: i for i, name in enumerate(sorted(labels))}
        if not found:
            raise pipeline_error(f"Invalid data, VOCDataset API can't read the data file "
                                 f"(interface mismatch or no data found). Check file in "
                                 f"directory:{self.folder}", self.name)
        return found

    def _objects(self, path):
        if not os.path.exists(path):
            raise pipeline_error(f"Invalid file, failed to open file: {path}", self.name)
        try:
            root = ElementTree.parse(path).getroot()
        except (ElementTree.ParseError, OSError):
            raise pipeline_error(f"Invalid file, failed to load xml file: {path}",
                                 self.name) from None
        elements = root.findall("object")
        if not elements:
            raise pipeline_error(f"Invalid data, no object found in {path}", self.name)
        objects = []
        for element in elements:
            name_node = element.find("name")
            label = (name_node.text or "") if name_node is not None else ""
            difficult, truncated = _float_text(element, "difficult"), _float_text(element, "truncated")
            box = element.find("bndbox")
            if box is None:
                raise pipeline_error(f"Invalid data, bndbox dismatch in {path}", self.name)
            xmin, xmax = _float_text(box, "xmin"), _float_text(box, "xmax")
            ymin, ymax = _float_text(box, "ymin"), _float_text(box, "ymax")
            if not (xmin > 0 and ymin > 0 and xmax > xmin and ymax > ymin):
                raise pipeline_error(
                    f"Invalid bndbox, the coordinate of bndbox in {path} should be greater than "
                    f"0, but got {{{int(xmin)}, {int(ymin)}, {int(xmax)}, {int(ymax)}}}", self.name)
            if label and (not self.class_indexing or label in self.class_indexing):
                objects.append((label, (xmin, ymin, xmax - xmin, ymax - ymin, difficult,
                                        truncated)))
        return objects

    def _read(self, index):
        image_id, objects = self._rows()[index]
        path = os.path.join(self.folder, "JPEGImages", image_id + ".jpg")
        image = _read_image(path, self.decode, self.name)
        if self.task == "Segmentation":
            target = os.path.join(self.folder, "SegmentationClass", image_id + ".png")
            row = (image, *mark_source_row((_read_image(target, self.decode, self.name),), target))
        else:
            labels = [self.class_indexing.get(name, self._labels[name]) for name, _ in objects]
            values = np.array([v for _, v in objects], np.float32).reshape(-1, 6)
            row = (image, values[:, :4].copy(),
                   np.array(labels, np.uint32).reshape(-1, 1),
                   values[:, 4:5].astype(np.uint32), values[:, 5:6].astype(np.uint32))
        if self.task != "Segmentation":  # the annotation columns name the annotation file
            mark_source_row(row[1:], os.path.join(self.folder, "Annotations", image_id + ".xml"))
        return mark_source_row(row + ((np.array(image_id),) if self.extra_metadata else ()), path)

    def get_class_indexing(self):
        """`VOCDataset.get_class_indexing`: class name -> label (Detection only)."""
        if self.task != "Detection":
            raise NotImplementedError("Only 'Detection' support get_class_indexing.")
        self._rows()
        if self.class_indexing:
            return {name: self.class_indexing[name] for name in self._labels}
        return dict(self._labels)


def _set_file_ids(path):
    """The ids of an ImageSets file, one a line (a trailing ``\\r`` dropped), as MindSpore reads
    them with getline."""
    with open(path, encoding="utf-8", newline="") as file:
        text = file.read()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


# -- COCO ------------------------------------------------------------------------------------------

_COCO_COLUMNS = {
    "Detection": ["image", "bbox", "category_id", "iscrowd"],
    "Stuff": ["image", "segmentation", "iscrowd"],
    "Keypoint": ["image", "keypoints", "num_keypoints"],
    "Panoptic": ["image", "bbox", "category_id", "iscrowd", "area"],
    "Captioning": ["image", "captions"],
}


class CocoDataset(_AnnotatedSource):
    """`mindspore.dataset.CocoDataset(dataset_dir, annotation_file, task="Detection",
    num_samples=None, num_parallel_workers=None, shuffle=None, decode=False, sampler=None,
    num_shards=None, shard_id=None, cache=None, extra_metadata=False, decrypt=None)`.

    Rows: the images of `annotation_file` that have annotations, in its ``images`` order; per
    task the columns of `_COCO_COLUMNS`: the annotations' coordinates (bbox, segmentation or
    keypoints) as one float32 row each, padded with -1 to the longest; category ids, iscrowd,
    num_keypoints and area as uint32 N x 1; captions as strings N x 1.
    """

    name = "CocoDataset"

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None,
                 num_shards=None, shard_id=None, cache=None, extra_metadata=False, decrypt=None):
        folder = check_folder(dataset_dir)
        annotation_file = check_file(annotation_file)
        _check_type(task, "task", str)
        if task not in _COCO_COLUMNS:
            raise ValueError("Invalid task type: " + task + ".")
        if decrypt is not None:
            raise NotImplementedError("msjax: CocoDataset(decrypt=...) is not implemented (the "
                                      "images are read as they are stored).")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache, decode)
        self.folder, self.annotation_file, self.task = folder, annotation_file, task
        self.extra_metadata = bool(extra_metadata)
        self._categories = None

    def _columns(self):
        return _COCO_COLUMNS[self.task] + ([META_FILENAME] if self.extra_metadata else [])

    def _error(self, message):
        return pipeline_error(message, self.name)

    def _node(self, tree, name):
        if not isinstance(tree, dict) or name not in tree:
            raise self._error(f"Invalid data, invalid node found in json: {name}")
        return tree[name]

    def _parse(self):
        try:
            with open(self.annotation_file, encoding="utf-8") as file:
                tree = json.load(file)
        except (OSError, ValueError):
            raise self._error(f"Invalid file, failed to open json file: "
                              f"{self.annotation_file}") from None
        images = self._node(tree, "images")
        if not images:
            raise self._error(f'Invalid data, no "image" node found in json file: '
                              f'{self.annotation_file}')
        files_by_id, order = {}, []
        for image in images:
            name, image_id = self._node(image, "file_name"), self._node(image, "id")
            files_by_id[image_id] = name
            order.append(name)
        categories = {}
        if self.task in ("Detection", "Panoptic"):
            categories = self._load_categories(self._node(tree, "categories"))
        self._categories = categories
        coordinates, items = {}, {}
        for annotation in self._node(tree, "annotations"):
            image_id = self._node(annotation, "image_id")
            if image_id not in files_by_id:
                raise self._error(f"Invalid data, image_id: {image_id} in annotation node is not "
                                  f"found in image node in json file.")
            self._load_annotation(annotation, files_by_id[image_id], coordinates, items,
                                  categories)
        rows, seen = [], set()
        for name in order:
            if name in coordinates and name not in seen:
                seen.add(name)
                rows.append((name, coordinates[name], items.get(name, [])))
        if not rows:
            raise self._error("Invalid data, CocoDataset API can't read the data file (interface "
                              "mismatch or no data found). Check file in directory: "
                              f"{self.folder}.")
        return rows

    def _load_categories(self, categories):
        if not categories:
            raise self._error(f"Invalid file, no categories found in annotation_path: "
                              f"{self.annotation_file}")
        found = {}
        for category in categories:
            if "id" not in category:
                raise self._error(f"Invalid data, no json id found in categories of "
                                  f"{self.annotation_file}")
            if "name" not in category:
                raise self._error(f"Invalid data, no categories name found in categories where "
                                  f"id: {category['id']}")
            info = [int(category["id"])]
            if self.task == "Panoptic":
                if "isthing" not in category:
                    raise self._error(f"Invalid data, nothing found in categories of "
                                      f"{self.annotation_file}")
                info.append(int(category["isthing"]))
            found[category["name"]] = info
        return found

    def _category(self, value, categories):
        if value not in {info[0] for info in categories.values()}:
            raise self._error(f"Invalid data, category_id can't find in categories where "
                              f"category_id: {value}")
        return value

    def _load_annotation(self, annotation, file_name, coordinates, items, categories):
        rows = coordinates.setdefault(file_name, [])
        values = items.setdefault(file_name, [])
        if self.task == "Detection":
            self._node(annotation, "id")
            rows.append(list(self._node(annotation, "bbox")))
            values.append((self._category(self._node(annotation, "category_id"), categories),
                           annotation.get("iscrowd", 0)))
        elif self.task == "Stuff":
            self._node(annotation, "id")
            iscrowd = self._node(annotation, "iscrowd")
            values.append((iscrowd,))
            segmentation = self._node(annotation, "segmentation")
            if iscrowd == 0:
                rows.extend(list(polygon) for polygon in segmentation)
            elif iscrowd == 1:
                if not isinstance(segmentation, dict) or "counts" not in segmentation:
                    raise self._error(f"Invalid annotation, the attribute of 'counts' is missing "
                                      f"in annotation file: {self.annotation_file}.")
                rows.append(list(segmentation["counts"]))
        elif self.task == "Keypoint":
            annotation_id = self._node(annotation, "id")
            if "num_keypoints" not in annotation:
                raise self._error(f"Invalid data, no num_keypoint found in annotations where id: "
                                  f"{annotation_id}")
            if "keypoints" not in annotation:
                raise self._error(f"Invalid data, no keypoint found in annotations where id: "
                                  f"{annotation_id}")
            values.append((annotation["num_keypoints"],))
            rows.append(list(annotation["keypoints"]))
        elif self.task == "Panoptic":
            image_id = annotation["image_id"]
            if "segments_info" not in annotation:
                raise self._error(f"Invalid data, no segments_info found in annotations where "
                                  f"image_id: {image_id}")
            for info in annotation["segments_info"]:
                for key in ("bbox", "iscrowd", "area"):
                    if key not in info:
                        raise self._error(f"Invalid data, no {key} found in segments_info where "
                                          f"image_id: {image_id}")
                rows.append(list(info["bbox"]))
                values.append((self._category(self._node(info, "category_id"), categories),
                               info["iscrowd"], info["area"]))
        else:  # Captioning
            rows.append([self._node(annotation, "caption")])

    def _read(self, index):
        name, coordinates, items = self._rows()[index]
        path = os.path.join(self.folder, name)
        image = _read_image(path, self.decode, self.name)
        if self.task == "Captioning":
            row = (image, np.array(coordinates).reshape(-1, 1))
        else:
            width = max((len(c) for c in coordinates), default=0)
            padded = np.full((len(coordinates), width), -1.0, np.float32)
            for i, values in enumerate(coordinates):
                padded[i, :len(values)] = values
            columns = len(items[0]) if items else len(_COCO_COLUMNS[self.task]) - 2
            table = np.array(items, np.uint32).reshape(-1, columns)
            row = (image, padded, *(table[:, k:k + 1].copy() for k in range(columns)))
        mark_source_row(row[:1], path)  # the image's file (MindSpore names no file for the rest)
        # MindSpore's _meta-filename is the image's file name without its extension
        return row + ((np.array(os.path.splitext(name)[0]),) if self.extra_metadata else ())

    def get_class_indexing(self):
        """`CocoDataset.get_class_indexing`: category name -> [id] ([id, isthing] for Panoptic);
        Detection and Panoptic only."""
        if self.task not in ("Detection", "Panoptic"):
            raise pipeline_error("GetClassIndexing: Get Class Index failed in CocoOp.", self.name)
        self._rows()
        return {name: list(info) for name, info in self._categories.items()}


# -- CelebA ----------------------------------------------------------------------------------------

_CELEBA_PARTITIONS = {"train": "0", "valid": "1", "test": "2"}


class CelebADataset(_AnnotatedSource):
    """`mindspore.dataset.CelebADataset(dataset_dir, num_parallel_workers=None, shuffle=None,
    usage='all', sampler=None, decode=False, extensions=None, num_samples=None, num_shards=None,
    shard_id=None, cache=None, decrypt=None)`: the images of list_attr_celeba.txt (in its order;
    of `usage`'s partition in list_eval_partition.txt), columns ``image`` and ``attr`` (uint32:
    1 where the attribute is 1, else 0)."""

    name = "CelebADataset"

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all",
                 sampler=None, decode=False, extensions=None, num_samples=None, num_shards=None,
                 shard_id=None, cache=None, decrypt=None):
        folder = check_folder(dataset_dir)
        if extensions is not None and not isinstance(extensions, list):
            raise TypeError(f"Argument extensions with value {extensions!r} is not of type "
                            f"[<class 'list'>], but got {type(extensions)}.")
        if usage is not None and usage not in ("all", "train", "valid", "test"):
            raise ValueError("usage should be 'all', 'train', 'valid' or 'test'.")
        if decrypt is not None:
            raise NotImplementedError("msjax: CelebADataset(decrypt=...) is not implemented (the "
                                      "images are read as they are stored).")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache, decode)
        self.folder, self.usage = folder, usage or "all"
        self.extensions = set(extensions) if extensions else None

    def _columns(self):
        return ["image", "attr"]

    def _parse(self):
        attr_path = os.path.join(self.folder, "list_attr_celeba.txt")
        if not os.path.isfile(attr_path):
            raise pipeline_error(f"Invalid file, failed to open CelebA attribute file: "
                                 f"{attr_path}", self.name)
        with open(attr_path, encoding="utf-8") as file:
            lines = [line.split() for line in file.read().splitlines()]
        partitions = None
        if self.usage != "all":
            with open(os.path.join(self.folder, "list_eval_partition.txt"),
                      encoding="utf-8") as file:
                partitions = dict(line.split()[:2] for line in file if line.split())
        rows = []
        for fields in lines[2:]:
            if not fields:
                continue
            name, values = fields[0], fields[1:]
            if self.extensions is not None and os.path.splitext(name)[1] not in self.extensions:
                continue
            if partitions is not None and partitions.get(name) != _CELEBA_PARTITIONS[self.usage]:
                continue
            rows.append((name, np.array([1 if v == "1" else 0 for v in values], np.uint32)))
        return rows

    def _read(self, index):
        name, attributes = self._rows()[index]
        path = os.path.join(self.folder, name)
        return mark_source_row((_read_image(path, self.decode, self.name),), path) + (
            attributes.copy(),)
