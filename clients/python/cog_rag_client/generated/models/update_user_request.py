from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_user_request_role import UpdateUserRequestRole
from ..types import UNSET, Unset






T = TypeVar("T", bound="UpdateUserRequest")



@_attrs_define
class UpdateUserRequest:
    """ 
        Attributes:
            name (str | Unset):
            role (UpdateUserRequestRole | Unset): COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER
                reads and chats
            disabled (bool | Unset):
     """

    name: str | Unset = UNSET
    role: UpdateUserRequestRole | Unset = UNSET
    disabled: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value


        disabled = self.disabled


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if role is not UNSET:
            field_dict["role"] = role
        if disabled is not UNSET:
            field_dict["disabled"] = disabled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _role = d.pop("role", UNSET)
        role: UpdateUserRequestRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = UpdateUserRequestRole(_role)




        disabled = d.pop("disabled", UNSET)

        update_user_request = cls(
            name=name,
            role=role,
            disabled=disabled,
        )

        return update_user_request

