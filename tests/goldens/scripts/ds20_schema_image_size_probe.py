"""Schema: the schema-file argument's check, from_json, parse_columns' errors and the JSON it
prints; vision.utils.get_image_size of arrays and PIL images and its errors."""
import json
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds
import mindspore.dataset.vision.utils as vision_utils


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        lines_ = [l.strip() for l in str(error).split("\n") if "[ERROR]" in l]
        print(label, "->", type(error).__name__, (" ".join(lines_) or str(error).split("\n")[0]).replace(ROOT, "ROOT")[:200])


ROOT = tempfile.mkdtemp()
PATH = os.path.join(ROOT, "schema.json")
CONTENT = {"datasetType": "TF", "numRows": 3,
           "columns": {"col_a": {"type": "int64", "rank": 1, "shape": [2]},
                       "col_b": {"type": "float32", "rank": 0},
                       "col_c": {"type": "string", "rank": 1, "shape": [1]}}}
with open(PATH, "w", encoding="utf-8") as file:
    json.dump(CONTENT, file)


def from_json(content):
    schema = ds.Schema()
    schema.from_json(content)
    return json.loads(str(schema))


show("file", lambda: json.loads(str(ds.Schema(PATH))))
show("from_json", lambda: from_json(CONTENT))
show("from_json no rows", lambda: from_json({"columns": CONTENT["columns"]}))
show("from_json list columns", lambda: from_json({"columns": [{"name": "x", "type": "uint8", "shape": [3]}]}))
show("from_json no columns", lambda: from_json({"numRows": 2}))
show("path int", lambda: ds.Schema(1))
show("missing file", lambda: ds.Schema(os.path.join(ROOT, "none.json")))
show("parse no name", lambda: ds.Schema(PATH).parse_columns([{"type": "int8", "shape": [3, 3]}]))
show("parse no type", lambda: ds.Schema(PATH).parse_columns([{"name": "x", "shape": [3, 3]}]))
show("parse dict", lambda: (lambda s: (s.parse_columns({"y": {"type": "int8", "shape": [2]}}), json.loads(str(s)))[1])(ds.Schema()))

array = np.zeros((5, 7, 3), np.uint8)
show("size array", lambda: vision_utils.get_image_size(array))
show("size gray", lambda: vision_utils.get_image_size(array[..., 0]))
show("size 4d", lambda: vision_utils.get_image_size(np.zeros((2, 5, 7, 3))))
show("size pil", lambda: vision_utils.get_image_size(Image.fromarray(array)))
show("size int", lambda: vision_utils.get_image_size(1))
show("size 1d", lambda: vision_utils.get_image_size(np.array([1, 2, 3])))
show("size list", lambda: vision_utils.get_image_size([[1, 2], [3, 4]]))
