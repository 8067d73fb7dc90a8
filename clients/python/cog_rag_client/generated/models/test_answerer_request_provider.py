from enum import StrEnum

class TestAnswererRequestProvider(StrEnum):
    EXTRACTIVE = "extractive"
    INSTALLATION = "installation"
    OLLAMA = "ollama"
    OPENAI = "openai"

    def __str__(self) -> str:
        return str(self.value)
