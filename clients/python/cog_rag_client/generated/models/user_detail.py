from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.user_detail_role import UserDetailRole
from ..models.user_detail_status import UserDetailStatus
from typing import cast
import datetime






T = TypeVar("T", bound="UserDetail")



@_attrs_define
class UserDetail:
    """ 
        Attributes:
            id (str):
            email (str):
            name (str):
            role (UserDetailRole): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER reads and
                chats
            company_id (str):
            disabled (bool):
            status (UserDetailStatus):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
     """

    id: str
    email: str
    name: str
    role: UserDetailRole
    company_id: str
    disabled: bool
    status: UserDetailStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        name = self.name

        role = self.role.value

        company_id = self.company_id

        disabled = self.disabled

        status = self.status.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "email": email,
            "name": name,
            "role": role,
            "companyId": company_id,
            "disabled": disabled,
            "status": status,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        role = UserDetailRole(d.pop("role"))




        company_id = d.pop("companyId")

        disabled = d.pop("disabled")

        status = UserDetailStatus(d.pop("status"))




        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        user_detail = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            company_id=company_id,
            disabled=disabled,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
        )

        return user_detail

