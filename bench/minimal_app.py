"""The floor of the service for bench_service.py: a minimal FastAPI endpoint on the same
path, served by uvicorn with the same parser, loop and workers as ``deckcheck serve``. It
reads the body and answers a small JSON object, so what it costs is uvicorn, Starlette
and FastAPI's routing and response, with no deck work.

Run: python -m uvicorn minimal_app:app (with bench/ on the path)
"""

from fastapi import FastAPI, Request

app = FastAPI()


@app.post("/v1/validate")
async def validate(request: Request) -> dict[str, object]:
    body = await request.body()
    return {"valid": True, "bytes": len(body)}
