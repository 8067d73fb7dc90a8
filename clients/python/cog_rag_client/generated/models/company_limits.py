from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CompanyLimits")



@_attrs_define
class CompanyLimits:
    """ Per-company quota

        Attributes:
            documents (int): QUOTA_MAX_DOCUMENTS: one more upload → 409
            storage_bytes (int): QUOTA_MAX_STORAGE_MB: past it an upload → 413
     """

    documents: int
    storage_bytes: int





    def to_dict(self) -> dict[str, Any]:
        documents = self.documents

        storage_bytes = self.storage_bytes


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documents": documents,
            "storageBytes": storage_bytes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        documents = d.pop("documents")

        storage_bytes = d.pop("storageBytes")

        company_limits = cls(
            documents=documents,
            storage_bytes=storage_bytes,
        )

        return company_limits

