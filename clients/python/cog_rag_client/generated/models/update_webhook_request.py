from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_webhook_request_events_item import UpdateWebhookRequestEventsItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateWebhookRequest")



@_attrs_define
class UpdateWebhookRequest:
    """ 
        Attributes:
            url (str | Unset): http(s) URL, checked when set and again at every delivery under the company’s tenant policy:
                its host must not be, or resolve to, a private, loopback, link-local or reserved address (in any spelling,
                IPv4-mapped and IPv4-compatible IPv6 included) unless the operator granted this company that exact `host:port`
                in `WEBHOOK_PRIVATE_TARGETS`; `OUTBOUND_ALLOWLIST` (the operator’s own requests) never applies. Refused: 400
                `VALIDATION_ERROR`, field `url`
            events (list[UpdateWebhookRequestEventsItem] | Unset): The events to deliver; a repeated event counts once
            active (bool | Unset):
            description (None | str | Unset):
     """

    url: str | Unset = UNSET
    events: list[UpdateWebhookRequestEventsItem] | Unset = UNSET
    active: bool | Unset = UNSET
    description: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)



        active = self.active

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if active is not UNSET:
            field_dict["active"] = active
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[UpdateWebhookRequestEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = UpdateWebhookRequestEventsItem(events_item_data)



                events.append(events_item)


        active = d.pop("active", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        update_webhook_request = cls(
            url=url,
            events=events,
            active=active,
            description=description,
        )

        return update_webhook_request

