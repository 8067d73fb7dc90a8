from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_evaluation_request_format import CreateEvaluationRequestFormat






T = TypeVar("T", bound="CreateEvaluationRequest")



@_attrs_define
class CreateEvaluationRequest:
    """ 
        Attributes:
            name (str):
            format_ (CreateEvaluationRequestFormat): JSON Lines, or CSV with a header row
            content (str): The question set (docs/evaluations.md "Question sets"): at most 1,000 questions and 1 MB
     """

    name: str
    format_: CreateEvaluationRequestFormat
    content: str





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        format_ = self.format_.value

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "format": format_,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        format_ = CreateEvaluationRequestFormat(d.pop("format"))




        content = d.pop("content")

        create_evaluation_request = cls(
            name=name,
            format_=format_,
            content=content,
        )

        return create_evaluation_request

