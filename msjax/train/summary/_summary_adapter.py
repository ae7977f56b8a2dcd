"""`mindspore.train.summary._summary_adapter`: the summary writer's helpers that code imports.

MindSpore packs its own `summary_pb2.Event` messages here; msjax writes TensorBoard's events
(msjax._src.train.summary), so the MindSpore-message packers (`package_*_event`, `_fill_*`) are
not answered: see docs/migration.md.
"""
# ruff: noqa: F401
from msjax._src.train.summary import calc_histogram_bins as _calc_histogram_bins
from msjax._src.train.summary import convert_image_format as _convert_image_format
from msjax._src.train.summary import make_canvas_for_imgs as _make_canvas_for_imgs
from msjax._src.train.summary import get_event_file_name as get_event_file_name

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
