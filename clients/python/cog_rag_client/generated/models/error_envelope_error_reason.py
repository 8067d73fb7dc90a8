from enum import StrEnum

class ErrorEnvelopeErrorReason(StrEnum):
    FAILED_ATTEMPTS = "FAILED_ATTEMPTS"
    REQUEST_RATE = "REQUEST_RATE"

    def __str__(self) -> str:
        return str(self.value)
