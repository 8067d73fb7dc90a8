"""Cog-RAG's OpenAI-compatible API through the official `openai` package and LangChain's ChatOpenAI,
unmodified but for the base URL and the key (test/api/openai-compat-python.test.ts runs it).

Environment: BASE_URL (http://127.0.0.1:<port>/v1), KEY_A (an API key scoped to topic A),
TOKEN (a user's access token), ZEPHYR_ID and ORION_ID (topic A's and topic B's documents).
Prints one line per check; exits 1 at the first failure.
"""
import os
import re
import sys

import openai
from langchain_openai import ChatOpenAI

BASE_URL = os.environ["BASE_URL"]
KEY_A = os.environ["KEY_A"]
TOKEN = os.environ["TOKEN"]
ZEPHYR_ID = os.environ["ZEPHYR_ID"]
ORION_ID = os.environ["ORION_ID"]
QUESTION = "How long does the Zephyr heat pump warranty last?"


def check(ok: bool, what: str) -> None:
    print(("ok - " if ok else "not ok - ") + what, flush=True)
    if not ok:
        sys.exit(1)


def cited(text: str, ext: dict) -> bool:
    """At least one [n] marker, and every one a key of x_cog_rag.citation_map."""
    markers = re.findall(r"\[(\d+)\]", text)
    return bool(markers) and all(m in ext["citation_map"] for m in markers)


def openai_client() -> None:
    client = openai.OpenAI(base_url=BASE_URL, api_key=KEY_A, max_retries=0)
    completion = client.chat.completions.create(
        model="cog-rag", messages=[{"role": "user", "content": QUESTION}], temperature=0
    )
    text = completion.choices[0].message.content or ""
    ext = completion.model_extra["x_cog_rag"]
    check("7 years" in text, f"openai: non-streaming answer: {text!r}")
    check(cited(text, ext), "openai: [n] markers are keys of x_cog_rag.citation_map")
    check([s["id"] for s in ext["sources"]] == [ZEPHYR_ID], "openai: x_cog_rag.sources is the Zephyr document")
    check(completion.usage is not None and completion.usage.total_tokens > 0, "openai: usage")

    user = openai.OpenAI(base_url=BASE_URL, api_key=TOKEN, max_retries=0)
    text, ext, finish = "", None, None
    for chunk in user.chat.completions.create(
        model="cog-rag", messages=[{"role": "user", "content": QUESTION}], stream=True
    ):
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
            finish = chunk.choices[0].finish_reason or finish
        ext = (chunk.model_extra or {}).get("x_cog_rag") or ext
    check("7 years" in text and finish == "stop", f"openai: streamed answer with a user token: {text!r}")
    check(ext is not None and cited(text, ext), "openai: the last chunk's x_cog_rag has the citations")

    names = [m.id for m in client.models.list()]
    check(names[0] == "cog-rag" and len(names) == 2, f"openai: models of key A: {names}")

    scoped = client.chat.completions.create(
        model="cog-rag", messages=[{"role": "user", "content": "What is the Orion project budget?"}]
    )
    check(
        "4.2" not in (scoped.choices[0].message.content or "")
        and ORION_ID not in [s["id"] for s in scoped.model_extra["x_cog_rag"]["sources"]],
        "openai: key A gets nothing of topic B",
    )
    try:
        client.chat.completions.create(model="cog-rag", messages=[{"role": "assistant", "content": "hi"}])
        check(False, "openai: a last message not a user's is refused")
    except openai.BadRequestError as err:
        check(err.status_code == 400 and err.body["param"] == "messages", f"openai: BadRequestError {err.body}")


def langchain() -> None:
    llm = ChatOpenAI(model="cog-rag", base_url=BASE_URL, api_key=KEY_A, max_retries=0)
    message = llm.invoke(QUESTION)
    check("7 years" in message.content and re.search(r"\[\d+\]", message.content) is not None,
          f"langchain: invoke: {message.content!r}")
    streamed = "".join(str(chunk.content) for chunk in llm.stream([("human", QUESTION)]))
    check("7 years" in streamed and re.search(r"\[\d+\]", streamed) is not None,
          f"langchain: stream: {streamed!r}")
    follow_up = llm.invoke([
        ("human", "What does the Zephyr warranty cover?"),
        ("ai", "The warranty covers the compressor and the fan [1]."),
        ("human", "And how many years does it last?"),
    ])
    check("7 years" in follow_up.content, f"langchain: a follow-up with history: {follow_up.content!r}")


if __name__ == "__main__":
    print(f"openai {openai.__version__}", flush=True)
    openai_client()
    langchain()
    print("all passed", flush=True)
