from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_connector_request_kind import CreateConnectorRequestKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_connector_request_config import CreateConnectorRequestConfig
  from ..models.create_connector_request_limits import CreateConnectorRequestLimits





T = TypeVar("T", bound="CreateConnectorRequest")



@_attrs_define
class CreateConnectorRequest:
    """ 
        Attributes:
            name (str):
            kind (CreateConnectorRequestKind): Source type (docs/connectors.md "Sources")
            config (CreateConnectorRequestConfig):
            topic_id (None | str | Unset):
            secret (str | Unset): Password or secret key; stored encrypted, never returned
            interval_minutes (int | None | Unset): Minutes between scheduled syncs; null = "sync now" only
            enabled (bool | Unset):
            limits (CreateConnectorRequestLimits | Unset):
     """

    name: str
    kind: CreateConnectorRequestKind
    config: CreateConnectorRequestConfig
    topic_id: None | str | Unset = UNSET
    secret: str | Unset = UNSET
    interval_minutes: int | None | Unset = UNSET
    enabled: bool | Unset = UNSET
    limits: CreateConnectorRequestLimits | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_connector_request_config import CreateConnectorRequestConfig # noqa: PLC0415
        from ..models.create_connector_request_limits import CreateConnectorRequestLimits # noqa: PLC0415
        name = self.name

        kind = self.kind.value

        config = self.config.to_dict()

        topic_id: None | str | Unset
        if isinstance(self.topic_id, Unset):
            topic_id = UNSET
        else:
            topic_id = self.topic_id

        secret = self.secret

        interval_minutes: int | None | Unset
        if isinstance(self.interval_minutes, Unset):
            interval_minutes = UNSET
        else:
            interval_minutes = self.interval_minutes

        enabled = self.enabled

        limits: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limits, Unset):
            limits = self.limits.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "kind": kind,
            "config": config,
        })
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id
        if secret is not UNSET:
            field_dict["secret"] = secret
        if interval_minutes is not UNSET:
            field_dict["intervalMinutes"] = interval_minutes
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if limits is not UNSET:
            field_dict["limits"] = limits

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_connector_request_config import CreateConnectorRequestConfig # noqa: PLC0415
        from ..models.create_connector_request_limits import CreateConnectorRequestLimits # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = CreateConnectorRequestKind(d.pop("kind"))




        config = CreateConnectorRequestConfig.from_dict(d.pop("config"))




        def _parse_topic_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        topic_id = _parse_topic_id(d.pop("topicId", UNSET))


        secret = d.pop("secret", UNSET)

        def _parse_interval_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        interval_minutes = _parse_interval_minutes(d.pop("intervalMinutes", UNSET))


        enabled = d.pop("enabled", UNSET)

        _limits = d.pop("limits", UNSET)
        limits: CreateConnectorRequestLimits | Unset
        if isinstance(_limits,  Unset):
            limits = UNSET
        else:
            limits = CreateConnectorRequestLimits.from_dict(_limits)




        create_connector_request = cls(
            name=name,
            kind=kind,
            config=config,
            topic_id=topic_id,
            secret=secret,
            interval_minutes=interval_minutes,
            enabled=enabled,
            limits=limits,
        )

        return create_connector_request

