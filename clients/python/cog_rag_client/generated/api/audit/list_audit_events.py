from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...models.list_audit_events_actor_type import ListAuditEventsActorType
from ...models.list_audit_events_format import ListAuditEventsFormat
from ...models.list_audit_events_order import ListAuditEventsOrder
from ...models.list_audit_events_outcome import ListAuditEventsOutcome
from ...models.list_audit_events_response import ListAuditEventsResponse
from ...models.list_audit_events_sort import ListAuditEventsSort
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAuditEventsSort | Unset = ListAuditEventsSort.OCCURREDAT,
    order: ListAuditEventsOrder | Unset = ListAuditEventsOrder.DESC,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ListAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ListAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    format_: ListAuditEventsFormat | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["page"] = page

    params["limit"] = limit

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

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

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/audit-events",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | ListAuditEventsResponse | None:
    if response.status_code == 200:
        response_200 = ListAuditEventsResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | ListAuditEventsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAuditEventsSort | Unset = ListAuditEventsSort.OCCURREDAT,
    order: ListAuditEventsOrder | Unset = ListAuditEventsOrder.DESC,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ListAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ListAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    format_: ListAuditEventsFormat | Unset = UNSET,

) -> Response[ErrorEnvelope | ListAuditEventsResponse]:
    """ The company’s audit events, newest first (filter by action, actor, target, time)

     Every administrative action and security event of the company (docs/auth.md "Audit log"), paginated.
    `action` matches exactly, or as a prefix when it ends in `*`; `from` (inclusive) and `to`
    (exclusive) bound the time. `format=jsonl` answers the export instead (as `GET /api/audit-
    events/export`).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAuditEventsSort | Unset):  Default: ListAuditEventsSort.OCCURREDAT.
        order (ListAuditEventsOrder | Unset):  Default: ListAuditEventsOrder.DESC.
        action (str | Unset):
        actor (str | Unset):
        actor_type (ListAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ListAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        format_ (ListAuditEventsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListAuditEventsResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
sort=sort,
order=order,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,
format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAuditEventsSort | Unset = ListAuditEventsSort.OCCURREDAT,
    order: ListAuditEventsOrder | Unset = ListAuditEventsOrder.DESC,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ListAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ListAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    format_: ListAuditEventsFormat | Unset = UNSET,

) -> ErrorEnvelope | ListAuditEventsResponse | None:
    """ The company’s audit events, newest first (filter by action, actor, target, time)

     Every administrative action and security event of the company (docs/auth.md "Audit log"), paginated.
    `action` matches exactly, or as a prefix when it ends in `*`; `from` (inclusive) and `to`
    (exclusive) bound the time. `format=jsonl` answers the export instead (as `GET /api/audit-
    events/export`).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAuditEventsSort | Unset):  Default: ListAuditEventsSort.OCCURREDAT.
        order (ListAuditEventsOrder | Unset):  Default: ListAuditEventsOrder.DESC.
        action (str | Unset):
        actor (str | Unset):
        actor_type (ListAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ListAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        format_ (ListAuditEventsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListAuditEventsResponse
     """


    return sync_detailed(
        client=client,
page=page,
limit=limit,
sort=sort,
order=order,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,
format_=format_,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAuditEventsSort | Unset = ListAuditEventsSort.OCCURREDAT,
    order: ListAuditEventsOrder | Unset = ListAuditEventsOrder.DESC,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ListAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ListAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    format_: ListAuditEventsFormat | Unset = UNSET,

) -> Response[ErrorEnvelope | ListAuditEventsResponse]:
    """ The company’s audit events, newest first (filter by action, actor, target, time)

     Every administrative action and security event of the company (docs/auth.md "Audit log"), paginated.
    `action` matches exactly, or as a prefix when it ends in `*`; `from` (inclusive) and `to`
    (exclusive) bound the time. `format=jsonl` answers the export instead (as `GET /api/audit-
    events/export`).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAuditEventsSort | Unset):  Default: ListAuditEventsSort.OCCURREDAT.
        order (ListAuditEventsOrder | Unset):  Default: ListAuditEventsOrder.DESC.
        action (str | Unset):
        actor (str | Unset):
        actor_type (ListAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ListAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        format_ (ListAuditEventsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListAuditEventsResponse]
     """


    kwargs = _get_kwargs(
        page=page,
limit=limit,
sort=sort,
order=order,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,
format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    limit: int | Unset = 20,
    sort: ListAuditEventsSort | Unset = ListAuditEventsSort.OCCURREDAT,
    order: ListAuditEventsOrder | Unset = ListAuditEventsOrder.DESC,
    action: str | Unset = UNSET,
    actor: str | Unset = UNSET,
    actor_type: ListAuditEventsActorType | Unset = UNSET,
    target_type: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    outcome: ListAuditEventsOutcome | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    format_: ListAuditEventsFormat | Unset = UNSET,

) -> ErrorEnvelope | ListAuditEventsResponse | None:
    """ The company’s audit events, newest first (filter by action, actor, target, time)

     Every administrative action and security event of the company (docs/auth.md "Audit log"), paginated.
    `action` matches exactly, or as a prefix when it ends in `*`; `from` (inclusive) and `to`
    (exclusive) bound the time. `format=jsonl` answers the export instead (as `GET /api/audit-
    events/export`).

    Rate limit: 300 requests per minute by default (authenticated class, per user).

    Args:
        page (int | Unset):  Default: 1.
        limit (int | Unset):  Default: 20.
        sort (ListAuditEventsSort | Unset):  Default: ListAuditEventsSort.OCCURREDAT.
        order (ListAuditEventsOrder | Unset):  Default: ListAuditEventsOrder.DESC.
        action (str | Unset):
        actor (str | Unset):
        actor_type (ListAuditEventsActorType | Unset):
        target_type (str | Unset):
        target_id (str | Unset):
        outcome (ListAuditEventsOutcome | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        format_ (ListAuditEventsFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListAuditEventsResponse
     """


    return (await asyncio_detailed(
        client=client,
page=page,
limit=limit,
sort=sort,
order=order,
action=action,
actor=actor,
actor_type=actor_type,
target_type=target_type,
target_id=target_id,
outcome=outcome,
from_=from_,
to=to,
format_=format_,

    )).parsed
