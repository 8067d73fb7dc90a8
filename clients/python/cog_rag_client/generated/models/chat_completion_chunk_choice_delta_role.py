from enum import StrEnum

class ChatCompletionChunkChoiceDeltaRole(StrEnum):
    ASSISTANT = "assistant"

    def __str__(self) -> str:
        return str(self.value)
