from enum import StrEnum

class TopicAccessAllMembers(StrEnum):
    EDIT = "edit"
    NONE = "none"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
