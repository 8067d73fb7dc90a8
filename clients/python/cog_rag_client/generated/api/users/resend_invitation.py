from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.resend_invitation_response import ResendInvitationResponse
from typing import cast



def _get_kwargs(
    user_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/invitations/{user_id}/resend".format(user_id=quote(str(user_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ResendInvitationResponse | None:
    if response.status_code == 200:
        response_200 = ResendInvitationResponse.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ResendInvitationResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorEnvelope | ResendInvitationResponse]:
    """ A fresh invitation link (the earlier ones stop working), e-mailed when SMTP_URL is set

     For a user invited and not signed in yet: a new one-time token valid 7 days replaces the earlier
    links. An unknown user (or another company’s) is 404; an accepted invitation is 409.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ResendInvitationResponse]
     """


    kwargs = _get_kwargs(
        user_id=user_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorEnvelope | ResendInvitationResponse | None:
    """ A fresh invitation link (the earlier ones stop working), e-mailed when SMTP_URL is set

     For a user invited and not signed in yet: a new one-time token valid 7 days replaces the earlier
    links. An unknown user (or another company’s) is 404; an accepted invitation is 409.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ResendInvitationResponse
     """


    return sync_detailed(
        user_id=user_id,
client=client,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorEnvelope | ResendInvitationResponse]:
    """ A fresh invitation link (the earlier ones stop working), e-mailed when SMTP_URL is set

     For a user invited and not signed in yet: a new one-time token valid 7 days replaces the earlier
    links. An unknown user (or another company’s) is 404; an accepted invitation is 409.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ResendInvitationResponse]
     """


    kwargs = _get_kwargs(
        user_id=user_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> ErrorEnvelope | ResendInvitationResponse | None:
    """ A fresh invitation link (the earlier ones stop working), e-mailed when SMTP_URL is set

     For a user invited and not signed in yet: a new one-time token valid 7 days replaces the earlier
    links. An unknown user (or another company’s) is 404; an accepted invitation is 409.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ResendInvitationResponse
     """


    return (await asyncio_detailed(
        user_id=user_id,
client=client,

    )).parsed
