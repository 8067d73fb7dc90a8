from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LogoutResponseData")



@_attrs_define
class LogoutResponseData:
    """ 
        Attributes:
            logged_out (bool):
     """

    logged_out: bool





    def to_dict(self) -> dict[str, Any]:
        logged_out = self.logged_out


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "loggedOut": logged_out,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        logged_out = d.pop("loggedOut")

        logout_response_data = cls(
            logged_out=logged_out,
        )

        return logout_response_data

