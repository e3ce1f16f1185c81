"""Whether a speed change leaves the recommendations alone, byte for byte.

``recommend --json --limit 500`` of a fixed list of training and serving questions is written one
file a question, and two such folders are compared byte for byte.

The questions: the README's (``tools/readme_blocks.py``), the training questions of
``benchmarks/fewest_counts.py`` and :data:`MORE` (fine-tunes, LoRA and QLoRA, other objectives,
constraints and a region; the ML engineer's 70B pre-train of session 49, asked in English and in
Chinese, whose wizard answer tests/test_same_question_wizard.py holds to the same), 27 in all.
Write them with the tree before the change (a ``git archive`` of it, ``PYTHONPATH`` set to it) and
after, then compare. Prints one line a question; asserts nothing (exit status 1 when a file differs or is missing).

Usage: ``.venv/bin/python benchmarks/same_answers.py write DIR [--only WORDS]`` and
``.venv/bin/python benchmarks/same_answers.py compare DIR_BEFORE DIR_AFTER``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MORE = {
    "70b-fastest": "--workload pretrain --model llama3-70b --tokens 2T --seq 4096 --recipe megatron-mixed "
                   "--objective fastest --deadline 90d",
    "70b-budget": "--workload pretrain --model llama3-70b --tokens 2T --seq 4096 --budget 20M --deadline 60d",
    "70b-cn-energy": "--workload pretrain --model llama3-70b --tokens 2T --seq 4096 --region cn --objective energy "
                     "--deadline 90d",
    "70b-power": "--workload pretrain --model llama3-70b --tokens 2T --seq 4096 --power-cap 5000 --deadline 90d",
    "8b-ft-deadline": "--workload finetune --model llama3-8b --tokens 5B --deadline 7d",
    "8b-ft-fastest": "--workload finetune --model llama3-8b --tokens 5B --objective fastest",
    "70b-lora-fewest": "--workload lora --model llama3-70b --tokens 1B --objective fewest-cards",
    "70b-lora-tco": "--workload lora --model llama3-70b --tokens 1B --deadline 7d",
    "72b-lora-fewest": "--workload lora --model qwen2.5-72b --tokens 50M --objective fewest-cards",
    "8b-lora-rent": "--workload lora --model llama3-8b --tokens 1B --objective cloud --budget 5000 --budget-basis rent",
    "mixtral-cloud": "--workload pretrain --model mixtral-8x7b --tokens 1T --seq 4096 --objective cloud "
                     "--deadline 60d",
    "405b-fastest": "--workload pretrain --model llama3.1-405b --tokens 15T --seq 8192 --objective fastest",
    "70b-qlora-cn": "--workload qlora --model llama3-70b --tokens 1B --region cn --deadline 14d",
    "32b-lora": "--workload lora --model qwen2.5-32b --tokens 2B",
    "7b-lora-cn-week": "--workload lora --model qwen2.5-7b --region cn --deadline 7d",
    "70b-14d-5m": "--workload pretrain --model llama3-70b --tokens 100B --deadline 14d --budget 5M",
    "70b-14d-5m-zh": "--workload pretrain --model llama3-70b --tokens 100B --deadline 14d --budget 5M --lang zh_CN",
}
"""Questions besides the README's and ``fewest_counts.EXTRA``: ``recommend`` arguments by a short name."""


def questions() -> dict[str, list[str]]:
    """Every question's ``recommend`` arguments, by a file-safe name."""
    for folder in (ROOT / "tools", ROOT / "benchmarks"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    from fewest_counts import EXTRA
    from readme_blocks import QUESTIONS

    asked = {f"readme{i}": list(q.argv) for i, q in enumerate(QUESTIONS)}
    asked.update({"extra-" + words.replace(" ", "-"): ["recommend", *argv.split()] for words, argv in EXTRA.items()})
    asked.update({name: ["recommend", *argv.split()] for name, argv in MORE.items()})
    return asked


def write(folder: Path, only: str) -> int:
    """Write each question's JSON (its exit status first) to ``folder``; CPU seconds printed."""
    from configurator.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    for name, argv in questions().items():
        if only not in name:
            continue
        out, start = io.StringIO(), time.process_time()
        with contextlib.redirect_stdout(out):
            status = main([*argv, "--json", "--limit", "500"])
        (folder / f"{name}.json").write_text(f"exit {status}\n{out.getvalue()}", encoding="utf-8")
        print(f"{name:28} exit {status} {time.process_time() - start:6.2f} s CPU", flush=True)
    return 0


def compare(before: Path, after: Path) -> int:
    """One line a file of ``before``: the same bytes in ``after``, or not."""
    differ = 0
    for path in sorted(before.glob("*.json")):
        other = after / path.name
        same = other.exists() and other.read_bytes() == path.read_bytes()
        differ += not same
        print(f"{'same' if same else 'DIFFERS'}  {path.name}")
    print(f"{differ} of {len(list(before.glob('*.json')))} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    written = commands.add_parser("write", help="write each question's recommend --json to DIR")
    written.add_argument("folder", type=Path)
    written.add_argument("--only", default="", help="only the questions whose name holds these words")
    compared = commands.add_parser("compare", help="compare two folders byte for byte")
    compared.add_argument("before", type=Path)
    compared.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    return write(args.folder, args.only) if args.command == "write" else compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
