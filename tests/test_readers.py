"""One careful JSON reader for every file: scenario files, config.json, the user catalog and the
bundled data. Each malformed file is one clear message, never a traceback or a hang."""

from __future__ import annotations

import json
import time

import pytest

from configurator import cli
from configurator.core import architecture, catalog as catalog_module
from configurator.core.architecture import ArchitectureError
from configurator.core.hf_config import from_hf_config, load_hf_config
from configurator.core.catalog import load_catalog
from configurator.core.economics import price_basis
from configurator.core.json_values import MAX_DEPTH, JsonFileError, parse_json, read_json_file
from configurator.core.scenario import Economics
from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_to_document, write_scenario

MALFORMED = {
    "latin-1": (b'{"name": "caf\xe9"}', "is not UTF-8 text (byte 14"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "deep-but-parsable": (b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5), "nested too deeply"),
    "long-integer": (b'{"count": ' + b"9" * 5000 + b"}", "too many digits (5,000; at most 1,000"),
    "nan": (b'{"count": NaN}', "NaN is not a JSON number"),
    "infinity": (b'{"count": -Infinity}', "-Infinity is not a JSON number"),
    "huge-float": (b'{"count": 1e400}', "the number 1e400 is too large"),
    "duplicate-key": (b'{"count": 1, "count": 2}', 'the key "count" appears twice'),
    "truncated": (b'{"count": 1', "is not valid JSON (line 1, column 12"),
    "empty": (b"", "is empty (0 bytes)"),  # was "is not valid JSON (line 1, column 1: Expecting value)"
    "zero-bytes": (b"\0" * 64, "holds only zero bytes (64 bytes)"),
    "utf-16-marked-but-odd": (b"\xff\xfe{", "is not UTF-8 text (byte 1"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_the_reader_refuses_malformed_json(case):
    data, message = MALFORMED[case]
    with pytest.raises(JsonFileError, match="^the file") as caught:
        parse_json(data, "the file")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_reader_accepts_plain_json_with_a_byte_order_mark():
    assert parse_json(b'\xef\xbb\xbf{"a": [1, 2.5, true, null, "x"]}') == {"a": [1, 2.5, True, None, "x"]}


def test_dev_zero_is_not_read_forever():
    """A device is refused before anything is read (issue 30, part 5; it was read up to the size limit)."""
    start = time.perf_counter()
    with pytest.raises(JsonFileError, match="it is a device, not a file"):
        read_json_file("/dev/zero", 1024 * 1024)
    with pytest.raises(ScenarioFileError, match="cannot read /dev/zero: it is a device, not a file"):
        read_scenario("/dev/zero")
    assert time.perf_counter() - start < 2


def test_a_folder_or_missing_file_is_a_message(tmp_path):
    with pytest.raises(ScenarioFileError, match="cannot read"):
        read_scenario(tmp_path)
    with pytest.raises(ScenarioFileError, match="cannot read .*No such file"):
        read_scenario(tmp_path / "missing.gpuconf.json")


# ---- scenario files -----------------------------------------------------------------------


@pytest.fixture
def document(training_scenario):
    return scenario_to_document(training_scenario)


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_scenario_files(tmp_path, case):
    path = tmp_path / "bad.gpuconf.json"
    path.write_bytes(MALFORMED[case][0])
    with pytest.raises(ScenarioFileError) as caught:
        read_scenario(path)
    assert str(path) in str(caught.value)


@pytest.mark.parametrize(("where", "value", "message"), [
    (("count",), True, "count: true is not a whole number"),
    (("count",), "8", 'count: the text "8" is not a whole number'),
    (("training", "flash_attention"), "false", 'training.flash_attention: the text "false" is not true or false'),
    (("training", "flash_attention"), 0, "training.flash_attention: 0 is not true or false"),
    (("economics", "card_price"), 1e300, "economics.card_price: 1e+300 is outside the range 0.01 to 10⁹"),
    (("training", "tokens"), 10**400, "training.tokens: 10000000000000000000… (401 digits) is outside the range"),
], ids=["bool-count", "text-count", "text-flag", "number-flag", "huge-price", "400-digit-tokens"])
def test_scenario_files_are_read_strictly(tmp_path, document, where, value, message):
    body = document["scenario"]
    target = body
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    path = tmp_path / "strict.gpuconf.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ScenarioFileError, match="scenario file: ") as caught:
        read_scenario(path)
    assert message in str(caught.value)


def test_version_must_be_a_number_not_a_flag(tmp_path, document):
    path = tmp_path / "v.gpuconf.json"
    path.write_text(json.dumps({**document, "version": True}))
    with pytest.raises(ScenarioFileError, match="no valid version"):
        read_scenario(path)


def test_a_written_scenario_reads_back(tmp_path, training_scenario):
    path = tmp_path / "ok.gpuconf.json"
    write_scenario(path, training_scenario)
    assert read_scenario(path) == training_scenario


@pytest.mark.parametrize("content", [b"\x00" * 10, b"\xff\xfe{", b"[" * 50_000])
def test_cli_scenario_file_errors_are_one_line(capsys, tmp_path, content):
    path = tmp_path / "bad.gpuconf.json"
    path.write_bytes(content)
    assert cli.main(["estimate", "--scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err


def test_cli_scenario_dev_zero(capsys):
    assert cli.main(["estimate", "--scenario", "/dev/zero"]) == 2
    assert "it is a device, not a file" in capsys.readouterr().err


# ---- config.json --------------------------------------------------------------------------

LLAMA4_SCOUT = {  # meta-llama/Llama-4-Scout-17B-16E config.json, abridged
    "architectures": ["Llama4ForConditionalGeneration"], "model_type": "llama4",
    "text_config": {"model_type": "llama4_text", "hidden_size": 5120, "num_hidden_layers": 48,
                    "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128,
                    "intermediate_size": 8192, "intermediate_size_mlp": 16384, "num_local_experts": 16,
                    "num_experts_per_tok": 1, "vocab_size": 202048, "hidden_act": "silu",
                    "tie_word_embeddings": False},
    "vision_config": {"hidden_size": 1408, "num_hidden_layers": 34, "model_type": "llama4_vision_model"},
}
GEMMA3_4B = {  # google/gemma-3-4b-it config.json, abridged
    "architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
    "text_config": {"model_type": "gemma3_text", "hidden_size": 2560, "num_hidden_layers": 34,
                    "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
                    "intermediate_size": 10240, "vocab_size": 262208, "hidden_activation": "gelu_pytorch_tanh"},
    "vision_config": {"hidden_size": 1152, "num_hidden_layers": 27, "model_type": "siglip_vision_model"},
}


def test_multimodal_configs_use_the_text_model():
    scout = from_hf_config(LLAMA4_SCOUT)
    assert (scout.n_layers, scout.hidden, scout.n_experts, scout.experts_per_token) == (48, 5120, 16, 1)
    gemma = from_hf_config(GEMMA3_4B)
    assert (gemma.n_layers, gemma.hidden, gemma.head_dim, gemma.gated_mlp) == (34, 2560, 256, True)
    assert gemma.tied_embeddings and 3.8e9 < gemma.total_params() < 4.0e9  # Gemma 3 4B: 3.88 B without vision


@pytest.mark.parametrize("config", [
    {"model_type": "t5", "d_model": 512, "num_layers": 6, "num_heads": 8, "vocab_size": 32128,
     "is_encoder_decoder": True},
    {"model_type": "bart", "d_model": 1024, "encoder_layers": 12, "decoder_layers": 12, "vocab_size": 50265,
     "num_attention_heads": 16},
    {"model_type": "whisper", "d_model": 1280, "num_hidden_layers": 32, "num_attention_heads": 20,
     "vocab_size": 51866, "encoder_layers": 32},
    {"model_type": "bert", "hidden_size": 768, "num_hidden_layers": 12, "num_attention_heads": 12,
     "vocab_size": 30522},
], ids=["t5", "bart", "whisper", "bert"])
def test_non_decoder_models_get_a_clear_message(config):
    with pytest.raises(ArchitectureError, match="encoder-decoder or encoder-only model .*only decoder-only"):
        from_hf_config(config)


def test_hf_config_text_fields_are_checked():
    base = {"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 256, "num_attention_heads": 4,
            "vocab_size": 1000}
    with pytest.raises(ArchitectureError, match="hidden_act must be text, not a list"):
        from_hf_config({**base, "hidden_act": ["silu"]})
    with pytest.raises(ArchitectureError, match="model_type must be text"):
        from_hf_config({**base, "model_type": 7})
    with pytest.raises(ArchitectureError, match="text_config must be an object"):
        from_hf_config({**base, "text_config": [1]})


def test_config_file_limits(tmp_path):
    path = tmp_path / "config.json"
    path.write_bytes(b'{"a": 1, "a": 2}')
    with pytest.raises(ArchitectureError, match="appears twice"):
        load_hf_config(path)
    with pytest.raises(ArchitectureError, match="it is a device, not a file"):
        load_hf_config("/dev/zero")


# ---- the user catalog ---------------------------------------------------------------------

H100_PRICE = {"amount": 20000, "currency": "USD", "date": "2026-01", "kind": "street", "source": "our quote"}


def overlay_problems(tmp_path, content) -> tuple:
    path = tmp_path / "user-catalog.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    merged = load_catalog(path)
    assert "h100-sxm" in merged and len(merged.cards) >= 45  # the bundled catalog is always there
    return merged, tuple(problem.text for problem in merged.problems)  # in English


@pytest.mark.parametrize(("content", "message"), [
    ({"cards": None}, None),
    ({"prices": {"h100-sxm": 5}}, "prices of 'h100-sxm' must be a list"),
    ({"cards": {"id": "x"}}, "'cards' must be a list"),
    ({"prices": [1]}, "'prices' must map card ids"),
    ({"prices": {"nosuch": [H100_PRICE]}}, "prices for unknown card 'nosuch' are skipped"),
    (b"\xff\xfe", "skipped: "),
    (b"[" * 100_000, "nested too deeply"),
    ([1, 2], "top level must be an object"),
], ids=["null-cards", "price-not-list", "cards-not-list", "prices-not-object", "unknown-card", "not-utf8",
        "deep", "list"])
def test_malformed_user_catalogs_keep_the_program_working(tmp_path, content, message):
    _, problems = overlay_problems(tmp_path, content)
    if message is None:
        assert problems == ()
    else:
        assert len(problems) == 1 and message in problems[0] and "user catalog" in problems[0]


def test_a_bad_entry_is_skipped_and_named_the_rest_kept(tmp_path, catalog):
    good = {**catalog.get("l4").model_dump(mode="json"), "id": "my-l4", "name": "My L4", "prices": []}
    bad = {**good, "id": "broken-card", "memory_gb": -1}
    prices = {"h100-sxm": [H100_PRICE, {**H100_PRICE, "date": "9999-99-99"}, {**H100_PRICE, "currency": "XYZ"},
                           {**H100_PRICE, "amount": 1e300}]}
    merged, problems = overlay_problems(tmp_path, {"cards": [good, bad, good], "prices": prices})
    assert "my-l4" in merged and "broken-card" not in merged
    text = "\n".join(problems)
    assert "card 'broken-card': field 'memory_gb'" in text and "this card is skipped" in text
    assert "card 'my-l4' appears more than once" in text
    assert "date 9999-99-99" in text and "(price 2)" in text
    assert "unknown currency 'XYZ'" in text and "(price 3)" in text
    assert "(price 4)" in text
    assert len(problems) == 5
    added = [p for p in merged.get("h100-sxm").prices if p.source == "our quote"]
    assert len(added) == 1 and added[0].amount == 20000


def test_a_price_in_another_currency_does_not_hide_the_bundled_one(tmp_path, catalog):
    quote = {**H100_PRICE, "currency": "GBP", "date": "2026-11", "amount": 18000}  # no dated rate (EUR has one now)
    merged, problems = overlay_problems(tmp_path, {"prices": {"h100-sxm": [quote]}})
    assert problems == ()
    usd = Economics()
    assert price_basis(merged.get("h100-sxm"), usd, None).card_price == \
        price_basis(catalog.get("h100-sxm"), usd, None).card_price
    gbp = Economics(currency="GBP", usd_to_currency=0.8)
    assert price_basis(merged.get("h100-sxm"), gbp, None).card_price == 18000


@pytest.mark.parametrize("content", [{"cards": None}, {"prices": {"h100-sxm": 5}}, b"\xff", b"[" * 100_000])
def test_catalog_list_works_with_a_malformed_user_catalog(capsys, tmp_path, content):
    path = tmp_path / "user.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    assert cli.main(["--catalog-overlay", str(path), "catalog", "list"]) == 0
    out, err = capsys.readouterr()
    assert "h100-sxm" in out.lower() or "H100" in out
    assert "Traceback" not in err


# ---- bundled data -------------------------------------------------------------------------


@pytest.fixture
def broken_bundled(tmp_path, monkeypatch):
    """Point the bundled catalog or presets at a damaged copy."""
    def damage(name: str, content: bytes):
        path = tmp_path / name.replace("/", "_")
        path.write_bytes(content)
        real = catalog_module.bundled_path
        patched = lambda relative: path if relative == name else real(relative)  # noqa: E731
        monkeypatch.setattr(catalog_module, "bundled_path", patched)
        monkeypatch.setattr(architecture, "bundled_path", patched)
        architecture.load_presets.cache_clear()
        return path
    yield damage
    architecture.load_presets.cache_clear()


@pytest.mark.parametrize(("name", "content", "message"), [
    ("catalog.json", b'{"cards": [', "is not valid JSON"),
    ("catalog.json", b'{"cards": [{"id": "x"}]}', "card 'x': field"),
    ("catalog.json", b"\xff", "is not UTF-8"),
    ("resources/models.json", b'{"models": {"llama3-8b": {"n_layers": "32"}}}', "preset 'llama3-8b'"),
    ("resources/models.json", b"[]", "must hold an object 'models'"),
], ids=["truncated-catalog", "bad-card", "catalog-not-utf8", "bad-preset", "presets-not-object"])
def test_damaged_bundled_data_is_one_cli_line(capsys, broken_bundled, name, content, message):
    path = broken_bundled(name, content)
    assert cli.main(["estimate"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and str(path) in err and "Traceback" not in err


def test_damaged_bundled_data_is_a_dialog_in_the_window(qtbot, broken_bundled, monkeypatch):
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import main as app_main

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    path = broken_bundled("catalog.json", b"{")
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    try:
        assert app_main.run_app([]) == 1
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert len(shown) == 1
    title, text = shown[0]
    assert title == "GPU Configurator cannot start" and str(path) in text and "Reinstall" in text


@pytest.mark.parametrize("content", [b'\xff{"format"', b"[" * 100_000, b'{"n": ' + b"9" * 5000 + b"}"],
                         ids=["latin-1", "deep", "long-integer"])
def test_window_open_and_import_say_why(qtbot, tmp_path, monkeypatch, content):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    before = window.controller.scenario
    path = tmp_path / "bad.gpuconf.json"
    path.write_bytes(content)
    assert not window.open_path(path)
    assert shown and shown[-1][0] == "Cannot open scenario" and str(path) in shown[-1][1]
    assert not window.editor.import_config(path)
    assert str(path) in window.editor.error_label.text()
    assert window.controller.scenario == before
