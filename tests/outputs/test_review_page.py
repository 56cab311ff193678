"""The review page (issue 11, item 2) in a real browser: Debian's Chromium driven by
Playwright (``executable_path=/usr/bin/chromium``; no browser is downloaded).

Clicking a risk marks its clause and evidence and shows the reasoning chain with each
validator's result and the stored article text; the filters hide risks; the page makes
no request beyond its own file; a PDF input shows the clause's page with its lines
outlined. Screenshots go to ``out/test-artifacts/`` (paths printed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipelines.html_report import citation_articles, review_html
from pipelines.types import ReasoningCheck, ReasoningStep

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]

needs_browser = pytest.mark.skipif(not CHROMIUM.exists() or shutil.which("chromium") is None,
                                   reason="Debian chromium is not installed (apt-get install chromium)")


def _with_chain(review):
    """The review with a two-step reasoning chain on its first risk, as the LLM stage
    writes it (one check failed then passed after regeneration is not modelled: each
    step carries its validators' final results)."""
    first = review.risks[0]
    cite = first.citations[0]
    chain = (
        ReasoningStep(step=1, action="识别条款", content="第一条约定一年期劳动合同，试用期三个月。",
                      conclusion="试用期长于一年期合同允许的上限", checks=(
                          ReasoningCheck(name="quote_grounded", passed=True),
                          ReasoningCheck(name="numbers_grounded", passed=True))),
        ReasoningStep(step=2, action="适用法律", content="劳动合同期限一年以上不满三年的，试用期不得超过二个月。",
                      conclusion="约定违反劳动合同法第十九条", citations=(cite,), checks=(
                          ReasoningCheck(name="citation_exists", passed=True),
                          ReasoningCheck(name="citation_offered", passed=False, message="首次输出引用了未提供的条文，重新生成后通过"))),
    )
    risks = (first.model_copy(update={"reasoning_chain": chain, "source": "both"}), *review.risks[1:])
    return review.model_copy(update={"risks": risks})


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield b
        b.close()


def _open(browser, path: Path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri())
    return page, requests


@needs_browser
def test_clicking_a_risk_highlights_its_clause_and_shows_the_chain(browser, tmp_path, labour_docx, review_bytes,
                                                                   outputs_index, artifacts):
    review = _with_chain(review_bytes(labour_docx, "labour.docx").review)
    path = tmp_path / "review.html"
    path.write_text(review_html(review, articles=citation_articles(review, outputs_index.store)), encoding="utf-8")
    page, requests = _open(browser, path)
    first = review.risks[0]
    clause = page.locator(f"#clause-{first.clause.clause_id}")
    assert "active" not in (clause.get_attribute("class") or "")
    assert not page.locator(f"#detail-{first.risk_id}").is_visible()

    page.click(f'#risklist .risk[data-risk="{first.risk_id}"]')
    assert "active" in clause.get_attribute("class")
    assert page.locator(f'#clause-{first.clause.clause_id} mark.evidence.active').inner_text().strip() \
        == first.original_text.strip()
    detail = page.locator(f"#detail-{first.risk_id}")
    assert detail.is_visible()
    text = detail.inner_text()
    assert "试用期长于一年期合同允许的上限" in text and "约定违反劳动合同法第十九条" in text
    assert page.locator(f"#detail-{first.risk_id} .check.pass").count() == 3
    assert "首次输出引用了未提供的条文" in page.locator(f"#detail-{first.risk_id} .check.fail").inner_text()
    assert first.suggested_text in page.locator(f"#detail-{first.risk_id} .suggestion").inner_text()
    stored = page.locator(f"#detail-{first.risk_id} .article-text").first.inner_text()
    assert "试用期" in stored  # 劳动合同法第十九条 as stored
    assert "与审查时引用的文本一致" in text
    # the clause is in view
    box, vh = clause.bounding_box(), page.viewport_size["height"]
    assert box and 0 <= box["y"] < vh

    shot = artifacts / "review-page.png"
    page.screenshot(path=str(shot))
    print(f"\nreview page screenshot: {shot}")

    # another risk: the first clause is no longer active
    second = review.risks[1]
    page.click(f'#risklist .risk[data-risk="{second.risk_id}"]')
    assert "active" not in (clause.get_attribute("class") or "")
    assert not page.locator(f"#detail-{first.risk_id}").is_visible()
    assert page.locator(f"#detail-{second.risk_id}").is_visible()
    assert page.locator(f"#detail-{second.risk_id} .chain-none").count() == 1  # a rule finding: said so

    # filters: severity off hides its risks and mutes their clauses
    sev = first.severity.value
    page.uncheck(f'.f-sev[value="{sev}"]')
    assert page.locator(f'#risklist .risk[data-severity="{sev}"]').first.is_hidden()
    assert "muted" in clause.get_attribute("class")
    page.check(f'.f-sev[value="{sev}"]')
    page.select_option("#f-cat", first.category.value)
    shown = int(page.locator("#shown-count").inner_text())
    assert shown == sum(r.category == first.category for r in review.risks)

    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    page.close()


@needs_browser
def test_a_pdf_review_shows_the_clause_page_with_its_lines_outlined(browser, tmp_path, review_bytes, labour_docx,
                                                                    artifacts):
    import pymupdf

    from pipelines.extract import extract

    lines = extract(labour_docx).text.split("\n")
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 60
    for line in lines:
        page.insert_text((50, y), line, fontname="china-s", fontsize=10.5)
        y += 22
    pdf = doc.tobytes()
    review = review_bytes(pdf, "labour.pdf").review
    assert review.document["format"] == "pdf" and review.risks
    path = tmp_path / "review-pdf.html"
    path.write_text(review_html(review, pdf=pdf), encoding="utf-8")
    page, requests = _open(browser, path)
    r = review.risks[0]
    page.click(f'#risklist .risk[data-risk="{r.risk_id}"]')
    fig = page.locator(f"#detail-{r.risk_id} .pdfpage")
    assert fig.count() == len(r.clause.pages) >= 1
    img = fig.first.locator("img")
    assert img.count() == 1 and img.evaluate("i => i.complete && i.naturalWidth > 0")
    boxes = fig.first.locator(".box")
    assert boxes.count() == sum(1 for b in r.clause.bboxes if b.page == r.clause.pages[0])
    fig.first.scroll_into_view_if_needed()
    shot = artifacts / "review-page-pdf.png"
    page.screenshot(path=str(shot))
    print(f"\nreview page (PDF input) screenshot: {shot}")
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    page.close()


def test_contract_text_is_escaped_and_the_page_forbids_requests(review_bytes):
    data = ("买卖合同\n第一条 标的\n<script>alert(1)</script><img src=http://example.com/x.png>"
            "\n第二条 争议解决\n争议提交甲方所在地人民法院或仲裁委员会解决。\n").encode()
    review = review_bytes(data, "x.txt").review
    page = review_html(review)
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    assert "<img src=http" not in page
    assert "default-src 'none'" in page
    assert 'src="http' not in page and "href=" not in page
