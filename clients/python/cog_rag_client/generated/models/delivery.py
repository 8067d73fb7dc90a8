from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_event import DeliveryEvent
from ..models.delivery_status import DeliveryStatus
from typing import cast
import datetime






T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ 
        Attributes:
            id (str): The `webhook-id` header of every attempt
            event_id (str):
            event (DeliveryEvent): Event kind (spec "Events"), or `webhook.test`
            status (DeliveryStatus):
            attempts (int):
            next_attempt_at (datetime.datetime | None):
            last_status_code (int | None):
            last_error (None | str):
            created_at (datetime.datetime):
            delivered_at (datetime.datetime | None):
     """

    id: str
    event_id: str
    event: DeliveryEvent
    status: DeliveryStatus
    attempts: int
    next_attempt_at: datetime.datetime | None
    last_status_code: int | None
    last_error: None | str
    created_at: datetime.datetime
    delivered_at: datetime.datetime | None





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        event = self.event.value

        status = self.status.value

        attempts = self.attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "eventId": event_id,
            "event": event,
            "status": status,
            "attempts": attempts,
            "nextAttemptAt": next_attempt_at,
            "lastStatusCode": last_status_code,
            "lastError": last_error,
            "createdAt": created_at,
            "deliveredAt": delivered_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("eventId")

        event = DeliveryEvent(d.pop("event"))




        status = DeliveryStatus(d.pop("status"))




        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))


        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("lastStatusCode"))


        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)



                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))


        delivery = cls(
            id=id,
            event_id=event_id,
            event=event,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_status_code=last_status_code,
            last_error=last_error,
            created_at=created_at,
            delivered_at=delivered_at,
        )

        return delivery

