from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.get_insights_response import GetInsightsResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    days: int | Unset = 30,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["days"] = days


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/insights",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GetInsightsResponse | None:
    if response.status_code == 200:
        response_200 = GetInsightsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | GetInsightsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    days: int | Unset = 30,

) -> Response[ErrorEnvelope | GetInsightsResponse]:
    """ Questions per day by channel, unanswered and thumbs-down questions, most-cited documents (admin)

     Over the last `days` UTC days: per day the questions (split by channel: console or widget), refusals
    (an answer citing no source) and thumbs up/down; the latest unanswered and thumbs-down questions
    with their conversation; the most-cited documents; totals.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        days (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInsightsResponse]
     """


    kwargs = _get_kwargs(
        days=days,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    days: int | Unset = 30,

) -> ErrorEnvelope | GetInsightsResponse | None:
    """ Questions per day by channel, unanswered and thumbs-down questions, most-cited documents (admin)

     Over the last `days` UTC days: per day the questions (split by channel: console or widget), refusals
    (an answer citing no source) and thumbs up/down; the latest unanswered and thumbs-down questions
    with their conversation; the most-cited documents; totals.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        days (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInsightsResponse
     """


    return sync_detailed(
        client=client,
days=days,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    days: int | Unset = 30,

) -> Response[ErrorEnvelope | GetInsightsResponse]:
    """ Questions per day by channel, unanswered and thumbs-down questions, most-cited documents (admin)

     Over the last `days` UTC days: per day the questions (split by channel: console or widget), refusals
    (an answer citing no source) and thumbs up/down; the latest unanswered and thumbs-down questions
    with their conversation; the most-cited documents; totals.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        days (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInsightsResponse]
     """


    kwargs = _get_kwargs(
        days=days,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    days: int | Unset = 30,

) -> ErrorEnvelope | GetInsightsResponse | None:
    """ Questions per day by channel, unanswered and thumbs-down questions, most-cited documents (admin)

     Over the last `days` UTC days: per day the questions (split by channel: console or widget), refusals
    (an answer citing no source) and thumbs up/down; the latest unanswered and thumbs-down questions
    with their conversation; the most-cited documents; totals.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        days (int | Unset):  Default: 30.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInsightsResponse
     """


    return (await asyncio_detailed(
        client=client,
days=days,

    )).parsed
