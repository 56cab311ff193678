"""Compare two drafts of a contract: clause alignment, text diff, and the risks that changed.

:func:`align_clauses` pairs the clauses of an old and a new draft (as
:func:`pipelines.segment.segment` splits them):

1. identical text (whitespace and the clause's own number label ignored) pairs first, in
   order, so a renumbered clause is recognised as the same clause;
2. the rest pair by text similarity (character-bigram Jaccard to pick candidates, then
   :class:`difflib.SequenceMatcher` ratio), plus a small bonus for the same number or the
   same heading title; greedy from the best pair down, a pair needs a score of at least
   ``threshold`` (default 0.5);
3. among the pairs, the longest run in the same relative order stays in place; a pair
   outside it has ``moved``.

Each aligned entry is one of ``unchanged`` (same text, in order; ``renumbered`` when the
number label differs), ``modified`` (text changed, in order; with a character diff),
``moved`` (out of order; ``text_changed`` says whether it was also edited, with a diff),
``added`` (only in the new draft) or ``deleted`` (only in the old one).

:func:`compare_reviews` adds the risks: a new-draft risk matches an old one with the same
check (or title) and category on an aligned clause (or with the same evidence);
unmatched new risks are ``added``, unmatched old ones ``removed``, and matched ones whose
severity, evidence, explanation or suggestion differ are ``changed``.

:func:`compare_redline_docx` writes the comparison as a DOCX whose paragraphs carry the
differences as tracked changes (author ``contract-review``), and :func:`compare_html` as a
static page. Both render the text (not the originals' formatting): a compare of two DOCX
files gives a new document, not a marked-up copy of either.
"""

from __future__ import annotations

import difflib
import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from pipelines.types import CATEGORY_NAMES_ZH, Clause, Review, Risk

__all__ = ["ClauseChange", "align_clauses", "compare_html", "compare_redline_docx", "compare_reviews",
           "comparison_json", "text_diff"]

Kind = Literal["unchanged", "modified", "moved", "added", "deleted"]
_LABEL = re.compile(r"^\s*(?:第[一二三四五六七八九十百千零〇两\d]+[条章节款项]|[（(][一二三四五六七八九十\d]+[)）]"
                    r"|[一二三四五六七八九十]+[、.．]|\d+(?:[.．]\d+)*[.、．]?)\s*")


@dataclass
class ClauseChange:
    """One entry of the alignment: an old clause, a new one, or both.

    ``similarity`` is the SequenceMatcher ratio of the normalised texts (1.0 identical,
    0.0 for added/deleted); ``diff`` the character diff of the clause texts for modified
    and edited moved clauses (:func:`text_diff`)."""

    kind: Kind
    old: Clause | None
    new: Clause | None
    similarity: float = 0.0
    renumbered: bool = False
    text_changed: bool = False
    diff: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        def where(c: Clause | None) -> dict | None:
            return None if c is None else {"clause_id": c.clause_id, "number": c.number, "title": c.title,
                                           "path": list(c.path), "char_start": c.char_start,
                                           "char_end": c.char_end, "pages": list(c.pages), "text": c.text}

        return {"kind": self.kind, "old": where(self.old), "new": where(self.new),
                "similarity": round(self.similarity, 4), "renumbered": self.renumbered,
                "text_changed": self.text_changed, "diff": self.diff}


def _norm(c: Clause) -> str:
    """The clause text without its own number label and without whitespace."""
    text = c.text
    if c.number and text.lstrip().startswith(c.number):
        text = text.lstrip()[len(c.number):]
    else:
        text = _LABEL.sub("", text, count=1)
    return re.sub(r"\s+", "", text)


def _bigrams(s: str) -> set[str]:
    return {s[i:i + 2] for i in range(len(s) - 1)} or {s}


def text_diff(old: str, new: str) -> list[dict]:
    """Character diff of two texts: ``[{"op": equal|insert|delete|replace, "old": str,
    "new": str}]`` in order (``old`` empty for inserts, ``new`` for deletes)."""
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [{"op": op, "old": old[i1:i2], "new": new[j1:j2]} for op, i1, i2, j1, j2 in sm.get_opcodes()]


