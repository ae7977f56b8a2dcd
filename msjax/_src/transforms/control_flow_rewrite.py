"""The source rewrite behind `control_flow.convert`: Python control flow as helper calls.

`rewrite(fn, runtime)` parses `fn`'s source and compiles it again, with the original file name and
line numbers, after three passes over each function scope:

1. `break`, `continue` and `return` inside blocks become flags (`_lower`): the statements after
   one run under `if guard(flag):`, loops test the flags, `return` sets a value returned at the end;
2. every `if`/`while`/`for` whose blocks can be functions of the variables they assign becomes
   generated functions of those variables and a call of `if_stmt`/`while_stmt`/`for_stmt`;
3. `and`/`or`/`not`, `a if c else b`, `a < b < c`, divisions, f-strings, subscript reads and
   calls become helper calls (`call(f)` converts the user's functions on the way).

The converted function shares the original's globals and closure cells, so it sees later changes
to them; it runs only while msjax traces.
"""
from __future__ import annotations

import ast
import builtins
import copy
import inspect
import itertools
import linecache
import re
import symtable
import sys
import textwrap
import types

from msjax._src.transforms import graph_scoping

_CF = "_msjax_cf"  # the runtime module's name inside converted code
_FN = "_msjax_fn_"  # prefix of generated branch and loop-body functions (never carried)


_JOINED_STR_SITES = itertools.count()  # numbers of the f-strings converted (visit_JoinedStr)


class NotConvertible(Exception):
    """`fn` must run as it is: traced as plain Python."""


def rewrite(fn, runtime):
    """`fn` compiled again from its source with its control flow calling `runtime`'s helpers
    (`msjax._src.transforms.control_flow`); raises NotConvertible (or what reading the source
    raises) when that is not possible."""
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR):
        raise NotConvertible
    lines, start = inspect.getsourcelines(fn)
    source = textwrap.dedent("".join(lines))
    tree = ast.parse(source)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef) or fdef.name != code.co_name:
        raise NotConvertible
    ast.increment_lineno(tree, start - 1)
    _check_names_defined(fn, source, fdef, lines[0].rstrip("\n"))
    refusal = None
    if graph_scoping.is_parsed(fn):
        indent = len(lines[0]) - len(source.splitlines(True)[0])
        graph_scoping.check(code.co_filename, fdef, indent, _DefinedOutside(fn.__globals__))
        refusal = (graph_scoping.delete_refusal(code.co_filename, fdef, indent)
                   or graph_scoping.member_assignment_refusal(code.co_filename, fdef))
    fdef.decorator_list, fdef.returns = [], None  # applied already / not needed again
    for node in ast.walk(fdef):
        if isinstance(node, ast.arg):
            node.annotation = None
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args == []
              and node.func.id == "super" and "__class__" in code.co_freevars and fdef.args.args):
            node.args = [_name("__class__"), _name(fdef.args.args[0].arg)]  # explicit: the
            # generated functions have other first arguments
    owner = fn.__qualname__.split(".")
    if len(owner) > 1 and owner[-2] != "<locals>" and owner[-2].strip("_"):
        for node in ast.walk(fdef):  # the class's private names, as its compiler mangled them
            for field in ("id", "attr", "arg"):
                value = getattr(node, field, None)
                if isinstance(value, str) and value.startswith("__") and not value.endswith("__"):
                    setattr(node, field, "_" + owner[-2].lstrip("_") + value)
    _fold_commented_conditions(fdef, lines, start)
    if len(owner) > 1 and owner[-2] != "<locals>" and fdef.args.args:
        _check_member_subscripts(fdef.body, fdef.args.args[0].arg)  # (before reads are wrapped)
        _interpret_assigned_attributes(fdef, fdef.args.args[0].arg)
    _read_globals_first(fdef)
    _mark_module_attributes(fn, fdef)
    _convert_scope(fdef)
    if refusal is not None:  # graph syntax refuses `del`, `a[i].x = v`: before anything runs,
        # when compiled
        fdef.body.insert(0, ast.copy_location(
            ast.Expr(_call(_cf("refuse_statement"), ast.Constant(refusal))), fdef.body[0]))
    fdef.name = "_msjax_converted"  # not a local of the factory: `fn`'s own name stays global
    factory = _def("_msjax_factory", [_CF, *code.co_freevars], [fdef])
    namespace: dict = {}
    exec(compile(ast.fix_missing_locations(ast.Module(body=[factory], type_ignores=[])),  # noqa: S102
                 code.co_filename, "exec"), namespace)
    inner = next(c for c in namespace["_msjax_factory"].__code__.co_consts
                 if isinstance(c, types.CodeType) and c.co_name == fdef.name)
    inner = inner.replace(co_name=code.co_name, **(  # tracebacks show the user's name
        {"co_qualname": code.co_qualname} if sys.version_info >= (3, 11) else {}))
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))  # the original's, shared
    cells[_CF] = types.CellType(runtime)
    new = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__,
                             tuple(cells[n] for n in inner.co_freevars))
    new.__kwdefaults__, new.__qualname__, new.__doc__ = fn.__kwdefaults__, fn.__qualname__, fn.__doc__
    new.__module__ = fn.__module__  # (no reference to `fn`: it is the cache's weak key)
    return new


