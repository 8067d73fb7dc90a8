from enum import StrEnum

class StreamDoneEventType(StrEnum):
    DONE = "done"

    def __str__(self) -> str:
        return str(self.value)
