"""`mindspore.dataset.audio.transforms`."""
# ruff: noqa: F401
from msjax._src.dataset.audio_filters import AllpassBiquad as AllpassBiquad
from msjax._src.dataset.audio import AmplitudeToDB as AmplitudeToDB
from msjax._src.dataset.audio import AudioTensorOperation as AudioTensorOperation
from msjax._src.dataset.audio_filters import BandBiquad as BandBiquad
from msjax._src.dataset.audio_filters import BandpassBiquad as BandpassBiquad
from msjax._src.dataset.audio_filters import BandrejectBiquad as BandrejectBiquad
from msjax._src.dataset.audio import BassBiquad as BassBiquad
from msjax._src.dataset.audio import Biquad as Biquad
from msjax._src.dataset.audio import BorderType as BorderType
from msjax._src.dataset.audio_filters import Contrast as Contrast
from msjax._src.dataset.audio_filters import DBToAmplitude as DBToAmplitude
from msjax._src.dataset.audio_filters import DCShift as DCShift
from msjax._src.dataset.audio_filters import DeemphBiquad as DeemphBiquad
from msjax._src.dataset.audio import DensityFunction as DensityFunction
from msjax._src.dataset.audio_filters import EqualizerBiquad as EqualizerBiquad
from msjax._src.dataset.audio import Fade as Fade
from msjax._src.dataset.audio import FadeShape as FadeShape
from msjax._src.dataset.audio_filters import Filtfilt as Filtfilt
from msjax._src.dataset.audio_filters import Gain as Gain
from msjax._src.dataset.audio import GainType as GainType
from msjax._src.dataset.audio_filters import HighpassBiquad as HighpassBiquad
from msjax._src.dataset.audio import Interpolation as Interpolation
from msjax._src.dataset.audio_filters import LFilter as LFilter
from msjax._src.dataset.audio_filters import LowpassBiquad as LowpassBiquad
from msjax._src.dataset.audio import MelType as MelType
from msjax._src.dataset.audio import Modulation as Modulation
from msjax._src.dataset.audio_filters import MuLawDecoding as MuLawDecoding
from msjax._src.dataset.audio_filters import MuLawEncoding as MuLawEncoding
from msjax._src.dataset.audio import NormMode as NormMode
from msjax._src.dataset.audio import NormType as NormType
from msjax._src.dataset.audio import Overdrive as Overdrive
from msjax._src.dataset.audio import Resample as Resample
from msjax._src.dataset.audio import ResampleMethod as ResampleMethod
from msjax._src.dataset.audio import RiaaBiquad as RiaaBiquad
from msjax._src.dataset.audio import ScaleType as ScaleType
from msjax._src.dataset.audio_filters import TrebleBiquad as TrebleBiquad
from msjax._src.dataset.audio_filters import Vol as Vol
from msjax._src.dataset.audio import WindowType as WindowType
from msjax._src.dataset.transform_base import TensorOperation as TensorOperation

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
