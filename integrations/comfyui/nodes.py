"""The ``ContractReview`` node (ComfyUI's conventions: ``INPUT_TYPES``, ``RETURN_TYPES``,
``RETURN_NAMES``, ``FUNCTION``, ``CATEGORY``).

Inputs: a contract file path (PDF, DOCX or TXT; a file uploaded to ComfyUI's ``input``
folder can be given by its name), the stance, whether to use the local LLM, and
optionally an API URL and key. Outputs: the review JSON (DESIGN §5, a string) and the
path of the annotated PDF (empty for DOCX/TXT inputs), the Word redline and the review
page written beside it in ComfyUI's output folder (or ``CR_COMFY_OUTPUT_DIR``, or the
system temp dir).

Two ways to run:

* embedded (no ``api_url``): the same pipeline as ``contract-review review``, in the
  ComfyUI process; the statute index and the model load once and are reused;
* API (``api_url`` given): the file is uploaded to ``POST /v1/batches`` with the API key,
  the node polls ``GET /v1/documents/{id}`` until the review is there (``timeout_s``), then
  fetches the review JSON, the annotated PDF and the redline.

Errors raise ``RuntimeError`` with the review's ``error [code]: message`` (ComfyUI shows it
on the node).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from functools import lru_cache
from pathlib import Path

STANCES = ["neutral", "party_a", "party_b"]


def _output_dir() -> Path:
    env = os.environ.get("CR_COMFY_OUTPUT_DIR")
    if env:
        return Path(env)
    try:  # inside ComfyUI
        import folder_paths  # type: ignore[import-not-found]

        return Path(folder_paths.get_output_directory()) / "contract_review"
    except ImportError:
        return Path(tempfile.gettempdir()) / "contract_review"


def _input_roots() -> list[Path]:
    """Folders the node may read contracts from: ComfyUI's input folder (when running in
    ComfyUI) and the operator's ``CR_COMFY_INPUT_DIRS`` (``os.pathsep``-separated)."""
    roots = [Path(p) for p in os.environ.get("CR_COMFY_INPUT_DIRS", "").split(os.pathsep) if p.strip()]
    try:
        import folder_paths  # type: ignore[import-not-found]

        roots.append(Path(folder_paths.get_input_directory()))
    except ImportError:
        pass
    return [r.resolve() for r in roots]


def _input_path(name: str) -> Path:
    """The contract a workflow names, confined to :func:`_input_roots`: a workflow is
    untrusted input, and ``../`` or an absolute path must not read other files of the host.

    Raises:
        RuntimeError: ``error [not_found]`` when no allowed folder holds the file,
            ``error [forbidden]`` when the name resolves outside every allowed folder.
    """
    roots = _input_roots()
    candidates = [Path(name).expanduser()] if Path(name).expanduser().is_absolute() else \
        [root / name for root in roots]
    for p in candidates:
        resolved = p.resolve()
        if not any(resolved.is_relative_to(root) for root in roots):
            raise RuntimeError(f"error [forbidden]: {name} is outside the node's input folders "
                               "(ComfyUI's input folder, or CR_COMFY_INPUT_DIRS)")
        if resolved.is_file():
            return resolved
    raise RuntimeError(f"error [not_found]: {name} does not exist or is not a file")


@lru_cache(maxsize=1)
def _embedded(use_llm: bool):
    """``(settings, index, playbook, generator)`` loaded once per process."""
    from worker.runtime import load_generator, load_index, load_playbook_for
    from worker.settings import get_settings

    settings = get_settings()
    return settings, load_index(settings), load_playbook_for(settings), load_generator(settings) if use_llm else None


