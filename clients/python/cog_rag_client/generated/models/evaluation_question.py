from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.evaluation_question_kind import EvaluationQuestionKind
from typing import cast






T = TypeVar("T", bound="EvaluationQuestion")



@_attrs_define
class EvaluationQuestion:
    """ 
        Attributes:
            id (str):
            question (str):
            expected (list[str]):
            documents (list[str]): Document names whose chunks are right citations
            unanswerable (bool):
            kind (EvaluationQuestionKind):
            history (list[str]): Asked first, in one conversation
     """

    id: str
    question: str
    expected: list[str]
    documents: list[str]
    unanswerable: bool
    kind: EvaluationQuestionKind
    history: list[str]





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        question = self.question

        expected = self.expected



        documents = self.documents



        unanswerable = self.unanswerable

        kind = self.kind.value

        history = self.history




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "question": question,
            "expected": expected,
            "documents": documents,
            "unanswerable": unanswerable,
            "kind": kind,
            "history": history,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        question = d.pop("question")

        expected = cast(list[str], d.pop("expected"))


        documents = cast(list[str], d.pop("documents"))


        unanswerable = d.pop("unanswerable")

        kind = EvaluationQuestionKind(d.pop("kind"))




        history = cast(list[str], d.pop("history"))


        evaluation_question = cls(
            id=id,
            question=question,
            expected=expected,
            documents=documents,
            unanswerable=unanswerable,
            kind=kind,
            history=history,
        )

        return evaluation_question