def _lis(seq: Sequence[int]) -> set[int]:
    """Indices (into ``seq``) of one longest strictly increasing subsequence."""
    import bisect

    tails: list[int] = []
    tails_idx: list[int] = []
    prev = [-1] * len(seq)
    for i, v in enumerate(seq):
        k = bisect.bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tails_idx.append(i)
        else:
            tails[k] = v
            tails_idx[k] = i
        prev[i] = tails_idx[k - 1] if k else -1
    out, i = set(), tails_idx[-1] if tails_idx else -1
    while i >= 0:
        out.add(i)
        i = prev[i]
    return out


def align_clauses(old: Sequence[Clause], new: Sequence[Clause], *, threshold: float = 0.5) -> list[ClauseChange]:
    """Align two drafts' clauses (see the module docstring).

    Args:
        old: the old draft's clauses in reading order.
        new: the new draft's clauses in reading order.
        threshold: the least similarity score (0–1) for two different texts to be the
            same clause.

    Returns:
        The changes in the new draft's order, each deleted clause placed after the
        entry of the old clause that preceded it.
    """
    on, nn = [_norm(c) for c in old], [_norm(c) for c in new]
    pair: dict[int, int] = {}
    sim: dict[int, float] = {}
    # 1. identical texts, in order
    by_text: dict[str, list[int]] = {}
    for j, t in enumerate(nn):
        by_text.setdefault(t, []).append(j)
    for i, t in enumerate(on):
        if by_text.get(t):
            j = by_text[t].pop(0)
            pair[i], sim[i] = j, 1.0
    # 2. similar texts
    rest_old = [i for i in range(len(old)) if i not in pair]
    taken = set(pair.values())
    rest_new = [j for j in range(len(new)) if j not in taken]
    grams_new = {j: _bigrams(nn[j]) for j in rest_new}
    scored = []
    for i in rest_old:
        gi = _bigrams(on[i])
        for j in rest_new:
            gj = grams_new[j]
            jac = len(gi & gj) / max(1, len(gi | gj))
            if jac < 0.2:
                continue
            ratio = difflib.SequenceMatcher(None, on[i], nn[j], autojunk=False).ratio()
            bonus = 0.05 * (bool(old[i].number) and old[i].number == new[j].number) + \
                0.05 * (bool(old[i].title) and old[i].title == new[j].title)
            scored.append((ratio + bonus, ratio, i, j))
    for score, ratio, i, j in sorted(scored, reverse=True):
        if score < threshold:
            break
        if i in pair or j in taken:
            continue
        pair[i], sim[i] = j, ratio
        taken.add(j)
    # 3. order: the longest run kept in order stays; the rest moved
    olds = sorted(pair)
    in_order = {olds[k] for k in _lis([pair[i] for i in olds])}
    entries: dict[int, ClauseChange] = {}
    for i, j in pair.items():
        changed = on[i] != nn[j]
        kind: Kind = "moved" if i not in in_order else ("modified" if changed else "unchanged")
        entries[j] = ClauseChange(kind=kind, old=old[i], new=new[j], similarity=sim[i],
                                  renumbered=old[i].number != new[j].number, text_changed=changed,
                                  diff=text_diff(old[i].text, new[j].text) if changed else [])
    out: list[ClauseChange] = []
    inverse = {j: i for i, j in pair.items()}
    deleted_after: dict[int | None, list[int]] = {}
    last_paired: int | None = None
    for i in range(len(old)):
        if i in pair:
            last_paired = i
        else:
            deleted_after.setdefault(last_paired, []).append(i)
    for i in deleted_after.pop(None, []):
        out.append(ClauseChange(kind="deleted", old=old[i], new=None))
    for j in range(len(new)):
        if j in entries:
            out.append(entries[j])
            for i in deleted_after.pop(inverse[j], []):
                out.append(ClauseChange(kind="deleted", old=old[i], new=None))
        else:
            out.append(ClauseChange(kind="added", old=None, new=new[j]))
    for rest in deleted_after.values():
        out.extend(ClauseChange(kind="deleted", old=old[i], new=None) for i in rest)
    return out


def _risk_key(r: Risk) -> tuple:
    return (tuple(sorted(r.check_ids)) or (r.title,), r.category.value)


def _risk_json(r: Risk) -> dict:
    return r.model_dump(mode="json", include={"risk_id", "category", "severity", "title", "original_text",
                                              "suggested_text", "explanation", "source", "confidence",
                                              "check_ids", "citations"}) | {
        "clause_id": r.clause.clause_id, "path": list(r.clause.path)}


