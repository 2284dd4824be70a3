"""Personal data in the forms CVs from many countries use: by position and by pattern."""

from __future__ import annotations

import pytest

from pse.cv.addresses import find_addresses, find_ids
from pse.cv.personal import personal_lines
from pse.cv.phones import cv_language, default_regions, find_phones, is_region
from pse.cv.privacy import find_pii


@pytest.mark.parametrize(("line", "region", "phone"), [
    ("Tel. 06 12 34 56 78", "FR", "06 12 34 56 78"),
    ("Mobile: +7 912 345-67-89", "US", "+7 912 345-67-89"),
    ("+49 (0)30 12345678", "US", "+49 (0)30 12345678"),
    ("call +91 98765 43210", "US", "+91 98765 43210"),
    ("+55 11 91234-5678", "US", "+55 11 91234-5678"),
    ("+44 7700 900123 (fictional range)", "US", "+44 7700 900123"),
    ("手机：139-0000-1234", "CN", "139-0000-1234"),
])
def test_find_phones_in_every_format(line: str, region: str, phone: str) -> None:
    assert phone in find_phones(line, [region])


@pytest.mark.parametrize("text", [
    "2019.03 - 2022.06", "2019-2022", "processes 2400000 events per day", "1,234,567 rows",
    "cut costs by 30% across 120 daily jobs", "2021.03 - 至今",
])
def test_find_phones_leaves_dates_and_counts(text: str) -> None:
    assert find_phones(text, ["US", "FR", "CN", "DE"]) == []


def test_default_regions_follow_language_and_country_codes() -> None:
    french = "## Expérience\n## Compétences\n## Formation\nTel +39 347 123 4567"
    assert cv_language(french) == "fr"
    regions = default_regions([french], extra=["JP"])
    assert regions[0] == "FR" and "IT" in regions and regions[-1] == "JP"
    assert is_region("gb") and not is_region("XX")


@pytest.mark.parametrize(("text", "address"), [
    ("Via Roma 12, Milano", "Via Roma 12"),
    ("Hauptstraße 5, 10115 Berlin", "Hauptstraße 5"),
    ("Berliner Str. 12", "Berliner Str. 12"),
    ("8 rue de Rivoli, 75001 Paris", "8 rue de Rivoli"),
    ("12 Park Lane, Leeds LS1 4AP", "12 Park Lane"),
    ("1600 Pennsylvania Avenue NW, Washington, DC 20500", "1600 Pennsylvania Avenue NW"),
    ("Rua Augusta, 123", "Rua Augusta, 123"),
    ("ул. Тверская, д. 7", "ул. Тверская, д. 7"),
    ("北京市朝阳区建国路 12 号", "北京市朝阳区建国路 12 号"),
    ("東京都千代田区丸の内1-2-3", "東京都千代田区丸の内1-2-3"),
])
def test_find_addresses_in_european_uk_us_chinese_japanese_forms(text: str,
                                                                  address: str) -> None:
    assert address in find_addresses(text)


@pytest.mark.parametrize("text", [
    "Built via Kafka 12 pipelines", "Designed the Airflow orchestration for 120 daily jobs",
    "Mentored 4 junior engineers", "Reduced latency in 3 regions by 40%",
])
def test_find_addresses_leaves_work_sentences(text: str) -> None:
    assert find_addresses(text) == []


def test_find_ids() -> None:
    text = "NI AB123456C · CPF 123.456.789-09 · CF RSSMRA85T10A562S · PAN ABCDE1234F"
    assert set(find_ids(text)) == {"AB123456C", "123.456.789-09", "RSSMRA85T10A562S",
                                   "ABCDE1234F"}


CV_IT = """Maria Rossi | +39 347 123 4567 | Milano
Nata a Torino

## Esperienza
- Il progetto di Maria Rossi: M. Rossi ha guidato 4 persone

## Referenze
Giulia Bianchi, Acme S.p.A., giulia.b@example.it
"""


def test_personal_lines_are_the_header_and_references() -> None:
    assert personal_lines(CV_IT) == ["Maria Rossi | +39 347 123 4567 | Milano",
                                     "Nata a Torino",
                                     "Giulia Bianchi, Acme S.p.A., giulia.b@example.it"]


def test_a_public_title_line_is_sent_as_written() -> None:
    cv = "# Ana Souza\nSenior Data Engineer\n\n## Experience\n- Built things\n"
    redactor = find_pii([cv], public=["Senior Data Engineer"])
    assert "Senior Data Engineer" in redactor.redact(cv)
    assert "Senior Data Engineer" not in find_pii([cv]).redact(cv)


def test_one_line_header_name_and_its_forms_are_redacted_everywhere() -> None:
    redactor = find_pii([CV_IT], other_texts=["Nota: chiedere a Rossi"])
    redacted = redactor.redact(CV_IT + "\nNota: chiedere a Rossi's team")
    for secret in ("Maria", "Rossi", "M. Rossi", "Torino", "Giulia", "347 123 4567",
                   "giulia.b@example.it"):
        assert secret not in redacted
    assert "ha guidato 4 persone" in redacted  # the work itself is not personal
    assert redactor.restore(redactor.redact(CV_IT)) == CV_IT


def test_russian_name_in_its_inflected_forms() -> None:
    cv = "# Иван Петров\n+7 912 345-67-89\n\n## Опыт работы\n- Проект Ивана Петрова\n"
    redacted = find_pii([cv]).redact(cv)
    assert "Иван" not in redacted and "Петров" not in redacted and "912" not in redacted


def test_labelled_personal_fields_anywhere() -> None:
    cv = ("# Max Mustermann\n\n## Berufserfahrung\n- Entwickler\n\n## Sonstiges\n"
          "Geburtsdatum: 12.03.1990 · Familienstand: ledig\n")
    redacted = find_pii([cv]).redact(cv)
    assert "12.03.1990" not in redacted and "ledig" not in redacted


def test_a_number_shown_with_its_country_code_is_caught_in_its_national_form_too() -> None:
    text = "Tel +500 31234\n- call 31234 after 6pm"
    assert set(find_phones(text, ["US"])) == {"+500 31234", "31234"}
    assert find_phones("- call 31234 after 6pm", ["US"]) == []


def test_named_regions_catch_short_national_numbers() -> None:
    assert find_phones("- 7012", ["US"]) == []
    assert find_phones("- 7012", ["US"], named=["NU"]) == ["7012"]


@pytest.mark.parametrize("text", ["03/2023 – present", "01-2022 to 03-2017"])
def test_month_year_dates_are_not_phones(text: str) -> None:
    assert find_phones(text, ["US", "GB", "FR"]) == []
