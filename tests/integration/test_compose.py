"""docker-compose.yml: valid for docker-compose, and wired as DESIGN §10 and the
deployment notes say (no engine runs here, so the stack itself is not started)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))


def test_docker_compose_validates_the_file():
    exe = shutil.which("docker-compose")
    if exe is None:
        pytest.skip("docker-compose is not installed (apt-get install docker-compose)")
    r = subprocess.run([exe, "-f", str(REPO / "docker-compose.yml"), "config", "-q"], capture_output=True, text=True,
                       cwd=REPO, timeout=120)
    assert r.returncode == 0, r.stderr


def test_the_stack_has_every_part_and_runs_the_migration_first(compose):
    services = compose["services"]
    for name in ("minio", "redis", "postgres", "migrate", "api", "worker-cpu", "beat"):
        assert name in services, name
    assert services["migrate"]["command"] == ["contract-review", "db", "upgrade"]
    assert services["migrate"]["restart"] == "no"
    for name in ("api", "worker-cpu", "beat", "worker-llm-gpu0"):
        assert services[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}, name
    assert services["beat"]["command"] == ["contract-review", "beat"]
    assert "--appendonly" in services["redis"]["command"] and "noeviction" in services["redis"]["command"]


def test_minio_notifies_the_api_with_a_persistent_queue_for_the_two_created_events_only(compose):
    minio = compose["services"]["minio"]
    env = minio["environment"]
    assert env["MINIO_NOTIFY_WEBHOOK_ENABLE_CONTRACTREVIEW"] == "on"
    assert env["MINIO_NOTIFY_WEBHOOK_ENDPOINT_CONTRACTREVIEW"] == "http://api:8000/v1/events/s3"
    assert "CR_S3_EVENTS_TOKEN" in env["MINIO_NOTIFY_WEBHOOK_AUTH_TOKEN_CONTRACTREVIEW"]
    queue_dir = env["MINIO_NOTIFY_WEBHOOK_QUEUE_DIR_CONTRACTREVIEW"]
    assert any(v.split(":")[1] == queue_dir and v.split(":")[0] in compose["volumes"] for v in minio["volumes"])
    init = compose["services"]["storage-init"]["command"]
    assert init[:3] == ["contract-review", "storage", "init"] and "arn:minio:sqs::CONTRACTREVIEW:webhook" in init
    from worker.intake import ACCEPTED_EVENTS

    assert ACCEPTED_EVENTS == {"s3:ObjectCreated:Put", "s3:ObjectCreated:CompleteMultipartUpload"}


def _server_backed(svc: dict) -> bool:
    return (svc.get("environment") or {}).get("CR_LLM_BACKEND") == "openai"


def test_each_llm_worker_holds_one_model_on_one_reserved_card(compose):
    llm = {n: s for n, s in compose["services"].items() if n.startswith("worker-llm-") and not _server_backed(s)}
    assert len(llm) >= 2
    cards = []
    for svc in llm.values():
        [device] = svc["deploy"]["resources"]["reservations"]["devices"]
        assert device["driver"] == "nvidia" and device["capabilities"] == ["gpu"]
        assert len(device["device_ids"]) == 1
        cards += device["device_ids"]
        cmd = svc["command"]
        assert cmd[:3] == ["contract-review", "worker", "llm"] and "--model" in cmd and "--gpu" in cmd
    assert len(set(cards)) == len(cards)


@pytest.mark.parametrize("profile,port", [("vllm", 8000), ("llama-server", 8080)])
def test_optional_engines_own_one_card_each_and_their_workers_hold_no_model(compose, profile, port):
    services = compose["services"]
    engines = {n: s for n, s in services.items() if s.get("profiles") == [profile] and not n.startswith("worker-")}
    workers = {n: s for n, s in services.items() if s.get("profiles") == [profile] and n.startswith("worker-llm-")}
    assert len(engines) >= 2 and len(workers) == len(engines)
    cards = [d for e in engines.values() for dev in e["deploy"]["resources"]["reservations"]["devices"]
             for d in dev["device_ids"]]
    assert len(set(cards)) == len(cards) == len(engines)
    urls = set()
    for svc in workers.values():
        env = svc["environment"]
        assert _server_backed(svc) and "deploy" not in svc and "--gpu" not in svc["command"]
        host = env["CR_LLM_BASE_URL"].split("//")[1].split(":")[0]
        assert host in engines and env["CR_LLM_BASE_URL"].endswith(f":{port}/v1")
        urls.add(env["CR_LLM_BASE_URL"])
        assert svc["command"][:3] == ["contract-review", "worker", "llm"] and "--concurrency" in svc["command"]
    assert len(urls) == len(engines)  # one engine per card, each with its own workers
    for name in (*engines, *workers):  # optional: the default `docker compose up` starts none of them
        assert services[name]["profiles"] == [profile]
