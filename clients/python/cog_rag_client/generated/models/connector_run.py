from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.connector_run_status import ConnectorRunStatus
from ..models.connector_run_trigger import ConnectorRunTrigger
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.connector_run_error import ConnectorRunError





T = TypeVar("T", bound="ConnectorRun")



@_attrs_define
class ConnectorRun:
    """ 
        Attributes:
            id (str):
            connector_id (str):
            trigger (ConnectorRunTrigger):
            status (ConnectorRunStatus):
            listed (int): Items listed at the source
            added (int):
            updated (int):
            moved (int): Items whose bytes reappeared under another key: renamed, not re-embedded
            deleted (int):
            unchanged (int): Items that cost a listing only (or a download with the same bytes)
            failed (int):
            embedded (int): Documents sent to parse and embed by this run
            bytes_ (int): Bytes downloaded
            truncated (bool): A limit stopped the sync; nothing was deleted
            error (None | str):
            errors (list[ConnectorRunError]): Per-item errors (the first 100)
            created_at (datetime.datetime):
            started_at (datetime.datetime | None):
            finished_at (datetime.datetime | None):
     """

    id: str
    connector_id: str
    trigger: ConnectorRunTrigger
    status: ConnectorRunStatus
    listed: int
    added: int
    updated: int
    moved: int
    deleted: int
    unchanged: int
    failed: int
    embedded: int
    bytes_: int
    truncated: bool
    error: None | str
    errors: list[ConnectorRunError]
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.connector_run_error import ConnectorRunError # noqa: PLC0415
        id = self.id

        connector_id = self.connector_id

        trigger = self.trigger.value

        status = self.status.value

        listed = self.listed

        added = self.added

        updated = self.updated

        moved = self.moved

        deleted = self.deleted

        unchanged = self.unchanged

        failed = self.failed

        embedded = self.embedded

        bytes_ = self.bytes_

        truncated = self.truncated

        error: None | str
        error = self.error

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)



        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "connectorId": connector_id,
            "trigger": trigger,
            "status": status,
            "listed": listed,
            "added": added,
            "updated": updated,
            "moved": moved,
            "deleted": deleted,
            "unchanged": unchanged,
            "failed": failed,
            "embedded": embedded,
            "bytes": bytes_,
            "truncated": truncated,
            "error": error,
            "errors": errors,
            "createdAt": created_at,
            "startedAt": started_at,
            "finishedAt": finished_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.connector_run_error import ConnectorRunError # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        connector_id = d.pop("connectorId")

        trigger = ConnectorRunTrigger(d.pop("trigger"))




        status = ConnectorRunStatus(d.pop("status"))




        listed = d.pop("listed")

        added = d.pop("added")

        updated = d.pop("updated")

        moved = d.pop("moved")

        deleted = d.pop("deleted")

        unchanged = d.pop("unchanged")

        failed = d.pop("failed")

        embedded = d.pop("embedded")

        bytes_ = d.pop("bytes")

        truncated = d.pop("truncated")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        errors = []
        _errors = d.pop("errors")
        for errors_item_data in (_errors):
            errors_item = ConnectorRunError.from_dict(errors_item_data)



            errors.append(errors_item)


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))


        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)



                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))


        connector_run = cls(
            id=id,
            connector_id=connector_id,
            trigger=trigger,
            status=status,
            listed=listed,
            added=added,
            updated=updated,
            moved=moved,
            deleted=deleted,
            unchanged=unchanged,
            failed=failed,
            embedded=embedded,
            bytes_=bytes_,
            truncated=truncated,
            error=error,
            errors=errors,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
        )

        return connector_run

