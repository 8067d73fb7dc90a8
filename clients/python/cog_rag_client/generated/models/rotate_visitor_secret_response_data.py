from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RotateVisitorSecretResponseData")



@_attrs_define
class RotateVisitorSecretResponseData:
    """ 
        Attributes:
            id (str):
            visitor_secret (str): The HS256 signing secret for visitor tokens: shown in this response only
     """

    id: str
    visitor_secret: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        visitor_secret = self.visitor_secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "visitorSecret": visitor_secret,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        visitor_secret = d.pop("visitorSecret")

        rotate_visitor_secret_response_data = cls(
            id=id,
            visitor_secret=visitor_secret,
        )

        return rotate_visitor_secret_response_data

