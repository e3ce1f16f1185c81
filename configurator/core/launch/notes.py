"""The comment lines of a launch script, in English and Chinese: what each command is for, and
each setting of the plan an engine has no flag for (named, never invented as a flag)."""

from __future__ import annotations

from dataclasses import dataclass, field

from configurator.core.digit_groups import grouped

NOTES: dict[str, tuple[str, str]] = {
    "header": ("{engine} {version} launch settings for {what}; flags checked against {url}",
               "{engine} {version} 启动设置，用于 {what}；参数名核对自 {url}"),
    "serving-what": ("{model} on {count} × {card}: {copies} × {per_copy} cards (model copies × cards per copy; "
                     "tensor parallel {tp}, pipeline {pp})",
                     "{model} 部署在 {count} 张 {card} 上：{copies} 个模型副本，每个 {per_copy} 张卡"
                     "（张量并行 {tp}，流水线 {pp}）"),
    "training-what": ("{workload} of {model} on {count} × {card}: tensor {tp}, pipeline {pp}, context {cp}, "
                      "expert {ep}, data parallel {dp}",
                      "{model} 的{workload}，{count} 张 {card}：张量并行 {tp}、流水线 {pp}、上下文并行 {cp}、"
                      "专家并行 {ep}、数据并行 {dp}"),
    "model-path": ("Replace {model} with the weights directory or Hugging Face id of the model",
                   "把 {model} 换成模型权重目录或 Hugging Face 名称"),
    "chat-checkpoint": ("{model} is the instruction-tuned (chat) checkpoint of {base}, the same architecture: a chat "
                        "service serves it, not the base model",
                        "{model} 是 {base} 的指令微调（对话）检查点，架构相同：对话服务部署它，而不是基础模型"),
    "servers-each": ("Servers {first}–{last} ({n} servers), the same on each:",
                     "服务器 {first}–{last}（共 {n} 台），每台相同："),
    "server-one": ("Server {first}:", "服务器 {first}："),
    "copy": ("{role} copy on GPUs {gpus}, port {port}", "{role}副本，GPU {gpus}，端口 {port}"),
    "role-serving": ("Serving", "服务"),
    "role-prefill": ("Prefill", "预填充"),
    "role-decode": ("Decode", "解码"),
    "spans-servers": ("Each of the {copies} copies spans {n} servers ({cards} cards at {per_node} per server): "
                      "the command below runs once per copy",
                      "{copies} 个副本各跨 {n} 台服务器（{cards} 张卡，每台 {per_node} 张）：下面的命令每个副本运行一次"),
    "spans-vllm": ("vLLM runs a copy across servers on a Ray cluster: start Ray on its servers and run this on "
                   "the head node (vLLM distributed serving)",
                   "vLLM 跨服务器运行一个副本需要 Ray 集群：在这些服务器上启动 Ray，并在头节点运行此命令"
                   "（vLLM 分布式服务）"),
    "spans-sglang": ("Run the command on every server of the copy with its --node-rank; HEAD is the first "
                     "server's address",
                     "在该副本的每台服务器上运行此命令并设置各自的 --node-rank；HEAD 为第一台服务器的地址"),
    "spans-trtllm": ("trtllm-serve spans servers through MPI: start it under mpirun or srun with one rank per "
                     "card (TensorRT-LLM multi-node serving)",
                     "trtllm-serve 通过 MPI 跨服务器：用 mpirun 或 srun 启动，每张卡一个进程"
                     "（TensorRT-LLM 多节点服务）"),
    "experts-shared": ("{ep} copies share one set of experts: one server process holds them (expert parallel "
                       "over {cards} cards)",
                       "{ep} 个副本共享一套专家：由一个服务进程承载（专家并行跨 {cards} 张卡）"),
    "batch-per-copy": ("The batch and tokens per step are those of one copy of the plan",
                       "批大小与每步词元数按方案中的单个副本给出"),
    "sglang-running-total": ("--max-running-requests {total} is the server's total: SGLang gives each of its {ranks} "
                             "attention data-parallel ranks {batch} (max_running_requests // attn_dp_size)",
                             "--max-running-requests {total} 是整个服务的总数：SGLang 给 {ranks} 个注意力数据并行 "
                             "rank 各分 {batch} 个（max_running_requests // attn_dp_size）"),
    "no-flag": ("No {engine} flag for {setting}: {what}", "{engine} 没有 {setting} 的参数：{what}"),
    "set-weights": ("{format} weights", "{format} 权重"),
    "set-kv": ("{precision} KV cache", "{precision} KV 缓存"),
    "set-eager": ("decoding without CUDA graphs", "不用 CUDA 图解码"),
    "weights-checkpoint": ("its format is read from the checkpoint: point the model at a {format} checkpoint",
                           "格式从检查点读取：模型请指向 {format} 检查点"),
    "weights-trtllm": ("serve a checkpoint already quantized to {format} (NVIDIA TensorRT Model Optimizer); its "
                       "format is read from the checkpoint",
                       "请使用已量化为 {format} 的检查点（NVIDIA TensorRT Model Optimizer）；格式从检查点读取"),
    "weights-unsupported": ("this engine does not load {format} weights: serve another format",
                            "该引擎不加载 {format} 权重：请换用其他格式"),
    "kv-vllm": ("--kv-cache-dtype is written for FP8 only (fp8); its other values (int8_per_token_head, nvfp4 "
                "…) are quantization schemes this estimate does not model: the cache stays at the model's dtype",
                "--kv-cache-dtype 仅对 FP8 写出（fp8）；其他取值（int8_per_token_head、nvfp4 …）是本估算未建模的"
                "量化方案：缓存按模型精度保存"),
    "kv-sglang": ("--kv-cache-dtype is written for FP8 only (fp8_e4m3); its other values (mxfp8, nvfp4, "
                  "fp4_mx_block16) are quantization schemes this estimate does not model: the cache stays at the "
                  "model's dtype",
                  "--kv-cache-dtype 仅对 FP8 写出（fp8_e4m3）；其他取值（mxfp8、nvfp4、fp4_mx_block16）是本估算未建模的"
                  "量化方案：缓存按模型精度保存"),
    "kv-trtllm": ("kv_cache_config.dtype is set to fp8 or left auto here", "此处 kv_cache_config.dtype 只设 fp8 或保持 "
                  "auto"),
    "eager-trtllm": ("trtllm-serve has no such option; CUDA graphs are set in its YAML options",
                     "trtllm-serve 没有此选项；CUDA 图在其 YAML 选项中设置"),
    "set-lora": ("LoRA adapters (rank {rank})", "LoRA 适配器（秩 {rank}）"),
    "lora-elsewhere": ("its trainer updates every weight; train adapters with a PEFT trainer (torchtune: --launch "
                       "torchtune; NeMo, Hugging Face PEFT)",
                       "其训练器更新全部权重；适配器训练请用 PEFT 训练器（torchtune：--launch torchtune；NeMo、"
                       "Hugging Face PEFT）"),
    "tt-config": ("The config {config} reads the weights and the tokenizer from the paths it names "
                  "(checkpointer.checkpoint_dir, tokenizer.path): download {model} there with tune download, or "
                  "override them; add your dataset (dataset._component_) and learning rate",
                  "配置 {config} 从其中写明的路径读取权重和分词器（checkpointer.checkpoint_dir、tokenizer.path）："
                  "请用 tune download 把 {model} 下载到那里，或覆盖这些路径；并补上数据集（dataset._component_）与学习率"),
    "tt-no-config": ("torchtune v0.6.1 ships no LoRA config of {model}: copy one (tune cp) as lora.yaml, set its "
                     "model, tokenizer and checkpointer, and the overrides below apply to it",
                     "torchtune v0.6.1 没有 {model} 的 LoRA 配置：请用 tune cp 复制一个为 lora.yaml，改好其模型、分词器与"
                     "检查点设置，下面的覆盖项即作用于它"),
    "tt-no-builder": ("torchtune v0.6.1 has no LoRA builder of {model}: write one (torchtune.models) and name it "
                      "as model._component_",
                      "torchtune v0.6.1 没有 {model} 的 LoRA 构建函数：请在 torchtune.models 中编写，并设为 "
                      "model._component_"),
    "tt-set-nf4": ("the 4-bit (NF4) frozen base", "4 位（NF4）冻结基座"),
    "tt-no-qlora": ("torchtune v0.6.1 has no QLoRA builder of {model}: its LoRA builder is written, the base in "
                    "BF16, which needs more memory than estimated",
                    "torchtune v0.6.1 没有 {model} 的 QLoRA 构建函数：改写为其 LoRA 构建函数，基座为 BF16，"
                    "所需显存比估算的多"),
    "tt-alpha": ("lora_alpha {alpha} is twice the rank, as torchtune's configs set it; it scales the adapters' "
                 "output and does not change the estimate",
                 "lora_alpha 取秩的两倍 {alpha}，与 torchtune 的配置相同；它只缩放适配器输出，不影响估算"),
    "tt-set-inputs": ("the 16-bit inputs of the 4-bit linears kept for backward",
                      "为反向传播保留 4 位线性层的 16 位输入"),
    "tt-inputs": ("torchtune's NF4 linears (torchao) keep none, which needs less memory than estimated",
                  "torchtune 的 NF4 线性层（torchao）不保留，所需显存比估算的少"),
    "tt-set-fp32-rest": ("the unquantized weights in fp32", "未量化的权重以 fp32 保存"),
    "tt-fp32-rest": ("torchtune keeps them in the training dtype, which needs less memory than estimated",
                     "torchtune 以训练精度保存，所需显存比估算的少"),
    "tt-set-math": ("{precision} math", "{precision} 计算"),
    "tt-bf16-written": ("its LoRA recipes train in BF16 or fp32 only: BF16 is written, slower than estimated",
                        "其 LoRA 配方只支持 BF16 或 fp32 训练：改写为 BF16，比估算的慢"),
    "tt-set-fp8-base": ("the FP8 frozen base", "FP8 冻结基座"),
    "tt-pure": ("dtype bf16 keeps the adapters, their gradients and AdamW states in BF16 (the pure recipe); the "
                "estimate's {recipe} recipe keeps them in fp32: 8 bytes per adapter weight instead of 16",
                "dtype bf16 把适配器及其梯度与 AdamW 状态都以 BF16 保存（pure 方案）；估算的 {recipe} 方案以 fp32 保存："
                "每个适配器权重 8 字节而非 16 字节"),
    "tt-offload-needs-checkpointing": ("Activation offloading runs only beside activation checkpointing in torchtune: "
                                       "both are written, which computes more than estimated",
                                       "torchtune 的激活卸载须与激活检查点同时使用：两者都写出，计算比估算的多"),
    "tt-par-tp": ("tensor parallelism {degree}", "张量并行 {degree}"),
    "tt-par-pp": ("pipeline parallelism {degree}", "流水线并行 {degree}"),
    "tt-par-cp": ("context parallelism {degree}", "上下文并行 {degree}"),
    "tt-par-ep": ("expert parallelism {degree}", "专家并行 {degree}"),
    "tt-parallel-what": ("its LoRA recipes shard the weights over all {cards} cards with FSDP2 and have no other "
                         "parallelism: re-estimate with {flag} 1",
                         "其 LoRA 配方只用 FSDP2 把权重切分到全部 {cards} 张卡，没有其他并行方式：请用 {flag} 1 重新估算"),
    "tt-offload-single": ("lora_finetune_single_device offloads only activations", "lora_finetune_single_device 只卸载激活"),
    "tt-sharded": ("FSDP2 shards the frozen weights over the {dp} data-parallel cards, gathered for forward and "
                   "kept to backward (fsdp_reshard_after_forward False); the estimate keeps a whole copy on each: "
                   "less memory, more traffic than estimated",
                   "FSDP2 把冻结权重切分到 {dp} 张数据并行卡上，前向时聚合并保留到反向（fsdp_reshard_after_forward "
                   "为 False）；估算按每张卡保存完整副本：显存比估算的少、通信比估算的多"),
    "tt-set-paged": ("a paged SGD", "分页 SGD"),
    "tt-paged-sgd": ("bitsandbytes pages AdamW only: torch.optim.SGD is written", "bitsandbytes 只分页 AdamW：改写为 "
                     "torch.optim.SGD"),
    "tt-steps": ("epochs=1 max_steps_per_epoch={steps}: the run stops at the plan's steps, or sooner when the "
                 "dataset is smaller (then raise epochs)",
                 "epochs=1 max_steps_per_epoch={steps}：运行在方案的步数处停止，数据集较小时会更早停止（此时请增加 epochs）"),
    "tt-unpacked": ("Unpacked examples: torchtune pads each batch to its longest example, at most {seq} tokens "
                    "(tokenizer.max_seq_len); the estimate counts {seq} tokens per sequence",
                    "未打包样本：torchtune 把每批填充到其中最长的样本，最多 {seq} 个词元（tokenizer.max_seq_len）；"
                    "估算按每条序列 {seq} 个词元计"),
    "tt-batch": ("gradient_accumulation_steps={accum}: the plan's sequences per step over torchtune's {cards} "
                 "data-parallel cards, {batch} per step",
                 "gradient_accumulation_steps={accum}：把方案每步的序列分到 torchtune 的 {cards} 张数据并行卡上，每步 {batch} 条"),
    "tt-single": ("One card: torchtune's single-device recipe, no torchrun", "单卡：torchtune 的单设备配方，不经 torchrun"),
    "tt-nodes": ("Run on each of the {nodes} servers with MASTER_ADDR the first server's address (torchrun's c10d "
                 "rendezvous; tune run without --rdzv_endpoint runs one server alone)",
                 "在 {nodes} 台服务器上各运行一次，MASTER_ADDR 为第一台服务器的地址（torchrun 的 c10d 会合；"
                 "tune run 不带 --rdzv_endpoint 时只在单台服务器上运行）"),
    "set-adam8": ("8-bit AdamW", "8 位 AdamW"), "adam8-full": ("AdamW keeps 32-bit states here",
                                                             "此处 AdamW 以 32 位保存状态"),
    "set-in-backward": ("the optimizer step in backward", "反向传播中的优化器步骤"),
    "in-backward-what": ("its optimizer steps after backward and holds the whole gradients until then; torchtune's "
                         "full fine-tune recipes run it (optimizer_in_bwd=True)",
                         "其优化器在反向传播结束后才执行步骤，在此之前保留全部梯度；另有全参数微调配方支持该设置"
                         "（optimizer_in_bwd=True）"),
    "set-offload": ("weights or activations in host memory", "把权重或激活放在主机内存"),
    "offload-what": ("only the optimizer's offload is written", "只写出优化器卸载"),
    "set-fp4": ("FP4 training", "FP4 训练"), "fp4-bf16": ("BF16 written instead", "改写为 BF16"),
    "set-rope-base": ("the RoPE base (rope_theta)", "RoPE 基数（rope_theta）"),
    "rope-base-unknown": ("the model does not give it, so Megatron-LM uses its default of 10,000: add "
                          "--rotary-base with the model's config.json rope_theta",
                          "模型未给出，Megatron-LM 将用默认值 10,000：请按模型 config.json 的 rope_theta 加上 "
                          "--rotary-base"),
    "set-rope-unscaled": ("RoPE without frequency scaling (Llama 3)", "不缩放频率的 RoPE（Llama 3）"),
    "rope-llama3-flavor": ("its llama3 flavors take RoPE base 500,000 with Llama 3.1's scaling (factor 8: "
                           "torchtitan v0.2.2 llama3/model/args.py RoPEScalingArgs), which Llama 3 weights were "
                           "not trained with",
                           "其 llama3 模型规格使用 RoPE 基数 500,000 并带 Llama 3.1 的缩放（系数 8：torchtitan v0.2.2 llama3/model/"
                           "args.py RoPEScalingArgs），而 Llama 3 权重训练时未用此缩放"),
    "set-rope-yarn": ("YaRN RoPE scaling (factor {factor})", "YaRN RoPE 缩放（系数 {factor}）"),
    "rope-yarn-what": ("Megatron-LM takes it with multi-latent attention only (--rope-type yarn, "
                       "--rotary-scaling-factor): left to the model's own recipe",
                       "Megatron-LM 仅在多头潜在注意力下接受（--rope-type yarn、--rotary-scaling-factor）："
                       "请参照该模型自己的配方"),
    "set-zero3": ("the weights sharded across data-parallel cards (ZeRO-3)",
                  "权重在数据并行的卡间切分（ZeRO-3）"),
    "zero3-pipeline": ("Megatron-LM shards weights only without pipeline stages (--use-torch-fsdp2 refuses "
                       "pipeline parallelism, Megatron FSDP does not support it), and this plan has {pp} stages: its "
                       "distributed optimizer (ZeRO-1) is written, which keeps each stage's whole weights and "
                       "gradients on every card; re-estimate with --zero 1, or launch with torchtitan",
                       "Megatron-LM 只在不分流水线阶段时切分权重（--use-torch-fsdp2 拒绝流水线并行，Megatron FSDP "
                       "不支持），而本方案有 {pp} 个阶段：改写为其分布式优化器（ZeRO-1），每张卡保留本阶段的全部权重"
                       "和梯度；请用 --zero 1 重新估算，或用 torchtitan 启动"),
    "set-optimizer-offload": ("the optimizer states in host memory", "把优化器状态放在主机内存"),
    "optimizer-offload-megatron": ("Megatron-LM offloads only the distributed optimizer's AdamW states "
                                   "(--optimizer-cpu-offload with --use-precision-aware-optimizer, ZeRO-1 or 2)",
                                   "Megatron-LM 只卸载分布式优化器的 AdamW 状态（--optimizer-cpu-offload 配合 "
                                   "--use-precision-aware-optimizer，ZeRO-1 或 2）"),
    "set-fsdp-offload": ("the training states in host memory", "把训练状态放在主机内存"),
    "fsdp-offload-both": ("its training.enable_cpu_offload is FSDP2's CPUOffloadPolicy, which puts the sharded "
                          "parameters, their gradients and the optimizer step on the host together, not one of "
                          "them alone as estimated: re-estimate with --offload optimizer,params --zero 3 for it, "
                          "or launch the optimizer's offload with Megatron-LM",
                          "其 training.enable_cpu_offload 即 FSDP2 的 CPUOffloadPolicy，会把切分后的参数、其梯度和"
                          "优化器步骤一起放到主机，而非估算中的单独一项：请用 --offload optimizer,params --zero 3 "
                          "重新估算，或用 Megatron-LM 启动优化器卸载"),
    "fsdp-offload-zero3": ("FSDP2 offloads the parameters it shards (ZeRO 3), and this plan has ZeRO {zero}: "
                           "re-estimate with --zero 3",
                           "FSDP2 卸载的是它切分的参数（ZeRO 3），而本方案为 ZeRO {zero}：请用 --zero 3 重新估算"),
    "fsdp-offload-one-shard": ("torchtitan v0.2.2 applies FSDP, and its CPU offload with it, only with "
                               "data_parallel_shard_degree or context_parallel_degree above 1 "
                               "(ParallelDims.fsdp_enabled), and this plan has one data-parallel card; later "
                               "torchtitan applies it always (b5bcd76, models/llama3/parallelize.py)",
                               "torchtitan v0.2.2 只在 data_parallel_shard_degree 或 context_parallel_degree 大于 1 "
                               "时启用 FSDP 及其 CPU 卸载（ParallelDims.fsdp_enabled），而本方案只有一张数据并行卡；"
                               "更新的 torchtitan 总会启用（b5bcd76，models/llama3/parallelize.py）"),
    "set-moe-shape": ("this mixture of experts' shape", "该混合专家模型的结构"),
    "moe-shape-what": ("shared experts: {shared}, dense first layers: {dense}, experts' inner size: {expert_ffn} "
                       "(its flags are left to the model's own recipe)",
                       "{shared} 个共享专家、前 {dense} 层稠密层、内部维度 {expert_ffn} 的专家（其参数请参照该模型自己的配方）"),
    "set-expert-overlap": ("the expert all-to-all overlapped with compute", "专家全对全通信与计算重叠"),
    "expert-overlap-what": ("it has no such schedule: the estimate assumed it; expect the all-to-all exposed",
                            "它没有这种调度：估算假定了重叠；实际全对全通信会暴露在关键路径上"),
    "expert-overlap-megatron": ("Megatron-LM takes --overlap-moe-expert-parallel-comm only with interleaved "
                                "pipeline stages (a virtual pipeline) and without full recomputation: the estimate "
                                "assumed it; expect the all-to-all exposed",
                                "Megatron-LM 仅在交错流水线（虚拟流水线）且不做完全重计算时接受 "
                                "--overlap-moe-expert-parallel-comm：估算假定了重叠；实际全对全通信会暴露在关键路径上"),
    "expert-overlap-full": ("Megatron-LM refuses it beside full recomputation: the estimate left the all-to-all "
                            "exposed",
                            "Megatron-LM 不允许其与完全重计算同时使用：估算已按全对全通信暴露计算"),
    "set-moe-dispatcher": ("the {backend} token dispatcher", "{backend} 词元分发器"),
    "moe-dispatcher-what": ("it sends a token once per routed expert: the estimate assumed one copy per other "
                            "server; expect a longer all-to-all across servers",
                            "它按路由到的专家逐一发送词元：估算假定每个其他服务器只收一份；"
                            "跨服务器的全对全通信会更长"),
    "packed-fill": ("Packed examples: {engine} joins the examples end to end into {seq}-token sequences; the "
                    "plan's {tokens} tokens per example are an average, so a sequence holds more or fewer of them",
                    "打包样本：{engine} 把样本首尾相接拼成 {seq} 个词元的序列；方案中每个样本 {tokens} 个词元"
                    "只是平均值，每条序列所含样本数有多有少"),
    "set-packed": ("attention kept within each packed example", "注意力限于打包序列中的各个样本之内"),
    "packed-megatron": ("core_v0.15.0's pretrain_gpt.py passes its attention no example boundaries (cu_seqlens), "
                        "so a token attends over the whole sequence, which the estimate did not assume; "
                        "core_v0.16.0 and later take --sft (the conversations of each JSONL line packed, with "
                        "cu_seqlens), core_v0.19.0 and later --dataloader-inter-document-masking (packed documents "
                        "split at end-of-document tokens)",
                        "core_v0.15.0 的 pretrain_gpt.py 不向注意力传入样本边界（cu_seqlens），每个词元关注整条序列，"
                        "与估算的假定不同；core_v0.16.0 起可用 --sft（每行 JSONL 中的对话打包，带 cu_seqlens），"
                        "core_v0.19.0 起可用 --dataloader-inter-document-masking（打包的文档按文档结束词元切分）"),
    "packed-flavor": ("torchtitan's {flavor} flavor keeps attention within each example (attn_mask_type "
                      "block_causal, examples split at the end-of-sequence token); an example can run on into the "
                      "next sequence",
                      "torchtitan 的 {flavor} 规格把注意力限于各样本之内（attn_mask_type 为 block_causal，"
                      "按序列结束词元切分样本）；一个样本可能延续到下一条序列"),
    "packed-no-flavor": ("torchtitan v0.2.2 has no flavor of {model} with attn_mask_type block_causal: add one with "
                         "attn_type varlen (flex with context parallelism), as llama3's 8B_varlen, or expect "
                         "attention over the whole sequence, which the estimate did not assume",
                         "torchtitan v0.2.2 没有 attn_mask_type 为 block_causal 的 {model} 规格：请仿照 llama3 的 "
                         "8B_varlen 添加一个，attn_type 设为 varlen（有上下文并行时为 flex），否则注意力覆盖整条序列，"
                         "与估算的假定不同"),
    "hybridep-megatron": ("core_v0.15.0's flex dispatcher has the DeepEP backend only, written instead (the "
                          "estimate sends it the same bytes); core_v0.16.0 and later take "
                          "--moe-flex-dispatcher-backend hybridep",
                          "core_v0.15.0 的 flex 分发器只有 DeepEP 后端，改写为它（估算中两者通信量相同）；"
                          "core_v0.16.0 起可用 --moe-flex-dispatcher-backend hybridep"),
    "set-tp-overlap": ("tensor-parallel traffic overlapped with compute", "张量并行通信与计算重叠"),
    "tp-overlap-what": ("the estimate assumed Transformer Engine's userbuffers overlap; torchtitan's asynchronous "
                        "tensor parallelism (torch.compile) is a different implementation: expect a different speed",
                        "估算假定了 Transformer Engine 的 userbuffers 重叠；torchtitan 的异步张量并行（需 torch.compile）"
                        "是另一种实现：实际速度会不同"),
    "set-cp-comm": ("context parallelism by {kind}", "上下文并行通信方式 {kind}"),
    "cp-comm-what": ("the estimate assumed Transformer Engine's cp_comm_type (Megatron-LM --cp-comm-type); "
                     "torchtitan's context parallelism is a key/value ring: expect a different speed",
                     "估算假定了 Transformer Engine 的 cp_comm_type（Megatron-LM --cp-comm-type）；torchtitan 的上下文并行"
                     "是键值环形交换：实际速度会不同"),
    "set-tp-overlap-cfg": ("the userbuffers table {name}", "userbuffers 表 {name}"),
    "set-cuda-graphs": ("the layers replayed from CUDA graphs", "以 CUDA 图重放各层"),
    "cuda-graphs-what": ("the estimate assumed them (no host launch per kernel); run the step under "
                         "torch.compile(mode=\"reduce-overhead\") or a framework that captures graphs, or expect "
                         "the host's launches per layer",
                         "估算假定了 CUDA 图（不计每个内核的主机启动）；请在 torch.compile(mode=\"reduce-overhead\") "
                         "或能捕获 CUDA 图的框架下运行，否则每层会有主机启动开销"),
    "cuda-graphs-recompute-what": ("Megatron-LM core_v0.15.0 refuses --cuda-graph-impl beside recomputation (newer "
                                   "versions take selective recomputation): the estimate assumed them",
                                   "Megatron-LM core_v0.15.0 不允许 --cuda-graph-impl 与重计算同时使用（更新版本接受选择性"
                                   "重计算）：估算假定了 CUDA 图"),
    "tp-overlap-cfg-what": ("the estimate assumed that Megatron-Bridge recipe table; Megatron-LM runs Transformer "
                            "Engine's default table unless --tp-comm-overlap-cfg names a YAML file of the table's "
                            "settings: write it from Megatron-Bridge training/comm_overlap.py",
                            "估算假定了该 Megatron-Bridge 配方的表；除非 --tp-comm-overlap-cfg 指定写有该表设置的 "
                            "YAML 文件，Megatron-LM 使用 Transformer Engine 的默认表：请依据 Megatron-Bridge "
                            "training/comm_overlap.py 写出该文件"),
    "set-mla": ("multi-latent attention", "多头潜在注意力（MLA）"),
    "mla-what": ("its settings are left to the model's own recipe", "其设置请参照该模型自己的配方"),
    "set-selective-per-op": ("torchtitan's per-op selective recomputation", "torchtitan 的逐算子选择性重计算"),
    "selective-attention-written": ("its selective recomputation (the attention core only) is written, which keeps "
                                    "more activations than estimated",
                                    "写出其选择性重计算（仅注意力核心），保留的激活比估算的多"),
    "set-selective-attention": ("selective recomputation of the attention core only", "仅注意力核心的选择性重计算"),
    "set-selective-fp8-cache": ("DeepSeek-V3's FP8 activation cache (norms, MLA up-projections and SwiGLU output "
                                "recomputed)",
                                "DeepSeek-V3 的 FP8 激活缓存（重计算归一化、多头潜在注意力上投影和门控激活输出）"),
    "selective-op-written-differs": ("its per-op policy (selective_ac_option = op) is written, which keeps other "
                                     "activations than estimated",
                                     "写出其逐算子策略（selective_ac_option = op），保留的激活与估算不同"),
    "selective-op-written": ("its per-op policy (selective_ac_option = op) is written, which keeps fewer "
                             "activations than estimated",
                             "写出其逐算子策略（selective_ac_option = op），保留的激活比估算的少"),
    "set-recompute-layers": ("full recomputation of the first {layers} layers of each stage only",
                             "仅对每个阶段的前 {layers} 层完全重计算"),
    "every-layer-written": ("full recomputation of every layer is written, which keeps fewer activations and "
                            "computes more than estimated",
                            "写出对每一层的完全重计算，保留的激活比估算的少、计算比估算的多"),
    "set-sgd": ("SGD", "SGD 优化器"), "sgd-what": ("AdamW is its optimizer here", "此处优化器为 AdamW"),
    "set-fp16": ("FP16 mixed precision", "FP16 混合精度"),
    "fp16-what": ("torchtitan mixes in BF16 (mixed_precision_param)", "torchtitan 以 BF16 混合精度（mixed_precision_param）"),
    "not-written": ("Not written for {engine}: {setting}, {what}", "未为 {engine} 写出：{setting}，{what}"),
    "quantized-checkpoint": ("{format} weights: point the model at a {format} checkpoint of {model}",
                             "{format} 权重：模型请指向 {model} 的 {format} 检查点"),
    "disagg-vllm": ("Prefill/decode split: give each prefill copy --kv-transfer-config with a KV connector "
                    "and kv_role kv_producer, each decode copy kv_consumer, and put a proxy in front that sends "
                    "a request to a prefill copy, then a decode copy (vLLM disaggregated prefilling, "
                    "experimental); not written here, it names your connector",
                    "预填充/解码分离：预填充副本加 --kv-transfer-config（KV 连接器，kv_role 为 kv_producer），"
                    "解码副本为 kv_consumer，并在前面放一个代理，把请求先送预填充副本、再送解码副本"
                    "（vLLM 分离式预填充，实验性）；此处不写出，因其依赖所选连接器"),
    "disagg-sglang": ("Prefill/decode split: put a router in front that sends a request to a prefill server, "
                      "then a decode server (sglang_router launch_router with --pd-disaggregation and the "
                      "--prefill and --decode addresses)",
                      "预填充/解码分离：在前面放一个路由器，把请求先送预填充服务器、再送解码服务器"
                      "（sglang_router 的 launch_router，带 --pd-disaggregation 及 --prefill、--decode 地址）"),
    "disagg-trtllm": ("Prefill/decode split: each pool's servers are trtllm-serve servers; the router is "
                      "`trtllm-serve disaggregated -c CONFIG.yaml`, whose file lists the context (prefill) and "
                      "generation (decode) servers (TensorRT-LLM disaggregated serving)",
                      "预填充/解码分离：两个池的服务器都是 trtllm-serve；路由器为 "
                      "`trtllm-serve disaggregated -c CONFIG.yaml`，其文件列出上下文（预填充）与生成（解码）服务器"
                      "（TensorRT-LLM 分离式服务）"),
    "speculative": ("Speculative decoding ({tokens} draft tokens per step) is in the plan: add the engine's "
                    "speculative-decoding settings for your draft model",
                    "方案含推测解码（每步 {tokens} 个草稿词元）：请按所用草稿模型加上引擎的推测解码设置"),
    "yaml-file": ("Settings {engine} takes from a YAML file ({flag})", "{engine} 从 YAML 文件读取的设置（{flag}）"),
    "toml-file": ("torchtitan job file", "torchtitan 任务文件"),
    "training-data": ("Add your data, tokenizer, learning-rate and checkpoint settings",
                      "请补上数据、分词器、学习率与检查点设置"),
    "torchrun-nodes": ("Run on each of the {nodes} servers with NODE_RANK 0…{last} and MASTER_ADDR the first "
                       "server's address",
                       "在 {nodes} 台服务器上各运行一次，NODE_RANK 为 0…{last}，MASTER_ADDR 为第一台服务器的地址"),
    "offload-threads": ("Before torchrun, set OMP_NUM_THREADS to the server's CPU cores over its {ranks} processes: "
                        "unset, torchrun sets it to 1 for each (torch/distributed/run.py), and the optimizer step on "
                        "the host, PyTorch's fused AdamW, then runs on one core per card; the estimate counts the "
                        "server's CPUs (torchtune sets all its threads for it: about 2× in its benchmark)",
                        "运行 torchrun 前，请把 OMP_NUM_THREADS 设为服务器 CPU 核数除以其 {ranks} 个进程：未设置时 "
                        "torchrun 会为每个进程设为 1（torch/distributed/run.py），主机上的优化器步骤（PyTorch 的融合"
                        " AdamW）便只用每张卡一个核；估算按整台服务器的 CPU 计（torchtune 为此设置全部线程：其基准测试中约快 2 倍）"),
    "uneven-nodes": ("The last server runs {last} cards: give it --nproc-per-node {last}",
                     "最后一台服务器只有 {last} 张卡：请为它设 --nproc-per-node {last}"),
    "no-flavor": ("torchtitan has no model flavor for {model}: add one (torchtitan/models) and name it under "
                  "[model]",
                  "torchtitan 没有 {model} 的模型规格：请在 torchtitan/models 中添加，并在 [model] 下填写"),
    "train-steps": ("{steps} steps of {batch} sequences × {seq} tokens = {tokens} tokens",
                    "{steps} 步，每步 {batch} 条序列 × {seq} 个词元 = {tokens} 个词元"),
}
"""Every comment line: id -> (English, Chinese)."""

_WORDS: dict[str, str] = {
    "pretrain": "预训练", "finetune": "全参数微调", "lora": "LoRA 微调", "qlora": "QLoRA 微调",
}


@dataclass(frozen=True)
class Note:
    """One comment line: a note id and its parameters."""

    id: str
    params: dict[str, object] = field(default_factory=dict)

    def text_in(self, language: str) -> str:
        """The line in ``language`` (``zh_CN`` Chinese, anything else English); whole numbers
        grouped by the language's rule."""
        english, chinese = NOTES[self.id]
        zh = language == "zh_CN"
        params = {k: _said(v, language) for k, v in self.params.items()}
        if zh and "workload" in params:
            params["workload"] = _WORDS.get(str(self.params["workload"]), params["workload"])
        return (chinese if zh else english).format(**params)


def _said(value: object, language: str) -> object:
    if isinstance(value, Note):
        return value.text_in(language)
    if isinstance(value, int) and not isinstance(value, bool):
        return grouped(value, language)
    return value


def note(note_id: str, **params: object) -> Note:
    """A comment line; the id must be one of :data:`NOTES`."""
    if note_id not in NOTES:
        raise KeyError(f"unknown launch note '{note_id}'")
    return Note(note_id, params)