def _mark_module_attributes(fn, fdef) -> None:
    """Mark the attribute reads rooted at a module the function names (`settings.SCALE`,
    `ops.add`): they stay attribute reads (the compile cache finds the module globals a program
    read by the names its code loads: backend/compile_cache.py `global_reads`)."""
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    modules = {name for name, value in fn.__globals__.items()
               if isinstance(value, types.ModuleType)}
    modules |= {name for name, cell in cells.items()
                if isinstance(_cell_contents(cell), types.ModuleType)}
    for node in ast.walk(fdef):
        if isinstance(node, ast.Attribute):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in modules:
                node.msjax_module = True


def _cell_contents(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell: a name not bound yet
        return None


class _DefinedOutside:
    """The names a function's module or the builtins define (`name in ...`)."""

    def __init__(self, namespace):
        self.namespace = namespace

    def __contains__(self, name):
        return name in self.namespace or hasattr(builtins, name)


_COND_COMMENT = re.compile(r"#\s*@jit\.cond:\s*(True|False)\b")


def _fold_commented_conditions(fdef, lines, start) -> None:
    """MindSpore's parser folds an `if` whose line ends in `# @jit.cond: True` (or False) to
    that branch, whatever its condition: the condition becomes the constant."""
    for node in ast.walk(fdef):
        if isinstance(node, ast.If) and start <= node.lineno < start + len(lines):
            found = _COND_COMMENT.search(lines[node.lineno - start])
            if found:
                node.test = ast.copy_location(ast.Constant(found.group(1) == "True"), node.test)


def _undefined_names(fn, source) -> set:
    """The names `fn`'s source reads (in its body, lambdas and comprehensions) that are neither
    its locals, nor its closure's, nor globals of its module, nor builtins."""
    names = set()
    pending = list(symtable.symtable(source, fn.__code__.co_filename, "exec").get_children())
    while pending:
        table = pending.pop()
        pending.extend(table.get_children())
        for symbol in table.get_symbols():
            name = symbol.get_name()
            # (not is_local: CPython 3.11's symtable calls a function's parameters and locals
            # global too, when the table is made from a function's source alone)
            if (symbol.is_referenced() and symbol.is_global() and not symbol.is_local()
                    and not symbol.is_assigned()
                    and name not in fn.__code__.co_freevars and name not in fn.__globals__
                    and not hasattr(builtins, name)):
                names.add(name)
    return names


def _check_names_defined(fn, source, fdef, original_first_line) -> None:
    """MindSpore's graph compiler rejects a function that reads an undefined name, wherever the
    read is (a branch never taken included): its NameError, naming the first such read."""
    undefined = _undefined_names(fn, source)
    if not undefined:
        return
    node = min((n for n in ast.walk(fdef) if isinstance(n, ast.Name) and n.id in undefined
                and isinstance(n.ctx, ast.Load)), key=lambda n: (n.lineno, n.col_offset),
               default=None)
    if node is None:
        return
    filename = fn.__code__.co_filename
    text = linecache.getline(filename, node.lineno).rstrip("\n")
    removed = len(original_first_line) - len(source.splitlines()[0])  # by dedenting
    column, width = removed + node.col_offset, len(node.id)
    raise NameError(f"The name '{node.id}' is not defined, or not supported in graph mode.\n\n"
                    f"# In file {filename}:{node.lineno}, {column}~{column + width}\n{text}\n"
                    f"{' ' * column}^{'~' * (width - 1)}\n")


def _name(id_, store=False):
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _cf(attr):
    return ast.Attribute(value=_name(_CF), attr=attr, ctx=ast.Load())


def _call(func, *args):
    return ast.Call(func=func, args=list(args), keywords=[])


def _assign(target, value, origin):
    return ast.copy_location(ast.Assign(targets=[_name(target, True)], value=value), origin)


def _arguments(params):
    return ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                         kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])


