"""msjax.compat: run MindSpore code unchanged (`install()` makes `import mindspore` load msjax).

`%load_ext msjax.compat` (or `%load_ext msjax`) does the same inside an IPython session.
"""
from msjax._src.compat.alias import install as install
from msjax._src.compat.alias import uninstall as uninstall
from msjax._src.compat.ipython import load_ipython_extension as load_ipython_extension
from msjax._src.compat.ipython import unload_ipython_extension as unload_ipython_extension
