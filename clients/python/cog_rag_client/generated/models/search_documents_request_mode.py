from enum import StrEnum

class SearchDocumentsRequestMode(StrEnum):
    DENSE = "dense"
    HYBRID = "hybrid"
    LEXICAL = "lexical"
    RERANK = "rerank"

    def __str__(self) -> str:
        return str(self.value)