class ContractReview:
    """Review one contract; returns ``(review_json, annotated_pdf_path)``."""

    CATEGORY = "contract-review"
    FUNCTION = "review"
    RETURN_TYPES = ("STRING", "STRING")
    RETURN_NAMES = ("review_json", "annotated_pdf_path")
    OUTPUT_NODE = True
    DESCRIPTION = "Review a Chinese contract (PDF/DOCX/TXT) against PRC statutes: risks, citations, suggested revisions."

    @classmethod
    def INPUT_TYPES(cls):  # noqa: N802 - ComfyUI's name
        return {
            "required": {
                "file_path": ("STRING", {"default": "", "multiline": False,
                                         "tooltip": "Path of a PDF, DOCX or TXT contract, or a file name in ComfyUI's input folder"}),
                "stance": (STANCES, {"default": "neutral"}),
                "use_llm": ("BOOLEAN", {"default": False, "tooltip": "Off: rules only (seconds). On: the local LLM reads every substantive clause (minutes)."}),
            },
            "optional": {
                "api_url": ("STRING", {"default": "", "tooltip": "A contract-review API (e.g. http://reviewer:8000); empty: run embedded"}),
                "api_key": ("STRING", {"default": ""}),
                "timeout_s": ("INT", {"default": 1800, "min": 10, "max": 86400}),
            },
        }

    @classmethod
    def IS_CHANGED(cls, file_path, stance="neutral", use_llm=False, **_):  # noqa: N802 - ComfyUI's name
        """Re-run when the file's content changes (its sha256), not only its path."""
        try:
            return hashlib.sha256(_input_path(file_path).read_bytes()).hexdigest() + stance + str(use_llm)
        except RuntimeError:
            return float("nan")

    def review(self, file_path: str, stance: str = "neutral", use_llm: bool = False, api_url: str = "",
               api_key: str = "", timeout_s: int = 1800):
        path = _input_path(file_path)
        if stance not in STANCES:
            raise RuntimeError(f"error [usage]: stance must be one of {', '.join(STANCES)}")
        # the API a workflow may send the file to is the operator's choice, not the workflow's
        allowed = {u.strip().rstrip("/") for u in os.environ.get("CR_COMFY_ALLOWED_API_URLS", "").split(",") if u.strip()}
        if api_url and api_url.rstrip("/") not in allowed:
            raise RuntimeError(f"error [forbidden]: api_url {api_url!r} is not in CR_COMFY_ALLOWED_API_URLS")
        api_url = api_url or os.environ.get("CR_API_URL", "")
        out_dir = _output_dir()
        out_dir.mkdir(parents=True, exist_ok=True)
        if api_url:
            return self._via_api(path, api_url.rstrip("/"), api_key or os.environ.get("CR_API_KEY", ""), out_dir,
                                 timeout_s)
        return self._embedded(path, stance, use_llm, out_dir)

    def _embedded(self, path: Path, stance: str, use_llm: bool, out_dir: Path):
        from pipelines.errors import PipelineError
        from pipelines.redline import redline_review
        from pipelines.report import review_to_json
        from pipelines.review import run_review
        from pipelines.sandbox import annotate_bounded, extract_bounded
        from pipelines.types import Stance
        from worker.outputs import review_page
        from worker.runtime import review_options

        settings, index, playbook, generator = _embedded(bool(use_llm))
        data = path.read_bytes()
        try:
            extract_bounded(data, filename=path.name, max_bytes=settings.max_document_bytes,
                            max_pages=settings.max_pages, limits=settings.parse_limits)
            result = run_review(data, filename=path.name, index=index, playbook=playbook, generator=generator,
                                options=review_options(settings, stance=Stance(stance), use_llm=bool(use_llm)))
        except PipelineError as exc:
            raise RuntimeError(f"error [{exc.code}]: {exc.message}") from None
        stem = out_dir / f"{path.stem}-{result.document.sha256[:12]}"
        annotated = ""
        if result.document.format == "pdf":
            annotated = str(stem.with_suffix(".annotated.pdf"))
            Path(annotated).write_bytes(annotate_bounded(data, result.review, limits=settings.parse_limits))
        stem.with_suffix(".redline.docx").write_bytes(redline_review(data, result.review).data)
        stem.with_suffix(".review.html").write_text(review_page(result.review, data=data, index=index), encoding="utf-8")
        text = review_to_json(result.review)
        stem.with_suffix(".review.json").write_text(text, encoding="utf-8")
        return (text, annotated)

    def _via_api(self, path: Path, url: str, key: str, out_dir: Path, timeout_s: int):
        import httpx

        headers = {"Authorization": f"Bearer {key}"} if key else {}
        with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
            r = client.post("/v1/batches", files=[("files", (path.name, path.read_bytes()))])
            if r.status_code >= 400:
                raise RuntimeError(f"error [api_{r.status_code}]: {r.text[:500]}")
            doc_id = r.json()["documents"][0]["id"]
            deadline = time.monotonic() + timeout_s
            while True:
                d = client.get(f"/v1/documents/{doc_id}").json()
                if d["status"] == "reviewed":
                    break
                if d["status"] == "failed":
                    raise RuntimeError(f"error [{d.get('error_code')}]: {d.get('error_message')}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"error [timeout]: document {doc_id} not reviewed within {timeout_s} s")
                time.sleep(2)
            body = client.get(f"/v1/documents/{doc_id}/review").json()
            stem = out_dir / f"{path.stem}-{doc_id}"
            annotated = ""
            if d.get("format") == "pdf":
                pdf = client.get(f"/v1/documents/{doc_id}/annotated.pdf")
                if pdf.status_code == 200:
                    annotated = str(stem.with_suffix(".annotated.pdf"))
                    Path(annotated).write_bytes(pdf.content)
            red = client.get(f"/v1/documents/{doc_id}/redline.docx")
            if red.status_code == 200:
                stem.with_suffix(".redline.docx").write_bytes(red.content)
        text = json.dumps({k: v for k, v in body.items() if k not in ("revision", "created_at")}, ensure_ascii=False,
                          indent=2)
        return (text, annotated)


NODE_CLASS_MAPPINGS = {"ContractReview": ContractReview}
NODE_DISPLAY_NAME_MAPPINGS = {"ContractReview": "Contract review (合同审查)"}
