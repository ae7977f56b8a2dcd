"""msjax's implementation. Nothing outside msjax imports from here.

`import msjax` leaves JAX's settings as the user set them: MindSpore's 64-bit dtypes are turned on
inside msjax's own calls only (core/x64.py says which and why)."""
