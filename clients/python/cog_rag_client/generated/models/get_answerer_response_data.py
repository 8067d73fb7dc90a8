from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_answerer_response_data_provider import GetAnswererResponseDataProvider
from typing import cast

if TYPE_CHECKING:
  from ..models.get_answerer_response_data_endpoint import GetAnswererResponseDataEndpoint
  from ..models.get_answerer_response_data_installation import GetAnswererResponseDataInstallation





T = TypeVar("T", bound="GetAnswererResponseData")



@_attrs_define
class GetAnswererResponseData:
    """ 
        Attributes:
            provider (GetAnswererResponseDataProvider): `installation`: the server’s LLM_PROVIDER answers; `extractive`:
                quotes from the documents, no model; `ollama` / `openai`: a model server the operator allows
                (ANSWERER_ENDPOINTS)
            endpoint (None | str):
            model (None | str):
            has_api_key (bool): An API key is stored (it is never returned)
            installation (GetAnswererResponseDataInstallation): What `installation` means on this server
            endpoints (list[GetAnswererResponseDataEndpoint]): The model servers the operator allows companies to use
     """

    provider: GetAnswererResponseDataProvider
    endpoint: None | str
    model: None | str
    has_api_key: bool
    installation: GetAnswererResponseDataInstallation
    endpoints: list[GetAnswererResponseDataEndpoint]





    def to_dict(self) -> dict[str, Any]:
        from ..models.get_answerer_response_data_endpoint import GetAnswererResponseDataEndpoint # noqa: PLC0415
        from ..models.get_answerer_response_data_installation import GetAnswererResponseDataInstallation # noqa: PLC0415
        provider = self.provider.value

        endpoint: None | str
        endpoint = self.endpoint

        model: None | str
        model = self.model

        has_api_key = self.has_api_key

        installation = self.installation.to_dict()

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "endpoint": endpoint,
            "model": model,
            "hasApiKey": has_api_key,
            "installation": installation,
            "endpoints": endpoints,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_answerer_response_data_endpoint import GetAnswererResponseDataEndpoint # noqa: PLC0415
        from ..models.get_answerer_response_data_installation import GetAnswererResponseDataInstallation # noqa: PLC0415
        d = dict(src_dict)
        provider = GetAnswererResponseDataProvider(d.pop("provider"))




        def _parse_endpoint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint = _parse_endpoint(d.pop("endpoint"))


        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        has_api_key = d.pop("hasApiKey")

        installation = GetAnswererResponseDataInstallation.from_dict(d.pop("installation"))




        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in (_endpoints):
            endpoints_item = GetAnswererResponseDataEndpoint.from_dict(endpoints_item_data)



            endpoints.append(endpoints_item)


        get_answerer_response_data = cls(
            provider=provider,
            endpoint=endpoint,
            model=model,
            has_api_key=has_api_key,
            installation=installation,
            endpoints=endpoints,
        )

        return get_answerer_response_data

