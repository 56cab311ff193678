"""The review page: one self-contained HTML file a lawyer opens in a browser.

:func:`review_html` renders a :class:`~pipelines.types.Review` as a static page:

* the contract text (``review.document_text``) with each flagged clause highlighted by
  its most severe risk (red / amber / blue) and each risk's evidence marked in it;
* a side list of the risks; clicking one scrolls to its clause, marks the clause and its
  evidence as active and shows the risk's explanation, the reasoning chain with each
  validator's result, the suggested revision, each citation's stored article text and
  status, and for a PDF the page image with the clause's lines outlined;
* filters by severity and by category.

Nothing is fetched: styles and the ~60 lines of script are inline, page images are
``data:`` PNGs, fonts are the reader's system CJK fonts (Noto Sans CJK, PingFang,
Microsoft YaHei, SimSun …), and a Content-Security-Policy ``default-src 'none'`` meta tag
forbids any request. Without JavaScript every risk's details are shown in a list.
Every string from the contract or the review is HTML-escaped.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pipelines.types import CATEGORY_NAMES_ZH, SEVERITY_RANK, Review, Risk, Severity

__all__ = ["CSP", "ArticleText", "citation_articles", "pdf_page_images", "review_html"]

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
_SEV_ZH = {"high": "高", "medium": "中", "low": "低"}
MAX_PAGE_IMAGES = 40


@dataclass(frozen=True)
class ArticleText:
    """The stored text of a cited article and whether it is the text the review cited.

    ``matches`` is True when the sha256 of the stored text equals the citation's
    ``text_sha256``, False when it differs (the store was rebuilt with another text), None
    when the article is not in the store."""

    text: str | None
    status: str | None
    matches: bool | None


def citation_articles(review: Review, store) -> dict[tuple[str, int], ArticleText]:
    """Look up every cited article in ``store`` (a :class:`knowledge.store.StatuteStore`)
    on the review's ``versions.as_of`` date. Returns ``{(law, article): ArticleText}``."""
    out: dict[tuple[str, int], ArticleText] = {}
    cites = [c for r in review.risks for c in (*r.citations, *(c for s in r.reasoning_chain for c in s.citations))]
    for c in cites:
        key = (c.law, c.article)
        if key in out:
            continue
        try:
            a = store.get(c.law, c.article, review.versions.as_of)
        except Exception:  # noqa: BLE001 - a lookup failure is shown as "not in the store"
            a = None
        if a is None:
            out[key] = ArticleText(None, None, None)
        else:
            sha = hashlib.sha256(a.text.encode("utf-8")).hexdigest()
            out[key] = ArticleText(a.text, a.status, sha == c.text_sha256)
    return out


MAX_PAGE_PIXELS = 4_000_000
"""The most pixels one rendered page may have (an A4 page at zoom 1.25 is about 0.9 million)."""


def pdf_page_images(pdf: bytes, pages: Sequence[int], *, zoom: float = 1.25) -> dict[int, tuple[str, float, float]]:
    """PNG renderings of ``pages`` (1-based) of a PDF as ``{page: (data URI, width pt,
    height pt)}``; at most :data:`MAX_PAGE_IMAGES` pages, ``zoom`` × 72 dpi, lower where a
    page would exceed :data:`MAX_PAGE_PIXELS`.

    Raises:
        ValueError: ``pdf`` cannot be opened as a PDF.
    """
    import pymupdf

    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - PyMuPDF raises several types
        raise ValueError(f"not a PDF: {exc}") from exc
    out = {}
    try:
        for n in sorted(set(pages))[:MAX_PAGE_IMAGES]:
            if 1 <= n <= doc.page_count:
                page = doc[n - 1]
                # a hostile page of 14,400 pt square would be gigabytes of pixels: the zoom is
                # clamped so one image stays under MAX_PAGE_PIXELS
                area = max(page.rect.width * page.rect.height, 1.0)
                z = min(zoom, (MAX_PAGE_PIXELS / area) ** 0.5)
                png = page.get_pixmap(matrix=pymupdf.Matrix(z, z)).tobytes("png")
                out[n] = ("data:image/png;base64," + base64.b64encode(png).decode("ascii"), page.rect.width,
                          page.rect.height)
    finally:
        doc.close()
    return out


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _clause_spans(review: Review) -> list[tuple[int, int, str, list[Risk]]]:
    """Non-overlapping ``(start, end, clause_id, risks)`` in text order; a clause that
    overlaps an earlier one is clipped to start after it."""
    by_clause: dict[tuple[int, int, str], list[Risk]] = {}
    for r in review.risks:
        by_clause.setdefault((r.clause.char_start, r.clause.char_end, r.clause.clause_id), []).append(r)
    spans, last_end = [], 0
    n = len(review.document_text)
    for (start, end, cid), risks in sorted(by_clause.items()):
        start, end = max(start, last_end, 0), min(end, n)
        if end <= start:
            continue
        spans.append((start, end, cid, risks))
        last_end = end
    return spans


