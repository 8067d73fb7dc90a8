from enum import StrEnum

class StreamTokenEventType(StrEnum):
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)