def _thunk(expr):
    return ast.Lambda(args=_arguments([]), body=expr)


def _def(name, params, body):
    extra = {"type_params": []} if sys.version_info >= (3, 12) else {}
    return ast.FunctionDef(name=name, args=_arguments(params), body=body or [ast.Pass()],
                           decorator_list=[], returns=None, **extra)


def _tuple(names, store=False):
    return ast.Tuple(elts=[_name(n, store) for n in names], ctx=ast.Store() if store else ast.Load())


def _guard(flags):
    return _call(_cf("guard"), *[_name(f) for f in flags])


_counter = itertools.count()
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.While, ast.For, ast.AsyncFor)
_JUMPS = (ast.Return, ast.Break, ast.Continue)


def _walk(nodes, in_loop=False):
    """(node, inside a loop of `nodes`) for the nodes of this scope, in source order."""
    for node in nodes:
        yield node, in_loop
        if not isinstance(node, _SCOPES):
            for field, value in ast.iter_fields(node):
                inner = in_loop or (isinstance(node, _LOOPS) and field == "body")
                yield from _walk([v for v in (value if isinstance(value, list) else [value])
                                  if isinstance(v, ast.AST)], inner)


def _nodes(nodes, kinds):
    return [n for n, _ in _walk(nodes) if isinstance(n, kinds)]


def _leaving(nodes, kinds=_JUMPS):
    """The jumps that leave `nodes`: returns, and break/continue not inside one of its loops."""
    return [n for n, in_loop in _walk(nodes) if isinstance(n, kinds)
            and (isinstance(n, ast.Return) or not in_loop)]


class _Scope:
    def __init__(self, declared, local_names):
        self.declared, self.locals = declared, local_names - declared  # global/nonlocal; locals


def _modified(stmts, local_names=()):
    """Names a block (re)binds, in order; `x[i] = v` rebinds `x` (Tensors update in place), and
    so may `x.method(...)` for a local `x` (`out.append(v)`)."""
    found = {}
    for node, _ in _walk(stmts):
        target = node
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value if getattr(node.func.value, "id", None) in local_names else None
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            while isinstance(target, ast.Subscript):
                target = target.value
        if isinstance(target, ast.Name) and (target is not node or isinstance(node.ctx, ast.Store)):
            found[target.id] = None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update({(a.asname or a.name).split(".")[0]: None for a in node.names})
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found[node.name] = None
    return [n for n in found if not n.startswith(_FN)]


def _blocker(stmts, scope, jumps=True):
    """Why a block must stay Python (it cannot be a function of its variables), or None. With
    `jumps`, a break/continue/return leaving the block is one."""
    for node, _ in _walk(stmts):
        if isinstance(node, (ast.Global, ast.Nonlocal, ast.Delete, ast.Match)) or (
                isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
                and node.id in scope.declared):
            return "global"
    return "jump" if jumps and _leaving(stmts) else None


def _unsafe(stmts):
    """Why a block cannot run under a traced condition, or None; and, when the only reason is
    assignments to attributes `name.attr`, those (name, attr) pairs: an attribute that is a
    Cell's Parameter is assigned as the Parameter (state the compiled branch carries), which
    `control_flow.attribute_stores` checks when the statement runs."""
    reason, pairs = None, []
    for node, _ in _walk(stmts):
        if isinstance(node, ast.Raise):  # raised only when taken: MindSpore raises at run time
            return f"raises `{ast.unparse(node.exc) if node.exc else ''}`", None
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Store):
            simple = isinstance(node, ast.Attribute)
            while isinstance(node, ast.Subscript):
                node = node.value
            if isinstance(node, ast.Attribute):
                reason = reason or f"assigns the attribute `{ast.unparse(node)}`"
                if pairs is not None and simple and isinstance(node.value, ast.Name):
                    pairs.append((node.value.id, node.attr))
                else:
                    pairs = None
    return reason, (tuple(pairs) if reason and pairs else None)