def _find(text: str, evidence: str) -> tuple[int, int] | None:
    """``[start, end)`` of ``evidence`` in ``text``: exactly, else ignoring whitespace
    (the finder's quote may join the clause's lines)."""
    ev = evidence.strip()
    if not ev:
        return None
    i = text.find(ev)
    if i >= 0:
        return i, i + len(ev)
    kept = [k for k, ch in enumerate(text) if not ch.isspace()]
    needle = "".join(ev.split())
    at = "".join(text[k] for k in kept).find(needle)
    return None if at < 0 else (kept[at], kept[at + len(needle) - 1] + 1)


def _clause_html(text: str, risks: list[Risk]) -> str:
    """The clause's text with each risk's evidence in ``<mark>`` (first occurrence, no overlaps)."""
    marks: list[tuple[int, int, list[str]]] = []
    for r in risks:
        span = _find(text, r.original_text)
        if span is None:
            continue
        i, j = span
        for k, (a, b, ids) in enumerate(marks):
            if a == i and b == j:
                ids.append(r.risk_id)
                break
        else:
            if not any(a < j and i < b for a, b, _ in marks):
                marks.append((i, j, [r.risk_id]))
    out, pos = [], 0
    for a, b, ids in sorted(marks):
        out.append(_e(text[pos:a]))
        out.append(f'<mark class="evidence" data-risks="{_e(" ".join(ids))}">{_e(text[a:b])}</mark>')
        pos = b
    out.append(_e(text[pos:]))
    return "".join(out)


def _top(risks: Sequence[Risk]) -> str:
    return max(risks, key=lambda r: SEVERITY_RANK[r.severity]).severity.value


