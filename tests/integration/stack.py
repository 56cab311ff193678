"""Real parts for the integration tests: an S3 server (SeaweedFS ``weed mini``), Celery
worker processes, the API process, a private Redis, and a webhook receiver.

Every process is started in its own session and stopped by its own process group;
nothing here touches a process it did not start.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

BIN = Path(sys.executable).parent
ACCESS_KEY, SECRET_KEY, BUCKET = "it-access", "it-secret-key", "contracts"


def free_port(*, offset: int | None = None) -> int:
    """A free TCP port on 127.0.0.1 (and ``port + offset`` free too, when given)."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if offset is None:
            return port
        if port + offset < 65535 and _is_free(port + offset):
            return port
    raise RuntimeError("no free port pair")


def _is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def wait_for(predicate, *, timeout: float, interval: float = 0.2, what: str = "condition"):
    """Poll ``predicate`` until it returns something truthy; return that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


class Proc:
    """A subprocess in its own process group, logging to a file."""

    def __init__(self, args: list[str], *, env: dict[str, str], log: Path, cwd: Path | None = None):
        self.args, self.log = args, log
        self._fh = log.open("ab")
        self.popen = subprocess.Popen(args, env=env, cwd=cwd, stdout=self._fh, stderr=subprocess.STDOUT,
                                      start_new_session=True)

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.popen.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, timeout: float = 15) -> None:
        if self.alive():
            self.signal_group(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.signal_group(signal.SIGKILL)
                self.popen.wait(5)
        else:  # the leader is gone; its children may not be
            self.signal_group(signal.SIGKILL)
        self._fh.close()


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (from /proc)."""
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


class SeaweedS3:
    """``weed mini`` on free ports, with the test bucket created at start."""

    def __init__(self, directory: Path, attempts: int = 3):
        directory.mkdir(parents=True, exist_ok=True)
        # a port found free can be taken before weed binds it (another process's outgoing connection):
        # on "address already in use" start again on fresh ports
        for attempt in range(attempts):
            ports = {name: free_port(offset=10000) for name in ("master", "volume", "filer", "s3", "admin")}
            extra = {name: free_port() for name in ("iceberg", "lance")}
            self.endpoint = f"127.0.0.1:{ports['s3']}"
            env = {**os.environ, "AWS_ACCESS_KEY_ID": ACCESS_KEY, "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
                   "S3_BUCKET": BUCKET}
            args = [str(BIN / "weed"), "mini", f"-dir={directory / 'data'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
                    f"-master.port={ports['master']}", f"-volume.port={ports['volume']}",
                    f"-filer.port={ports['filer']}", f"-s3.port={ports['s3']}", f"-admin.port={ports['admin']}",
                    f"-s3.port.iceberg={extra['iceberg']}", f"-s3.port.lance={extra['lance']}",
                    "-webdav=false", "-admin.ui=false", "-master.telemetry=false"]
            self.proc = Proc(args, env=env, log=directory / f"weed-{attempt}.log", cwd=directory)
            try:
                self._wait_ready()
                return
            except RuntimeError as exc:
                self.proc.stop()
                if "address already in use" not in str(exc) or attempt == attempts - 1:
                    raise

    def client(self):
        from minio import Minio

        return Minio(self.endpoint, access_key=ACCESS_KEY, secret_key=SECRET_KEY, secure=False)

    def _wait_ready(self) -> None:
        def ready():
            if not self.proc.alive():
                raise RuntimeError(f"weed mini exited:\n{self.proc.log_text()[-2000:]}")
            try:
                return self.client().bucket_exists(BUCKET)
            except Exception:  # noqa: BLE001 - not up yet
                return False

        wait_for(ready, timeout=60, interval=0.5, what="the S3 server")

    def stop(self) -> None:
        self.proc.stop()


class RedisServer:
    """A private ``redis-server`` without persistence (a restart loses every message)."""

    def __init__(self, directory: Path, port: int | None = None):
        self.directory, self.port = directory, port or free_port()
        directory.mkdir(parents=True, exist_ok=True)
        self.proc: Proc | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = Proc(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                          "--appendonly", "no", "--dir", str(self.directory)],
                         env=dict(os.environ), log=self.directory / "redis.log")
        import redis

        wait_for(lambda: _ping(redis.Redis.from_url(self.url)), timeout=20, what="redis-server")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.signal_group(signal.SIGKILL)
        self.proc.popen.wait(10)
        self.proc.stop()

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stop()


def _ping(client) -> bool:
    try:
        return bool(client.ping())
    except Exception:  # noqa: BLE001
        return False


class CeleryWorker:
    """``celery -A worker.chain.app worker`` as a real process."""

    def __init__(self, env: dict[str, str], log: Path, *, queues: str = "ingest,cpu,webhooks",
                 concurrency: int = 1, name: str = "it", cli: bool = False):
        self.name = f"{name}-{os.getpid()}-{time.monotonic_ns()}@%h"
        if cli:  # the way the deployment starts it
            args = [str(BIN / "contract-review"), "worker", "--queues", queues, "--concurrency", str(concurrency),
                    "--name", self.name]
        else:
            args = [str(BIN / "celery"), "-A", "worker.chain.app", "worker", "-Q", queues, "-c", str(concurrency),
                    "--prefetch-multiplier", "1", "-n", self.name, "-l", "INFO", "--without-mingle",
                    "--without-gossip", "--without-heartbeat"]
        self.proc = Proc(args, env=env, log=log, cwd=Path(__file__).resolve().parents[2])
        wait_for(lambda: " ready." in self.proc.log_text() or self._dead(), timeout=60, what="the worker")

    def _dead(self):
        if not self.proc.alive():
            raise RuntimeError(f"worker exited:\n{self.proc.log_text()[-3000:]}")
        return False

    def pool_children(self) -> list[int]:
        return children(self.proc.pid)

    def stop(self) -> None:
        self.proc.stop()


