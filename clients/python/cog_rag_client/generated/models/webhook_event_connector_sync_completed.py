from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_event_connector_sync_completed_type import WebhookEventConnectorSyncCompletedType
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.webhook_event_connector_sync_completed_data import WebhookEventConnectorSyncCompletedData





T = TypeVar("T", bound="WebhookEventConnectorSyncCompleted")



@_attrs_define
class WebhookEventConnectorSyncCompleted:
    """ A connector’s sync finished: its counts (docs/connectors.md)

        Attributes:
            type_ (WebhookEventConnectorSyncCompletedType):
            timestamp (datetime.datetime): When the event happened
            data (WebhookEventConnectorSyncCompletedData):
     """

    type_: WebhookEventConnectorSyncCompletedType
    timestamp: datetime.datetime
    data: WebhookEventConnectorSyncCompletedData





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_event_connector_sync_completed_data import WebhookEventConnectorSyncCompletedData # noqa: PLC0415
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
        from ..models.webhook_event_connector_sync_completed_data import WebhookEventConnectorSyncCompletedData # noqa: PLC0415
        d = dict(src_dict)
        type_ = WebhookEventConnectorSyncCompletedType(d.pop("type"))




        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))




        data = WebhookEventConnectorSyncCompletedData.from_dict(d.pop("data"))




        webhook_event_connector_sync_completed = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_event_connector_sync_completed

