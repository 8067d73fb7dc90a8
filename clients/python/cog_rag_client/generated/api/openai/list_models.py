from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.model_list import ModelList
from ...models.open_ai_error_response import OpenAIErrorResponse
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/models",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ModelList | OpenAIErrorResponse | None:
    if response.status_code == 200:
        response_200 = ModelList.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = OpenAIErrorResponse.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = OpenAIErrorResponse.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ModelList | OpenAIErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ModelList | OpenAIErrorResponse]:
    """ OpenAI-compatible model list: `cog-rag` and one model per readable topic

     `cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic,
    one per topic the caller (user or API key) may read. Send `Authorization: Bearer <key>`, the key
    being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering from its
    topics only); `X-API-Key` is accepted too.

    Rate limit: the authenticated class per user (300 a minute by default), the public class per API key
    (60).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ModelList | OpenAIErrorResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> ModelList | OpenAIErrorResponse | None:
    """ OpenAI-compatible model list: `cog-rag` and one model per readable topic

     `cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic,
    one per topic the caller (user or API key) may read. Send `Authorization: Bearer <key>`, the key
    being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering from its
    topics only); `X-API-Key` is accepted too.

    Rate limit: the authenticated class per user (300 a minute by default), the public class per API key
    (60).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ModelList | OpenAIErrorResponse
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ModelList | OpenAIErrorResponse]:
    """ OpenAI-compatible model list: `cog-rag` and one model per readable topic

     `cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic,
    one per topic the caller (user or API key) may read. Send `Authorization: Bearer <key>`, the key
    being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering from its
    topics only); `X-API-Key` is accepted too.

    Rate limit: the authenticated class per user (300 a minute by default), the public class per API key
    (60).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ModelList | OpenAIErrorResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> ModelList | OpenAIErrorResponse | None:
    """ OpenAI-compatible model list: `cog-rag` and one model per readable topic

     `cog-rag` answers from every document the caller may read; `cog-rag:topic/<topicId>` from one topic,
    one per topic the caller (user or API key) may read. Send `Authorization: Bearer <key>`, the key
    being a user’s access token (`POST /api/auth/login`) or an API key (`svc_live_…`, answering from its
    topics only); `X-API-Key` is accepted too.

    Rate limit: the authenticated class per user (300 a minute by default), the public class per API key
    (60).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ModelList | OpenAIErrorResponse
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
