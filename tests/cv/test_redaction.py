"""Reversible PII redaction: what is found, stable placeholders, exact restore."""

from __future__ import annotations

import pytest

from pse.cv.privacy import candidate_names, find_pii, name_forms, parse_rules

CV = """# Jordan Avery Lee
Seattle, WA · jordan.lee@example.org · +1 (206) 555-0199 · linkedin.com/in/jordan-lee-x
Address: 1200 Pine Street, Apt 4B · @jordanbuilds

## Experience
### Acme Corp | Engineer | 2019 - 2022
- Jordan led 3 launches; ID 110101199003071234
"""
ZH_CV = "张伟\n电话：13912345678 · 邮箱：zw@example.cn\n地址：杭州市西湖区文三路90号\n## 工作经历\n"


def test_redaction_finds_every_kind_and_restores_exactly() -> None:
    redactor = find_pii([CV])
    kinds = redactor.counts()
    # the two header lines are personal by position, each one unit
    assert kinds == {"address": 1, "email": 1, "handle": 1, "id": 1, "line": 2, "name": 4,
                     "phone": 1, "url": 1}
    redacted = redactor.redact(CV)
    for secret in ("Jordan", "Lee", "jordan.lee@example.org", "555-0199", "Pine Street",
                   "jordan-lee-x", "@jordanbuilds", "110101199003071234"):
        assert secret not in redacted
    assert redacted.startswith("# [NAME]\n") and "[NAME_2] led 3 launches" in redacted
    assert "2019 - 2022" in redacted and "Acme Corp" in redacted  # not personal data
    assert redactor.restore(redacted) == CV
    assert redactor.leaks(redacted) == [] and redactor.leaks(CV)


def test_redaction_is_stable_and_case_insensitive_on_restore() -> None:
    assert find_pii([CV]).items == find_pii([CV]).items
    assert find_pii([CV]).restore("Dear [name], ") == "Dear Jordan Avery Lee, "


def test_chinese_cv_and_user_rules() -> None:
    redactor = find_pii([ZH_CV], rules=parse_rules("# mine\n西湖区\nre:文三路\\d+号\n"))
    redacted = redactor.redact(ZH_CV)
    assert "张伟" not in redacted and "13912345678" not in redacted
    assert "文三路90号" not in redacted and "zw@example.cn" not in redacted
    assert redactor.restore(redacted) == ZH_CV
    text = "Name: Sam Okafor\n## Skills"
    assert candidate_names(text) == ["Sam Okafor"]
    assert name_forms(candidate_names(text), [text]) == ["Sam Okafor", "Sam", "Okafor"]


def test_bad_rule_pattern_is_an_error() -> None:
    with pytest.raises(ValueError, match="bad pattern"):
        parse_rules("re:([unclosed")