def _unsafe_check(stmts):
    """The `unsafe` argument of a converted statement: a constant, or a call deciding it when
    the statement runs."""
    reason, pairs = _unsafe(stmts)
    if pairs is None:
        return ast.Constant(reason)
    return _call(_cf("attribute_stores"), _call(_name("locals")), ast.Constant(pairs),
                 ast.Constant(reason))


def _always_returns(stmts) -> bool:
    last = stmts[-1] if stmts else None
    return isinstance(last, (ast.Return, ast.Raise)) or (
        isinstance(last, ast.If) and _always_returns(last.body) and _always_returns(last.orelse))


# -- lowering break / continue / return to flags -----------------------------------------------
class _Flags:
    def __init__(self, ret, brk=None, cont=None):
        self.ret, self.brk, self.cont = ret, brk, cont

    def set_by(self, stmt):
        """The flags `stmt` may set: the statements after it run only while they are unset."""
        kinds = {ast.Return: self.ret, ast.Break: self.brk, ast.Continue: self.cont}
        return list(dict.fromkeys(kinds[type(n)] for n in _leaving([stmt]) if kinds[type(n)]))


def _lower(stmts, flags, scope):
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.Return) and flags.ret:
            return out + [_assign(flags.ret + "_value", stmt.value or ast.Constant(None), stmt),
                          _assign(flags.ret, ast.Constant(True), stmt)]
        flag = {ast.Break: flags.brk, ast.Continue: flags.cont}.get(type(stmt))
        if flag:
            return out + [_assign(flag, ast.Constant(True), stmt)]
        stops = flags.set_by(stmt)
        out += _lower_statement(stmt, flags, scope)
        if stops and stmts[i + 1:]:
            rest = _lower(stmts[i + 1:], flags, scope)
            return out + [ast.copy_location(ast.If(test=_guard(stops), body=rest, orelse=[]),
                                            stmts[i + 1])]
    return out


def _lower_statement(stmt, flags, scope):
    if isinstance(stmt, (ast.If, ast.With, ast.AsyncWith)):
        stmt.body = _lower(stmt.body, flags, scope) or [ast.Pass()]
        if isinstance(stmt, ast.If):
            stmt.orelse = _lower(stmt.orelse, flags, scope)
        return [stmt]
    if not isinstance(stmt, (ast.While, ast.For)):
        return [stmt]
    if _blocker(stmt.body, scope, jumps=False) or (
            isinstance(stmt, ast.While) and _nodes([stmt.test], ast.NamedExpr)):
        if flags.ret and _nodes(stmt.body, ast.Return):  # a Python loop keeps break/continue
            raise NotConvertible
        stmt.body = _lower(stmt.body, _Flags(flags.ret), scope)
        stmt.orelse = _lower(stmt.orelse, flags, scope)
        return [stmt]
    n, leaving = next(_counter), _leaving(stmt.body, (ast.Break, ast.Continue))
    inner = _Flags(flags.ret,
                   f"_msjax_break_{n}" if _nodes(leaving, ast.Break) else None,
                   f"_msjax_continue_{n}" if _nodes(leaving, ast.Continue) else None)
    stops = [f for f in (inner.brk, flags.ret if _nodes(stmt.body, ast.Return) else None) if f]
    stmt.body = ([_assign(inner.cont, ast.Constant(False), stmt)] if inner.cont else []) + (
        _lower(stmt.body, inner, scope) or [ast.Pass()])
    if stops and isinstance(stmt, ast.While):
        stmt.test = _call(_cf("and_"), _thunk(_guard(stops)), _thunk(stmt.test))
    stmt.msjax_stops = stops
    out = ([_assign(inner.brk, ast.Constant(False), stmt)] if inner.brk else []) + [stmt]
    if stmt.orelse:
        orelse, stmt.orelse = _lower(stmt.orelse, flags, scope), []
        out += [ast.copy_location(ast.If(test=_guard(stops), body=orelse, orelse=[]),
                                  orelse[0])] if stops else orelse
    return out


# -- converting statements and expressions -----------------------------------------------------
_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)  # ordered by `compare` (sequences: MindSpore's rule)


