from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SignInWithGoogleRequest")



@_attrs_define
class SignInWithGoogleRequest:
    """ 
        Attributes:
            id_token (str):
     """

    id_token: str





    def to_dict(self) -> dict[str, Any]:
        id_token = self.id_token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "idToken": id_token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id_token = d.pop("idToken")

        sign_in_with_google_request = cls(
            id_token=id_token,
        )

        return sign_in_with_google_request

