from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ErrorEnvelopeErrorLimit")



@_attrs_define
class ErrorEnvelopeErrorLimit:
    """ Quota errors: the company’s limit

        Attributes:
            documents (int | Unset):
            storage_bytes (int | Unset):
     """

    documents: int | Unset = UNSET
    storage_bytes: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        documents = self.documents

        storage_bytes = self.storage_bytes


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if documents is not UNSET:
            field_dict["documents"] = documents
        if storage_bytes is not UNSET:
            field_dict["storageBytes"] = storage_bytes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        documents = d.pop("documents", UNSET)

        storage_bytes = d.pop("storageBytes", UNSET)

        error_envelope_error_limit = cls(
            documents=documents,
            storage_bytes=storage_bytes,
        )

        return error_envelope_error_limit

