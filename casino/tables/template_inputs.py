"""What a template reads from its context, found once by walking its nodes.

A table's private fragments (a player's own controls, bets and balance) are
rendered for every viewer at every version, yet most versions (another
player's bet) change nothing they show. Reading the values a template looks
up (``my_bets``, ``my_result.net``, ``table.id``, ...) out of the new context
costs a few microseconds; when they equal the last render's, the markup is
the same and the render is skipped (casino/tables/rendering.py).

The walk knows Django's own template nodes and the inclusion and simple tags
that do not take the context. Anything else (a tag of unknown shape, an
include whose name is a variable, a tag that reads the whole context) makes
the template opaque: ``inputs_of`` returns None and the template is rendered
every time, as before.
"""

import functools

from django.template import Variable, defaulttags, loader_tags
from django.template.base import FilterExpression, TextNode, VariableNode
from django.template.library import InclusionNode, SimpleNode
from django.template.loader import get_template
from django.templatetags.l10n import LocalizeNode
from django.templatetags.static import StaticNode

# Nodes that read nothing from the context.
_CONSTANT = (TextNode, defaulttags.CommentNode, defaulttags.LoadNode)
# Nodes that only render their children.
_PLAIN = (LocalizeNode, defaulttags.SpacelessNode, defaulttags.AutoEscapeControlNode)

MISSING = object()


class Opaque(Exception):
    """A node whose inputs cannot be known without rendering it."""


@functools.lru_cache(maxsize=128)
def inputs_of(template_name):
    """The variable paths (``"my_result.net"``) the template reads, or None
    when some node's cannot be known."""
    try:
        paths = set()
        _walk(get_template(template_name).template.nodelist, frozenset(), paths)
    except Opaque:
        return None
    return tuple(sorted(paths))


def paths_of(node, nodelist):
    """What a block tag's ``nodelist`` reads, loop variables of the
    enclosing template included (they are in the context when it renders),
    as tuples of lookups; None when it cannot be known. Found once a node
    (a template's nodes live as long as the cached template)."""
    try:
        return node.inputs
    except AttributeError:
        pass
    try:
        paths = set()
        _walk(nodelist, frozenset(), paths)
        node.inputs = tuple(tuple(path.split(".")) for path in sorted(paths))
    except Opaque:
        node.inputs = None
    return node.inputs


def lookup(context, bits):
    """The value the lookups ``bits`` (``("s", "total")``) take in
    ``context`` (a dict or a template Context), as a template sees it."""
    return _lookup(context, bits)


def key_of(paths, context):
    """The values ``paths`` take in ``context`` (a dict), as a comparable
    tuple: the same key, the same markup."""
    # With its type: 1, 1.0 and True are equal but do not print the same.
    return tuple((type(value), value) for value in (_lookup(context, bits) for bits in _bits(paths)))


@functools.lru_cache(maxsize=512)
def _bits(paths):
    """Each path split into its lookups, once (a push looks them up for every viewer)."""
    return tuple(tuple(path.split(".")) for path in paths)


def _lookup(current, bits):
    """A path looked up as a template looks it up (Variable._resolve_lookup:
    key, then attribute, then index; callables called), without parsing the
    path again at every push. A path that does not resolve renders the same
    whatever the context (as ``string_if_invalid``), hence one MISSING."""
    for bit in bits:
        try:
            current = current[bit]
        except (TypeError, AttributeError, KeyError, ValueError, IndexError):
            try:
                current = getattr(current, bit)
            except AttributeError:
                try:
                    current = current[int(bit)]
                except (IndexError, ValueError, KeyError, TypeError, AttributeError):
                    return MISSING
        if callable(current):
            if getattr(current, "do_not_call_in_templates", False):
                pass
            elif getattr(current, "alters_data", False):
                return MISSING
            else:
                try:
                    current = current()
                except Exception:
                    return MISSING
    return current


def _expression(expression, local, paths):
    """A FilterExpression or a Variable and its filters' arguments."""
    if isinstance(expression, FilterExpression):
        _expression(expression.var, local, paths)
        for _, arguments in expression.filters:
            for lookup, argument in arguments:
                if lookup:
                    _expression(argument, local, paths)
        return
    if isinstance(expression, Variable):
        if expression.lookups is None:
            return  # a literal
        if expression.lookups[0] not in local:
            paths.add(".".join(expression.lookups))
        return
    if expression is None or isinstance(expression, (str, int, float)):
        return
    raise Opaque(type(expression).__name__)


def _condition(condition, local, paths):
    """An {% if %} condition: a literal (TemplateLiteral) or an operator."""
    if condition is None:
        return  # {% else %}
    if hasattr(condition, "value") and hasattr(condition, "text"):
        _expression(condition.value, local, paths)
        return
    for side in ("first", "second"):
        operand = getattr(condition, side, None)
        if operand is not None:
            _condition(operand, local, paths)


def _walk(nodelist, local, paths):
    for node in nodelist:
        _node(node, local, paths)


def _node(node, local, paths):
    if isinstance(node, _CONSTANT):
        return
    if isinstance(node, VariableNode):
        _expression(node.filter_expression, local, paths)
    elif isinstance(node, _PLAIN) or getattr(node, "renders_only_children", False):
        _walk(node.nodelist, local, paths)
    elif isinstance(node, defaulttags.IfNode):
        for condition, nodelist in node.conditions_nodelists:
            _condition(condition, local, paths)
            _walk(nodelist, local, paths)
    elif isinstance(node, defaulttags.ForNode):
        _expression(node.sequence, local, paths)
        inner = local | set(node.loopvars) | {"forloop"}
        _walk(node.nodelist_loop, inner, paths)
        _walk(node.nodelist_empty, local, paths)
    elif isinstance(node, defaulttags.WithNode):
        for expression in node.extra_context.values():
            _expression(expression, local, paths)
        _walk(node.nodelist, local | set(node.extra_context), paths)
    elif isinstance(node, loader_tags.IncludeNode):
        name = node.template
        if not isinstance(name, FilterExpression) or not isinstance(name.var, str) or name.filters:
            raise Opaque("an include whose template is a variable")
        for expression in node.extra_context.values():
            _expression(expression, local, paths)
        included = get_template(name.var).template.nodelist
        if node.isolated_context:
            # "only": it sees its "with" values and nothing of ours.
            _walk(included, frozenset(node.extra_context), set())
        else:
            _walk(included, local | set(node.extra_context), paths)
    elif isinstance(node, StaticNode):
        _expression(node.path, local, paths)
    elif isinstance(node, defaulttags.URLNode):
        for expression in (node.view_name, *node.args, *node.kwargs.values()):
            _expression(expression, local, paths)
    elif isinstance(node, defaulttags.CsrfTokenNode):
        paths.add("csrf_token")
    elif isinstance(node, (SimpleNode, InclusionNode)):
        if node.takes_context:
            raise Opaque("a tag that reads the whole context")
        for expression in (*node.args, *node.kwargs.values()):
            _expression(expression, local, paths)
        # An inclusion tag's template sees only what its function returns
        # from these arguments (and autoescape): nothing more to read.
    elif isinstance(node, defaulttags.FilterNode):
        _expression(node.filter_expr, local, paths)
        _walk(node.nodelist, local, paths)
    else:
        raise Opaque(type(node).__name__)
