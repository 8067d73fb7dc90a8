from enum import StrEnum

class SignInWithMicrosoftXRefreshCookie(StrEnum):
    VALUE_0 = "1"

    def __str__(self) -> str:
        return str(self.value)
