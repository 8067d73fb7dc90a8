"""schemathesis hooks of `npm run api:fuzz` (loaded by schemathesis.toml's `hooks`).

Two, each doing what a correct client does, not switching a check off:

- `before_call`: every valid `Idempotency-Key` becomes a fresh UUID. A key names one logical
  request (docs/api.md "Safe retries"): sending it again with another body is a client error the
  server rightly answers 422. Generated requests are independent, and schemathesis draws the same
  small strings ("0", the longest string of "0"s, the schema's boundaries) for many of them. Keys
  the server refuses, and cases whose headers are the invalid part, are left as generated, so the
  negative checks still meet the server's refusals.
- `before_load_schema`: the stream responses (`text/event-stream`) are restated in the form
  schemathesis reads. Our document follows what client generators read in OpenAPI 3.1 (issue 25):
  `schema` is the JSON of each `data:` line, the `ChatStreamEvent` union, so hey-api's SSE client
  yields typed events. schemathesis reads a 3.1 stream's `schema` as each event's SSE fields (OpenAPI
  3.2's `itemSchema`: `data` a string, `event`, `id`, `retry`) and found every event's `data` string
  "not an object". The hook says the same thing in those terms: `data` is JSON
  (`contentMediaType`) whose value is a `ChatStreamEvent` (`contentSchema`), so each event's JSON is
  still validated against the union.
"""

import re
import uuid

import schemathesis
from schemathesis.core.parameters import ParameterLocation

# plugins/idempotency.ts KEY_HEADER_PATTERN (also the document's pattern for the header).
VALID_KEY = re.compile(r'(?:[\x21\x23-\x7e]{1,255}|"[\x21\x23-\x7e]{1,255}")')


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    headers = case.headers
    if not headers:
        return
    # Cases whose headers are the invalid part are left alone: the server refuses them (400, 401)
    # before it looks at a key, and an edit would have schemathesis re-judge the headers from the
    # declared ones only, turning e.g. "missing Authorization" valid and sending the configured
    # credential after all. Cases invalid elsewhere (body, query) get a fresh key, so that they are
    # refused for what is wrong with them, not for a reused key.
    meta = case.meta
    headers_info = meta.components.get(ParameterLocation.HEADER) if meta is not None else None
    if headers_info is not None and headers_info.mode.is_negative:
        return
    for name, value in list(headers.items()):
        if name.lower() == "idempotency-key" and isinstance(value, str) and VALID_KEY.fullmatch(value):
            headers[name] = str(uuid.uuid4())


@schemathesis.hook
def before_load_schema(ctx, raw_schema):
    for item in raw_schema.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                media = response.get("content", {}).get("text/event-stream")
                if not media or "schema" not in media:
                    continue
                media["schema"] = {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        # Our streams send `data:` lines only: every event is a "message".
                        "event": {"const": "message"},
                        "data": {
                            "type": "string",
                            "contentMediaType": "application/json",
                            "contentSchema": media["schema"],
                        },
                    },
                }
                # The examples are of the JSON (one `ChatStreamEvent` each), not of SSE fields.
                media.pop("examples", None)
