from enum import StrEnum

class TopicAccessGroupAccess(StrEnum):
    EDIT = "edit"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
