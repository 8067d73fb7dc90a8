from enum import StrEnum

class OpenAIErrorResponseErrorType(StrEnum):
    AUTHENTICATION_ERROR = "authentication_error"
    INVALID_REQUEST_ERROR = "invalid_request_error"
    NOT_FOUND_ERROR = "not_found_error"
    PERMISSION_ERROR = "permission_error"
    RATE_LIMIT_ERROR = "rate_limit_error"
    SERVER_ERROR = "server_error"

    def __str__(self) -> str:
        return str(self.value)
