"""Probe: mindspore.dataset.config.set_iterator_mode / get_iterator_mode: signatures, defaults,
each call setting both flags, and the type errors. Golden: tests/goldens/dataset/iterator_mode_probe.out
(MindSpore 2.10, CPU); test: tests/dataset/test_iterator_mode.py."""
import inspect
import mindspore.dataset as ds
print("sig set ->", inspect.signature(ds.config.set_iterator_mode))
print("sig get ->", inspect.signature(ds.config.get_iterator_mode))
print("default ->", ds.config.get_iterator_mode())
ds.config.set_iterator_mode(parallel_convert=True)
print("after parallel ->", ds.config.get_iterator_mode())
ds.config.set_iterator_mode(do_copy=False)
print("after do_copy False ->", ds.config.get_iterator_mode())
for kw in ({"do_copy": 1}, {"parallel_convert": "yes"}, {"do_copy": None}):
    try:
        ds.config.set_iterator_mode(**kw); print(kw, "->", ds.config.get_iterator_mode())
    except Exception as e:
        print(kw, "->", type(e).__name__, e)
ds.config.set_iterator_mode()
print("no args ->", ds.config.get_iterator_mode())
