from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.get_answerer_response_data_endpoint_kind import GetAnswererResponseDataEndpointKind






T = TypeVar("T", bound="GetAnswererResponseDataEndpoint")



@_attrs_define
class GetAnswererResponseDataEndpoint:
    """ 
        Attributes:
            kind (GetAnswererResponseDataEndpointKind):
            url (str):
     """

    kind: GetAnswererResponseDataEndpointKind
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
        kind = GetAnswererResponseDataEndpointKind(d.pop("kind"))




        url = d.pop("url")

        get_answerer_response_data_endpoint = cls(
            kind=kind,
            url=url,
        )

        return get_answerer_response_data_endpoint

