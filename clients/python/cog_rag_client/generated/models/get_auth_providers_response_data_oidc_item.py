from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GetAuthProvidersResponseDataOidcItem")



@_attrs_define
class GetAuthProvidersResponseDataOidcItem:
    """ 
        Attributes:
            id (str): The provider id of OIDC_PROVIDERS
            name (str): The button label
            start_url (str): Where the browser goes to sign in: /api/auth/oidc/<id>/start
     """

    id: str
    name: str
    start_url: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        start_url = self.start_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "startUrl": start_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        start_url = d.pop("startUrl")

        get_auth_providers_response_data_oidc_item = cls(
            id=id,
            name=name,
            start_url=start_url,
        )

        return get_auth_providers_response_data_oidc_item

