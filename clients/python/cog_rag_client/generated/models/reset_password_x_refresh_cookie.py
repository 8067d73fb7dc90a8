from enum import StrEnum

class ResetPasswordXRefreshCookie(StrEnum):
    VALUE_0 = "1"

    def __str__(self) -> str:
        return str(self.value)
