from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Pagination")



@_attrs_define
class Pagination:
    """ 
        Attributes:
            page (int): Current page, 1-based
            limit (int): Items per page
            total (int): Items across all pages
            total_pages (int): ceil(total / limit)
     """

    page: int
    limit: int
    total: int
    total_pages: int





    def to_dict(self) -> dict[str, Any]:
        page = self.page

        limit = self.limit

        total = self.total

        total_pages = self.total_pages


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "page": page,
            "limit": limit,
            "total": total,
            "totalPages": total_pages,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        page = d.pop("page")

        limit = d.pop("limit")

        total = d.pop("total")

        total_pages = d.pop("totalPages")

        pagination = cls(
            page=page,
            limit=limit,
            total=total,
            total_pages=total_pages,
        )

        return pagination

