"""Drives Cog-RAG's /scim/v2 with scim2-client (python-scim2), one JSON command per stdin line.

Started by test/scim/scim-client.test.ts with the service's base URL and a SCIM token as
arguments. Each line read is `{"op": ..., ...}`; each line written is `{"ok": true, ...}` or
`{"ok": false, "status": ..., "scimType": ..., "detail": ...}` for a SCIM error. The library
checks every request and response payload against RFC 7643/7644 (scim2-models), so a response
shape it cannot read fails the command with `{"ok": false, "error": ...}`.
"""

import json
import sys
import traceback

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_models import (
    Email,
    Group,
    GroupMember,
    Name,
    PatchOp,
    PatchOperation,
    ScimProvider,
    SCIMException,
    SearchRequest,
    User,
)

base_url, token = sys.argv[1], sys.argv[2]
http = Client(base_url=f"{base_url}/scim/v2", headers={"Authorization": f"Bearer {token}"})
client = SyncSCIMClient(http, provider=ScimProvider(models=[User, Group]))


def user_json(user):
    return user.model_dump(mode="json", by_alias=True, exclude_none=True)


def run(cmd):
    op = cmd["op"]
    if op == "discover":
        # A client knowing nothing: reads /ResourceTypes, /Schemas and /ServiceProviderConfig.
        fresh = SyncSCIMClient(http)
        fresh.discover()
        provider = fresh.provider
        model = fresh.get_resource_model("User")
        return {
            "resourceTypes": sorted(rt.name for rt in provider.resource_types),
            "patch": bool(provider.config.patch.supported),
            "filterMaxResults": provider.config.filter.max_results,
            "userFields": sorted(model.model_fields) if model else [],
        }
    if op == "create_user":
        user = User(
            user_name=cmd["userName"],
            external_id=cmd.get("externalId"),
            name=Name(given_name=cmd.get("givenName"), family_name=cmd.get("familyName")),
            display_name=cmd.get("displayName"),
            emails=[Email(value=cmd["email"], type="work", primary=True)],
            active=True,
            password=cmd.get("password"),
        )
        return {"user": user_json(client.create(user))}
    if op == "query_users":
        search = SearchRequest(
            filter=cmd.get("filter"), start_index=cmd.get("startIndex"), count=cmd.get("count")
        )
        page = client.query(User, query_parameters=search)
        return {
            "totalResults": page.total_results,
            "startIndex": page.start_index,
            "itemsPerPage": page.items_per_page,
            "userNames": [u.user_name for u in page.resources or []],
            "ids": [u.id for u in page.resources or []],
        }
    if op == "get_user":
        return {"user": user_json(client.query(User, cmd["id"]))}
    if op == "deactivate":
        # Okta's shape: replace without a path, a value object.
        patch = PatchOp[User](
            operations=[PatchOperation[User](op="replace", value={"active": cmd.get("active", False)})]
        )
        result = client.modify(User, cmd["id"], patch)
        return {"user": user_json(result) if result is not None else None}
    if op == "create_group":
        group = Group(
            display_name=cmd["displayName"],
            members=[GroupMember(value=m) for m in cmd.get("members", [])],
        )
        return {"group": client.create(group).model_dump(mode="json", by_alias=True, exclude_none=True)}
    if op == "query_groups":
        page = client.query(Group, query_parameters=SearchRequest(filter=cmd.get("filter")))
        return {"totalResults": page.total_results, "ids": [g.id for g in page.resources or []]}
    if op == "members":
        # Entra's shape: add / remove on `members` with a list of {value}.
        operations = []
        if cmd.get("add"):
            operations.append(
                PatchOperation[Group](op="add", path="members", value=[{"value": m} for m in cmd["add"]])
            )
        for m in cmd.get("remove", []):
            operations.append(PatchOperation[Group](op="remove", path=f'members[value eq "{m}"]'))
        client.modify(Group, cmd["id"], PatchOp[Group](operations=operations))
        group = client.query(Group, cmd["id"])
        return {"members": sorted(m.value for m in group.members or [])}
    if op == "delete_user":
        client.delete(User, cmd["id"])
        return {}
    raise ValueError(f"unknown op {op}")


for line in sys.stdin:
    cmd = json.loads(line)
    try:
        out = {"ok": True, **run(cmd)}
    except SCIMException as exc:
        error = exc.to_error()
        out = {"ok": False, "status": error.status, "scimType": error.scim_type, "detail": error.detail}
    except Exception as exc:  # noqa: BLE001 - reported to the test, which fails on it
        out = {"ok": False, "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()[-2000:]}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
