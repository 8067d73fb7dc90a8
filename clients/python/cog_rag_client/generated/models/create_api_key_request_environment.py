from enum import StrEnum

class CreateApiKeyRequestEnvironment(StrEnum):
    LIVE = "live"
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
