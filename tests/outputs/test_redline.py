"""Word redline (issue 11, item 1): tracked changes and comments in the original DOCX.

Checked three ways: the package (every part other than the body, the comments part and
its declarations is the original's bytes; untouched paragraphs serialise identically);
WordprocessingML's constraints on revisions and comments that can be checked without
Word (unique ids, author and xsd:dateTime date, no ``w:t`` in a deletion, comment ranges
paired and referenced, the part declared); and a real client — LibreOffice headless
opens the file and exports it to PDF, where the inserted and deleted text and the
comments (as PDF annotations) are found.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import shutil

import pytest
from lxml import etree

from pipelines.redline import AUTHOR, COMMENTS_CT, COMMENTS_REL, redline_review

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
DATE = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
_CHANGE_PARENTS = {W + t for t in ("p", "hyperlink", "smartTag", "sdtContent", "fldSimple", "customXml")}


def soffice() -> str | None:
    """The LibreOffice binary, or None (the tests that need it skip)."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def check_wordml(original: bytes, redlined: bytes) -> dict:
    """Assert the redline's package and WordprocessingML constraints; return counts."""
    before, after = _parts(original), _parts(redlined)
    changed = {n for n in after if before.get(n) != after[n]}
    assert changed <= {"word/document.xml", "word/comments.xml", "[Content_Types].xml",
                       "word/_rels/document.xml.rels"}, changed
    assert set(before) <= set(after)
    for name, blob in after.items():  # every XML part well-formed
        if name.endswith((".xml", ".rels")):
            etree.fromstring(blob)
    doc = etree.fromstring(after["word/document.xml"])
    old = etree.fromstring(before["word/document.xml"])
    stamp = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
    rev_ids = []
    for el in doc.iter(W + "ins", W + "del"):
        if el.get(W + "author") != AUTHOR:
            continue
        rev_ids.append(el.get(W + "id"))
        assert stamp.match(el.get(W + "date") or ""), el.get(W + "date")
        assert el.getparent().tag in _CHANGE_PARENTS, el.getparent().tag
        assert all(c.tag == W + "r" for c in el), "a run-level w:ins/w:del holds runs only"
        if el.tag == W + "del":
            assert el.find(f".//{W}t") is None, "deleted text must be w:delText"
        else:
            assert el.find(f".//{W}delText") is None
    assert len(rev_ids) == len(set(rev_ids))
    for dt in doc.iter(W + "delText"):
        assert any(a.tag == W + "del" for a in dt.iterancestors())
    # comments: paired ranges, one reference each, each defined once in the comments part
    starts = [e.get(W + "id") for e in doc.iter(W + "commentRangeStart")]
    ends = [e.get(W + "id") for e in doc.iter(W + "commentRangeEnd")]
    refs = [e.get(W + "id") for e in doc.iter(W + "commentReference")]
    assert sorted(starts) == sorted(ends) == sorted(refs) and len(set(starts)) == len(starts)
    order = [(e.tag, e.get(W + "id")) for e in doc.iter(W + "commentRangeStart", W + "commentRangeEnd")]
    for cid in starts:
        assert order.index((W + "commentRangeStart", cid)) < order.index((W + "commentRangeEnd", cid))
    for ref in doc.iter(W + "commentReference"):
        assert ref.getparent().tag == W + "r"
    if starts:
        comments = etree.fromstring(after["word/comments.xml"])
        defined = [c.get(W + "id") for c in comments.iter(W + "comment")]
        assert sorted(defined) == sorted(starts)
        assert not set(defined) & set(rev_ids), "comment and revision ids are distinct"
        for c in comments.iter(W + "comment"):
            assert c.get(W + "author") == AUTHOR and stamp.match(c.get(W + "date"))
            assert len(c) and all(p.tag == W + "p" for p in c)
        ct = etree.fromstring(after["[Content_Types].xml"])
        assert any(o.get("PartName") == "/word/comments.xml" and o.get("ContentType") == COMMENTS_CT for o in ct)
        rels = etree.fromstring(after["word/_rels/document.xml.rels"])
        assert any(r.get("Type") == COMMENTS_REL and r.get("Target") == "comments.xml" for r in rels)
    # untouched paragraphs and the section properties are the original's
    marks = (W + "ins", W + "del", W + "commentRangeStart", W + "commentRangeEnd", W + "commentReference")
    new_ps, old_ps = list(doc.iter(W + "p")), list(old.iter(W + "p"))
    assert len(new_ps) == len(old_ps)
    touched = 0
    for a, b in zip(new_ps, old_ps, strict=True):
        if any(True for _ in a.iter(*marks)):
            touched += 1
        else:
            assert etree.tostring(a, method="c14n") == etree.tostring(b, method="c14n")
    assert etree.tostring(doc.find(f".//{W}sectPr"), method="c14n") == etree.tostring(old.find(f".//{W}sectPr"),
                                                                                       method="c14n")
    return {"revisions": len(rev_ids), "comments": len(starts), "touched_paragraphs": touched}


