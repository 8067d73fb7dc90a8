from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_company_request_settings_language import UpdateCompanyRequestSettingsLanguage
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateCompanyRequestSettings")



@_attrs_define
class UpdateCompanyRequestSettings:
    """ 
        Attributes:
            language (UpdateCompanyRequestSettingsLanguage | Unset):
            system_prompt (str | Unset):
            top_k (int | Unset):
            temperature (float | Unset):
            rerank (bool | Unset):
            answer_threshold (float | Unset): Least calibrated answerability (0..1) for an answer; below it the answer is
                the refusal. Lower: fewer refusals of answerable questions, more answers to unanswerable ones (docs/chat.md "The
                reader and the rules"). Default 0.36 (0.35 with READER_MODEL=off).
            sso_domains (list[str] | Unset):
     """

    language: UpdateCompanyRequestSettingsLanguage | Unset = UNSET
    system_prompt: str | Unset = UNSET
    top_k: int | Unset = UNSET
    temperature: float | Unset = UNSET
    rerank: bool | Unset = UNSET
    answer_threshold: float | Unset = UNSET
    sso_domains: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value


        system_prompt = self.system_prompt

        top_k = self.top_k

        temperature = self.temperature

        rerank = self.rerank

        answer_threshold = self.answer_threshold

        sso_domains: list[str] | Unset = UNSET
        if not isinstance(self.sso_domains, Unset):
            sso_domains = self.sso_domains




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if language is not UNSET:
            field_dict["language"] = language
        if system_prompt is not UNSET:
            field_dict["systemPrompt"] = system_prompt
        if top_k is not UNSET:
            field_dict["topK"] = top_k
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if rerank is not UNSET:
            field_dict["rerank"] = rerank
        if answer_threshold is not UNSET:
            field_dict["answerThreshold"] = answer_threshold
        if sso_domains is not UNSET:
            field_dict["ssoDomains"] = sso_domains

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _language = d.pop("language", UNSET)
        language: UpdateCompanyRequestSettingsLanguage | Unset
        if isinstance(_language,  Unset):
            language = UNSET
        else:
            language = UpdateCompanyRequestSettingsLanguage(_language)




        system_prompt = d.pop("systemPrompt", UNSET)

        top_k = d.pop("topK", UNSET)

        temperature = d.pop("temperature", UNSET)

        rerank = d.pop("rerank", UNSET)

        answer_threshold = d.pop("answerThreshold", UNSET)

        sso_domains = cast(list[str], d.pop("ssoDomains", UNSET))


        update_company_request_settings = cls(
            language=language,
            system_prompt=system_prompt,
            top_k=top_k,
            temperature=temperature,
            rerank=rerank,
            answer_threshold=answer_threshold,
            sso_domains=sso_domains,
        )

        return update_company_request_settings

