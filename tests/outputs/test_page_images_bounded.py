"""A hostile PDF page size does not make the review page render gigabytes of pixels.

GIVEN a PDF whose pages are 14,400 pt square (the largest PDF allows)
WHEN its pages are rendered for the review page
THEN each image stays within MAX_PAGE_PIXELS (the zoom is clamped).
"""

import base64

import pymupdf

from pipelines.html_report import MAX_PAGE_PIXELS, pdf_page_images


def test_a_huge_page_is_rendered_within_the_pixel_budget():
    doc = pymupdf.open()
    page = doc.new_page(width=14400, height=14400)
    page.insert_text((72, 72), "第一条 甲方应付款。", fontname="china-s", fontsize=12)
    images = pdf_page_images(doc.tobytes(), [1])
    uri = images[1][0]
    pix = pymupdf.Pixmap(base64.b64decode(uri.split(",", 1)[1]))
    assert pix.width * pix.height <= MAX_PAGE_PIXELS * 1.01
    assert images[1][1] == 14400
