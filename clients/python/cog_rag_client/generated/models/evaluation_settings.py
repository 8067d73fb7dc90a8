from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EvaluationSettings")



@_attrs_define
class EvaluationSettings:
    """ What the run answered with, snapshotted when it started

        Attributes:
            top_k (int): Chunks retrieved per question
            retrieval_mode (str): Retrieval mode that ran
            provider (str): LLM_PROVIDER of the worker
            model (None | str): The provider’s model, if any
     """

    top_k: int
    retrieval_mode: str
    provider: str
    model: None | str





    def to_dict(self) -> dict[str, Any]:
        top_k = self.top_k

        retrieval_mode = self.retrieval_mode

        provider = self.provider

        model: None | str
        model = self.model


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "topK": top_k,
            "retrievalMode": retrieval_mode,
            "provider": provider,
            "model": model,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        top_k = d.pop("topK")

        retrieval_mode = d.pop("retrievalMode")

        provider = d.pop("provider")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        evaluation_settings = cls(
            top_k=top_k,
            retrieval_mode=retrieval_mode,
            provider=provider,
            model=model,
        )

        return evaluation_settings

