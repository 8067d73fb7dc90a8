from enum import StrEnum

class ScimErrorSchemasItem(StrEnum):
    URNIETFPARAMSSCIMAPIMESSAGES2_0ERROR = "urn:ietf:params:scim:api:messages:2.0:Error"

    def __str__(self) -> str:
        return str(self.value)
