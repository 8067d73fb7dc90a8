from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_user_request_role import CreateUserRequestRole
from ..types import UNSET, Unset






T = TypeVar("T", bound="CreateUserRequest")



@_attrs_define
class CreateUserRequest:
    """ 
        Attributes:
            email (str):
            name (str):
            role (CreateUserRequestRole): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER reads
                and chats
            password (str | Unset):
     """

    email: str
    name: str
    role: CreateUserRequestRole
    password: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        role = self.role.value

        password = self.password


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "name": name,
            "role": role,
        })
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        role = CreateUserRequestRole(d.pop("role"))




        password = d.pop("password", UNSET)

        create_user_request = cls(
            email=email,
            name=name,
            role=role,
            password=password,
        )

        return create_user_request

