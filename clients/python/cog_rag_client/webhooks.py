"""Webhook signature verification (Standard Webhooks; docs/webhooks.md "Verifying a signature")."""

import base64
import hashlib
import hmac
import time
from collections.abc import Mapping


def verify_webhook(
    secret: str, headers: Mapping[str, str], raw_body: bytes, *, tolerance_s: int = 300, now: float | None = None
) -> bool:
    """True when ``raw_body`` was signed by Cog-RAG with ``secret`` (``whsec_...``) within ``tolerance_s``.

    Verify the raw bytes before parsing JSON. ``headers`` must hold ``webhook-id``,
    ``webhook-timestamp`` (seconds) and ``webhook-signature`` (``v1,<base64>``, space-separated).
    """
    lower = {k.lower(): v for k, v in headers.items()}
    msg_id, timestamp, signatures = (lower.get(h) for h in ("webhook-id", "webhook-timestamp", "webhook-signature"))
    if not msg_id or not timestamp or not signatures or not timestamp.isdigit():
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance_s:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        version == "v1" and hmac.compare_digest(signature, expected)
        for version, _, signature in (entry.partition(",") for entry in signatures.split(" "))
    )
