"""PII masking."""

from __future__ import annotations

from pse.cv.privacy import mask


def test_mask_hides_contacts_and_ids_but_keeps_numbers() -> None:
    text = ("jo@example.com · (555) 015-8775 · 138-0000-5964 · 13800005964 · "
            "ID 110105199001011234 · 123,100 orders · 2019.03 - 2022.06 · 1150ms")
    masked = mask(text)
    assert masked == ("[email] · [phone] · [phone] · [phone] · ID [id] · 123,100 orders · "
                      "2019.03 - 2022.06 · 1150ms")
