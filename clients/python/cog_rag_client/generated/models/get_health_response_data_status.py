from enum import StrEnum

class GetHealthResponseDataStatus(StrEnum):
    OK = "ok"

    def __str__(self) -> str:
        return str(self.value)
