from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ResendInvitationResponseData")



@_attrs_define
class ResendInvitationResponseData:
    """ 
        Attributes:
            token (str): One-time; shown once
            link (str): The console page that redeems the token
            expires_at (datetime.datetime):
            emailed (bool | Unset): Present when SMTP_URL is set: whether the SMTP server accepted the e-mail with the link
     """

    token: str
    link: str
    expires_at: datetime.datetime
    emailed: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        link = self.link

        expires_at = self.expires_at.isoformat()

        emailed = self.emailed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "link": link,
            "expiresAt": expires_at,
        })
        if emailed is not UNSET:
            field_dict["emailed"] = emailed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        link = d.pop("link")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        emailed = d.pop("emailed", UNSET)

        resend_invitation_response_data = cls(
            token=token,
            link=link,
            expires_at=expires_at,
            emailed=emailed,
        )

        return resend_invitation_response_data

