"""Issue 9 through the CLI as a user runs it, and the SSRF rules for callback URLs."""

from __future__ import annotations

import json

import pytest

from tests.worker.conftest import run_cli
from worker.webhooks import UnsafeCallbackUrl, vet_url

HEADING_WITH_MARKUP = """设备买卖合同

甲方（卖方）：测试设备有限公司
乙方（买方）：测试制造有限公司

第一条 [/] 价款 [bold red]
乙方逾期付款的，每逾期一日，应按合同总价款的5%向甲方支付违约金。

第二条 其他
本合同自双方签字盖章之日起生效。
"""
ENGLISH = """SALES CONTRACT

Article 1 Price. The Buyer shall pay the Seller USD 100,000 within thirty days of delivery.
Article 2 Liability. The Buyer shall pay liquidated damages of 5% of the price for each day of delay.
Article 3 Disputes. Disputes shall be submitted to arbitration in Shanghai.
"""


def test_markup_in_a_heading_and_escape_codes_in_a_file_name_are_printed_as_text(tmp_path, cli_env):
    # GIVEN a clause heading with rich markup and a file name with a terminal escape sequence
    path = tmp_path / "\x1b]0;pwned\x07[bold]合同[red].txt"
    path.write_text(HEADING_WITH_MARKUP, encoding="utf-8")
    out = tmp_path / "review.json"
    # WHEN it is reviewed
    r = run_cli(["review", str(path), "--no-llm", "--out", str(out)], cli_env)
    # THEN the review is written and printed (no MarkupError), the markup shown as text,
    # and no escape sequence reaches the terminal
    assert r.returncode == 0, r.stdout + r.stderr
    assert "[/]" in r.stdout and "MarkupError" not in r.stderr
    assert "\x1b]" not in r.stdout + r.stderr and "pwned\x07" not in r.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["status"] in ("complete", "partial")


def test_an_english_contract_is_reported_not_reviewed_not_clean(tmp_path, cli_env):
    path = tmp_path / "contract.txt"
    path.write_text(ENGLISH, encoding="utf-8")
    out = tmp_path / "review.json"
    r = run_cli(["review", str(path), "--no-llm", "--out", str(out)], cli_env)
    assert r.returncode == 0, r.stdout + r.stderr
    body = json.loads(out.read_text(encoding="utf-8"))
    assert (body["status"], body["language"]) == ("not_reviewed", "en")
    assert "未发现需要提示的风险" not in body["summary"] and "未发现需要提示的风险" not in r.stdout
    assert "review not_reviewed" in r.stdout and "未审查" in r.stdout


def test_shift_jis_text_fails_unsupported_encoding(tmp_path, cli_env):
    path = tmp_path / "契約.txt"
    path.write_bytes(("本契約は、売主と買主の間で締結される。第一条 目的 売主は買主に対し商品を売り渡す。" * 5).encode("shift_jis"))
    r = run_cli(["review", str(path), "--no-llm"], cli_env)
    assert r.returncode == 1 and "error [unsupported_encoding]" in r.stderr, r.stderr


@pytest.mark.parametrize("host", ["[::127.0.0.1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "[fec0::1]",
                                  "[::ffff:127.0.0.1]", "[2002:c0a8:101::]", "[64:ff9b::a00:1]", "[::]",
                                  "[2001:db8::1]", "[100::1]", "127.1", "0x7f000001", "192.0.2.1", "198.18.0.1",
                                  "100.64.0.1", "[ff02::1]"])
def test_callback_urls_to_special_purpose_addresses_are_refused(host):
    with pytest.raises(UnsafeCallbackUrl):
        vet_url(f"http://{host}/hook", allow_private=False)


def test_callback_urls_to_public_addresses_are_accepted():
    assert vet_url("https://[2001:4860:4860::8888]/hook", allow_private=False) == ["2001:4860:4860::8888"]
    assert vet_url("https://8.8.8.8/hook", allow_private=False) == ["8.8.8.8"]
