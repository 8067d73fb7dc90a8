from enum import StrEnum

class SourceKind(StrEnum):
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
