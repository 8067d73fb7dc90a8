from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.user import User





T = TypeVar("T", bound="Session")



@_attrs_define
class Session:
    """ 
        Attributes:
            access_token (str): JWT for `Authorization: Bearer`, valid `expiresIn` seconds
            refresh_token (str): Opaque; for POST /api/auth/refresh; rotated on every refresh. Empty when delivered as the
                httpOnly cookie (`X-Refresh-Cookie: 1`)
            expires_in (int): Seconds
            user (User):
     """

    access_token: str
    refresh_token: str
    expires_in: int
    user: User





    def to_dict(self) -> dict[str, Any]:
        from ..models.user import User # noqa: PLC0415
        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in

        user = self.user.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "accessToken": access_token,
            "refreshToken": refresh_token,
            "expiresIn": expires_in,
            "user": user,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user import User # noqa: PLC0415
        d = dict(src_dict)
        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        user = User.from_dict(d.pop("user"))




        session = cls(
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
            user=user,
        )

        return session

