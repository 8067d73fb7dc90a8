from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ScimListResourceTypesResponseResource")



@_attrs_define
class ScimListResourceTypesResponseResource:
    """ A SCIM resource (User, Group, Schema, ResourceType)

        Attributes:
            schemas (list[str]):
            id (str | Unset):
     """

    schemas: list[str]
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        schemas = self.schemas



        id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "schemas": schemas,
        })
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas"))


        id = d.pop("id", UNSET)

        scim_list_resource_types_response_resource = cls(
            schemas=schemas,
            id=id,
        )


        scim_list_resource_types_response_resource.additional_properties = d
        return scim_list_resource_types_response_resource

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
