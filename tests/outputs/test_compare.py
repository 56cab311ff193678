"""Compare two drafts (issue 11, item 3).

Alignment is measured on draft pairs made here from the team-written dev contracts
(``../shared/eval/dev``) and the labour contract of ``conftest.py``: for each contract,
variants with a clause renumbered away (delete), inserted (the following clauses
renumbered), moved as far as the contract allows (all renumbered by position), edited
(half the edits a changed figure, half the last 40% of the clause rewritten), moved and
edited, replaced by an unrelated clause (deleted + added), and edit, insert, delete and
move at once. The truth of each pair is known by construction; precision and recall of
the change classification (``unchanged``/``modified``/``moved``/``added``/``deleted``,
an item being the pair of old and new clause with its kind) are printed and must stay
above the floors asserted.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import cn2an
import pytest

from pipelines.compare import align_clauses, compare_html, compare_redline_docx, compare_reviews, comparison_json
from pipelines.extract import extract
from pipelines.segment import segment

NEW_CLAUSES = [
    "第一条 保密\n双方对本合同的内容及履行中知悉的对方商业信息负有保密义务，未经对方书面同意不得向第三方披露。",
    "第一条 通知\n本合同项下的通知应以书面形式送达对方在首页载明的地址，拒收或无法送达的，以邮寄之日起第五日视为送达。",
    "第一条 廉洁条款\n双方人员不得索取或收受对方的财物、回扣或其他不正当利益，违反的，守约方有权解除合同。",
]
_ZH_NUM = re.compile(r"^第([一二三四五六七八九十百零〇两]+)条")
_AR_NUM = re.compile(r"^(\d+)([.、．])(?!\d)")


def _doc_clauses(text: str):
    doc = extract(text.encode("utf-8"))
    return segment(doc)


def _renumber(texts: list[str]) -> list[str]:
    """Number the 第X条 (or N.) clauses by their position, from the first one's number."""
    out, n, style = [], None, None
    for t in texts:
        m = _ZH_NUM.match(t)
        if m and style in (None, "zh"):
            style = "zh"
            n = (cn2an.cn2an(m.group(1), "smart") if n is None else n + 1)
            out.append(f"第{cn2an.an2cn(n)}条" + t[m.end():])
            continue
        m = _AR_NUM.match(t)
        if m and style in (None, "ar"):
            style = "ar"
            n = int(m.group(1)) if n is None else n + 1
            out.append(f"{n}{m.group(2)}" + t[m.end():])
            continue
        out.append(t)
    return out


def _edit(text: str, rng: random.Random) -> str:
    """An edit a counterparty makes: half the time a changed figure (or an added
    qualifier), half the time the last 40% of the clause rewritten."""
    label = _ZH_NUM.match(text) or _AR_NUM.match(text)
    head, body = (text[:label.end()], text[label.end():]) if label else ("", text)
    if rng.random() < 0.5:  # a heavier rewrite: the last 40% of the body replaced
        cut = int(len(body) * 0.6)
        return head + body[:cut] + "双方另行协商确定具体安排，并以书面补充协议为准。"
    edited = head + re.sub(r"[0-9]+", lambda m: str(int(m.group()) + 7), body, count=1)
    if edited == text:
        edited = text.replace("。", "，但双方另有书面约定的除外。", 1)
    if edited == text:
        edited = text + "（双方另有书面约定的除外）"
    return edited


