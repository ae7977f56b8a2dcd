"""msjax.compat: run MindSpore code unchanged (`install()` makes `import mindspore` load msjax)."""
from msjax._src.compat.alias import install as install
from msjax._src.compat.alias import uninstall as uninstall
