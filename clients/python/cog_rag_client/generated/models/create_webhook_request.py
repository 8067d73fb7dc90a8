from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_webhook_request_events_item import CreateWebhookRequestEventsItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateWebhookRequest")



@_attrs_define
class CreateWebhookRequest:
    """ 
        Attributes:
            url (str): http(s) URL, checked when set and again at every delivery under the company’s tenant policy: its host
                must not be, or resolve to, a private, loopback, link-local or reserved address (in any spelling, IPv4-mapped
                and IPv4-compatible IPv6 included) unless the operator granted this company that exact `host:port` in
                `WEBHOOK_PRIVATE_TARGETS`; `OUTBOUND_ALLOWLIST` (the operator’s own requests) never applies. Refused: 400
                `VALIDATION_ERROR`, field `url`
            events (list[CreateWebhookRequestEventsItem]): The events to deliver; a repeated event counts once
            active (bool | Unset):  Default: True.
            description (str | Unset):
     """

    url: str
    events: list[CreateWebhookRequestEventsItem]
    active: bool | Unset = True
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)



        active = self.active

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
            "events": events,
        })
        if active is not UNSET:
            field_dict["active"] = active
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = CreateWebhookRequestEventsItem(events_item_data)



            events.append(events_item)


        active = d.pop("active", UNSET)

        description = d.pop("description", UNSET)

        create_webhook_request = cls(
            url=url,
            events=events,
            active=active,
            description=description,
        )

        return create_webhook_request

