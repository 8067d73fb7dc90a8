from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ResetPasswordRequest")



@_attrs_define
class ResetPasswordRequest:
    """ 
        Attributes:
            token (str):
            password (str):
     """

    token: str
    password: str





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "password": password,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password")

        reset_password_request = cls(
            token=token,
            password=password,
        )

        return reset_password_request

