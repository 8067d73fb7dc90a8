from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_list_data_item_object import ModelListDataItemObject






T = TypeVar("T", bound="ModelListDataItem")



@_attrs_define
class ModelListDataItem:
    """ 
        Attributes:
            id (str): `cog-rag` or `cog-rag:topic/<topicId>`
            object_ (ModelListDataItemObject):
            created (int): Unix time, seconds
            owned_by (str): The company
            name (str): A display name (Open WebUI shows it)
     """

    id: str
    object_: ModelListDataItemObject
    created: int
    owned_by: str
    name: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        created = self.created

        owned_by = self.owned_by

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "object": object_,
            "created": created,
            "owned_by": owned_by,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = ModelListDataItemObject(d.pop("object"))




        created = d.pop("created")

        owned_by = d.pop("owned_by")

        name = d.pop("name")

        model_list_data_item = cls(
            id=id,
            object_=object_,
            created=created,
            owned_by=owned_by,
            name=name,
        )

        return model_list_data_item

