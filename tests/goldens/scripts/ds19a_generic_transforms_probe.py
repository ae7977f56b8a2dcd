"""mindspore.dataset.transforms' generic transforms: argument checks, values, dtypes, errors."""
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V


def show(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(show(v) for v in value) + ")"
    if isinstance(value, np.ndarray):
        return f"{value.dtype}{list(value.shape)}:{value.tolist()!r}"
    if isinstance(value, (int, float, str, bytes, bool)):
        return repr(value)
    return type(value).__name__


def run(label, f):
    try:
        print(label, "->", show(f()))
    except Exception as e:  # pylint: disable=broad-except
        msg = str(e).replace("\n", " ")
        if "[ERROR]" in msg:
            msg = msg[msg.index("[ERROR]"):]
            msg = msg.split("----")[0].strip()
        print(label, "->", type(e).__name__, msg[:300])


def mapped(op, *columns, names=None):
    """The first row of a NumpySlicesDataset of `columns` (one row each) after map(op)."""
    names = names or [f"c{i}" for i in range(len(columns))]
    data = ds.NumpySlicesDataset(tuple([c] for c in columns) if len(columns) > 1 else [columns[0]],
                                 column_names=names, shuffle=False)
    data = data.map(operations=op, input_columns=names, output_columns=["out"])
    return next(data.create_tuple_iterator(num_epochs=1, output_numpy=True))[0]


S = lambda *v: np.array(v, dtype="S")
# Concatenate
run("concat bytes", lambda: T.Concatenate(0, S("dw", "df"), S("dwsdf", "df"))(S("ss", "ad")))
run("concat str", lambda: T.Concatenate(0, np.array(["dw"]), np.array(["abcdef"]))(np.array(["a", "b"])))
run("concat multi numeric", lambda: mapped(T.Concatenate(0, prepend=np.array([3, 5])), np.array([1, 2]), np.array([3, 4])))
run("concat multi str", lambda: mapped(T.Concatenate(0, np.array(["dw"]), np.array(["dwsdf"])), np.array(["1", "2"]), np.array(["3"])))
run("concat eager multi", lambda: T.Concatenate(0, np.array([9]))(np.array([1, 2]), np.array([3])))
run("concat float int prepend", lambda: T.Concatenate(0, np.array([1, 2]))(np.array([3.5])))
run("concat int float prepend", lambda: T.Concatenate(0, np.array([1.5]))(np.array([3, 4])))
run("concat int32 int64", lambda: T.Concatenate(0, np.array([1], np.int64))(np.array([3], np.int32)))
run("concat type mismatch", lambda: T.Concatenate(0, S("a"))(np.array([3.0, 4.0])))
run("concat type mismatch2", lambda: T.Concatenate(0, np.array([3.0]))(S("a")))
run("concat 2d input", lambda: T.Concatenate(0, S("a", "b"))(np.array([[b"a"], [b"b"]])))
run("concat axis 2", lambda: T.Concatenate(2))
run("concat axis -2", lambda: T.Concatenate(-2))
run("concat axis str", lambda: T.Concatenate("0"))
run("concat prepend 2d", lambda: T.Concatenate(0, np.array([[1, 2]])))
run("concat append 2d", lambda: T.Concatenate(0, None, np.array([[1, 2]])))
run("concat prepend list", lambda: T.Concatenate(0, [1, 2]))
run("concat none", lambda: T.Concatenate()(np.array([1, 2])))
run("concat scalar input", lambda: T.Concatenate(0, np.array([1]))(np.array(5)))
# PadEnd
run("padend int", lambda: T.PadEnd([3], -1)(np.array([1, 2])))
run("padend cut", lambda: T.PadEnd([2], -1)(np.array([1, 2, 3])))
run("padend default", lambda: T.PadEnd([5])(np.array([1, 2, 3])))
run("padend bytes", lambda: T.PadEnd([3], b"-1")(S("1", "2")))
run("padend bytes default", lambda: T.PadEnd([4])(S("1", "2")))
run("padend str value", lambda: T.PadEnd([4], "xyz")(np.array(["1", "2"])))
run("padend num str", lambda: mapped(T.PadEnd([3], "-1"), np.array([1, 2])))
run("padend str num", lambda: mapped(T.PadEnd([2], 1), S("1", "2", "3")))
run("padend shape str", lambda: T.PadEnd(["2"], 1))
run("padend shape int", lambda: T.PadEnd(3, -1))
run("padend shape none", lambda: T.PadEnd([None, 2], 0)(np.array([[1], [2]])))
run("padend 2d", lambda: T.PadEnd([3, 3], 9)(np.array([[1, 2], [3, 4]])))
run("padend rank mismatch", lambda: T.PadEnd([3, 3], 9)(np.array([1, 2])))
run("padend scalar", lambda: T.PadEnd([3], 9)(np.array(5)))
run("padend float value int", lambda: T.PadEnd([3], 1.5)(np.array([1, 2])))
run("padend int value float", lambda: T.PadEnd([3], 2)(np.array([1.5])))
run("padend uint8 neg", lambda: T.PadEnd([3], -1)(np.array([1], np.uint8)))
run("padend bool value", lambda: T.PadEnd([3], True)(np.array([1])))
# Fill
run("fill int", lambda: T.Fill(3)(np.array([4, 5, 6])))
run("fill down cast", lambda: T.Fill(-3)(np.array([4, 5, 6], np.uint8)))
run("fill float into int", lambda: T.Fill(3.7)(np.array([4, 5, 6])))
run("fill int into float", lambda: T.Fill(3)(np.array([4.0, 5.0])))
run("fill bytes", lambda: T.Fill(b"abc")(S("a", "b", "c")))
run("fill str", lambda: T.Fill("abc")(np.array(["a", "b", "c"])))
run("fill str into int", lambda: mapped(T.Fill("abc"), np.array([4, 5])))
run("fill int into str", lambda: mapped(T.Fill(3), S("a", "b")))
run("fill bool", lambda: T.Fill(True)(np.array([4, 5])))
run("fill into bool", lambda: T.Fill(3)(np.array([True, False])))
run("fill list", lambda: T.Fill([3]))
run("fill none", lambda: T.Fill(None))
run("fill scalar", lambda: T.Fill(3)(np.array(5)))
# Slice
run("slice all true", lambda: T.Slice(True)(np.array([[1, 2, 3, 4, 5]])))
run("slice index", lambda: T.Slice(0)(np.array([[1, 2, 3], [4, 5, 6]])))
run("slice list", lambda: T.Slice([0], [0, 2])(np.array([[1, 2, 3], [4, 5, 6]])))
run("slice multidim", lambda: T.Slice([0, 1], [0])(np.array([[1, 2, 3], [4, 5, 6]])))
run("slice int multi", lambda: T.Slice(0, 1)(np.array([[1, 2, 3], [4, 5, 6]])))
run("slice none", lambda: T.Slice(None)(np.array([[1, 2, 3], [4, 5, 6]])))
run("slice ellipsis", lambda: T.Slice(Ellipsis)(np.array([[1]])))
run("slice ellipsis2", lambda: T.Slice(Ellipsis, 0)(np.array([[1, 2], [3, 4]])))
run("slice none none", lambda: T.Slice(None, None)(np.array([[1]])))
run("slice empty", lambda: T.Slice()(np.array([[1, 2]])))
run("slice step", lambda: T.Slice(slice(0, 5, 2))(np.array([1, 2, 3, 4, 5, 6])))
run("slice negative", lambda: T.Slice(slice(-1, -4, -1))(np.array([1, 2, 3, 4, 5, 6])))
run("slice neg index", lambda: T.Slice(-1)(np.array([1, 2, 3, 4])))
run("slice index out", lambda: T.Slice(5)(np.array([1, 2, 3, 4])))
run("slice list out", lambda: T.Slice([1, 5])(np.array([1, 2, 3, 4])))
run("slice too many", lambda: T.Slice(0, 0, 0)(np.array([[1, 2]])))
run("slice str", lambda: T.Slice("a"))
run("slice float", lambda: T.Slice(1.5))
run("slice tuple", lambda: T.Slice((0, 1)))
run("slice bytes", lambda: T.Slice(slice(1, 3))(S("1", "2", "3", "4")))
run("slice 2d str", lambda: T.Slice([0], 0)(S("1", "2").reshape(1, 2)))
run("slice bool list", lambda: T.Slice([True, False])(np.array([1, 2])))
# TypeCast
run("typecast float", lambda: T.TypeCast(ms.float32)(np.array([1.7, -2.5])))
run("typecast int", lambda: T.TypeCast(ms.int32)(np.array([1.7, -2.5])))
run("typecast uint8", lambda: T.TypeCast(ms.uint8)(np.array([-1, 300])))
run("typecast np", lambda: T.TypeCast(np.float16)(np.array([1, 2])))
run("typecast np str", lambda: T.TypeCast("float32"))
run("typecast junk", lambda: T.TypeCast("junk"))
run("typecast ms string", lambda: T.TypeCast(ms.string)(S("a")))
run("typecast str to int", lambda: mapped(T.TypeCast(ms.int32), S("1")))
run("typecast int to str", lambda: mapped(T.TypeCast(ms.string), np.array([1])))
run("typecast bool", lambda: T.TypeCast(ms.bool_)(np.array([0, 2])))
run("typecast nan int", lambda: T.TypeCast(ms.int32)(np.array([np.nan])))
run("typecast kw", lambda: T.TypeCast(data_type=ms.int8)(np.array([1])))
run("typecast none", lambda: T.TypeCast(None))
run("typecast missing", lambda: T.TypeCast())
run("typecast output_type", lambda: T.TypeCast(output_type=ms.int8))
# OneHot
run("onehot", lambda: T.OneHot(3)(np.array([0, 2])))
run("onehot scalar", lambda: T.OneHot(3)(np.array(1)))
# (smoothing of several labels at once: MindSpore keeps only the last one's on-value; see
# docs/migration.md)
run("onehot smoothing", lambda: T.OneHot(3, 0.1)(np.array(0)))
run("onehot smoothing int32", lambda: T.OneHot(4, 0.2)(np.array([2], np.int32)))
run("onehot smoothing 1", lambda: T.OneHot(3, 1.0)(np.array([0, 1])))
run("onehot rank 2", lambda: T.OneHot(4)(np.array([[0, 1], [1, 2]])))
run("onehot uint8", lambda: T.OneHot(3)(np.array([1], np.uint8)))
run("onehot float", lambda: T.OneHot(3)(np.array([1.0])))
run("onehot out of range", lambda: T.OneHot(3)(np.array([5])))
run("onehot 2d", lambda: T.OneHot(3)(np.array([[0, 1]])))
run("onehot smoothing neg", lambda: T.OneHot(3, -0.1))
run("onehot smoothing big", lambda: T.OneHot(3, 1.1))
run("onehot smoothing str", lambda: T.OneHot(3, "0.1"))
run("onehot num 0", lambda: T.OneHot(0))
run("onehot num float", lambda: T.OneHot(2.0))
run("onehot multi", lambda: T.OneHot(3)(np.array([1]), np.array([2])))
# Mask
R = T.Relational
run("mask eq", lambda: T.Mask(R.EQ, 3)(np.array([1, 3, 5])))
run("mask float eq", lambda: T.Mask(R.EQ, 3.4)(np.array([1.4, 3.4, 5], np.float32)))
run("mask float eq2", lambda: T.Mask(R.EQ, 3.4)(np.array([1.4, 3.4, 5])))
run("mask float on int", lambda: T.Mask(R.GE, 2.5)(np.array([1, 2, 3])))
run("mask int dtype", lambda: T.Mask(R.LT, 3, ms.int32)(np.array([1, 3, 5])))
run("mask float dtype", lambda: T.Mask(R.NE, 3, ms.float32)(np.array([1, 3, 5])))
run("mask str", lambda: T.Mask(R.EQ, "3")(np.array(["1", "3"])))
run("mask bytes", lambda: T.Mask(R.EQ, b"3")(S("1", "3")))
run("mask str on num", lambda: mapped(T.Mask(R.EQ, "3"), np.array([1, 3])))
run("mask num on str", lambda: mapped(T.Mask(R.EQ, 3), S("1", "3")))
run("mask str gt", lambda: mapped(T.Mask(R.GT, "3"), S("1", "3")))
run("mask dtype string", lambda: T.Mask(R.EQ, 3, ms.string))
run("mask bad op", lambda: T.Mask(7, 3))
run("mask op int", lambda: T.Mask(0, 3)(np.array([3])))
run("mask constant list", lambda: T.Mask(R.EQ, [3]))
run("mask uint8 neg", lambda: T.Mask(R.EQ, -1)(np.array([255], np.uint8)))
run("mask bool", lambda: T.Mask(R.EQ, True)(np.array([True, False])))
# Duplicate, Unique
run("duplicate", lambda: T.Duplicate()(np.array([1, 2])))
run("unique", lambda: T.Unique()(np.array([5, 1, 5, 3, 1])))
run("unique float", lambda: T.Unique()(np.array([5.5, 1.0, 5.5])))
run("unique 2d", lambda: T.Unique()(np.array([[5, 1], [5, 3]])))
run("unique str", lambda: T.Unique()(S("a", "b", "a")))
run("unique scalar", lambda: T.Unique()(np.array(3)))
run("unique map", lambda: [list(map(show, r)) for r in ds.NumpySlicesDataset([[0, 1, 0, 2]], ["x"], shuffle=False).map(T.Unique(), input_columns=["x"], output_columns=["x", "y", "z"]).create_tuple_iterator(output_numpy=True)])
