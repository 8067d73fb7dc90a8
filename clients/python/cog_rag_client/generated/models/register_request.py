from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RegisterRequest")



@_attrs_define
class RegisterRequest:
    """ 
        Attributes:
            email (str):
            password (str):
            name (str):
            company_name (str):
     """

    email: str
    password: str
    name: str
    company_name: str





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        name = self.name

        company_name = self.company_name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
            "name": name,
            "companyName": company_name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        name = d.pop("name")

        company_name = d.pop("companyName")

        register_request = cls(
            email=email,
            password=password,
            name=name,
            company_name=company_name,
        )

        return register_request

