from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.chat_completion import ChatCompletion
from ...models.create_chat_completion_request import CreateChatCompletionRequest
from ...models.open_ai_error_response import OpenAIErrorResponse
from typing import cast



def _get_kwargs(
    *,
    body: CreateChatCompletionRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/chat/completions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ChatCompletion | OpenAIErrorResponse | None:
    if response.status_code == 200:
        response_200 = ChatCompletion.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = OpenAIErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = OpenAIErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = OpenAIErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = OpenAIErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 413:
        response_413 = OpenAIErrorResponse.from_dict(response.json())



        return response_413

    if response.status_code == 429:
        response_429 = OpenAIErrorResponse.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = OpenAIErrorResponse.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = OpenAIErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ChatCompletion | OpenAIErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChatCompletionRequest,

) -> Response[ChatCompletion | OpenAIErrorResponse]:
    """ OpenAI-compatible chat completion, answered from the company’s documents

     OpenAI’s Chat Completions (`stream` false: one `chat.completion`; true: `chat.completion.chunk`
    Server-Sent Events ending with `data: [DONE]`). The last message is the question, the earlier
    `user`/`assistant` messages its conversation; the answer cites `[n]`, and `x_cog_rag` (on the
    completion, and on the stream’s last chunk) lists the sources. Send `Authorization: Bearer <key>`,
    the key being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering
    from its topics only); `X-API-Key` is accepted too. Errors use OpenAI’s `{error: {message, type,
    param, code}}`, `code` being the `ErrorCode`.

    Rate limit: the chat streaming class (20 requests per minute by default, per user or API key),
    `stream` true or not.

    Args:
        body (CreateChatCompletionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatCompletion | OpenAIErrorResponse]
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
    body: CreateChatCompletionRequest,

) -> ChatCompletion | OpenAIErrorResponse | None:
    """ OpenAI-compatible chat completion, answered from the company’s documents

     OpenAI’s Chat Completions (`stream` false: one `chat.completion`; true: `chat.completion.chunk`
    Server-Sent Events ending with `data: [DONE]`). The last message is the question, the earlier
    `user`/`assistant` messages its conversation; the answer cites `[n]`, and `x_cog_rag` (on the
    completion, and on the stream’s last chunk) lists the sources. Send `Authorization: Bearer <key>`,
    the key being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering
    from its topics only); `X-API-Key` is accepted too. Errors use OpenAI’s `{error: {message, type,
    param, code}}`, `code` being the `ErrorCode`.

    Rate limit: the chat streaming class (20 requests per minute by default, per user or API key),
    `stream` true or not.

    Args:
        body (CreateChatCompletionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatCompletion | OpenAIErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChatCompletionRequest,

) -> Response[ChatCompletion | OpenAIErrorResponse]:
    """ OpenAI-compatible chat completion, answered from the company’s documents

     OpenAI’s Chat Completions (`stream` false: one `chat.completion`; true: `chat.completion.chunk`
    Server-Sent Events ending with `data: [DONE]`). The last message is the question, the earlier
    `user`/`assistant` messages its conversation; the answer cites `[n]`, and `x_cog_rag` (on the
    completion, and on the stream’s last chunk) lists the sources. Send `Authorization: Bearer <key>`,
    the key being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering
    from its topics only); `X-API-Key` is accepted too. Errors use OpenAI’s `{error: {message, type,
    param, code}}`, `code` being the `ErrorCode`.

    Rate limit: the chat streaming class (20 requests per minute by default, per user or API key),
    `stream` true or not.

    Args:
        body (CreateChatCompletionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatCompletion | OpenAIErrorResponse]
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
    body: CreateChatCompletionRequest,

) -> ChatCompletion | OpenAIErrorResponse | None:
    """ OpenAI-compatible chat completion, answered from the company’s documents

     OpenAI’s Chat Completions (`stream` false: one `chat.completion`; true: `chat.completion.chunk`
    Server-Sent Events ending with `data: [DONE]`). The last message is the question, the earlier
    `user`/`assistant` messages its conversation; the answer cites `[n]`, and `x_cog_rag` (on the
    completion, and on the stream’s last chunk) lists the sources. Send `Authorization: Bearer <key>`,
    the key being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering
    from its topics only); `X-API-Key` is accepted too. Errors use OpenAI’s `{error: {message, type,
    param, code}}`, `code` being the `ErrorCode`.

    Rate limit: the chat streaming class (20 requests per minute by default, per user or API key),
    `stream` true or not.

    Args:
        body (CreateChatCompletionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatCompletion | OpenAIErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
