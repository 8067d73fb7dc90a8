from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.evaluation_question import EvaluationQuestion
  from ..models.evaluation_result_scores import EvaluationResultScores





T = TypeVar("T", bound="EvaluationResult")



@_attrs_define
class EvaluationResult:
    """ 
        Attributes:
            question (EvaluationQuestion):
            answer (str): The answer as shown, citation markers included
            refused (bool): The answer cited nothing (citationMap empty)
            cited_documents (list[str]): Documents the answer cites
            retrieved_documents (list[str]): Documents of the chunks retrieval returned (topK), best first
            latency_ms (float):
            ttft_ms (float | None): To the first token; null when none came
            scores (EvaluationResultScores): null where a score does not apply to the question
            error (str | Unset): Why answering failed
     """

    question: EvaluationQuestion
    answer: str
    refused: bool
    cited_documents: list[str]
    retrieved_documents: list[str]
    latency_ms: float
    ttft_ms: float | None
    scores: EvaluationResultScores
    error: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.evaluation_question import EvaluationQuestion # noqa: PLC0415
        from ..models.evaluation_result_scores import EvaluationResultScores # noqa: PLC0415
        question = self.question.to_dict()

        answer = self.answer

        refused = self.refused

        cited_documents = self.cited_documents



        retrieved_documents = self.retrieved_documents



        latency_ms = self.latency_ms

        ttft_ms: float | None
        ttft_ms = self.ttft_ms

        scores = self.scores.to_dict()

        error = self.error


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "question": question,
            "answer": answer,
            "refused": refused,
            "citedDocuments": cited_documents,
            "retrievedDocuments": retrieved_documents,
            "latencyMs": latency_ms,
            "ttftMs": ttft_ms,
            "scores": scores,
        })
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evaluation_question import EvaluationQuestion # noqa: PLC0415
        from ..models.evaluation_result_scores import EvaluationResultScores # noqa: PLC0415
        d = dict(src_dict)
        question = EvaluationQuestion.from_dict(d.pop("question"))




        answer = d.pop("answer")

        refused = d.pop("refused")

        cited_documents = cast(list[str], d.pop("citedDocuments"))


        retrieved_documents = cast(list[str], d.pop("retrievedDocuments"))


        latency_ms = d.pop("latencyMs")

        def _parse_ttft_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ttft_ms = _parse_ttft_ms(d.pop("ttftMs"))


        scores = EvaluationResultScores.from_dict(d.pop("scores"))




        error = d.pop("error", UNSET)

        evaluation_result = cls(
            question=question,
            answer=answer,
            refused=refused,
            cited_documents=cited_documents,
            retrieved_documents=retrieved_documents,
            latency_ms=latency_ms,
            ttft_ms=ttft_ms,
            scores=scores,
            error=error,
        )

        return evaluation_result

