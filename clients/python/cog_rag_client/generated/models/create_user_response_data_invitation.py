from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CreateUserResponseDataInvitation")



@_attrs_define
class CreateUserResponseDataInvitation:
    """ 
        Attributes:
            token (str): One-time; shown once; for POST /api/auth/accept-invitation
            expires_at (datetime.datetime):
            emailed (bool | Unset): Present when SMTP_URL is set: whether the invitation e-mail with the link was accepted
                by the SMTP server
     """

    token: str
    expires_at: datetime.datetime
    emailed: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        expires_at = self.expires_at.isoformat()

        emailed = self.emailed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "expiresAt": expires_at,
        })
        if emailed is not UNSET:
            field_dict["emailed"] = emailed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        emailed = d.pop("emailed", UNSET)

        create_user_response_data_invitation = cls(
            token=token,
            expires_at=expires_at,
            emailed=emailed,
        )

        return create_user_response_data_invitation

