"""Builders of hostile input files, generated at test time (no binary blobs committed).

Each builder returns the file's bytes. PDFs are written by hand (objects, xref, trailer)
so a test can break exactly one part; DOCX and ZIP files likewise, so headers can lie.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CONTENT_TYPES = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                 'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                 'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override '
                 'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                 'wordprocessingml.document.main+xml"/></Types>')
PACKAGE_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
CLAUSE = "第一条 货款 甲方应于验收合格后三十日内向乙方支付货款人民币拾万元整。"


def pdf(page_streams: list[bytes], *, break_xref: bool = False, extra_objects: list[bytes] = ()) -> bytes:
    """A PDF with one page per content stream (Helvetica as /F1).

    ``break_xref`` shifts every xref offset so no entry points at its object (MuPDF must
    repair or refuse it). ``extra_objects`` are appended as further objects.
    """
    n = len(page_streams)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for i, stream in enumerate(page_streams):
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                    f"/Contents {5 + 2 * i} 0 R >>".encode())
        objs.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objs.extend(extra_objects)
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % (off + (13 if break_xref else 0))
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def text_stream(lines: list[str], size: int = 11) -> bytes:
    """A content stream writing ASCII ``lines`` down the page."""
    ops = [b"BT /F1 %d Tf" % size]
    for i, line in enumerate(lines):
        ops.append(b"1 0 0 1 72 %d Tm (%s) Tj" % (780 - i * (size + 4), line.encode("latin-1")))
    ops.append(b"ET")
    return b"\n".join(ops)


def tiny_spans(count: int) -> bytes:
    """A content stream of ``count`` separately placed 1-point spans."""
    ops = [b"BT /F1 1 Tf"]
    for i in range(count):
        ops.append(b"1 0 0 1 %d %d Tm (Ab) Tj" % (20 + (i * 7) % 550, 20 + (i // 79) % 800))
    ops.append(b"ET")
    return b"\n".join(ops)


def docx(body_xml: str, *, prolog: str = "", document_rels: str | None = None,
         parts: dict[str, str] | None = None) -> bytes:
    """A minimal DOCX whose body is ``body_xml`` (WordprocessingML inside ``w:body``), with
    further ``parts`` (zip path -> XML text) that ``document_rels`` may point to."""
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>{prolog}'
                f'<w:document xmlns:w="{W_NS}" xmlns:r="{R_NS}"><w:body>{body_xml}</w:body></w:document>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        zf.writestr("_rels/.rels", PACKAGE_RELS)
        zf.writestr("word/document.xml", document)
        if document_rels is not None:
            zf.writestr("word/_rels/document.xml.rels", document_rels)
        for name, xml in (parts or {}).items():
            zf.writestr(name, xml)
    return buf.getvalue()


def para(text: str) -> str:
    return f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"


def nested_tables(depth: int) -> bytes:
    """A DOCX whose one table holds a table in its cell, ``depth`` levels down."""
    inner = para("最深处的单元格")
    for _ in range(depth):
        inner = f"<w:tbl><w:tr><w:tc>{inner}</w:tc></w:tr></w:tbl>"
    return docx(para(CLAUSE) + inner + "<w:p/>")


def zip_bomb(*, understate: bool, megabytes: int = 300) -> bytes:
    """A DOCX whose word/document.xml inflates to ``megabytes`` MiB of paragraphs.

    With ``understate`` its local and central headers claim 1,000 bytes (and the CRC of
    the first 1,000), so checks of the declared sizes pass; otherwise the headers are honest.
    """
    chunk = ("<w:p><w:r><w:t>甲方应支付货款。</w:t></w:r></w:p>" * 20000).encode()[: 1 << 20]
    head = f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}"><w:body>'.encode()
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = [deflate.compress(head)]
    crc, size = zlib.crc32(head), len(head)
    first = head
    for _ in range(megabytes):
        packed.append(deflate.compress(chunk))
        crc, size = zlib.crc32(chunk, crc), size + len(chunk)
        first = first if len(first) >= 1000 else first + chunk
    packed.append(deflate.flush())
    body = b"".join(packed)
    if understate:
        crc, size = zlib.crc32(first[:1000]), 1000
    return raw_zip([("[Content_Types].xml", CONTENT_TYPES.encode()), ("_rels/.rels", PACKAGE_RELS.encode()),
                    ("word/document.xml", (body, crc, size))])


def raw_zip(members: list[tuple[str, bytes | tuple[bytes, int, int]]]) -> bytes:
    """A ZIP written by hand. A member is ``(name, data)`` (deflated here) or
    ``(name, (deflated bytes, crc32, declared uncompressed size))`` (headers as given)."""
    out, central = bytearray(), bytearray()
    for name, member in members:
        if isinstance(member, bytes):
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            member = (c.compress(member) + c.flush(), zlib.crc32(member), len(member))
        data, crc, size = member
        fname = name.encode()
        offset = len(out)
        out += struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(data), size, len(fname), 0)
        out += fname + data
        central += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(data), size, len(fname),
                               0, 0, 0, 0, 0, offset) + fname
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(members), len(members), len(central), len(out), 0)
    return bytes(out + central + end)
