from enum import StrEnum

class ListDocumentsStatus(StrEnum):
    ERROR = "ERROR"
    PROCESSING = "PROCESSING"
    UPLOADED = "UPLOADED"
    VECTORIZED = "VECTORIZED"

    def __str__(self) -> str:
        return str(self.value)
