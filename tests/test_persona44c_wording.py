"""Session 44, persona 44c (a buyer's last look): what one surface says agrees with what another says."""

from __future__ import annotations

from configurator.cli import main


def test_a_small_budget_heading_does_not_promise_servers_its_desk_rows_leave_out(capsys):
    """5万元 buys one or two cards in a deskside workstation whose price is not on file: the heading said
    "bill of materials included (servers, network, storage)" above a note that the workstation is not in
    the capex; it now says the bill is included where priced, servers or workstations."""
    argv = ["what-fits", "--budget", "5万元", "--region", "cn", "--models", "8B", "--tasks", "lora"]
    assert main(argv) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    assert heading.endswith("bill of materials included where priced (servers or workstations, network, storage)")
    assert main([*argv, "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out
    assert zh.splitlines()[0].endswith("含物料清单中有价格的项（服务器或工作站、网络、存储）")
    assert "其资本支出不含工作站" in zh


def test_the_capex_column_of_what_a_budget_buys_is_written_in_one_unit(capsys):
    """At 5万元 in mainland China two MTT S80 cost 3,440 元: their capex read "3,440 元" in a column of
    万元 beside their own "0.172 万元" per card; a column of money is written in one unit."""
    assert main(["what-fits", "--budget", "5万元", "--region", "cn", "--models", "8B", "--tasks", "lora",
                 "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    s80 = next(line for line in out.splitlines() if line.strip().startswith("MTT S80"))
    assert "0.344\xa0万元" in s80 or "0.344 万元" in s80
    assert "3,440" not in s80
