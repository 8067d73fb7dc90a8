from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.user_role import UserRole






T = TypeVar("T", bound="User")



@_attrs_define
class User:
    """ 
        Attributes:
            id (str):
            email (str):
            name (str):
            role (UserRole): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER reads and chats
            company_id (str):
     """

    id: str
    email: str
    name: str
    role: UserRole
    company_id: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        name = self.name

        role = self.role.value

        company_id = self.company_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "email": email,
            "name": name,
            "role": role,
            "companyId": company_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        role = UserRole(d.pop("role"))




        company_id = d.pop("companyId")

        user = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            company_id=company_id,
        )

        return user

