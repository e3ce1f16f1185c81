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
