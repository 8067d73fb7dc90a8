from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RefreshTokenResponseData")



@_attrs_define
class RefreshTokenResponseData:
    """ 
        Attributes:
            access_token (str): JWT for `Authorization: Bearer`, valid `expiresIn` seconds
            refresh_token (str): Opaque; for POST /api/auth/refresh; rotated on every refresh. Empty when delivered as the
                httpOnly cookie (`X-Refresh-Cookie: 1`)
            expires_in (int): Seconds
     """

    access_token: str
    refresh_token: str
    expires_in: int





    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "accessToken": access_token,
            "refreshToken": refresh_token,
            "expiresIn": expires_in,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        refresh_token_response_data = cls(
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
        )

        return refresh_token_response_data

