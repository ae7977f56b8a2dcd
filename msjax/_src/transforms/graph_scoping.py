"""MindSpore graph syntax's rules for variables, checked on the source when a function is compiled.

MindSpore's graph compiler parses a whole function before it runs any of it, block by block, and
refuses uses of a variable that Python would accept (raised for every call, whatever the
values; UnboundLocalError for the first two):

- a variable first assigned inside a `for` or `while` loop body (not before the loop) and read
  after the loop: "The local variable 'y' defined in the 'for' loop body cannot be used outside of
  the loop body." The loop named is the outermost loop that defines it; it does not matter
  whether the loop runs on a tensor or a Python condition, or how many times it runs.
- a variable that an `if` assigns in one branch only (and that was not defined before the `if`)
  read after the `if` (before the end of the innermost loop around it, if any): "The local
  variable 'a' is not defined in false branch, but defined in true branch.", whatever the
  condition, `if True:` included; a branch that always leaves (return, raise, break, continue)
  defines nothing that is read after it.

- a second `register_hook` on a variable not assigned since its first: "It is not supported to
  register multiple hooks for a Tensor. You tensor is `x`." (a RuntimeError; PyNative runs them
  all, in order).

- a `del` statement anywhere in the function (`del self.a`, `del x`, `del d[k]`, `del l[i]`, in
  any block, `if False:` included): "Unsupported statement 'Delete'." (a RuntimeError), raised
  when the function is compiled, before anything in it runs (`delete_refusal`, checked by the
  converted function's first statement, `refuse_statement`: PyNative runs the `del`).

- a store into an item of a class member (`self.x[0] = v`, `self.x[0] += v`, `self.x[0].append(v)`
  and the other in-place list methods): when the object has no member `x`, a TypeError "'self.x'
  should be initialized in the '__init__' function before subscript."; under the STRICT syntax
  level, a TypeError unless the member is a Parameter (`member_subscript_stored` finds such
  statements, `check_member_subscript` checks them as they run). A list method of the member
  itself (`self.x.append(v)`) is no such store.

The loop target (`for i in ...`) counts as defined in the loop body: reading `i` after the loop
is the first error unless `i` was assigned before the loop. (MindSpore refuses `for`/`while` with
an `else:`; msjax runs it, and a variable its `else:` assigns is defined after the loop.)

`check(filename, fdef, indent)` applies these to one function's syntax tree (line numbers those of
the file), not to the functions nested in it: each is checked when it is converted itself.
"""
from __future__ import annotations

import ast
import inspect
import linecache
import weakref

from msjax._src.core.parameter import Parameter
from msjax._src.transforms.graph_fallback import in_graph, strict

_NOT_PARSED: weakref.WeakSet = weakref.WeakSet()  # functions of jit(capture_mode="trace"/"bytecode")
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_LOOPS = {ast.For: "for", ast.AsyncFor: "for", ast.While: "while"}


def _scope_nodes(nodes):
    """The nodes of `nodes` and below, not entering nested functions, lambdas or classes."""
    pending = list(nodes)
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, _SCOPES):
            pending.extend(ast.iter_child_nodes(node))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            pending.extend(node.decorator_list)  # evaluated in this scope


def _bound(stmts) -> set:
    """The names `stmts` bind in this scope."""
    names = set()
    for node in _scope_nodes(stmts):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def _first_read(following, names):
    """The first read (in source order) of one of `names` in the statement lists `following`
    that no statement before it has rebound on the way (a later `for name in ...`, `name = ...`,
    an `if` whose branches both assign it)."""
    names, reads = set(names), []
    for stmts in following:
        if not names:
            break
        found, names = _reads_on_the_way(stmts, names)
        reads += found
    return min(reads, key=lambda n: (n.lineno, n.col_offset), default=None)


