from enum import StrEnum

class GetHealthDetailsResponseDataStatus(StrEnum):
    OK = "ok"

    def __str__(self) -> str:
        return str(self.value)
