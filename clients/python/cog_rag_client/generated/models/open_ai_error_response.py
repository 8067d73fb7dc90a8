from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.open_ai_error_response_error import OpenAIErrorResponseError





T = TypeVar("T", bound="OpenAIErrorResponse")



@_attrs_define
class OpenAIErrorResponse:
    """ 
        Attributes:
            error (OpenAIErrorResponseError):
     """

    error: OpenAIErrorResponseError





    def to_dict(self) -> dict[str, Any]:
        from ..models.open_ai_error_response_error import OpenAIErrorResponseError # noqa: PLC0415
        error = self.error.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.open_ai_error_response_error import OpenAIErrorResponseError # noqa: PLC0415
        d = dict(src_dict)
        error = OpenAIErrorResponseError.from_dict(d.pop("error"))




        open_ai_error_response = cls(
            error=error,
        )

        return open_ai_error_response

