"""Object storage (S3 / MinIO) behind a small interface, errors translated once.

Every call to the ``minio`` client goes through :func:`_map_errors`, the only place
that knows the client's exceptions::

    StorageError
    ├── StorageUnavailable      the server does not answer, times out or returns 5xx (transient)
    └── ObjectMissing           the bucket or key does not exist (permanent for that object)

Transient faults are retried by the callers (Celery autoretry, MinIO's redelivery of
an event answered 503); the client itself retries only twice, briefly, so a task does
not hang on a server that is down.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import urllib3
from minio import Minio
from minio.error import InvalidResponseError, S3Error, ServerError

from worker.settings import Settings

__all__ = ["ObjectInfo", "ObjectMissing", "Storage", "StorageError", "StorageUnavailable", "normalise_etag"]

_MISSING_CODES = {"NoSuchKey", "NoSuchBucket", "NoSuchVersion", "NoSuchObject"}


class StorageError(Exception):
    """Root of the storage errors."""


class StorageUnavailable(StorageError):
    """Raised when the S3 server cannot be reached or answers with a server error."""


class ObjectMissing(StorageError):
    """Raised when the bucket or the object does not exist (any more)."""


@dataclass(frozen=True)
class ObjectInfo:
    """What the server says about one object."""

    bucket: str
    key: str
    etag: str
    size: int
    version_id: str | None = None


def normalise_etag(etag: str | None) -> str:
    """An ETag without the quotes some servers and event payloads put around it."""
    return (etag or "").strip().strip('"')


@contextmanager
def _map_errors(what: str):
    try:
        yield
    except S3Error as exc:
        if exc.code in _MISSING_CODES:
            raise ObjectMissing(f"{what}: {exc.code}") from exc
        if exc.code in {"SlowDown", "ServiceUnavailable", "InternalError", "RequestTimeout"}:
            raise StorageUnavailable(f"{what}: {exc.code}") from exc
        raise StorageError(f"{what}: {exc.code}: {exc.message}") from exc
    except (ServerError, InvalidResponseError) as exc:
        raise StorageUnavailable(f"{what}: server error {exc}") from exc
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        raise StorageUnavailable(f"{what}: {exc.__class__.__name__}") from exc


class Storage:
    """The object store of one process.

    Args:
        settings: endpoint, credentials and TLS flag (``CR_S3_*``).
        connect_timeout: seconds to wait for a TCP connection.
        read_timeout: seconds to wait for data.
    """

    def __init__(self, settings: Settings, *, connect_timeout: float = 5.0, read_timeout: float = 60.0):
        http = urllib3.PoolManager(
            timeout=urllib3.Timeout(connect=connect_timeout, read=read_timeout),
            retries=urllib3.Retry(total=2, backoff_factor=0.2, status_forcelist=(500, 502, 503, 504)),
            maxsize=10,
        )
        self._client = Minio(settings.s3_endpoint, access_key=settings.s3_access_key,
                             secret_key=settings.s3_secret_key, secure=settings.s3_secure,
                             region=settings.s3_region, http_client=http)

    def stat(self, bucket: str, key: str) -> ObjectInfo:
        """Metadata of one object.

        Raises:
            ObjectMissing: no such bucket or key.
            StorageUnavailable: the server cannot be reached.
        """
        with _map_errors(f"stat s3://{bucket}/{key}"):
            st = self._client.stat_object(bucket, key)
        return ObjectInfo(bucket=bucket, key=key, etag=normalise_etag(st.etag), size=int(st.size or 0),
                          version_id=st.version_id)

    def get(self, bucket: str, key: str, *, max_bytes: int) -> tuple[bytes, str]:
        """The object's bytes and the ETag of the version read.

        Args:
            max_bytes: read at most this many bytes plus one (the caller refuses larger files).

        Raises:
            ObjectMissing: no such bucket or key.
            StorageUnavailable: the server cannot be reached or the transfer broke.
        """
        with _map_errors(f"get s3://{bucket}/{key}"):
            resp = self._client.get_object(bucket, key)
            try:
                data = resp.read(max_bytes + 1)
                etag = normalise_etag(resp.headers.get("ETag"))
            finally:
                resp.close()
                resp.release_conn()
        return data, etag

    def put(self, bucket: str, key: str, data: bytes, *, content_type: str = "application/octet-stream") -> ObjectInfo:
        """Upload bytes; returns the new object's metadata.

        Raises:
            StorageUnavailable: the server cannot be reached.
        """
        with _map_errors(f"put s3://{bucket}/{key}"):
            res = self._client.put_object(bucket, key, io.BytesIO(data), len(data), content_type=content_type)
        return ObjectInfo(bucket=bucket, key=key, etag=normalise_etag(res.etag), size=len(data),
                          version_id=res.version_id)

    def delete(self, bucket: str, key: str) -> None:
        """Remove an object (no error when it is already gone)."""
        with _map_errors(f"delete s3://{bucket}/{key}"):
            self._client.remove_object(bucket, key)

    def list(self, bucket: str, prefix: str = "") -> Iterator[ObjectInfo]:
        """Every object under ``prefix`` (recursive), in key order.

        Raises:
            ObjectMissing: no such bucket.
            StorageUnavailable: the server cannot be reached.
        """
        with _map_errors(f"list s3://{bucket}/{prefix}"):
            for obj in self._client.list_objects(bucket, prefix=prefix, recursive=True):
                if not obj.is_dir:
                    yield ObjectInfo(bucket=bucket, key=obj.object_name, etag=normalise_etag(obj.etag),
                                     size=int(obj.size or 0), version_id=obj.version_id)

    def ensure_bucket(self, bucket: str) -> bool:
        """Create ``bucket`` unless it exists; returns True when it was created."""
        with _map_errors(f"make bucket {bucket}"):
            if self._client.bucket_exists(bucket):
                return False
            self._client.make_bucket(bucket)
        return True

    def subscribe(self, bucket: str, *, arn: str, events: list[str], prefixes: list[str]) -> None:
        """Set the bucket's event notifications: ``events`` under each prefix go to the
        notification target ``arn`` (e.g. MinIO's ``arn:minio:sqs::CONTRACTREVIEW:webhook``).

        Named events, never the ``s3:ObjectCreated:*`` wildcard: in MinIO it also
        matches tagging events (notes §3.2). Replaces the bucket's notification config.
        """
        from minio.notificationconfig import NotificationConfig, PrefixFilterRule, QueueConfig

        config = NotificationConfig(queue_config_list=[
            QueueConfig(events=list(events), queue=arn, config_id=f"contract-review-{i}",
                        prefix_filter_rule=PrefixFilterRule(prefix) if prefix else None)
            for i, prefix in enumerate(prefixes or [""])])
        with _map_errors(f"set notifications of {bucket}"):
            self._client.set_bucket_notification(bucket, config)

    def ping(self) -> None:
        """Raise :class:`StorageUnavailable` unless the server answers."""
        with _map_errors("ping"):
            self._client.list_buckets()
