from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_code import ErrorCode
from ..models.open_ai_error_response_error_type import OpenAIErrorResponseErrorType
from typing import cast






T = TypeVar("T", bound="OpenAIErrorResponseError")



@_attrs_define
class OpenAIErrorResponseError:
    """ 
        Attributes:
            message (str):
            type_ (OpenAIErrorResponseErrorType): OpenAI’s error kind
            param (None | str): The first invalid field, or null
            code (ErrorCode): Machine-readable error code
     """

    message: str
    type_: OpenAIErrorResponseErrorType
    param: None | str
    code: ErrorCode





    def to_dict(self) -> dict[str, Any]:
        message = self.message

        type_ = self.type_.value

        param: None | str
        param = self.param

        code = self.code.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "message": message,
            "type": type_,
            "param": param,
            "code": code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        type_ = OpenAIErrorResponseErrorType(d.pop("type"))




        def _parse_param(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        param = _parse_param(d.pop("param"))


        code = ErrorCode(d.pop("code"))




        open_ai_error_response_error = cls(
            message=message,
            type_=type_,
            param=param,
            code=code,
        )

        return open_ai_error_response_error

