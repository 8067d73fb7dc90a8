"""The whole flow with openapi-generator's `python` client (pydantic models, urllib3), generated from
the served document with no edits, against a real server: log in, refresh, multipart upload retried
with its Idempotency-Key, poll to VECTORIZED, filtered list, topics, chat/message, both SSE streams
read as typed events, an API key.

Run by test/openapi/generators.test.ts as
`python openapi_generator_python_flow.py <client parent dir> <base URL> <e-mail> <password>`; prints
one JSON object of what it saw and exits non-zero on the first surprise. It uses only the generated
package (`cog_rag_og`): no hand-written types, no cast(), no Any. Streams come from the
`…_without_preload_content` methods (the urllib3 response, read as SSE; `stream_chat()` itself would
deserialise the whole stream as one value), each `data:` parsed by the generated `ChatStreamEvent`.
"""

import json
import sys
import time
import uuid
from collections.abc import Iterator

sys.path.insert(0, sys.argv[1])

from cog_rag_og import (  # noqa: E402
    ApiClient,
    ApiKeysApi,
    AuthApi,
    ChatApi,
    ChatStreamEvent,
    Configuration,
    CreateApiKeyRequest,
    CreateTopicRequest,
    DocumentsApi,
    LoginRequest,
    PublicApi,
    PublicStreamChatRequest,
    RefreshTokenRequest,
    SendChatMessageRequest,
    StreamChatRequest,
    StreamDoneEvent,
    TopicsApi,
)
from cog_rag_og.rest import RESTResponseType  # noqa: E402

NOTES = (
    b"Refund policy. Customers may return any product within 30 days of purchase for a full refund. "
    b"Refunds are paid to the original payment method within 5 business days.\n"
)
QUESTION = "Within how many days can a product be returned for a refund?"
seen: dict[str, object] = {}


def sse_data(response: RESTResponseType) -> Iterator[str]:
    """The `data:` of each Server-Sent Event of a streamed urllib3 response (WHATWG HTML parsing)."""
    buffer = ""
    for chunk in response.stream(1024, decode_content=True):
        buffer += chunk.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            lines = [line[5:].removeprefix(" ") for line in block.split("\n") if line.startswith("data:")]
            if lines:
                yield "\n".join(lines)


def record_stream(prefix: str, response: RESTResponseType) -> None:
    """Reads a stream as the generated `ChatStreamEvent` union; records its kinds and the last."""
    kinds: list[str] = []
    for data in sse_data(response):
        event = ChatStreamEvent.from_json(data).actual_instance
        if event is None:
            continue
        kinds.append(event.type)
        if isinstance(event, StreamDoneEvent):
            seen["conversationId"] = event.conversation_id
    seen[f"{prefix}Kinds"] = sorted(set(kinds))
    seen[f"{prefix}Last"] = kinds[-1] if kinds else None


def main() -> None:
    _, _, base_url, email, password = sys.argv
    host = base_url.rstrip("/")
    auth = AuthApi(ApiClient(Configuration(host=host)))
    session = auth.login(LoginRequest(email=email, password=password))
    seen["role"] = session.data.user.role
    refreshed = auth.refresh_token(RefreshTokenRequest(refreshToken=session.data.refresh_token))
    seen["refreshed"] = len(refreshed.data.access_token) > 0
    client = ApiClient(Configuration(host=host, access_token=refreshed.data.access_token))

    documents = DocumentsApi(client)
    key = str(uuid.uuid4())
    uploaded = documents.upload_document(("refunds.txt", NOTES), idempotency_key=key, name="Refund policy")
    document_id = uploaded.data.id
    retried = documents.upload_document(("refunds.txt", NOTES), idempotency_key=key, name="Refund policy")
    seen["retrySameId"] = retried.data.id == document_id
    status = uploaded.data.status
    deadline = time.monotonic() + 180
    while status in ("UPLOADED", "PROCESSING"):
        assert time.monotonic() < deadline, f"still {status}"
        time.sleep(0.2)
        status = documents.get_document(document_id).data.status
    seen["status"] = status

    listed = documents.list_documents(status="VECTORIZED", search="Refund", limit=5)
    seen["listed"] = any(item.id == document_id for item in listed.data.items)
    topics = TopicsApi(client)
    topic = topics.create_topic(CreateTopicRequest(name="Policies"), idempotency_key=str(uuid.uuid4()))
    seen["topicListed"] = any(item.id == topic.data.id for item in topics.list_topics().data.items)

    chat = ChatApi(client)
    asked = chat.send_chat_message(SendChatMessageRequest(message=QUESTION), idempotency_key=str(uuid.uuid4()))
    seen["answered"] = len(asked.data.answer) > 0
    record_stream("stream", chat.stream_chat_without_preload_content(StreamChatRequest(message=QUESTION)))

    created = ApiKeysApi(client).create_api_key(
        CreateApiKeyRequest(name="widget", allDocuments=True), idempotency_key=str(uuid.uuid4())
    )
    seen["keyPrefix"] = created.data.key[:9]
    widget = PublicApi(ApiClient(Configuration(host=host, api_key={"apiKey": created.data.key})))
    record_stream(
        "publicStream", widget.public_stream_chat_without_preload_content(PublicStreamChatRequest(message=QUESTION))
    )
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
