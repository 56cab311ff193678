"""Outgoing webhooks: endpoints, the delivery outbox, signing, SSRF-safe sending.

Rules and their sources:

* Signing follows Standard Webhooks 1.0.0 ("Signature scheme", "Headers"): headers
  ``webhook-id`` (the same on every attempt), ``webhook-timestamp`` (Unix seconds of
  the attempt) and ``webhook-signature`` = ``v1,<base64 HMAC-SHA256 over
  "{id}.{timestamp}.{body}">``, with a per-endpoint ``whsec_`` secret of 32 random
  bytes; the body is ``{"type", "timestamp", "data"}`` ("Payload structure"). Signed
  with the ``standardwebhooks`` reference library.
* Retries ("Retry schedule"): only 2xx is success; attempts follow
  ``Settings.webhook_retry_schedule`` (default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
  20 h, 24 h: about three days); ``410 Gone`` disables the endpoint and cancels its
  pending deliveries; redirects are not followed; each attempt has a timeout.
* SSRF (OWASP SSRF Prevention Cheat Sheet, "Case 2"): http(s) only; the host is resolved
  (A and AAAA) and refused when any address is not global (loopback, private,
  link-local, CGNAT, multicast, unspecified, reserved, site-local, documentation,
  benchmarking: every IANA special-purpose range), and the IPv4 address embedded in an
  IPv6 one (IPv4-mapped ``::ffff:a.b.c.d``, IPv4-compatible ``::a.b.c.d``, NAT64
  ``64:ff9b::/96`` and ``64:ff9b:1::/48``, 6to4 ``2002::/16``, Teredo) is checked as
  well, unless the tenant has ``allow_private_webhooks``; the request then connects to the vetted
  address, keeping the ``Host`` header and TLS SNI of the name, so a DNS answer cannot
  change between the check and the connection.
* Deliveries are rows written in the same transaction as the review (the outbox); the
  ``webhooks`` queue sends them only after that commit.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import secrets
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import httpx
from sqlmodel import Session, select
from standardwebhooks import Webhook

from worker.db.models import Tenant, WebhookDelivery, WebhookEndpoint, utcnow

__all__ = ["EVENTS", "DeliveryOutcome", "UnsafeCallbackUrl", "attempt_delivery", "create_endpoint",
           "delete_endpoint", "due_deliveries", "enqueue_event", "new_secret", "risk_changes", "sign_headers",
           "vet_url"]

EVENTS = ("review.completed", "review.partial", "review.updated", "review.failed")
"""``review.completed``: a complete review (every check ran). ``review.partial``: the
review finished but some checks did not run, or the contract's language is not covered
(``data.review_status`` is ``partial`` or ``not_reviewed``; ``data.not_run`` says what
did not run). ``review.updated``: a re-run of a reviewed document. ``review.failed``."""
_USER_AGENT = "contract-review-webhooks/1"


class UnsafeCallbackUrl(ValueError):
    """Raised when a callback URL is not http(s), does not resolve, or resolves to a
    non-public address the tenant is not allowed to call."""


def new_secret() -> str:
    """A fresh endpoint secret: ``whsec_`` + base64 of 32 random bytes (spec: 24–64)."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def vet_url(url: str, *, allow_private: bool) -> list[str]:
    """Check a callback URL against SSRF rules and return the addresses to connect to.

    Args:
        url: the endpoint URL.
        allow_private: the tenant may call loopback/private/link-local addresses.

    Returns:
        The resolved IP addresses (strings), all acceptable.

    Raises:
        UnsafeCallbackUrl: bad scheme or host, no address, or a non-public address.
    """
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL as exc:
        raise UnsafeCallbackUrl(f"not a valid URL: {exc}") from exc
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise UnsafeCallbackUrl("callback URLs must be http(s)://host/...")
    if parsed.userinfo:
        raise UnsafeCallbackUrl("callback URLs must not carry credentials")
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(parsed.host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise UnsafeCallbackUrl(f"host {parsed.host!r} does not resolve") from exc
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    for addr in addresses:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])
        for candidate in (ip, *_embedded_ipv4(ip)):
            if candidate.is_multicast or candidate.is_unspecified:
                raise UnsafeCallbackUrl(f"host {parsed.host!r} resolves to {ip}, which cannot receive callbacks")
            if not allow_private and not _public(candidate):
                shown = f"{ip} (which carries {candidate})" if candidate != ip else str(ip)
                raise UnsafeCallbackUrl(f"host {parsed.host!r} resolves to the non-public address {shown}; "
                                        "callbacks to loopback, private, link-local or other special-purpose "
                                        "addresses are refused")
    if not addresses:
        raise UnsafeCallbackUrl(f"host {parsed.host!r} has no address")
    return addresses


_NAT64 = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("64:ff9b:1::/48"))
_V4_COMPATIBLE = ipaddress.IPv6Network("::/96")
_IPV6_UNICAST = ipaddress.IPv6Network("2000::/3")


