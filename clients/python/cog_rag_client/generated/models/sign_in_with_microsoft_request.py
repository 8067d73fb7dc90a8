from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SignInWithMicrosoftRequest")



@_attrs_define
class SignInWithMicrosoftRequest:
    """ 
        Attributes:
            access_token (str):
     """

    access_token: str





    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "accessToken": access_token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("accessToken")

        sign_in_with_microsoft_request = cls(
            access_token=access_token,
        )

        return sign_in_with_microsoft_request

