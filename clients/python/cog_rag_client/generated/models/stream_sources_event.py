from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stream_sources_event_type import StreamSourcesEventType
from typing import cast

if TYPE_CHECKING:
  from ..models.source import Source





T = TypeVar("T", bound="StreamSourcesEvent")



@_attrs_define
class StreamSourcesEvent:
    """ 
        Attributes:
            type_ (StreamSourcesEventType):
            sources (list[Source]):
     """

    type_: StreamSourcesEventType
    sources: list[Source]





    def to_dict(self) -> dict[str, Any]:
        from ..models.source import Source # noqa: PLC0415
        type_ = self.type_.value

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "sources": sources,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.source import Source # noqa: PLC0415
        d = dict(src_dict)
        type_ = StreamSourcesEventType(d.pop("type"))




        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = Source.from_dict(sources_item_data)



            sources.append(sources_item)


        stream_sources_event = cls(
            type_=type_,
            sources=sources,
        )

        return stream_sources_event