class _Expressions(ast.NodeTransformer):
    """`and`/`or`/`not`, `a if c else b`, `a < b`, `a < b < c`, divisions, f-strings, subscript
    reads and calls, as helper calls."""

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        if _binds(node):
            return node
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            helper = "and_" if isinstance(node.op, ast.And) else "or_"
            result = _call(_cf(helper), _thunk(value), _thunk(result))
        return ast.copy_location(result, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call(_cf("not_"), node.operand), node)
        if isinstance(node.op, ast.USub):  # a float the graph computes (graph_floats.py)
            return _located(_call(_cf("negative"), node.operand), node)
        return node

    def visit_List(self, node):
        """A list display (and below: a dict display, a list or dict comprehension) as
        `created(...)`, one the graph makes (graph_floats.py)."""
        self.generic_visit(node)
        if not isinstance(getattr(node, "ctx", ast.Load()), ast.Load):
            return node  # an unpacking target
        return _located(_call(_cf("created"), node), node)

    visit_Dict = visit_ListComp = visit_DictComp = visit_List

    def visit_Attribute(self, node):
        """`obj.attr` read as `read_attribute(obj, "attr")` (graph_methods.py: MindSpore's
        AttributeError), `name.attr` as `attribute(name, read_attribute(name, "attr"))`
        (graph_floats.py: a Cell's float attribute is one the graph computes)."""
        self.generic_visit(node)
        if (not isinstance(node.ctx, ast.Load) or getattr(node.value, "id", None) == _CF
                or getattr(node, "msjax_module", False)):  # (a module's: _mark_module_attributes)
            return node
        read = _call(_cf("read_attribute"), node.value, ast.Constant(node.attr))
        if isinstance(node.value, ast.Name):
            read = _call(_cf("attribute"), _name(node.value.id), read)
        return _located(read, node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if _binds(node):
            return node
        return ast.copy_location(_call(_cf("if_exp"), node.test, _thunk(node.body),
                                       _thunk(node.orelse), ast.Constant(node.lineno)), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) and not _binds(node):
            helper = "contains" if isinstance(node.ops[0], ast.In) else "not_contains"
            return ast.copy_location(_call(_cf(helper), node.left, node.comparators[0]), node)
        if len(node.ops) == 1 and isinstance(node.ops[0], _ORDERS) and not _binds(node):
            return ast.copy_location(_call(_cf("compare"), ast.Constant(type(node.ops[0]).__name__),
                                           node.left, node.comparators[0]), node)
        if len(node.ops) == 1 or _binds(node):
            return node
        pairs = [ast.Tuple(elts=[ast.Constant(type(op).__name__), _thunk(right)], ctx=ast.Load())
                 for op, right in zip(node.ops, node.comparators)]
        return ast.copy_location(_call(_cf("compare_chain"), node.left, *pairs), node)

    def visit_JoinedStr(self, node):
        """An f-string as `joined_str(site, part, ...)` (graph_joined_str.py; a literal part is
        a str, a formatted value a 1-tuple, its conversion and format spec dropped, as MindSpore
        does): each f-string has a number of its own, its site."""
        parts = [value if isinstance(value, ast.Constant) else
                 ast.Tuple(elts=[self._formatted(value)], ctx=ast.Load())
                 for value in node.values]
        return ast.copy_location(
            _call(_cf("joined_str"), ast.Constant(next(_JOINED_STR_SITES)), *parts), node)

    def _formatted(self, node):
        """A formatted value of an f-string: `formatted(value)` (graph_fallback.py: a Cell is
        the "DeadNode" it is in MindSpore's graph) unless it has a conversion (`!r`)."""
        value = self.visit(node.value)
        if node.conversion != -1 or _binds(node.value):
            return value
        return ast.copy_location(_call(_cf("formatted"), value), node.value)

    def visit_BinOp(self, node):
        """`a <op> b` as `binary(op, a, b)` (graph_floats.py: a float the graph computes, and
        graph_scalar_ops.py: MindSpore's errors for a Python number divided by zero)."""
        self.generic_visit(node)
        return _located(_call(_cf("binary"), ast.Constant(type(node.op).__name__), node.left,
                              node.right), node)

    def visit_Subscript(self, node):
        """A subscript read as `getitem(obj, index)` (graph_index.py: MindSpore's errors)."""
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load) or isinstance(node.slice, ast.Slice) or _binds(node):
            return node
        return ast.copy_location(_call(_cf("getitem"), node.value, node.slice), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if not (getattr(func, "id", None) in ("super", "locals", "globals", "vars", "eval", "exec")
                or getattr(getattr(func, "value", None), "id", None) == _CF):
            node.func = ast.copy_location(_call(_cf("call"), func), func)
        return node


def _read_globals_first(fdef):
    """A name whose first use is an augmented assignment (`z += i` with a global `z` and no
    `global z`: Python's UnboundLocalError) starts with the global's value, as in MindSpore's
    graph mode (without such a global, using it raises MindSpore's NameError)."""
    body = fdef.body
    params = {a.arg for a in ast.walk(fdef.args) if isinstance(a, ast.arg)}
    declared = {n for node in _nodes(body, (ast.Global, ast.Nonlocal)) for n in node.names}
    assigned = set(_modified(body)) - params - declared
    augmented = {id(node.target) for node in _nodes(body, ast.AugAssign)}
    first: dict = {}
    for node in sorted(_nodes(body, ast.Name), key=lambda n: (getattr(n, "lineno", 1 << 30),
                                                             getattr(n, "col_offset", 0))):
        first.setdefault(node.id, node)
    names = [name for name, node in first.items() if name in assigned and id(node) in augmented]
    fdef.body = [_assign(name, _call(_cf("read_global"), _call(_name("globals")),
                                     ast.Constant(name)), fdef) for name in names] + body


def _interpret_assigned_attributes(fdef, self_name):
    """A method's reads of the attributes of `self` it assigns (`self.p = self.p + x`) as
    MindSpore's graph mode has them: such an attribute is a Python object the interpreter holds
    (its JIT fallback), so no gradient flows through its reads (`interpreted`)."""
    def is_self_attribute(node):
        return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == self_name)

    targets = [t for node in ast.walk(fdef) if isinstance(node, (ast.Assign, ast.AugAssign))
               for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
    names = {t.attr for target in targets for t in ast.walk(target) if is_self_attribute(t)}
    if not names:
        return

    class Reads(ast.NodeTransformer):
        def visit_Attribute(self, node):
            self.generic_visit(node)
            if is_self_attribute(node) and node.attr in names and isinstance(node.ctx, ast.Load):
                return ast.copy_location(_call(_cf("interpreted"), node), node)
            return node

    Reads().visit(fdef)


def _rewrite_nested_blocks(stmt, rewrite) -> None:
    """Replace each statement list nested in `stmt` (its body, else and finally blocks and its
    exception handlers' bodies) by `rewrite(list)`; a function or class statement's are its own
    scope and are left."""
    if isinstance(stmt, _SCOPES):
        return
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(stmt, field, None)
        if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
            setattr(stmt, field, rewrite(inner))
    for handler in getattr(stmt, "handlers", ()):
        handler.body = rewrite(handler.body)


def _check_member_subscripts(stmts, self_name):
    """Before each statement of `stmts` (and of the blocks in them, not nested functions) that
    stores into an item of a member of `self` (graph_scoping.member_subscript_stored), a call
    of the runtime's `check_member_subscript`: MindSpore's graph-mode TypeErrors."""
    for index in range(len(stmts) - 1, -1, -1):
        stmt = stmts[index]
        if isinstance(stmt, _SCOPES):
            continue
        _rewrite_nested_blocks(stmt, lambda inner: _check_member_subscripts(inner, self_name))
        member = graph_scoping.member_subscript_stored(stmt, self_name)
        if member is not None:
            check = _call(_cf("check_member_subscript"), _name(self_name),
                          ast.Constant(self_name), ast.Constant(member))
            stmts.insert(index, ast.copy_location(ast.Expr(check), stmt))
    return stmts


class _GlobalAssignments(ast.NodeTransformer):
    """`name = value` and `name op= value` for a name declared `global`, as a call of the
    runtime's `assign_global` (in graph mode MindSpore leaves the global as it was)."""

    def __init__(self, names, root):
        self.names, self.root = names, root

    def visit_FunctionDef(self, node):
        if node is self.root:  # nested functions and classes are scopes of their own
            self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def _replace(self, node, name, value, augmented):
        call = _call(_cf("assign_global"), _call(_name("globals")), ast.Constant(name), value,
                     ast.Constant(augmented), ast.Constant(node.lineno))
        return ast.copy_location(ast.Expr(call), node)

    def visit_Assign(self, node):
        if (len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id in self.names):
            return self._replace(node, node.targets[0].id, node.value, False)
        return node

    def visit_AugAssign(self, node):
        if isinstance(node.target, ast.Name) and node.target.id in self.names:
            value = ast.BinOp(left=_name(node.target.id), op=node.op, right=node.value)
            return self._replace(node, node.target.id, value, True)
        return node


def _located(new, node):
    """`new`, generated in place of the expression `node`, with `node`'s location on each of
    its nodes that has none: a traceback through it shows `node`'s line (Python places a
    method-like call `_msjax_cf.binary(...)` at its attribute's line)."""
    for child in ast.walk(new):
        if "lineno" in child._attributes and not hasattr(child, "lineno"):
            ast.copy_location(child, node)
    return new


def _binds(node) -> bool:
    """Whether wrapping `node` in a lambda would change its meaning."""
    return any(isinstance(n, (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)) or
               getattr(n, "id", None) == "super" for n in ast.walk(node))


def _expr(node):
    return _Expressions().visit(node)


def _augmented_assignments(stmts, declared):
    """Each `name op= value` of a local `name` in `stmts` (this scope's blocks) as `name =
    augmented(op, name, value)` (graph_floats.py: a float the graph computes; in place as
    Python's statement is)."""
    out = []
    for stmt in stmts:
        _rewrite_nested_blocks(stmt, lambda inner: _augmented_assignments(inner, declared))
        if (isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name)
                and stmt.target.id not in declared):
            name = stmt.target.id
            stmt = _located(_assign(name, _call(_cf("augmented"), ast.Constant(
                type(stmt.op).__name__), _name(name), stmt.value), stmt), stmt)
        out.append(stmt)
    return out


