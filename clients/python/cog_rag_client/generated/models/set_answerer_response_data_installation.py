from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SetAnswererResponseDataInstallation")



@_attrs_define
class SetAnswererResponseDataInstallation:
    """ What `installation` means on this server

        Attributes:
            provider (str):
            model (None | str):
     """

    provider: str
    model: None | str





    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model: None | str
        model = self.model


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "model": model,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        set_answerer_response_data_installation = cls(
            provider=provider,
            model=model,
        )

        return set_answerer_response_data_installation

