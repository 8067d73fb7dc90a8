from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebResult")



@_attrs_define
class WebResult:
    """ 
        Attributes:
            title (str):
            url (str):
            snippet (str):
            source (str): Engine(s) that found the result, as the provider names them
     """

    title: str
    url: str
    snippet: str
    source: str





    def to_dict(self) -> dict[str, Any]:
        title = self.title

        url = self.url

        snippet = self.snippet

        source = self.source


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "title": title,
            "url": url,
            "snippet": snippet,
            "source": source,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        url = d.pop("url")

        snippet = d.pop("snippet")

        source = d.pop("source")

        web_result = cls(
            title=title,
            url=url,
            snippet=snippet,
            source=source,
        )

        return web_result

