"""Server-Sent Events of the chat stream routes as typed events (WHATWG HTML, "Server-sent events")."""

import json
from collections.abc import Iterable, Iterator, Mapping

from .generated import AuthenticatedClient, Client
from .generated.models import (
    ErrorEnvelope,
    StreamDoneEvent,
    StreamErrorEvent,
    StreamSourcesEvent,
    StreamTokenEvent,
)
from .helpers import CogRagError

ChatStreamEvent = StreamTokenEvent | StreamSourcesEvent | StreamDoneEvent | StreamErrorEvent
"""One event of a streamed answer, discriminated by ``type``: token, sources, done or error."""


def sse_data(lines: Iterable[str]) -> Iterator[str]:
    """The ``data:`` of each event in ``lines`` (joined across lines); comments and other fields skipped."""
    data: list[str] = []
    for line in lines:
        if line == "":
            if data:
                yield "\n".join(data)
            data = []
        elif line.startswith("data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)


def parse_event(data: Mapping[str, object]) -> ChatStreamEvent | None:
    """One ``data:`` payload (parsed JSON) as the generated model its ``type`` names.

    ``None`` for a ``type`` this version does not know: a newer server may add event types, and
    clients ignore them (docs/api.md).
    """
    kind = data.get("type")
    if kind == "token":
        return StreamTokenEvent.from_dict(data)
    if kind == "sources":
        return StreamSourcesEvent.from_dict(data)
    if kind == "done":
        return StreamDoneEvent.from_dict(data)
    if kind == "error":
        return StreamErrorEvent.from_dict(data)
    return None


def stream_chat(
    client: AuthenticatedClient | Client,
    message: str,
    *,
    path: str = "/api/chat/stream",
    conversation_id: str | None = None,
    topic_id: str | None = None,
    session_id: str | None = None,
) -> Iterator[ChatStreamEvent]:
    """Asks ``message`` and yields the answer's events as they arrive (tokens, sources, done).

    Events of a type this version does not know (and ``data:`` that is not a JSON object) are skipped.

    The question is POSTed exactly once: a dropped connection raises and is never retried.
    ``path`` is ``/api/chat/stream`` (a Bearer client) or ``/api/public/chat/stream`` (an API-key
    client, which may pass ``session_id``). Raises CogRagError when the request is refused before
    the stream starts (400, 401, 429, 503, ...).
    """
    body: dict[str, str] = {"message": message}
    if conversation_id is not None:
        body["conversationId"] = conversation_id
    if topic_id is not None:
        body["topicId"] = topic_id
    if session_id is not None:
        body["sessionId"] = session_id
    http = client.get_httpx_client()
    with http.stream("POST", path, json=body, headers={"Accept": "text/event-stream"}) as response:
        if response.status_code != 200:
            response.read()
            raise CogRagError(response.status_code, ErrorEnvelope.from_dict(response.json()))
        for data in sse_data(response.iter_lines()):
            try:
                payload = json.loads(data)
            except ValueError:
                continue
            event = parse_event(payload) if isinstance(payload, dict) else None
            if event is None:
                continue
            yield event
            if isinstance(event, (StreamDoneEvent, StreamErrorEvent)):
                return
