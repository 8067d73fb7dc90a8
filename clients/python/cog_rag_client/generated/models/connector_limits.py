from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ConnectorLimits")



@_attrs_define
class ConnectorLimits:
    """ 
        Attributes:
            max_items (int): Items listed per sync, at most
            max_bytes (int): Bytes downloaded per sync, at most
            max_depth (int): Folder levels or link hops, at most
     """

    max_items: int
    max_bytes: int
    max_depth: int





    def to_dict(self) -> dict[str, Any]:
        max_items = self.max_items

        max_bytes = self.max_bytes

        max_depth = self.max_depth


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "maxItems": max_items,
            "maxBytes": max_bytes,
            "maxDepth": max_depth,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_items = d.pop("maxItems")

        max_bytes = d.pop("maxBytes")

        max_depth = d.pop("maxDepth")

        connector_limits = cls(
            max_items=max_items,
            max_bytes=max_bytes,
            max_depth=max_depth,
        )

        return connector_limits

