from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.list_invitations_response_data_item_role import ListInvitationsResponseDataItemRole
from typing import cast
import datetime






T = TypeVar("T", bound="ListInvitationsResponseDataItem")



@_attrs_define
class ListInvitationsResponseDataItem:
    """ 
        Attributes:
            user_id (str):
            email (str):
            name (str):
            role (ListInvitationsResponseDataItemRole): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits;
                READER reads and chats
            invited_at (datetime.datetime): When the latest link was made
            expires_at (datetime.datetime):
            expired (bool): The latest link expired: resend it
     """

    user_id: str
    email: str
    name: str
    role: ListInvitationsResponseDataItemRole
    invited_at: datetime.datetime
    expires_at: datetime.datetime
    expired: bool





    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        email = self.email

        name = self.name

        role = self.role.value

        invited_at = self.invited_at.isoformat()

        expires_at = self.expires_at.isoformat()

        expired = self.expired


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "userId": user_id,
            "email": email,
            "name": name,
            "role": role,
            "invitedAt": invited_at,
            "expiresAt": expires_at,
            "expired": expired,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("userId")

        email = d.pop("email")

        name = d.pop("name")

        role = ListInvitationsResponseDataItemRole(d.pop("role"))




        invited_at = datetime.datetime.fromisoformat(d.pop("invitedAt"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        expired = d.pop("expired")

        list_invitations_response_data_item = cls(
            user_id=user_id,
            email=email,
            name=name,
            role=role,
            invited_at=invited_at,
            expires_at=expires_at,
            expired=expired,
        )

        return list_invitations_response_data_item