def _detail(r: Risk, articles: Mapping[tuple[str, int], ArticleText], pages: Mapping[int, tuple[str, float, float]]) -> str:
    cat = CATEGORY_NAMES_ZH.get(r.category, r.category)
    parts = [f'<article class="detail" id="detail-{_e(r.risk_id)}" data-risk="{_e(r.risk_id)}">',
             f'<h3><span class="badge sev-{r.severity.value}">{_SEV_ZH[r.severity.value]}</span> {_e(r.risk_id)} {_e(r.title)}</h3>',
             f'<p class="meta">{_e(cat)}（{_e(r.category)}）· {_e(r.clause.label)}'
             + (f' · 第{",".join(map(str, r.clause.pages))}页' if r.clause.pages else "")
             + f' · 来源 {_e(r.source)} · 置信度 {r.confidence:.2f}</p>',
             '<h4>说明</h4>', f'<p class="explanation">{_e(r.explanation)}</p>',
             '<h4>原文（证据）</h4>', f'<blockquote class="original">{_e(r.original_text)}</blockquote>',
             '<h4>建议修改</h4>', f'<blockquote class="suggestion">{_e(r.suggested_text) or "—"}</blockquote>',
             '<h4>推理链</h4>']
    if r.reasoning_chain:
        parts.append('<ol class="chain">')
        for s in r.reasoning_chain:
            checks = "".join(
                f'<li class="check {"pass" if c.passed else "fail"}">{"✓" if c.passed else "✗"} {_e(c.name)}'
                + (f'：{_e(c.message)}' if c.message else "") + "</li>" for c in s.checks)
            cites = "；".join(f"《{_e(c.law)}》{_e(c.article_label)}" for c in s.citations)
            parts.append(f'<li class="step"><p><b>{_e(s.action)}</b> {_e(s.content)}</p>'
                         f'<p class="conclusion">结论：{_e(s.conclusion)}</p>'
                         + (f'<p class="step-cites">引用：{cites}</p>' if cites else "")
                         + (f'<ul class="checks">{checks}</ul>' if checks else '<p class="checks-none">（无校验记录）</p>')
                         + "</li>")
        parts.append("</ol>")
    else:
        parts.append('<p class="chain-none">此风险由规则库检出（' + _e("、".join(r.check_ids) or "规则")
                     + '），没有模型推理链。</p>')
    parts.append('<h4>法律依据</h4>')
    if not r.citations:
        parts.append("<p>—</p>")
    for c in r.citations:
        a = articles.get((c.law, c.article))
        if a is None:
            stored = '<p class="article-missing">（未查询条文库）</p>'
        elif a.text is None:
            stored = '<p class="article-missing">条文库中未找到此条</p>'
        else:
            same = {True: "与审查时引用的文本一致", False: "条文库中的文本已不同于审查时引用的文本"}[bool(a.matches)]
            stored = (f'<p class="article-text">{_e(a.text)}</p>'
                      f'<p class="article-status">条文库：{_e(a.status or "")}；{same}</p>')
        parts.append(f'<div class="citation"><p><b>《{_e(c.law)}》{_e(c.article_label)}</b> '
                     f'<span class="status">{_e(c.status)}</span>'
                     + (f' · 版本自 {_e(c.version_effective_date)}' if c.version_effective_date else "")
                     + f' · sha256 {_e(c.text_sha256[:12])}…</p>{stored}</div>')
    shown = [p for p in r.clause.pages if p in pages]
    if shown:
        parts.append('<h4>PDF 原页</h4>')
        for n in shown:
            _, w, h = pages[n]
            boxes = "".join(
                f'<div class="box" style="left:{100 * b.x0 / w:.2f}%;top:{100 * b.y0 / h:.2f}%;'
                f'width:{100 * (b.x1 - b.x0) / w:.2f}%;height:{100 * (b.y1 - b.y0) / h:.2f}%"></div>'
                for b in r.clause.bboxes if b.page == n)
            parts.append(f'<figure class="pdfpage" data-page="{n}"><div class="pagebox">{boxes}</div>'
                         f'<figcaption>第 {n} 页</figcaption></figure>')
    parts.append("</article>")
    return "".join(parts)


