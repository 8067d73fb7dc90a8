from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.evaluation_totals_contains_by_kind import EvaluationTotalsContainsByKind
  from ..models.evaluation_totals_latency_ms import EvaluationTotalsLatencyMs
  from ..models.evaluation_totals_ttft_ms import EvaluationTotalsTtftMs





T = TypeVar("T", bound="EvaluationTotals")



@_attrs_define
class EvaluationTotals:
    """ Rules: docs/evaluations.md "Figures"

        Attributes:
            questions (int):
            answerable (int):
            unanswerable (int):
            hit_at_k (float | None): Answerable questions with an expected document among the topK retrieved chunks (hit@k);
                share in 0..1, null when no question applies
            right_citation (float | None): Answerable questions whose answer cites an expected document; share in 0..1, null
                when no question applies
            contains (float | None): Answerable questions answered with an expected string in the answer (SQuAD
                normalisation); share in 0..1, null when no question applies
            token_f1 (float | None): Mean SQuAD token F1 of the answer vs the best expected string (answerable; a refusal
                scores 0); share in 0..1, null when no question applies
            squad_f1 (float | None): Mean SQuAD 2.0 F1 over all questions (a refused unanswerable question scores 1); share
                in 0..1, null when no question applies
            false_refusals (float | None): Answerable questions refused; share in 0..1, null when no question applies
            refusals_on_unanswerable (float | None): Unanswerable questions refused; share in 0..1, null when no question
                applies
            contains_by_kind (EvaluationTotalsContainsByKind): `contains` per kind of answerable question present
            errors (int): Questions whose answering failed (counted as refused)
            latency_ms (EvaluationTotalsLatencyMs):
            ttft_ms (EvaluationTotalsTtftMs):
            lead_answer (float | None | Unset): Answerable questions whose answer’s first sentence holds an expected string
                (absent in runs made before it was measured); share in 0..1, null when no question applies
     """

    questions: int
    answerable: int
    unanswerable: int
    hit_at_k: float | None
    right_citation: float | None
    contains: float | None
    token_f1: float | None
    squad_f1: float | None
    false_refusals: float | None
    refusals_on_unanswerable: float | None
    contains_by_kind: EvaluationTotalsContainsByKind
    errors: int
    latency_ms: EvaluationTotalsLatencyMs
    ttft_ms: EvaluationTotalsTtftMs
    lead_answer: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.evaluation_totals_contains_by_kind import EvaluationTotalsContainsByKind # noqa: PLC0415
        from ..models.evaluation_totals_latency_ms import EvaluationTotalsLatencyMs # noqa: PLC0415
        from ..models.evaluation_totals_ttft_ms import EvaluationTotalsTtftMs # noqa: PLC0415
        questions = self.questions

        answerable = self.answerable

        unanswerable = self.unanswerable

        hit_at_k: float | None
        hit_at_k = self.hit_at_k

        right_citation: float | None
        right_citation = self.right_citation

        contains: float | None
        contains = self.contains

        token_f1: float | None
        token_f1 = self.token_f1

        squad_f1: float | None
        squad_f1 = self.squad_f1

        false_refusals: float | None
        false_refusals = self.false_refusals

        refusals_on_unanswerable: float | None
        refusals_on_unanswerable = self.refusals_on_unanswerable

        contains_by_kind = self.contains_by_kind.to_dict()

        errors = self.errors

        latency_ms = self.latency_ms.to_dict()

        ttft_ms = self.ttft_ms.to_dict()

        lead_answer: float | None | Unset
        if isinstance(self.lead_answer, Unset):
            lead_answer = UNSET
        else:
            lead_answer = self.lead_answer


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "questions": questions,
            "answerable": answerable,
            "unanswerable": unanswerable,
            "hitAtK": hit_at_k,
            "rightCitation": right_citation,
            "contains": contains,
            "tokenF1": token_f1,
            "squadF1": squad_f1,
            "falseRefusals": false_refusals,
            "refusalsOnUnanswerable": refusals_on_unanswerable,
            "containsByKind": contains_by_kind,
            "errors": errors,
            "latencyMs": latency_ms,
            "ttftMs": ttft_ms,
        })
        if lead_answer is not UNSET:
            field_dict["leadAnswer"] = lead_answer

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evaluation_totals_contains_by_kind import EvaluationTotalsContainsByKind # noqa: PLC0415
        from ..models.evaluation_totals_latency_ms import EvaluationTotalsLatencyMs # noqa: PLC0415
        from ..models.evaluation_totals_ttft_ms import EvaluationTotalsTtftMs # noqa: PLC0415
        d = dict(src_dict)
        questions = d.pop("questions")

        answerable = d.pop("answerable")

        unanswerable = d.pop("unanswerable")

        def _parse_hit_at_k(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        hit_at_k = _parse_hit_at_k(d.pop("hitAtK"))


        def _parse_right_citation(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        right_citation = _parse_right_citation(d.pop("rightCitation"))


        def _parse_contains(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        contains = _parse_contains(d.pop("contains"))


        def _parse_token_f1(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        token_f1 = _parse_token_f1(d.pop("tokenF1"))


        def _parse_squad_f1(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        squad_f1 = _parse_squad_f1(d.pop("squadF1"))


        def _parse_false_refusals(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        false_refusals = _parse_false_refusals(d.pop("falseRefusals"))


        def _parse_refusals_on_unanswerable(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        refusals_on_unanswerable = _parse_refusals_on_unanswerable(d.pop("refusalsOnUnanswerable"))


        contains_by_kind = EvaluationTotalsContainsByKind.from_dict(d.pop("containsByKind"))




        errors = d.pop("errors")

        latency_ms = EvaluationTotalsLatencyMs.from_dict(d.pop("latencyMs"))




        ttft_ms = EvaluationTotalsTtftMs.from_dict(d.pop("ttftMs"))




        def _parse_lead_answer(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lead_answer = _parse_lead_answer(d.pop("leadAnswer", UNSET))


        evaluation_totals = cls(
            questions=questions,
            answerable=answerable,
            unanswerable=unanswerable,
            hit_at_k=hit_at_k,
            right_citation=right_citation,
            contains=contains,
            token_f1=token_f1,
            squad_f1=squad_f1,
            false_refusals=false_refusals,
            refusals_on_unanswerable=refusals_on_unanswerable,
            contains_by_kind=contains_by_kind,
            errors=errors,
            latency_ms=latency_ms,
            ttft_ms=ttft_ms,
            lead_answer=lead_answer,
        )

        return evaluation_totals

