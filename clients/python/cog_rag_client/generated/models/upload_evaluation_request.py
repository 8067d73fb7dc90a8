from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field
import json
from .. import types

from ..types import UNSET, Unset

from ..types import File, FileTypes
from ..types import UNSET, Unset
from io import BytesIO






T = TypeVar("T", bound="UploadEvaluationRequest")



@_attrs_define
class UploadEvaluationRequest:
    """ 
        Attributes:
            file (File): The question set, UTF-8: a `.csv` name reads as CSV, any other as JSON Lines; at most 1 MB
            name (str | Unset): Default: the file name
     """

    file: File
    name: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()


        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "file": file,
        })
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict


    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))



        if not isinstance(self.name, Unset):
            files.append(("name", (None, str(self.name).encode(), "text/plain")))





        return files


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        file = File(
             payload = BytesIO(d.pop("file"))
        )




        name = d.pop("name", UNSET)

        upload_evaluation_request = cls(
            file=file,
            name=name,
        )

        return upload_evaluation_request

