"""`mindspore.scipy.fft`."""
from msjax._src.scipy.fft import dct as dct
from msjax._src.scipy.fft import dctn as dctn
from msjax._src.scipy.fft import idct as idct
from msjax._src.scipy.fft import idctn as idctn

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