def compare_reviews(old: Review, new: Review, changes: Sequence[ClauseChange]) -> dict:
    """The risks that changed between two reviews of two drafts.

    Returns:
        ``{"added": [risk], "removed": [risk], "changed": [{"old", "new", "fields"}],
        "unchanged": [{"old_risk_id", "new_risk_id"}]}`` (risks as JSON with their clause
        id and path).
    """
    clause_map = {c.old.clause_id: c.new.clause_id for c in changes if c.old is not None and c.new is not None}
    unmatched_old = list(old.risks)
    out: dict[str, list] = {"added": [], "removed": [], "changed": [], "unchanged": []}
    for r in new.risks:
        match = next((o for o in unmatched_old if _risk_key(o) == _risk_key(r)
                      and clause_map.get(o.clause.clause_id) == r.clause.clause_id), None) or \
            next((o for o in unmatched_old if _risk_key(o) == _risk_key(r)
                  and re.sub(r"\s+", "", o.original_text) == re.sub(r"\s+", "", r.original_text)), None)
        if match is None:
            out["added"].append(_risk_json(r))
            continue
        unmatched_old.remove(match)
        fields = [f for f in ("severity", "original_text", "explanation", "suggested_text")
                  if getattr(match, f) != getattr(r, f)]
        if fields:
            out["changed"].append({"old": _risk_json(match), "new": _risk_json(r), "fields": fields})
        else:
            out["unchanged"].append({"old_risk_id": match.risk_id, "new_risk_id": r.risk_id})
    out["removed"] = [_risk_json(o) for o in unmatched_old]
    return out


def comparison_json(changes: Sequence[ClauseChange], *, old_doc: dict, new_doc: dict,
                    risks: dict | None = None) -> dict:
    """The comparison as JSON: ``old``/``new`` document blocks, a ``summary`` of counts by
    kind (plus ``renumbered``), ``clauses`` (each :meth:`ClauseChange.to_json`), and
    ``risks`` (:func:`compare_reviews`) when the drafts were reviewed."""
    summary = {k: sum(c.kind == k for c in changes) for k in ("unchanged", "modified", "moved", "added", "deleted")}
    summary["renumbered"] = sum(c.renumbered for c in changes)
    if risks is not None:
        summary.update({f"risks_{k}": len(v) for k, v in risks.items()})
    return {"schema": "contract-review/compare-1", "old": old_doc, "new": new_doc, "summary": summary,
            "clauses": [c.to_json() for c in changes], "risks": risks}


# ---------------------------------------------------------------- renderings

def compare_redline_docx(changes: Sequence[ClauseChange], *, title: str = "", date: datetime | None = None) -> bytes:
    """A DOCX of the new draft with the differences from the old one as tracked changes:
    one paragraph per clause (line breaks kept), deleted clauses as deletions where they
    stood, added clauses as insertions, modified and edited moved clauses with their
    character diff. Moved clauses stand at their new place, and a comment-free marker is
    not added: the JSON and the page say which moved."""
    import docx
    from docx.oxml.ns import qn
    from lxml import etree

    from pipelines.redline import AUTHOR, W, XML_SPACE

    stamp = (date or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"
    d = docx.Document()
    d.styles["Normal"].element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "SimSun")
    if title:
        d.add_heading(title, level=1)
    ids = iter(range(1, 10**9))

    def run(text: str, deleted: bool = False):
        r = etree.Element(W + "r")
        for k, part in enumerate(text.split("\n")):
            if k:
                etree.SubElement(r, W + "br")
            t = etree.SubElement(r, W + ("delText" if deleted else "t"))
            t.text = part
            t.set(XML_SPACE, "preserve")
        return r

    def mark(tag: str, text: str):
        m = etree.Element(W + tag)
        m.set(W + "id", str(next(ids)))
        m.set(W + "author", AUTHOR)
        m.set(W + "date", stamp)
        m.append(run(text, deleted=tag == "del"))
        return m

    for c in changes:
        p = d.add_paragraph()._p
        if c.kind == "added":
            p.append(mark("ins", c.new.text))
        elif c.kind == "deleted":
            p.append(mark("del", c.old.text))
        elif c.diff:
            for op in c.diff:
                if op["op"] == "equal":
                    p.append(run(op["new"]))
                    continue
                if op["old"]:
                    p.append(mark("del", op["old"]))
                if op["new"]:
                    p.append(mark("ins", op["new"]))
        else:
            p.append(run(c.new.text))
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