def _visible_text(data: bytes, *, deleted: bool) -> str:
    """The body text with insertions, and with (``deleted``) or without deletions."""
    doc = etree.fromstring(_parts(data)["word/document.xml"])
    tags = (W + "t", W + "delText") if deleted else (W + "t",)
    return "".join(t.text or "" for t in doc.iter(*tags))


def test_redline_of_a_labour_contract_tracks_each_revision_and_comments_each_risk(labour_docx, review_bytes):
    review = review_bytes(labour_docx, "labour.docx").review
    assert len(review.risks) >= 3
    res = redline_review(labour_docx, review, date=DATE)
    assert res.not_located == [] and res.changed == [r.risk_id for r in review.risks]
    counts = check_wordml(labour_docx, res.data)
    assert counts["comments"] == len(review.risks)
    assert counts["revisions"] >= 2 * len(review.risks)  # one deletion and one insertion at least per risk
    after, kept = _visible_text(res.data, deleted=False), _visible_text(res.data, deleted=True)
    for r in review.risks:
        assert r.suggested_text in after
    # the probation sentence sits in three runs (the middle one bold): each split keeps its formatting
    doc = etree.fromstring(_parts(res.data)["word/document.xml"])
    bold_deleted = [r for r in doc.iter(W + "r") if r.find(W + "delText") is not None
                    and (b := r.find(f"{W}rPr/{W}b")) is not None and b.get(W + "val") not in ("0", "false")]
    assert [r.findtext(W + "delText") for r in bold_deleted] == ["三个月"]
    assert "试用期为三个月" in kept and "试用期为三个月" not in after
    comments = etree.fromstring(_parts(res.data)["word/comments.xml"])
    text = "".join(t.text or "" for t in comments.iter(W + "t"))
    for r in review.risks:
        assert r.title in text and r.explanation[:20] in text
        for c in r.citations:
            assert c.article_label in text
    assert "2026-03-01T09:30:00Z" in _parts(res.data)["word/document.xml"].decode()


def test_redline_of_the_dev_set_docx_contracts(shared_dir, review_bytes):
    """Every DOCX contract of the labelled dev set: each risk is commented, the evidence
    of nearly every one carries a tracked change, and the package checks hold."""
    files = sorted((shared_dir / "eval" / "dev").glob("*/contract.docx"))
    assert files
    total = changed = 0
    for f in files:
        data = f.read_bytes()
        review = review_bytes(data, f.name).review
        res = redline_review(data, review, date=DATE)
        check_wordml(data, res.data)
        assert res.commented == [r.risk_id for r in sorted(review.risks, key=lambda r: r.clause.char_start)]
        total += len(review.risks)
        changed += len(res.changed)
    assert total and changed / total >= 0.8, (changed, total)


def test_a_text_input_gets_a_docx_rendering_with_the_same_changes(review_bytes, labour_docx):
    from pipelines.extract import extract

    text = extract(labour_docx).text.encode("utf-8")
    review = review_bytes(text, "labour.txt").review
    assert review.document["format"] == "txt" and review.risks
    res = redline_review(text, review, date=DATE)
    assert res.commented and res.changed == [r.risk_id for r in review.risks]
    with zipfile.ZipFile(io.BytesIO(res.data)) as z:
        assert "word/comments.xml" in z.namelist()


def test_control_characters_in_a_text_contract_or_a_stored_review_never_break_the_word_file(review_bytes, labour_docx):
    from pipelines.extract import extract

    # GIVEN a TXT contract carrying C0 controls and a noncharacter (XML 1.0 cannot hold them)
    text = extract(labour_docx).text
    dirty = (text[:20] + "\x01\x1f" + text[20:40] + "\ufffe" + text[40:]).encode("utf-8")
    review = review_bytes(dirty, "labour.txt").review
    # THEN extraction removes them (and says so) and the redline is written
    assert "\x01" not in review.document_text and "\ufffe" not in review.document_text
    assert any("control characters" in w for w in review.warnings)
    assert redline_review(dirty, review, date=DATE).changed
    # AND a stored review made before that (its text and a suggestion still holding them) renders too
    risk = review.risks[0].model_copy(update={"suggested_text": "\x03" + review.risks[0].suggested_text + "\uffff",
                                                "explanation": "\x04" + review.risks[0].explanation})
    stale = review.model_copy(update={"document_text": "\x02" + review.document_text, "risks": [risk]})
    res = redline_review(dirty, stale, date=DATE)
    with zipfile.ZipFile(io.BytesIO(res.data)) as z:
        assert b"\x03" not in z.read("word/document.xml") and "word/comments.xml" in z.namelist()


