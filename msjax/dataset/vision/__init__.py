"""`mindspore.dataset.vision`: image transforms (implementation in msjax/_src/dataset/vision.py)."""
# ruff: noqa: F401
from msjax._src.dataset.vision import Border as Border
from msjax._src.dataset.vision import CenterCrop as CenterCrop
from msjax._src.dataset.vision import ConvertColor as ConvertColor
from msjax._src.dataset.vision import ConvertMode as ConvertMode
from msjax._src.dataset.vision import Crop as Crop
from msjax._src.dataset.vision import Decode as Decode
from msjax._src.dataset.vision import Grayscale as Grayscale
from msjax._src.dataset.vision import HWC2CHW as HWC2CHW
from msjax._src.dataset.vision import HorizontalFlip as HorizontalFlip
from msjax._src.dataset.vision import Inter as Inter
from msjax._src.dataset.vision import Invert as Invert
from msjax._src.dataset.vision import Normalize as Normalize
from msjax._src.dataset.vision import NormalizePad as NormalizePad
from msjax._src.dataset.vision import Pad as Pad
from msjax._src.dataset.vision import RandomColorAdjust as RandomColorAdjust
from msjax._src.dataset.vision import RandomCrop as RandomCrop
from msjax._src.dataset.vision import RandomCropDecodeResize as RandomCropDecodeResize
from msjax._src.dataset.vision import RandomHorizontalFlip as RandomHorizontalFlip
from msjax._src.dataset.vision import RandomResizedCrop as RandomResizedCrop
from msjax._src.dataset.vision import RandomRotation as RandomRotation
from msjax._src.dataset.batch_augment import MixUpBatch as MixUpBatch
from msjax._src.dataset.vision_augment import RandomAffine as RandomAffine
from msjax._src.dataset.vision_augment import RandomErasing as RandomErasing
from msjax._src.dataset.vision_augment import RandomSelectSubpolicy as RandomSelectSubpolicy
from msjax._src.dataset.vision_augment import GaussianBlur as GaussianBlur
from msjax._src.dataset.vision_augment import RandomResize as RandomResize
from msjax._src.dataset.vision_augment import SliceMode as SliceMode
from msjax._src.dataset.vision_augment import SlicePatches as SlicePatches
from msjax._src.dataset.vision import RandomVerticalFlip as RandomVerticalFlip
from msjax._src.dataset.vision import Rescale as Rescale
from msjax._src.dataset.vision import Resize as Resize
from msjax._src.dataset.vision import ToPIL as ToPIL
from msjax._src.dataset.vision import ToTensor as ToTensor
from msjax._src.dataset.vision import VerticalFlip as VerticalFlip
from msjax._src.dataset.vision import AutoContrast as AutoContrast
from msjax._src.dataset.vision import CutOut as CutOut
from msjax._src.dataset.vision import Equalize as Equalize
from msjax._src.dataset.vision import RandomColor as RandomColor
from msjax._src.dataset.vision import RandomGrayscale as RandomGrayscale
from msjax._src.dataset.vision import RandomPosterize as RandomPosterize
from msjax._src.dataset.vision import RandomSharpness as RandomSharpness
from msjax._src.dataset.vision import RandomSolarize as RandomSolarize

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
