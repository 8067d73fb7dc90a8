from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.export_audit_events_actor_type import ExportAuditEventsActorType
from ...models.export_audit_events_outcome import ExportAuditEventsOutcome
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ExportAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ExportAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["action"] = action

    params["actor"] = actor

    json_actor_type: str | Unset = UNSET
    if not isinstance(actor_type, Unset):
        json_actor_type = actor_type.value

    params["actorType"] = json_actor_type

    params["targetType"] = target_type

    params["targetId"] = target_id

    json_outcome: str | Unset = UNSET
    if not isinstance(outcome, Unset):
        json_outcome = outcome.value

    params["outcome"] = json_outcome

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/audit-events/export",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ExportAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ExportAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,

) -> Response[ErrorEnvelope]:
    """ Export the company’s audit events as JSON Lines (streamed, oldest first)

     The same filters as the list, without pages: every matching event, one JSON object per line, in
    chain order, streamed. With the `prevHash` and `hash` of each event, the export can be verified
    outside the server.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        action (str | Unset):
        actor (str | Unset):
        actor_type (ExportAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ExportAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ExportAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ExportAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,

) -> ErrorEnvelope | None:
    """ Export the company’s audit events as JSON Lines (streamed, oldest first)

     The same filters as the list, without pages: every matching event, one JSON object per line, in
    chain order, streamed. With the `prevHash` and `hash` of each event, the export can be verified
    outside the server.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        action (str | Unset):
        actor (str | Unset):
        actor_type (ExportAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ExportAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope
     """


    return sync_detailed(
        client=client,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ExportAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ExportAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,

) -> Response[ErrorEnvelope]:
    """ Export the company’s audit events as JSON Lines (streamed, oldest first)

     The same filters as the list, without pages: every matching event, one JSON object per line, in
    chain order, streamed. With the `prevHash` and `hash` of each event, the export can be verified
    outside the server.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        action (str | Unset):
        actor (str | Unset):
        actor_type (ExportAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ExportAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ExportAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ExportAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,

) -> ErrorEnvelope | None:
    """ Export the company’s audit events as JSON Lines (streamed, oldest first)

     The same filters as the list, without pages: every matching event, one JSON object per line, in
    chain order, streamed. With the `prevHash` and `hash` of each event, the export can be verified
    outside the server.

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        action (str | Unset):
        actor (str | Unset):
        actor_type (ExportAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ExportAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,

    )).parsed