class TcpProxy:
    """A TCP relay to ``target``; :meth:`cut` drops every connection and refuses new
    ones (the service is unreachable), :meth:`restore` accepts again on the same port."""

    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self.port = free_port()
        self._conns: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self._accept, args=(self._listener,), daemon=True).start()

    def cut(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            try:
                listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept(); close() alone would not
            except OSError:
                pass
            listener.close()
        with self._lock:
            for c in self._conns:
                try:
                    c.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                c.close()
            self._conns.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._conns |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for c in (src, dst):
                try:
                    c.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class Receiver:
    """A webhook receiver: records every request; answers ``status`` (default 204)."""

    def __init__(self, port: int | None = None, status: int = 204):
        self.port, self.status = port or free_port(), status
        self.requests: list[dict] = []
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self) -> Receiver:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server API
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                owner.requests.append({"headers": {k.lower(): v for k, v in self.headers.items()},
                                       "body": body.decode(), "json": json.loads(body or b"null")})
                self.send_response(owner.status)
                self.end_headers()

            def log_message(self, *args):
                return None

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def events(self, type_: str | None = None, document_id: int | None = None) -> list[dict]:
        return [r for r in self.requests if (type_ is None or r["json"]["type"] == type_)
                and (document_id is None or r["json"]["data"].get("document_id") == document_id)]


def minio_event(bucket: str, key: str, etag: str, size: int, name: str = "s3:ObjectCreated:Put") -> dict:
    """A MinIO webhook-target notification body (key URL-encoded as MinIO sends it)."""
    from urllib.parse import quote_plus

    return {"EventName": name, "Key": f"{bucket}/{key}", "Records": [{
        "eventVersion": "2.0", "eventSource": "minio:s3", "awsRegion": "", "eventTime": "2026-11-30T10:00:00.000Z",
        "eventName": name, "userIdentity": {"principalId": "it"},
        "s3": {"s3SchemaVersion": "1.0", "configurationId": "Config",
               "bucket": {"name": bucket, "arn": f"arn:aws:s3:::{bucket}"},
               "object": {"key": quote_plus(key), "size": size, "eTag": etag, "sequencer": "1"}}}]}


# --- data and database helpers ----------------------------------------------------------

SAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "设备采购合同.txt").read_text(encoding="utf-8")


def contract_txt(n: int) -> bytes:
    """A distinct copy of the sample contract (its own bytes, so its own ETag)."""
    return (SAMPLE + f"\n附件编号：IT-{n:04d}\n").encode("utf-8")


def contract_pdf(pages: int = 1, *, tag: str = "") -> bytes:
    """The sample contract as a PDF, repeated over ``pages`` pages with numbered clauses."""
    import pymupdf

    lines = [ln for ln in SAMPLE.splitlines() if ln.strip()]
    doc = pymupdf.open()
    for p in range(pages):
        page = doc.new_page()
        y = 60
        for ln in lines[:36]:
            text = ln if p == 0 else ln.replace("第", f"第{p}-", 1)
            page.insert_text((50, y), (text + tag)[:44], fontname="china-s", fontsize=9)
            y += 19
    return doc.tobytes()


def put(s3: SeaweedS3, key: str, data: bytes) -> str:
    """Upload ``data`` to the test bucket; return its ETag."""
    import io

    return s3.client().put_object(BUCKET, key, io.BytesIO(data), len(data)).etag.strip('"')


def db_rows(db_url: str, model, *where):
    """Fresh rows of ``model`` (a new session each call, so polling sees commits)."""
    from sqlmodel import Session, select

    from worker.db.session import engine_for

    with Session(engine_for(db_url)) as s:
        return list(s.exec(select(model).where(*where)))


def wait_documents(db_url: str, tenant: str, count: int, *, timeout: float = 90) -> list:
    """Wait until ``tenant`` has ``count`` documents, all reviewed or failed."""
    from worker.db.models import Document

    def done():
        docs = db_rows(db_url, Document, Document.tenant_id == tenant)
        return docs if len(docs) >= count and all(d.status in ("reviewed", "failed") for d in docs) else None

    return wait_for(done, timeout=timeout, interval=0.3, what=f"{count} finished documents of {tenant}")


class LlamaServer:
    """``python -m llama_cpp.server``: a real OpenAI-compatible engine serving a GGUF
    under its registry name (what ``CR_LLM_BACKEND=openai`` talks to in the tests and
    the chain benchmark)."""

    def __init__(self, gguf: Path, *, name: str, log: Path, n_threads: int = 2, n_ctx: int = 4096,
                 port: int | None = None, cpus: str | None = None):
        self.port = port or free_port()
        args = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", name,
                "--n_ctx", str(n_ctx), "--n_threads", str(n_threads), "--host", "127.0.0.1", "--port", str(self.port)]
        if cpus:  # pin the engine to these cores (taskset -c)
            args = ["taskset", "-c", cpus, *args]
        env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
        self.proc = Proc(args, env=env, log=log)

        def up():
            if not self.proc.alive():
                raise RuntimeError(f"llama_cpp.server exited:\n{self.proc.log_text()[-3000:]}")
            try:
                import httpx

                return httpx.get(f"{self.base_url}/models", timeout=2).status_code == 200
            except Exception:  # noqa: BLE001 - not listening yet
                return False

        wait_for(up, timeout=180, interval=0.5, what="llama_cpp.server")

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stop(self) -> None:
        self.proc.stop()