_STYLE = """
:root{--high:#d93025;--medium:#e8a200;--low:#3b8ede}
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans CJK SC","Noto Serif CJK SC","Source Han Sans SC","PingFang SC","Microsoft YaHei","SimSun","WenQuanYi Micro Hei",sans-serif;color:#222;background:#f6f6f4}
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0;z-index:2}
header h1{font-size:18px;margin:0 0 4px}
header .summary{margin:4px 0;font-size:14px}
.status-partial,.status-not_reviewed{color:#b00;font-weight:bold}
.filters{font-size:13px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.wrap{display:flex;gap:0;height:calc(100vh - 110px)}
#doc{flex:3;overflow:auto;padding:20px 28px;background:#fff;white-space:pre-wrap;line-height:1.8;font-size:15px}
aside{flex:2;overflow:auto;padding:12px;border-left:1px solid #ddd;min-width:340px}
.clause{border-radius:3px;padding:1px 0;scroll-margin:120px}
.clause.sev-high{background:rgba(217,48,37,.12)}
.clause.sev-medium{background:rgba(232,162,0,.15)}
.clause.sev-low{background:rgba(59,142,222,.12)}
.clause.muted{background:none}
.clause.active{outline:3px solid #222;background:rgba(255,230,0,.35)}
mark.evidence{background:rgba(255,200,0,.35);color:inherit}
mark.evidence.active{background:#ffd400;text-decoration:underline}
#risklist{list-style:none;margin:0;padding:0}
.risk{padding:8px 10px;margin:0 0 6px;background:#fff;border-left:5px solid #999;cursor:pointer;border-radius:3px;font-size:14px}
.risk.sev-high{border-color:var(--high)}.risk.sev-medium{border-color:var(--medium)}.risk.sev-low{border-color:var(--low)}
.risk.active{box-shadow:0 0 0 2px #222}
.risk[hidden]{display:none}
.badge{display:inline-block;min-width:1.6em;text-align:center;color:#fff;border-radius:3px;font-size:12px;padding:0 4px}
.badge.sev-high{background:var(--high)}.badge.sev-medium{background:var(--medium)}.badge.sev-low{background:var(--low)}
.detail{background:#fff;padding:10px 14px;margin:10px 0;border:1px solid #ddd;border-radius:4px;font-size:14px}
.js .detail{display:none}.js .detail.shown{display:block}
.detail h3{font-size:16px;margin:4px 0}.detail h4{margin:10px 0 4px;font-size:14px;color:#555}
.meta{color:#666;font-size:12px}
blockquote{margin:0;padding:6px 10px;background:#f3f3f3;border-left:3px solid #bbb;white-space:pre-wrap}
blockquote.suggestion{border-color:#2a8c4a;background:#eef8f0}
.chain{padding-left:20px}.conclusion{font-weight:bold}
.check.pass{color:#1b7f3b}.check.fail{color:#b3261e}.checks{list-style:none;padding-left:0;font-size:13px}
.citation{border-top:1px dashed #ddd;padding-top:4px}.article-text{white-space:pre-wrap;font-size:13px;color:#333}
.article-missing{color:#b3261e}
.pdfpage{margin:6px 0}.pagebox{position:relative;border:1px solid #ccc}.pagebox img{width:100%;display:block}
.box{position:absolute;outline:2px solid #d93025;background:rgba(217,48,37,.08)}
#gallery{display:none}
"""

_SCRIPT = """
document.body.classList.add('js');
const risks=[...document.querySelectorAll('#risklist .risk')];
function show(id){
  document.querySelectorAll('.active').forEach(e=>e.classList.remove('active'));
  document.querySelectorAll('.detail.shown').forEach(e=>e.classList.remove('shown'));
  const li=document.querySelector('#risklist .risk[data-risk="'+id+'"]');
  if(!li) return;
  li.classList.add('active');
  const clause=document.getElementById('clause-'+li.dataset.clause);
  if(clause){clause.classList.add('active');clause.scrollIntoView({block:'center'});}
  document.querySelectorAll('mark.evidence').forEach(m=>{if(m.dataset.risks.split(' ').includes(id)) m.classList.add('active');});
  const d=document.getElementById('detail-'+id);
  d.classList.add('shown');
  d.querySelectorAll('.pdfpage').forEach(f=>{
    const box=f.querySelector('.pagebox');
    if(!box.querySelector('img')){const src=document.getElementById('page-'+f.dataset.page);
      if(src){const img=src.cloneNode();img.removeAttribute('id');box.prepend(img);}}
  });
  history.replaceState(null,'','#'+id);
}
risks.forEach(li=>li.addEventListener('click',()=>show(li.dataset.risk)));
document.querySelectorAll('.clause').forEach(c=>c.addEventListener('click',()=>{
  const first=c.dataset.risks.split(' ').find(id=>!document.querySelector('#risklist .risk[data-risk="'+id+'"]').hidden);
  if(first) show(first);}));
function filter(){
  const sev=new Set([...document.querySelectorAll('.f-sev:checked')].map(e=>e.value));
  const cat=document.getElementById('f-cat').value;
  const visible=new Set();
  risks.forEach(li=>{const ok=sev.has(li.dataset.severity)&&(!cat||li.dataset.category===cat);
    li.hidden=!ok; if(ok) visible.add(li.dataset.risk);});
  document.querySelectorAll('.clause').forEach(c=>c.classList.toggle('muted',!c.dataset.risks.split(' ').some(id=>visible.has(id))));
  document.getElementById('shown-count').textContent=visible.size;
}
document.querySelectorAll('.f-sev,#f-cat').forEach(e=>e.addEventListener('change',filter));
if(location.hash.length>1) show(decodeURIComponent(location.hash.slice(1)));
"""


