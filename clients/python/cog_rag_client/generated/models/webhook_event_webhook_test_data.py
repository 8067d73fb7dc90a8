from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebhookEventWebhookTestData")



@_attrs_define
class WebhookEventWebhookTestData:
    """ 
        Attributes:
            webhook_id (str): The endpoint
            event_id (str): The event
     """

    webhook_id: str
    event_id: str





    def to_dict(self) -> dict[str, Any]:
        webhook_id = self.webhook_id

        event_id = self.event_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "webhookId": webhook_id,
            "eventId": event_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        webhook_id = d.pop("webhookId")

        event_id = d.pop("eventId")

        webhook_event_webhook_test_data = cls(
            webhook_id=webhook_id,
            event_id=event_id,
        )

        return webhook_event_webhook_test_data

