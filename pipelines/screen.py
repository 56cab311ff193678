"""Screen clauses with the rule playbook (DESIGN §7).

Checks are data: YAML files under ``pipelines/playbook/`` (``common.yaml`` plus files per
contract type), or a firm's own file. Each check has an ``id``, ``category``,
``severity``, the ``statutes`` it rests on, a plain-Chinese ``title``, ``explanation``
and ``suggestion``, and a detector:

* ``detector: pattern`` — regular expressions applied per sentence: every ``all`` regex
  must match the same sentence, at least one ``any`` regex (if given), and no ``none``
  regex; ``clause_none`` regexes veto on the whole clause; every ``doc_all`` regex must
  match somewhere in the document (the setting a norm applies in: an advertising rule in a
  contract about promotion, whichever clause the slogan sits in);
  A pattern check may also name a ``reader`` (:data:`pipelines.clause_structure.READERS`):
  a function that reads the sentence's structure (the relieved or right-holding party, the
  condition, the consequence) against the norm; it is tried when the regexes do not match,
  and the check's ``none`` regexes (its lawful exceptions) veto it as they veto the regexes;
* ``detector: llm`` — no rule detector: a catalogue entry only, found by the LLM stage when
  code judges the model's element record of a clause against the norm
  (:mod:`pipelines.elements`);
* ``detector: <name>`` — a function in :mod:`pipelines.rules` for checks that need
  arithmetic or the whole document (amounts in words vs digits, 定金 over 20%, 违约金
  rates, probation length vs term, interest caps, dates, cross-references). The numbers
  are computed in code, never by the LLM.

Optional keys: ``contract_types`` (list; empty = all), ``categories`` (only clauses
classified so), ``one_sided: true`` (the stance rules below apply), ``params`` (for code
detectors), ``norm`` (the legal norm the check applies, in one sentence: what makes the
clause a risk and on which article) and ``scope: document`` (at most one finding per
document: for absence checks such as "IP ownership never agreed", reported once, at the
clause where the term belongs, not once per clause that mentions the topic) and ``yields:
true`` (a general norm — a claim or defence waived in advance — that is not reported on a
sentence a check of another category already reports: the specific check names the risk)
and ``parties: consumer`` (a norm that protects consumers, not applied when every party the
contract's head names is an organisation: :func:`organisations_only`) and ``lawful_if_forbidden: true`` (the risk is an act the clause permits — wages paid in kind,
data sent abroad —, so an item of a list whose lead-in forbids it, ``甲方不得有下列行为：（1）以实物
代替货币支付工资``, is the opposite and is not reported) and ``type_statutes`` (contract type → statute references cited first for a contract of
that type: the general norm of a check is 民法典第五百六十五条, its specific rule in a
finance lease 第七百五十二条) and ``type_suggestions`` (contract type, or several joined by
``|``, → the suggestion for that type: a one-sided breach clause in a loan is cured by
terms on 放款 and 还款, in a sale by terms on 付款 and 交付).

Stance: for a one-sided check, the party the sentence favours is read from it (``X有权``,
``向X支付``, ``X不承担``). Reviewing for that party lowers the severity one level but keeps
the finding (a court may still reduce the term); reviewing for the other party raises it
one level; neutral keeps it (see :func:`apply_stance`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from pipelines.clause_structure import definitions, expand_definitions
from pipelines.errors import reraise_fatal
from pipelines.text import is_table_row, longest_shared_run, sentences
from pipelines.types import CONTRACT_TYPES, SEVERITY_RANK, Category, Clause, Finding, Severity, StageError, Stance, StatuteRef

__all__ = ["Check", "Playbook", "ScreenContext", "StatuteRef", "apply_stance", "load_playbook", "screen",
           "unpinned_refs", "DEFAULT_PLAYBOOK_DIR"]

DEFAULT_PLAYBOOK_DIR = Path(__file__).parent / "playbook"



@dataclass(frozen=True)
class Check:
    """One playbook check, as loaded from YAML (see the module docstring)."""

    id: str
    category: Category
    severity: Severity
    title: str
    explanation: str
    suggestion: str
    statutes: tuple[StatuteRef, ...]
    detector: str = "pattern"
    all: tuple[re.Pattern, ...] = ()
    any: tuple[re.Pattern, ...] = ()
    none: tuple[re.Pattern, ...] = ()
    clause_none: tuple[re.Pattern, ...] = ()
    doc_all: tuple[re.Pattern, ...] = ()
    contract_types: tuple[str, ...] = ()
    categories: tuple[Category, ...] = ()
    one_sided: bool = False
    params: dict = field(default_factory=dict, hash=False, compare=False)
    norm: str = ""
    scope: str = "clause"
    reader: str = ""
    yields: bool = False
    lawful_if_forbidden: bool = False
    parties: str = ""
    type_statutes: dict = field(default_factory=dict, hash=False, compare=False)
    type_suggestions: dict = field(default_factory=dict, hash=False, compare=False)

    def suggestion_for(self, contract_type: str | None) -> str:
        """The replacement text a finding of this check proposes in a contract of
        ``contract_type``: that type's own wording (``type_suggestions``: a loan's breach
        clause speaks of 逾期还款, not of 逾期交付) or the general ``suggestion``."""
        return self.type_suggestions.get(contract_type or "") or self.type_suggestions.get(
            TYPE_PARENT.get(contract_type or "", ""), self.suggestion)

    def statutes_for(self, contract_type: str | None) -> tuple[StatuteRef, ...]:
        """The references a finding of this check cites in a contract of ``contract_type``:
        that type's own rules first (``type_statutes``), then the general ``statutes``."""
        extra = self.type_statutes.get(contract_type or "") or self.type_statutes.get(TYPE_PARENT.get(contract_type or "", ""), ())
        return tuple(extra) + tuple(r for r in self.statutes if r not in extra)

    def all_statutes(self) -> tuple[StatuteRef, ...]:
        """Every reference the check may cite, whatever the contract type (for pinning)."""
        out = list(self.statutes)
        for refs in self.type_statutes.values():
            out += [r for r in refs if r not in out]
        return tuple(out)


@dataclass(frozen=True)
class Playbook:
    """A loaded playbook: its checks and ``version`` (sha256 prefix of the files' bytes)."""

    checks: tuple[Check, ...]
    version: str
    params: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class ScreenContext:
    """What a check may look at besides its clause.

    Attributes:
        contract_type: from :func:`pipelines.classify.classify_contract_type`.
        clauses: all clauses of the document (for cross-document checks).
        text: the whole document text.
        stance: whose side the review takes.
        party_roles: role words per party, e.g. ``{"party_a": ("甲方", "出租人")}``.
        citation_checker: optional callable ``(law, article) -> verdict`` for an article
            the contract itself cites: a :class:`knowledge.pinning.CitationVerdict` whose
            ``valid`` is True (exists, in force), False (the store knows it does not exist
            or is not in force) or None (cannot verify: law or version not in the store);
            a plain ``bool | None`` is accepted too.
    """

    contract_type: str
    clauses: Sequence[Clause]
    text: str
    stance: Stance = Stance.neutral
    party_roles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    citation_checker: Callable[[str, int], object] | None = None


def _nested_repeat(items, inside: bool = False) -> bool:
    """True when a parsed pattern repeats, without bound, something that itself repeats
    (``(a+)+``, ``(?:x.{0,9}y)*``): the shape that backtracks exponentially (star height > 1;
    OWASP "Regular expression Denial of Service")."""
    from re import _constants as c  # noqa: PLC0415 - the parser's opcodes

    for op, av in items:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            _, hi, sub = av
            if inside and (hi == c.MAXREPEAT or hi > 1):
                return True
            if _nested_repeat(sub, inside or hi == c.MAXREPEAT or hi > 50):
                return True
        elif op == c.SUBPATTERN and _nested_repeat(av[-1], inside):
            return True
        elif op == c.BRANCH and any(_nested_repeat(b, inside) for b in av[1]):
            return True
        elif op in (c.ASSERT, c.ASSERT_NOT) and _nested_repeat(av[1], inside):
            return True
    return False


