from enum import StrEnum

class ChatCompletionChunkObject(StrEnum):
    CHAT_COMPLETION_CHUNK = "chat.completion.chunk"

    def __str__(self) -> str:
        return str(self.value)
