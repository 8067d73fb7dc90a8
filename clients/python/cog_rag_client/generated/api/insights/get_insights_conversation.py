from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.get_insights_conversation_response import GetInsightsConversationResponse
from typing import cast



def _get_kwargs(
    id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/insights/conversations/{id}".format(id=quote(str(id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GetInsightsConversationResponse | None:
    if response.status_code == 200:
        response_200 = GetInsightsConversationResponse.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | GetInsightsConversationResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorEnvelope | GetInsightsConversationResponse]:
    """ Read a conversation from the insights (admin)

     One conversation of the company, read-only, whoever asked it (a user in the console or a widget
    visitor): what an admin opens from an unanswered or thumbs-down question. Another company’s
    conversation is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInsightsConversationResponse]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorEnvelope | GetInsightsConversationResponse | None:
    """ Read a conversation from the insights (admin)

     One conversation of the company, read-only, whoever asked it (a user in the console or a widget
    visitor): what an admin opens from an unanswered or thumbs-down question. Another company’s
    conversation is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInsightsConversationResponse
     """


    return sync_detailed(
        id=id,
client=client,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorEnvelope | GetInsightsConversationResponse]:
    """ Read a conversation from the insights (admin)

     One conversation of the company, read-only, whoever asked it (a user in the console or a widget
    visitor): what an admin opens from an unanswered or thumbs-down question. Another company’s
    conversation is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInsightsConversationResponse]
     """


    kwargs = _get_kwargs(
        id=id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorEnvelope | GetInsightsConversationResponse | None:
    """ Read a conversation from the insights (admin)

     One conversation of the company, read-only, whoever asked it (a user in the console or a widget
    visitor): what an admin opens from an unanswered or thumbs-down question. Another company’s
    conversation is 404.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInsightsConversationResponse
     """


    return (await asyncio_detailed(
        id=id,
client=client,

    )).parsed
