from enum import StrEnum

class ListInvitationsResponseDataItemRole(StrEnum):
    COMPANY_ADMIN = "COMPANY_ADMIN"
    COMPANY_EDITOR = "COMPANY_EDITOR"
    COMPANY_READER = "COMPANY_READER"

    def __str__(self) -> str:
        return str(self.value)
