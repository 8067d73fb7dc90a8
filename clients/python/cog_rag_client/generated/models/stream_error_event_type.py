from enum import StrEnum

class StreamErrorEventType(StrEnum):
    ERROR = "error"

    def __str__(self) -> str:
        return str(self.value)
