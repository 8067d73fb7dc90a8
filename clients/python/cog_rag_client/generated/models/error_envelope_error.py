from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_code import ErrorCode
from ..models.error_envelope_error_current_role import ErrorEnvelopeErrorCurrentRole
from ..models.error_envelope_error_reason import ErrorEnvelopeErrorReason
from ..models.error_envelope_error_required_role import ErrorEnvelopeErrorRequiredRole
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.error_detail import ErrorDetail
  from ..models.error_envelope_error_limit import ErrorEnvelopeErrorLimit
  from ..models.error_envelope_error_usage import ErrorEnvelopeErrorUsage





T = TypeVar("T", bound="ErrorEnvelopeError")



@_attrs_define
class ErrorEnvelopeError:
    """ 
        Attributes:
            code (ErrorCode): Machine-readable error code
            message (str): Human-readable; may change
            details (list[ErrorDetail] | Unset):
            retry_after (int | Unset): 429 and busy 503: seconds to wait
            reason (ErrorEnvelopeErrorReason | Unset): 429: `REQUEST_RATE` = too many requests in the window (spec
                "Limits"); `FAILED_ATTEMPTS` = the failed-attempt back-off of this address, e-mail or credential (docs/auth.md)
            required_role (ErrorEnvelopeErrorRequiredRole | Unset): 403 by role: the least role allowed
            current_role (ErrorEnvelopeErrorCurrentRole | Unset): 403 by role: the caller’s role
            usage (ErrorEnvelopeErrorUsage | Unset): Quota errors: what the company holds
            limit (ErrorEnvelopeErrorLimit | Unset): Quota errors: the company’s limit
     """

    code: ErrorCode
    message: str
    details: list[ErrorDetail] | Unset = UNSET
    retry_after: int | Unset = UNSET
    reason: ErrorEnvelopeErrorReason | Unset = UNSET
    required_role: ErrorEnvelopeErrorRequiredRole | Unset = UNSET
    current_role: ErrorEnvelopeErrorCurrentRole | Unset = UNSET
    usage: ErrorEnvelopeErrorUsage | Unset = UNSET
    limit: ErrorEnvelopeErrorLimit | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail # noqa: PLC0415
        from ..models.error_envelope_error_limit import ErrorEnvelopeErrorLimit # noqa: PLC0415
        from ..models.error_envelope_error_usage import ErrorEnvelopeErrorUsage # noqa: PLC0415
        code = self.code.value

        message = self.message

        details: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = []
            for details_item_data in self.details:
                details_item = details_item_data.to_dict()
                details.append(details_item)



        retry_after = self.retry_after

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value


        required_role: str | Unset = UNSET
        if not isinstance(self.required_role, Unset):
            required_role = self.required_role.value


        current_role: str | Unset = UNSET
        if not isinstance(self.current_role, Unset):
            current_role = self.current_role.value


        usage: dict[str, Any] | Unset = UNSET
        if not isinstance(self.usage, Unset):
            usage = self.usage.to_dict()

        limit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limit, Unset):
            limit = self.limit.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "message": message,
        })
        if details is not UNSET:
            field_dict["details"] = details
        if retry_after is not UNSET:
            field_dict["retryAfter"] = retry_after
        if reason is not UNSET:
            field_dict["reason"] = reason
        if required_role is not UNSET:
            field_dict["requiredRole"] = required_role
        if current_role is not UNSET:
            field_dict["currentRole"] = current_role
        if usage is not UNSET:
            field_dict["usage"] = usage
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_detail import ErrorDetail # noqa: PLC0415
        from ..models.error_envelope_error_limit import ErrorEnvelopeErrorLimit # noqa: PLC0415
        from ..models.error_envelope_error_usage import ErrorEnvelopeErrorUsage # noqa: PLC0415
        d = dict(src_dict)
        code = ErrorCode(d.pop("code"))




        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: list[ErrorDetail] | Unset = UNSET
        if _details is not UNSET:
            details = []
            for details_item_data in _details:
                details_item = ErrorDetail.from_dict(details_item_data)



                details.append(details_item)


        retry_after = d.pop("retryAfter", UNSET)

        _reason = d.pop("reason", UNSET)
        reason: ErrorEnvelopeErrorReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = ErrorEnvelopeErrorReason(_reason)




        _required_role = d.pop("requiredRole", UNSET)
        required_role: ErrorEnvelopeErrorRequiredRole | Unset
        if isinstance(_required_role,  Unset):
            required_role = UNSET
        else:
            required_role = ErrorEnvelopeErrorRequiredRole(_required_role)




        _current_role = d.pop("currentRole", UNSET)
        current_role: ErrorEnvelopeErrorCurrentRole | Unset
        if isinstance(_current_role,  Unset):
            current_role = UNSET
        else:
            current_role = ErrorEnvelopeErrorCurrentRole(_current_role)




        _usage = d.pop("usage", UNSET)
        usage: ErrorEnvelopeErrorUsage | Unset
        if isinstance(_usage,  Unset):
            usage = UNSET
        else:
            usage = ErrorEnvelopeErrorUsage.from_dict(_usage)




        _limit = d.pop("limit", UNSET)
        limit: ErrorEnvelopeErrorLimit | Unset
        if isinstance(_limit,  Unset):
            limit = UNSET
        else:
            limit = ErrorEnvelopeErrorLimit.from_dict(_limit)




        error_envelope_error = cls(
            code=code,
            message=message,
            details=details,
            retry_after=retry_after,
            reason=reason,
            required_role=required_role,
            current_role=current_role,
            usage=usage,
            limit=limit,
        )

        return error_envelope_error

