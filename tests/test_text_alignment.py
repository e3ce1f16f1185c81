"""One long label does not push a block's values off the terminal (audit27's aside: for Llama 3.1 405B on
16,384 H100 every value of the cost block started ~100 columns right of its label)."""
from configurator.cli import main
from configurator.report.text import ALIGNED_LABEL_COLUMNS


def test_values_line_up_after_the_short_labels_and_a_long_label_keeps_its_value_beside_it(capsys):
    main(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "64",
          "--tokens", "100B"])
    lines = capsys.readouterr().out.splitlines()
    board = next(line for line in lines if line.lstrip().startswith("Board power"))
    assert board.index("kW") < ALIGNED_LABEL_COLUMNS + 16
    alone = next(line for line in lines if "this job alone" in line)
    assert alone.endswith("USD") and ")  " in alone
