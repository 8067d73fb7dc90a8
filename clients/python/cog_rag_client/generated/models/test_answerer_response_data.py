from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TestAnswererResponseData")



@_attrs_define
class TestAnswererResponseData:
    """ 
        Attributes:
            ok (bool):
            question (str):
            answer (str): The first 500 characters of the answer
            duration_ms (int):
            error (None | str):
     """

    ok: bool
    question: str
    answer: str
    duration_ms: int
    error: None | str





    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        question = self.question

        answer = self.answer

        duration_ms = self.duration_ms

        error: None | str
        error = self.error


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ok": ok,
            "question": question,
            "answer": answer,
            "durationMs": duration_ms,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ok = d.pop("ok")

        question = d.pop("question")

        answer = d.pop("answer")

        duration_ms = d.pop("durationMs")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        test_answerer_response_data = cls(
            ok=ok,
            question=question,
            answer=answer,
            duration_ms=duration_ms,
            error=error,
        )

        return test_answerer_response_data

