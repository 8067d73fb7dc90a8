from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AcceptInvitationRequest")



@_attrs_define
class AcceptInvitationRequest:
    """ 
        Attributes:
            token (str):
            password (str):
            name (str):
     """

    token: str
    password: str
    name: str





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "password": password,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password")

        name = d.pop("name")

        accept_invitation_request = cls(
            token=token,
            password=password,
            name=name,
        )

        return accept_invitation_request

