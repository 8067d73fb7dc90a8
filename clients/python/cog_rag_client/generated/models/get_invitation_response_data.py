from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="GetInvitationResponseData")



@_attrs_define
class GetInvitationResponseData:
    """ 
        Attributes:
            email (str):
            name (str):
            company_name (str):
            expires_at (datetime.datetime):
     """

    email: str
    name: str
    company_name: str
    expires_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        company_name = self.company_name

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "name": name,
            "companyName": company_name,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        company_name = d.pop("companyName")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        get_invitation_response_data = cls(
            email=email,
            name=name,
            company_name=company_name,
            expires_at=expires_at,
        )

        return get_invitation_response_data

