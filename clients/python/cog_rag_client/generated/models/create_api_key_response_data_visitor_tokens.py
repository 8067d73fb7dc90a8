from enum import StrEnum

class CreateApiKeyResponseDataVisitorTokens(StrEnum):
    HS256 = "hs256"
    NONE = "none"
    RS256 = "rs256"

    def __str__(self) -> str:
        return str(self.value)
