"""The ComfyUI node package (issue 11, item 5), loaded the way ComfyUI loads a custom
node folder (``nodes.load_custom_node``: ``importlib.util.spec_from_file_location`` on the
folder's ``__init__.py``, the module registered under the folder's name, then
``NODE_CLASS_MAPPINGS`` read) and executed the way ComfyUI's executor calls a node
(inputs checked against ``INPUT_TYPES``, ``getattr(node, node.FUNCTION)(**inputs)``, a
tuple as long as ``RETURN_TYPES``). No ComfyUI install is needed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "integrations" / "comfyui"


def load_custom_node(module_path: Path):
    """ComfyUI's loader for a custom-node directory, reduced to what it does with it."""
    module_name = module_path.name
    spec = importlib.util.spec_from_file_location(module_name, module_path / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    mappings = getattr(module, "NODE_CLASS_MAPPINGS", None)
    assert mappings, "ComfyUI skips a package without NODE_CLASS_MAPPINGS"
    return module, mappings


def execute(node_cls, **inputs):
    """Validate ``inputs`` against ``INPUT_TYPES`` as ComfyUI does, then run the node."""
    spec = node_cls.INPUT_TYPES()
    for name, (kind, *opts) in spec["required"].items():
        assert name in inputs, f"missing required input {name}"
    for section in ("required", "optional"):
        for name, (kind, *opts) in spec.get(section, {}).items():
            if name not in inputs:
                continue
            value = inputs[name]
            if isinstance(kind, list):
                assert value in kind, (name, value)
            else:
                assert {"STRING": str, "BOOLEAN": bool, "INT": int}[kind] is type(value), (name, kind, value)
    obj = node_cls()
    out = getattr(obj, node_cls.FUNCTION)(**inputs)
    assert isinstance(out, tuple) and len(out) == len(node_cls.RETURN_TYPES)
    return out


def test_the_package_loads_as_a_custom_node():
    module, mappings = load_custom_node(PACKAGE)
    node = mappings["ContractReview"]
    assert module.NODE_DISPLAY_NAME_MAPPINGS["ContractReview"]
    assert node.RETURN_TYPES == ("STRING", "STRING") and node.FUNCTION == "review"
    spec = node.INPUT_TYPES()
    assert spec["required"]["stance"][0] == ["neutral", "party_a", "party_b"]
    assert spec["required"]["use_llm"][0] == "BOOLEAN"


def test_the_node_reviews_a_sample_contract_embedded(tmp_path, monkeypatch, outputs_index_root, labour_docx):
    import pymupdf

    from pipelines.extract import extract

    monkeypatch.setenv("CR_INDEX_DIR", str(outputs_index_root))
    monkeypatch.setenv("CR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CR_COMFY_OUTPUT_DIR", str(tmp_path / "comfy-out"))
    monkeypatch.setenv("CR_COMFY_INPUT_DIRS", str(tmp_path))
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for n, line in enumerate(extract(labour_docx).text.split("\n")):
        page.insert_text((50, 60 + 22 * n), line, fontname="china-s", fontsize=10.5)
    contract = tmp_path / "劳动合同.pdf"
    contract.write_bytes(doc.tobytes())

    _, mappings = load_custom_node(PACKAGE)
    review_json, annotated = execute(mappings["ContractReview"], file_path=str(contract), stance="party_b",
                                     use_llm=False)
    review = json.loads(review_json)
    assert review["stance"] == "party_b" and review["document"]["format"] == "pdf"
    assert any(r["title"] == "试用期超过法定上限" for r in review["risks"])
    assert annotated and Path(annotated).is_file()
    annots = [a for p in pymupdf.open(annotated) for a in p.annots()]
    assert annots
    written = {p.suffix for p in (tmp_path / "comfy-out").iterdir()}
    assert {".pdf", ".docx", ".html", ".json"} <= written


def test_a_missing_file_is_an_error_the_node_shows(tmp_path, monkeypatch):
    monkeypatch.setenv("CR_COMFY_INPUT_DIRS", str(tmp_path))
    _, mappings = load_custom_node(PACKAGE)
    with pytest.raises(RuntimeError, match=r"error \[not_found\]"):
        execute(mappings["ContractReview"], file_path=str(tmp_path / "nope.pdf"), stance="neutral", use_llm=False)


@pytest.mark.parametrize("name", ["/etc/hostname", "../secret.txt", "../../../../etc/passwd"])
def test_a_workflow_cannot_read_files_outside_the_input_folders(tmp_path, monkeypatch, name):
    inputs = tmp_path / "input"
    inputs.mkdir()
    (tmp_path / "secret.txt").write_text("甲方：秘密", encoding="utf-8")
    monkeypatch.setenv("CR_COMFY_INPUT_DIRS", str(inputs))
    _, mappings = load_custom_node(PACKAGE)
    with pytest.raises(RuntimeError, match=r"error \[forbidden\]"):
        execute(mappings["ContractReview"], file_path=name, stance="neutral", use_llm=False)


def test_a_workflow_cannot_send_the_file_to_an_api_the_operator_did_not_allow(tmp_path, monkeypatch):
    (tmp_path / "c.txt").write_text("第一条 甲方应付款。", encoding="utf-8")
    monkeypatch.setenv("CR_COMFY_INPUT_DIRS", str(tmp_path))
    _, mappings = load_custom_node(PACKAGE)
    with pytest.raises(RuntimeError, match=r"error \[forbidden\]"):
        execute(mappings["ContractReview"], file_path="c.txt", stance="neutral", use_llm=False,
                api_url="http://evil.example")
