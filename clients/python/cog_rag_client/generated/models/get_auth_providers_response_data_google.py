from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GetAuthProvidersResponseDataGoogle")



@_attrs_define
class GetAuthProvidersResponseDataGoogle:
    """ 
        Attributes:
            client_id (str): The first GOOGLE_CLIENT_ID, for the browser flow
     """

    client_id: str





    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "clientId": client_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        get_auth_providers_response_data_google = cls(
            client_id=client_id,
        )

        return get_auth_providers_response_data_google

