from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.stream_chat_request import StreamChatRequest
from ...models.stream_done_event import StreamDoneEvent
from ...models.stream_error_event import StreamErrorEvent
from ...models.stream_sources_event import StreamSourcesEvent
from ...models.stream_token_event import StreamTokenEvent
from typing import cast



def _get_kwargs(
    *,
    body: StreamChatRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/chat/stream",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_chat_stream_event_type_0 = StreamTokenEvent.from_dict(data)



                return componentsschemas_chat_stream_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_chat_stream_event_type_1 = StreamSourcesEvent.from_dict(data)



                return componentsschemas_chat_stream_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_chat_stream_event_type_2 = StreamDoneEvent.from_dict(data)



                return componentsschemas_chat_stream_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_chat_stream_event_type_3 = StreamErrorEvent.from_dict(data)



            return componentsschemas_chat_stream_event_type_3

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())



        return response_404

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())



        return response_500

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())



        return response_502

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StreamChatRequest,

) -> Response[ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent]:
    """ Ask a question; the answer streams as Server-Sent Events

     Server-Sent Events (send `Accept: text/event-stream`), each event one line `data: <JSON>` (a
    `ChatStreamEvent`): zero or more `token` events (`content`: the next piece of text), one `sources`,
    then `done` with the `citationMap`, `conversationId`, `messageId` and, on the public route, the
    server-made `sessionId`. Every `[n]` in the tokens is a key of `citationMap`. Anything refused
    before the stream starts (validation, auth, unknown conversation, web search unavailable) is an
    ordinary JSON error response with its status; a failure after the stream started is sent as an
    `error` event and ends the stream. Comment lines `: ping` every 15 s keep proxies from closing an
    idle stream.

    Rate limit: 20 requests per minute by default (chat streaming class, per API key; at most 60 public
    requests per client IP).

    Args:
        body (StreamChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: StreamChatRequest,

) -> ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent | None:
    """ Ask a question; the answer streams as Server-Sent Events

     Server-Sent Events (send `Accept: text/event-stream`), each event one line `data: <JSON>` (a
    `ChatStreamEvent`): zero or more `token` events (`content`: the next piece of text), one `sources`,
    then `done` with the `citationMap`, `conversationId`, `messageId` and, on the public route, the
    server-made `sessionId`. Every `[n]` in the tokens is a key of `citationMap`. Anything refused
    before the stream starts (validation, auth, unknown conversation, web search unavailable) is an
    ordinary JSON error response with its status; a failure after the stream started is sent as an
    `error` event and ends the stream. Comment lines `: ping` every 15 s keep proxies from closing an
    idle stream.

    Rate limit: 20 requests per minute by default (chat streaming class, per API key; at most 60 public
    requests per client IP).

    Args:
        body (StreamChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: StreamChatRequest,

) -> Response[ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent]:
    """ Ask a question; the answer streams as Server-Sent Events

     Server-Sent Events (send `Accept: text/event-stream`), each event one line `data: <JSON>` (a
    `ChatStreamEvent`): zero or more `token` events (`content`: the next piece of text), one `sources`,
    then `done` with the `citationMap`, `conversationId`, `messageId` and, on the public route, the
    server-made `sessionId`. Every `[n]` in the tokens is a key of `citationMap`. Anything refused
    before the stream starts (validation, auth, unknown conversation, web search unavailable) is an
    ordinary JSON error response with its status; a failure after the stream started is sent as an
    `error` event and ends the stream. Comment lines `: ping` every 15 s keep proxies from closing an
    idle stream.

    Rate limit: 20 requests per minute by default (chat streaming class, per API key; at most 60 public
    requests per client IP).

    Args:
        body (StreamChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: StreamChatRequest,

) -> ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent | None:
    """ Ask a question; the answer streams as Server-Sent Events

     Server-Sent Events (send `Accept: text/event-stream`), each event one line `data: <JSON>` (a
    `ChatStreamEvent`): zero or more `token` events (`content`: the next piece of text), one `sources`,
    then `done` with the `citationMap`, `conversationId`, `messageId` and, on the public route, the
    server-made `sessionId`. Every `[n]` in the tokens is a key of `citationMap`. Anything refused
    before the stream starts (validation, auth, unknown conversation, web search unavailable) is an
    ordinary JSON error response with its status; a failure after the stream started is sent as an
    `error` event and ends the stream. Comment lines `: ping` every 15 s keep proxies from closing an
    idle stream.

    Rate limit: 20 requests per minute by default (chat streaming class, per API key; at most 60 public
    requests per client IP).

    Args:
        body (StreamChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | StreamDoneEvent | StreamErrorEvent | StreamSourcesEvent | StreamTokenEvent
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
