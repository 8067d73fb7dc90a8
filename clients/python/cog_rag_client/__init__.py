"""Typed client for the Cog-RAG API (v3.5.0).

The operations and models are generated from the OpenAPI document by openapi-python-client into
``cog_rag_client.generated`` (``npm run openapi:client`` in the repository regenerates them). This
package adds what a generator does not do well: streamed answers as typed events
(:func:`stream_chat`, one POST, never re-sent), uploads with an ``Idempotency-Key``
(:func:`upload_document`), a session whose refreshes are serialised (:class:`TokenSession`,
:func:`session_client`), and webhook signature verification (:func:`verify_webhook`).
"""

from .generated import AuthenticatedClient, Client
from .helpers import CogRagError, upload_document, wait_until_processed
from .session import SessionEnded, TokenSession, session_client
from .sse import ChatStreamEvent, parse_event, sse_data, stream_chat
from .webhooks import verify_webhook

__all__ = [
    "AuthenticatedClient",
    "ChatStreamEvent",
    "Client",
    "CogRagError",
    "parse_event",
    "session_client",
    "SessionEnded",
    "sse_data",
    "stream_chat",
    "TokenSession",
    "upload_document",
    "verify_webhook",
    "wait_until_processed",
]
