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
import uuid

import httpx

sys.path.insert(0, sys.argv[1])

from cog_rag_client import AuthenticatedClient, Client  # noqa: E402
from cog_rag_client.api.api_keys import create_api_key  # noqa: E402
from cog_rag_client.api.auth import login, refresh_token  # noqa: E402
from cog_rag_client.api.chat import send_chat_message  # noqa: E402
from cog_rag_client.api.documents import get_document, list_documents, upload_document  # noqa: E402
from cog_rag_client.api.public import public_chat  # noqa: E402
from cog_rag_client.api.search import search_documents  # noqa: E402
from cog_rag_client.api.topics import create_topic, list_topics  # noqa: E402
from cog_rag_client.models import (  # noqa: E402
    CreateApiKeyRequest,
    CreateApiKeyResponse,
    CreateTopicRequest,
    CreateTopicResponse,
    ListDocumentsResponse,
    ListDocumentsStatus,
    ListTopicsResponse,
    RefreshTokenRequest,
    RefreshTokenResponse,
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


def read_stream(http: httpx.Client, path: str, body: dict[str, object], seen: dict[str, object], name: str) -> list[StreamEvent]:
    """POSTs once (never re-sent) and reads the SSE body as typed events; records kinds and the last."""
    events: list[StreamEvent] = []
    with http.stream("POST", path, json=body, headers={"Accept": "text/event-stream"}) as streamed:
        seen[f"{name}Type"] = streamed.headers.get("content-type", "").split(";")[0]
        for line in streamed.iter_lines():
            if line.startswith("data:"):
                events.append(stream_event(json.loads(line[5:].strip())))
    seen[f"{name}Kinds"] = sorted({str(event.type_) for event in events})
    seen[f"{name}Last"] = str(events[-1].type_) if events else None
    return events


def main() -> None:
    _, _, base_url, email, password, pdf_path = sys.argv
    seen: dict[str, object] = {}
    anonymous = Client(base_url=base_url, timeout=httpx.Timeout(120.0))

    logged_in = login.sync(client=anonymous, body=LoginRequest(email=email, password=password))
    assert isinstance(logged_in, LoginResponse), logged_in
    seen["role"] = str(logged_in.data.user.role)
    refreshed = refresh_token.sync(
        client=anonymous, body=RefreshTokenRequest(refresh_token=logged_in.data.refresh_token)
    )
    assert isinstance(refreshed, RefreshTokenResponse), refreshed
    seen["refreshed"] = bool(refreshed.data.access_token)
    client = AuthenticatedClient(base_url=base_url, token=refreshed.data.access_token, timeout=httpx.Timeout(120.0))

    key = str(uuid.uuid4())

    def upload() -> UploadDocumentResponse:
        with open(pdf_path, "rb") as pdf:
            sent = upload_document.sync(
                client=client,
                body=UploadDocumentRequest(
                    file=File(payload=pdf, file_name="nics.pdf", mime_type="application/pdf"),
                    name="NICS checks",
                ),
                idempotency_key=key,
            )
        assert isinstance(sent, UploadDocumentResponse), sent
        return sent

    uploaded = upload()
    document_id = uploaded.data.id
    seen["retrySameId"] = upload().data.id == document_id
    status = str(uploaded.data.status)
    deadline = time.monotonic() + 180
    while status in ("UPLOADED", "PROCESSING"):
        assert time.monotonic() < deadline, f"still {status}"
        time.sleep(0.3)
        document = get_document.sync(id=document_id, client=client)
        assert isinstance(document, GetDocumentResponse), document
        status = str(document.data.status)
    seen["status"] = status

    listed = list_documents.sync(client=client, status=ListDocumentsStatus.VECTORIZED, search="NICS", limit=5)
    assert isinstance(listed, ListDocumentsResponse), listed
    seen["listed"] = any(item.id == document_id for item in listed.data.items)
    topic = create_topic.sync(client=client, body=CreateTopicRequest(name="Policies"), idempotency_key=str(uuid.uuid4()))
    assert isinstance(topic, CreateTopicResponse), topic
    topics = list_topics.sync(client=client)
    assert isinstance(topics, ListTopicsResponse), topics
    seen["topicListed"] = any(item.id == topic.data.id for item in topics.data.items)

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

    body = StreamChatRequest(message="What do the background checks cover?").to_dict()
    events = read_stream(client.get_httpx_client(), "/api/chat/stream", body, seen, "stream")
    last = events[-1] if events else None
    seen["conversationId"] = last.conversation_id if isinstance(last, StreamDoneEvent) else None

    created = create_api_key.sync(client=client, body=CreateApiKeyRequest(name="widget", all_documents=True))
    assert isinstance(created, CreateApiKeyResponse), created
    seen["keyPrefix"] = created.data.key[:9]

    # The generated client's documented way to send an API key in a header of our choosing.
    widget = AuthenticatedClient(
        base_url=base_url,
        token=created.data.key,
        prefix="",
        auth_header_name="X-API-Key",
        timeout=httpx.Timeout(120.0),
    )
    public = public_chat.sync(
        client=widget, body=PublicChatRequest(message="How many background checks were there?")
    )
    assert isinstance(public, PublicChatResponse), public
    seen["publicAnswered"] = bool(public.data.answer)
    read_stream(widget.get_httpx_client(), "/api/public/chat/stream", body, seen, "publicStream")
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
