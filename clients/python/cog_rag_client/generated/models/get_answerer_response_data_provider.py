from enum import StrEnum

class GetAnswererResponseDataProvider(StrEnum):
    EXTRACTIVE = "extractive"
    INSTALLATION = "installation"
    OLLAMA = "ollama"
    OPENAI = "openai"

    def __str__(self) -> str:
        return str(self.value)
