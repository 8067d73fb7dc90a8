from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.test_connector_request_kind import TestConnectorRequestKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.test_connector_request_config import TestConnectorRequestConfig





T = TypeVar("T", bound="TestConnectorRequest")



@_attrs_define
class TestConnectorRequest:
    """ 
        Attributes:
            kind (TestConnectorRequestKind): Source type (docs/connectors.md "Sources")
            config (TestConnectorRequestConfig):
            secret (str | Unset): Password or secret key; stored encrypted, never returned
            connector_id (str | Unset): Testing changes to this saved connector: its stored secret is used unless `secret`
                is given
     """

    kind: TestConnectorRequestKind
    config: TestConnectorRequestConfig
    secret: str | Unset = UNSET
    connector_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.test_connector_request_config import TestConnectorRequestConfig # noqa: PLC0415
        kind = self.kind.value

        config = self.config.to_dict()

        secret = self.secret

        connector_id = self.connector_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "config": config,
        })
        if secret is not UNSET:
            field_dict["secret"] = secret
        if connector_id is not UNSET:
            field_dict["connectorId"] = connector_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.test_connector_request_config import TestConnectorRequestConfig # noqa: PLC0415
        d = dict(src_dict)
        kind = TestConnectorRequestKind(d.pop("kind"))




        config = TestConnectorRequestConfig.from_dict(d.pop("config"))




        secret = d.pop("secret", UNSET)

        connector_id = d.pop("connectorId", UNSET)

        test_connector_request = cls(
            kind=kind,
            config=config,
            secret=secret,
            connector_id=connector_id,
        )

        return test_connector_request

