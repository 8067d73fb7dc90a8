from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.set_answerer_response_data_endpoint_kind import SetAnswererResponseDataEndpointKind






T = TypeVar("T", bound="SetAnswererResponseDataEndpoint")



@_attrs_define
class SetAnswererResponseDataEndpoint:
    """ 
        Attributes:
            kind (SetAnswererResponseDataEndpointKind):
            url (str):
     """

    kind: SetAnswererResponseDataEndpointKind
    url: str





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SetAnswererResponseDataEndpointKind(d.pop("kind"))




        url = d.pop("url")

        set_answerer_response_data_endpoint = cls(
            kind=kind,
            url=url,
        )

        return set_answerer_response_data_endpoint

