from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateDocumentRequest")



@_attrs_define
class UpdateDocumentRequest:
    """ 
        Attributes:
            name (str | Unset):
            topic_id (None | str | Unset):
     """

    name: str | Unset = UNSET
    topic_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        topic_id: None | str | Unset
        if isinstance(self.topic_id, Unset):
            topic_id = UNSET
        else:
            topic_id = self.topic_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if topic_id is not UNSET:
            field_dict["topicId"] = topic_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_topic_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        topic_id = _parse_topic_id(d.pop("topicId", UNSET))


        update_document_request = cls(
            name=name,
            topic_id=topic_id,
        )

        return update_document_request

