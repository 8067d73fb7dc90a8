from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.connector_kind import ConnectorKind
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.connector_config import ConnectorConfig
  from ..models.connector_limits import ConnectorLimits
  from ..models.connector_run import ConnectorRun





T = TypeVar("T", bound="Connector")



@_attrs_define
class Connector:
    """ 
        Attributes:
            id (str):
            name (str):
            kind (ConnectorKind): Source type (docs/connectors.md "Sources")
            topic_id (None | str):
            config (ConnectorConfig):
            has_secret (bool): A secret is stored (it is never returned)
            interval_minutes (int | None):
            enabled (bool):
            limits (ConnectorLimits):
            next_sync_at (datetime.datetime | None):
            last_run (ConnectorRun | None):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
     """

    id: str
    name: str
    kind: ConnectorKind
    topic_id: None | str
    config: ConnectorConfig
    has_secret: bool
    interval_minutes: int | None
    enabled: bool
    limits: ConnectorLimits
    next_sync_at: datetime.datetime | None
    last_run: ConnectorRun | None
    created_at: datetime.datetime
    updated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        from ..models.connector_config import ConnectorConfig # noqa: PLC0415
        from ..models.connector_limits import ConnectorLimits # noqa: PLC0415
        from ..models.connector_run import ConnectorRun # noqa: PLC0415
        id = self.id

        name = self.name

        kind = self.kind.value

        topic_id: None | str
        topic_id = self.topic_id

        config = self.config.to_dict()

        has_secret = self.has_secret

        interval_minutes: int | None
        interval_minutes = self.interval_minutes

        enabled = self.enabled

        limits = self.limits.to_dict()

        next_sync_at: None | str
        if isinstance(self.next_sync_at, datetime.datetime):
            next_sync_at = self.next_sync_at.isoformat()
        else:
            next_sync_at = self.next_sync_at

        last_run: dict[str, Any] | None
        if isinstance(self.last_run, ConnectorRun):
            last_run = self.last_run.to_dict()
        else:
            last_run = self.last_run

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "kind": kind,
            "topicId": topic_id,
            "config": config,
            "hasSecret": has_secret,
            "intervalMinutes": interval_minutes,
            "enabled": enabled,
            "limits": limits,
            "nextSyncAt": next_sync_at,
            "lastRun": last_run,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.connector_config import ConnectorConfig # noqa: PLC0415
        from ..models.connector_limits import ConnectorLimits # noqa: PLC0415
        from ..models.connector_run import ConnectorRun # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = ConnectorKind(d.pop("kind"))




        def _parse_topic_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        topic_id = _parse_topic_id(d.pop("topicId"))


        config = ConnectorConfig.from_dict(d.pop("config"))




        has_secret = d.pop("hasSecret")

        def _parse_interval_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        interval_minutes = _parse_interval_minutes(d.pop("intervalMinutes"))


        enabled = d.pop("enabled")

        limits = ConnectorLimits.from_dict(d.pop("limits"))




        def _parse_next_sync_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_sync_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_sync_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_sync_at = _parse_next_sync_at(d.pop("nextSyncAt"))


        def _parse_last_run(data: object) -> ConnectorRun | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_run_type_0 = ConnectorRun.from_dict(data)



                return last_run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConnectorRun | None, data)

        last_run = _parse_last_run(d.pop("lastRun"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        connector = cls(
            id=id,
            name=name,
            kind=kind,
            topic_id=topic_id,
            config=config,
            has_secret=has_secret,
            interval_minutes=interval_minutes,
            enabled=enabled,
            limits=limits,
            next_sync_at=next_sync_at,
            last_run=last_run,
            created_at=created_at,
            updated_at=updated_at,
        )

        return connector

