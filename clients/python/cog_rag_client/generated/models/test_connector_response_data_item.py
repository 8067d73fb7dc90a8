from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TestConnectorResponseDataItem")



@_attrs_define
class TestConnectorResponseDataItem:
    """ 
        Attributes:
            name (str):
            source_url (str):
            size (int | None):
     """

    name: str
    source_url: str
    size: int | None





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        source_url = self.source_url

        size: int | None
        size = self.size


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "sourceUrl": source_url,
            "size": size,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        source_url = d.pop("sourceUrl")

        def _parse_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        size = _parse_size(d.pop("size"))


        test_connector_response_data_item = cls(
            name=name,
            source_url=source_url,
            size=size,
        )

        return test_connector_response_data_item

