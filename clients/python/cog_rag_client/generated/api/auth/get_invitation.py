from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.get_invitation_request import GetInvitationRequest
from ...models.get_invitation_response import GetInvitationResponse
from typing import cast



def _get_kwargs(
    *,
    body: GetInvitationRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/invitation",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | GetInvitationResponse | None:
    if response.status_code == 200:
        response_200 = GetInvitationResponse.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())



        return response_400

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | GetInvitationResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: GetInvitationRequest,

) -> Response[ErrorEnvelope | GetInvitationResponse]:
    """ What an invitation token is for: the e-mail invited and the company joined

     Public, for the accept page, which reads it before the person commits. Answers only for a live,
    unused token (256 random bits); anything else is 404. A POST so the token stays out of URLs and
    logs.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (GetInvitationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInvitationResponse]
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
    client: AuthenticatedClient | Client,
    body: GetInvitationRequest,

) -> ErrorEnvelope | GetInvitationResponse | None:
    """ What an invitation token is for: the e-mail invited and the company joined

     Public, for the accept page, which reads it before the person commits. Answers only for a live,
    unused token (256 random bits); anything else is 404. A POST so the token stays out of URLs and
    logs.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (GetInvitationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInvitationResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: GetInvitationRequest,

) -> Response[ErrorEnvelope | GetInvitationResponse]:
    """ What an invitation token is for: the e-mail invited and the company joined

     Public, for the accept page, which reads it before the person commits. Answers only for a live,
    unused token (256 random bits); anything else is 404. A POST so the token stays out of URLs and
    logs.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (GetInvitationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | GetInvitationResponse]
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
    client: AuthenticatedClient | Client,
    body: GetInvitationRequest,

) -> ErrorEnvelope | GetInvitationResponse | None:
    """ What an invitation token is for: the e-mail invited and the company joined

     Public, for the accept page, which reads it before the person commits. Answers only for a live,
    unused token (256 random bits); anything else is 404. A POST so the token stays out of URLs and
    logs.

    Rate limit: 30 requests per minute by default (sign-in class, per client IP).

    Args:
        body (GetInvitationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | GetInvitationResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