def _reads_on_the_way(stmts, names):
    """(the reads of `names` in `stmts` before a rebinding, the names still not rebound after
    `stmts` on some path that goes on)."""
    names, reads = set(names), []
    for stmt in stmts:
        if not names:
            break
        if isinstance(stmt, ast.If):
            reads += _reads([stmt.test], names)
            left = set()
            for branch in (stmt.body, stmt.orelse):
                found, unbound = _reads_on_the_way(branch, names)
                reads += found
                left |= set() if _leaves(branch) else unbound
            names = left
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            reads += _reads([stmt.test if isinstance(stmt, ast.While) else stmt.iter], names)
            names -= _bound([stmt.target]) if hasattr(stmt, "target") else set()
            for branch in (stmt.body, stmt.orelse):
                reads += _reads_on_the_way(branch, names)[0]
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            reads += _reads([item.context_expr for item in stmt.items], names)
            found, names = _reads_on_the_way(stmt.body, names)
            reads += found
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            for branch in (stmt.body, *[h.body for h in stmt.handlers], stmt.orelse,
                           stmt.finalbody):
                reads += _reads_on_the_way(branch, names)[0]
        else:
            reads += _reads([stmt], names)
            names -= _bound([stmt])
    return reads, names


def _reads(stmts, names):
    return [node for node in _scope_nodes(stmts) if isinstance(node, ast.Name) and node.id in names
            and (isinstance(node.ctx, ast.Load) or _augmented(node, stmts))]


def _leaves(stmts) -> bool:
    """Whether a branch always leaves (its last statement a return, raise, break or continue, or
    an `if` both of whose branches leave): what it defines is never read after the `if`."""
    last = stmts[-1] if stmts else None
    return isinstance(last, (ast.Return, ast.Raise, ast.Break, ast.Continue)) or (
        isinstance(last, ast.If) and _leaves(last.body) and _leaves(last.orelse))


def _augmented_names(stmts) -> set:
    """The names `stmts` update with an augmented assignment (`y += 1`): read before they are
    bound, so one not defined before is MindSpore's NameError when it runs, not this rule's."""
    return {n.target.id for n in _scope_nodes(stmts)
            if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)}


def _augmented(name, stmts) -> bool:
    return any(isinstance(n, ast.AugAssign) and n.target is name for n in _scope_nodes(stmts))


