from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_health_response_data_status import GetHealthResponseDataStatus






T = TypeVar("T", bound="GetHealthResponseData")



@_attrs_define
class GetHealthResponseData:
    """ 
        Attributes:
            status (GetHealthResponseDataStatus):
            version (str):
     """

    status: GetHealthResponseDataStatus
    version: str





    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = GetHealthResponseDataStatus(d.pop("status"))




        version = d.pop("version")

        get_health_response_data = cls(
            status=status,
            version=version,
        )

        return get_health_response_data

