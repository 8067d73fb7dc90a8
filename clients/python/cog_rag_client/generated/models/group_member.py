from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.group_member_role import GroupMemberRole






T = TypeVar("T", bound="GroupMember")



@_attrs_define
class GroupMember:
    """ 
        Attributes:
            id (str):
            name (str):
            email (str):
            role (GroupMemberRole): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER reads and
                chats
     """

    id: str
    name: str
    email: str
    role: GroupMemberRole





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        email = self.email

        role = self.role.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "email": email,
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        email = d.pop("email")

        role = GroupMemberRole(d.pop("role"))




        group_member = cls(
            id=id,
            name=name,
            email=email,
            role=role,
        )

        return group_member

