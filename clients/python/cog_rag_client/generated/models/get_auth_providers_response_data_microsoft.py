from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="GetAuthProvidersResponseDataMicrosoft")



@_attrs_define
class GetAuthProvidersResponseDataMicrosoft:
    """ 
        Attributes:
            client_id (None | str): MICROSOFT_CLIENT_ID for the browser flow; null: the API accepts tokens but the console
                shows no button
     """

    client_id: None | str





    def to_dict(self) -> dict[str, Any]:
        client_id: None | str
        client_id = self.client_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "clientId": client_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_id = _parse_client_id(d.pop("clientId"))


        get_auth_providers_response_data_microsoft = cls(
            client_id=client_id,
        )

        return get_auth_providers_response_data_microsoft

