from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ListAuditEventsResponseDataItemTarget")



@_attrs_define
class ListAuditEventsResponseDataItemTarget:
    """ 
        Attributes:
            type_ (str):
            id (None | str):
     """

    type_: str
    id: None | str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id: None | str
        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "id": id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        def _parse_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        id = _parse_id(d.pop("id"))


        list_audit_events_response_data_item_target = cls(
            type_=type_,
            id=id,
        )

        return list_audit_events_response_data_item_target

