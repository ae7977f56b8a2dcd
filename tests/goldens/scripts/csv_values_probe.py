"""Probe: mindspore.dataset.CSVDataset's values and errors: typed columns (int, float, str and
columns past the defaults), empty and unparsable fields, quoted fields with newlines and
delimiters, a quote left open at the end of a file, dataset sizes (which parse no values),
duplicate column names and invalid defaults. Golden: tests/goldens/dataset/csv_values_probe.out
(MindSpore 2.10, CPU); test: tests/dataset/test_csv_values.py."""
import os, tempfile
import mindspore.dataset as ds
ROOT = tempfile.mkdtemp()
def write(name, text):
    path = os.path.join(ROOT, name)
    with open(path, "w") as f:
        f.write(text)
    return path
good = write("good.csv", '1,2.5,x\n3,,y\n,4.5,\n')
bad_int = write("bad_int.csv", '1,2.5,x\nc,3.5,y\n')
bad_float = write("bad_float.csv", '1,abc,x\n')
quoted = write("quoted.csv", '1,"a\nb",x\n2,"c,d",y\n')
broken = write("broken.csv", '1,2,3\na,"c,d\n')
broken_typed = write("broken_typed.csv", '1,2,3,4\n5,6,7,8\na,"c",d,"e\n')
def show(label, make, iterate=True):
    try:
        data = make()
        size = data.get_dataset_size()
        rows = [[str(c.tolist()) + ":" + str(c.dtype) for c in r] for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)] if iterate else None
        print(label, "-> size", size, rows)
    except Exception as e:  # pylint: disable=broad-except
        lines = str(e).splitlines()
        detail = [line for line in lines if line.startswith("[ERROR]")]
        text = " | ".join([lines[0].rstrip()] + detail).replace(ROOT, "<root>")
        print(label, "->", type(e).__name__, "|", text)
show("good typed", lambda: ds.CSVDataset(good, column_defaults=[0, 0.0, "z"], column_names=["a", "b", "c"], shuffle=False))
show("good strings", lambda: ds.CSVDataset(good, column_names=["a", "b", "c"], shuffle=False))
show("bad int size only", lambda: ds.CSVDataset(bad_int, column_defaults=[0, 0.0, ""], column_names=["a", "b", "c"], shuffle=False), iterate=False)
show("bad int", lambda: ds.CSVDataset(bad_int, column_defaults=[0, 0.0, ""], column_names=["a", "b", "c"], shuffle=False))
show("bad float", lambda: ds.CSVDataset(bad_float, column_defaults=[0, 0.0, ""], column_names=["a", "b", "c"], shuffle=False))
show("quoted", lambda: ds.CSVDataset(quoted, column_names=["a", "b", "c"], shuffle=False))
show("broken", lambda: ds.CSVDataset(broken, column_names=["a", "b", "c"], shuffle=False))
show("broken size only", lambda: ds.CSVDataset(broken, column_names=["a", "b", "c"], shuffle=False), iterate=False)
show("type error before the open quote", lambda: ds.CSVDataset(broken_typed, column_defaults=["", 0, "", ""], column_names=["a", "b", "c", "d"], shuffle=False))
show("open quote after good fields", lambda: ds.CSVDataset(broken_typed, column_defaults=["", "", "", ""], column_names=["a", "b", "c", "d"], shuffle=False))
show("duplicate names", lambda: ds.CSVDataset(good, column_names=["a", "b", "a"], shuffle=False))
show("too few defaults", lambda: ds.CSVDataset(good, column_defaults=[0], column_names=["a", "b", "c"], shuffle=False))
show("defaults bad type", lambda: ds.CSVDataset(good, column_defaults=[[1], 0.0, ""], column_names=["a", "b", "c"], shuffle=False))