def make_pairs(text: str, seed: int):
    """Draft pairs from one contract: ``[(name, old_text, new_text, truth)]`` where truth
    is the set of ``(old index|None, new index|None, kind)`` over the old draft's clauses
    as segmented (the new draft is checked to segment into the constructed clauses)."""
    clauses = _doc_clauses(text)
    base = [c.text for c in clauses]
    numbered = [i for i, t in enumerate(base) if _ZH_NUM.match(t) or _AR_NUM.match(t)]
    if len(numbered) < 8:
        return []
    rng = random.Random(seed)
    old_text = "\n".join(base)
    if [c.text for c in _doc_clauses(old_text)] != base:
        return []
    pairs = []

    def build(name, ops):
        # items: (origin old index | None, text, edited, moved)
        items = [(i, t, False, False) for i, t in enumerate(base)]
        for op, arg in ops:
            if op == "delete":
                items = [it for it in items if it[0] != arg]
            elif op == "insert":
                k = next(n for n, it in enumerate(items) if it[0] == arg)
                items.insert(k, (None, NEW_CLAUSES[rng.randrange(len(NEW_CLAUSES))], False, False))
            elif op == "edit":
                items = [(o, _edit(t, rng), True, m) if o == arg else (o, t, e, m) for o, t, e, m in items]
            elif op == "move":
                src, dst = arg
                k = next(n for n, it in enumerate(items) if it[0] == src)
                it = items.pop(k)
                d = next(n for n, x in enumerate(items) if x[0] == dst)
                items.insert(d + 1, (it[0], it[1], it[2], True))
        texts = _renumber([it[1] for it in items])
        new_text = "\n".join(texts)
        got = [c.text for c in _doc_clauses(new_text)]
        if got != texts:
            return
        truth = set()
        kept = set()
        for j, (o, _, edited, moved) in enumerate(items):
            if o is None:
                truth.add((None, j, "added"))
            else:
                kept.add(o)
                truth.add((o, j, "moved" if moved else "modified" if edited else "unchanged"))  # moved: edited or not
        truth |= {(i, None, "deleted") for i in range(len(base)) if i not in kept}
        pairs.append((name, old_text, new_text, truth))

    pick = rng.sample(numbered[1:-1], 4)
    a, b, c, d = pick
    far = max(numbered, key=lambda x: abs(x - a))
    build("delete", [("delete", a)])
    build("insert", [("insert", b)])
    build("move", [("move", (a, far))])
    build("edit", [("edit", c)])
    build("move+edit", [("edit", d), ("move", (d, max(numbered, key=lambda x: abs(x - d))))])
    build("replace", [("insert", b), ("delete", b)])  # a clause swapped for an unrelated one: deleted + added
    build("edit+insert+delete+move", [("edit", c), ("insert", b), ("delete", d),
                                      ("move", (a, far if far not in (b, c, d) else numbered[0]))])
    return pairs


def score(pairs) -> dict:
    """Precision and recall per kind and overall (micro) of :func:`align_clauses`."""
    tp, pred_n, gold_n = Counter(), Counter(), Counter()
    for _, old_text, new_text, truth in pairs:
        old, new = _doc_clauses(old_text), _doc_clauses(new_text)
        oi = {c.clause_id: i for i, c in enumerate(old)}
        ni = {c.clause_id: j for j, c in enumerate(new)}
        pred = {(oi[c.old.clause_id] if c.old else None, ni[c.new.clause_id] if c.new else None, c.kind)
                for c in align_clauses(old, new)}
        for item in pred:
            pred_n[item[2]] += 1
            tp[item[2]] += item in truth
        for item in truth:
            gold_n[item[2]] += 1
    out = {}
    for k in ("unchanged", "modified", "moved", "added", "deleted", "all"):
        t = sum(tp.values()) if k == "all" else tp[k]
        p = sum(pred_n.values()) if k == "all" else pred_n[k]
        g = sum(gold_n.values()) if k == "all" else gold_n[k]
        out[k] = {"gold": g, "predicted": p, "correct": t, "precision": round(t / p, 3) if p else None,
                  "recall": round(t / g, 3) if g else None}
    # the changes only (what a lawyer reads): every kind but unchanged
    t = sum(tp[k] for k in tp if k != "unchanged")
    p = sum(pred_n[k] for k in pred_n if k != "unchanged")
    g = sum(gold_n[k] for k in gold_n if k != "unchanged")
    out["changes"] = {"gold": g, "predicted": p, "correct": t, "precision": round(t / p, 3) if p else None,
                      "recall": round(t / g, 3) if g else None}
    return out


def test_alignment_precision_and_recall_on_pairs_from_the_dev_contracts(shared_dir, artifacts):
    pairs = []
    files = sorted((shared_dir / "eval" / "dev").glob("*/contract.*"))
    used = 0
    for seed, f in enumerate(files):
        text = extract(f.read_bytes()).text
        made = make_pairs(text, seed)
        used += bool(made)
        pairs += made
    assert used >= 8 and len(pairs) >= 30, (used, len(pairs))
    figures = score(pairs)
    figures["pairs"], figures["contracts"] = len(pairs), used
    (artifacts / "compare-alignment.json").write_text(json.dumps(figures, ensure_ascii=False, indent=2))
    print("\ncompare alignment on", len(pairs), "pairs from", used, "dev contracts:")
    for k, v in figures.items():
        if isinstance(v, dict):
            print(f"  {k:10s} gold {v['gold']:4d} predicted {v['predicted']:4d} precision {v['precision']} recall {v['recall']}")
    assert figures["changes"]["precision"] >= 0.9 and figures["changes"]["recall"] >= 0.9
    for k in ("modified", "moved", "added", "deleted"):
        assert figures[k]["recall"] >= 0.8, (k, figures[k])


