"""The integrator's main job with the Python client that openapi-python-client generates from our
OpenAPI document, against a real server: log in, upload a PDF, wait for VECTORIZED, search, ask,
read the stream, create an API key, ask the public chat.

Run by test/openapi/python-client.test.ts as
`python python_client_flow.py <client parent dir> <base URL> <e-mail> <password> <pdf path>`;
prints one JSON object of what it saw on stdout and exits non-zero on the first surprise. It uses
only the generated package (`cog_rag_client`) and its httpx client: no hand-written types.
"""

import json
import sys
import time

import httpx

sys.path.insert(0, sys.argv[1])

from cog_rag_client import AuthenticatedClient, Client  # noqa: E402
from cog_rag_client.api.api_keys import create_api_key  # noqa: E402
from cog_rag_client.api.auth import login  # noqa: E402
from cog_rag_client.api.chat import send_chat_message  # noqa: E402
from cog_rag_client.api.documents import get_document, upload_document  # noqa: E402
from cog_rag_client.api.public import public_chat  # noqa: E402
from cog_rag_client.api.search import search_documents  # noqa: E402
from cog_rag_client.models import (  # noqa: E402
    CreateApiKeyRequest,
    CreateApiKeyResponse,
    ErrorEnvelope,
    GetDocumentResponse,
    LoginRequest,
    LoginResponse,
    PublicChatRequest,
    PublicChatResponse,
    SearchDocumentsRequest,
    SearchDocumentsResponse,
    SendChatMessageRequest,
    SendChatMessageResponse,
    StreamChatRequest,
    StreamDoneEvent,
    StreamErrorEvent,
    StreamSourcesEvent,
    StreamTokenEvent,
    UploadDocumentRequest,
    UploadDocumentResponse,
)
from cog_rag_client.types import File  # noqa: E402

StreamEvent = StreamTokenEvent | StreamSourcesEvent | StreamDoneEvent | StreamErrorEvent


def stream_event(data: dict[str, object]) -> StreamEvent:
    """One `data:` payload of /api/chat/stream as the generated model its `type` names."""
    kind = data.get("type")
    if kind == "token":
        return StreamTokenEvent.from_dict(data)
    if kind == "sources":
        return StreamSourcesEvent.from_dict(data)
    if kind == "done":
        return StreamDoneEvent.from_dict(data)
    return StreamErrorEvent.from_dict(data)


def main() -> None:
    _, _, base_url, email, password, pdf_path = sys.argv
    seen: dict[str, object] = {}
    anonymous = Client(base_url=base_url, timeout=httpx.Timeout(120.0))

    logged_in = login.sync(client=anonymous, body=LoginRequest(email=email, password=password))
    assert isinstance(logged_in, LoginResponse), logged_in
    seen["role"] = str(logged_in.data.user.role)
    client = AuthenticatedClient(base_url=base_url, token=logged_in.data.access_token, timeout=httpx.Timeout(120.0))

    with open(pdf_path, "rb") as pdf:
        uploaded = upload_document.sync(
            client=client,
            body=UploadDocumentRequest(
                file=File(payload=pdf, file_name="nics.pdf", mime_type="application/pdf"),
                name="NICS checks",
            ),
        )
    assert isinstance(uploaded, UploadDocumentResponse), uploaded
    document_id = uploaded.data.id
    status = str(uploaded.data.status)
    deadline = time.monotonic() + 180
    while status in ("UPLOADED", "PROCESSING"):
        assert time.monotonic() < deadline, f"still {status}"
        time.sleep(0.3)
        document = get_document.sync(id=document_id, client=client)
        assert isinstance(document, GetDocumentResponse), document
        status = str(document.data.status)
    seen["status"] = status

    missing = get_document.sync(id="doc_nope", client=client)
    assert isinstance(missing, ErrorEnvelope), missing
    seen["missingCode"] = str(missing.error.code)

    hits = search_documents.sync(client=client, body=SearchDocumentsRequest(query="background checks"))
    assert isinstance(hits, SearchDocumentsResponse), hits
    seen["searchTopDocument"] = hits.data.items[0].document_id if hits.data.items else None
    seen["documentId"] = document_id

    asked = send_chat_message.sync(
        client=client, body=SendChatMessageRequest(message="How many background checks were there?")
    )
    assert isinstance(asked, SendChatMessageResponse), asked
    seen["answered"] = bool(asked.data.answer)
    seen["sources"] = len(asked.data.sources)

    events: list[StreamEvent] = []
    body = StreamChatRequest(message="What do the background checks cover?").to_dict()
    with client.get_httpx_client().stream(
        "POST", "/api/chat/stream", json=body, headers={"Accept": "text/event-stream"}
    ) as streamed:
        seen["streamType"] = streamed.headers.get("content-type", "").split(";")[0]
        for line in streamed.iter_lines():
            if line.startswith("data:"):
                events.append(stream_event(json.loads(line[5:].strip())))
    seen["streamKinds"] = sorted({str(event.type_) for event in events})
    last = events[-1] if events else None
    seen["streamLast"] = str(last.type_) if last else None
    seen["conversationId"] = last.conversation_id if isinstance(last, StreamDoneEvent) else None

    key = create_api_key.sync(client=client, body=CreateApiKeyRequest(name="widget", all_documents=True))
    assert isinstance(key, CreateApiKeyResponse), key
    seen["keyPrefix"] = key.data.key[:9]

    # The generated client's documented way to send an API key in a header of our choosing.
    widget = AuthenticatedClient(
        base_url=base_url,
        token=key.data.key,
        prefix="",
        auth_header_name="X-API-Key",
        timeout=httpx.Timeout(120.0),
    )
    public = public_chat.sync(
        client=widget, body=PublicChatRequest(message="How many background checks were there?")
    )
    assert isinstance(public, PublicChatResponse), public
    seen["publicAnswered"] = bool(public.data.answer)
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
