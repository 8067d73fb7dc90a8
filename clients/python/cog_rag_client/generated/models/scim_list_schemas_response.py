from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.scim_list_schemas_response_resource import ScimListSchemasResponseResource





T = TypeVar("T", bound="ScimListSchemasResponse")



@_attrs_define
class ScimListSchemasResponse:
    """ 
        Attributes:
            schemas (list[str]):
            total_results (int):
            start_index (int):
            items_per_page (int):
            resources (list[ScimListSchemasResponseResource]):
     """

    schemas: list[str]
    total_results: int
    start_index: int
    items_per_page: int
    resources: list[ScimListSchemasResponseResource]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.scim_list_schemas_response_resource import ScimListSchemasResponseResource # noqa: PLC0415
        schemas = self.schemas



        total_results = self.total_results

        start_index = self.start_index

        items_per_page = self.items_per_page

        resources = []
        for resources_item_data in self.resources:
            resources_item = resources_item_data.to_dict()
            resources.append(resources_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "schemas": schemas,
            "totalResults": total_results,
            "startIndex": start_index,
            "itemsPerPage": items_per_page,
            "Resources": resources,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scim_list_schemas_response_resource import ScimListSchemasResponseResource # noqa: PLC0415
        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas"))


        total_results = d.pop("totalResults")

        start_index = d.pop("startIndex")

        items_per_page = d.pop("itemsPerPage")

        resources = []
        _resources = d.pop("Resources")
        for resources_item_data in (_resources):
            resources_item = ScimListSchemasResponseResource.from_dict(resources_item_data)



            resources.append(resources_item)


        scim_list_schemas_response = cls(
            schemas=schemas,
            total_results=total_results,
            start_index=start_index,
            items_per_page=items_per_page,
            resources=resources,
        )


        scim_list_schemas_response.additional_properties = d
        return scim_list_schemas_response

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