def test_renumbered_moved_and_edited_clauses_are_told_apart():
    old = _doc_clauses("采购合同\n第一条 标的\n甲方向乙方采购服务器十台。\n第二条 价款\n总价款为人民币五十万元。\n"
                       "第三条 交付\n乙方应于2025年6月1日前交付。\n第四条 验收\n甲方应在收货后十日内验收。\n"
                       "第五条 争议解决\n争议提交上海仲裁委员会仲裁。")
    new = _doc_clauses("采购合同\n第一条 标的\n甲方向乙方采购服务器十台。\n第二条 保密\n双方对本合同内容保密。\n"
                       "第三条 价款\n总价款为人民币五十五万元。\n第四条 验收\n甲方应在收货后十日内验收。\n"
                       "第五条 争议解决\n争议提交上海仲裁委员会仲裁。\n第六条 交付\n乙方应于2025年6月1日前交付。")
    changes = align_clauses(old, new)
    kinds = {(c.old.title if c.old else None, c.new.title if c.new else None): c for c in changes}
    assert kinds[("标的", "标的")].kind == "unchanged"
    assert kinds[(None, "保密")].kind == "added"
    price = kinds[("价款", "价款")]
    assert price.kind == "modified" and price.renumbered
    assert any(op["op"] != "equal" and "五" in op["new"] for op in price.diff)
    assert kinds[("验收", "验收")].kind == "unchanged" and not kinds[("验收", "验收")].renumbered
    assert kinds[("交付", "交付")].kind == "moved" and not kinds[("交付", "交付")].text_changed


def test_compare_of_two_reviewed_drafts_reports_risks_added_and_removed(review_bytes, labour_docx, tmp_path):
    """The new draft fixes the probation wage and adds a non-compete penalty: the wage
    risk is removed, and what the rules find in the new clause is added."""
    old_text = extract(labour_docx).text
    new_text = old_text.replace("试用期工资为转正工资的70%，即每月人民币柒仟元整。",
                                "试用期工资为转正工资的80%，即每月人民币捌仟元整。")
    assert new_text != old_text
    old = review_bytes(old_text.encode(), "v1.txt")
    new = review_bytes(new_text.encode(), "v2.txt")
    changes = align_clauses(old.clauses, new.clauses)
    risks = compare_reviews(old.review, new.review, changes)
    assert [r["title"] for r in risks["removed"]] == ["试用期工资低于法定标准"]
    assert risks["added"] == [] and len(risks["unchanged"]) == len(new.review.risks)
    result = comparison_json(changes, old_doc=old.review.document, new_doc=new.review.document, risks=risks)
    assert result["summary"]["modified"] == 1 and result["summary"]["risks_removed"] == 1
    json.dumps(result, ensure_ascii=False)
    page = compare_html(result)
    assert "<del>7</del>" in page or "<del>70%" in page or "<del>" in page
    docx_bytes = compare_redline_docx(changes, title="v1 → v2")
    import io
    import zipfile

    from lxml import etree
    with zipfile.ZipFile(io.BytesIO(docx_bytes)) as z:
        doc = etree.fromstring(z.read("word/document.xml"))
    W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    assert "".join(t.text for t in doc.iter(W + "delText")) == "7柒"
    assert "".join(t.text for t in doc.iter(W + "t") if any(a.tag == W + "ins" for a in t.iterancestors())) == "8捌"


@pytest.mark.parametrize("seed", [1])
def test_pairs_are_made_from_the_team_labour_contract(labour_docx, seed):
    """The generator itself: the labour contract of conftest gives pairs whose truth
    the alignment reproduces exactly (a check that doesn't need ../shared)."""
    text = extract(labour_docx).text + "\n" + "\n".join(
        f"第{cn2an.an2cn(n)}条 其他{n}\n本条为第{n}项其他约定，双方应当遵守，内容编号{n * 13}。" for n in range(7, 12))
    pairs = make_pairs(text, seed)
    assert pairs
    figures = score(pairs)
    assert figures["all"]["precision"] == 1.0 and figures["all"]["recall"] == 1.0, figures
