from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_answerer_request_provider import SetAnswererRequestProvider
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SetAnswererRequest")



@_attrs_define
class SetAnswererRequest:
    """ 
        Attributes:
            provider (SetAnswererRequestProvider): `installation`: the server’s LLM_PROVIDER answers; `extractive`: quotes
                from the documents, no model; `ollama` / `openai`: a model server the operator allows (ANSWERER_ENDPOINTS)
            endpoint (str | Unset): One of the operator’s endpoints of that kind (`endpoints`)
            model (str | Unset):
            api_key (None | str | Unset): openai only; stored encrypted, never returned; absent keeps the stored one, null
                removes it
     """

    provider: SetAnswererRequestProvider
    endpoint: str | Unset = UNSET
    model: str | Unset = UNSET
    api_key: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        provider = self.provider.value

        endpoint = self.endpoint

        model = self.model

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
        })
        if endpoint is not UNSET:
            field_dict["endpoint"] = endpoint
        if model is not UNSET:
            field_dict["model"] = model
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = SetAnswererRequestProvider(d.pop("provider"))




        endpoint = d.pop("endpoint", UNSET)

        model = d.pop("model", UNSET)

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("apiKey", UNSET))


        set_answerer_request = cls(
            provider=provider,
            endpoint=endpoint,
            model=model,
            api_key=api_key,
        )

        return set_answerer_request

