from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="RefreshTokenRequest")



@_attrs_define
class RefreshTokenRequest:
    """ 
        Attributes:
            refresh_token (str | Unset): Required unless the refresh cookie is sent with `X-Refresh-Cookie: 1` (then send
                `{}`)
     """

    refresh_token: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        refresh_token = self.refresh_token


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if refresh_token is not UNSET:
            field_dict["refreshToken"] = refresh_token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        refresh_token = d.pop("refreshToken", UNSET)

        refresh_token_request = cls(
            refresh_token=refresh_token,
        )

        return refresh_token_request

