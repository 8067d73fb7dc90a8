from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ConnectorRunError")



@_attrs_define
class ConnectorRunError:
    """ 
        Attributes:
            item (str):
            error (str):
     """

    item: str
    error: str





    def to_dict(self) -> dict[str, Any]:
        item = self.item

        error = self.error


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "item": item,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item = d.pop("item")

        error = d.pop("error")

        connector_run_error = cls(
            item=item,
            error=error,
        )

        return connector_run_error