class _Checker:
    def __init__(self, filename, fdef, indent, outer):
        self.filename, self.fdef, self.indent, self.outer = filename, fdef, indent, outer
        arguments = fdef.args
        self.declared = {name for node in _scope_nodes(fdef.body)
                         if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names}
        self.params = {a.arg for a in (*arguments.posonlyargs, *arguments.args,
                                       *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
                       if a is not None}

    def block(self, stmts, defined, following, in_loop):
        """Checks `stmts` given the names `defined` before them, the statement lists that run
        after them (innermost first) and those of them inside the innermost loop around them
        (`in_loop`; all of them outside loops)."""
        defined = set(defined)
        for i, stmt in enumerate(stmts):
            after = [stmts[i + 1:], *following]
            rest = [stmts[i + 1:], *in_loop]
            if type(stmt) in _LOOPS:
                targets = _bound([stmt.target]) if hasattr(stmt, "target") else set()
                new = {name for name in (_bound(stmt.body) | targets) - defined - self.declared
                       - _bound(stmt.orelse) - _augmented_names(stmt.body)
                       if name not in self.outer}
                read = _first_read(after, new)
                if read is not None:
                    kind = _LOOPS[type(stmt)]
                    self.fail(f"The local variable '{read.id}' defined in the '{kind}' loop body "
                              f"cannot be used outside of the loop body. Please define variable "
                              f"'{read.id}' before '{kind}'.", read)
                self.block(stmt.body, defined | targets, after, [])
                self.block(stmt.orelse, defined | targets, after, rest)
            elif isinstance(stmt, ast.If):
                true, false = _bound(stmt.body) - defined, _bound(stmt.orelse) - defined
                one_sided = set() if _leaves(stmt.body) or _leaves(stmt.orelse) else true ^ false
                read = _first_read(rest, one_sided - self.declared 
                                  - _augmented_names([s for block in rest for s in block]))
                if read is not None:
                    missing, present = ("false", "true") if read.id in true else ("true", "false")
                    self.fail(f"The local variable '{read.id}' is not defined in {missing} "
                              f"branch, but defined in {present} branch.", read)
                self.block(stmt.body, defined, after, rest)
                self.block(stmt.orelse, defined, after, rest)
            elif not isinstance(stmt, _SCOPES):  # (a nested function is checked on its own)
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                        self.block(inner, defined, after, rest)
                for handler in getattr(stmt, "handlers", ()):
                    self.block(handler.body, defined, after, rest)
            defined |= _bound([stmt])

    def fail(self, message, read):
        """MindSpore's UnboundLocalError: the message, the function's source down to the read
        (with a marker under it), and the function's first line and the read as its traceback."""
        first, line = self.fdef.lineno, read.lineno
        source = [linecache.getline(self.filename, n).rstrip("\n") for n in range(first, line + 1)]
        column, width = self.indent + read.col_offset, len(read.id)
        marker = " " * column + "~<-------------HERE"
        raise UnboundLocalError(
            f"{message}\nIn file {self.filename}:{line}\n" + "\n".join(source) + f"\n{marker}\n\n"
            "----------------------------------------------------\n"
            "- The Traceback of Net Construct Code:\n"
            "----------------------------------------------------\n\n"
            f"# In file {self.filename}:{first}\n{source[0]}\n\n"
            f"# In file {self.filename}:{line}, {column}~{column + width}\n{source[-1]}\n"
            f"{' ' * column}^{'~' * (width - 1)}\n")


def _check_hooks(filename, fdef) -> None:
    """Graph syntax's rule for `Tensor.register_hook`: one hook per variable between two
    assignments of it (MindSpore's RuntimeError, raised when the function is parsed)."""
    events = []
    for node in _scope_nodes(fdef.body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            events.append((node.lineno, node.col_offset, "bind", node.id))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "register_hook" and isinstance(node.func.value, ast.Name)):
            events.append((node.lineno, node.col_offset, "hook", node.func.value.id))
    hooked = set()
    for line, _, kind, name in sorted(events):
        if kind == "bind":
            hooked.discard(name)
        elif name in hooked:
            raise RuntimeError(f"It is not supported to register multiple hooks for a Tensor. You "
                               f"tensor is `{name}`.\n\n# In file {filename}:{line}\n"
                               f"{linecache.getline(filename, line).rstrip()}\n")
        else:
            hooked.add(name)


def not_parsed(target) -> None:
    """`jit(target, capture_mode="trace" or "bytecode")`: MindSpore runs (or reads the bytecode
    of) the function instead of parsing it, so these rules do not apply to it (nor to a Cell
    class's or instance's `construct`)."""
    if inspect.isclass(target) or not inspect.isroutine(target):
        target = getattr(target if inspect.isclass(target) else type(target), "construct", None)
    target = getattr(target, "__func__", target)
    if inspect.isfunction(target):
        _NOT_PARSED.add(target)


def is_parsed(fn) -> bool:
    return fn not in _NOT_PARSED


def check(filename, fdef, indent=0, outer=()) -> None:
    """Raises MindSpore's UnboundLocalError when `fdef` (a function's syntax tree, with the file's
    line numbers, parsed from its source dedented by `indent` columns) breaks one of the graph
    syntax's scoping rules (see the module's doc). `outer` holds the names the function's module
    and the builtins define: a loop that assigns one of them (`z += i` of a global `z`) finds it
    defined before the loop, as MindSpore's parser does."""
    checker = _Checker(filename, fdef, indent, outer)
    checker.block(fdef.body, checker.params, [], [])
    _check_hooks(filename, fdef)


def delete_refusal(filename, fdef, indent=0):
    """MindSpore's RuntimeError message for the first `del` statement of `fdef` (its own scope:
    a nested function is checked when it is converted), or None when it has none. The traceback
    names the function (from its first decorator; its columns unless it starts a line, marked
    when it has no decorator, as MindSpore shows them) and the statement."""
    found = min((node for node in _scope_nodes(fdef.body) if isinstance(node, ast.Delete)),
                key=lambda n: (n.lineno, n.col_offset), default=None)
    if found is None:
        return None
    first = min([fdef.lineno, *(d.lineno for d in fdef.decorator_list)])
    head = linecache.getline(filename, first).rstrip("\n")
    column = indent + fdef.col_offset
    where = f"# In file {filename}:{first}~{fdef.end_lineno}"
    if column:
        where = f"{where}, {column}~{indent + fdef.end_col_offset}"
    where += f"\n{head}" + ("" if fdef.decorator_list or not column else f"\n{' ' * column}^")
    start, end = indent + found.col_offset, indent + found.end_col_offset
    statement = linecache.getline(filename, found.lineno).rstrip("\n")
    return ("Unsupported statement 'Delete'.\n"
            "More details please refer to syntax support at https://www.mindspore.cn\n\n"
            "----------------------------------------------------\n"
            "- The Traceback of Net Construct Code:\n"
            "----------------------------------------------------\n\n"
            f"{where}\n\n# In file {filename}:{found.lineno}, {start}~{end}\n{statement}\n"
            f"{' ' * start}^{'~' * (end - start - 1)}\n\n")


def member_assignment_refusal(filename, fdef):
    """MindSpore's RuntimeError message for the first assignment in `fdef`'s own scope to an
    attribute of something that is neither a name nor an attribute (`self.cells[0].x = v`),
    or None. Graph syntax assigns the members of a name or an attribute only."""
    def targets(node):
        if isinstance(node, ast.Assign):
            pending = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            pending = [node.target]
        else:
            return
        while pending:
            target = pending.pop()
            if isinstance(target, (ast.Tuple, ast.List)):
                pending.extend(target.elts)
            elif isinstance(target, ast.Starred):
                pending.append(target.value)
            else:
                yield target
    found = min((target for node in _scope_nodes(fdef.body) for target in targets(node)
                 if isinstance(target, ast.Attribute)
                 and not isinstance(target.value, (ast.Name, ast.Attribute))),
                key=lambda n: (n.lineno, n.col_offset), default=None)
    if found is None:
        return None
    statement = linecache.getline(filename, found.lineno).rstrip("\n")
    return ("In graph mode, only attribute and name of class members can be assigned. But got "
            f"{type(found.value).__name__}.\n\n# In file {filename}:{found.lineno}\n{statement}")


def refuse_statement(message) -> None:
    """The first statement of a converted function holding a statement graph syntax refuses
    (`delete_refusal`): MindSpore's RuntimeError when a graph-mode program (jit, GRAPH_MODE)
    compiles it; nothing in PyNative (a vmap, a function run eagerly)."""
    if in_graph():
        raise RuntimeError(message)


_IN_PLACE_LIST_METHODS = frozenset(("append", "extend", "insert", "pop", "reverse", "clear"))


def _member_of(node, self_name):
    """`x` when `node` is a subscript, however deep, of `self_name.x`, else None."""
    if not isinstance(node, ast.Subscript):
        return None
    while isinstance(node, ast.Subscript):
        node = node.value
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == self_name):
        return node.attr
    return None


