from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.set_public_message_feedback_request import SetPublicMessageFeedbackRequest
from ...models.set_public_message_feedback_response import SetPublicMessageFeedbackResponse
from typing import cast



def _get_kwargs(
    message_id: str,
    *,
    body: SetPublicMessageFeedbackRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/public/messages/{message_id}/feedback".format(message_id=quote(str(message_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | SetPublicMessageFeedbackResponse | None:
    if response.status_code == 200:
        response_200 = SetPublicMessageFeedbackResponse.from_dict(response.json())



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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | SetPublicMessageFeedbackResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    message_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPublicMessageFeedbackRequest,

) -> Response[ErrorEnvelope | SetPublicMessageFeedbackResponse]:
    """ Widget: rate an answer thumbs up or down (null clears the rating)

     Rates an answer of the visitor’s widget conversation: `up`, `down`, or `null` to take the rating
    back. The answer must belong to the conversation of `sessionId` (a server-made session of this key):
    a question, another session’s, another key’s or another company’s message is 404.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        message_id (str):
        body (SetPublicMessageFeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SetPublicMessageFeedbackResponse]
     """


    kwargs = _get_kwargs(
        message_id=message_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    message_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPublicMessageFeedbackRequest,

) -> ErrorEnvelope | SetPublicMessageFeedbackResponse | None:
    """ Widget: rate an answer thumbs up or down (null clears the rating)

     Rates an answer of the visitor’s widget conversation: `up`, `down`, or `null` to take the rating
    back. The answer must belong to the conversation of `sessionId` (a server-made session of this key):
    a question, another session’s, another key’s or another company’s message is 404.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        message_id (str):
        body (SetPublicMessageFeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SetPublicMessageFeedbackResponse
     """


    return sync_detailed(
        message_id=message_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    message_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPublicMessageFeedbackRequest,

) -> Response[ErrorEnvelope | SetPublicMessageFeedbackResponse]:
    """ Widget: rate an answer thumbs up or down (null clears the rating)

     Rates an answer of the visitor’s widget conversation: `up`, `down`, or `null` to take the rating
    back. The answer must belong to the conversation of `sessionId` (a server-made session of this key):
    a question, another session’s, another key’s or another company’s message is 404.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        message_id (str):
        body (SetPublicMessageFeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | SetPublicMessageFeedbackResponse]
     """


    kwargs = _get_kwargs(
        message_id=message_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    message_id: str,
    *,
    client: AuthenticatedClient,
    body: SetPublicMessageFeedbackRequest,

) -> ErrorEnvelope | SetPublicMessageFeedbackResponse | None:
    """ Widget: rate an answer thumbs up or down (null clears the rating)

     Rates an answer of the visitor’s widget conversation: `up`, `down`, or `null` to take the rating
    back. The answer must belong to the conversation of `sessionId` (a server-made session of this key):
    a question, another session’s, another key’s or another company’s message is 404.

    Rate limit: 60 requests per minute by default (public class, per API key; at most 60 per client IP).

    Args:
        message_id (str):
        body (SetPublicMessageFeedbackRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | SetPublicMessageFeedbackResponse
     """


    return (await asyncio_detailed(
        message_id=message_id,
client=client,
body=body,

    )).parsed
