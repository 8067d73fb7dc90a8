from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_event_connector_sync_failed_type import WebhookEventConnectorSyncFailedType
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.webhook_event_connector_sync_failed_data import WebhookEventConnectorSyncFailedData





T = TypeVar("T", bound="WebhookEventConnectorSyncFailed")



@_attrs_define
class WebhookEventConnectorSyncFailed:
    """ A connector’s sync failed: the counts so far and why

        Attributes:
            type_ (WebhookEventConnectorSyncFailedType):
            timestamp (datetime.datetime): When the event happened
            data (WebhookEventConnectorSyncFailedData):
     """

    type_: WebhookEventConnectorSyncFailedType
    timestamp: datetime.datetime
    data: WebhookEventConnectorSyncFailedData





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_event_connector_sync_failed_data import WebhookEventConnectorSyncFailedData # noqa: PLC0415
        type_ = self.type_.value

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "timestamp": timestamp,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_event_connector_sync_failed_data import WebhookEventConnectorSyncFailedData # noqa: PLC0415
        d = dict(src_dict)
        type_ = WebhookEventConnectorSyncFailedType(d.pop("type"))




        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))




        data = WebhookEventConnectorSyncFailedData.from_dict(d.pop("data"))




        webhook_event_connector_sync_failed = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_event_connector_sync_failed

