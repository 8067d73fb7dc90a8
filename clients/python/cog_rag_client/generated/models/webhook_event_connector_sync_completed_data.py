from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebhookEventConnectorSyncCompletedData")



@_attrs_define
class WebhookEventConnectorSyncCompletedData:
    """ 
        Attributes:
            connector_id (str): The connector
            run_id (str): The run
            listed (int): Items the source listed
            added (int): New documents
            updated (int): Documents whose source changed
            moved (int): Items renamed or moved at the source (chunks kept)
            deleted (int): Documents whose item left the source
            unchanged (int): Items that cost a listing only
            failed (int): Items that could not be fetched or stored
            embedded (int): Documents sent to parsing and embedding
            bytes_ (int): Bytes downloaded
     """

    connector_id: str
    run_id: str
    listed: int
    added: int
    updated: int
    moved: int
    deleted: int
    unchanged: int
    failed: int
    embedded: int
    bytes_: int





    def to_dict(self) -> dict[str, Any]:
        connector_id = self.connector_id

        run_id = self.run_id

        listed = self.listed

        added = self.added

        updated = self.updated

        moved = self.moved

        deleted = self.deleted

        unchanged = self.unchanged

        failed = self.failed

        embedded = self.embedded

        bytes_ = self.bytes_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "connectorId": connector_id,
            "runId": run_id,
            "listed": listed,
            "added": added,
            "updated": updated,
            "moved": moved,
            "deleted": deleted,
            "unchanged": unchanged,
            "failed": failed,
            "embedded": embedded,
            "bytes": bytes_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connector_id = d.pop("connectorId")

        run_id = d.pop("runId")

        listed = d.pop("listed")

        added = d.pop("added")

        updated = d.pop("updated")

        moved = d.pop("moved")

        deleted = d.pop("deleted")

        unchanged = d.pop("unchanged")

        failed = d.pop("failed")

        embedded = d.pop("embedded")

        bytes_ = d.pop("bytes")

        webhook_event_connector_sync_completed_data = cls(
            connector_id=connector_id,
            run_id=run_id,
            listed=listed,
            added=added,
            updated=updated,
            moved=moved,
            deleted=deleted,
            unchanged=unchanged,
            failed=failed,
            embedded=embedded,
            bytes_=bytes_,
        )

        return webhook_event_connector_sync_completed_data