def _lo_pdf(docx_path: Path, outdir: Path) -> Path:
    """Convert with LibreOffice headless, comments exported as PDF annotations."""
    profile = outdir / "lo-profile"
    cmd = [soffice(), f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
           "--convert-to", 'pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}',
           "--outdir", str(outdir), str(docx_path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    pdf = outdir / (docx_path.stem + ".pdf")
    assert pdf.exists(), proc.stdout + proc.stderr
    return pdf


@pytest.mark.skipif(soffice() is None, reason="LibreOffice is not installed (scripts/install.sh installs "
                                               "libreoffice-writer-nogui as root on Debian)")
def test_libreoffice_opens_the_redline_and_shows_changes_and_comments(tmp_path, labour_docx, review_bytes, artifacts):
    import pymupdf

    review = review_bytes(labour_docx, "labour.docx").review
    res = redline_review(labour_docx, review, date=DATE)
    path = tmp_path / "labour-redline.docx"
    path.write_bytes(res.data)
    pdf = pymupdf.open(_lo_pdf(path, tmp_path))
    text = "".join(page.get_text() for page in pdf).replace("\n", "")
    notes = [a.info.get("content", "") for page in pdf for a in page.annots()]
    squash = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    for r in review.risks:
        assert squash(r.suggested_text)[:30] in squash(text), r.risk_id  # the insertion is shown
        assert any(r.title in n for n in notes), (r.title, notes)  # the comment is there
    assert "三个月" in text  # the deletion is shown (struck through), not dropped
    assert "杭州青禾信息技术有限公司劳动合同劳动合同书" in squash(text)  # the header survived
    shot = artifacts / "redline-libreoffice-page1.png"
    pdf[0].get_pixmap(dpi=110).save(shot)
    (artifacts / "redline-libreoffice.pdf").write_bytes(pdf.tobytes())
    print(f"\nLibreOffice rendering of the redline: {shot}")


@pytest.mark.skipif(soffice() is None, reason="LibreOffice is not installed")
def test_libreoffice_reads_the_revisions_back_with_their_author(tmp_path, labour_docx, review_bytes):
    """LibreOffice round trip: saved again as DOCX by LibreOffice, the revisions and
    comments are still there with author contract-review (it parsed them as revisions,
    not as plain text)."""
    review = review_bytes(labour_docx, "labour.docx").review
    path = tmp_path / "in.docx"
    path.write_bytes(redline_review(labour_docx, review, date=DATE).data)
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run([soffice(), f"-env:UserInstallation={(tmp_path / 'p').as_uri()}", "--headless", "--norestore",
                    "--convert-to", "docx:MS Word 2007 XML", "--outdir", str(out), str(path)],
                   capture_output=True, timeout=180, check=True)
    parts = _parts((out / "in.docx").read_bytes())
    doc = etree.fromstring(parts["word/document.xml"])
    authors = {e.get(W + "author") for e in doc.iter(W + "ins", W + "del")}
    assert authors == {AUTHOR}
    assert len(list(doc.iter(W + "del"))) >= len(review.risks)
    comments = etree.fromstring(parts["word/comments.xml"])
    assert len(list(comments.iter(W + "comment"))) == len(review.risks)
    assert json.dumps([r.risk_id for r in review.risks])  # keep the review referenced


def test_a_finding_that_quotes_part_of_a_sentence_replaces_the_whole_sentence():
    """A new user's lease: the finding quoted 「甲方可以随时解除本合同……乙方已支付的」; the tracked deletion
    removed only that, so accepting every change left 「租金和押金不予退还。」 standing as a rule of its own."""
    from pipelines.redline import _whole_sentences

    para = "1. 甲方可以随时解除本合同，只需提前三日通知乙方，且无需承担任何违约责任，乙方已支付的租金和押金不予退还。乙方应爱护房屋。"
    quote = "甲方可以随时解除本合同，只需提前三日通知乙方，且无需承担任何违约责任，乙方已支付的"
    start = para.find(quote)
    a, b = _whole_sentences(para, (start, start + len(quote)))
    assert para[a:b] == "1. 甲方可以随时解除本合同，只需提前三日通知乙方，且无需承担任何违约责任，乙方已支付的租金和押金不予退还。"
    # a quote that is a whole sentence already, in the middle of a paragraph, stays as it is
    s = para.find("乙方应爱护房屋。")
    assert _whole_sentences(para, (s, s + len("乙方应爱护房屋。"))) == (s, s + len("乙方应爱护房屋。"))
