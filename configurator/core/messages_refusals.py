"""Message templates of the refusals the command line prints — ranges, files, quotes (issue 24,
part 8), in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by
message id."""

from __future__ import annotations

REFUSAL_ENGLISH: dict[str, str] = {
    "cli-error": "gpu-configurator: error: {text}",
    "cli-warning": "gpu-configurator: warning: {text}",
    "cli-flag": "{flag}: {problem}",
    "cli-needs-examples": "give --examples or --packed with it (the tokens per example count only a budget given in "
                          "examples, or the examples a sequence is packed from)",
    "cli-examples-and-tokens": "give the budget once: --examples or --tokens, not both",
    "cli-examples-too-few": "{examples} examples × {per_example} tokens = {tokens} tokens, under the least token "
                            "budget of {least} tokens",
    "as-written": "{text}",
    "cli-not-a-value": "argument {flag}: '--' is not a value; give one after the '='",
    "cli-argument": "argument {flag}: {problem}",
    "cli-not-a-number": "'{text}' is not a number (examples: 7e9, 7B, 1.5T, 500k, 500,000)",
    "cli-not-money": "'{text}' is not an amount of money (examples: 2M, 500,000, 200万元, ¥2M, 2M USD)",
    # why a typed number was not read, where more can be said (core/number_problems.py)
    "typed-nothing": "nothing was typed: give a number",
    "typed-chinese-numerals": "'{text}' is written in Chinese numerals: type it in digits (三百 as 300, 三百万 as "
                              "300万)",
    "typed-pinyin-magnitude": "'{text}' writes {magnitude} in letters: write {digits}{magnitude} "
                              "(or the number in full, {full})",
    "typed-decimal-comma": "'{text}' has a decimal comma: a comma only groups thousands (500,000); write decimals "
                           "with a point (2.5)",
    "cli-wan-not-yuan": "{flag} {text} names no currency and is read in {currency} "
                        "({amount:.0money}); for yuan write {text}元 or add --currency CNY",
    "cli-money-currency-needs-rate": "{flag} in {code}: the price file has no dated rate to turn {code} into "
                                     "{currency}; give the amount in {currency}, or --currency {code} with --usd-rate",
    "cli-not-a-plain-number": "'{text}' is not a number (digits, a point for decimals: 0.5)",
    "cli-not-a-latency": "'{text}' is not a latency (examples: 2000, 2000ms, 2s)",
    "cli-not-a-whole-number": "'{text}' is not a whole number (digits, optionally grouped: 1000 or 1,000)",
    "cli-too-large": "'{text}' is too large",
    "cli-not-a-duration": "'{text}' is not a duration (examples: 30min, 720h, 90d, 6w, 3mo)",
    "cli-ambiguous-duration": "'{text}': 'm' could be minutes or months; write 'min' for minutes (30min) or "
                              "'mo' for months (3mo)",
    "cli-too-long-duration": "'{text}' is too long a duration",
    "cli-date-not-duration": "'{text}' is a date, not a duration: give the time the job may take from its start; to "
                             "{text} from today is {days:,d}d",
    "cli-past-date-not-duration": "'{text}' is a date, and one already past: give the time the job may take from its "
                                  "start (examples: 30min, 72h, 3d)",
    "cli-negative-duration": "'{text}' is a time before now: give the time the job may take from its start, more than "
                             "nothing (examples: 30min, 72h, 3d)",
    "cli-offload-parts": "'{text}': choose from {choices} or none",
    "cli-not-auto-or-value": "'{text}' is neither 'auto' nor a valid value",
    "cli-invalid-choice": "invalid choice: '{text}'{hint}; choose from {choices}",
    "cli-expected-value": "a value is missing after it (a value that starts with '-' is written {flag}={value})",
    "cli-unrecognized": "unrecognized arguments: {args}",
    "cli-unrecognized-split": "unrecognized arguments: {args} ({hint})",
    "cli-value-split": "a space splits {value} from {word}: write {flag} {value}{word}",
    "cli-required": "the following arguments are required: {args}",
    "unknown-model-preset": "unknown model preset '{name}'{hint}; presets: {choices}",
    "cli-did-you-mean": " (did you mean {name}?)",
    "preset-other-sizes": " (no preset of that size; nearest sizes: {names})",
    "preset-same-architecture": " ({model} has the architecture of preset '{preset}': use that preset)",
    "model-is-a-size": "--model: '{text}' is a size, not a model preset: give it as --params {text} (the preset "
                       "within a tenth of that size, else a Llama-like shape of it), or name a preset "
                       "(see 'catalog models')",
    "params-takes-preset": "--params {asked}B: uses {name} (preset {preset}, {used} B parameters), the preset "
                           "within a tenth of that size, as the wizard and what-fits do",
    "cli-unknown-class": "{flag}: unknown card class {names}{hint}; choose from {choices}",
    "cli-unknown-task": "{flag}: unknown task {names}{hint}; choose from {choices}",
    "cli-unknown-framework": "{flag}: unknown framework {names}{hint}; choose from {choices}",
    "cli-unknown-vendor": "{flag}: no card in the catalog is made by {names}{hint}; vendors: {choices}",
    "cli-empty-list": "{flag}: name at least one; choose from {choices}",
    "cli-models-empty": "--models: name at least one model preset (see 'catalog models') or size, e.g. 70B",
    "cli-owned-form": "--owned takes ID:COUNT, e.g. {example}, not '{text}'",
    "cli-cards-range": "{flag}: {count:,} cards is outside the range {low:,} to {high:,} cards",
    "cli-whole-range": "{flag}: between {low:,} and {high:,}, not {value}",
    "cli-plan-training-only": "plan lays out training and serving jobs; for graphics use 'estimate' or 'recommend'",
    "launch-not-for-workload": "{target} does not launch {workload} work; choose one of: {choices}",
    "cli-scenario-twice": "give the scenario file once (positional or --scenario)",
    "cli-overlay-needs-command": "--catalog-overlay applies to a command (estimate, recommend, plan, report, catalog); "
                                 "the window reads the user catalog from the user data directory",
    "cli-not-finite-json": "the result holds a number that is not finite; it cannot be written as JSON",
    "cli-cannot-write": "cannot write {path}: {why}",
    "cli-cannot-write-output": "cannot write the output: {why}",
    "cli-wrote": "wrote {path}",
    "cli-usd-rate-needs-currency": "--usd-rate converts the price file's {base} into another currency: give that "
                                   "currency too, e.g. --currency CNY --usd-rate 7.1",
    "cli-currency-needs-rate": "--currency {code} needs --usd-rate ({code} per USD): the price file has no dated rate "
                               "for {code}",
    "cli-no-fp32-rate": "--reference-card: {card} has no published FP32 rate to scale from",
    "cli-flag-not-read": "{flag} is not read by {work}: the answer would not change; leave it out "
                         "(it is read by {others})",
    "cli-recommend-count-not-kept": (  # cli.py _run_recommend: --count typed for a ranking (persona 9)
        "--count {count:,} is not kept: the ranking weighs every card at the counts that do the job; for "
        "{count:|card|cards} of one card run estimate --card ID --count {count:,}; for the fewest cards, --objective "
        "fewest-cards"
    ),
    "cli-recommend-card-not-kept": (  # cli.py _run_recommend: --card typed without a price of its own
        "--card {card} is not a filter: the ranking weighs every card (--card names the card that --card-price "
        "or --cloud-price are for); to rank fewer, --cards {card},ID2 (only the cards named), --vendor or --classes; "
        "for {card} alone, run plan or "
        "estimate --card {card}"
    ),
    "cli-flag-not-read-instead": "{flag} is not read by {work} (it is read by {others}); for {work} "
                                 "give {instead}",
    "cli-flags-same-quantity": "{flag} and {other} are the same for {work}, the users served at once: "
                               "{flag} {value:,} and {other} {given:,} disagree; give one",
    "cli-flag-needs-moe": "{flag} is read for a mixture-of-experts model only; {model} is dense: the answer would "
                          "not change; leave it out",
    "installation-incomplete": "the installation is incomplete: the bundled file {file} is missing ({path}); "
                               "reinstall gpu-configurator",
    "catalog-missing": "the bundled card catalog ({file}) is missing from the installation; reinstall gpu-configurator",
    "scenario-name-shortened": "The scenario's name has {length:,} characters, more than the {limit:,} a name may "
                               "have: only the first {limit:,} are kept",
    "scenario-ep-in-cards": "Expert parallelism {old} (model copies sharing the experts, as older versions counted "
                            "it) with tensor parallelism {tp} is now written as {new} cards, as the engines count it",
    "scenario-engine-step-default": "The prefill chunk of {tokens:,} tokens in this file was the default of older "
                                    "versions: it now follows the serving engine's own default on the card (the "
                                    "estimate says which); set it to {tokens:,} tokens again to keep it "
                                    "(--max-batched-tokens {typed}, the editor's Prefill chunk)",
    "scenario-prefill-carried": "This file sets the serving-step efficiency to {old:.1%}, which older versions also "
                                "used for the time to first token: it is carried to the prompt efficiency as "
                                "{prompt:.1%} ({old:.1%} × {ratio}, the ratio of today's defaults)",
    # a value a field does not take (core/bounds.py)
    "value-outside-range": "{value} is outside the range {range}{unit}",
    "range-between": "{low} to {high}",
    "range-between-open-high": "{low} to {high} (exclusive)",
    "range-above-up-to": "above {low} up to {high}",
    "range-above-below": "above {low} up to {high} (exclusive)",
    "range-at-least": "at least {low}",
    "range-above": "above {low}",
    "range-at-most": "at most {high}",
    "range-below": "below {high}",
    "range-any": "any finite number",
    "not-a-currency-code": "'{value}' is not a currency code: three capital letters (ISO 4217), e.g. USD, CNY, EUR",
    "not-a-catalog-date": "'{value}' is not a date: write it year first, as YYYY-MM-DD, YYYY-MM or YYYY",
    "not-in-form": "'{value}' is not in the form this field takes ({pattern})",
    "text-too-long": "{length:,} characters, more than the {limit:,} this field takes",
    # files (core/files.py, core/json_values.py)
    "file-cannot-read": "cannot read {path}: {why}",
    "file-missing": "No such file or directory",
    "file-no-permission": "Permission denied",
    "file-not-a-file": "it is {kind}, not a file",
    "file-too-large": "{path} is larger than {size}; it is not a {what} this program reads",
    # the buyer's quotes (core/procurement/prices.py read_quotes)
    "quotes-not-text": "{path} is not text in UTF-8, UTF-16 or GB18030; save it as 'CSV UTF-8'",
    "quotes-empty": "{path}: no quotes in the file (it is empty)",
    "quotes-header-only": "{path}: no quotes in the file (only a header)",
    "quotes-header-missing": "{path}: the header must name {columns} (missing: {missing}; columns may be separated "
                             "by commas, semicolons or tabs)",
    "quotes-header-twice": "{path}: the header names {column} twice (columns {first} and {second})",
    "quotes-problems": "{path}: {problems}",
    "quotes-problems-more": "{path}: {problems} (and {more:,} more)",
    "quote-cell": "row {row:,}, column {letter} ({column}): {problem}",
    "quote-row-rest": "row {row:,}: {problem}; it and the rows after it are not read",
    "csv-open-quote": "a quotation mark (\") opens a cell and is never closed",
    "csv-after-quote": "text follows a quoted cell's closing quotation mark (\"); put the whole cell in quotes",
    "quotes-skipped": "{path}: {used:,} of {rows:,} quotes loaded; rows skipped for a problem: {skipped:,}",
    "quote-cell-missing": "missing (the row has {cells:,} of {columns:,} columns)",
    "quote-empty": "is empty",
    "quote-control-character": "holds a control character",
    "quote-too-long": "is longer than {limit:,} characters",
    "quote-not-an-amount": "'{text}' is not an amount in digits 0-9 (e.g. 12500 or 12500.50)",
    "quote-amount-range": "{text} is outside the range 0 to {high:,.0f}",
    "quote-not-a-currency": "'{text}' is not an ISO 4217 currency code (e.g. USD, CNY, EUR)",
    "quote-not-a-date": "'{text}' is not a date; write it year first: 2026-01-15, 2026-01 or 2026",
    "quote-after-today": "{date} is after today ({today})",
    "date-year-range": "date {date}: the year must be between 1990 and 2100",
    "date-not-calendar": "date {date} is not a calendar date",
    "card-not-a-product": "'{name}' is not a real product: {why}",
    "card-not-listed": "'{name}' is not listed: {why}",
    "card-unknown-close": "unknown card '{name}'. Did you mean: {close}?",
    "card-unknown": "unknown card '{name}'. See 'gpu-configurator catalog list'.",
    "at-field": "{where}: {problem}",
    "scenario-not-ours": "not a GPU Configurator scenario file",
    "scenario-from-answer": "the file is an answer's JSON (estimate --json, or a summary's .json): the scenario it "
                            "answers is read from it",
    "scenario-no-version": "scenario file has no valid version",
    "scenario-newer": "scenario file version {version} is newer than this program understands ({known}); update "
                      "GPU Configurator",
    "scenario-no-body": "scenario file: the 'scenario' object is missing",
    "scenario-not-finite": "scenario file: a number is not finite or too long",
    "scenario-too-large": "the scenario would take {size} bytes, more than a scenario file may hold ({limit} bytes); "
                          "shorten its name or the model's name",
    "scenario-invalid": "scenario file: {problem}",
    "quote-twice": "'{item}' is quoted more than once (rows {rows}): none of them is used; keep one quote per item",
    "quotes-too-many": "{path}: {count:,} quotes, more than the {limit:,} a scenario holds",
    "quote-unknown-item": "quote for unknown item '{item}' ignored",
    "quote-no-rate": "quote for '{item}' in {currency} ignored: no exchange rate",
}
REFUSAL_CHINESE: dict[str, str] = {
    "cli-error": "gpu-configurator：错误：{text}",
    "cli-warning": "gpu-configurator：警告：{text}",
    "cli-flag": "{flag}：{problem}",
    "cli-needs-examples": "请同时给出 --examples 或 --packed（每条样本的词元数只用于以样本数给出的训练数据量，或打包成序列的样本）",
    "cli-examples-and-tokens": "训练数据量只需给一次：--examples 或 --tokens，不要同时给出",
    "cli-examples-too-few": "{examples} 条样本 × 每条 {per_example} 词元 = {tokens} 词元，低于训练数据量下限 {least} 词元",
    "as-written": "{text}",
    "cli-not-a-value": "参数 {flag}：'--' 不是取值；请在 '=' 后写出取值",
    "cli-argument": "参数 {flag}：{problem}",
    "cli-not-a-number": "'{text}' 不是数字（示例：7e9、7B、1.5T、50万、500,000）",
    "cli-not-money": "'{text}' 不是金额（示例：200万元、¥200万、1.2亿元、500,000、2M USD）",
    "typed-nothing": "未输入任何内容：请给出数字",
    "typed-chinese-numerals": "'{text}' 用的是中文数字：请用阿拉伯数字书写（三百写作 300，三百万写作 300万）",
    "typed-pinyin-magnitude": "'{text}' 用字母写了{magnitude}：请写作 {digits}{magnitude}（或写出完整数字 {full}）",
    "typed-decimal-comma": "'{text}' 用逗号作小数点：逗号只用于千位分组（500,000）；小数请用小数点（2.5）",
    "cli-wan-not-yuan": "{flag} {text}：未写币种，按 {currency} 计（{amount:.0money}）；"
                        "如指人民币，请写 {text}元，或加 --currency CNY",
    "cli-money-currency-needs-rate": "{flag} 以 {code} 计：价格文件中没有把 {code} 换算成 {currency} 的带日期汇率；"
                                     "请以 {currency} 填写该金额，或给出 --currency {code} 及 --usd-rate",
    "cli-not-a-plain-number": "'{text}' 不是数字（用数字书写，小数用小数点：0.5）",
    "cli-not-a-latency": "'{text}' 不是时延（示例：2000、2000ms、2s）",
    "cli-not-a-whole-number": "'{text}' 不是整数（用数字书写，可按千位分组：1000 或 1,000）",
    "cli-too-large": "'{text}' 过大",
    "cli-not-a-duration": "'{text}' 不是时长（示例：30分钟、720h、90d、6w、3个月）",
    "cli-ambiguous-duration": "'{text}'：'m' 既可指分钟也可指月；分钟请写 'min' 或 '分钟'（30min），"
                              "月请写 'mo' 或 '月'（3mo）",
    "cli-too-long-duration": "'{text}' 时长过长",
    "cli-date-not-duration": "'{text}' 是日期而非时长：请给出作业自开始起可用的时间；从今天到 {text} 为 {days:,d}d",
    "cli-past-date-not-duration": "'{text}' 是日期，且已过去：请给出作业自开始起可用的时间（示例：30分钟、72h、3d）",
    "cli-negative-duration": "'{text}' 是负的时长：请给出作业自开始起可用的时间，须大于零（示例：30分钟、72h、3d）",
    "cli-offload-parts": "'{text}'：可选 {choices} 或 none",
    "cli-not-auto-or-value": "'{text}' 既不是 'auto' 也不是有效取值",
    "cli-invalid-choice": "无效的选项 '{text}'{hint}；可选：{choices}",
    "cli-expected-value": "其后缺少取值（以 '-' 开头的取值请写成 {flag}={value}）",
    "cli-unrecognized": "无法识别的参数：{args}",
    "cli-unrecognized-split": "无法识别的参数：{args}（{hint}）",
    "cli-value-split": "{value} 与 {word} 之间有空格：请写成 {flag} {value}{word}",
    "cli-required": "缺少必需的参数：{args}",
    "unknown-model-preset": "未知的模型预设 '{name}'{hint}；预设：{choices}",
    "cli-did-you-mean": "（是否想写 {name}？）",
    "preset-other-sizes": "（没有该规模的预设；规模最接近的：{names}）",
    "preset-same-architecture": "（{model} 与预设 '{preset}' 架构相同：请用该预设）",
    "model-is-a-size": "--model：'{text}' 是规模而不是模型预设：请写成 --params {text}（取规模相差不超过十分之一的预设，"
                       "否则按该规模构造类 Llama 结构），或写出预设名（见 'catalog models'）",
    "params-takes-preset": "--params {asked}B：采用 {name}（预设 {preset}，{used} B 参数），即规模相差不超过十分之一的预设，"
                           "与向导和“我的卡能运行什么”相同",
    "cli-unknown-class": "{flag}：未知的卡类别 {names}{hint}；可选：{choices}",
    "cli-unknown-task": "{flag}：未知的任务 {names}{hint}；可选：{choices}",
    "cli-unknown-framework": "{flag}：未知的框架 {names}{hint}；可选：{choices}",
    "cli-unknown-vendor": "{flag}：目录中没有 {names} 生产的卡{hint}；厂商：{choices}",
    "cli-empty-list": "{flag}：请至少写出一个；可选：{choices}",
    "cli-models-empty": "--models：请至少写出一个模型预设（见 'catalog models'）或规模，例如 70B",
    "cli-owned-form": "--owned 的写法是“型号ID:数量”，例如 {example}，而不是 '{text}'",
    "cli-cards-range": "{flag}：{count:,} 张卡超出范围 {low:,} 至 {high:,} 张",
    "cli-whole-range": "{flag}：应在 {low:,} 到 {high:,} 之间，而不是 {value}",
    "cli-plan-training-only": "plan 只为训练和推理任务排布局；图形负载请用 'estimate' 或 'recommend'",
    "launch-not-for-workload": "{target} 不能启动{workload}任务；可选：{choices}",
    "cli-scenario-twice": "场景文件只需给一次（位置参数或 --scenario）",
    "cli-overlay-needs-command": "--catalog-overlay 只用于命令（estimate、recommend、plan、report、catalog）；"
                                 "窗口从用户数据目录读取用户目录",
    "cli-not-finite-json": "结果中有非有限的数值，无法写成 JSON",
    "cli-cannot-write": "无法写入 {path}：{why}",
    "cli-cannot-write-output": "无法写出输出：{why}",
    "cli-wrote": "已写入 {path}",
    "cli-usd-rate-needs-currency": "--usd-rate 把价格文件的 {base} 换算成另一种货币：请同时给出该货币，"
                                   "例如 --currency CNY --usd-rate 7.1",
    "cli-currency-needs-rate": "--currency {code} 需要 --usd-rate（每美元兑多少 {code}）：价格文件中没有 {code} 的"
                               "带日期汇率",
    "cli-no-fp32-rate": "--reference-card：{card} 没有公布的 FP32 算力，无法据此换算",
    "cli-flag-not-read": "{flag} 对 {work} 不起作用，结果不会因此改变；请去掉它（它用于 {others}）",
    "cli-flag-needs-moe": "{flag} 只用于混合专家模型；{model} 是稠密模型，结果不会因此改变；请去掉它",
    "cli-recommend-card-not-kept": "--card {card} 不是筛选条件：推荐会比较每种卡（--card 指明 --card-price 或 "
                                   "--cloud-price 所报价的卡）；要缩小比较范围，请用 --cards {card},ID2（只比较指定的卡）、--vendor 或 "
                                   "--classes；只看 {card}，"
                                   "请运行 plan 或 estimate --card {card}",
    "cli-recommend-count-not-kept": "--count {count:,} 不会保留：推荐会按能完成任务的各种卡数比较每种卡；"
                                    "要看某种卡 {count:,} 张的配置，请运行 estimate --card ID --count {count:,}；"
                                    "要最少的卡，请用 --objective fewest-cards",
    "cli-flags-same-quantity": "对 {work}，{flag} 与 {other} 是同一个量，即同时服务的用户数：{flag} {value:,} 与 "
                               "{other} {given:,} 不一致；请只给一个",
    "cli-flag-not-read-instead": "{flag} 对 {work} 不起作用（它用于 {others}）；"
                                 "{work} 请改用 {instead}",
    "installation-incomplete": "安装不完整：缺少随程序提供的文件 {file}（{path}）；请重新安装 gpu-configurator",
    "catalog-missing": "安装中缺少随程序提供的显卡目录（{file}）；请重新安装 gpu-configurator",
    "scenario-name-shortened": "场景名称有 {length:,} 个字符，超过名称允许的 {limit:,} 个：只保留前 {limit:,} 个",
    "scenario-ep-in-cards": "专家并行 {old}（旧版本按共享专家的模型副本数计）与张量并行 {tp} 现按推理引擎的口径写作 {new} 张卡",
    "scenario-engine-step-default": "此文件中的预填充分块 {tokens:,} 词元是旧版本的默认值：现按推理引擎在该卡上的默认值计"
                                    "（估算中写明）；如需保留，请重新设为 {tokens:,} 词元（--max-batched-tokens {typed}；"
                                    "编辑器的“预填充分块”）",
    "scenario-prefill-carried": "此文件将服务步效率设为 {old:.1%}，旧版本也用它计算首词元时间：现折算为提示预填充效率 {prompt:.1%}"
                                "（{old:.1%} × {ratio}，即当前两个默认值之比）",
    "value-outside-range": "{value} 超出范围 {range}{unit}",
    "range-between": "{low} 至 {high}",
    "range-between-open-high": "{low} 至 {high}（不含上限）",
    "range-above-up-to": "大于 {low}、至多 {high}",
    "range-above-below": "大于 {low}、小于 {high}",
    "range-at-least": "至少 {low}",
    "range-above": "大于 {low}",
    "range-at-most": "至多 {high}",
    "range-below": "小于 {high}",
    "range-any": "任意有限数",
    "not-a-currency-code": "'{value}' 不是货币代码：应为三个大写字母（ISO 4217），例如 USD、CNY、EUR",
    "not-a-catalog-date": "'{value}' 不是日期：请按年在前书写，如 YYYY-MM-DD、YYYY-MM 或 YYYY",
    "not-in-form": "'{value}' 不符合此字段要求的格式（{pattern}）",
    "text-too-long": "{length:,} 个字符，超过此字段允许的 {limit:,} 个",
    "file-cannot-read": "无法读取 {path}：{why}",
    "file-missing": "文件不存在",
    "file-no-permission": "没有读取权限",
    "file-not-a-file": "它是{kind}，不是文件",
    "file-too-large": "{path} 大于 {size}，不是本程序读取的{what}",
    "quotes-not-text": "{path} 不是 UTF-8、UTF-16 或 GB18030 编码的文本；请另存为“CSV UTF-8”",
    "quotes-empty": "{path}：文件中没有报价（文件为空）",
    "quotes-header-only": "{path}：文件中没有报价（只有表头）",
    "quotes-header-missing": "{path}：表头必须包含 {columns}（缺少：{missing}；各列可用逗号、分号或制表符分隔）",
    "quotes-header-twice": "{path}：表头两次出现 {column}（第 {first} 列和第 {second} 列）",
    "quotes-problems": "{path}：{problems}",
    "quotes-problems-more": "{path}：{problems}（另有 {more:,} 处）",
    "quote-cell": "第 {row:,} 行第 {letter} 列（{column}）：{problem}",
    "quote-row-rest": "第 {row:,} 行：{problem}；该行及其后各行均未读取",
    "csv-open-quote": "单元格以引号（\"）开头，但引号未闭合",
    "csv-after-quote": "带引号单元格的右引号（\"）之后还有文字；请将整个单元格放在引号内",
    "quotes-skipped": "{path}：已载入 {rows:,} 条中的 {used:,} 条报价；因有问题跳过 {skipped:,} 行",
    "quote-cell-missing": "缺失（该行只有 {cells:,} 列，表头有 {columns:,} 列）",
    "quote-empty": "为空",
    "quote-control-character": "含有控制字符",
    "quote-too-long": "超过 {limit:,} 个字符",
    "quote-not-an-amount": "'{text}' 不是用数字 0-9 写的金额（例如 12500 或 12500.50）",
    "quote-amount-range": "{text} 超出范围 0 至 {high:,.0f}",
    "quote-not-a-currency": "'{text}' 不是 ISO 4217 货币代码（例如 USD、CNY、EUR）",
    "quote-not-a-date": "'{text}' 不是日期；请按年在前书写：2026-01-15、2026-01 或 2026",
    "quote-after-today": "{date} 晚于今天（{today}）",
    "date-year-range": "日期 {date}：年份须在 1990 到 2100 之间",
    "date-not-calendar": "日期 {date} 不是日历上的日期",
    "card-not-a-product": "'{name}' 不是真实的产品：{why}",
    "card-not-listed": "'{name}' 未收录：{why}",
    "card-unknown-close": "未知的卡 '{name}'。是否想写：{close}？",
    "card-unknown": "未知的卡 '{name}'。请查看 'gpu-configurator catalog list'。",
    "at-field": "{where}：{problem}",
    "scenario-not-ours": "不是 GPU Configurator 场景文件",
    "scenario-from-answer": "该文件是一个结果的 JSON（estimate --json 或摘要的 .json）：从中读取其所对应的场景",
    "scenario-no-version": "场景文件没有有效的版本号",
    "scenario-newer": "场景文件版本 {version} 比本程序能读取的版本（{known}）新；请更新 GPU Configurator",
    "scenario-no-body": "场景文件：缺少 'scenario' 对象",
    "scenario-not-finite": "场景文件：有数值不是有限数或位数过长",
    "scenario-too-large": "该场景需要 {size} 字节，超过场景文件的上限（{limit} 字节）；请缩短场景名称或模型名称",
    "scenario-invalid": "场景文件：{problem}",
    "quote-twice": "'{item}' 有多条报价（第 {rows} 行）：均未采用；每个项目只保留一条报价",
    "quotes-too-many": "{path}：共 {count:,} 条报价，超过一个方案可容纳的 {limit:,} 条",
    "quote-unknown-item": "未知项目 '{item}' 的报价已忽略",
    "quote-no-rate": "'{item}' 以 {currency} 计的报价已忽略：没有汇率",
}
