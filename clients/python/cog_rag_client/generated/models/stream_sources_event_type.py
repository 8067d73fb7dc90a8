from enum import StrEnum

class StreamSourcesEventType(StrEnum):
    SOURCES = "sources"

    def __str__(self) -> str:
        return str(self.value)
