from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.list_answerer_models_request_provider import ListAnswererModelsRequestProvider
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ListAnswererModelsRequest")



@_attrs_define
class ListAnswererModelsRequest:
    """ 
        Attributes:
            provider (ListAnswererModelsRequestProvider):
            endpoint (str): One of the operator’s endpoints of that kind (`endpoints`)
            api_key (None | str | Unset): openai only; stored encrypted, never returned; absent keeps the stored one, null
                removes it
     """

    provider: ListAnswererModelsRequestProvider
    endpoint: str
    api_key: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        provider = self.provider.value

        endpoint = self.endpoint

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "endpoint": endpoint,
        })
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = ListAnswererModelsRequestProvider(d.pop("provider"))




        endpoint = d.pop("endpoint")

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("apiKey", UNSET))


        list_answerer_models_request = cls(
            provider=provider,
            endpoint=endpoint,
            api_key=api_key,
        )

        return list_answerer_models_request

