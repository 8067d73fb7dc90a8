from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_webhook_response_data_events_item import GetWebhookResponseDataEventsItem
from typing import cast
import datetime






T = TypeVar("T", bound="GetWebhookResponseData")



@_attrs_define
class GetWebhookResponseData:
    """ 
        Attributes:
            id (str):
            url (str):
            description (None | str):
            events (list[GetWebhookResponseDataEventsItem]):
            active (bool):
            disabled_reason (None | str): Why the service disabled it (410 Gone, retries exhausted); null otherwise
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
     """

    id: str
    url: str
    description: None | str
    events: list[GetWebhookResponseDataEventsItem]
    active: bool
    disabled_reason: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        description: None | str
        description = self.description

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)



        active = self.active

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "url": url,
            "description": description,
            "events": events,
            "active": active,
            "disabledReason": disabled_reason,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = GetWebhookResponseDataEventsItem(events_item_data)



            events.append(events_item)


        active = d.pop("active")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        get_webhook_response_data = cls(
            id=id,
            url=url,
            description=description,
            events=events,
            active=active,
            disabled_reason=disabled_reason,
            created_at=created_at,
            updated_at=updated_at,
        )

        return get_webhook_response_data

