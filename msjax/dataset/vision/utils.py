"""`mindspore.dataset.vision.utils`: the enums of the vision transforms."""
# ruff: noqa: F401
from msjax._src.dataset.vision import Inter as Inter
from msjax._src.dataset.vision import Border as Border
from msjax._src.dataset.vision_files import ImageReadMode as ImageReadMode
from msjax._src.dataset.vision_files import read_image as read_image
from msjax._src.dataset.batch_augment import ImageBatchFormat as ImageBatchFormat
from msjax._src.dataset.vision import get_image_size as get_image_size
from msjax._src.dataset.vision import ConvertMode as ConvertMode
from msjax._src.dataset.vision_policies import AutoAugmentPolicy as AutoAugmentPolicy

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
