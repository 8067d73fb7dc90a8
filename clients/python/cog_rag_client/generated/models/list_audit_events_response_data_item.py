from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.list_audit_events_response_data_item_outcome import ListAuditEventsResponseDataItemOutcome
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.list_audit_events_response_data_item_actor import ListAuditEventsResponseDataItemActor
  from ..models.list_audit_events_response_data_item_details import ListAuditEventsResponseDataItemDetails
  from ..models.list_audit_events_response_data_item_target import ListAuditEventsResponseDataItemTarget





T = TypeVar("T", bound="ListAuditEventsResponseDataItem")



@_attrs_define
class ListAuditEventsResponseDataItem:
    """ 
        Attributes:
            id (str):
            seq (int): Position in the company’s chain, 1-based, without gaps
            company_id (None | str):
            occurred_at (datetime.datetime):
            actor (ListAuditEventsResponseDataItemActor):
            action (str): e.g. `auth.login`, `user.role_change`, `api_key.create`
            target (ListAuditEventsResponseDataItemTarget | None):
            outcome (ListAuditEventsResponseDataItemOutcome):
            status_code (int | None):
            ip (None | str):
            user_agent (None | str):
            request_id (None | str):
            details (ListAuditEventsResponseDataItemDetails): Small and safe: never a secret
            prev_hash (str): The previous event’s hash (64 zeros for the first)
            hash_ (str): SHA-256 of the canonical serialisation, prevHash included
     """

    id: str
    seq: int
    company_id: None | str
    occurred_at: datetime.datetime
    actor: ListAuditEventsResponseDataItemActor
    action: str
    target: ListAuditEventsResponseDataItemTarget | None
    outcome: ListAuditEventsResponseDataItemOutcome
    status_code: int | None
    ip: None | str
    user_agent: None | str
    request_id: None | str
    details: ListAuditEventsResponseDataItemDetails
    prev_hash: str
    hash_: str





    def to_dict(self) -> dict[str, Any]:
        from ..models.list_audit_events_response_data_item_actor import ListAuditEventsResponseDataItemActor # noqa: PLC0415
        from ..models.list_audit_events_response_data_item_details import ListAuditEventsResponseDataItemDetails # noqa: PLC0415
        from ..models.list_audit_events_response_data_item_target import ListAuditEventsResponseDataItemTarget # noqa: PLC0415
        id = self.id

        seq = self.seq

        company_id: None | str
        company_id = self.company_id

        occurred_at = self.occurred_at.isoformat()

        actor = self.actor.to_dict()

        action = self.action

        target: dict[str, Any] | None
        if isinstance(self.target, ListAuditEventsResponseDataItemTarget):
            target = self.target.to_dict()
        else:
            target = self.target

        outcome = self.outcome.value

        status_code: int | None
        status_code = self.status_code

        ip: None | str
        ip = self.ip

        user_agent: None | str
        user_agent = self.user_agent

        request_id: None | str
        request_id = self.request_id

        details = self.details.to_dict()

        prev_hash = self.prev_hash

        hash_ = self.hash_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "seq": seq,
            "companyId": company_id,
            "occurredAt": occurred_at,
            "actor": actor,
            "action": action,
            "target": target,
            "outcome": outcome,
            "statusCode": status_code,
            "ip": ip,
            "userAgent": user_agent,
            "requestId": request_id,
            "details": details,
            "prevHash": prev_hash,
            "hash": hash_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_audit_events_response_data_item_actor import ListAuditEventsResponseDataItemActor # noqa: PLC0415
        from ..models.list_audit_events_response_data_item_details import ListAuditEventsResponseDataItemDetails # noqa: PLC0415
        from ..models.list_audit_events_response_data_item_target import ListAuditEventsResponseDataItemTarget # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        seq = d.pop("seq")

        def _parse_company_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_id = _parse_company_id(d.pop("companyId"))


        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))




        actor = ListAuditEventsResponseDataItemActor.from_dict(d.pop("actor"))




        action = d.pop("action")

        def _parse_target(data: object) -> ListAuditEventsResponseDataItemTarget | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_type_0 = ListAuditEventsResponseDataItemTarget.from_dict(data)



                return target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListAuditEventsResponseDataItemTarget | None, data)

        target = _parse_target(d.pop("target"))


        outcome = ListAuditEventsResponseDataItemOutcome(d.pop("outcome"))




        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("statusCode"))


        def _parse_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip = _parse_ip(d.pop("ip"))


        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("userAgent"))


        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("requestId"))


        details = ListAuditEventsResponseDataItemDetails.from_dict(d.pop("details"))




        prev_hash = d.pop("prevHash")

        hash_ = d.pop("hash")

        list_audit_events_response_data_item = cls(
            id=id,
            seq=seq,
            company_id=company_id,
            occurred_at=occurred_at,
            actor=actor,
            action=action,
            target=target,
            outcome=outcome,
            status_code=status_code,
            ip=ip,
            user_agent=user_agent,
            request_id=request_id,
            details=details,
            prev_hash=prev_hash,
            hash_=hash_,
        )

        return list_audit_events_response_data_item

