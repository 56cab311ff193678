"""Redline of hostile DOCX packages.

GIVEN a DOCX whose comments relationship points outside the package, or with two ZIP
      members of the same name
WHEN it is redlined
THEN the output carries its own comments part (no member named after a URL), or the input
     is refused — never a file Word or LibreOffice cannot open while the CLI reports success.
"""

from __future__ import annotations

import io
import zipfile

import docx
import pytest

from pipelines.redline import redline_docx
from pipelines.review import ReviewOptions, run_review
from pipelines.screen import load_playbook

TEXT = ["设备买卖合同", "第一条 买方逾期付款的，每逾期一日，应按合同总价款的5%向卖方支付违约金。",
        "第二条 因本合同发生的争议，提交上海仲裁委员会仲裁。"]


def _docx() -> bytes:
    d = docx.Document()
    for line in TEXT:
        d.add_paragraph(line)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _rewrite(data: bytes, edit) -> bytes:
    zin = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, edit(info.filename, zin.read(info.filename)))
    return out.getvalue()


@pytest.fixture(scope="module")
def review_of(outputs_index_root):
    from knowledge.index import StatuteIndex

    index = StatuteIndex.load(outputs_index_root)

    def review(data: bytes):
        return run_review(data, filename="c.docx", index=index, playbook=load_playbook(), generator=None,
                          options=ReviewOptions(use_llm=False)).review
    return review


def test_an_external_comments_relationship_is_replaced_by_our_own_part(review_of):
    def edit(name, body):
        if name == "word/_rels/document.xml.rels":
            rel = (b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                   b'relationships/comments" Target="http://evil.example/c.xml" TargetMode="External"/>')
            return body.replace(b"</Relationships>", rel + b"</Relationships>")
        return body
    data = _rewrite(_docx(), edit)
    review = review_of(data)
    assert review.risks
    result = redline_docx(data, review)
    out = zipfile.ZipFile(io.BytesIO(result.data))
    assert not any("://" in n for n in out.namelist())
    assert "word/comments.xml" in out.namelist()
    rels = out.read("word/_rels/document.xml.rels")
    assert b"evil.example" not in rels and b'Target="comments.xml"' in rels


def test_two_members_with_the_same_name_are_refused():
    data = _docx()
    buf = io.BytesIO(data)
    with zipfile.ZipFile(buf, "a") as z, pytest.warns(UserWarning):
        z.writestr("word/document.xml", b"<x/>")
    with pytest.raises(ValueError, match="same name"):
        redline_docx(buf.getvalue(), None)  # refused before the review is looked at
