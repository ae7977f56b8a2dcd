"""set_context(save_graphs_path=...) makes the folder and keeps its full path; _checkparam's
args_type_check decorator. Golden: tests/goldens/api/conformance_probe19.out (MindSpore 2.10)."""
import os
import tempfile

from mindspore import context
from mindspore._checkparam import args_type_check

folder = tempfile.mkdtemp()
here = os.getcwd()
os.chdir(folder)
context.set_context(save_graphs_path="ir_a")
print("relative path ->", repr(context.get_context("save_graphs_path").replace(folder, "<D>")),
      os.path.isdir("ir_a"))
context.set_context(save_graphs_path="ir_b/sub")
print("nested path ->", repr(context.get_context("save_graphs_path").replace(folder, "<D>")),
      os.path.isdir("ir_b/sub"))
context.set_context(save_graphs_path=os.path.join(folder, "ir_c"))
print("absolute path ->", repr(context.get_context("save_graphs_path").replace(folder, "<D>")),
      os.path.isdir("ir_c"))
context.set_context(save_graphs_path=".")
os.chdir(here)


@args_type_check(v_str=str, v_int=int, v_tuple=tuple)
def check_input(v_str, v_int, v_tuple):
    return v_str, v_int, v_tuple


@args_type_check(name=str)
def with_kwargs(**kwargs):
    return sorted(kwargs)


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, e)


show("types ok", lambda: check_input("name", 100, (10, 10)))
show("first wrong", lambda: check_input(100, 100, (10, 10)))
show("second wrong", lambda: check_input("name", "age", (10, 10)))
show("third wrong", lambda: check_input("name", 100, "age"))
show("None passes", lambda: check_input(None, None, None))
show("by keyword", lambda: check_input(v_tuple=(1,), v_int=True, v_str="s"))
show("kwargs ok", lambda: with_kwargs(name="a", other=1))
show("kwargs wrong", lambda: with_kwargs(name=3))
