"""The planner's CPU offload is no plan where no server holds the host memory it needs
(:data:`configurator.core.workloads.training.offload.HOST_BYTES_PER_SERVER_MAX`, DGX B200's 4 TB):
Llama 3.1 405B on 8 × L40S would need about 6 TB of host memory in its one server, so it does not fit;
Llama 3 70B (about 1 TB) is planned offloaded."""

from configurator.cli import main
from configurator.core.units import GIB
from configurator.core.workloads.training.offload import HOST_BYTES_PER_SERVER_MAX


def _estimate(capsys, model: str) -> str:
    main(["estimate", "--workload", "finetune", "--model", model, "--card", "l40s", "--count", "8"])
    return capsys.readouterr().out


def test_the_cap_is_the_dgx_b200s_upgraded_memory():
    assert HOST_BYTES_PER_SERVER_MAX == 4096 * GIB


def test_no_offload_where_no_server_holds_its_host_memory(capsys):
    out = _estimate(capsys, "llama3.1-405b")
    assert "does not fit" in out.splitlines()[1]
    assert "CPU offload:" not in out and "host memory" not in out


def test_an_offload_a_server_holds_is_still_planned(capsys):
    out = _estimate(capsys, "llama3-70b")
    assert "fits" in out.splitlines()[1] and "does not fit" not in out.splitlines()[1]
    assert "CPU offload:" in out