def _subscript_assignments(stmts, local_names):
    """Each `name[index] = value` and `name[lower:upper:step] = value` of a local `name` in
    `stmts` (this scope's blocks) as `name = setitem(name, index, value)` (`setitem_slice`;
    graph_index.py: a list assigned by a variable index or slice is what MindSpore's graph makes
    of it, a dynamic-length one rebound; anything else is updated in place as Python's
    statement does)."""
    out = []
    for stmt in stmts:
        _rewrite_nested_blocks(stmt, lambda inner: _subscript_assignments(inner, local_names))
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
            else None
        if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
                and target.value.id in local_names):
            name, index = target.value.id, target.slice
            if isinstance(index, ast.Slice):
                bounds = [b if b is not None else ast.Constant(None)
                          for b in (index.lower, index.upper, index.step)]
                call = _call(_cf("setitem_slice"), _name(name), *bounds, stmt.value)
            elif not any(isinstance(n, ast.Slice) for n in ast.walk(index)):
                call = _call(_cf("setitem"), _name(name), index, stmt.value)
            else:
                call = None  # `x[0:2, 1] = v`: a Tensor's, as it is
            if call is not None:
                stmt = _located(_assign(name, call, stmt), stmt)
        out.append(stmt)
    return out


def _bound_names(fdef, declared):
    """The local names of a function: its parameters and the names its own scope binds."""
    params = {a.arg for a in ast.walk(fdef.args) if isinstance(a, ast.arg)}
    bound = {node.id for node, _ in _walk(fdef.body)
             if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    return (params | bound) - declared


def _convert_scope(fdef):
    """Convert a function's body in place; nested functions are converted as their own scopes."""
    declared = {n for node in _nodes(fdef.body, (ast.Global, ast.Nonlocal)) for n in node.names}
    fdef.body = _augmented_assignments(fdef.body, declared)
    fdef.body = _subscript_assignments(fdef.body, _bound_names(fdef, declared))
    body = fdef.body
    if _nodes(body, (ast.Yield, ast.YieldFrom, ast.Await)) or any(
            _leaving([t]) for t in _nodes(body, (ast.Try, getattr(ast, "TryStar", ast.Try)))):
        raise NotConvertible  # a generator; a jump out of `try` (would skip its handlers)
    global_names = {n for node in _nodes(body, ast.Global) for n in node.names}
    if global_names:
        _GlobalAssignments(global_names, fdef).visit(fdef)
    scope = _Scope(declared, {a.arg for a in ast.walk(fdef.args) if isinstance(a, ast.arg)}
                   | set(_modified(body)))
    if any(_nodes([s], ast.Return) for s in body if not isinstance(s, ast.Return)):
        flag = f"_msjax_return_{next(_counter)}"  # a return inside a block: all become flags
        body = [_assign(flag, ast.Constant(False), fdef),
                _assign(flag + "_value", _cf("UNDEFINED_RETURN"), fdef),
                *_lower(body, _Flags(flag), scope),
                ast.copy_location(ast.Return(_call(
                    _cf("final_return"), _name(flag), _name(flag + "_value"),
                    ast.Constant(not _always_returns(fdef.body)))), fdef)]
    else:
        body = _lower(body, _Flags(None), scope)
    fdef.body = [s for stmt in body for s in _convert_statement(stmt, scope)]


def _convert_statement(stmt, scope):
    if isinstance(stmt, ast.FunctionDef):
        original = copy.deepcopy(stmt)
        try:
            _convert_scope(stmt)
        except NotConvertible:
            return [original]
        return [stmt]
    if isinstance(stmt, (ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt]
    if isinstance(stmt, ast.Return) and stmt.value is not None:
        stmt.value = _call(_cf("checked"), _expr(stmt.value))
        return [stmt]
    if isinstance(stmt, ast.With):  # the managers' __enter__ and __exit__ converted too
        for item in stmt.items:
            item.context_expr = ast.copy_location(
                _call(_cf("graph_context"), item.context_expr), item.context_expr)
    kind = {ast.If: "if", ast.While: "while", ast.For: "for"}.get(type(stmt))
    blocks = (stmt.body + stmt.orelse) if kind else []
    if kind is None or _blocker(blocks, scope) or (kind != "if" and stmt.orelse) or (
            kind == "while" and _nodes([stmt.test], ast.NamedExpr)):
        return [_convert_generic(stmt, scope)]
    names = _modified(([stmt.target] if kind == "for" else []) + blocks, scope.locals)

    def block(stmts, params=names, first=()):
        stmts = [s for stmt in stmts for s in _convert_statement(stmt, scope)]
        return _def(f"{_FN}{kind}_{next(_counter)}", params, [*first, *stmts,
                                                             ast.Return(_tuple(names))])

    values = _call(_cf("read"), _call(_name("locals")), ast.Constant(tuple(names)))
    tail = [values, ast.Constant(tuple(names)), ast.Constant(stmt.lineno), _unsafe_check(blocks)]
    if kind == "if":
        defs = [block(stmt.body), block(stmt.orelse)]
        call = _call(_cf("if_stmt"), _expr(stmt.test), *[_name(d.name) for d in defs], *tail)
    elif kind == "while":
        defs = [_def(f"{_FN}test_{next(_counter)}", names, [ast.Return(_expr(stmt.test))]),
                block(stmt.body)]
        call = _call(_cf("while_stmt"), *[_name(d.name) for d in defs], *tail)
    else:
        item = "_msjax_item"
        target = ast.copy_location(ast.Assign(targets=[stmt.target], value=_name(item)), stmt)
        defs = [block(stmt.body, [item, *names], [target])]
        test = ast.Constant(None)
        if getattr(stmt, "msjax_stops", None):
            defs.append(_def(f"{_FN}test_{next(_counter)}", names,
                             [ast.Return(_guard(stmt.msjax_stops))]))
            test = _name(defs[-1].name)
        iterable = stmt.iter
        if (isinstance(iterable, ast.Call) and getattr(iterable.func, "id", None) == "range"
                and not iterable.keywords):
            iterable = _call(_cf("range_"), _name("range"), *iterable.args)
        call = _call(_cf("for_stmt"), _expr(iterable), test, _name(defs[0].name), *tail)
    result = ast.Assign(targets=[_tuple(names, True)], value=call) if names else ast.Expr(call)
    for node in (*defs, result):  # generated nodes take the statement's line, for tracebacks
        for child in ast.walk(node):
            if "lineno" in child._attributes and not hasattr(child, "lineno"):
                child.lineno = child.end_lineno = stmt.lineno
                child.col_offset = child.end_col_offset = stmt.col_offset
    return [*defs, result]


def _convert_generic(node, scope):
    """Convert the blocks and expressions inside a statement that stays as it is."""
    for field, value in ast.iter_fields(node):
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            setattr(node, field, [s for stmt in value for s in _convert_statement(stmt, scope)])
        elif isinstance(value, (list, ast.AST)):
            parts = [_expr(v) if isinstance(v, ast.expr) else _convert_generic(v, scope)
                     if isinstance(v, (ast.ExceptHandler, ast.withitem, ast.match_case)) else v
                     for v in (value if isinstance(value, list) else [value])]
            setattr(node, field, parts if isinstance(value, list) else parts[0])
    return node
