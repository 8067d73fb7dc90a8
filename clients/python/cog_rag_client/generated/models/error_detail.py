from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ErrorDetail")



@_attrs_define
class ErrorDetail:
    """ 
        Attributes:
            field (str): Dotted path of the offending field
            reason (str):
     """

    field: str
    reason: str





    def to_dict(self) -> dict[str, Any]:
        field = self.field

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "field": field,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field = d.pop("field")

        reason = d.pop("reason")

        error_detail = cls(
            field=field,
            reason=reason,
        )

        return error_detail

