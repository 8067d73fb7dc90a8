from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_code import ErrorCode
from ..types import UNSET, Unset






T = TypeVar("T", bound="StreamErrorEventError")



@_attrs_define
class StreamErrorEventError:
    """ 
        Attributes:
            code (ErrorCode): Machine-readable error code
            message (str):
            retry_after (int | Unset):
     """

    code: ErrorCode
    message: str
    retry_after: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        retry_after = self.retry_after


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "message": message,
        })
        if retry_after is not UNSET:
            field_dict["retryAfter"] = retry_after

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ErrorCode(d.pop("code"))




        message = d.pop("message")

        retry_after = d.pop("retryAfter", UNSET)

        stream_error_event_error = cls(
            code=code,
            message=message,
            retry_after=retry_after,
        )

        return stream_error_event_error

