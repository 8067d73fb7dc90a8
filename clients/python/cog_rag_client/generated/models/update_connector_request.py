from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_connector_request_config import UpdateConnectorRequestConfig
  from ..models.update_connector_request_limits import UpdateConnectorRequestLimits





T = TypeVar("T", bound="UpdateConnectorRequest")



@_attrs_define
class UpdateConnectorRequest:
    """ 
        Attributes:
            name (str | Unset):
            config (UpdateConnectorRequestConfig | Unset):
            topic_id (None | str | Unset):
            secret (None | str | Unset):
            interval_minutes (int | None | Unset): Minutes between scheduled syncs; null = "sync now" only
            enabled (bool | Unset):
            limits (UpdateConnectorRequestLimits | Unset):
     """

    name: str | Unset = UNSET
    config: UpdateConnectorRequestConfig | Unset = UNSET
    topic_id: None | str | Unset = UNSET
    secret: None | str | Unset = UNSET
    interval_minutes: int | None | Unset = UNSET
    enabled: bool | Unset = UNSET
    limits: UpdateConnectorRequestLimits | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_connector_request_config import UpdateConnectorRequestConfig # noqa: PLC0415
        from ..models.update_connector_request_limits import UpdateConnectorRequestLimits # noqa: PLC0415
        name = self.name

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        topic_id: None | str | Unset
        if isinstance(self.topic_id, Unset):
            topic_id = UNSET
        else:
            topic_id = self.topic_id

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
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
        })
        if name is not UNSET:
            field_dict["name"] = name
        if config is not UNSET:
            field_dict["config"] = config
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
        from ..models.update_connector_request_config import UpdateConnectorRequestConfig # noqa: PLC0415
        from ..models.update_connector_request_limits import UpdateConnectorRequestLimits # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _config = d.pop("config", UNSET)
        config: UpdateConnectorRequestConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = UpdateConnectorRequestConfig.from_dict(_config)




        def _parse_topic_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        topic_id = _parse_topic_id(d.pop("topicId", UNSET))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        def _parse_interval_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        interval_minutes = _parse_interval_minutes(d.pop("intervalMinutes", UNSET))


        enabled = d.pop("enabled", UNSET)

        _limits = d.pop("limits", UNSET)
        limits: UpdateConnectorRequestLimits | Unset
        if isinstance(_limits,  Unset):
            limits = UNSET
        else:
            limits = UpdateConnectorRequestLimits.from_dict(_limits)




        update_connector_request = cls(
            name=name,
            config=config,
            topic_id=topic_id,
            secret=secret,
            interval_minutes=interval_minutes,
            enabled=enabled,
            limits=limits,
        )

        return update_connector_request