def member_subscript_stored(stmt, self_name):
    """The member `x` whose item the statement `stmt` stores into (`self.x[i] = v`, `self.x[i]
    op= v`, `self.x[i].append(v)`: MindSpore's graph syntax treats each as an item store of the
    member), or None."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        targets = [stmt.target]
    elif (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
          and isinstance(stmt.value.func, ast.Attribute)
          and stmt.value.func.attr in _IN_PLACE_LIST_METHODS):
        targets = [stmt.value.func.value]
    else:
        return None
    return next((m for m in (_member_of(t, self_name) for t in targets) if m is not None), None)


def check_member_subscript(owner, self_name, name) -> None:
    """Run before a statement storing into an item of `owner.name` (`member_subscript_stored`):
    MindSpore's TypeErrors when a graph-mode program compiles it (nothing in PyNative)."""
    if not in_graph():
        return
    try:
        value = getattr(owner, name)
    except AttributeError:
        raise TypeError(f"'{self_name}.{name}' should be initialized in the '__init__' function "
                        "before subscript.") from None
    if strict() and not isinstance(value, Parameter):
        raise TypeError(
            f"When JIT_SYNTAX_LEVEL is not set to LAX{self_name}.{name} should be initialized as "
            "a 'Parameter' in the '__init__' function to perform assign subscript, but got: "
            f"{value}' with type '{type(value).__name__}'.")
