"""DOCX clauses get pages from LibreOffice's rendering, or the review says why not
(issue 11 item 6); never a wrong page. The tests with the real LibreOffice skip when
``soffice`` is not installed."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipelines.docx_pages import MIN_ANCHOR, RenderError, assign_pages, locate_docx_pages, render_pdf
from pipelines.extract import extract
from pipelines.segment import segment

SOFFICE = pytest.mark.skipif(not (os.path.exists("/usr/bin/soffice") or __import__("shutil").which("soffice")),
                             reason="LibreOffice (soffice) is not installed")
NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"]


def _long_docx() -> bytes:
    """Twelve clauses over about five pages, a hard page break after the fifth, a
    header and a footer repeated on every page."""
    import docx

    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = "设备采购合同（页眉）"
    d.sections[0].footer.paragraphs[0].text = "第 1 页"
    d.add_paragraph("设备采购合同")
    for i, n in enumerate(NUMERALS, 1):
        d.add_paragraph(f"第{n}条 条款标题{n}")
        for k in range(4):
            d.add_paragraph(f"本条第{k + 1}款：甲方应当按照本合同约定于第{i}期支付价款，乙方应当按时交付第{i}批货物并"
                            f"提供质量证明文件{k}。" * 2)
        if i == 5:
            d.add_page_break()
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _norm(text: str) -> str:
    return "".join(ch for ch in text if not ch.isspace())


def _doc_and_clauses(text: str):
    doc = extract(text.encode("utf-8"), filename="t.txt")
    return doc, segment(doc)


# ------------------------------------------------------------------ matching (no LibreOffice)

def test_pages_follow_the_rendering_and_a_clause_across_a_break_spans_both():
    doc, clauses = _doc_and_clauses("第一条 甲方应当于签订后十日内支付全部价款。\n第二条 乙方应当于收款后三十日内交付全部设备。\n"
                                    "第三条 设备的质量保证期为验收合格之日起十二个月。")
    pages = ["第一条甲方应当于签订后十日内支付全部价款。\n第二条乙方应当于收款后三十日内",
             "页眉\n交付全部设备。\n第三条设备的质量保证期为验收合格之日起十二个月。\n第 2 页"]
    out, located = assign_pages(doc, clauses, pages)
    # the second clause's line is not found whole on one page: its first characters lie
    # between anchors on page 1 and page 2, so its start page is uncertain: no pages
    assert [c.pages for c in out] == [(1,), (), (2,)] and located == 2


def test_a_line_split_across_pages_still_anchors_when_found_whole():
    doc, clauses = _doc_and_clauses("第一条 甲方应当于签订后十日内支付全部价款。\n第二条 乙方应当于收款后三十日内交付全部设备。")
    pages = ["第一条 甲方应当于签订后十日内支付全部价款。第二条 乙方应当于收款后",  # no header between: one stream
             "三十日内交付全部设备。"]
    out, _ = assign_pages(doc, clauses, pages)
    assert [c.pages for c in out] == [(1,), (1, 2)]


def test_text_missing_from_the_rendering_gives_no_page_never_a_guess():
    doc, clauses = _doc_and_clauses("第一条 甲方应当于签订后十日内支付全部价款。\n第二条 这一条没有出现在排版里的文字内容。\n"
                                    "第三条 设备的质量保证期为验收合格之日起十二个月。")
    pages = ["第一条甲方应当于签订后十日内支付全部价款。", "第三条设备的质量保证期为验收合格之日起十二个月。"]
    out, located = assign_pages(doc, clauses, pages)
    assert [c.pages for c in out] == [(1,), (), (2,)] and located == 2


def test_repeated_text_is_not_an_anchor():
    line = "甲方应当按照约定支付价款。"
    doc, clauses = _doc_and_clauses(f"第一条 价款的支付\n{line}\n第二条 货物的交付\n{line}")
    # the rendering has the sentence on both pages: it places nothing, so the end of the
    # first clause (between page 1 and page 2) has no certain page
    out, located = assign_pages(doc, clauses, [f"第一条 价款的支付\n{line}", f"第二条 货物的交付\n{line}"])
    assert [c.pages for c in out] == [(), (2,)] and located == 1
    assert len(_norm("甲方：")) < MIN_ANCHOR  # short lines never place themselves


def test_no_soffice_says_why(monkeypatch):
    monkeypatch.setattr("pipelines.docx_pages.find_soffice", lambda: None)
    doc = extract(_long_docx(), filename="t.docx")
    clauses = segment(doc)
    loc = locate_docx_pages(b"", doc, clauses)
    assert loc.located == 0 and loc.rendered_pages == 0 and all(c.pages == () for c in loc.clauses)
    assert "LibreOffice (soffice) is not installed" in loc.note and "没有页码" in loc.note


def test_a_hanging_renderer_is_killed_within_the_timeout(tmp_path):
    fake = tmp_path / "soffice"
    fake.write_text("#!/bin/sh\nsleep 61.7 &\nsleep 61.7\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    t0 = time.monotonic()
    with pytest.raises(RenderError, match="within 1 s"):
        render_pdf(_long_docx(), timeout_s=1, soffice=str(fake))
    assert time.monotonic() - t0 < 10
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", "sleep 61.7"], capture_output=True, text=True).stdout.split()
    assert left == []


# ------------------------------------------------------------------ the real LibreOffice

@SOFFICE
def test_real_libreoffice_pages_match_the_rendering():
    import pymupdf

    data = _long_docx()
    doc = extract(data, filename="contract.docx")
    clauses = segment(doc)
    loc = locate_docx_pages(data, doc, clauses, timeout_s=120)
    assert loc.rendered_pages >= 3, loc.note
    assert loc.located == len(clauses), loc.note
    assert "LibreOffice 的排版" in loc.note
    # the truth, read independently from a second rendering: where each heading and
    # each clause's last sentence sit
    pdf = pymupdf.open(stream=render_pdf(data, timeout_s=120), filetype="pdf")
    page_text = [_norm(p.get_text()) for p in pdf]
    numbered = [c for c in loc.clauses if c.number]
    assert len(numbered) == 12
    for c in numbered:
        heading = _norm(c.text.splitlines()[0])
        first = [i + 1 for i, t in enumerate(page_text) if heading in t]
        assert first and c.pages[0] == first[0], (c.number, c.pages, first)
        tail = _norm(c.text)[-20:]
        last = [i + 1 for i, t in enumerate(page_text) if tail in t]
        assert last and c.pages[-1] == last[-1], (c.number, c.pages, last)
    # the hard page break after the fifth clause
    assert numbered[5].pages[0] == numbered[4].pages[-1] + 1


@SOFFICE
def test_review_of_a_docx_carries_pages_and_says_where_they_come_from(tmp_path, outputs_index_root, labour_docx):
    """The CLI as a user runs it (CR_DOCX_PAGES defaults to on): every risk of the labour
    contract (header, footer, auto-numbering, a table) has pages, the table shows them,
    and the warnings name the basis. With CR_DOCX_PAGES=false the review says why not."""
    exe = Path(sys.executable).with_name("contract-review")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
    env.update({"CR_DATA_DIR": str(tmp_path / "data"), "CR_INDEX_DIR": str(outputs_index_root),
                "HF_HUB_OFFLINE": "1", "COLUMNS": "200"})
    src = tmp_path / "labour.docx"
    src.write_bytes(labour_docx)
    r = subprocess.run([str(exe), "review", str(src), "--no-llm", "--no-store", "--out", str(tmp_path / "r.json")],
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    review = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert review["risks"] and all(x["clause"]["pages"] for x in review["risks"])
    assert any("LibreOffice 的排版" in w for w in review["warnings"])
    assert "LibreOffice 的排版" in r.stdout
    off = subprocess.run([str(exe), "review", str(src), "--no-llm", "--no-store", "--out", str(tmp_path / "off.json")],
                         env={**env, "CR_DOCX_PAGES": "false"}, capture_output=True, text=True, timeout=600)
    assert off.returncode == 0, off.stderr
    review = json.loads((tmp_path / "off.json").read_text(encoding="utf-8"))
    assert all(x["clause"]["pages"] == [] for x in review["risks"])
    assert any("CR_DOCX_PAGES" in w for w in review["warnings"])


# ------------------------------------------------------------------ no fetches from the worker

def _docx_with_linked_image(url: str) -> bytes:
    """A DOCX whose picture is *linked* (``r:link``, ``TargetMode="External"``), not
    embedded: a layout engine fetches it from ``url``."""
    import re as _re
    import zipfile

    import docx

    d = docx.Document()
    d.add_paragraph("第一条 甲方应当按照本合同约定支付价款。")
    d.add_paragraph("IMAGE_HERE")
    buf = io.BytesIO()
    d.save(buf)
    drawing = (
        '<w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">'
        '<wp:extent cx="952500" cy="952500"/><wp:docPr id="7" name="linked"/>'
        '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
        '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">'
        '<pic:nvPicPr><pic:cNvPr id="0" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr>'
        '<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:link="rIdLinked"/>'
        '<a:stretch><a:fillRect/></a:stretch></pic:blipFill>'
        '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic>'
        '</wp:inline></w:drawing></w:r>')
    src, out = zipfile.ZipFile(io.BytesIO(buf.getvalue())), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "word/document.xml":
                body = _re.sub(rb"<w:r>(?:(?!</w:r>).)*IMAGE_HERE(?:(?!</w:r>).)*</w:r>", drawing.encode(), body, flags=_re.S)
            if info.filename == "word/_rels/document.xml.rels":
                body = body.replace(b"</Relationships>", (
                    '<Relationship Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                    f'relationships/image" Target="{url}" TargetMode="External"/></Relationships>').encode())
            z.writestr(info, body)
    return out.getvalue()


@SOFFICE
def test_a_linked_image_is_not_fetched_when_pages_are_rendered(tmp_path):
    # GIVEN a listener standing in for an internal service, and a DOCX that links an image on it
    import http.server
    import threading

    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            hits.append(self.path)
            self.send_response(404)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        import shutil
        import zipfile

        from pipelines.docx_pages import without_external_targets

        data = _docx_with_linked_image(f"http://127.0.0.1:{server.server_address[1]}/internal/secret.png")
        # control: LibreOffice given the file as it came does fetch the linked image
        (tmp_path / "raw.docx").write_bytes(data)
        subprocess.run([shutil.which("soffice"), "--headless", f"-env:UserInstallation={(tmp_path / 'p').as_uri()}",
                        "--convert-to", "pdf", "--outdir", str(tmp_path), str(tmp_path / "raw.docx")],
                       capture_output=True, timeout=120, env={**os.environ, "HOME": str(tmp_path)})
        time.sleep(0.5)
        assert hits, "the fixture's linked image was not fetched: the test would prove nothing"
        hits.clear()
        # the package the product renders has the link blanked
        rels = zipfile.ZipFile(io.BytesIO(without_external_targets(data))).read("word/_rels/document.xml.rels")
        assert b"127.0.0.1" not in rels and b'Target="#"' in rels
        # WHEN its pages are rendered
        pdf = render_pdf(data, timeout_s=90)
        # THEN a PDF comes back and nothing was requested from the listener
        assert pdf.startswith(b"%PDF")
        time.sleep(0.5)
        assert hits == []
    finally:
        server.shutdown()
