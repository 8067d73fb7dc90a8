from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.get_readiness_response import GetReadinessResponse
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/ready",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GetReadinessResponse | None:
    if response.status_code == 200:
        response_200 = GetReadinessResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())



        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | GetReadinessResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorEnvelope | GetReadinessResponse]:
    """ Readiness: the database answers; ingestion queue figures (503 when it does not)

     For load balancers and orchestrators: 200 once the database answers (within a time budget), with the
    ingestion queue figures (totals over every company); 503 `SERVICE_UNAVAILABLE` otherwise, for the
    first seconds after a start while the server compiles its request and response schemas, and from the
    moment the process is told to stop (SIGTERM) while it drains. Never rate-limited.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetReadinessResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorEnvelope | GetReadinessResponse | None:
    """ Readiness: the database answers; ingestion queue figures (503 when it does not)

     For load balancers and orchestrators: 200 once the database answers (within a time budget), with the
    ingestion queue figures (totals over every company); 503 `SERVICE_UNAVAILABLE` otherwise, for the
    first seconds after a start while the server compiles its request and response schemas, and from the
    moment the process is told to stop (SIGTERM) while it drains. Never rate-limited.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetReadinessResponse
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorEnvelope | GetReadinessResponse]:
    """ Readiness: the database answers; ingestion queue figures (503 when it does not)

     For load balancers and orchestrators: 200 once the database answers (within a time budget), with the
    ingestion queue figures (totals over every company); 503 `SERVICE_UNAVAILABLE` otherwise, for the
    first seconds after a start while the server compiles its request and response schemas, and from the
    moment the process is told to stop (SIGTERM) while it drains. Never rate-limited.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetReadinessResponse]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorEnvelope | GetReadinessResponse | None:
    """ Readiness: the database answers; ingestion queue figures (503 when it does not)

     For load balancers and orchestrators: 200 once the database answers (within a time budget), with the
    ingestion queue figures (totals over every company); 503 `SERVICE_UNAVAILABLE` otherwise, for the
    first seconds after a start while the server compiles its request and response schemas, and from the
    moment the process is told to stop (SIGTERM) while it drains. Never rate-limited.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetReadinessResponse
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
