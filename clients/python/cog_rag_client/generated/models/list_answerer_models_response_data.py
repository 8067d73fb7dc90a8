from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ListAnswererModelsResponseData")



@_attrs_define
class ListAnswererModelsResponseData:
    """ 
        Attributes:
            models (list[str]):
            error (None | str): Why the server’s list could not be read
     """

    models: list[str]
    error: None | str





    def to_dict(self) -> dict[str, Any]:
        models = self.models



        error: None | str
        error = self.error


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "models": models,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        models = cast(list[str], d.pop("models"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        list_answerer_models_response_data = cls(
            models=models,
            error=error,
        )

        return list_answerer_models_response_data