_KIND_ZH = {"unchanged": "未变", "modified": "修改", "moved": "移动", "added": "新增", "deleted": "删除"}


def compare_html(result: dict) -> str:
    """A static page of a comparison (:func:`comparison_json` output): counts, the risks
    added/removed/changed, and every clause with its kind and inline diff. No network
    requests (same CSP as the review page); all text escaped."""
    from pipelines.html_report import CSP

    e = lambda s: html.escape(str(s), quote=True)  # noqa: E731
    s = result["summary"]
    rows = []
    for c in result["clauses"]:
        where_old = f'{e(c["old"]["number"] or c["old"]["clause_id"])}' if c["old"] else "—"
        where_new = f'{e(c["new"]["number"] or c["new"]["clause_id"])}' if c["new"] else "—"
        if c["diff"]:
            body = "".join(e(op["new"]) if op["op"] == "equal" else
                           (f'<del>{e(op["old"])}</del>' if op["old"] else "") + (f'<ins>{e(op["new"])}</ins>' if op["new"] else "")
                           for op in c["diff"])
        elif c["kind"] == "deleted":
            body = f'<del>{e(c["old"]["text"])}</del>'
        elif c["kind"] == "added":
            body = f'<ins>{e(c["new"]["text"])}</ins>'
        else:
            body = e(c["new"]["text"])
        flags = ("（重新编号）" if c["renumbered"] else "") + ("（并修改）" if c["kind"] == "moved" and c["text_changed"] else "")
        rows.append(f'<tr class="k-{c["kind"]}"><td>{_KIND_ZH[c["kind"]]}{flags}</td><td>{where_old}</td>'
                    f'<td>{where_new}</td><td class="t">{body}</td></tr>')
    risks = result.get("risks") or {}

    def risk_items(items, key=None):
        out = []
        for it in items:
            r = it[key] if key else it
            extra = f'（变化：{e("、".join(it["fields"]))}）' if key else ""
            out.append(f'<li>[{e(r["severity"])}] {e(CATEGORY_NAMES_ZH.get(r["category"], r["category"]))}：'
                       f'{e(r["title"])} — {e(" > ".join(r["path"]) or r["clause_id"])}{extra}</li>')
        return "".join(out) or "<li>—</li>"

    risk_html = "" if not risks else (
        f'<h2>风险变化</h2><h3>新增风险（{len(risks["added"])}）</h3><ul>{risk_items(risks["added"])}</ul>'
        f'<h3>消除的风险（{len(risks["removed"])}）</h3><ul>{risk_items(risks["removed"])}</ul>'
        f'<h3>变化的风险（{len(risks["changed"])}）</h3><ul>{risk_items(risks["changed"], "new")}</ul>')
    counts = " · ".join(f"{_KIND_ZH[k]} {s[k]}" for k in ("unchanged", "modified", "moved", "added", "deleted"))
    return f"""<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<title>版本比对 — {e(result["old"].get("filename", ""))} → {e(result["new"].get("filename", ""))}</title>
<style>body{{font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei","SimSun",sans-serif;margin:20px;color:#222}}
table{{border-collapse:collapse;width:100%}}td{{border-bottom:1px solid #ddd;padding:4px 8px;vertical-align:top;font-size:14px}}
td.t{{white-space:pre-wrap}}del{{background:#fde2e1;color:#a50e0e}}ins{{background:#e3f5e8;color:#0b6b2c;text-decoration:none}}
tr.k-unchanged{{color:#777}}tr.k-moved td:first-child{{color:#6a1b9a;font-weight:bold}}
tr.k-added td:first-child{{color:#0b6b2c;font-weight:bold}}tr.k-deleted td:first-child{{color:#a50e0e;font-weight:bold}}
tr.k-modified td:first-child{{color:#b26a00;font-weight:bold}}</style></head>
<body><h1>版本比对：{e(result["old"].get("filename", ""))} → {e(result["new"].get("filename", ""))}</h1>
<p>{counts} · 重新编号 {s["renumbered"]}</p>{risk_html}
<h2>条款</h2><table><tr><th>变化</th><th>原条款</th><th>新条款</th><th>文本</th></tr>{''.join(rows)}</table>
</body></html>
"""
