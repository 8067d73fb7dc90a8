from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="RemovedDocument")



@_attrs_define
class RemovedDocument:
    """ 
        Attributes:
            id (str): The document id it had, and gets back when restored
            connector_id (str):
            item_key (str): The source item it mirrored (relative path, URL, object key)
            name (str):
            mime_type (str):
            size_bytes (int):
            status (str): Its status when removed (VECTORIZED, ERROR, …)
            chunk_count (int | None):
            attachments (int): Attachment documents removed (and restored) with it
            removed_at (datetime.datetime):
            purge_after (datetime.datetime): removedAt + CONNECTOR_RETENTION_DAYS: purged after it
     """

    id: str
    connector_id: str
    item_key: str
    name: str
    mime_type: str
    size_bytes: int
    status: str
    chunk_count: int | None
    attachments: int
    removed_at: datetime.datetime
    purge_after: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        connector_id = self.connector_id

        item_key = self.item_key

        name = self.name

        mime_type = self.mime_type

        size_bytes = self.size_bytes

        status = self.status

        chunk_count: int | None
        chunk_count = self.chunk_count

        attachments = self.attachments

        removed_at = self.removed_at.isoformat()

        purge_after = self.purge_after.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "connectorId": connector_id,
            "itemKey": item_key,
            "name": name,
            "mimeType": mime_type,
            "sizeBytes": size_bytes,
            "status": status,
            "chunkCount": chunk_count,
            "attachments": attachments,
            "removedAt": removed_at,
            "purgeAfter": purge_after,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        connector_id = d.pop("connectorId")

        item_key = d.pop("itemKey")

        name = d.pop("name")

        mime_type = d.pop("mimeType")

        size_bytes = d.pop("sizeBytes")

        status = d.pop("status")

        def _parse_chunk_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        chunk_count = _parse_chunk_count(d.pop("chunkCount"))


        attachments = d.pop("attachments")

        removed_at = datetime.datetime.fromisoformat(d.pop("removedAt"))




        purge_after = datetime.datetime.fromisoformat(d.pop("purgeAfter"))




        removed_document = cls(
            id=id,
            connector_id=connector_id,
            item_key=item_key,
            name=name,
            mime_type=mime_type,
            size_bytes=size_bytes,
            status=status,
            chunk_count=chunk_count,
            attachments=attachments,
            removed_at=removed_at,
            purge_after=purge_after,
        )

        return removed_document

