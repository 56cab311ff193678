"""ComfyUI custom node package: contract review as a workflow node.

Install: copy or symlink this folder into ``ComfyUI/custom_nodes/contract_review`` in a
Python environment where ``contract-review`` is installed (``pip install -e /path/to/repo``),
or set ``CR_API_URL`` / the node's ``api_url`` to use a running contract-review API instead.
ComfyUI imports the package and reads :data:`NODE_CLASS_MAPPINGS`.
"""

from .nodes import NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS

__all__ = ["NODE_CLASS_MAPPINGS", "NODE_DISPLAY_NAME_MAPPINGS"]
