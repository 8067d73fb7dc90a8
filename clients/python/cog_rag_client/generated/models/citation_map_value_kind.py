from enum import StrEnum

class CitationMapValueKind(StrEnum):
    WEB = "web"

    def __str__(self) -> str:
        return str(self.value)
