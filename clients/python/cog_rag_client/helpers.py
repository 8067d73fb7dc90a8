"""Uploads with an Idempotency-Key, waiting for processing, and the error raised on a refusal."""

import io
import time
import uuid

from .generated import AuthenticatedClient
from .generated.api.documents import get_document
from .generated.api.documents import upload_document as upload_operation
from .generated.models import Document, ErrorEnvelope, GetDocumentResponse, UploadDocumentRequest, UploadDocumentResponse
from .generated.types import UNSET, File


class CogRagError(Exception):
    """A refused request: the HTTP status and the API's error envelope (``error.code``, ``error.message``)."""

    def __init__(self, status: int, envelope: ErrorEnvelope | None) -> None:
        self.status = status
        self.envelope = envelope
        detail = f"{envelope.error.code}: {envelope.error.message}" if envelope else "no error envelope"
        super().__init__(f"HTTP {status} {detail}")


def upload_document(
    client: AuthenticatedClient,
    content: bytes,
    filename: str,
    *,
    name: str | None = None,
    topic_id: str | None = None,
    idempotency_key: str | None = None,
) -> Document:
    """Uploads ``content`` as ``filename`` and returns the document (status UPLOADED).

    Sends an ``Idempotency-Key`` (a new UUID unless given): calling again with the same key after a
    timeout returns the first document instead of creating a second. Raises CogRagError on a refusal.
    """
    answer = upload_operation.sync_detailed(
        client=client,
        body=UploadDocumentRequest(
            file=File(payload=io.BytesIO(content), file_name=filename),
            name=UNSET if name is None else name,
            topic_id=UNSET if topic_id is None else topic_id,
        ),
        idempotency_key=idempotency_key or str(uuid.uuid4()),
    )
    if isinstance(answer.parsed, UploadDocumentResponse):
        return answer.parsed.data
    raise CogRagError(answer.status_code, answer.parsed if isinstance(answer.parsed, ErrorEnvelope) else None)


def wait_until_processed(client: AuthenticatedClient, document_id: str, *, timeout_s: float = 300) -> Document:
    """Polls the document until it leaves UPLOADED/PROCESSING (VECTORIZED or ERROR); raises TimeoutError."""
    deadline = time.monotonic() + timeout_s
    while True:
        answer = get_document.sync_detailed(id=document_id, client=client)
        if not isinstance(answer.parsed, GetDocumentResponse):
            raise CogRagError(answer.status_code, answer.parsed)
        document = answer.parsed.data
        if str(document.status) not in ("UPLOADED", "PROCESSING"):
            return document
        if time.monotonic() > deadline:
            raise TimeoutError(f"document {document_id} still {document.status}")
        time.sleep(0.5)
