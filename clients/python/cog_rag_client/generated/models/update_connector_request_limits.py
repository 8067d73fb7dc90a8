from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="UpdateConnectorRequestLimits")



@_attrs_define
class UpdateConnectorRequestLimits:
    """ 
        Attributes:
            max_items (int | Unset): Items listed per sync, at most
            max_bytes (int | Unset): Bytes downloaded per sync, at most
            max_depth (int | Unset): Folder levels or link hops, at most
     """

    max_items: int | Unset = UNSET
    max_bytes: int | Unset = UNSET
    max_depth: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        max_items = self.max_items

        max_bytes = self.max_bytes

        max_depth = self.max_depth


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if max_items is not UNSET:
            field_dict["maxItems"] = max_items
        if max_bytes is not UNSET:
            field_dict["maxBytes"] = max_bytes
        if max_depth is not UNSET:
            field_dict["maxDepth"] = max_depth

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_items = d.pop("maxItems", UNSET)

        max_bytes = d.pop("maxBytes", UNSET)

        max_depth = d.pop("maxDepth", UNSET)

        update_connector_request_limits = cls(
            max_items=max_items,
            max_bytes=max_bytes,
            max_depth=max_depth,
        )

        return update_connector_request_limits

