from enum import StrEnum

class SetTopicAccessRequestAllMembers(StrEnum):
    EDIT = "edit"
    NONE = "none"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
