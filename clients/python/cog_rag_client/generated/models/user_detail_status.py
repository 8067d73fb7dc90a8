from enum import StrEnum

class UserDetailStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"
    INVITED = "invited"

    def __str__(self) -> str:
        return str(self.value)