def _embedded_ipv4(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """IPv4 addresses an IPv6 address carries and that a network may route to
    (RFC 4291 mapped and compatible, RFC 6052/8215 NAT64, RFC 3056 6to4, RFC 4380 Teredo)."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return []
    out = []
    if ip.ipv4_mapped is not None:
        out.append(ip.ipv4_mapped)
    if ip in _V4_COMPATIBLE:
        out.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    if any(ip in net for net in _NAT64):
        out.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    if ip.sixtofour is not None:
        out.append(ip.sixtofour)
    if ip.teredo is not None:
        out.extend(ip.teredo)
    return out


def _public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """A globally routable unicast address outside every special-purpose range."""
    if not ip.is_global or ip.is_reserved or ip.is_link_local or ip.is_loopback or ip.is_private:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        # only global unicast 2000::/3 is public; site-local fec0::/10 and the rest are not
        return ip in _IPV6_UNICAST and not ip.is_site_local
    return True


def sign_headers(secret: str, msg_id: str, body: str, *, now: datetime | None = None) -> dict[str, str]:
    """Standard Webhooks headers for one attempt of one message."""
    ts = (now or datetime.now(UTC)).replace(microsecond=0)
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(ts.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id, ts, body),
        "content-type": "application/json",
        "user-agent": _USER_AGENT,
    }


def _send(url: str, headers: dict[str, str], body: str, *, allow_private: bool, timeout: float) -> int:
    """POST to the vetted address of ``url``; return the HTTP status (redirects not followed).

    Raises:
        UnsafeCallbackUrl: the URL fails :func:`vet_url` now.
        httpx.HTTPError: connection refused, timeout, TLS failure.
    """
    target = httpx.URL(url)
    address = vet_url(url, allow_private=allow_private)[0]
    pinned = target.copy_with(host=address)
    headers = {**headers, "host": target.netloc.decode("ascii")}
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        request = client.build_request("POST", pinned, headers=headers, content=body.encode(),
                                       extensions=extensions)
        response = client.send(request, stream=True)  # the body is never read
        response.close()
        return response.status_code


# --- endpoints ------------------------------------------------------------------------

def create_endpoint(session: Session, *, tenant: Tenant, url: str, events: list[str]) -> WebhookEndpoint:
    """Register a callback URL for a tenant (checked against SSRF rules now and at
    every attempt). Commits.

    Raises:
        UnsafeCallbackUrl: the URL is refused.
        ValueError: an unknown event type.
    """
    unknown = sorted(set(events) - set(EVENTS))
    if unknown or not events:
        raise ValueError(f"events must be a non-empty subset of {list(EVENTS)}; unknown: {unknown}")
    vet_url(url, allow_private=tenant.allow_private_webhooks)
    endpoint = WebhookEndpoint(tenant_id=tenant.id, url=url, secret=new_secret(), events=sorted(set(events)))
    session.add(endpoint)
    from worker.db.crud import add_audit

    add_audit(session, tenant_id=tenant.id, actor="api", action="webhook_endpoint.created", subject=url[:128])
    session.commit()
    session.refresh(endpoint)
    return endpoint


def delete_endpoint(session: Session, endpoint: WebhookEndpoint) -> None:
    """Mark an endpoint deleted and cancel its pending deliveries. Commits."""
    endpoint.status = "deleted"
    session.add(endpoint)
    _cancel_pending(session, endpoint.id)
    from worker.db.crud import add_audit

    add_audit(session, tenant_id=endpoint.tenant_id, actor="api", action="webhook_endpoint.deleted",
              subject=str(endpoint.id))
    session.commit()


def _cancel_pending(session: Session, endpoint_id: int) -> None:
    for d in session.exec(select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id,
                                                        WebhookDelivery.status == "pending")):
        d.status = "cancelled"
        d.next_attempt_at = None
        session.add(d)


# --- the outbox -----------------------------------------------------------------------

def enqueue_event(session: Session, *, tenant_id: str, document_id: int | None, event_type: str,
                  data: dict) -> list[WebhookDelivery]:
    """Add one delivery per active endpoint of ``tenant_id`` that wants ``event_type``.

    Does not commit: the caller writes the deliveries in the transaction that makes the
    event true (the review, the failure), and sends them only after it commits.
    """
    body = json.dumps({"type": event_type, "timestamp": utcnow().isoformat().replace("+00:00", "Z"), "data": data},
                      ensure_ascii=False, separators=(",", ":"))
    rows = []
    for ep in session.exec(select(WebhookEndpoint).where(WebhookEndpoint.tenant_id == tenant_id,
                                                         WebhookEndpoint.status == "active")):
        if event_type in ep.events:
            row = WebhookDelivery(tenant_id=tenant_id, endpoint_id=ep.id, document_id=document_id,
                                  event_type=event_type, msg_id=f"msg_{uuid.uuid4().hex}", body=body)
            session.add(row)
            rows.append(row)
    return rows


@dataclass(frozen=True)
class DeliveryOutcome:
    """What one attempt did: ``status`` is ``delivered``, ``retry``, ``failed``,
    ``disabled``, ``refused`` or ``skipped``; ``retry_in`` seconds when ``retry``."""

    status: str
    status_code: int | None = None
    retry_in: int | None = None


def attempt_delivery(session: Session, *, delivery_id: int, attempt: int, schedule: list[int],
                     timeout: float) -> DeliveryOutcome:
    """Send one delivery once and record the result. Commits.

    Args:
        delivery_id: the ``webhook_delivery`` row.
        attempt: the attempt number the message was sent for; a message whose attempt
            was already made (a duplicate from redelivery or the relay) is skipped.
        schedule: seconds to wait after attempt 1, 2, ...; past its end the delivery fails.
        timeout: seconds for the whole request.
    """
    d = session.get(WebhookDelivery, delivery_id)
    if d is None or d.status != "pending" or d.attempts != attempt:
        return DeliveryOutcome("skipped")
    ep = session.get(WebhookEndpoint, d.endpoint_id)
    tenant = session.get(Tenant, d.tenant_id)
    if ep is None or ep.status != "active" or ep.tenant_id != d.tenant_id:
        d.status, d.next_attempt_at = "cancelled", None
        session.add(d)
        session.commit()
        return DeliveryOutcome("skipped")
    code, error = None, None
    try:
        code = _send(ep.url, sign_headers(ep.secret, d.msg_id, d.body), d.body,
                     allow_private=bool(tenant and tenant.allow_private_webhooks), timeout=timeout)
    except UnsafeCallbackUrl as exc:
        error = f"refused: {exc}"
    except httpx.HTTPError as exc:
        error = f"{exc.__class__.__name__}: {exc}"[:500]
    d.attempts += 1
    d.last_status_code, d.last_error = code, error
    if code is not None and 200 <= code < 300:
        d.status, d.delivered_at, d.next_attempt_at, d.last_error = "delivered", utcnow(), None, None
        outcome = DeliveryOutcome("delivered", code)
    elif code == 410:
        d.status, d.next_attempt_at = "cancelled", None
        ep.status, ep.disabled_reason = "disabled", f"410 Gone at {utcnow().isoformat()}"
        session.add(ep)
        _cancel_pending(session, ep.id)
        outcome = DeliveryOutcome("disabled", code)
    elif d.attempts > len(schedule):
        d.status, d.next_attempt_at = "failed", None
        outcome = DeliveryOutcome("failed", code)
    else:
        delay = int(schedule[d.attempts - 1])
        d.next_attempt_at = utcnow() + timedelta(seconds=delay)
        outcome = DeliveryOutcome("refused" if error and error.startswith("refused") else "retry", code, delay)
    session.add(d)
    session.commit()
    return outcome


def due_deliveries(session: Session, *, grace: int, lease: int, limit: int = 500) -> list[tuple[int, int]]:
    """Pending deliveries whose next attempt is more than ``grace`` seconds overdue (the
    short retries are already on the queue); each is leased for ``lease`` seconds so the
    next relay run does not send it again. Commits.

    Returns:
        ``[(delivery_id, attempt), ...]`` to put on the ``webhooks`` queue.
    """
    now = utcnow()
    rows = session.exec(select(WebhookDelivery).where(
        WebhookDelivery.status == "pending", WebhookDelivery.next_attempt_at <= now - timedelta(seconds=grace),
    ).order_by(WebhookDelivery.next_attempt_at).limit(limit)).all()
    out = []
    for d in rows:
        d.next_attempt_at = now + timedelta(seconds=lease)
        session.add(d)
        out.append((d.id, d.attempts))
    session.commit()
    return out


def risk_changes(old: dict | None, new: dict) -> dict:
    """What changed between two review bodies, for ``review.updated``.

    Risks are matched on (clause id, category, title): ``risk_ids`` are positional and
    change when a risk is added before another. A matched risk whose severity,
    suggestion, citations or backing playbook checks differ is ``changed``.

    Returns:
        ``{"versions": {name: [old, new]}, "risks_added": [...], "risks_removed": [...],
        "risks_changed": [...]}`` with a short summary of each risk (no contract text).
    """
    def key(r: dict) -> tuple:
        return (r["clause"]["clause_id"], r["category"], r["title"])

    def brief(r: dict) -> dict:
        return {"risk_id": r["risk_id"], "category": r["category"], "severity": r["severity"],
                "title": r["title"], "clause_id": r["clause"]["clause_id"]}

    def cites(r: dict) -> list:
        return sorted((c["law"], c["article"]) for c in r.get("citations", []))

    before = {key(r): r for r in (old or {}).get("risks", [])}
    after = {key(r): r for r in new.get("risks", [])}
    def facts(r: dict) -> tuple:
        return r["severity"], r.get("suggested_text"), cites(r), sorted(r.get("check_ids", []))

    changed = [{**brief(after[k]), "severity_before": before[k]["severity"]} for k in after
               if k in before and facts(before[k]) != facts(after[k])]
    ov, nv = (old or {}).get("versions", {}), new.get("versions", {})
    return {
        "versions": {k: [ov.get(k), nv.get(k)] for k in nv if ov.get(k) != nv.get(k)},
        "risks_added": [brief(after[k]) for k in after if k not in before],
        "risks_removed": [brief(before[k]) for k in before if k not in after],
        "risks_changed": changed,
    }
