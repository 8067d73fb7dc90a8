from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scim_error_schemas_item import ScimErrorSchemasItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ScimError")



@_attrs_define
class ScimError:
    """ RFC 7644 §3.12 error

        Attributes:
            schemas (list[ScimErrorSchemasItem]):
            status (str):
            detail (str):
            scim_type (str | Unset):
     """

    schemas: list[ScimErrorSchemasItem]
    status: str
    detail: str
    scim_type: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        schemas = []
        for schemas_item_data in self.schemas:
            schemas_item = schemas_item_data.value
            schemas.append(schemas_item)



        status = self.status

        detail = self.detail

        scim_type = self.scim_type


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "schemas": schemas,
            "status": status,
            "detail": detail,
        })
        if scim_type is not UNSET:
            field_dict["scimType"] = scim_type

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        schemas = []
        _schemas = d.pop("schemas")
        for schemas_item_data in (_schemas):
            schemas_item = ScimErrorSchemasItem(schemas_item_data)



            schemas.append(schemas_item)


        status = d.pop("status")

        detail = d.pop("detail")

        scim_type = d.pop("scimType", UNSET)

        scim_error = cls(
            schemas=schemas,
            status=status,
            detail=detail,
            scim_type=scim_type,
        )

        return scim_error

