from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stream_error_event_type import StreamErrorEventType
from typing import cast

if TYPE_CHECKING:
  from ..models.stream_error_event_error import StreamErrorEventError





T = TypeVar("T", bound="StreamErrorEvent")



@_attrs_define
class StreamErrorEvent:
    """ 
        Attributes:
            type_ (StreamErrorEventType):
            error (StreamErrorEventError):
     """

    type_: StreamErrorEventType
    error: StreamErrorEventError





    def to_dict(self) -> dict[str, Any]:
        from ..models.stream_error_event_error import StreamErrorEventError # noqa: PLC0415
        type_ = self.type_.value

        error = self.error.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_error_event_error import StreamErrorEventError # noqa: PLC0415
        d = dict(src_dict)
        type_ = StreamErrorEventType(d.pop("type"))




        error = StreamErrorEventError.from_dict(d.pop("error"))




        stream_error_event = cls(
            type_=type_,
            error=error,
        )

        return stream_error_event