def _compile(items: Iterable[str] | None) -> tuple[re.Pattern, ...]:
    """Compile a check's regular expressions.

    Raises:
        ValueError: on a pattern that does not compile, or one that repeats a repeated
            group without bound (``(a+)+``): Python's ``re`` cannot be interrupted, so one such
            pattern in a firm's playbook could hang every review.
    """
    from re import _parser

    out = []
    for p in items or ():
        if not isinstance(p, str):
            raise ValueError(f"a pattern is a string, not {p!r}")
        try:
            compiled = re.compile(p)
        except re.error as exc:
            raise ValueError(f"pattern {p!r} does not compile: {exc}") from None
        if _nested_repeat(_parser.parse(p)):
            raise ValueError(f"pattern {p!r} repeats a group that itself repeats (like (a+)+), which can take "
                             "exponential time on some text; write it without the nested repetition")
        out.append(compiled)
    return tuple(out)


# runs a sentence can hold (sentences are cut at pipelines.text.MAX_SENTENCE_CHARS = 600 characters)
_PROBES = (" ", "\u3000", "甲方", "1", "，", "的", "a")


def _pattern_units(rx: re.Pattern) -> tuple[str, ...]:
    """Runs to probe ``rx`` with beyond :data:`_PROBES`: the literal characters the pattern
    names and each pair of them written next to each other (``(?:ab|a|b)*c`` → ``a``, ``b``,
    ``c``, ``ab``, ``ba``, ``bc``) and each three in a row: a backtracking blow-up needs a run
    its repeats can match. At most 40 units."""
    try:
        import re._parser as sre_parse  # Python 3.11+
    except ImportError:  # pragma: no cover
        import sre_parse  # type: ignore[no-redef]

    literals: list[str] = []

    def walk(items) -> None:
        for op, arg in items:
            name = str(op)
            if name == "LITERAL":
                literals.append(chr(arg))
            elif isinstance(arg, (list, tuple)):
                for sub in arg:
                    if isinstance(sub, sre_parse.SubPattern):
                        walk(sub)
                    elif isinstance(sub, (list, tuple)):
                        for part in sub:
                            if isinstance(part, sre_parse.SubPattern):
                                walk(part)
            elif isinstance(arg, sre_parse.SubPattern):
                walk(arg)

    try:
        walk(sre_parse.parse(rx.pattern, rx.flags))
    except Exception:  # noqa: BLE001 - an unusual construct: the fixed probes still run
        return ()
    units = dict.fromkeys(ch for ch in literals if ch not in _PROBES)
    units.update(dict.fromkeys(a + b for a, b in zip(literals, literals[1:], strict=False) if a != b))
    # and each three in a row: alternatives of two and three characters that overlap ((?:违约|违约金|金)+) blow up
    # on a run of the longer one (违约金违约金…), which no single character or pair spells
    units.update(dict.fromkeys(a + b + c for a, b, c in zip(literals, literals[1:], literals[2:], strict=False)
                               if len({a, b, c}) > 1))
    return tuple(units)[:40]


