"""`mindspore.dataset.audio.utils`: the enums and filter-bank functions of the audio transforms."""
# ruff: noqa: F401
from msjax._src.dataset.audio import BorderType as BorderType
from msjax._src.dataset.audio import DensityFunction as DensityFunction
from msjax._src.dataset.audio import FadeShape as FadeShape
from msjax._src.dataset.audio import GainType as GainType
from msjax._src.dataset.audio import Interpolation as Interpolation
from msjax._src.dataset.audio import MelType as MelType
from msjax._src.dataset.audio import Modulation as Modulation
from msjax._src.dataset.audio import NormMode as NormMode
from msjax._src.dataset.audio import NormType as NormType
from msjax._src.dataset.audio import ResampleMethod as ResampleMethod
from msjax._src.dataset.audio import ScaleType as ScaleType
from msjax._src.dataset.audio import WindowType as WindowType
from msjax._src.dataset.audio_spectral import create_dct as create_dct
from msjax._src.dataset.audio_spectral import linear_fbanks as linear_fbanks
from msjax._src.dataset.audio_spectral import melscale_fbanks as melscale_fbanks

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