def review_html(review: Review, *, articles: Mapping[tuple[str, int], ArticleText] | None = None,
                pdf: bytes | None = None, title: str | None = None) -> str:
    """Render the review page (a complete HTML document, UTF-8).

    Args:
        review: the review; its ``document_text`` is the text shown.
        articles: stored article texts of the citations (:func:`citation_articles`);
            without it the page says the store was not consulted.
        pdf: the original PDF, for a PDF input: the pages where flagged clauses sit are
            embedded as images with the clause's lines outlined (at most
            :data:`MAX_PAGE_IMAGES` pages).
        title: the page title (default: the document's file name).

    Returns:
        The HTML text. It makes no network request (CSP ``default-src 'none'``).
    """
    articles = articles or {}
    pages: dict[int, tuple[str, float, float]] = {}
    if pdf is not None and review.document.get("format") == "pdf":
        wanted = sorted({p for r in review.risks for p in r.clause.pages})
        pages = pdf_page_images(pdf, wanted)
    name = title or str(review.document.get("filename") or "合同")
    text = review.document_text
    body, pos = [], 0
    for start, end, cid, risks in _clause_spans(review):
        body.append(_e(text[pos:start]))
        ids = " ".join(r.risk_id for r in risks)
        body.append(f'<span class="clause sev-{_top(risks)}" id="clause-{_e(cid)}" data-risks="{_e(ids)}" '
                    f'title="{_e(ids)}">{_clause_html(text[start:end], risks)}</span>')
        pos = end
    body.append(_e(text[pos:]))
    ordered = sorted(review.risks, key=lambda r: (-SEVERITY_RANK[r.severity], r.clause.char_start))
    items = "".join(
        f'<li class="risk sev-{r.severity.value}" data-risk="{_e(r.risk_id)}" data-severity="{r.severity.value}" '
        f'data-category="{_e(r.category)}" data-clause="{_e(r.clause.clause_id)}" tabindex="0">'
        f'<span class="badge sev-{r.severity.value}">{_SEV_ZH[r.severity.value]}</span> '
        f'<b>{_e(r.title)}</b><br><small>{_e(CATEGORY_NAMES_ZH.get(r.category, r.category))} · '
        f'{_e(r.clause.label)}</small></li>' for r in ordered)
    details = "".join(_detail(r, articles, pages) for r in ordered)
    cats = sorted({r.category for r in review.risks})
    options = "".join(f'<option value="{_e(c)}">{_e(CATEGORY_NAMES_ZH.get(c, c))}</option>' for c in cats)
    sev_boxes = "".join(f'<label><input type="checkbox" class="f-sev" value="{s.value}" checked> '
                        f'{_SEV_ZH[s.value]}（{review.counts.get(s.value, 0)}）</label>' for s in Severity)
    gallery = "".join(f'<img id="page-{n}" src="{uri}" alt="第{n}页">' for n, (uri, _, _) in sorted(pages.items()))
    status = review.status.value
    return f"""<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>合同审查 — {_e(name)}</title><style>{_STYLE}</style></head>
<body>
<header><h1>合同审查：{_e(name)}</h1>
<p class="summary">{_e(review.contract_type)} · 立场 {_e(review.stance.value)} ·
<span class="status-{_e(status)}">审查状态 {_e(status)}</span>
{(' · 未运行：' + _e('；'.join(review.not_run))) if review.not_run else ''}</p>
<p class="summary">{_e(review.summary)}</p>
<div class="filters"><span>严重程度：</span>{sev_boxes}
<label>类别：<select id="f-cat"><option value="">全部</option>{options}</select></label>
<span>显示 <b id="shown-count">{len(review.risks)}</b> / {len(review.risks)} 项风险</span>
<span class="meta">版本：pipeline {_e(review.versions.pipeline)} · kb {_e(review.versions.kb)} · model {_e(review.versions.model)} · playbook {_e(review.versions.playbook)}</span></div>
</header>
<div class="wrap"><section id="doc" aria-label="合同全文">{''.join(body)}</section>
<aside><ul id="risklist">{items}</ul><div id="details">{details}</div></aside></div>
<div id="gallery">{gallery}</div>
<script>{_SCRIPT}</script>
</body></html>
"""