def _refuse_slow_patterns(check: "Check", path: Path) -> None:
    """Refuse a firm playbook's pattern that takes super-linear time on a run of one
    character (``\\s*\\s*x``, ``(?:\\d|\\d\\d)*x``: two or three repeats that can split one run
    between them backtrack quadratically or cubically; OWASP "Regular expression Denial of
    Service"). Each pattern is searched in runs of 8 and 24 characters (an exponential
    pattern such as ``(?:\\s|\\s\\s)*x`` shows there), 100 and 300, then 200 and 600 (the
    longest sentence a check reads): a pattern whose time grows more than six-fold when the
    run triples (a linear one: three-fold) and passes 2 ms (10 ms on the longer runs) is
    refused — a test of the pattern's shape more than of the machine's speed.

    Raises:
        ValueError: naming the check, the pattern and the run that was slow.
    """
    import time

    def timed(rx: re.Pattern, text: str) -> float:
        t0 = time.perf_counter()
        rx.search(text)
        return (time.perf_counter() - t0) * 1000

    for rx in (*check.all, *check.any, *check.none, *check.clause_none, *check.doc_all):
        units = (*_PROBES, *_pattern_units(rx))
        # an exponential pattern ((?:ab|a|b)*c) doubles its time every few characters: runs grown
        # four characters at a time stop it before it takes seconds; none of 64 characters may take 5 ms
        for unit in units:
            for n in range(4, 68, 4):
                if (ms := timed(rx, unit * max(1, n // len(unit)))) > 5.0 and min(ms, timed(rx, unit * max(1, n // len(unit)))) > 5.0:
                    raise ValueError(f"playbook {path}: check {check.id}: pattern {rx.pattern!r} slows down exponentially "
                                     f"on a run of {unit!r} ({ms:.0f} ms on {n} characters); on a long sentence it would "
                                     "never finish. Write it without a repeated group whose alternatives can match the "
                                     "same text in more than one way (like (?:ab|a|b)*)")
        # short runs first: an exponential pattern ((?:\s|\s\s)*x) takes seconds on 36 characters, a cubic one on 600
        for unit, (n, floor_ms) in ((u, st) for u in units for st in ((8, 2.0), (100, 10.0), (200, 10.0))):
            a, b = unit * max(1, n // len(unit)), unit * max(1, 3 * n // len(unit))
            short, longer = timed(rx, a), timed(rx, b)
            if longer > floor_ms and longer > 6 * max(short, 0.01):
                # measured again before refusing: a busy machine's pause is not the pattern's shape
                short, longer = min(short, timed(rx, a), timed(rx, a)), min(longer, timed(rx, b))
            # three times the text: a linear search takes three times as long, a quadratic one nine, a cubic one 27
            if longer > floor_ms and longer > 6 * max(short, 0.01):
                raise ValueError(f"playbook {path}: check {check.id}: pattern {rx.pattern!r} slows down with the square "
                                 f"or cube of a run of {unit!r} ({short:.1f} ms on {n} characters, {longer:.0f} ms on {3 * n}); "
                                 "on a long sentence it would take seconds. Write it without two repeats that can share one run "
                                 "of characters (like \\s*\\s*)")


def _detector(value: str) -> str:
    """``pattern`` (the check's regular expressions), ``llm`` (a catalogue entry the model
    finds) or the name of a code detector in :data:`pipelines.rules.DETECTORS`.

    Raises:
        ValueError: any other name, with the choices (a typo would otherwise fail at review time).
    """
    from pipelines import rules

    if value in ("pattern", "llm") or value in rules.DETECTORS:
        return value
    raise ValueError(f"unknown detector {value!r}: leave it out (or write 'pattern') for a check of regular "
                     "expressions (all/any/none), or name one of the code detectors: "
                     f"{', '.join(sorted(rules.DETECTORS)[:12])} … ({len(rules.DETECTORS)} in pipelines/rules/)")


def _parties(value: str) -> str:
    if value not in ("", "consumer"):
        raise ValueError(f"parties must be 'consumer' (a norm protecting consumers), not {value!r}")
    return value


# a party named in the contract's head (甲方（委托方）：深圳某某有限公司, 出租方：张某)
_HEAD_PARTY_LINE = re.compile(
    r"^[ \t\u3000]*(?:甲方|乙方|丙方|丁方|[^\n：:（(]{0,4}?(?<!联系)(?<!代表)(?<!负责)[方]|出租人|承租人|买受人|出卖人|借款人|贷款人|出借人|保证人|"
    r"委托人|受托人|承揽人|定作人|发包人|承包人|抵押人|质押人|出质人|转让人|受让人|许可人|被许可人|用人单位|劳动者|行纪人|中介人|"
    r"投资人|合伙人(?=[（(：:]))(?:[（(][^）)\n]{0,12}[）)])?[ \t\u3000]*[:：][ \t\u3000]*([^\n：:]{2,40})$", re.MULTILINE)
_ORGANISATION = re.compile(r"(?:公司|企业|集团|中心|机构|工作室|事务所|医院|诊所|学校|大学|学院|幼儿园|协会|合作社|商行|"
                           r"厂|银行|委员会|政府|管理局|研究院|研究所|基金会|俱乐部|合伙[）)]?|分行|支行|门店|商店|酒店|宾馆)[）)]?\s*(?:（盖章）|\(盖章\))?$")


@lru_cache(maxsize=256)
def organisations_only(head: str) -> bool:
    """Whether every party named in a contract's head (its first 1,500 characters) is an
    organisation (a company, a hospital, a school …): then no party is a consumer, and a
    norm that protects consumers (消费者权益保护法第二条: a person buying for daily life)
    does not apply. False when fewer than two parties are found."""
    names = [m.group(1).strip() for m in _HEAD_PARTY_LINE.finditer(head)]
    return len(names) >= 2 and all(_ORGANISATION.search(n) for n in names)


def _scope(value: str) -> str:
    if value not in ("clause", "document"):
        raise ValueError(f"scope must be 'clause' or 'document', not {value!r}")
    return value


def _statute_ref(item) -> StatuteRef:
    """``[law, article]`` or ``[law, article, phrase]`` (the phrase: a short verbatim
    fragment of the article in the version in force) -> :class:`StatuteRef`."""
    if not isinstance(item, (list, tuple)) or len(item) not in (2, 3):
        raise ValueError(f"a statute reference is [law, article, phrase], not {item!r}")
    phrase = str(item[2]).strip() if len(item) == 3 and item[2] is not None else None
    return StatuteRef(str(item[0]), int(item[1]), phrase or None)


def unpinned_refs(playbook: Playbook) -> list[str]:
    """Warnings for statute references without a phrase (they load, but cannot be
    checked against the article's text; see :func:`knowledge.pinning.pin`).

    Returns:
        One line per (check, reference): ``"<check id>: 《law》第N条 has no phrase"``.
    """
    return [f"{c.id}: 《{r.law}》第{r.article}条 has no phrase" for c in playbook.checks for r in c.all_statutes()
            if not r.phrase]


def _known_type(t: str, key: str) -> str:
    """``t`` when it is one of :data:`CONTRACT_TYPES`.

    Raises:
        ValueError: naming ``key`` (the playbook key) and the known types — a typo would
            silently switch a check or a suggestion off.
    """
    if t not in CONTRACT_TYPES:
        raise ValueError(f"{key}: unknown contract type {t!r} (one of {', '.join(CONTRACT_TYPES)})")
    return t


def _contract_types(value) -> tuple[str, ...]:
    """``contract_types`` of a check: a list of :data:`CONTRACT_TYPES` (empty: every type).

    Raises:
        ValueError: a type not in :data:`CONTRACT_TYPES` (:func:`_known_type`).
    """
    return tuple(_known_type(t, "contract_types") for t in value)


def _type_suggestions(raw: dict) -> dict[str, str]:
    """``type_suggestions`` of a check: contract type (one of :data:`CONTRACT_TYPES`; several
    types may share one text, written ``买卖合同|采购合同``) → suggestion text.

    Raises:
        ValueError: not a mapping; a type that is not in :data:`CONTRACT_TYPES` (a typo would
            silently never apply) or given twice; a value that is not text (:func:`_text`).
    """
    if not isinstance(raw, dict):
        raise ValueError("type_suggestions must be a mapping of contract type to suggestion text")
    out: dict[str, str] = {}
    for key, text in raw.items():
        for t in (x.strip() for x in str(key).split("|")):
            _known_type(t, "type_suggestions")
            if t in out:
                raise ValueError(f"type_suggestions: contract type {t!r} given twice")
            out[t] = _text(text, f"type_suggestions[{t}]")
    return out


def _reader(name: str) -> str:
    from pipelines.clause_structure import READERS

    if name and name not in READERS:
        raise ValueError(f"unknown reader {name!r}")
    return name


# the keys a check may have (a misspelt key — type_suggestion — would otherwise be ignored in silence)
_CHECK_KEYS = frozenset({
    "id", "category", "severity", "title", "explanation", "suggestion", "statutes", "type_statutes",
    "type_suggestions", "detector", "all", "any", "none", "clause_none", "doc_all", "contract_types", "categories",
    "one_sided", "params", "norm", "scope", "reader", "yields", "lawful_if_forbidden", "parties"})
MAX_TEXT_CHARS = 4000  # a title, norm, explanation or suggestion longer than this is no lawyer's text


def _text(value, key: str, *, required: bool = True) -> str:
    """A check's text field, stripped: a string of at most :data:`MAX_TEXT_CHARS` characters.

    Raises:
        ValueError: not a string (a list or mapping would be printed as Python), empty
            when required, or too long.
    """
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ValueError(f"{key} must be text, not {type(value).__name__}")
    value = value.strip()
    if required and not value:
        raise ValueError(f"{key} is empty")
    if len(value) > MAX_TEXT_CHARS:
        raise ValueError(f"{key} has {len(value):,} characters, over the limit of {MAX_TEXT_CHARS:,}")
    return value


def _parse_check(raw: dict, source: str) -> Check:
    try:
        unknown = sorted(set(raw) - _CHECK_KEYS)
        if unknown:
            raise ValueError(f"unknown key(s) {', '.join(map(str, unknown))}; a check may have {', '.join(sorted(_CHECK_KEYS))}")
        return Check(
            id=raw["id"],
            category=Category(raw["category"]),
            severity=Severity(raw["severity"]),
            title=_text(raw["title"], "title"),
            explanation=_text(raw["explanation"], "explanation"),
            suggestion=_text(raw["suggestion"], "suggestion"),
            statutes=tuple(_statute_ref(s) for s in raw.get("statutes", []) or ()),
            type_statutes={str(t): tuple(_statute_ref(s) for s in refs or ())
                           for t, refs in (raw.get("type_statutes") or {}).items()},
            type_suggestions=_type_suggestions(raw.get("type_suggestions") or {}),
            detector=_detector(raw.get("detector", "pattern")),
            all=_compile(raw.get("all")),
            any=_compile(raw.get("any")),
            none=_compile(raw.get("none")),
            clause_none=_compile(raw.get("clause_none")),
            doc_all=_compile(raw.get("doc_all")),
            contract_types=_contract_types(raw.get("contract_types") or ()),
            categories=tuple(Category(c) for c in raw.get("categories", ())),
            one_sided=bool(raw.get("one_sided", False)),
            params=dict(raw.get("params", {})),
            norm=_text(raw.get("norm"), "norm", required=False),
            scope=_scope(raw.get("scope", "clause")),
            reader=_reader(raw.get("reader", "")),
            yields=bool(raw.get("yields", False)),
            lawful_if_forbidden=bool(raw.get("lawful_if_forbidden", False)),
            parties=_parties(raw.get("parties", "")),
        )
    except KeyError as exc:
        raise ValueError(f"playbook {source}: check {raw.get('id', '?')!r} is invalid: the required key {exc.args[0]!r} "
                         "is missing (a check needs id, category, severity, title, explanation and suggestion)") from exc
    except (ValueError, re.error, TypeError) as exc:
        why = str(exc)
        if isinstance(exc, ValueError) and "is not a valid Category" in why:
            why += f"; one of: {', '.join(c.value for c in Category)}"
        elif isinstance(exc, ValueError) and "is not a valid Severity" in why:
            why += f"; one of: {', '.join(v.value for v in Severity)}"
        raise ValueError(f"playbook {source}: check {raw.get('id', '?')!r} is invalid: {why}") from exc


class _StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses a key given twice in one mapping."""


def _mapping_without_duplicates(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"key {key!r} given twice in one mapping", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


class _PlaybookLoader(_StrictLoader):
    """:class:`_StrictLoader` that also refuses aliases (``*name``): a playbook needs none, and
    nested aliases ("billion laughs") expand a file of a few hundred bytes into gigabytes once
    a value is turned into text."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "aliases (*name) are not allowed in a playbook",
                                              self.peek_event().start_mark)
        return super().compose_node(parent, index)


def load_playbook(paths: Sequence[Path] | None = None) -> Playbook:
    """Load playbook YAML files.

    Args:
        paths: YAML files or directories of ``*.yaml``; default: the shipped playbook.
            A file has ``checks: [...]`` and optionally ``params: {...}`` (merged).

    Returns:
        The playbook with ``version`` = first 12 hex of sha256 over the files' bytes
        in load order.

    Raises:
        ValueError: when a path does not exist, is not a regular file or is a folder
            without ``*.yaml``, a file holds neither checks nor params (empty), is not
            valid YAML (a key given twice in one mapping
            included: YAML would silently keep the last, dropping a check's patterns),
            a check is malformed, or two checks share an id.
    """
    files: list[Path] = []
    for p in paths or [DEFAULT_PLAYBOOK_DIR]:
        p = Path(p)
        if p.is_dir():
            found = sorted(p.glob("*.yaml"))
            if not found:
                raise ValueError(f"playbook folder {p} holds no *.yaml file")
            files.extend(found)
        elif not p.is_file():
            raise ValueError(f"playbook {p}: no such file" if not p.exists() else f"playbook {p}: not a regular file")
        else:
            files.append(p)
    digest = hashlib.sha256()
    checks: list[Check] = []
    params: dict = {}
    for f in files:
        data = f.read_bytes()
        digest.update(f.name.encode() + b"\0" + data)
        try:
            doc = yaml.load(data, Loader=_PlaybookLoader) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            raise ValueError(f"playbook {f}: not valid YAML{where}: {getattr(exc, 'problem', None) or exc}") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("checks", []) or [], list) \
                or not isinstance(doc.get("params", {}) or {}, dict):
            raise ValueError(f"playbook {f}: expected a mapping with 'checks: [...]' (a list of checks) and optional 'params: {{...}}'")
        if not doc.get("checks") and not doc.get("params"):
            # an empty file (or one whose checks were all commented out) adds nothing, and a
            # firm believing its rules apply must be told
            raise ValueError(f"playbook {f}: holds no checks and no params (an empty file?)")
        params.update(doc.get("params", {}) or {})
        for raw in doc.get("checks", []) or []:
            if not isinstance(raw, dict):
                raise ValueError(f"playbook {f}: each check is a mapping with id, category, severity …, not {str(raw)[:60]!r}")
            check = _parse_check(raw, str(f))
            if f.resolve().parent != Path(DEFAULT_PLAYBOOK_DIR).resolve():
                _refuse_slow_patterns(check, f)  # a firm's own file: its patterns are timed on hostile runs
            checks.append(check)
    ids = [c.id for c in checks]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise ValueError(f"playbook: duplicate check ids {sorted(dupes)}")
    return Playbook(checks=tuple(checks), version=digest.hexdigest()[:12], params=params)


# A list inside a clause: a lead-in that ends with a colon (本合同所称不可抗力包括：, 有下列情形之一的，
# 甲方有权解除合同：) and the items after it ((1)…；(2)…；一、…；a.…). An item is read together with
# its lead-in, so a check whose terms are split between them still applies to the item.
_LIST_HEAD = re.compile(r"[：:]\s*$")
_LIST_ITEM = re.compile(r"^(?:[（(]\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3}|[a-zA-Z])\s*[)）]|\d{1,2}\s*[、.．)）](?!\d)|[一二三四五六七八九十]{1,3}\s*、|[①-⑳]|[a-zA-Z][.)、])")


# a negation split around its object (乙方不对…人身伤害承担赔偿责任) read as it is usually written
# (乙方对…人身伤害不承担赔偿责任): the same exemption, so every check's own wording applies to it
_SPLIT_NEGATION = re.compile(r"不(对|就|为)(?!称|等|外|应|于|付|照)([^。；，]{1,40}?)(承担|负责|负有|负|赔偿|补偿)")


@lru_cache(maxsize=8192)
def negation_joined(sentence: str) -> str:
    """``sentence`` with each negation split around its object joined to its verb:
    ``乙方不对业主的人身伤害承担赔偿责任`` → ``乙方对业主的人身伤害不承担赔偿责任``.
    Unchanged when there is none (``不对称``, ``不对外`` are not negations of 对)."""
    return _SPLIT_NEGATION.sub(r"\1\2不\3", sentence)


def _match_sentence(check: Check, sentence: str) -> str | None:
    """The evidence when ``sentence`` meets the check: its regular expressions (``all``,
    ``any``, vetoed by ``none``) or, failing them, its structural ``reader``
    (:data:`pipelines.clause_structure.READERS`: the sentence's parties, condition and
    consequence read against the norm, with the reader's own exceptions)."""
    sentence = sentence.replace("\n", "")  # a wrapped line (PDF) must not break a phrase
    if any(rx.search(sentence) for rx in check.none):
        return None  # the check's lawful exceptions veto its regexes and its reader alike
    found = _match_patterns(check, sentence)
    if found is None and (joined := negation_joined(sentence)) != sentence and not any(rx.search(joined) for rx in check.none):
        found = _match_patterns(check, joined) and sentence.strip()
    if found is None and check.reader:
        from pipelines.clause_structure import READERS

        found = READERS[check.reader](sentence)
    return found


def _match_patterns(check: Check, sentence: str) -> str | None:
    evidence = None
    for rx in check.all:
        m = rx.search(sentence)
        if not m:
            return None
        evidence = evidence or m.group(0)
    if check.any:
        hits = [m for rx in check.any if (m := rx.search(sentence))]
        if not hits:
            return None
        evidence = evidence or hits[0].group(0)
    return sentence.strip() if evidence is not None else None


_FAVOURS_PATTERNS = (
    (re.compile(r"向(?P<p>{roles})(?:支付|赔偿|返还|退还)"), True),
    (re.compile(r"(?P<p>{roles})(?:有权|可以|可|无需|无须|不承担|免除|不负)"), True),
    (re.compile(r"由(?P<p>{roles})承担(?:全部|一切)"), False),
    (re.compile(r"(?P<p>{roles})(?:应|须|必须)?(?:自愿)?(?:放弃|承担全部)"), False),
)


def favoured_party(sentence: str, party_roles: dict[str, tuple[str, ...]]) -> str | None:
    """Which party a one-sided sentence favours.

    Args:
        sentence: one sentence of a clause.
        party_roles: role words per party (``party_a``/``party_b``).

    Returns:
        ``"party_a"``, ``"party_b"`` or ``None`` when it cannot be told.
    """
    role_to_party = {r: p for p, roles in party_roles.items() for r in roles}
    if not role_to_party:
        return None
    alternation = "|".join(sorted(map(re.escape, role_to_party), key=len, reverse=True))
    for template, favours in _FAVOURS_PATTERNS:
        m = re.compile(template.pattern.format(roles=alternation)).search(sentence)
        if m:
            party = role_to_party[m.group("p")]
            if favours:
                return party
            return "party_b" if party == "party_a" else "party_a"
    return None


def apply_stance(
    check: Check, severity: Severity, sentence: str, ctx: ScreenContext
) -> Severity:
    """The severity of a finding for the party the review takes the side of.

    For a one-sided check (``one_sided: true``) the favoured party is read from the
    sentence (:func:`favoured_party`). Reviewing for the burdened party raises the
    severity one level; reviewing for the favoured party lowers it one level (never
    below ``low``) but keeps the finding: that party's counsel still needs to know a
    court may reduce or refuse the term (e.g. an excessive 违约金 owed to them, 民法典第
    五百八十五条第二款). Neutral, or a party that cannot be told, keeps the severity.
    """
    if not check.one_sided or ctx.stance == Stance.neutral:
        return severity
    favoured = favoured_party(sentence, ctx.party_roles)
    if favoured is None:
        return severity
    order = [Severity.low, Severity.medium, Severity.high]
    if favoured == ctx.stance.value:
        return order[max(order.index(severity) - 1, 0)]
    return order[min(order.index(severity) + 1, 2)]


# Contract types that are a kind of another: a check written for the general type applies to
# them (采购合同 and 供货合同 are sales, 民法典第五百九十五条; a distribution agreement's orders are
# sales too), unless the check names the subtype's own rules.
TYPE_PARENT: dict[str, str] = {"采购合同": "买卖合同", "供货/经销合同": "买卖合同"}


def type_applies(types: tuple[str, ...], contract_type: str | None) -> bool:
    """Whether a check limited to ``types`` (empty: every type) applies to a contract of
    ``contract_type``, directly or through its general type (:data:`TYPE_PARENT`)."""
    return not types or contract_type in types or TYPE_PARENT.get(contract_type or "") in types


def _applies(check: Check, clause: Clause, ctx: ScreenContext) -> bool:
    if not type_applies(check.contract_types, ctx.contract_type):
        return False
    if check.categories and clause.category not in check.categories:
        return False
    if check.parties == "consumer" and organisations_only((ctx.text or "")[:1500]):
        return False
    from pipelines import rules  # (imported here, as in screen(): rules imports this module's helpers)

    # every doc_all regex somewhere in the document: searched once per document and check (rules' per-document
    # memo), not once per clause — thousands of clauses would make it quadratic
    if check.doc_all and not rules._per_doc(ctx, "doc_all:" + check.id,
                                            lambda: all(rx.search(ctx.text or "") for rx in check.doc_all)):
        return False
    return not any(rx.search(clause.text) for rx in check.clause_none)


def _finding(check: Check, clause: Clause, evidence: str, severity: Severity,
             contract_type: str | None = None) -> Finding:
    return Finding(
        check_id=check.id,
        category=check.category,
        severity=severity,
        clause_id=clause.clause_id,
        title=check.title,
        explanation=check.explanation,
        suggestion=check.suggestion_for(contract_type),
        statutes=check.statutes_for(contract_type),
        evidence=evidence[:300],
    )


def screen(clauses: Sequence[Clause], playbook: Playbook, ctx: ScreenContext,
           errors: list | None = None) -> list[Finding]:
    """Run every playbook check over every clause.

    Args:
        clauses: classified clauses in reading order.
        playbook: from :func:`load_playbook`.
        ctx: document-level context (contract type, stance, party roles …).
        errors: when given, a check that raises on a clause is recorded here as a
            :class:`~pipelines.types.StageError` and the screen goes on; otherwise it raises.

    Returns:
        Findings in clause order; at most one per (check, clause).

    Raises:
        ValueError: when a check names a code detector that does not exist.
    """
    from pipelines import rules  # code detectors

    findings: list[Finding] = []
    outer = _outer_lead_ins(clauses)
    for check in playbook.checks:
        if check.detector == "llm":
            continue
        if check.detector == "pattern":
            for clause in clauses:
                if not _applies(check, clause, ctx):
                    continue
                head = outer.get(clause.clause_id)  # a list's lead-in (不可抗力包括：), read with each of its items
                defs = _defs_of(clause)  # terms the clause defines (本条所称“重大违约”包括…)
                sents = sentences(clause.text)
                for i, (_, sent) in enumerate(sents):
                    evidence = _match_sentence(check, sent)
                    if evidence is None and defs and (wide := _expanded_sentence(sent, defs)) is not None \
                            and _match_sentence(check, wide) is not None:
                        evidence = sent.strip()  # the sentence read with the clause's own definitions
                    if evidence is None and (joined := _continued(clause.text, sents, i)) is not None \
                            and _match_sentence(check, joined) is not None:
                        evidence = joined.strip()  # …按年利率24%计收逾期利息；同时，…支付违约金
                    if evidence is None and head is not None and _LIST_ITEM.match(sent.strip()) \
                            and _match_sentence(check, head + sent) is not None:
                        evidence = sent.strip()  # the item is the evidence: the lead-in alone did not match
                    if _LIST_HEAD.search(sent.strip()):
                        head = sent.strip()
                    elif not _LIST_ITEM.match(sent.strip()):
                        head = None
                    if evidence is None:
                        continue
                    if i and _CONSEQUENCE.match(sent) and _match_sentence(
                            check, sents[i - 1][1].rstrip().rstrip("。.；;") + "，" + sent.strip()) is None:
                        continue  # …书面通知承租人在十五日内付清；逾期仍未付清的，出租人有权宣布全部租金到期
                    if i + 1 < len(sents) and _PROVISO.match(sents[i + 1][1]) \
                            and _match_sentence(check, sent.rstrip().rstrip("。.；;") + "，" + sents[i + 1][1].strip()) is None:
                        continue  # the next sentence takes it back: …不承担任何责任。但因甲方故意或者重大过失造成损失的除外。
                    if check.lawful_if_forbidden and _in_any(evidence, _forbidden_items(clause.text)):
                        continue  # 甲方不得有下列行为：（1）以实物代替货币支付工资
                    severity = apply_stance(check, check.severity, sent, ctx)
                    if severity is not None:
                        findings.append(_finding(check, clause, evidence, severity, ctx.contract_type))
                    break
                else:
                    if (found := _pattern_list_match(check, clause.text)) is not None:
                        evidence, read = found
                        if check.lawful_if_forbidden and _in_any(evidence, _forbidden_items(clause.text)):
                            continue
                        if (severity := apply_stance(check, check.severity, read, ctx)) is not None:
                            findings.append(_finding(check, clause, evidence, severity, ctx.contract_type))
                if check.scope == "document" and findings and findings[-1].check_id == check.id:
                    break
            continue
        detector = rules.DETECTORS.get(check.detector)
        if detector is None:
            raise ValueError(f"playbook check {check.id}: unknown detector {check.detector!r}")
        for clause in clauses:
            if not _applies(check, clause, ctx):
                continue
            try:
                hits = list(detector(clause, ctx, {**playbook.params, **check.params}))
                if hits and ("：" in clause.text or ":" in clause.text):
                    hits = _lead_in_hits_confirmed(detector, clause, hits, ctx, {**playbook.params, **check.params})
                if not hits and (defs := _defs_of(clause)):
                    hits = _hits_with_definitions(detector, clause, defs, ctx, {**playbook.params, **check.params})
                if not hits and check.scope != "document" and check.detector not in _WHOLE_CLAUSE_DETECTORS:
                    hits = _hits_with_lead_ins(detector, clause, ctx, {**playbook.params, **check.params},
                                               outer_head=outer.get(clause.clause_id))
            except Exception as exc:  # noqa: BLE001 - one broken check must not lose the review
                reraise_fatal(exc)  # a time limit or shutdown ends the review; it is not a broken check
                if errors is None:
                    raise
                errors.append(StageError(stage="screen", clause_id=clause.clause_id, code="check_failed",
                                         message=f"{check.id}: {type(exc).__name__}: {exc}"[:300]))
                continue
            if check.lawful_if_forbidden and hits and (forbidden := _forbidden_items(clause.text)):
                hits = [h for h in hits if not _in_any(h.evidence, forbidden)]
            for hit in hits:
                severity = apply_stance(check, hit.severity or check.severity, hit.sentence, ctx)
                if severity is None:
                    continue
                f = _finding(check, clause, hit.evidence, severity, ctx.contract_type)
                if hit.explanation or hit.suggestion:
                    f = f.model_copy(update={k: v for k, v in (("explanation", hit.explanation),
                                                               ("suggestion", hit.suggestion)) if v})
                findings.append(f)
                break
            if check.scope == "document" and findings and findings[-1].check_id == check.id:
                break
    order = {c.clause_id: i for i, c in enumerate(clauses)}
    findings.sort(key=lambda f: (order.get(f.clause_id, 0), -SEVERITY_RANK[f.severity]))
    yielding = {c.id for c in playbook.checks if c.yields}
    return _one_per_sentence(_without_table_restatements(findings), {c.clause_id: c for c in clauses}, yielding)


_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?|[零〇一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]{2,}")


def _figures(text: str) -> set[float]:
    """The amounts ``text`` states (100 or more), in digits or Chinese numerals (4,550 and 肆仟伍佰伍拾 alike)."""
    from pipelines.rules import parse_number  # (imported here, as in screen(): rules imports this module's helpers)

    # (amounts, not the small numbers every clause shares: 30日, 5%)
    return {v for m in _FIGURE.finditer(text) if (v := parse_number(m.group(0))) is not None and v >= 100}


def _without_table_restatements(findings: list[Finding]) -> list[Finding]:
    """The findings, less a check's hit on a table row that restates a figure of the same
    check's earlier hit on a sentence of prose: a pay table or an annex that repeats a term the
    body states (试用期工资 肆仟伍佰伍拾元 in 第四条 and 4,550 in the wage table) is one risk,
    reported where the contract states it. A row with figures of its own (the storage site a
    data annex names) is kept. ``findings`` are in reading order."""
    in_prose: dict[str, set[float]] = {}
    kept = []
    for f in findings:
        if is_table_row(f.evidence):
            if f.check_id in in_prose and in_prose[f.check_id] & _figures(f.evidence):
                continue
        else:
            in_prose.setdefault(f.check_id, set()).update(_figures(f.evidence))
        kept.append(f)
    return kept


# a sentence after "；" that carries on the same provision: 同时/另/此外/并/且/还应/亦…
_CONTINUES = re.compile(r"\s*(?:(?:[（(]\s*)?[一二三四五六七八九十\d]{1,2}\s*[)）]\s*)?(?:同时|另(?!一方)外?|此外|并且?(?!非)|且|还应|还须|亦|以及|而且|除此之外|再)")


# a sentence that opens by pointing back at the one before: 前述变更视为已包含在合同总价内
_REFERS_BACK = re.compile(r"\s*(?:前述|上述|该等|此等|前款(?:所述|约定)?|上款|对此|就此|据此|该(?:变更|调整|费用|期间|款项|损失|请求|通知|决定|结果))")


# a sentence that is the consequence of a demand or period in the one before: 逾期仍未付清的，…
_CONSEQUENCE = re.compile(r"\s*(?:[（(]?\d{1,2}[)）]\s*)?(?:逾期|届时|期满|到期|届期)?(?:仍|还|依然)(?:未|不|没有)|\s*逾期(?:未|不)(?:付清|支付|履行|改正|纠正|提取)")

# a sentence that qualifies the one before: 但因故意或者重大过失造成损失的除外, 但是…, 除非…
_PROVISO = re.compile(r"\s*(?:但是?|但|然而|除非|不过)(?![^。；]{0,3}(?:不限于|不得|应当|须))")


def _continued(text: str, sents: list[tuple[int, str]], i: int) -> str | None:
    """Sentence ``i`` joined with the next when the next carries it on: after a "；" with
    同时/另/此外/并… (``…计收逾期利息；同时，借款人应…支付违约金``), or after any sentence end
    when it opens by pointing back at it (``委托方可随时要求修改功能。前述变更视为已包含在合同总价
    内``): one provision a drafter split in two. The join is the clause's own text from the
    start of ``i`` to the end of ``i + 1``, or None."""
    if i + 1 >= len(sents):
        return None
    (a, first), (b, second) = sents[i], sents[i + 1]
    if not ((first.rstrip().endswith(("；", ";")) and _CONTINUES.match(second)) or _REFERS_BACK.match(second)):
        return None
    return text[a: b + len(second)]


def _defs_of(clause: Clause) -> tuple[tuple[str, str], ...]:
    """The terms ``clause`` defines for itself, at most :data:`_MAX_DEFINITIONS` (cached per
    clause text)."""
    return _definitions_cached(clause.text) if ("所称" in clause.text or "指" in clause.text) else ()


@lru_cache(maxsize=256)
def _definitions_cached(text: str) -> tuple[tuple[str, str], ...]:
    return tuple(definitions(text)[:_MAX_DEFINITIONS])


_MAX_DEFINITIONS = 20  # a clause defining more terms is a glossary; its later uses are read with the first 20


@lru_cache(maxsize=4096)
def _expanded_sentence(sent: str, defs: tuple[tuple[str, str], ...]) -> str | None:
    """``sent`` with the defined terms it uses read with their definitions, or None when it
    uses none (cached: every pattern check asks for the same sentence)."""
    used = [d for d in defs if d[0] in sent]
    return expand_definitions(sent, used)[0] if used else None


def _hits_with_definitions(detector, clause: Clause, defs, ctx, params) -> list:
    """A code detector's hits on ``clause`` read with its own definitions, with the inserted
    definitions removed again from each hit's evidence (which must stay the clause's words);
    a hit whose evidence is then not in the clause is dropped."""
    text, inserted = expand_definitions(clause.text, list(defs))
    if text == clause.text:
        return []  # no term is used outside its own definition
    flat = clause.text.replace("\n", "")
    out = []
    for hit in detector(clause.model_copy(update={"text": text}), ctx, params):
        ev, sent = hit.evidence, hit.sentence
        for ins in inserted:
            ev, sent = ev.replace(ins, ""), sent.replace(ins, "")
        if ev.replace("\n", "").strip() in flat:
            out.append(dataclasses.replace(hit, evidence=ev, sentence=sent))
    return out


# the markers of a list item the lead-in path reads, beyond :data:`_LIST_ITEM`: 2.1 sub-numbers,
# bullets, circled numbers past 20 and three-digit (100)
_ITEM_MARK = re.compile(
    r"^(?P<m>[（(]\s*(?:\d{1,3}|[一二三四五六七八九十]{1,3}|[a-zA-Z])\s*[)）]|\d{1,2}\.\d{1,2}\.\d{1,2}(?![\d.])|\d{1,2}\.\d{1,2}(?![\d.])|\d{1,2}\s*[、.．)）](?!\d)"
    r"|[一二三四五六七八九十]{1,3}\s*、|[①-⑳㉑-㉟㊱-㊿]|[a-zA-Z][.)、]|[•·●○■□◆◇▪▶\-–—])\s*")


def _item_style(marker: str) -> str:
    """The numbering style of an item marker (``（1）`` and ``(2)`` alike, ``1.`` and ``2、`` alike …):
    items of one list share it, so an item of another style opens or closes a nested list."""
    m = marker.strip()
    if re.match(r"\d{1,2}\.\d{1,2}\.\d", m):
        return "decimal3"  # 5.1.1 under 5.1
    if re.match(r"\d{1,2}\.\d", m):
        return "decimal"
    if m[0] in "（(":
        inner = m.strip("（() ）")
        return "paren-cn" if re.match(r"[一二三四五六七八九十]", inner) else "paren-latin" if inner.isalpha() else "paren-digit"
    if m[0].isdigit():
        return "digit"
    if re.match(r"[一二三四五六七八九十]", m):
        return "cn"
    if re.match(r"[①-⑳㉑-㉟㊱-㊿]", m):
        return "circled"
    if m[0].isascii() and m[0].isalpha():
        return "latin"
    return "bullet"


@dataclasses.dataclass
class LeadInList:
    """One list under a lead-in: ``head`` (the lead-in, ending with its colon; for a nested
    list, the item that leads it joined to the outer lead-in), ``items`` (each item's first
    sentence, verbatim with its marker) and ``context`` (sentences that qualify the list as a
    whole: a sentence inside or right after the list that is no item — ``但经甲方书面同意的除外``,
    ``甲方解除前应书面催告乙方``)."""

    head: str
    items: list[str]
    context: list[str]


_MAX_LEAD_IN_ITEMS = 200  # items of one clause the lead-in path reads: a list of thousands is not a contract's


def lead_in_lists(text: str) -> list[LeadInList]:
    """The lists of ``text`` under a lead-in (see :func:`_lead_in_lists`); read once per clause
    text and shared by every check (the lists are not modified by their readers)."""
    return list(_lead_in_lists(text))


@lru_cache(maxsize=512)
def _lead_in_lists(text: str) -> tuple[LeadInList, ...]:
    """The lists of ``text`` under a lead-in that ends with a colon.

    ``乙方有下列情形之一的，甲方有权解除合同：（1）逾期支付租金三日的；（2）擅自转租的。`` says
    for each item what the lead-in says: the item is a ground, the lead-in its consequence.
    The lead-in may end a line or stand before the first item on the same line. An item that
    ends with a colon leads a nested list, whose items are read with both lead-ins; an item in
    the outer list's numbering style closes it again. A sentence inside the list that is no
    item (a proviso, a second sentence of an item) is kept as context and does not end the
    list; a new heading (``6.2 …``) or another lead-in does. At most
    :data:`_MAX_LEAD_IN_ITEMS` items are read.

    Args:
        text: a clause's text.

    Returns:
        The lists in order; their items and lead-ins are verbatim from ``text``
        (a nested list's ``head`` joins two verbatim pieces).
    """
    out: list[LeadInList] = []
    stack: list[tuple[LeadInList, str | None]] = []  # open lists, innermost last, with their item style
    n_items = 0
    for _, sent in sentences(text):
        s = sent.strip()
        m = _ITEM_MARK.match(s) if stack else None
        provision = re.match(r"第[一二三四五六七八九十百零〇两\d]+[条章节]", s)
        if m is not None and _item_style(m.group("m")) == "decimal" and re.match(r"\s*\d{1,2}\.\d", stack[0][0].head):
            m, provision = None, m  # 6.2 after a lead-in numbered 6.1 is the next provision, not an item
        if stack and ((m is None and (_LIST_HEAD.search(s) or provision)) or n_items >= _MAX_LEAD_IN_ITEMS):
            stack.clear()  # another lead-in or the next provision ends the list
        if not stack and n_items < _MAX_LEAD_IN_ITEMS:
            colon = max(s.rfind("："), s.rfind(":"))
            if _LIST_HEAD.search(s):
                stack.append((LeadInList(s, [], []), None))
                out.append(stack[-1][0])
                continue
            if colon > 0 and _ITEM_MARK.match(s[colon + 1:].strip()):
                # the lead-in and the first item on one line: …甲方有权解除合同：（1）逾期支付租金三日的；
                stack.append((LeadInList(s[: colon + 1], [], []), None))
                out.append(stack[-1][0])
                s = s[colon + 1:].strip()
            else:
                continue
        if not stack:
            continue
        if m is None:
            m = _ITEM_MARK.match(s)  # the first item, after its lead-in
        if m is None:
            for lst, _ in stack:
                lst.context.append(s)  # 但…除外, 甲方解除前应书面催告乙方: qualifies every item
            continue
        style = _item_style(m.group("m"))
        while len(stack) > 1 and stack[-1][1] is not None and stack[-1][1] != style \
                and any(st == style for _, st in stack[:-1]):
            stack.pop()  # an item in an outer list's numbering closes the nested list
        lst, st = stack[-1]
        if st is None:
            stack[-1] = (lst, style)
        lst.items.append(s)
        n_items += 1
        if _LIST_HEAD.search(s):
            body = _ITEM_MARK.sub("", s, count=1).strip()
            nested = LeadInList(f"{_LIST_HEAD.sub('', body).strip()}，{lst.head}", [], [])
            stack.append((nested, None))
            out.append(nested)
    return tuple(lst for lst in out if lst.items)


def lead_in_items(text: str) -> list[tuple[str, str]]:
    """``(lead-in, item)`` for each item of :func:`lead_in_lists`, in order."""
    return [(lst.head, item) for lst in lead_in_lists(text) for item in lst.items]


# a lead-in that forbids what its items name: 甲方不得有下列行为：, 严禁：, 禁止乙方从事以下活动：
_FORBIDDING = re.compile(r"(?:不得|禁止|严禁|不应|不能|不可|无权|不允许|承诺不会?|保证不会?|不会)[^。；：:]{0,20}(?:下列|以下|如下)?[^。；：:]{0,10}[：:]\s*$")


@lru_cache(maxsize=256)
def _forbidden_items(text: str) -> tuple[str, ...]:
    """The items (flattened, without their markers) of the lists in ``text`` whose lead-in
    forbids them (:data:`_FORBIDDING`), for checks marked ``lawful_if_forbidden``."""
    return tuple(flat for lst in lead_in_lists(text) if _FORBIDDING.search(lst.head) and not re.search(r"但[^。；]{0,24}除外", lst.head)
                 for item in lst.items if (flat := _ITEM_MARK.sub("", item.replace("\n", ""), count=1).strip()))


def _in_any(evidence: str, items: tuple[str, ...]) -> bool:
    """Whether ``evidence`` lies within one of ``items`` (or one of them within it)."""
    ev = evidence.replace("\n", "").strip()
    return bool(ev) and any(ev in it or (len(it) > 6 and it in ev) for it in items)


# detectors that add up or compare what the whole clause or contract states (instalment shares,
# amounts in words and digits, dates, cross-references, party names): one item read with its
# lead-in counts the lead-in twice, so the lead-in path does not run them
_WHOLE_CLAUSE_DETECTORS = frozenset({
    "payment_shares", "instalments_exceed_total", "amount_words_digits", "party_name_mismatch", "date_before_signing",
    "dangling_reference", "repealed_law", "cited_article_invalid", "confidentiality_no_term", "dev_results_unallocated"})

_GROUND = re.compile(r"的\s*[；;。.，,]?\s*$")  # an item that is one of several grounds (…逾期支付租金三日的；)


def _list_qualifiers(lst: LeadInList, skip: int | None = None) -> str:
    """What qualifies every item of ``lst``: its sibling items that are no parallel ground
    (``（3）上述扣款须经乙方书面确认``; all but item ``skip``) and the sentences inside or after
    the list, joined by commas, at most 400 characters (the whole stays one sentence)."""
    bodies = [_ITEM_MARK.sub("", item, count=1).strip().rstrip("；;。.，,") for item in lst.items]
    siblings = [b for j, b in enumerate(bodies) if j != skip and b and not _GROUND.search(lst.items[j])]
    return "，".join(siblings + [c.strip().rstrip("；;。.，,") for c in lst.context])[:400]


def _item_readings(lists: Iterable[LeadInList]):
    """For each item of ``lists``: ``(list, item, readings, qualifiers)`` — the item read as one
    sentence with its lead-in, item first (``逾期支付租金三日的，甲方有权解除合同。``, as a
    condition reads) and lead-in first (``乙方入职时应交付下列物品身份证原件。``), and what
    qualifies the whole list (:func:`_list_qualifiers`)."""
    for lst in lists:
        head = _LIST_HEAD.sub("", lst.head).strip()
        for i, item in enumerate(lst.items):
            body = _ITEM_MARK.sub("", item, count=1).strip().rstrip("；;。.，,")
            if body:
                yield lst, item, (f"{body}，{head}。", f"{head}{body}。"), _list_qualifiers(lst, skip=i)


def _pattern_list_match(check: Check, text: str) -> tuple[str, str] | None:
    """``(evidence, sentence read)`` when a pattern check meets a list of ``text`` read
    item by item with its lead-in (item first, then lead-in first; :func:`lead_in_lists`,
    which also reads a lead-in and its items written on one line) and still does when the
    pair is read with what qualifies the whole list; or when a list whose items apply
    together (:func:`_cumulative_lists`) meets it read as one sentence. None otherwise."""
    for _, item, readings, q in _item_readings(lead_in_lists(text)):
        for joined in readings:
            if _match_sentence(check, joined) is None:
                continue
            if q and _match_sentence(check, joined[:-1] + "，" + q + "。") is None:
                break  # a proviso, cure or consent stated for the whole list
            return item, joined
    for lst, whole in _cumulative_lists(text):
        if _match_sentence(check, whole) is not None:
            return lst.head, whole
    return None


def _still_found(detector, clause: Clause, wide: str, ctx, params) -> bool:
    """Whether ``detector`` still finds its risk in ``wide`` (a list read with what qualifies
    it), ``wide`` read as the first sentence of the clause so that a detector that reads the
    rest of the clause (a carve-out elsewhere, the grounds listed before) still sees it: only
    a hit in ``wide`` itself counts."""
    flat = wide.replace("\n", "").strip()
    return any(h.sentence.replace("\n", "").strip() == flat
               for h in detector(clause.model_copy(update={"text": wide + "\n" + clause.text}), ctx, params))


def _lead_in_hits_confirmed(detector, clause: Clause, hits: list, ctx, params) -> list:
    """``hits`` found on ``clause`` as written, less those in a list's lead-in that the list
    takes back: ``甲方可以从应付款项中扣除下列费用：（1）…（2）…。上述扣款金额须经乙方书面确认。``
    read as one sentence no longer meets the detector."""
    lists = [lst for lst in lead_in_lists(clause.text) if lst.context or any(not _GROUND.search(i) for i in lst.items)]
    if not lists:
        return hits
    kept = []
    for hit in hits:
        ev = hit.evidence.replace("\n", "").strip()
        # the hit lies in the lead-in, or is the lead-in with its first item on one line
        lst = next((lst for lst in lists if ev and (ev in (h := lst.head.replace("\n", "")) or h in ev)), None)
        if lst is not None and (q := _list_qualifiers(lst)):
            read = _LIST_HEAD.sub("", lst.head).strip() if ev in lst.head.replace("\n", "") else ev.rstrip("；;。.，,")
            if not _still_found(detector, clause, f"{read}，{q}。", ctx, params):
                continue
        kept.append(hit)
    return kept


# a lead-in whose items apply together, not one at a time: 并有权同时采取以下全部措施：, 可以一并主张下列权利：
_CUMULATIVE = re.compile(r"同时|一并|并处|全部措施|以下全部|下列全部|累计|并有权|一项或(?:多|数|几)项|多项|均可")


def _cumulative_lists(text: str) -> list[tuple[LeadInList, str]]:
    """The lists of ``text`` whose lead-in makes the items apply together
    (:data:`_CUMULATIVE`), each with the whole list read as one sentence:
    the lead-in without its colon, then every item's body, joined by "，并" (they apply together)."""
    out = []
    for lst in lead_in_lists(text):
        if _CUMULATIVE.search(lst.head):
            bodies = [_ITEM_MARK.sub("", item, count=1).strip().rstrip("；;。.，,") for item in lst.items]
            out.append((lst, f"{_LIST_HEAD.sub('', lst.head).strip()}，{'，并'.join(b for b in bodies if b)[:1000]}。"))
    return out


def _outer_lead_ins(clauses: Sequence[Clause]) -> dict[str, str]:
    """clause id -> the lead-in of the list it is an item of, for items the segmenter made
    clauses of their own (an article too long for one clause is split at its items): the
    clause before them ends with the lead-in (``乙方有下列情形之一的，甲方有权立即解除本合同：``)
    and each item clause sits under it (its path extends that clause's) and opens with an
    item marker."""
    out: dict[str, str] = {}
    head, parent = None, None
    for c in clauses:
        text = c.text.strip()
        if head is not None and len(c.path) > len(parent) and c.path[: len(parent)] == parent and _ITEM_MARK.match(text):
            out[c.clause_id] = head
            continue
        sents = sentences(text) if text else []
        last = sents[-1][1].strip() if sents else ""
        head, parent = (last, c.path) if _LIST_HEAD.search(last) and c.path else (None, None)
    return out


def _hits_with_lead_ins(detector, clause: Clause, ctx, params, outer_head: str | None = None) -> list:
    """A code detector's hits on each list item read as one sentence with its lead-in
    (:func:`lead_in_lists`), for a clause on which the detector found nothing as written.

    The pair is read item first (``逾期支付租金三日的，甲方有权解除合同``, as a condition reads),
    then lead-in first (``乙方不得收取下列费用：押金`` → ``乙方不得收取下列费用押金``). A hit
    stands only if the detector still finds it when the pair is read with what qualifies the
    whole list: the sibling items that are no parallel ground (``（3）上述扣款须经乙方书面确认``),
    the sentences inside or after the list (``但故意或重大过失造成的损失除外``) — one item read alone must not lose the carve-out, cure or
    consent the list states elsewhere.

    The evidence is the item (the lead-in is shared by every item and locates nothing);
    a hit that lies within the lead-in alone keeps the lead-in.
    """
    lists = lead_in_lists(clause.text)
    if outer_head and not lists and (sents := [t.strip() for _, t in sentences(clause.text)]):
        # an item the segmenter made a clause of its own, read with the lead-in of the clause before
        lists = [LeadInList(outer_head, [sents[0]], sents[1:])]
    for lst, item, readings, qualifiers in _item_readings(lists):
        for joined in readings:
            hits = list(detector(clause.model_copy(update={"text": joined}), ctx, params))
            if not hits:
                continue
            if qualifiers and not _still_found(detector, clause, joined[:-1] + "，" + qualifiers + "。", ctx, params):
                break  # the list states a carve-out, cure or consent elsewhere
            out = []
            for hit in hits:
                ev = hit.evidence.replace("\n", "").strip()
                within_head = bool(ev) and ev in lst.head.replace("\n", "")
                if within_head and lst.head not in clause.text:
                    continue  # the lead-in is another clause's words: this clause is located by its item
                out.append(dataclasses.replace(hit, evidence=lst.head if within_head else item, sentence=joined))
            if out:
                return out
    for lst, whole in _cumulative_lists(clause.text):
        hits = list(detector(clause.model_copy(update={"text": whole}), ctx, params))
        if hits:
            return [dataclasses.replace(hit, evidence=lst.head, sentence=whole) for hit in hits[:1]]
    return []


def _joined_suggestion(first: str, second: str) -> str:
    """Replacement text that mends two norms one sentence breaks: ``first`` then ``second``
    as consecutive sentences; ``first`` alone when ``second`` is empty or already in it, or
    when both rewrite the same provision (12 characters or more in common)."""
    first = first.rstrip()
    if not second or second in first:
        return first
    if not first:
        return second
    # two rewrites of the same provision (an unpaid non-compete and a three-year one: each suggestion restates the
    # restriction, 乙方离职后__个月内…不得到…任职): pasted together the clause would say it twice; the first, of
    # the most severe check, is kept
    # (twelve characters in common is a clause restated, not a phrase: 经对方书面催告后…内仍未纠正 written twice with
    # thirty days and with fifteen would contradict itself)
    if longest_shared_run(first, second)[1] >= 12:
        return first
    return f"{first}{'' if first.endswith(('。', '；')) else '。'}{second}"


def _one_per_sentence(findings: list[Finding], by_id: dict[str, Clause],
                      yielding: frozenset[str] | set[str] = frozenset()) -> list[Finding]:
    """Keep one finding per (clause, category, sentence of evidence).

    Two checks of the same category that fire on the same sentence describe one risk to a
    lawyer (``需方应于到货后三日内就内在质量提出异议，否则视为合格`` is both a deemed
    acceptance and a short objection period); reporting both reads as a duplicate with two
    suggestions for one sentence. The first finding is kept: ``findings`` arrive sorted by
    clause and descending severity, so it is the most severe one; the title, explanation and
    statutes of each other check that fired there are added to it, so no norm the sentence
    breaks is lost (a three-year non-compete that is also unpaid).

    A finding of a ``yields`` check (a general norm such as a claim waived in advance) is
    dropped where a check of another category reports the same sentence: ``乙方不得就社会保险
    事宜向甲方主张任何权利`` is the social-insurance waiver (劳动法第七十二条), not a second,
    generic finding; its title, explanation, statutes and suggestion are added to that finding,
    whose severity becomes the higher of the two.

    Args:
        findings: sorted as :func:`screen` sorts them.
        by_id: the screened clauses by ``clause_id``.
        yielding: ids of the checks marked ``yields``.

    Returns:
        The findings without those that repeat a (clause, category, sentence) already kept or
        that yield; a kept finding carries what the dropped ones of its sentence said: their
        titles and explanations appended to its explanation, their statutes to its statutes and
        their suggested text to its suggestion.
    """
    def sentence_of(f: Finding) -> str:
        clause = by_id.get(f.clause_id)
        ev = f.evidence.replace("\n", "")
        if clause is None or not ev:
            return ev
        for _, sent in sentences(clause.text):
            flat = sent.replace("\n", "")
            if ev in flat or flat.strip() in ev:
                return flat.strip()
        return ev

    specific: dict[tuple[str, str], set[str]] = {}
    for f in findings:
        if f.check_id not in yielding:
            specific.setdefault((f.clause_id, sentence_of(f)), set()).add(f.category.value)
    def merged(first: Finding, f: Finding) -> Finding:
        if f.check_id == first.check_id or f.title in first.explanation:
            return first
        # the second norm the sentence breaks is told, with its statutes, not lost
        return first.model_copy(update={
            "explanation": f"{first.explanation} 同一句另涉及“{f.title}”：{f.explanation}",
            # the replacement text mends both norms, or a lawyer pasting it keeps the second defect
            "suggestion": _joined_suggestion(first.suggestion, f.suggestion),
            "statutes": first.statutes + tuple(r for r in f.statutes if r not in first.statutes)})

    seen: dict[tuple[str, str, str], int] = {}
    kept: list[Finding] = []
    yielded: list[Finding] = []
    for f in findings:
        if f.check_id in yielding and specific.get((f.clause_id, sentence_of(f)), set()) - {f.category.value}:
            yielded.append(f)
            continue
        key = (f.clause_id, f.category.value, sentence_of(f))
        if key in seen:
            kept[seen[key]] = merged(kept[seen[key]], f)
            continue
        seen[key] = len(kept)
        kept.append(f)
    # a yielded finding's norm is told in the specific finding it yielded to (one risk, both norms and statutes),
    # at the higher of the two severities: a total exemption (high) told inside a medium finding still reads high
    for f in yielded:
        i = next((i for i, k in enumerate(kept) if k.clause_id == f.clause_id and k.category != f.category
                  and sentence_of(k) == sentence_of(f)), None)
        if i is not None:
            kept[i] = merged(kept[i], f)
            if SEVERITY_RANK[f.severity] > SEVERITY_RANK[kept[i].severity]:
                kept[i] = kept[i].model_copy(update={"severity": f.severity})
    return kept
