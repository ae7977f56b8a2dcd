"""`mindspore.dataset.vision.py_transforms_util`: the helpers of MindSpore 1.x's Python transforms
that real code imports (the transforms themselves are in `mindspore.dataset.vision`)."""
# ruff: noqa: F401
from msjax._src.dataset.transform_base import augment_error_message as augment_error_message
from msjax._src.dataset.transform_base import is_pil as is_pil
from msjax._src.dataset.vision_pil import hsv_to_rgbs as hsv_to_rgbs
from msjax._src.dataset.vision_pil import hsv_to_rgb as hsv_to_rgb
from msjax._src.dataset.vision_pil import rgb_to_hsvs as rgb_to_hsvs
from msjax._src.dataset.vision_pil import rgb_to_hsv as rgb_to_hsv

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
