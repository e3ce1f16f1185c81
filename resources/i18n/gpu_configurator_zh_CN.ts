<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AutoBinder</name>
    <message>
        <source>Let the planner choose {0}</source>
        <translation>由规划器选择{0}</translation>
    </message>
</context>
<context>
    <name>CardBrowser</name>
    <message>
        <source>Card browser</source>
        <translation>加速卡浏览器</translation>
    </message>
    <message>
        <source>Search name, vendor, id</source>
        <translation>搜索名称、厂商、标识</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source> GB or more</source>
        <translation> GB 及以上</translation>
    </message>
    <message>
        <source>Any memory</source>
        <translation>任意显存</translation>
    </message>
    <message>
        <source>Any precision</source>
        <translation>任意精度</translation>
    </message>
    <message>
        <source>Has {0}</source>
        <translation>支持 {0}</translation>
    </message>
    <message>
        <source>Card-to-card link (NVLink etc.)</source>
        <translation>卡间高速互联（NVLink 等）</translation>
    </message>
    <message>
        <source>&amp;Use this card</source>
        <translation>使用此卡(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Compare selected (2–4)</source>
        <translation>对比所选（2–4）(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Add or edit my card…</source>
        <translation>添加或编辑我的卡(&amp;A)…</translation>
    </message>
    <message>
        <source>Add a &amp;price…</source>
        <translation>添加价格(&amp;P)…</translation>
    </message>
    <message>
        <source>All vendors</source>
        <translation>全部厂商</translation>
    </message>
    <message>
        <source>Select two to four cards to compare</source>
        <translation>请选择二至四款加速卡进行对比</translation>
    </message>
    <message>
        <source>Select one card to add a price to</source>
        <translation>请选择一款要添加价格的加速卡</translation>
    </message>
    <message>
        <source>Any software</source>
        <translation>任意软件</translation>
    </message>
    <message>
        <source>Runs {0}</source>
        <translation>可运行 {0}</translation>
    </message>
    <message>
        <source>Only cards whose software stack runs this framework (fully or in part)</source>
        <translation>只显示软件栈能运行该框架（完全或部分支持）的卡</translation>
    </message>
</context>
<context>
    <name>CardDialog</name>
    <message>
        <source>My card</source>
        <translation>我的加速卡</translation>
    </message>
    <message>
        <source>lowercase-id, e.g. my-l40s</source>
        <translation>小写标识，例如 my-l40s</translation>
    </message>
    <message>
        <source>One source per line: datasheet URL, quote, measurement</source>
        <translation>每行一个来源：规格书网址、报价、实测</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>{0} dense</source>
        <translation>{0} 稠密</translation>
    </message>
    <message>
        <source>Card link</source>
        <translation>卡间互联</translation>
    </message>
    <message>
        <source>Link bandwidth</source>
        <translation>互联带宽</translation>
    </message>
    <message>
        <source>Cards per link domain</source>
        <translation>高速互联域卡数</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>数据可信度</translation>
    </message>
</context>
<context>
    <name>CardNotice</name>
    <message>
        <source>The card is now {new}, the usual card for {work}</source>
        <translation>加速卡已换为 {new}，即{work}的常用卡</translation>
    </message>
    <message>
        <source>{old} is not a card for {work} ({lacks}); the card is now {new}</source>
        <translation>{old} 不适合{work}（{lacks}）；加速卡已换为 {new}</translation>
    </message>
    <message>
        <source>{old} is not a card for {work}; the card is now {new}</source>
        <translation>{old} 不适合{work}；加速卡已换为 {new}</translation>
    </message>
</context>
<context>
    <name>CardPicker</name>
    <message numerus="yes">
        <source>%n card(s): {names}</source>
        <translation>
            <numerusform>%n 张卡：{names}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChipsPerServer</name>
    <message>
        <source> per server</source>
        <translation> 颗/服务器</translation>
    </message>
</context>
<context>
    <name>ComparisonDialog</name>
    <message>
        <source>Compare cards</source>
        <translation>对比加速卡</translation>
    </message>
    <message>
        <source>For the current scenario: {cards} each, {model}</source>
        <translation>当前场景：每项 {cards}，{model}</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>Working out each card for this scenario…</source>
        <translation>正在为此场景计算每张加速卡…</translation>
    </message>
    <message>
        <source>Comparing the cards</source>
        <translation>对比加速卡</translation>
    </message>
</context>
<context>
    <name>ConstraintsPage</name>
    <message>
        <source>Budget, region and cards</source>
        <translation>预算、地区与卡</translation>
    </message>
    <message>
        <source>What you cannot exceed, where the cards go, and whether the card is yours to choose. Leave a limit at &apos;none&apos; if there is none.</source>
        <translation>不能超出的上限、卡交付到哪里，以及卡由您选还是由推荐器选。没有限制时保留“无”。</translation>
    </message>
    <message>
        <source>Let the recommender choose (every card ranked by cost of ownership)</source>
        <translation>由推荐器选择（按拥有成本为每种卡排名）</translation>
    </message>
    <message>
        <source>&amp;Card</source>
        <translation>加速卡(&amp;C)</translation>
    </message>
    <message>
        <source>I already own cards:</source>
        <translation>已拥有的卡：</translation>
    </message>
    <message numerus="yes">
        <source> card(s)</source>
        <translation>
            <numerusform> 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source> per server</source>
        <translation> 张/服务器</translation>
    </message>
    <message>
        <source>Cards per &amp;server</source>
        <translation>每台服务器卡数(&amp;S)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Buying: a ceiling on the capex of the bill of materials (cards, servers, network, storage, racks). Renting: on the rent for a month of service, or for the whole job. What is over it is never recommended.</source>
        <translation>购买：物料清单资本支出（加速卡、服务器、网络、存储、机柜）的上限。租用：每月服务或整个作业租金的上限。超出预算的方案绝不会被推荐。</translation>
    </message>
    <message>
        <source>Bu&amp;dget</source>
        <translation>预算(&amp;D)</translation>
    </message>
    <message>
        <source>The budget &amp;limits</source>
        <translation>预算口径(&amp;L)</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>Mainland China: only cards whose US export status for China is &apos;permitted&apos; are ranked; those needing a licence, or of unknown status, are listed below the line; those not permitted are left out. A status with its date and source, not legal advice. Rents: delivered to mainland China, only those sold there are ranked; elsewhere or anywhere, only those sold outside it</source>
        <translation>中国大陆：只对美国对华出口管制状态为“允许”的卡排名；需要许可证或状态不明的卡列在基准线以下；不允许出口的卡不列出。所示为带日期和来源的状态，不构成法律意见。云租用价：交付到中国大陆时只对在中国大陆销售的租用价排名；交付到其他地区或未指定地区时只对在中国大陆以外销售的租用价排名</translation>
    </message>
    <message>
        <source>Deliver &amp;to</source>
        <translation>交付到(&amp;T)</translation>
    </message>
    <message>
        <source>Let the recommender choose (every card ranked by rent)</source>
        <translation>由推荐器选择（按租金为每种卡排名）</translation>
    </message>
    <message>
        <source>Say which card you own: pick it in the list above.</source>
        <translation>请说明您拥有哪种卡：在上方列表中选择。</translation>
    </message>
    <message>
        <source>{card} is a training card: no video encoders, no display outputs and no desktop vGPU. Graphics work belongs on graphics cards.</source>
        <translation>{card} 是训练卡：没有视频编码器、没有显示输出，也没有桌面 vGPU。图形工作应使用图形卡。</translation>
    </message>
    <message>
        <source>{card} is a consumer card: no ECC, no vGPU, and its licence restricts data-centre use.</source>
        <translation>{card} 是消费级显卡：无 ECC、无 vGPU，许可协议限制数据中心使用。</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>How many years the cards are used and paid off over: the total cost of ownership (TCO) is the purchase and this many years of power, support, licences and colocation</source>
        <translation>加速卡使用并摊销的年数：总拥有成本是采购加上这些年的电费、维保、许可和机房托管费用</translation>
    </message>
</context>
<context>
    <name>Currency</name>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>The price file has no dated rate for {0}. {0} per US dollar:</source>
        <translation>价格文件中没有 {0} 的汇率。每 1 美元合多少 {0}：</translation>
    </message>
</context>
<context>
    <name>DurationSpinBox</name>
    <message>
        <source>Type hours (8), minutes (30min), or days and weeks (3d, 2w).</source>
        <translation>输入小时数（8）、分钟数（30分钟），或天数、周数（3d、2w，或 3天）。</translation>
    </message>
</context>
<context>
    <name>EncodeSessions</name>
    <message>
        <source> per server</source>
        <translation> 路/服务器</translation>
    </message>
</context>
<context>
    <name>EngineProfileDialog</name>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Per layer, CUDA graphs</source>
        <translation>每层开销（CUDA 图）</translation>
    </message>
    <message>
        <source>Per layer, eager</source>
        <translation>每层开销（逐个启动）</translation>
    </message>
    <message>
        <source>Per layer, prefill</source>
        <translation>每层开销（预填充）</translation>
    </message>
    <message>
        <source>Per step (host)</source>
        <translation>每步开销（主机）</translation>
    </message>
    <message>
        <source>Weight reads</source>
        <translation>权重读取</translation>
    </message>
    <message>
        <source>KV cache reads</source>
        <translation>KV 缓存读取</translation>
    </message>
    <message>
        <source>Decode reads on HBM cards</source>
        <translation>HBM 卡上的解码读取</translation>
    </message>
    <message>
        <source>KV half-efficiency context</source>
        <translation>KV 读取达半效率的上下文</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source>Prefill kernels</source>
        <translation>预填充内核</translation>
    </message>
    <message>
        <source>Prefill kernels, INT8 quantized</source>
        <translation>预填充内核（INT8 量化）</translation>
    </message>
    <message>
        <source>Sequences at once (default cap)</source>
        <translation>同时序列数（默认上限）</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>Sequences at once on a large card</source>
        <translation>大显存卡上的同时序列数</translation>
    </message>
    <message>
        <source>Large card from</source>
        <translation>大显存卡起点</translation>
    </message>
    <message>
        <source>as prefill kernels</source>
        <translation>同预填充内核</translation>
    </message>
    <message>
        <source>memory alone decides</source>
        <translation>仅由显存决定</translation>
    </message>
    <message>
        <source>as on any card</source>
        <translation>与其他卡相同</translation>
    </message>
    <message>
        <source>no short-sequence penalty</source>
        <translation>无短序列惩罚</translation>
    </message>
    <message>
        <source>CUDA graphs by default</source>
        <translation>默认使用 CUDA 图</translation>
    </message>
    <message>
        <source>Continuous batching</source>
        <translation>连续批处理</translation>
    </message>
    <message>
        <source>FP8 KV cache with FP8 weights</source>
        <translation>FP8 权重时用 FP8 KV 缓存</translation>
    </message>
    <message>
        <source>Prompt products accumulate in FP16</source>
        <translation>提示的矩阵乘以 FP16 累加</translation>
    </message>
    <message>
        <source>Quantized prompts on INT8 tensor cores</source>
        <translation>量化权重的提示在 INT8 Tensor Core 上计算</translation>
    </message>
    <message>
        <source>Engine profile: {0}</source>
        <translation>引擎参数：{0}</translation>
    </message>
    <message>
        <source>Published figures from: {0}</source>
        <translation>公开数据来源：{0}</translation>
    </message>
    <message>
        <source>In use now: your own profile.</source>
        <translation>当前使用：您自己的参数。</translation>
    </message>
    <message>
        <source>Published profile</source>
        <translation>公开参数</translation>
    </message>
    <message>
        <source>Use the engine&apos;s published profile again</source>
        <translation>重新使用引擎的公开参数</translation>
    </message>
    <message>
        <source>default figure</source>
        <translation>默认数值</translation>
    </message>
    <message>
        <source>Edit the engine profile</source>
        <translation>编辑引擎参数</translation>
    </message>
    <message>
        <source>Use the published engine profile</source>
        <translation>使用公开的引擎参数</translation>
    </message>
</context>
<context>
    <name>ErrorBoundary</name>
    <message>
        <source>(the log could not be written; see the terminal)</source>
        <translation>（无法写入日志；请查看终端输出）</translation>
    </message>
    <message>
        <source>{what} failed because of an internal error ({where}):
{detail}

The last valid state is kept. The full report is in:
{log}</source>
        <translation>{what}因内部错误而失败（{where}）：
{detail}

已保留最后的有效状态。完整报告位于：
{log}</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>Preparing this page of the wizard</source>
        <translation>准备向导的本页</translation>
    </message>
    <message>
        <source>Checking the answers on this page</source>
        <translation>检查本页的答案</translation>
    </message>
    <message>
        <source>Choosing the next page of the wizard</source>
        <translation>选择向导的下一页</translation>
    </message>
    <message>
        <source>Applying the answers</source>
        <translation>应用所填答案</translation>
    </message>
    <message>
        <source>Closing the window</source>
        <translation>关闭窗口</translation>
    </message>
    <message>
        <source>Applying the change</source>
        <translation>应用修改</translation>
    </message>
    <message>
        <source>Undoing the change</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <source>The last action</source>
        <translation>上一项操作</translation>
    </message>
    <message>
        <source>The command “{name}”</source>
        <translation>命令“{name}”</translation>
    </message>
    <message>
        <source>An action</source>
        <translation>一项操作</translation>
    </message>
    <message>
        <source>Computing the results</source>
        <translation>计算结果</translation>
    </message>
</context>
<context>
    <name>GoalPage</name>
    <message>
        <source>What do you want to do?</source>
        <translation>您想做什么？</translation>
    </message>
    <message>
        <source>This decides which kind of card fits: training cards, inference cards or graphics cards.</source>
        <translation>这决定了适合哪类加速卡：训练卡、推理卡还是图形卡。</translation>
    </message>
    <message>
        <source>&amp;Train a model from scratch</source>
        <translation>从头训练模型(&amp;T)</translation>
    </message>
    <message>
        <source>Weeks on many cards; needs training cards with fast card-to-card links.</source>
        <translation>需在多卡上运行数周；需要具备卡间高速互联的训练卡。</translation>
    </message>
    <message>
        <source>&amp;Fine-tune all of a model&apos;s weights</source>
        <translation>全参数微调模型(&amp;F)</translation>
    </message>
    <message>
        <source>Adapts a model to your data; needs memory for weights, gradients and optimizer states.</source>
        <translation>让模型适应您的数据；显存需容纳权重、梯度和优化器状态。</translation>
    </message>
    <message>
        <source>Fine-tune with &amp;LoRA adapters</source>
        <translation>用 LoRA 适配器微调(&amp;L)</translation>
    </message>
    <message>
        <source>Trains small adapters on a frozen model; far less memory than a full fine-tune.</source>
        <translation>在冻结的模型上训练小型适配器；显存远少于全参数微调。</translation>
    </message>
    <message>
        <source>Fine-tune on a small card (&amp;QLoRA)</source>
        <translation>在小显存卡上微调（QLoRA）(&amp;Q)</translation>
    </message>
    <message>
        <source>LoRA on a 4-bit copy of the model: large models on one card, a little slower.</source>
        <translation>在 4 位量化的模型上做 LoRA：大模型也能单卡微调，速度稍慢。</translation>
    </message>
    <message>
        <source>&amp;Serve a model to users</source>
        <translation>为用户提供模型推理服务(&amp;S)</translation>
    </message>
    <message>
        <source>Answers requests; limited by memory bandwidth and by the memory the KV cache needs.</source>
        <translation>响应请求；受显存带宽和 KV 缓存所需显存限制。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Graphics&lt;/b&gt; — needs graphics cards (display engines, video encoders, vGPU), not training cards:</source>
        <translation>&lt;b&gt;图形&lt;/b&gt;——需要图形卡（显示引擎、视频编码器、vGPU），而不是训练卡：</translation>
    </message>
    <message>
        <source>&amp;Virtual desktops or cloud workstations</source>
        <translation>虚拟桌面或云工作站(&amp;V)</translation>
    </message>
    <message>
        <source>Many users share each card through vGPU; the framebuffer per user and the shading load decide how many fit.</source>
        <translation>多个用户通过 vGPU 共享一张卡；每用户帧缓冲和着色负载决定能容纳多少人。</translation>
    </message>
    <message>
        <source>Trans&amp;code video streams</source>
        <translation>视频流转码(&amp;C)</translation>
    </message>
    <message>
        <source>Limited by the card&apos;s video encoders and decoders (NVENC/NVDEC), not by its AI compute.</source>
        <translation>受卡上视频编解码器（NVENC/NVDEC）限制，而不是 AI 算力。</translation>
    </message>
    <message>
        <source>&amp;Render 3D scenes offline</source>
        <translation>离线渲染三维场景(&amp;R)</translation>
    </message>
    <message>
        <source>The scene must fit in each card&apos;s memory; time scales with FP32 shading speed.</source>
        <translation>场景必须放进每张卡的显存；时间随 FP32 着色速度换算。</translation>
    </message>
</context>
<context>
    <name>GraphicsQuestions</name>
    <message numerus="yes">
        <source> user(s)</source>
        <translation>
            <numerusform> 个用户</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> monitor(s)</source>
        <translation>
            <numerusform> 台显示器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> stream(s)</source>
        <translation>
            <numerusform> 路流</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> frame(s)</source>
        <translation>
            <numerusform> 帧</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoadPage</name>
    <message>
        <source>How much work?</source>
        <translation>工作量有多大？</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source> billion tokens</source>
        <translation> 亿词元</translation>
    </message>
    <message>
        <source>How much text the model trains on (1 token ≈ ¾ of an English word)</source>
        <translation>模型训练的文本量（1 个词元约等于 1 个汉字或 ¾ 个英文单词）</translation>
    </message>
    <message>
        <source>&amp;Data to train on</source>
        <translation>训练数据量(&amp;D)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无期限</translation>
    </message>
    <message>
        <source>Finish &amp;within</source>
        <translation>完成期限(&amp;W)</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>from the request rate</source>
        <translation>由请求率推算</translation>
    </message>
    <message>
        <source>Users (sequences) answered at the same time by the whole deployment; left at &apos;from the request rate&apos;, the planner sizes the batch for the rate (Little&apos;s law)</source>
        <translation>整个部署同时应答的用户（序列）数；保留为“由请求率推算”时，规划器按请求率确定批大小（利特尔定律）</translation>
    </message>
    <message>
        <source>&amp;Users served together</source>
        <translation>同时服务的用户(&amp;U)</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> 请求/秒</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>&amp;Requests per second</source>
        <translation>每秒请求数(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Answer length</source>
        <translation>回答长度(&amp;A)</translation>
    </message>
    <message>
        <source> ms per token</source>
        <translation> ms/词元</translation>
    </message>
    <message>
        <source>People read 175–300 words a minute, about 4–7 tokens a second: an interactive chat needs each token within about 100 ms</source>
        <translation>人的阅读速度约为每分钟 175–300 个英文单词，即每秒约 4–7 个词元：交互式对话需要每个词元在约 100 ms 内生成</translation>
    </message>
    <message>
        <source>no target</source>
        <translation>无目标</translation>
    </message>
    <message>
        <source> examples</source>
        <translation> 条样本</translation>
    </message>
    <message>
        <source>given in tokens</source>
        <translation>按词元数给出</translation>
    </message>
    <message>
        <source>Fine-tuning data as examples (10万条 is 100,000): the data to train on becomes examples × {0} tokens, the Alpaca fine-tune&apos;s maximum length</source>
        <translation>以样本条数给出微调数据（10万条即 100,000 条）：训练数据量 = 样本数 × 每条 {0} 词元（斯坦福指令微调数据集训练时的最大长度）</translation>
    </message>
    <message>
        <source>Or in &amp;examples</source>
        <translation>或按样本数(&amp;E)</translation>
    </message>
    <message>
        <source> million tokens</source>
        <translation> 百万词元</translation>
    </message>
    <message>
        <source>the published default for the size</source>
        <translation>按模型规模的公开默认值</translation>
    </message>
    <message>
        <source>Tokens per optimizer step. Left at the default, the planner takes the batch published for models of this size</source>
        <translation>每个优化器步的词元数。保留默认时，规划器采用该规模模型公开的批大小</translation>
    </message>
    <message>
        <source>&amp;Global batch</source>
        <translation>全局批(&amp;G)</translation>
    </message>
    <message>
        <source>Auto (BF16 where the card has it)</source>
        <translation>自动（卡支持时用 BF16）</translation>
    </message>
    <message>
        <source>LoRA and QLoRA (a 4-bit frozen copy) are chosen on the first page</source>
        <translation>LoRA 与 QLoRA（4 位冻结副本）在第一页选择</translation>
    </message>
    <message>
        <source>&amp;Precision</source>
        <translation>精度(&amp;P)</translation>
    </message>
    <message numerus="yes">
        <source> user(s) at once</source>
        <translation>
            <numerusform> 个并发用户</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> token(s)</source>
        <translation>
            <numerusform> 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Pr&amp;ompt length</source>
        <translation>提示长度(&amp;O)</translation>
    </message>
    <message>
        <source>prompt + answer</source>
        <translation>提示 + 回答</translation>
    </message>
    <message>
        <source>The longest sequence one request may reach: prompt and answer together</source>
        <translation>一个请求可达的最长序列：提示与回答合计</translation>
    </message>
    <message>
        <source>Documents or prompts the batch processes a day, spread over 24 hours; each one is a prompt and an answer of the lengths below.</source>
        <translation>批处理每天处理的文档或提示数，均匀分布在 24 小时内；每个都是一段提示加一个回答，长度见下方。</translation>
    </message>
    <message>
        <source>About {tokens} tokens a day, prompt and answer together</source>
        <translation>每天约 {tokens} 个词元（提示与回答合计）</translation>
    </message>
    <message>
        <source>Auto ({0}, as the model is published, where the card has it)</source>
        <translation>自动（卡支持时采用模型官方发布的 {0}）</translation>
    </message>
    <message>
        <source>The prompt ({prompt} tokens) and the answer ({answer} tokens) do not fit a context of {context} tokens: make the context longer or the lengths shorter.</source>
        <translation>提示（{prompt} 个词元）与回答（{answer} 个词元）放不进 {context} 个词元的上下文：请加长上下文或缩短长度。</translation>
    </message>
    <message>
        <source>&amp;Context length</source>
        <translation>上下文长度(&amp;C)</translation>
    </message>
    <message>
        <source> ms to the first token</source>
        <translation> ms 内出首词元</translation>
    </message>
    <message>
        <source>&amp;First-token target</source>
        <translation>首词元目标(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Latency target</source>
        <translation>延迟目标(&amp;L)</translation>
    </message>
    <message>
        <source>Targets &amp;held for</source>
        <translation>目标适用于(&amp;H)</translation>
    </message>
    <message>
        <source>Weights stored and computed at this precision; INT4 is AWQ with groups of 128</source>
        <translation>权重以此精度存储和计算；INT4 为分组 128 的 AWQ</translation>
    </message>
    <message>
        <source>&amp;Precision or quantisation</source>
        <translation>精度或量化(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;What is it for?</source>
        <translation>用途(&amp;W)</translation>
    </message>
    <message>
        <source> requests a day</source>
        <translation> 个请求/天</translation>
    </message>
    <message>
        <source>Requests a &amp;day</source>
        <translation>每天请求数(&amp;D)</translation>
    </message>
    <message>
        <source>default for this use: {0} ms</source>
        <translation>此用途的默认值：{0} ms</translation>
    </message>
    <message>
        <source>default for this use: {0}</source>
        <translation>此用途的默认值：{0}</translation>
    </message>
    <message>
        <source>{typed} requests a day ({rate} requests/s) is below the smallest request rate the planner takes, {smallest} a day: give at least that, or the users served together.</source>
        <translation>每天 {typed} 个请求（{rate} 请求/秒）低于规划器可接受的最小请求率（每天 {smallest} 个）：请至少填写该值，或填写同时服务的用户数。</translation>
    </message>
    <message>
        <source>Offline batch work is sized by how much it processes: give the requests a day (or the users served together). Without either, a full batch would be planned on the fewest cards that hold the model, whatever your volume.</source>
        <translation>离线批处理按处理量确定规模：请填写每天请求数（或同时服务的用户数）。两者都不填，将在能容纳模型的最少卡上按满批规划，与实际用量无关。</translation>
    </message>
    <message>
        <source>Virtual desktops</source>
        <translation>虚拟桌面</translation>
    </message>
    <message>
        <source>&amp;Users at the same time</source>
        <translation>同时在线用户(&amp;U)</translation>
    </message>
    <message>
        <source>Office, web and video (1 GiB, 0.25 TFLOP/s each)</source>
        <translation>办公、网页和视频（每人 1 GiB、0.25 TFLOP/s）</translation>
    </message>
    <message>
        <source>Power users, light CAD (2 GiB, 0.5 TFLOP/s each)</source>
        <translation>高级用户、轻量 CAD（每人 2 GiB、0.5 TFLOP/s）</translation>
    </message>
    <message>
        <source>Designers, CAD (4 GiB, 2 TFLOP/s each)</source>
        <translation>设计师、CAD（每人 4 GiB、2 TFLOP/s）</translation>
    </message>
    <message>
        <source>3D engineering, visualisation (8 GiB, 6 TFLOP/s each)</source>
        <translation>三维工程、可视化（每人 8 GiB、6 TFLOP/s）</translation>
    </message>
    <message>
        <source>Starting points: adjust the profile and load in the main window</source>
        <translation>仅为起点：可在主窗口调整 vGPU 配置和负载</translation>
    </message>
    <message>
        <source>&amp;Kind of user</source>
        <translation>用户类型(&amp;K)</translation>
    </message>
    <message>
        <source>More pixels than one HD display need a larger vGPU profile</source>
        <translation>像素多于一台高清显示器时需要更大的 vGPU 配置</translation>
    </message>
    <message>
        <source>&amp;Monitors per desktop</source>
        <translation>每个桌面的显示器数(&amp;M)</translation>
    </message>
    <message>
        <source>Monitor &amp;resolution</source>
        <translation>显示器分辨率(&amp;R)</translation>
    </message>
    <message>
        <source>Video</source>
        <translation>视频</translation>
    </message>
    <message>
        <source>&amp;Streams at the same time</source>
        <translation>同时处理的视频流(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Resolution</source>
        <translation>分辨率(&amp;R)</translation>
    </message>
    <message>
        <source> fps</source>
        <translation> 帧/秒</translation>
    </message>
    <message>
        <source>&amp;Frame rate</source>
        <translation>帧率(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Codec</source>
        <translation>编码格式(&amp;C)</translation>
    </message>
    <message>
        <source>Rendering</source>
        <translation>渲染</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Geometry and textures; the whole scene must fit in each card&apos;s memory</source>
        <translation>几何与纹理；整个场景必须放进每张卡的显存</translation>
    </message>
    <message>
        <source>&amp;Scene size</source>
        <translation>场景大小(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Frames</source>
        <translation>帧数(&amp;F)</translation>
    </message>
    <message>
        <source> min per frame</source>
        <translation> 分钟/帧</translation>
    </message>
    <message>
        <source>Measured with your renderer and scene on the card below</source>
        <translation>用你的渲染器和场景在下方所选的卡上测得</translation>
    </message>
    <message>
        <source>&amp;Time per frame</source>
        <translation>每帧时间(&amp;T)</translation>
    </message>
    <message>
        <source>Other cards&apos; times scale from this one by their FP32 rate</source>
        <translation>其他卡的时间按 FP32 算力从这张卡换算</translation>
    </message>
    <message>
        <source>Measured &amp;on</source>
        <translation>测量所用的卡(&amp;O)</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>As set in the main window ({profile} GiB, {load} TFLOP/s each)</source>
        <translation>按主窗口的设置（每人 {profile} GiB，{load} TFLOP/s）</translation>
    </message>
    <message>
        <source>How many users or streams, or how big a render job.</source>
        <translation>多少用户或视频流，或渲染任务有多大。</translation>
    </message>
    <message>
        <source>Traffic, prompt and answer lengths, and how fast answers must come.</source>
        <translation>请求量、提示和回答长度，以及回答速度要求。</translation>
    </message>
    <message>
        <source>How much data, and by when the training must be done.</source>
        <translation>训练数据量，以及训练的完成期限。</translation>
    </message>
    <message>
        <source>Do the users &amp;sit at the machine with a monitor attached (deskside), or connect remotely?</source>
        <translation>用户是坐在连接了显示器的机器旁（桌边工作站），还是远程连接？(&amp;S)</translation>
    </message>
    <message>
        <source>Remotely: virtual desktops on servers</source>
        <translation>远程连接：服务器上的虚拟桌面</translation>
    </message>
    <message>
        <source>At the machine: monitors cabled to its card (deskside workstation)</source>
        <translation>在机器旁：显示器直接连接到其加速卡（桌边工作站）</translation>
    </message>
</context>
<context>
    <name>MagnitudeSpinBox</name>
    <message>
        <source>Type 500k, 2M or 500,000 (also 50万 or 1.2亿).</source>
        <translation>可输入 50万、1.2亿、500,000 或 500k、2M。</translation>
    </message>
    <message>
        <source>Type 500k, 2M or 500,000 (also 50万 or 1.2亿), with the box&apos;s currency if you like (2M USD; 200万元 or ¥200万 in CNY).</source>
        <translation>可输入 200万元、¥200万、50万、1.2亿、500,000 或 500k、2M；如写明货币，须与框中所示货币相同。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new scenario</source>
        <translation>新建方案</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>打开方案文件</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scenario under a new name</source>
        <translation>以新名称保存方案</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Print Pre&amp;view…</source>
        <translation>打印预览(&amp;V)…</translation>
    </message>
    <message>
        <source>See the configuration summary as it will print</source>
        <translation>预览打印的配置方案摘要</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <source>Print the configuration summary</source>
        <translation>打印配置方案摘要</translation>
    </message>
    <message>
        <source>&amp;Export Summary…</source>
        <translation>导出摘要(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the summary as PDF, Markdown, CSV or JSON</source>
        <translation>将摘要保存为 PDF、Markdown、CSV 或 JSON</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Name the scenario…</source>
        <translation>为方案命名(&amp;N)…</translation>
    </message>
    <message>
        <source>The name is the printed summary&apos;s title (empty: a description of the job)</source>
        <translation>名称即打印摘要的标题（留空：使用任务描述）</translation>
    </message>
    <message>
        <source>Workload &amp;wizard…</source>
        <translation>负载向导(&amp;W)…</translation>
    </message>
    <message>
        <source>Answer a few questions</source>
        <translation>回答几个问题</translation>
    </message>
    <message>
        <source>&amp;Recommendation panel</source>
        <translation>推荐面板(&amp;R)</translation>
    </message>
    <message>
        <source>Which card, and how many: every card ranked for this job</source>
        <translation>选哪款卡、选多少张：为该任务对所有加速卡排序</translation>
    </message>
    <message>
        <source>Bill of &amp;materials and TCO</source>
        <translation>物料清单与总拥有成本(&amp;M)</translation>
    </message>
    <message>
        <source>Servers, network, racks, power and software for this job, and what owning them costs over the years</source>
        <translation>此任务所需的服务器、网络、机柜、电力与软件，以及多年拥有成本</translation>
    </message>
    <message>
        <source>Card &amp;browser…</source>
        <translation>加速卡浏览器(&amp;B)…</translation>
    </message>
    <message>
        <source>Every card with its specs, sources and prices</source>
        <translation>所有加速卡的规格、数据来源和价格</translation>
    </message>
    <message>
        <source>What &amp;fits my cards…</source>
        <translation>我的卡能运行什么(&amp;F)…</translation>
    </message>
    <message>
        <source>Which models fit on the cards you own, for training, fine-tuning and serving, and how fast</source>
        <translation>您已有的卡能放下哪些模型（训练、微调与推理服务），速度如何</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>GPU Configurator {version}
Catalog {catalog} ({date}), {n} cards.
Estimates memory, speed, power and cost of AI workloads and of graphics work (virtual desktops, transcoding, rendering) on accelerator cards.</source>
        <translation>GPU 配置器 {version}
硬件目录 {catalog}（{date}），{n} 款加速卡。
估算 AI 负载与图形工作（虚拟桌面、视频转码、渲染）在加速卡上的显存、速度、功耗和成本。</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Name the scenario</source>
        <translation>为方案命名</translation>
    </message>
    <message>
        <source>Name (the summary&apos;s title):</source>
        <translation>名称（摘要的标题）：</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Bill of materials and TCO</source>
        <translation>物料清单与总拥有成本</translation>
    </message>
    <message>
        <source>Preparing the summary…</source>
        <translation>正在准备摘要…</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>CSV tables (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>JSON data (*.json)</source>
        <translation>JSON 数据 (*.json)</translation>
    </message>
    <message>
        <source>Export summary</source>
        <translation>导出摘要</translation>
    </message>
    <message>
        <source>Cannot export summary</source>
        <translation>无法导出摘要</translation>
    </message>
    <message>
        <source>{path}: {reason}

Nothing was replaced: an existing file keeps its old content.</source>
        <translation>{path}：{reason}

没有替换任何文件：已有文件保持原内容不变。</translation>
    </message>
    <message>
        <source>Wrote {0}</source>
        <translation>已写入 {0}</translation>
    </message>
    <message>
        <source>About GPU Configurator</source>
        <translation>关于 GPU 配置器</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No results for this scenario: the analysis failed (see the error message). The greyed figures are from before the last change.</source>
        <translation>此方案没有结果：分析失败（见错误信息）。灰色显示的数字来自上一次更改之前。</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>{name}[*] — GPU Configurator</source>
        <translation>{name}[*] — GPU 配置器</translation>
    </message>
    <message>
        <source>Catalog {version} ({date}), {cards}</source>
        <translation>目录 {version}（{date}），{cards}</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n 种卡</numerusform>
        </translation>
    </message>
    <message>
        <source>{folder} is a file, not a folder</source>
        <translation>{folder} 是文件，不是文件夹</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>the file would be larger than the disk or your file size limit allows</source>
        <translation>文件将超过磁盘或文件大小限制（ulimit -f）所允许的大小</translation>
    </message>
    <message>
        <source>the file name is too long for the disk; choose a shorter one</source>
        <translation>文件名对该磁盘而言太长；请选一个短一些的名称</translation>
    </message>
    <message>
        <source>a folder has that name; choose another name</source>
        <translation>已有同名文件夹；请另选一个名称</translation>
    </message>
    <message>
        <source>your disk quota is used up</source>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>磁盘为只读</translation>
    </message>
    <message>
        <source>you have no permission to write there</source>
        <translation>没有写入该位置的权限</translation>
    </message>
    <message>
        <source>{said} ({system})</source>
        <translation>{said}（{system}）</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The scenario has unsaved changes. Save them?</source>
        <translation>方案有未保存的修改。是否保存？</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Scenario files (*{0});;All files (*)</source>
        <translation>方案文件 (*{0});;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>Scenario files (*{0})</source>
        <translation>方案文件 (*{0})</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上被更改</translation>
    </message>
    <message>
        <source>{file} was changed by another window or program after this window opened or saved it.

Replace it with this window&apos;s scenario (what was written there is lost), or save this window&apos;s scenario under another name?</source>
        <translation>{file} 在本窗口打开或保存它之后，已被另一个窗口或程序更改。

用本窗口的方案替换它（其中写入的内容将丢失），还是将本窗口的方案另存为其他名称？</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Settings cannot be saved to {file}: the window&apos;s size, recent files and language will not be remembered.</source>
        <translation>设置无法保存到 {file}：窗口大小、最近打开的文件和语言将不会被记住。</translation>
    </message>
    <message>
        <source>Autosave failed ({reason}): your changes are not protected against a crash until it works again; save them.</source>
        <translation>自动保存失败（{reason}）：在自动保存恢复正常之前，您的更改在程序崩溃时得不到保护；请保存它们。</translation>
    </message>
    <message>
        <source>Autosave works again.</source>
        <translation>自动保存已恢复正常。</translation>
    </message>
    <message>
        <source>Recover unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>The autosave as it was found is kept in {file}.</source>
        <translation>自动保存文件的原样副本保存在 {file}。</translation>
    </message>
    <message>
        <source>Restored “{name}” in part: {details}</source>
        <translation>已部分恢复“{name}”：{details}</translation>
    </message>
    <message>
        <source>Restored “{name}”.</source>
        <translation>已恢复“{name}”。</translation>
    </message>
    <message>
        <source>Restored in part</source>
        <translation>已部分恢复</translation>
    </message>
    <message>
        <source>Copy &amp;launch command</source>
        <translation>复制启动命令(&amp;L)</translation>
    </message>
    <message>
        <source>Copy the planned layout as the serving engine&apos;s or trainer&apos;s launch command</source>
        <translation>把规划的布局复制为服务引擎或训练框架的启动命令</translation>
    </message>
    <message>
        <source>Copy launch command &amp;for</source>
        <translation>复制启动命令，用于(&amp;F)</translation>
    </message>
    <message>
        <source>(none for this workload)</source>
        <translation>（此负载无可用引擎）</translation>
    </message>
    <message>
        <source>Copy launch command</source>
        <translation>复制启动命令</translation>
    </message>
    <message>
        <source>Launch with:</source>
        <translation>启动引擎：</translation>
    </message>
    <message>
        <source>No results to launch: the analysis failed</source>
        <translation>没有可启动的结果：分析失败</translation>
    </message>
    <message>
        <source>Graphics work has no launch command</source>
        <translation>图形负载没有启动命令</translation>
    </message>
    <message>
        <source>Launch command for {engine} copied ({lines} lines)</source>
        <translation>已复制 {engine} 的启动命令（{lines} 行）</translation>
    </message>
    <message>
        <source>Load Price Q&amp;uotes…</source>
        <translation>载入报价(&amp;U)…</translation>
    </message>
    <message>
        <source>Price the bill of materials with your quotes: a CSV with the columns item, unit_price, currency, date, vendor</source>
        <translation>用您的报价为物料清单定价：CSV 文件，列为 item、unit_price、currency、date、vendor</translation>
    </message>
    <message>
        <source>C&amp;lear Price Quotes</source>
        <translation>清除报价(&amp;L)</translation>
    </message>
    <message>
        <source>Price the bill of materials from the bundled price file again</source>
        <translation>重新按内置价格文件为物料清单定价</translation>
    </message>
    <message>
        <source>Load price quotes</source>
        <translation>载入报价</translation>
    </message>
    <message>
        <source>Quotes (*.csv *.txt *.tsv);;All files (*)</source>
        <translation>报价文件 (*.csv *.txt *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot load price quotes</source>
        <translation>无法载入报价</translation>
    </message>
    <message>
        <source>Load price quotes from {file}</source>
        <translation>从 {file} 载入报价</translation>
    </message>
    <message>
        <source>… and {more} more (every one under Show Details)</source>
        <translation>……另有 {more} 处（全部列在“显示详情”中）</translation>
    </message>
    <message>
        <source>Some price quotes were skipped</source>
        <translation>部分报价已跳过</translation>
    </message>
    <message>
        <source>Price quotes cleared: the bill is priced from the bundled price file</source>
        <translation>已清除报价：物料清单按内置价格文件定价</translation>
    </message>
    <message>
        <source>Price quotes from {file}: {applied} of {count} applied</source>
        <translation>{file} 中的报价：已采用 {applied} 条，共 {count} 条</translation>
    </message>
    <message>
        <source>; {problems} (and {more} more)</source>
        <translation>；{problems}（另有 {more} 条）</translation>
    </message>
    <message>
        <source>; {problems}</source>
        <translation>；{problems}</translation>
    </message>
</context>
<context>
    <name>ModelImport</name>
    <message>
        <source>an encoder-only model (no text generation, no KV cache)</source>
        <translation>仅编码器模型（不生成文本，没有 KV 缓存）</translation>
    </message>
    <message>
        <source>an encoder-decoder model (sequence to sequence)</source>
        <translation>编码器-解码器模型（序列到序列）</translation>
    </message>
    <message>
        <source>a vision model (images in, no tokens out)</source>
        <translation>视觉模型（输入图像，不输出词元）</translation>
    </message>
    <message>
        <source>Not imported: {file} describes {kind}, family “{family}”. Only decoder-only language models (GPT, Llama, Mistral, Qwen …) can be sized.</source>
        <translation>未导入：{file} 描述的是{kind}，模型族“{family}”。只能估算仅解码器的语言模型（GPT、Llama、Mistral、Qwen 等）。</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <source>Which model?</source>
        <translation>哪个模型？</translation>
    </message>
    <message>
        <source>Pick a known model, import a Hugging Face config.json, or give its size.</source>
        <translation>选择已知模型、导入 Hugging Face config.json，或给出参数规模。</translation>
    </message>
    <message>
        <source>A &amp;known model</source>
        <translation>已知模型(&amp;K)</translation>
    </message>
    <message>
        <source>{name} — {size} billion parameters</source>
        <translation>{name}（{size} B 参数）</translation>
    </message>
    <message>
        <source>&amp;Import a config.json</source>
        <translation>导入 config.json(&amp;I)</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>About this &amp;many billion parameters:</source>
        <translation>约多少 B 参数（1 B 即 10 亿）(&amp;M)：</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>Import config.json</source>
        <translation>导入 config.json</translation>
    </message>
    <message>
        <source>Choose a config.json first, or pick another option</source>
        <translation>请先选择 config.json，或选择其他方式</translation>
    </message>
    <message>
        <source>Uses {name} ({used} B parameters) — the closest preset to {asked} B.</source>
        <translation>使用 {name}（{used} B 参数）——最接近 {asked} B 的预设。</translation>
    </message>
    <message>
        <source>No preset is within 10 % of {asked} B: uses a Llama-like shape of {used} B parameters — {layers} layers, hidden {hidden}, {heads} heads ({kv} KV), so tensor parallel 1, 2, 4 or 8 and 1, 2 or 4 pipeline stages split it evenly.</source>
        <translation>没有预设与 {asked} B 相差在 10% 以内：使用 {used} B 参数的类 Llama 结构——{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头（{kv} 个 KV），张量并行 1、2、4 或 8 以及 1、2 或 4 级流水线都能均分。</translation>
    </message>
</context>
<context>
    <name>ParetoChart</name>
    <message>
        <source>Cost against cards</source>
        <translation>成本与卡数</translation>
    </message>
    <message>
        <source>Cards [count]</source>
        <translation>卡数 [张]</translation>
    </message>
    <message>
        <source>Every option within {spread} on “{axis}”: cost against the cards each buys</source>
        <translation>各方案的“{axis}”相差不超过 {spread}：改按各方案购买的卡数绘制成本</translation>
    </message>
</context>
<context>
    <name>PriceDialog</name>
    <message>
        <source>Price for {0}</source>
        <translation>{0} 的价格</translation>
    </message>
    <message>
        <source>New</source>
        <translation>全新</translation>
    </message>
    <message>
        <source>Used (no warranty from the maker)</source>
        <translation>二手（无原厂保修）</translation>
    </message>
    <message>
        <source>Refurbished</source>
        <translation>翻新</translation>
    </message>
    <message>
        <source>A used or refurbished card&apos;s price is ranked only when the scenario accepts used cards, and only for a card without a new card&apos;s price</source>
        <translation>二手或翻新卡的价格只在方案接受二手卡时参与排名，且只用于没有全新卡价格的卡</translation>
    </message>
    <message>
        <source>Quote number, URL or supplier</source>
        <translation>报价单号、网址或供应商</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>成色</translation>
    </message>
    <message>
        <source>Date (YYYY-MM)</source>
        <translation>日期（YYYY-MM）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>High (a quote or the seller&apos;s own price list)</source>
        <translation>高（报价单或卖方自己的价目表）</translation>
    </message>
    <message>
        <source>Medium (a dated report or price index)</source>
        <translation>中（有日期的报道或价格指数）</translation>
    </message>
    <message>
        <source>Low (an estimate)</source>
        <translation>低（估算）</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>数据可信度</translation>
    </message>
</context>
<context>
    <name>RecommendationPanel</name>
    <message>
        <source>&amp;Rank by</source>
        <translation>排序依据(&amp;R)</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>&amp;Deadline</source>
        <translation>期限(&amp;D)</translation>
    </message>
    <message>
        <source>Requests per second to serve (— = not set)</source>
        <translation>需要承载的每秒请求数（— = 未设置）</translation>
    </message>
    <message>
        <source>Re&amp;quests</source>
        <translation>请求速率(&amp;Q)</translation>
    </message>
    <message>
        <source> ms/token</source>
        <translation> ms/词元</translation>
    </message>
    <message>
        <source>Time per output token target</source>
        <translation>每输出词元时间目标</translation>
    </message>
    <message>
        <source>&amp;Latency</source>
        <translation>延迟(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Budget</source>
        <translation>预算(&amp;B)</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>&amp;Power cap</source>
        <translation>功率上限(&amp;P)</translation>
    </message>
    <message>
        <source>Deliver &amp;to</source>
        <translation>交付到(&amp;T)</translation>
    </message>
    <message>
        <source>C&amp;ards</source>
        <translation>加速卡(&amp;A)</translation>
    </message>
    <message>
        <source>Domestic (China) vendors only</source>
        <translation>仅国产厂商</translation>
    </message>
    <message>
        <source>Include consumer graphics cards</source>
        <translation>包括消费级图形卡</translation>
    </message>
    <message>
        <source>GeForce-class cards: cheap, but no ECC, no NVLink and licence limits in data centres</source>
        <translation>GeForce 类消费级显卡：便宜，但无 ECC、无 NVLink，许可协议限制数据中心使用</translation>
    </message>
    <message>
        <source>&amp;Use this configuration</source>
        <translation>采用此配置(&amp;U)</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Limited by · ranked after: what its total excludes · below the line: what it breaks</source>
        <translation>瓶颈 · 排在完整总额之后：总额不含的项目 · 基准线以下：违反的约束</translation>
    </message>
    <message>
        <source>The training or render job must finish within (— = no deadline)</source>
        <translation>训练或渲染任务必须在此时间内完成（— = 无期限）</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> 请求/秒</translation>
    </message>
    <message>
        <source>Budget in the scenario currency. Buying: a ceiling on the capex of the bill of materials (cards, servers, network, storage, racks). Renting: a ceiling on the rent for a month of service, or for the whole job. An option over it is never ranked: it is listed below the line with how much it is over.</source>
        <translation>以方案币种计的预算。购买：物料清单资本支出（加速卡、服务器、网络、存储、机柜）的上限。租用：每月服务或整个作业租金的上限。超出预算的方案绝不参与排名：列在基准线以下，并注明超出多少。</translation>
    </message>
    <message>
        <source>Facility power available: the average draw × PUE</source>
        <translation>机房可用功率：平均功耗 × PUE</translation>
    </message>
    <message>
        <source>Mainland China: only cards whose US export status for China is &apos;permitted&apos; are ranked; those needing a licence, or of unknown status, are listed below the line; those not permitted are left out. A status with its date and source, not legal advice. Rents: delivered to mainland China, only those sold there are ranked; elsewhere or anywhere, only those sold outside it</source>
        <translation>中国大陆：只对美国对华出口管制状态为“允许”的卡排名；需要许可证或状态不明的卡列在基准线以下；不允许出口的卡不列出。所示为带日期和来源的状态，不构成法律意见。云租用价：交付到中国大陆时只对在中国大陆销售的租用价排名；交付到其他地区或未指定地区时只对在中国大陆以外销售的租用价排名</translation>
    </message>
    <message>
        <source>Make the selected row the scenario (undoable); in the table: Enter, or a double-click</source>
        <translation>把所选行用作当前方案（可撤销）；在表格中：按回车键，或双击该行</translation>
    </message>
    <message>
        <source>Change the ranking&apos;s question</source>
        <translation>更改排名的问题</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Time to first token target</source>
        <translation>首词元延迟目标</translation>
    </message>
    <message>
        <source>First to&amp;ken</source>
        <translation>首词元(&amp;K)</translation>
    </message>
    <message>
        <source>default: {0}</source>
        <translation>默认：{0}</translation>
    </message>
    <message>
        <source>Budget &amp;caps</source>
        <translation>预算限制(&amp;C)</translation>
    </message>
    <message>
        <source>Limited by · below the line: what it breaks</source>
        <translation>瓶颈 · 基准线以下：违反的约束</translation>
    </message>
    <message>
        <source>Limited by · ranked after: what its total excludes</source>
        <translation>瓶颈 · 排在完整总额之后：总额不含的项目</translation>
    </message>
    <message>
        <source>Limited by</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Ranking every card for this scenario…</source>
        <translation>正在为此场景给每种卡排名…</translation>
    </message>
    <message>
        <source>Ranking the cards</source>
        <translation>给加速卡排名</translation>
    </message>
    <message>
        <source>Ranking {done} of {total} cards… the best so far is shown; the final ranking replaces it</source>
        <translation>正在排名：已完成 {done} / {total} 种卡… 当前显示目前最优，最终排名完成后替换</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) left out.</source>
        <translation>
            <numerusform>%n 种卡被排除。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) listed below, each with what it breaks or lacks.</source>
        <translation>
            <numerusform>下方列出 %n 种卡，各注明其违反的约束或缺少的信息。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other card(s) left out (filtered out, not deliverable, or further from your constraints).</source>
        <translation>
            <numerusform>另有 %n 种卡被排除（被筛选掉、无法交付，或离您的约束更远）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Use recommendation</source>
        <translation>采用推荐</translation>
    </message>
    <message>
        <source>Type to search by name, vendor or class</source>
        <translation>输入名称、厂商或类别进行搜索</translation>
    </message>
    <message>
        <source>All cards</source>
        <translation>全部加速卡</translation>
    </message>
    <message>
        <source>Cards to compare</source>
        <translation>要比较的加速卡</translation>
    </message>
    <message>
        <source>Only the cards checked are ranked, whatever their class (consumer cards too); none checked: every card of the workload&apos;s classes</source>
        <translation>只对勾选的加速卡排名，不论类别（消费级卡也包括在内）；不勾选：比较该工作负载所属类别的全部加速卡</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>Partly recoverable</source>
        <translation>可部分恢复</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>layout the planner chooses</source>
        <translation>由规划器选择的布局</translation>
    </message>
    <message>
        <source>graphics</source>
        <translation>图形</translation>
    </message>
    <message>
        <source>prices and costs</source>
        <translation>价格与成本</translation>
    </message>
    <message>
        <source>constraints</source>
        <translation>约束条件</translation>
    </message>
    <message>
        <source>ranking and filters</source>
        <translation>排名与筛选</translation>
    </message>
    <message>
        <source>assumptions</source>
        <translation>计算假设</translation>
    </message>
    <message>
        <source>file version</source>
        <translation>文件版本</translation>
    </message>
    <message>
        <source>The file was cut short after {size} bytes ({kept} of them usable).</source>
        <translation>文件在 {size} 字节处被截断（其中 {kept} 字节可用）。</translation>
    </message>
    <message>
        <source>What the autosave lost is taken from the saved file {file} (its last saved values), not from defaults: {sections}.</source>
        <translation>自动保存丢失的部分取自已保存的文件 {file}（其最后保存的值），而非默认值：{sections}。</translation>
    </message>
    <message>
        <source>It was written by a newer version of GPU Configurator (file version {version}); settings this version does not know are left out.</source>
        <translation>该文件由更新版本的 GPU Configurator 写入（文件版本 {version}）；本版本不认识的设置已略去。</translation>
    </message>
    <message>
        <source>Set back to their defaults: {fields}.</source>
        <translation>已恢复为默认值：{fields}。</translation>
    </message>
    <message>
        <source>The file is larger than a scenario file may be ({size} bytes; at most {limit}).</source>
        <translation>该文件超过了方案文件允许的大小（{size} 字节；最多 {limit}）。</translation>
    </message>
    <message>
        <source>What followed is lost and takes default values: {sections}.</source>
        <translation>其后的内容已丢失，使用默认值：{sections}。</translation>
    </message>
    <message>
        <source>What followed is lost and takes default values, as the work was never saved to a file to take it from: {sections}.</source>
        <translation>其后的内容已丢失，使用默认值，因为这项工作从未保存为文件，无从取回：{sections}。</translation>
    </message>
    <message>
        <source>What followed is lost and takes default values, as its saved file {file} no longer reads whole or holds a card the catalog no longer has: {sections}.</source>
        <translation>其后的内容已丢失，使用默认值，因为已保存的文件 {file} 已无法完整读取，或其中的卡已不在目录中：{sections}。</translation>
    </message>
    <message>
        <source>The saved file does not hold the rest of what followed, which takes default values: {sections}.</source>
        <translation>其后丢失的其余部分在已保存的文件中没有，使用默认值：{sections}。</translation>
    </message>
    <message>
        <source>What followed is lost and takes default values, as the values of its saved file {file} do not fit the recovered work: {sections}.</source>
        <translation>其后的内容已丢失，使用默认值，因为已保存的文件 {file} 中的值与恢复的工作不相容：{sections}。</translation>
    </message>
    <message>
        <source>Its card “{card}” is no longer in the catalog: it is restored on {placeholder}; choose its card again.</source>
        <translation>其所用的卡“{card}”已不在目录中：已恢复到 {placeholder} 上；请重新选择卡。</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>the file holds only zero bytes</source>
        <translation>文件只含零字节</translation>
    </message>
    <message>
        <source>it is not JSON, and no complete part of it could be read</source>
        <translation>它不是 JSON，也读不出任何完整的部分</translation>
    </message>
    <message>
        <source>it is not a GPU Configurator scenario</source>
        <translation>它不是 GPU Configurator 方案</translation>
    </message>
    <message>
        <source>its scenario part is missing</source>
        <translation>缺少方案部分</translation>
    </message>
    <message>
        <source>its scenario is not valid: {detail}</source>
        <translation>其方案无效：{detail}</translation>
    </message>
    <message>
        <source>it is not a file</source>
        <translation>它不是文件</translation>
    </message>
    <message>
        <source>it cannot be read: {detail}</source>
        <translation>无法读取：{detail}</translation>
    </message>
    <message>
        <source>it is larger than {detail}</source>
        <translation>它大于 {detail}</translation>
    </message>
    <message>
        <source>{file} could not be recovered ({reason}) nor moved aside; it was left where it is.</source>
        <translation>{file} 无法恢复（{reason}），也无法移到一旁；它留在原处。</translation>
    </message>
    <message>
        <source>{file} could not be recovered ({reason}); it was moved to {moved}.</source>
        <translation>{file} 无法恢复（{reason}）；已移至 {moved}。</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>GPU Configurator did not close properly. These scenarios have changes that were not saved. Restore puts the selected one into this window; the others stay and are offered again at the next start. Discard deletes the selected one for good.</source>
        <translation>GPU Configurator 上次未正常关闭。以下方案有未保存的更改。“恢复”把选中的方案放入此窗口；其余方案保留，下次启动时会再次提供。“丢弃”会永久删除选中的方案。</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Autosaved at</source>
        <translation>自动保存时间</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>(never saved)</source>
        <translation>（从未保存）</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Keep for later</source>
        <translation>留待以后(&amp;K)</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <source>Key numbers</source>
        <translation>关键数据</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>计算假设</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>注意事项</translation>
    </message>
    <message>
        <source>The parallel layout of this estimate: the planner&apos;s choices where a field is Auto, your values where you pinned them</source>
        <translation>本估算采用的并行布局：设为自动的项由规划器选择，已固定的项采用您的数值</translation>
    </message>
    <message>
        <source>No warnings</source>
        <translation>无注意事项</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>card count</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>card</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>cards per server</source>
        <translation>每台服务器卡数</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线并行级数</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>interleaved stages</source>
        <translation>交错虚拟级数</translation>
    </message>
    <message>
        <source>context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>recipe</source>
        <translation>精度方案</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>cross-entropy kernel</source>
        <translation>交叉熵算子</translation>
    </message>
    <message>
        <source>CPU offload of optimizer states</source>
        <translation>优化器状态的 CPU 卸载</translation>
    </message>
    <message>
        <source>CPU offload of parameters</source>
        <translation>参数的 CPU 卸载</translation>
    </message>
    <message>
        <source>CPU offload of activations</source>
        <translation>激活的 CPU 卸载</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>token budget</source>
        <translation>训练词元量</translation>
    </message>
    <message>
        <source>context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <source>prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>answer length</source>
        <translation>回答长度</translation>
    </message>
    <message>
        <source>KV cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <source>serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>weight format</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>batching</source>
        <translation>批处理方式</translation>
    </message>
    <message>
        <source>maximum batch</source>
        <translation>最大批量</translation>
    </message>
    <message>
        <source>prefill chunk</source>
        <translation>预填充分块</translation>
    </message>
    <message>
        <source>engine memory share</source>
        <translation>引擎显存占比</translation>
    </message>
    <message>
        <source>prefix-cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <source>draft tokens</source>
        <translation>草稿词元数</translation>
    </message>
    <message>
        <source>draft acceptance</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <source>draft cost</source>
        <translation>草稿开销</translation>
    </message>
    <message>
        <source>separate prefill and decode pools</source>
        <translation>预填充与解码分离</translation>
    </message>
    <message>
        <source>prefill pool</source>
        <translation>预填充池</translation>
    </message>
    <message>
        <source>first-token target</source>
        <translation>首词元目标</translation>
    </message>
    <message>
        <source>time-per-token target</source>
        <translation>每词元时间目标</translation>
    </message>
    <message>
        <source>request rate</source>
        <translation>请求速率</translation>
    </message>
    <message>
        <source>latency percentile</source>
        <translation>延迟分位</translation>
    </message>
    <message>
        <source>monitor attached</source>
        <translation>连接显示器</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>card price</source>
        <translation>单卡价格</translation>
    </message>
    <message>
        <source>cloud price</source>
        <translation>云租用价格</translation>
    </message>
    <message>
        <source>electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>users</source>
        <translation>个用户</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>tensor-parallel communication overlap</source>
        <translation>张量并行通信重叠</translation>
    </message>
    <message>
        <source>userbuffers table</source>
        <translation>用户缓冲区表</translation>
    </message>
    <message>
        <source>context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>ZeRO-3 implementation</source>
        <translation>ZeRO-3 实现方式</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放方式</translation>
    </message>
    <message>
        <source>layer kernels</source>
        <translation>层算子实现</translation>
    </message>
    <message>
        <source>attention kernel</source>
        <translation>注意力算子</translation>
    </message>
    <message>
        <source>recomputed layers</source>
        <translation>重计算层数</translation>
    </message>
    <message>
        <source>selective recomputation policy</source>
        <translation>选择性重计算策略</translation>
    </message>
    <message>
        <source>expert all-to-all overlap</source>
        <translation>专家全对全通信重叠</translation>
    </message>
    <message>
        <source>MoE token dispatcher</source>
        <translation>混合专家词元分发器</translation>
    </message>
    <message>
        <source>CUDA graphs in training</source>
        <translation>训练中的 CUDA 图</translation>
    </message>
    <message>
        <source>pipeline algorithm</source>
        <translation>流水线算法</translation>
    </message>
    <message>
        <source>gradient reduction beside pipeline stages</source>
        <translation>流水线并行下的梯度归约</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标层</translation>
    </message>
    <message>
        <source>FP8 frozen base</source>
        <translation>FP8 冻结基座</translation>
    </message>
    <message>
        <source>paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>optimizer step in backward</source>
        <translation>反向传播中的优化器步骤</translation>
    </message>
    <message>
        <source>examples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>tokens per example</source>
        <translation>每条样本词元数</translation>
    </message>
    <message>
        <source>packed examples</source>
        <translation>打包样本</translation>
    </message>
    <message>
        <source>use</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>vGPU profile</source>
        <translation>vGPU 配置</translation>
    </message>
    <message>
        <source>kind of user</source>
        <translation>用户类型</translation>
    </message>
    <message>
        <source>monitors</source>
        <translation>显示器数</translation>
    </message>
    <message>
        <source>shading per user</source>
        <translation>每用户着色负载</translation>
    </message>
    <message>
        <source>streams</source>
        <translation>路视频流</translation>
    </message>
    <message>
        <source>resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>frame rate</source>
        <translation>帧率</translation>
    </message>
    <message>
        <source>codec</source>
        <translation>编码格式</translation>
    </message>
    <message>
        <source>encoder preset</source>
        <translation>编码预设</translation>
    </message>
    <message>
        <source>decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>scene size</source>
        <translation>场景大小</translation>
    </message>
    <message>
        <source>frames</source>
        <translation>帧</translation>
    </message>
    <message>
        <source>reference card</source>
        <translation>参考卡</translation>
    </message>
    <message>
        <source>time per frame</source>
        <translation>每帧时间</translation>
    </message>
    <message>
        <source>output width</source>
        <translation>输出宽度</translation>
    </message>
    <message>
        <source>output height</source>
        <translation>输出高度</translation>
    </message>
    <message>
        <source>output layers</source>
        <translation>输出层数</translation>
    </message>
    <message>
        <source>used cards</source>
        <translation>二手卡</translation>
    </message>
    <message>
        <source>years of use</source>
        <translation>使用年限</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>budget basis</source>
        <translation>预算口径</translation>
    </message>
    <message>
        <source>power cap (facility power)</source>
        <translation>功率上限（机房功率）</translation>
    </message>
    <message>
        <source>power per server (IT, at the rack&apos;s PDU)</source>
        <translation>单台服务器功率（IT 功率，机架 PDU 处）</translation>
    </message>
    <message>
        <source>training throughput</source>
        <translation>训练吞吐量</translation>
    </message>
    <message>
        <source>delivery region</source>
        <translation>交付地区</translation>
    </message>
    <message>
        <source>matrix efficiency</source>
        <translation>矩阵运算效率</translation>
    </message>
    <message>
        <source>decode bandwidth</source>
        <translation>解码带宽</translation>
    </message>
    <message>
        <source>prompt efficiency</source>
        <translation>提示预填充效率</translation>
    </message>
    <message>
        <source>serving-step efficiency</source>
        <translation>服务步效率</translation>
    </message>
    <message>
        <source>network per card</source>
        <translation>每卡网络带宽</translation>
    </message>
    <message>
        <source>encoder speed</source>
        <translation>编码器速度</translation>
    </message>
    <message>
        <source>decoder speed</source>
        <translation>解码器速度</translation>
    </message>
    <message>
        <source>vGPU limit</source>
        <translation>vGPU 限制</translation>
    </message>
    <message>
        <source>consumer encode sessions</source>
        <translation>消费级卡编码会话数</translation>
    </message>
    <message>
        <source>vCPUs per desktop</source>
        <translation>每桌面 vCPU 数</translation>
    </message>
    <message>
        <source>memory per desktop</source>
        <translation>每桌面内存</translation>
    </message>
    <message>
        <source>vCPU overcommit</source>
        <translation>vCPU 超分配比</translation>
    </message>
    <message>
        <source>requests a day</source>
        <translation>每天请求数</translation>
    </message>
    <message>
        <source>Change {0}</source>
        <translation>修改{0}</translation>
    </message>
    <message>
        <source>Let the planner choose {0}</source>
        <translation>由规划器选择{0}</translation>
    </message>
    <message>
        <source>Pin {0}</source>
        <translation>固定{0}</translation>
    </message>
</context>
<context>
    <name>ScenarioEditor</name>
    <message>
        <source>{layers} layers, hidden {hidden}, {heads} heads ({kv} KV), FFN {ffn}, vocabulary {vocab}</source>
        <translation>{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头（{kv} 个 KV 头），FFN {ffn}，词表 {vocab}</translation>
    </message>
    <message>
        <source>, {experts} experts (top {k}), {active:.1f} B active</source>
        <translation>，{experts} 个专家（每词元 {k} 个），激活 {active:.1f} B</translation>
    </message>
    <message>
        <source>Input problem</source>
        <translation>输入问题</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>What the cards will do. Training needs memory for gradients and optimizer states; inference needs memory for the KV cache and is usually limited by memory bandwidth.</source>
        <translation>加速卡的用途。训练需要显存容纳梯度和优化器状态；推理需要显存容纳 KV 缓存，通常受显存带宽限制。</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>任务(&amp;T)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>A known model, or one imported from a Hugging Face config.json</source>
        <translation>已知模型，或从 Hugging Face config.json 导入</translation>
    </message>
    <message>
        <source>&amp;Preset</source>
        <translation>预设模型(&amp;P)</translation>
    </message>
    <message>
        <source>{name} ({size:.1f} B)</source>
        <translation>{name}（{size:.1f} B 参数）</translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <source>Read the architecture from a local Hugging Face config.json</source>
        <translation>从本地 Hugging Face config.json 读取模型结构</translation>
    </message>
    <message>
        <source> B params</source>
        <translation> B 参数</translation>
    </message>
    <message>
        <source>About this many billion parameters: the preset within 10 % of that size, else a Llama-shaped model of it that tensor parallel 1, 2, 4 or 8 splits (as the wizard and the command line take a size)</source>
        <translation>约多少 B 参数（1 B 即 10 亿）：取规模相差 10% 以内的预设，否则按该规模构造张量并行 1、2、4 或 8 都能均分的类 Llama 结构（与向导和命令行对规模的处理相同）</translation>
    </message>
    <message>
        <source>model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Or si&amp;ze</source>
        <translation>或按规模(&amp;Z)</translation>
    </message>
    <message>
        <source>Model size in billions of parameters</source>
        <translation>模型规模（B 参数，1 B 即 10 亿）</translation>
    </message>
    <message>
        <source>Import the model from a config.json</source>
        <translation>从 config.json 导入模型</translation>
    </message>
    <message>
        <source>Tensor-parallel traffic overlapped with &amp;compute</source>
        <translation>张量并行通信与计算重叠(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;CPU offload</source>
        <translation>CPU 卸载(&amp;C)</translation>
    </message>
    <message>
        <source>E&amp;xpert all-to-all overlapped with compute</source>
        <translation>专家全对全通信与计算重叠(&amp;X)</translation>
    </message>
    <message>
        <source>Layers replayed from C&amp;UDA graphs</source>
        <translation>以 CUDA 图重放各层(&amp;U)</translation>
    </message>
    <message>
        <source>Optimizer step in back&amp;ward (each gradient freed at once)</source>
        <translation>反向传播中执行优化器步骤(&amp;W)</translation>
    </message>
    <message>
        <source>Pac&amp;ked examples, attention within each</source>
        <translation>打包样本，注意力限于各样本内(&amp;K)</translation>
    </message>
    <message>
        <source>Accept used cards</source>
        <translation>接受二手卡</translation>
    </message>
    <message>
        <source>Counts only with ZeRO 2 or 3 beside pipeline stages</source>
        <translation>仅在 ZeRO 2 或 3 与流水线并行同时使用时有效</translation>
    </message>
    <message>
        <source>Used only in LoRA and QLoRA fine-tuning (the Task above)</source>
        <translation>仅用于 LoRA 与 QLoRA 微调（见上方的“任务”）</translation>
    </message>
    <message>
        <source>Used only when the whole model is trained: LoRA and QLoRA step only their adapters</source>
        <translation>仅在训练整个模型时使用：LoRA 与 QLoRA 只更新各自的适配器</translation>
    </message>
    <message>
        <source>Used only in fine-tuning: pre-training concatenates documents into each sequence, attention across all of it</source>
        <translation>仅用于微调：预训练把文档拼接成每条序列，注意力覆盖整条序列</translation>
    </message>
    <message>
        <source>Number format for the math (and the weights when serving). The card&apos;s support decides what runs: an unsupported choice falls back and a warning says so.</source>
        <translation>运算（以及推理时权重）的数值精度。由加速卡的支持情况决定实际精度：不支持时自动回退并给出提示。</translation>
    </message>
    <message>
        <source>P&amp;recision</source>
        <translation>精度(&amp;R)</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Type to search by name, vendor or class</source>
        <translation>输入名称、厂商或类别进行搜索</translation>
    </message>
    <message>
        <source>C&amp;ard</source>
        <translation>加速卡(&amp;A)</translation>
    </message>
    <message>
        <source>Total number of cards</source>
        <translation>加速卡总数</translation>
    </message>
    <message>
        <source>Drag to change the card count (1 to 1024)</source>
        <translation>拖动以改变卡数（1 到 1024）</translation>
    </message>
    <message>
        <source>&amp;Number of cards</source>
        <translation>卡数(&amp;N)</translation>
    </message>
    <message>
        <source> per server</source>
        <translation> 张/服务器</translation>
    </message>
    <message>
        <source>Cards in one server. Traffic between servers goes over the network, which is slower than NVLink.</source>
        <translation>每台服务器的卡数。服务器之间的通信经由网络，比 NVLink 慢。</translation>
    </message>
    <message>
        <source>Tensor parallel (TP): each layer&apos;s matrices are split across this many cards. It exchanges activations four times per layer, so it belongs inside one NVLink domain.</source>
        <translation>张量并行（TP）：每层矩阵切分到这么多张卡上。每层交换激活值四次，因此应在同一个 NVLink 域内。</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel</source>
        <translation>张量并行(&amp;T)</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP): the layers are split into this many stages; the pipeline idles (p−1)/m of the time for m micro-batches.</source>
        <translation>流水线并行（PP）：模型各层分成这么多级；m 个微批时流水线约有 (p−1)/m 的时间空闲。</translation>
    </message>
    <message>
        <source>&amp;Pipeline stages</source>
        <translation>流水线并行级数(&amp;P)</translation>
    </message>
    <message>
        <source>Interleaved (virtual) stages: model chunks per pipeline stage. More chunks shrink the pipeline&apos;s idle time by that factor, at the cost of more point-to-point traffic.</source>
        <translation>交错（虚拟）级数：每个流水线级包含的模型块数。块越多，流水线空闲时间按此倍数缩短，代价是更多的点对点通信。</translation>
    </message>
    <message>
        <source>&amp;Interleaved stages</source>
        <translation>交错虚拟级数(&amp;I)</translation>
    </message>
    <message>
        <source>Conte&amp;xt parallel</source>
        <translation>上下文并行(&amp;X)</translation>
    </message>
    <message>
        <source>ZeRO / FSDP: split optimizer states, gradients and weights across the data-parallel copies to save memory, at the cost of more communication.</source>
        <translation>ZeRO / FSDP：将优化器状态、梯度和权重切分到各数据并行副本以节省显存，代价是更多通信。</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage</source>
        <translation>ZeRO 阶段(&amp;Z)</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>How numbers are kept: AMP keeps fp32 weights; Megatron keeps 16-bit weights plus an fp32 master copy.</source>
        <translation>数值的保存方式：AMP 保存 fp32 权重；Megatron 保存 16 位权重和一份 fp32 主副本。</translation>
    </message>
    <message>
        <source>AdamW keeps two states per parameter; 8-bit AdamW stores them in one byte each; SGD keeps one.</source>
        <translation>AdamW 每个参数保存两个状态；8 位 AdamW 每个状态占 1 字节；SGD 只保存一个。</translation>
    </message>
    <message>
        <source>&amp;Optimizer</source>
        <translation>优化器(&amp;O)</translation>
    </message>
    <message>
        <source>Cross-entrop&amp;y</source>
        <translation>交叉熵(&amp;Y)</translation>
    </message>
    <message>
        <source>How the training framework runs each layer, which decides the activations it keeps for backward. Eager PyTorch keeps fp32 norm inputs and every SwiGLU tensor; Megatron-Core with Transformer Engine fuses the norm into the next linear and the SwiGLU into one kernel and keeps about a third less. A hand-written layer backward (Meta&apos;s LLaMA) keeps the linear layers&apos; outputs and recomputes the norms and the SwiGLU product: about a third less again. Auto: fused under the Megatron recipe, eager otherwise.</source>
        <translation>训练框架如何执行每一层，这决定了反向传播所保留的激活。常规 PyTorch 保留 fp32 归一化输入和门控激活函数的每个张量；Megatron-Core 配合 Transformer Engine 将归一化融合进后续线性层、将门控激活融合为一个算子，保留的激活约少三分之一。手写的层反向传播（LLaMA 的做法）保留各线性层的输出，在反向时重算归一化和门控激活的乘积：再少约三分之一。自动：Megatron 精度方案下为融合算子，否则为常规实现。</translation>
    </message>
    <message>
        <source>The attention kernel the training framework runs, which sets how fast attention runs on each card. FlashAttention-2 reaches about 47 % of peak on an A100 but about 27 % on an H100; FlashAttention-3 and cuDNN, written for Hopper, about 48 % there. Auto: Transformer Engine&apos;s (cuDNN on Hopper) under the fused layer kernels, FlashAttention-2 otherwise.</source>
        <translation>训练框架所运行的注意力算子，决定注意力在各型号卡上的速度。FlashAttention-2 在 A100 上约达峰值的 47%，在 H100 上仅约 27%；为 Hopper 编写的 FlashAttention-3 和 cuDNN 在 H100 上约达 48%。自动：融合层算子下用 Transformer Engine 的算子（Hopper 上为 cuDNN），否则为 FlashAttention-2。</translation>
    </message>
    <message>
        <source>Activation recomputation: keep fewer activations and compute them again in the backward pass (full: about a third more compute, much less memory).</source>
        <translation>激活重计算：少保存激活值，在反向传播时重新计算（完全重计算：算力多约三分之一，显存大幅减少）。</translation>
    </message>
    <message>
        <source>Recomp&amp;utation</source>
        <translation>激活重计算(&amp;U)</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>Sequences each data-parallel copy processes at once (micro-batch)</source>
        <translation>每个数据并行副本一次处理的序列数（微批）</translation>
    </message>
    <message>
        <source>&amp;Micro-batch</source>
        <translation>微批(&amp;M)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source>Car&amp;ds per node</source>
        <translation>每台服务器卡数(&amp;D)</translation>
    </message>
    <message>
        <source>Order of micro-batches with interleaved stages. Megatron-LM runs as many micro-batches through each model chunk as there are stages; Llama 3&apos;s flexible schedule (PyTorch&apos;s, as torchtitan runs it) runs the micro-batches in rounds of any size, so their number need not be a multiple of the stages.</source>
        <translation>交错流水线阶段时微批次的顺序。Megatron-LM 让每个模型块依次处理与流水线阶段数相同数量的微批次；Llama 3 的灵活调度（PyTorch 的实现，torchtitan 即用此调度）按任意大小的轮次处理微批次，因此微批次数不必是阶段数的倍数。</translation>
    </message>
    <message>
        <source>Pipeline &amp;schedule</source>
        <translation>流水线调度(&amp;S)</translation>
    </message>
    <message>
        <source>Overlap ta&amp;ble</source>
        <translation>重叠表(&amp;B)</translation>
    </message>
    <message>
        <source>CP co&amp;mmunication</source>
        <translation>上下文并行通信(&amp;M)</translation>
    </message>
    <message>
        <source>Expe&amp;rt parallel</source>
        <translation>专家并行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Recipe</source>
        <translation>精度方案(&amp;R)</translation>
    </message>
    <message>
        <source>Layer ker&amp;nels</source>
        <translation>层算子实现(&amp;N)</translation>
    </message>
    <message>
        <source>Attent&amp;ion kernel</source>
        <translation>注意力算子(&amp;I)</translation>
    </message>
    <message>
        <source> layers</source>
        <translation> 层</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>每一层</translation>
    </message>
    <message>
        <source>With full recomputation, how many layers of each pipeline stage are recomputed (the first ones, as Megatron-LM&apos;s block method runs them); the others keep their activations. Fewer layers: less compute, more memory.</source>
        <translation>完全重计算时，每个流水线阶段重计算的层数（前几层，与 Megatron-LM 的 block 方法相同）；其余各层保留其激活。层数越少：计算越少，显存越多。</translation>
    </message>
    <message>
        <source>Layers recomputed in full</source>
        <translation>完全重计算层数</translation>
    </message>
    <message>
        <source>Selective &amp;keeps</source>
        <translation>选择性重计算保留(&amp;K)</translation>
    </message>
    <message>
        <source>MoE dispatcher</source>
        <translation>混合专家分发器</translation>
    </message>
    <message>
        <source>Gradient reduction</source>
        <translation>梯度归约</translation>
    </message>
    <message>
        <source>Tokens per training sequence</source>
        <translation>每条训练序列的词元数</translation>
    </message>
    <message>
        <source>&amp;Sequence length</source>
        <translation>序列长度(&amp;S)</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step (gradient accumulation); also the pipeline&apos;s micro-batches</source>
        <translation>每个优化器步的微批数（梯度累积）；也是流水线并行的微批数</translation>
    </message>
    <message>
        <source>&amp;Gradient accumulation</source>
        <translation>梯度累积(&amp;G)</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> 万词元</translation>
    </message>
    <message>
        <source>Tokens per optimizer step (micro-batch × accumulation × data-parallel copies × sequence length). Auto: the published batch for the model&apos;s size; the planner keeps it when the card count changes.</source>
        <translation>每个优化器步的词元数（微批 × 梯度累积 × 数据并行副本数 × 序列长度）。自动：按模型规模采用公开发表的批量；卡数变化时规划器保持该值不变。</translation>
    </message>
    <message>
        <source>Global b&amp;atch</source>
        <translation>全局批量(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;LoRA rank</source>
        <translation>LoRA 秩(&amp;L)</translation>
    </message>
    <message>
        <source>LoRA &amp;targets</source>
        <translation>LoRA 目标层(&amp;T)</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> 亿词元</translation>
    </message>
    <message>
        <source>Tokens to train on; sets the time and cost of the job</source>
        <translation>训练的词元总量；决定任务的时间和成本</translation>
    </message>
    <message>
        <source>Token &amp;budget</source>
        <translation>训练词元量(&amp;B)</translation>
    </message>
    <message>
        <source> examples</source>
        <translation> 条样本</translation>
    </message>
    <message>
        <source>given in tokens</source>
        <translation>按词元数给出</translation>
    </message>
    <message>
        <source>Fine-tuning examples to train on (10万条 is 100,000); with the tokens per example they set the token budget</source>
        <translation>用于微调的样本数（10万条即 100,000 条）；与每条样本的词元数一起决定训练数据量</translation>
    </message>
    <message>
        <source>Tokens per exam&amp;ple</source>
        <translation>每条样本词元数(&amp;P)</translation>
    </message>
    <message>
        <source>Share of the measured GEMM rate at each product&apos;s shape on this card that training&apos;s matrix products sustain inside a step (default {default})</source>
        <translation>训练步骤中矩阵运算实际达到的、该卡上按各矩阵乘形状实测的矩阵乘速率的比例（默认 {default}）</translation>
    </message>
    <message>
        <source>Share of the datasheet memory bandwidth a streaming kernel reaches on the card while generating tokens (default {default}, a measured H200 device-to-device copy); each engine reaches its own share of it</source>
        <translation>生成词元时流式内核在该卡上达到的标称显存带宽比例（默认 {default}，即实测 H200 设备内拷贝）；各推理引擎在此基础上有各自的比例</translation>
    </message>
    <message>
        <source>Share of the measured GEMM rate at each product&apos;s shape on this card that a prompt&apos;s matrix products sustain when it is prefilled alone, before its first token: it sets the time to first token. The default, {default}, is fitted to published prefill times (rule PREFILL_RULE of the calibration fits)</source>
        <translation>单独预填充一个提示（首词元之前）时，其矩阵运算达到本卡按各运算形状实测矩阵乘速率的比例：它决定首词元延迟。默认值 {default} 按已发表的预填充时间拟合（校准拟合规则 PREFILL_RULE）</translation>
    </message>
    <message>
        <source>Most vGPUs one GPU can host (default {default}, NVIDIA&apos;s limit)</source>
        <translation>一颗 GPU 最多承载的 vGPU 数（默认 {default}，即 NVIDIA 的上限）</translation>
    </message>
    <message>
        <source>Encode sessions the GeForce driver allows per server, whatever the number of cards (default {default}, the driver&apos;s limit since 2024)</source>
        <translation>GeForce 驱动允许每台服务器的编码会话数，与卡数无关（默认 {default}，即 2024 年起驱动的上限）</translation>
    </message>
    <message>
        <source>Virtual CPUs of one desktop VM (default {default}, NVIDIA&apos;s knowledge-worker VM). With the CPU overcommit and the host&apos;s 32 cores it sets the desktops one server carries.</source>
        <translation>一个桌面虚拟机的虚拟 CPU 数（默认 {default}，即 NVIDIA 知识工作者虚拟机）。它与 CPU 超分配比和主机的 32 个核心一起决定一台服务器可承载的桌面数。</translation>
    </message>
    <message>
        <source>Memory of one desktop VM, not overcommitted (default {default}, NVIDIA&apos;s knowledge-worker VM); the host&apos;s 512 GiB bound the desktops one server carries.</source>
        <translation>一个桌面虚拟机的内存，不超分配（默认 {default}，即 NVIDIA 知识工作者虚拟机）；主机的 512 GiB 内存限制一台服务器可承载的桌面数。</translation>
    </message>
    <message>
        <source>Virtual CPUs the host schedules on one physical core (an assumption, default {default}: the middle of the 4–8 commonly planned for knowledge workers).</source>
        <translation>主机在一个物理核心上调度的虚拟 CPU 数（假设，默认 {default}：即知识工作者常用规划值 4–8 的中间值）。</translation>
    </message>
    <message>
        <source>vGPU &amp;profile (at least)</source>
        <translation>最低 vGPU 配置(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Kind of user</source>
        <translation>用户类型(&amp;K)</translation>
    </message>
    <message>
        <source>Displays of each desktop, at the resolution below each; more pixels than one HD display need a larger vGPU profile</source>
        <translation>每个桌面的显示器数，每台为下方的分辨率；像素多于一台高清显示器时需要更大的 vGPU 配置</translation>
    </message>
    <message>
        <source> per desktop</source>
        <translation> 台/桌面</translation>
    </message>
    <message>
        <source>&amp;Monitors</source>
        <translation>显示器数(&amp;M)</translation>
    </message>
    <message>
        <source>Output resolution: encoder throughput scales with pixels per frame. For virtual desktops, each display&apos;s resolution: it sets the vGPU profile with the monitors</source>
        <translation>输出分辨率：编码吞吐量随每帧像素数变化。虚拟桌面则为每台显示器的分辨率：与显示器数一起决定 vGPU 配置</translation>
    </message>
    <message>
        <source>Encoder &amp;preset</source>
        <translation>编码预设(&amp;P)</translation>
    </message>
    <message>
        <source>O&amp;utput height</source>
        <translation>输出高度(&amp;U)</translation>
    </message>
    <message>
        <source>Price of one card (of a multi-GPU board such as the A16: the whole board); &apos;catalog&apos; uses the latest catalog price</source>
        <translation>单卡价格（A16 等多 GPU 板卡为整块板卡的价格）；“目录”表示使用目录中最新价格</translation>
    </message>
    <message>
        <source>E&amp;lectricity</source>
        <translation>电价(&amp;L)</translation>
    </message>
    <message>
        <source> vCPU</source>
        <translation> 个 vCPU</translation>
    </message>
    <message>
        <source>vCPUs per desktop</source>
        <translation>每桌面 vCPU 数</translation>
    </message>
    <message>
        <source>Memory per desktop</source>
        <translation>每桌面内存</translation>
    </message>
    <message>
        <source> vCPU per core</source>
        <translation> 个 vCPU/核</translation>
    </message>
    <message>
        <source>vCPU overcommit</source>
        <translation>vCPU 超分配比</translation>
    </message>
    <message>
        <source>Virtual desktops</source>
        <translation>虚拟桌面</translation>
    </message>
    <message>
        <source>Used: {used} GiB per user (the card&apos;s next vGPU size)</source>
        <translation>实际每用户 {used} GiB（该卡的下一档 vGPU 规格）</translation>
    </message>
    <message>
        <source>Used: {used} GiB per user (the kind of user and the displays need at least that)</source>
        <translation>实际每用户 {used} GiB（该类用户和显示器至少需要这么多）</translation>
    </message>
    <message>
        <source> users</source>
        <translation> 个用户</translation>
    </message>
    <message>
        <source>Desktops or cloud workstations in use at the same time</source>
        <translation>同时使用的桌面或云工作站数量</translation>
    </message>
    <message>
        <source>&amp;Users</source>
        <translation>用户数(&amp;U)</translation>
    </message>
    <message>
        <source>{0} GiB per user</source>
        <translation>每用户 {0} GiB</translation>
    </message>
    <message>
        <source>vGPU framebuffer profile per user. NVIDIA suggests 1–2 GiB (B-series) for office and web desktops, 2–8 GiB and more (Q-series) for CAD and 3D work.</source>
        <translation>每用户的 vGPU 帧缓冲配置。NVIDIA 建议办公和网页桌面用 1–2 GiB（B 系列），CAD 和三维工作用 2–8 GiB 或更多（Q 系列）。</translation>
    </message>
    <message>
        <source> TFLOP/s</source>
        <translation> TFLOP/s</translation>
    </message>
    <message>
        <source>Average FP32 shading load of one user. Time-sliced vGPUs share the shader cores; 0.25 TFLOP/s is the knowledge-worker density NVIDIA quotes for the A16 (64 desktops per board).</source>
        <translation>每个用户的平均 FP32 着色负载。分时 vGPU 共享着色核心；0.25 TFLOP/s 对应 NVIDIA 给出的 A16 知识工作者密度（每板 64 个桌面）。</translation>
    </message>
    <message>
        <source>&amp;Shading per user</source>
        <translation>每用户着色负载(&amp;S)</translation>
    </message>
    <message>
        <source>Video</source>
        <translation>视频</translation>
    </message>
    <message>
        <source> streams</source>
        <translation> 路</translation>
    </message>
    <message>
        <source>Video streams encoded at the same time (live channels, or files transcoded in parallel)</source>
        <translation>同时编码的视频流（直播频道，或并行转码的文件）</translation>
    </message>
    <message>
        <source>&amp;Streams</source>
        <translation>视频流路数(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Resolution</source>
        <translation>分辨率(&amp;R)</translation>
    </message>
    <message>
        <source>Frames per second of each stream</source>
        <translation>每路视频的帧率</translation>
    </message>
    <message>
        <source>Output codec. AV1 needs an Ada or newer encoder (L4, L40, L40S, RTX 40/50).</source>
        <translation>输出编码格式。AV1 需要 Ada 或更新的编码器（L4、L40、L40S、RTX 40/50）。</translation>
    </message>
    <message>
        <source>&amp;Codec</source>
        <translation>编码格式(&amp;C)</translation>
    </message>
    <message>
        <source>NVENC preset: P1 encodes about twice as fast as P4, P5 about a quarter slower, at better quality</source>
        <translation>NVENC 预设：P1 编码速度约为 P4 的两倍，P5 慢约四分之一但画质更好</translation>
    </message>
    <message>
        <source>Decode the input on the card too</source>
        <translation>输入视频也在卡上解码</translation>
    </message>
    <message>
        <source>Transcoding decodes each input stream with NVDEC before encoding it</source>
        <translation>转码时先用 NVDEC 解码每路输入，再编码</translation>
    </message>
    <message>
        <source>Rendering</source>
        <translation>渲染</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Geometry and textures the renderer loads; the whole scene must fit in each card&apos;s memory</source>
        <translation>渲染器加载的几何与纹理；整个场景必须放进每张卡的显存</translation>
    </message>
    <message>
        <source> frames</source>
        <translation> 帧</translation>
    </message>
    <message>
        <source>Frames in the job</source>
        <translation>任务中的帧数</translation>
    </message>
    <message>
        <source>The card your time per frame was measured on; other cards scale by their FP32 rate</source>
        <translation>测得每帧时间所用的卡；其他卡按 FP32 算力换算</translation>
    </message>
    <message>
        <source>Measured &amp;on</source>
        <translation>测量所用的卡(&amp;O)</translation>
    </message>
    <message>
        <source> min/frame</source>
        <translation> 分钟/帧</translation>
    </message>
    <message>
        <source>Time one frame takes on the reference card, measured with your renderer and scene</source>
        <translation>用你的渲染器和场景在参考卡上实测的每帧时间</translation>
    </message>
    <message>
        <source>&amp;Time per frame</source>
        <translation>每帧时间(&amp;T)</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Fr&amp;ame rate</source>
        <translation>帧率(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Scene size</source>
        <translation>场景大小(&amp;S)</translation>
    </message>
    <message>
        <source>F&amp;rames</source>
        <translation>帧数(&amp;R)</translation>
    </message>
    <message>
        <source>Output width</source>
        <translation>输出宽度</translation>
    </message>
    <message>
        <source>Output height</source>
        <translation>输出高度</translation>
    </message>
    <message>
        <source>Output &amp;width</source>
        <translation>输出宽度(&amp;W)</translation>
    </message>
    <message>
        <source>Output layers (beauty, depth, normals, AOVs) kept in memory as 32-bit RGBA</source>
        <translation>驻留显存的输出层（成品、深度、法线、AOV），每层 32 位 RGBA</translation>
    </message>
    <message>
        <source>La&amp;yers</source>
        <translation>输出层数(&amp;Y)</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Currency of every amount</source>
        <translation>所有金额的货币</translation>
    </message>
    <message>
        <source>C&amp;urrency</source>
        <translation>货币(&amp;U)</translation>
    </message>
    <message>
        <source>Units of the chosen currency per US dollar, applied to catalog prices in USD</source>
        <translation>每美元兑换所选货币的数量，用于换算目录中的美元价格</translation>
    </message>
    <message>
        <source>Rate per USD</source>
        <translation>兑美元汇率</translation>
    </message>
    <message>
        <source>catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Which frozen weights get LoRA adapters. All linear layers: q, k, v and the output projection of attention and every MLP matrix (QLoRA&apos;s setting). Attention only: those four projections (the LoRA paper&apos;s); fewer adapter weights, and on a 16-bit base the frozen MLP keeps no inputs for backward. q, k, v only: the query, key and value projections alone (NeMo&apos;s PEFT default, attention_qkv).</source>
        <translation>哪些冻结权重加 LoRA 适配器。所有线性层：注意力的 q、k、v 与输出投影，以及前馈层的每个矩阵（QLoRA 的设置）。仅注意力层：只加在这四个投影上（LoRA 论文的设置）；适配器权重更少，且在 16 位基座上冻结的前馈层不为反向传播保留输入。仅 q、k、v 投影：只加在查询、键、值三个投影上（NeMo 参数高效微调的默认设置，attention_qkv）。</translation>
    </message>
    <message>
        <source>&amp;Dataset examples</source>
        <translation>数据集样本数(&amp;D)</translation>
    </message>
    <message>
        <source>Kind of desktop user. With the displays it sets the least vGPU profile, from NVIDIA&apos;s vPC and vWS sizing guides: each kind&apos;s profile on one HD display is shown beside it; twice that for more than one HD display&apos;s pixels.</source>
        <translation>桌面用户类型。它与显示器数量一起决定所需的最小 vGPU 配置文件，依据 NVIDIA vPC 与 vWS 选型指南：每种类型在一台高清显示器上所需的配置文件显示在其旁；像素多于一台高清显示器时加倍。</translation>
    </message>
    <message>
        <source>Card p&amp;rice</source>
        <translation>单卡价格(&amp;R)</translation>
    </message>
    <message>
        <source> /h</source>
        <translation> /小时</translation>
    </message>
    <message>
        <source>Cloud price per card-hour; &apos;catalog&apos; uses the latest catalog price</source>
        <translation>每卡每小时云租用价格；“目录”表示使用目录中最新价格</translation>
    </message>
    <message>
        <source>Cloud price</source>
        <translation>云租用价格</translation>
    </message>
    <message>
        <source> /kWh</source>
        <translation> /kWh</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>Power usage effectiveness: facility power ÷ IT power (cooling, power conversion)</source>
        <translation>电能使用效率：机房总功率 ÷ IT 设备功率（制冷、供电损耗）</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>计算假设</translation>
    </message>
    <message>
        <source>Editable defaults; every result lists all of them</source>
        <translation>可编辑的默认值；每个结果都会列出全部假设</translation>
    </message>
    <message>
        <source>Matrix efficiency</source>
        <translation>矩阵运算效率</translation>
    </message>
    <message>
        <source>Decode bandwidth</source>
        <translation>解码带宽</translation>
    </message>
    <message>
        <source>Prompt efficiency</source>
        <translation>提示预填充效率</translation>
    </message>
    <message>
        <source>Share of the measured GEMM rate at each product&apos;s shape on this card that a serving step&apos;s matrix products sustain while the engine decodes, prompts batched beside: it sets the throughput under load. The default, {default}, is fitted to published prefill times priced as a serving step prices a prompt (rule SERVING_EFFICIENCY_RULE of the calibration fits); a prompt prefilled alone, the time to first token, reads the prompt efficiency</source>
        <translation>推理引擎解码（提示与之同批）时，服务步的矩阵运算达到本卡按各运算形状实测矩阵乘速率的比例：它决定负载下的吞吐量。默认值 {default} 按已发表的预填充时间、以服务步计提示的方式拟合（校准拟合规则 SERVING_EFFICIENCY_RULE）；单独预填充一个提示（首词元延迟）用提示预填充效率</translation>
    </message>
    <message>
        <source>Serving-step efficiency</source>
        <translation>服务步效率</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Network bandwidth per card between servers, one way (400 Gb/s NIC = 50 GB/s)</source>
        <translation>服务器间每卡网络带宽，单向（400 Gb/s 网卡 = 50 GB/s）</translation>
    </message>
    <message>
        <source>Network per card</source>
        <translation>每卡网络带宽</translation>
    </message>
    <message>
        <source>1080p frames one NVENC engine encodes per second at preset P4. Default: one 2160p60 stream (8 × 1080p30) per encoder, as video vendors plan; measure yours with ffmpeg for exact figures.</source>
        <translation>一个 NVENC 引擎在 P4 预设下每秒编码的 1080p 帧数。默认：每个编码器一路 2160p60（即 8 路 1080p30），视频厂商按此规划；精确数值请用 ffmpeg 实测。</translation>
    </message>
    <message>
        <source>Encoder speed</source>
        <translation>编码器速度</translation>
    </message>
    <message>
        <source>1080p frames one NVDEC engine decodes per second (no vendor figure found: set equal to the encoder; measure yours)</source>
        <translation>一个 NVDEC 引擎每秒解码的 1080p 帧数（未找到厂商数据：暂取与编码器相同；请实测）</translation>
    </message>
    <message>
        <source>Decoder speed</source>
        <translation>解码器速度</translation>
    </message>
    <message>
        <source> per GPU</source>
        <translation> 个/GPU</translation>
    </message>
    <message>
        <source>vGPU limit</source>
        <translation>vGPU 限制</translation>
    </message>
    <message>
        <source>Consumer encode sessions</source>
        <translation>消费级卡编码会话数</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Model config (config.json *.json)</source>
        <translation>模型配置 (config.json *.json)</translation>
    </message>
    <message>
        <source>{name} (custom, {size:.1f} B)</source>
        <translation>{name}（自定义，{size:.1f} B）</translation>
    </message>
    <message>
        <source>Used in training only: serving splits a model by tensor and pipeline stages</source>
        <translation>仅用于训练：推理服务只按张量并行和流水线阶段切分模型</translation>
    </message>
    <message>
        <source>Counts only with tensor-parallel traffic overlapped with compute</source>
        <translation>仅在张量并行通信与计算重叠时生效</translation>
    </message>
    <message>
        <source>Expert parallelism needs a mixture-of-experts model; {0} is dense</source>
        <translation>专家并行需要混合专家模型；{0} 是稠密模型</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Auto: chosen by the planner — the fastest layout that fits, global batch kept. Uncheck, or edit the value, to pin it.</source>
        <translation>自动：由规划器选择——在显存放得下的布局中选最快的，全局批量保持不变。取消勾选或修改数值即可固定该值。</translation>
    </message>
    <message>
        <source>Auto: {0}</source>
        <translation>自动：{0}</translation>
    </message>
    <message>
        <source>Not used at the desks: each user has a workstation with its own card (no vGPU, no server)</source>
        <translation>工位方案不使用：每位用户有一台装有自己加速卡的工作站（无 vGPU，无服务器）</translation>
    </message>
    <message>
        <source>Not used at the desks: the cards are bought into workstations, never rented</source>
        <translation>工位方案不使用：加速卡装在工作站中购置，不租用</translation>
    </message>
    <message>
        <source>Not used at the desks: workstations in an office, no data hall&apos;s facility overhead</source>
        <translation>工位方案不使用：工作站位于办公室，不计机房附加能耗</translation>
    </message>
    <message>
        <source>Not used in a deskside workstation: one or two desktop cards in one tower, no server</source>
        <translation>桌边工作站不使用：一至两张桌面卡装在一台塔式机中，无服务器</translation>
    </message>
    <message>
        <source>Not used in a deskside workstation: it draws from an office socket, no data hall&apos;s facility overhead</source>
        <translation>桌边工作站不使用：它用办公室插座供电，不计机房附加能耗</translation>
    </message>
    <message>
        <source>Used: {used} per server (a server&apos;s processors and memory carry {desktops} desktops)</source>
        <translation>实际每台 {used} 张（一台服务器的处理器和内存可承载 {desktops} 个桌面）</translation>
    </message>
    <message>
        <source> fps</source>
        <translation> 帧/秒</translation>
    </message>
</context>
<context>
    <name>ScenarioField</name>
    <message>
        <source>context-parallel degree: cards that split one sequence (ring attention)</source>
        <translation>上下文并行度：共同切分一条序列的卡数（环形注意力）</translation>
    </message>
    <message>
        <source>expert-parallel degree: cards that split a mixture-of-experts layer&apos;s experts (within data parallel)</source>
        <translation>专家并行度：共同切分混合专家层各专家的卡数（在数据并行组内）</translation>
    </message>
    <message>
        <source>optimizer states and fp32 master weights in host memory (ZeRO-Offload)</source>
        <translation>优化器状态和 fp32 主权重放在主机内存（ZeRO-Offload）</translation>
    </message>
    <message>
        <source>16-bit weights in host memory, streamed in per layer (ZeRO-Infinity)</source>
        <translation>16 位权重放在主机内存，按层流式传入（ZeRO-Infinity）</translation>
    </message>
    <message>
        <source>saved activations moved to host memory after forward, back for backward</source>
        <translation>保存的激活在前向后移到主机内存，反向时再取回</translation>
    </message>
    <message>
        <source>bits per weight of the weight format, scales included (EXL2: the bpw it was converted at; None = the format&apos;s own) [bit]</source>
        <translation>权重格式的每权重位数，含量化缩放因子（EXL2：转换时选定的每权重位数；不指定 = 格式自身的值）[位]</translation>
    </message>
    <message>
        <source>serving engine whose profile (overheads, kernel efficiencies, batching, KV default) applies</source>
        <translation>所用推理引擎，其参数（开销、内核效率、批处理方式、KV 默认）生效</translation>
    </message>
    <message>
        <source>mean tokens per fine-tuning example, which with the examples sets the token budget (default 512: the Stanford Alpaca fine-tune&apos;s maximum length) [tokens]</source>
        <translation>每条微调样本的平均词元数，与样本数一起决定词元预算（默认 512：斯坦福指令微调数据集训练时的最大长度）[词元]</translation>
    </message>
    <message>
        <source>fine-tuning: each sequence is packed from whole examples (each of the tokens per example) and attention stays within each example (NeMo and Megatron-Bridge packed fine-tuning, flash-attn varlen): attention runs over the example, not the whole sequence. Off (the default): every sequence is one document, as pre-training runs it</source>
        <translation>微调：每条序列由若干完整样本（每条长为每条样本词元数）打包而成，注意力只在各样本内部计算（NeMo 与 Megatron-Bridge 的打包微调、flash-attn 的变长内核）：注意力按样本计算，而非整条序列。关闭（默认）：每条序列是一篇文档，与预训练相同</translation>
    </message>
    <message>
        <source>stored weight format (None = the precision&apos;s usual format: INT4 = AWQ g128, FP4 the card maker&apos;s, NVFP4 or MXFP4; a model published in fewer bits, its checkpoint&apos;s: DeepSeek-V3 FP8); a named format decides storage and math</source>
        <translation>权重的存储格式（不指定 = 该精度的常用格式：INT4 = AWQ g128，FP4 为显卡厂商的格式，即 NVFP4 或 MXFP4；官方以更少位数发布的模型则用其发布格式：DeepSeek-V3 为 FP8）；指定格式时由它决定存储与计算精度</translation>
    </message>
    <message>
        <source>percentile of requests the time-per-token and first-token targets hold for under the load (None = the serving use&apos;s: p90 for chat; MLPerf&apos;s server scenario: 99)</source>
        <translation>在负载下每词元时间和首词元目标所覆盖的请求百分位（未设置 = 按服务用途：对话为 p90；MLPerf 服务器场景为 99）</translation>
    </message>
    <message>
        <source>decode from captured CUDA graphs (None = the engine&apos;s default)</source>
        <translation>用捕获的 CUDA 图解码（不指定 = 引擎默认）</translation>
    </message>
    <message>
        <source>continuous (requests join between steps, prompts prefilled in chunks between decode steps) or static (a batch runs to its end); None = the engine&apos;s way</source>
        <translation>连续（请求在步与步之间加入，提示在解码步之间分块预填充）或静态（一批运行到结束）；不指定 = 按引擎的方式</translation>
    </message>
    <message>
        <source>share of prompt tokens found in the prefix cache (a shared system prompt; vLLM automatic prefix caching, SGLang RadixAttention): not prefilled again; the KV memory is still counted per sequence</source>
        <translation>在前缀缓存中命中的提示词元比例（共享的系统提示；vLLM 自动前缀缓存、SGLang RadixAttention）：不再重复预填充；KV 显存仍按每条序列计算</translation>
    </message>
    <message>
        <source>draft tokens proposed per step and verified together (0 = off; DeepSeek-V3 multi-token prediction: 1; EAGLE/draft models: 2–5)</source>
        <translation>每步提出并一起验证的草稿词元数（0 = 关闭；DeepSeek-V3 多词元预测：1；EAGLE/草稿模型：2–5）</translation>
    </message>
    <message>
        <source>chance each draft token is accepted (DeepSeek-V3 report §5.4.3: 85–90 % for its second-token prediction)</source>
        <translation>每个草稿词元被接受的概率（DeepSeek-V3 报告 §5.4.3：第二个词元预测为 85–90%）</translation>
    </message>
    <message>
        <source>time of one draft token as a share of a target decode step (a one-layer MTP/EAGLE head ≈ 1/layers; a separate draft model ≈ its size ratio)</source>
        <translation>一个草稿词元的耗时占目标模型一个解码步的比例（单层 MTP/EAGLE 头 ≈ 1/层数；独立草稿模型 ≈ 其规模之比）</translation>
    </message>
    <message>
        <source>share of memory the engine may use (vLLM default 0.9)</source>
        <translation>引擎可使用的显存比例（vLLM 默认 0.9）</translation>
    </message>
    <message>
        <source>sequences one model copy decodes together (vLLM max_num_seqs; None = the users spread evenly over the copies)</source>
        <translation>一个模型副本同时解码的序列数（vLLM max_num_seqs；不指定 = 用户平均分配到各副本）</translation>
    </message>
    <message>
        <source>prefill and decode on separate pools of model copies, the prompt&apos;s key/value cache sent over the network to a decode copy (DistServe, Zhong et al. 2024; Splitwise, Patel et al. 2024; Mooncake, Qin et al. 2024); Auto: the planner compares it with colocated serving</source>
        <translation>预填充与解码在不同的模型副本池上进行，提示的键/值缓存经网络发送到解码副本（DistServe，Zhong 等 2024；Splitwise，Patel 等 2024；Mooncake，Qin 等 2024）；自动：规划器将其与同池部署比较</translation>
    </message>
    <message>
        <source>cards of the prefill pool when disaggregated, a multiple of the copy&apos;s tp × pp (None = sized by the planner) [count]</source>
        <translation>分离部署时预填充池的卡数，须为单个副本 tp × pp 的整数倍（不指定 = 由规划器确定）[张]</translation>
    </message>
    <message>
        <source>time per output token target [ms]</source>
        <translation>每输出词元时间目标 [ms]</translation>
    </message>
    <message>
        <source>tensor parallel with sequence parallelism: the framework splits each layer&apos;s all-gathers and reduce-scatters into chunks and runs them under the matrix products beside them (Transformer Engine userbuffers, Megatron-LM --tp-comm-overlap). Applies when the tensor-parallel cards share one NVLink domain; the products lose the processors the transfers use. Off (the default), each waits on the critical path</source>
        <translation>张量并行（配合序列并行）：框架把每层的全收集与归约分散通信切成小块，在相邻的矩阵乘法下进行（Transformer Engine 的用户缓冲区重叠，Megatron-LM --tp-comm-overlap）。仅当张量并行的卡位于同一 NVLink 域内时生效；传输占用的处理器会让矩阵乘法变慢。关闭（默认）时，每次通信都在关键路径上等待</translation>
    </message>
    <message>
        <source>how Transformer Engine splits the overlapped tensor-parallel traffic: its default userbuffers table (as Megatron-LM --tp-comm-overlap runs it; the default), or a table a Megatron-Bridge recipe tuned for one precision, card, model width and tensor-parallel degree (by the recipe&apos;s name for it), which gives the products more of the processors. Counts only with the overlap on; the launch line leaves the table&apos;s file to you</source>
        <translation>Transformer Engine 如何切分重叠的张量并行通信：使用其默认用户缓冲区表（即 Megatron-LM --tp-comm-overlap 所用；默认），或 Megatron-Bridge 方案针对某一精度、卡型、模型宽度和张量并行度调优的表（按该方案给它的名称），后者把更多处理器留给矩阵乘法。仅在开启重叠时生效；启动命令不会生成该表的配置文件，需自行编写</translation>
    </message>
    <message>
        <source>how the context-parallel cards exchange a layer&apos;s attention data: a key/value ring hidden under the attention (p2p, the default), all-to-alls that hand each card whole heads of the whole sequence (a2a, DeepSpeed-Ulysses; the heads must divide by the context-parallel degree), or keys and values gathered whole (all_gather). Transformer Engine&apos;s cp_comm_type, Megatron-LM --cp-comm-type</source>
        <translation>上下文并行的各卡如何交换每层的注意力数据：在注意力计算下隐藏的键值环形交换（p2p，默认）；让每张卡拿到整段序列中若干完整注意力头的全对全交换（a2a，DeepSpeed-Ulysses；注意力头数须能被上下文并行度整除）；或整体全收集键值（all_gather）。即 Transformer Engine 的 cp_comm_type、Megatron-LM 的 --cp-comm-type</translation>
    </message>
    <message>
        <source>cross-entropy kernel (default: fused for pre-training, eager for fine-tuning)</source>
        <translation>交叉熵算子（默认：预训练用融合算子，微调用常规实现）</translation>
    </message>
    <message>
        <source>what selective recomputation keeps, as the training framework does it. Megatron-LM (attention, the default) recomputes only the attention core; torchtitan&apos;s per-op policy (per-op) keeps every other matmul output and recomputes the rest, which needs less memory and more compute. DeepSeek-V3 (fp8-cache) caches the linear layers&apos; inputs in FP8 and recomputes the norms, the MLA up-projections and the SwiGLU output</source>
        <translation>选择性重计算保留哪些激活，取决于训练框架。Megatron-LM（attention，默认）只重计算注意力核心；torchtitan 的逐算子策略（per-op）每隔一个矩阵乘保留其输出、其余全部重计算，显存更少而计算更多。DeepSeek-V3（fp8-cache）以 FP8 缓存线性层的输入，并重计算归一化、多头潜在注意力上投影和门控激活的输出</translation>
    </message>
    <message>
        <source>mixture of experts: the framework runs one micro-batch&apos;s expert all-to-all under another&apos;s compute (DeepSeek-V3 DualPipe, Megatron-LM --overlap-moe-expert-parallel-comm, which refuses it beside full recomputation); off (the default), it waits on the critical path, as plain schedules run it, unless the pipeline algorithm is DualPipe, which overlaps it itself</source>
        <translation>混合专家模型：框架让一个微批次的专家全对全通信与另一个微批次的计算同时进行（DeepSeek-V3 DualPipe，Megatron-LM --overlap-moe-expert-parallel-comm，后者不允许与完全重计算同时使用）；关闭（默认）时它在关键路径上等待，普通调度即如此，除非流水线算法为 DualPipe，它自行重叠该通信</translation>
    </message>
    <message>
        <source>mixture of experts: how tokens reach their experts on other cards (Megatron-LM --moe-token-dispatcher-type). alltoall, the default, sends a token once for each expert it is routed to; the flex dispatcher&apos;s DeepEP and HybridEP backends send it once to each other server that holds any of its experts and forward it over NVLink there</source>
        <translation>混合专家：词元如何到达其他卡上的专家（Megatron-LM --moe-token-dispatcher-type）。alltoall（默认）按词元路由到的每个专家各发一次；flex 分发器的 DeepEP 和 HybridEP 后端对持有其专家的每个其他服务器只发一次，再在该服务器内经 NVLink 转发</translation>
    </message>
    <message>
        <source>the framework captures the layers in CUDA graphs and replays them (Megatron-Core --cuda-graph-impl, NeMo enable_cuda_graph, torch.compile mode=&quot;reduce-overhead&quot;): each layer&apos;s fixed time loses the host&apos;s launch of each kernel and takes the replayed kernels&apos; gaps instead. Not with full recomputation or CPU offload of activations, which Megatron-Core refuses beside per-layer graphs. Off by default</source>
        <translation>框架把各层捕获为 CUDA 图并重放（Megatron-Core --cuda-graph-impl、NeMo enable_cuda_graph、torch.compile 的 CUDA 图模式）：每层固定时间中主机逐个启动内核的部分被去掉，改计重放内核之间的间隙。不能与完全重计算或激活值 CPU 卸载同时使用，Megatron-Core 不允许逐层 CUDA 图与两者同时使用。默认关闭</translation>
    </message>
    <message>
        <source>ZeRO 2/3 beside pipeline stages: when the framework reduce-scatters the gradients. per-micro-batch: after every micro-batch&apos;s backward, each rank keeping only its share of them, the step waiting for each at the end of that backward (Megatron-Core&apos;s ZeRO 2/3, Megatron-FSDP); per-step: once, after the last micro-batch, each card holding its stage&apos;s gradients whole until then (PyTorch&apos;s pipelining over FSDP2, as torchtitan runs it; Meta&apos;s Llama 3 405B runs). recipe (the default): per-micro-batch under the Megatron recipes, per-step otherwise. Written to files only when not recipe</source>
        <translation>ZeRO 2/3 与流水线并行同时使用时，框架何时归约分散梯度。每个微批次之后：每个微批次的反向传播之后归约，每个进程只保留自己的梯度分片，每次反向传播结束时等待归约完成（Megatron-Core 的 ZeRO 2/3，即 Megatron-FSDP）；每步一次：最后一个微批次之后归约一次，此前每张卡保留其流水线阶段的完整梯度（PyTorch 流水线并行配合 FSDP2，torchtitan 即如此运行；Llama 3 405B 的训练亦然）。按配方（默认）：Megatron 配方为每个微批次之后，其他配方为每步一次。仅在不按配方时写入文件</translation>
    </message>
    <message>
        <source>rank r of the LoRA adapters</source>
        <translation>LoRA 适配器的秩 r</translation>
    </message>
    <message>
        <source>full fine-tune or pre-training: the optimizer steps each parameter as soon as its gradient is made in backward and frees that gradient (torchtune&apos;s optimizer_in_bwd), so only the largest parameter&apos;s gradient is held, not the whole model&apos;s. Needs one micro-batch per step (no gradient accumulation) and one data-parallel copy or ZeRO-3. Off by default</source>
        <translation>全参数微调或预训练：反向传播中每个参数的梯度一算出，优化器就对该参数执行一步更新并释放这份梯度（optimizer_in_bwd），因此只需保留最大那个参数的梯度，而不是整个模型的梯度。要求每步只有一个微批次（不做梯度累积），并且只有一个数据并行副本或使用 ZeRO-3。默认关闭</translation>
    </message>
    <message>
        <source>users (sequences) served at once by the whole deployment, spread over its model copies (None = those the request rate implies, else 1; offline batch: as many as fill its copies)</source>
        <translation>整个部署同时服务的用户（序列）数，分摊到各模型副本（未设置 = 由请求率推算，否则为 1；离线批处理：填满各副本的数量）</translation>
    </message>
    <message>
        <source>time to first token target [ms]</source>
        <translation>首词元时间目标 [ms]</translation>
    </message>
    <message>
        <source>serving load to carry [1/s]</source>
        <translation>需承载的服务负载 [1/s]</translation>
    </message>
    <message>
        <source>the monitors are cabled to the card: a workstation at each user&apos;s desk (virtual desktops: no vGPU, no server, no PUE) or one that shows the render; the card needs display outputs (data-centre cards have none)</source>
        <translation>显示器直接连接到卡上：每个用户工位一台工作站（虚拟桌面：无 vGPU、无服务器、不计 PUE），或在工作站上显示渲染结果；卡需要显示输出（数据中心卡没有）</translation>
    </message>
    <message>
        <source>rank and bill a card whose only purchase price is a used or refurbished card&apos;s at that price (no warranty from the maker); a new card&apos;s price is still used where there is one</source>
        <translation>只有二手或翻新卡购买价格的卡按该价格排名并计入物料清单（无原厂保修）；有全新卡价格的卡仍按全新卡价格计</translation>
    </message>
    <message>
        <source>a profile of your own in place of the engine&apos;s published one</source>
        <translation>用您自己的参数代替引擎公开的参数</translation>
    </message>
    <message>
        <source>decode steps are replayed from captured CUDA graphs by default</source>
        <translation>默认从捕获的 CUDA 图重放解码步</translation>
    </message>
    <message>
        <source>time per layer per forward pass beyond the roofline with CUDA graphs: the gaps between the layer&apos;s small kernels [s]</source>
        <translation>使用 CUDA 图时每次前向每层超出屋顶线的时间：该层各小内核之间的间隙 [s]</translation>
    </message>
    <message>
        <source>the same with every kernel launched from the host [s]</source>
        <translation>同上，但每个内核都由主机启动 [s]</translation>
    </message>
    <message>
        <source>host time per step not hidden behind the GPU: scheduling, sampling, output [s]</source>
        <translation>每步未被 GPU 计算掩盖的主机时间：调度、采样、输出 [s]</translation>
    </message>
    <message>
        <source>share of the card&apos;s achievable bandwidth at which decode reads the weights</source>
        <translation>解码读取权重时达到该卡可达带宽的比例</translation>
    </message>
    <message>
        <source>share at which attention reads a long KV cache</source>
        <translation>注意力读取长 KV 缓存时达到的比例</translation>
    </message>
    <message>
        <source>factor on the decode read shares on HBM cards, where the engine&apos;s batch-1 kernels reach a lower share of the bandwidth than on GDDR (and on its prompt&apos;s dequantization kernel, which is its own too)</source>
        <translation>HBM 卡上解码读取比例的系数：该引擎批大小为 1 的内核在 HBM 上达到的带宽比例低于 GDDR（也用于其提示词的反量化内核，该内核同样是引擎自己的）</translation>
    </message>
    <message>
        <source>context at which KV reads reach half that share (short sequences pay per-sequence setup; 0: no short-sequence penalty) [tokens]</source>
        <translation>KV 读取达到该比例一半时的上下文长度（短序列要付出每条序列的准备开销；0：无短序列惩罚）[词元]</translation>
    </message>
    <message>
        <source>share of the prefill efficiency its prompt kernels reach (decode steps: the weight stream&apos;s share)</source>
        <translation>其提示内核达到的预填充效率比例（解码步骤：按权重读取比例）</translation>
    </message>
    <message>
        <source>share of the prefill efficiency its INT8 prompt products of quantized weights reach (llama.cpp&apos;s MMQ kernels; unset: the share of its other prompt kernels)</source>
        <translation>量化权重的 INT8 提示乘积达到的预填充效率比例（llama.cpp 的 MMQ 内核；未设置时：与其他提示内核的比例相同）</translation>
    </message>
    <message>
        <source>time per layer per prefill chunk beyond the roofline (unset: the default per-layer time of the workload&apos;s assumptions) [s]</source>
        <translation>每个预填充分块每层超出屋顶线的时间（未设置时：取工作负载假设中的默认每层时间）[s]</translation>
    </message>
    <message>
        <source>new requests join the running batch between steps</source>
        <translation>新请求在步与步之间加入正在运行的批次</translation>
    </message>
    <message>
        <source>its FP8 checkpoints come with an FP8 KV cache by default</source>
        <translation>其 FP8 检查点默认配 FP8 KV 缓存</translation>
    </message>
    <message>
        <source>its prompt products in FP16 accumulate in FP16 (cuBLAS CUBLAS_COMPUTE_16F): they run at the card&apos;s FP16-accumulate rate, twice the FP32-accumulate rate on GeForce cards</source>
        <translation>其提示的 FP16 矩阵乘以 FP16 累加（cuBLAS CUBLAS_COMPUTE_16F）：按卡的 FP16 累加速率运行，GeForce 卡上为 FP32 累加速率的两倍</translation>
    </message>
    <message>
        <source>its prompt products of quantized (GGUF) weights run on INT8 tensor cores (llama.cpp&apos;s MMQ): at the card&apos;s INT8 rate where it has one</source>
        <translation>其量化（GGUF）权重的提示矩阵乘在 INT8 Tensor Core 上运行（llama.cpp 的 MMQ）：卡有 INT8 速率时按该速率</translation>
    </message>
    <message>
        <source>sequences one model copy schedules together by default, where the engine caps them (vLLM&apos;s maximum number of sequences, SGLang&apos;s running requests, TensorRT-LLM&apos;s batch size, llama.cpp&apos;s server slots); unset: memory alone decides [sequences]</source>
        <translation>引擎默认让一个模型副本同时调度的序列数上限（vLLM 的最大序列数、SGLang 的运行请求数、TensorRT-LLM 的批大小、llama.cpp 的服务槽位）；未设置：仅由显存决定 [序列]</translation>
    </message>
    <message>
        <source>the same default on a large card (vLLM: &apos;GPUs like H100 and MI300x&apos;); unset: as on any card [sequences]</source>
        <translation>大显存卡上的同一默认值（vLLM：“H100、MI300x 等 GPU”）；未设置：与其他卡相同 [序列]</translation>
    </message>
    <message>
        <source>device memory from which a card takes the large-card default (vLLM: 70 GiB of the device&apos;s total memory, an A100 never) [GiB]</source>
        <translation>卡的显存达到此值即采用大显存卡默认值（vLLM：设备总显存 70 GiB，A100 除外）[GiB]</translation>
    </message>
    <message>
        <source>facility power available: the average draw × PUE [kW]</source>
        <translation>机房可用功率：平均功耗 × PUE [kW]</translation>
    </message>
    <message>
        <source>IT power one server may draw at its rack&apos;s PDU (cards at TDP and host, no PUE) [kW]</source>
        <translation>单台服务器在机架 PDU 处可用的 IT 功率（加速卡按 TDP 计，含主机，不含 PUE）[kW]</translation>
    </message>
</context>
<context>
    <name>ServingEditor</name>
    <message>
        <source>{name} — bits per weight set below</source>
        <translation>{name}——每权重位数在下方设置</translation>
    </message>
    <message>
        <source>{name} — {bits} bit/weight</source>
        <translation>{name}——{bits} 位/权重</translation>
    </message>
    <message>
        <source>{name}: TTFT {ttft}, TPOT {tpot} (p{p})</source>
        <translation>{name}：TTFT {ttft}，TPOT {tpot}（p{p}）</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source>&amp;Use</source>
        <translation>用途(&amp;U)</translation>
    </message>
    <message>
        <source>Conte&amp;xt length</source>
        <translation>上下文长度(&amp;X)</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>Prompt length per request</source>
        <translation>每个请求的提示长度</translation>
    </message>
    <message>
        <source>&amp;Prompt</source>
        <translation>提示长度(&amp;P)</translation>
    </message>
    <message>
        <source>Answer length per request</source>
        <translation>每个请求的回答长度</translation>
    </message>
    <message>
        <source>Ans&amp;wer</source>
        <translation>回答长度(&amp;W)</translation>
    </message>
    <message>
        <source>Prefill/&amp;decode</source>
        <translation>预填充/解码(&amp;D)</translation>
    </message>
    <message>
        <source>Engine memor&amp;y</source>
        <translation>引擎显存占比(&amp;Y)</translation>
    </message>
    <message>
        <source>Prefix cache h&amp;its</source>
        <translation>前缀缓存命中率(&amp;I)</translation>
    </message>
    <message>
        <source>Draft cos&amp;t</source>
        <translation>草稿开销(&amp;T)</translation>
    </message>
    <message>
        <source>Source: {0}</source>
        <translation>来源：{0}</translation>
    </message>
    <message>
        <source>Profile…</source>
        <translation>参数…</translation>
    </message>
    <message>
        <source>Edit the engine profile</source>
        <translation>编辑引擎参数</translation>
    </message>
    <message>
        <source>Usual for the precision</source>
        <translation>按精度的常用格式</translation>
    </message>
    <message>
        <source> bit/weight</source>
        <translation> 位/权重</translation>
    </message>
    <message>
        <source>format&apos;s own</source>
        <translation>格式自身</translation>
    </message>
    <message>
        <source>&amp;Bits per weight</source>
        <translation>每权重位数(&amp;B)</translation>
    </message>
    <message>
        <source>Engine&apos;s default</source>
        <translation>引擎默认</translation>
    </message>
    <message>
        <source>Number format of the KV cache (the keys and values kept for every token of every request); the engine&apos;s default is the model&apos;s own (FP8 beside FP8 weights in TensorRT-LLM)</source>
        <translation>KV 缓存（为每个请求的每个词元保存的键和值）的数值格式；引擎默认与模型自身相同（TensorRT-LLM 在 FP8 权重时用 FP8）</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV 缓存(&amp;K)</translation>
    </message>
    <message>
        <source>Engine settings</source>
        <translation>引擎设置</translation>
    </message>
    <message>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> ms/token</source>
        <translation> ms/词元</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> 请求/秒</translation>
    </message>
    <message>
        <source>from the users</source>
        <translation>由用户数推出</translation>
    </message>
    <message>
        <source>Request &amp;rate</source>
        <translation>请求速率(&amp;R)</translation>
    </message>
    <message>
        <source>MLPerf server limits</source>
        <translation>MLPerf 服务器限值</translation>
    </message>
    <message>
        <source>Fill the latency targets from MLPerf&apos;s server-scenario limits</source>
        <translation>按 MLPerf 服务器场景的限值填写延迟目标</translation>
    </message>
    <message>
        <source>MLPerf Inference&apos;s server scenario: the 99th-percentile TTFT and TPOT limits of each LLM benchmark (MLCommons inference_policies, inference_rules.adoc, LLM latency constraints)</source>
        <translation>MLPerf 推理基准的服务器场景：各 LLM 基准的第 99 百分位首词元时间（TTFT）与每词元时间（TPOT）限值（MLCommons inference_policies，inference_rules.adoc，LLM 延迟约束）</translation>
    </message>
    <message>
        <source>Use the {0} latency limits</source>
        <translation>使用 {0} 的延迟限值</translation>
    </message>
    <message>
        <source>CUDA &amp;graphs</source>
        <translation>CUDA 图(&amp;G)</translation>
    </message>
    <message>
        <source>users ÷ copies</source>
        <translation>用户数 ÷ 副本数</translation>
    </message>
    <message>
        <source>Auto: chosen by the planner — the most requests carried within the latency targets. Uncheck, or edit the value, to pin it.</source>
        <translation>自动：由规划器选择——在延迟目标内承载最多请求的取值。取消勾选或修改数值即可固定该值。</translation>
    </message>
    <message>
        <source>&amp;Maximum batch</source>
        <translation>最大批量(&amp;M)</translation>
    </message>
    <message>
        <source>Prefill &amp;chunk</source>
        <translation>预填充分块(&amp;C)</translation>
    </message>
    <message>
        <source>Separate pools</source>
        <translation>分离的池</translation>
    </message>
    <message>
        <source>What the service is for. Interactive chat: people read the answer as it streams, so by default the first token within 1 s and each next one within 100 ms for 90 % of requests (faster than people read). API for other programs: MLPerf&apos;s server limits, 2 s and 200 ms at p99. Offline batch: no latency target, the cheapest per token. Targets you type win.</source>
        <translation>服务的用途。交互式对话：用户边生成边阅读，因此默认 90% 的请求首词元在 1 秒内、之后每个词元在 100 ms 内（快于阅读速度）。供其他程序调用的 API：采用 MLPerf 服务器场景的限值，p99 下 2 秒和 200 ms。离线批处理：无延迟目标，按每词元成本最低排名。您输入的目标优先。</translation>
    </message>
    <message>
        <source>Longest sequence (prompt + answer) the KV cache must hold per request; at its lowest, what the prompt and the answer need</source>
        <translation>每个请求的 KV 缓存须容纳的最长序列（提示 + 回答）；设为最小值时即提示与回答所需的长度</translation>
    </message>
    <message>
        <source>prompt + answer</source>
        <translation>提示 + 回答</translation>
    </message>
    <message>
        <source>from the request rate</source>
        <translation>由请求率推算</translation>
    </message>
    <message>
        <source>Conc&amp;urrency</source>
        <translation>并发用户(&amp;U)</translation>
    </message>
    <message>
        <source>E&amp;ngine</source>
        <translation>推理引擎(&amp;N)</translation>
    </message>
    <message>
        <source>Weight fo&amp;rmat</source>
        <translation>权重格式(&amp;R)</translation>
    </message>
    <message>
        <source>use&apos;s default</source>
        <translation>按用途的默认值</translation>
    </message>
    <message>
        <source>First &amp;token within</source>
        <translation>首词元不超过(&amp;T)</translation>
    </message>
    <message>
        <source>Each token &amp;within</source>
        <translation>每个词元不超过(&amp;W)</translation>
    </message>
    <message>
        <source>He&amp;ld for</source>
        <translation>适用分位(&amp;L)</translation>
    </message>
    <message>
        <source>Batching po&amp;licy</source>
        <translation>批处理策略(&amp;L)</translation>
    </message>
    <message>
        <source>Tokens one step may carry: prompts are prefilled in chunks of this size between decode steps (vLLM max_num_batched_tokens, SGLang --chunked-prefill-size, TensorRT-LLM max_num_tokens). Left at the engine&apos;s default, the engine&apos;s own on the card applies (vLLM and SGLang by card memory, vLLM offline larger), and the estimate says which</source>
        <translation>每一步可携带的词元数：提示按此大小分块，在解码步之间预填充（vLLM max_num_batched_tokens、SGLang --chunked-prefill-size、TensorRT-LLM max_num_tokens）。保留引擎默认值时，采用该引擎在此显卡上的默认值（vLLM 与 SGLang 按显存大小而定，vLLM 离线批处理更大），估算结果会注明所用的值</translation>
    </message>
    <message>
        <source>engine&apos;s default</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source> cards</source>
        <translation> 张卡</translation>
    </message>
    <message>
        <source>planner&apos;s size</source>
        <translation>由规划器确定</translation>
    </message>
    <message>
        <source>Prefill p&amp;ool</source>
        <translation>预填充池(&amp;O)</translation>
    </message>
    <message>
        <source> draft tokens</source>
        <translation> 个草稿词元</translation>
    </message>
    <message>
        <source>&amp;Speculative decoding</source>
        <translation>投机解码(&amp;S)</translation>
    </message>
    <message>
        <source>Draft &amp;acceptance</source>
        <translation>草稿接受率(&amp;A)</translation>
    </message>
    <message>
        <source> % of a step</source>
        <translation> % 个步长</translation>
    </message>
    <message>
        <source> requests a day</source>
        <translation> 个请求/天</translation>
    </message>
    <message>
        <source>{engine} does not load this format.</source>
        <translation>{engine} 不加载此格式。</translation>
    </message>
    <message>
        <source>Used with speculative decoding: set the draft tokens above 0 first</source>
        <translation>用于投机解码：请先把草稿词元数设为大于 0</translation>
    </message>
    <message>
        <source>Yours…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>Used with separate prefill and decode pools (or Auto, which may choose them)</source>
        <translation>用于预填充与解码分离的池（或选自动，由规划器决定是否分离）</translation>
    </message>
    <message>
        <source>Engine&apos;s default: {0}</source>
        <translation>引擎默认：{0}</translation>
    </message>
    <message>
        <source>As published: {0} (the model&apos;s checkpoint)</source>
        <translation>按发布格式：{0}（模型官方权重）</translation>
    </message>
    <message>
        <source>The model&apos;s makers publish its weights in this format; cards without its math serve them upcast to 16-bit.</source>
        <translation>模型发布方以此格式发布权重；不支持该格式运算的卡将其转换为 16 位后部署。</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>{file} was changed by another window or program after the window that crashed opened or saved it. The recovered changes were made to the file as it was then.</source>
        <translation>{file} 在崩溃的窗口打开或保存它之后，被另一个窗口或程序更改了。恢复的更改是在当时的文件内容上做的。</translation>
    </message>
    <message>
        <source>Load the file&apos;s: the file is loaded as it is now; the recovered changes are dropped.</source>
        <translation>载入文件的：按文件现在的内容载入；恢复的更改将被丢弃。</translation>
    </message>
    <message>
        <source>{file} was changed by another window or program since this window last opened or saved it. This window shows the scenario as it was then.</source>
        <translation>{file} 在此窗口上次打开或保存它之后，被另一个窗口或程序更改了。此窗口显示的是当时的方案。</translation>
    </message>
    <message>
        <source>Load the file&apos;s: the file is loaded as it is now; this window&apos;s version is dropped.</source>
        <translation>载入文件的：按文件现在的内容载入；此窗口的版本将被丢弃。</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上被更改</translation>
    </message>
    <message>
        <source>Keep mine: this window keeps its scenario; the file is not touched, and saving later asks before replacing it.</source>
        <translation>保留我的：此窗口保留它的方案；文件不被改动，以后保存时会先询问再替换它。</translation>
    </message>
    <message>
        <source>Save mine as…: this window&apos;s scenario is saved under another name; the file is not touched.</source>
        <translation>我的另存为…：此窗口的方案以另一个名称保存；文件不被改动。</translation>
    </message>
    <message>
        <source>&amp;Keep mine</source>
        <translation>保留我的(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Load the file&apos;s</source>
        <translation>载入文件的(&amp;L)</translation>
    </message>
    <message>
        <source>Save mine &amp;As…</source>
        <translation>我的另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>{file} no longer exists: this window keeps its scenario; Save writes the file again.</source>
        <translation>{file} 已不存在：此窗口保留它的方案；保存时会重新写入该文件。</translation>
    </message>
    <message>
        <source>the folder {folder} does not exist (moved or deleted?)</source>
        <translation>文件夹 {folder} 不存在（被移动或删除了？）</translation>
    </message>
    <message>
        <source>Open what can be read as a new, unsaved scenario? The file is not changed; Save asks for a name.</source>
        <translation>把能读出的部分作为一个新的、未保存的方案打开吗？文件不会被改动；保存时会询问文件名。</translation>
    </message>
    <message>
        <source>&amp;Open what can be read</source>
        <translation>打开能读出的部分(&amp;O)</translation>
    </message>
    <message>
        <source>Open what could be read</source>
        <translation>打开能读出的部分</translation>
    </message>
    <message>
        <source>Opened what could be read of {file}; it is not saved yet.</source>
        <translation>已打开 {file} 中能读出的部分；尚未保存。</translation>
    </message>
</context>
<context>
    <name>SpinBinder</name>
    <message>
        <source>Accepted range: {0}</source>
        <translation>允许范围：{0}</translation>
    </message>
    <message>
        <source>“{text}” is not taken for {name}: enter a number from {low} to {high}{unit}. It stays {value}.</source>
        <translation>“{text}”不能用作{name}：请输入 {low} 到 {high}{unit} 之间的数。仍为 {value}。</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>GPU Configurator cannot start</source>
        <translation>GPU Configurator 无法启动</translation>
    </message>
    <message>
        <source>A data file of the installation is damaged:
{problem}

Reinstall GPU Configurator to repair it.</source>
        <translation>安装中的一个数据文件已损坏：
{problem}

请重新安装 GPU Configurator 以修复。</translation>
    </message>
</context>
<context>
    <name>StrictSpinBox</name>
    <message>
        <source>{refusal} {reason}.</source>
        <translation>{refusal}{reason}。</translation>
    </message>
</context>
<context>
    <name>SummaryPage</name>
    <message>
        <source>cards owned</source>
        <translation>已有的卡</translation>
    </message>
    <message>
        <source>data to train on</source>
        <translation>训练数据</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批</translation>
    </message>
    <message>
        <source>users served together</source>
        <translation>同时服务的用户</translation>
    </message>
    <message>
        <source>answer length</source>
        <translation>回答长度</translation>
    </message>
    <message>
        <source>context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>precision: {given} asked, {used} used — the card does not compute {given}.</source>
        <translation>精度：要求 {given}，实际 {used}——该卡不支持 {given} 计算。</translation>
    </message>
    <message>
        <source>{label}: {given} owned, {used} used by the layout.</source>
        <translation>{label}：已有 {given}，布局使用 {used}。</translation>
    </message>
    <message>
        <source>{label}: {given} given, {used} used.</source>
        <translation>{label}：给定 {given}，实际 {used}。</translation>
    </message>
    <message>
        <source>What to buy</source>
        <translation>买什么</translation>
    </message>
    <message>
        <source>“Use this” puts it into the main window as one step you can undo; every setting can still be changed there.</source>
        <translation>“采用此方案”将其放入主窗口，作为可撤销的一步；每项设置仍可在那里修改。</translation>
    </message>
    <message>
        <source>Show &amp;alternatives</source>
        <translation>查看其他方案(&amp;A)</translation>
    </message>
    <message>
        <source>Puts this into the window and opens the recommendation panel, with every card ranked for this job</source>
        <translation>将此方案放入窗口并打开推荐面板，其中为此任务排名每种卡</translation>
    </message>
    <message>
        <source>Working out what to buy: the planner lays out every card the recommender may choose…</source>
        <translation>正在计算买什么：规划器为推荐器可选的每种卡排布…</translation>
    </message>
    <message>
        <source>Ranking {done} of {total} cards… below, the best so far; the final answer replaces it</source>
        <translation>正在排名：已完成 {done} / {total} 种卡… 下方为目前最优，最终答案完成后替换</translation>
    </message>
    <message>
        <source>Best so far ({done} of {total} cards ranked)</source>
        <translation>目前最优（已排名 {done} / {total} 种卡）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model:&lt;/b&gt; {name}, {params} B parameters ({shape})</source>
        <translation>&lt;b&gt;模型：&lt;/b&gt;{name}，{params} B 参数（{shape}）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sequence:&lt;/b&gt; {tokens} tokens (the model&apos;s published pre-training context: change it in the window)</source>
        <translation>&lt;b&gt;序列长度：&lt;/b&gt;{tokens} 个词元（该模型公开的预训练上下文长度，可在主窗口修改）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sequence:&lt;/b&gt; {tokens} tokens (kept from the window: change it there)</source>
        <translation>&lt;b&gt;序列长度：&lt;/b&gt;{tokens} 个词元（沿用主窗口的设置，可在主窗口修改）</translation>
    </message>
    <message>
        <source>chosen by the recommender from {n} ranked cards</source>
        <translation>由推荐器从 {n} 种已排名的卡中选出</translation>
    </message>
    <message>
        <source>the closest to your constraints of {n} cards below the line</source>
        <translation>基准线以下 {n} 种配置中最接近您的约束的一项</translation>
    </message>
    <message>
        <source>of {n} cards below the line, the nearest to the budget with every item priced; it breaks the budget alone</source>
        <translation>基准线以下 {n} 种配置中报价完整、最接近预算的一项；它违反的约束只有预算</translation>
    </message>
    <message>
        <source>of {n} cards not ranked for want of a figure, one that meets every constraint you set</source>
        <translation>在 {n} 种因缺少数据而未参与排名的卡中，满足您所设全部约束的一种</translation>
    </message>
    <message>
        <source>the card you picked; the count and layout chosen by the planner</source>
        <translation>您选的卡；数量与布局由规划器选择</translation>
    </message>
    <message>
        <source>the cards you own, laid out by the planner</source>
        <translation>您已有的卡，由规划器排布</translation>
    </message>
    <message>
        <source>&lt;b&gt;Buy:&lt;/b&gt; {cards} of {card} in {workstations}, one card each — {by}</source>
        <translation>&lt;b&gt;购买：&lt;/b&gt;{cards} {card}，装入 {workstations}，每台 1 张——{by}</translation>
    </message>
    <message numerus="yes">
        <source>%n deskside workstation(s)</source>
        <translation>
            <numerusform>%n 台工位工作站</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Buy:&lt;/b&gt; {cards} of {card} in {workstations} — {by}</source>
        <translation>&lt;b&gt;购买：&lt;/b&gt;{cards} {card}，装入 {workstations}——{by}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Buy:&lt;/b&gt; {cards} of {card} in {servers} — {by}</source>
        <translation>&lt;b&gt;购买：&lt;/b&gt;{cards} {card}，共 {servers}——{by}</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n 台服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing meets every constraint you set. The closest configuration is shown; below, what it breaks and by how much.</source>
        <translation>没有方案满足您设定的全部约束。下面显示最接近的配置，以及它违反了哪些约束、相差多少。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Layout:&lt;/b&gt; {0}</source>
        <translation>&lt;b&gt;并行布局：&lt;/b&gt;{0}</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>{label}: {given:|user|users} over {copies:|copy|copies} of the model make {each:|sequence|sequences} per copy, {used:|place|places} in all (the last copy is not full).</source>
        <translation>{label}：{given} 个用户分到 {copies} 个模型副本，每个副本 {each} 个序列，共 {used} 个位置（最后一个副本未满）。</translation>
    </message>
    <message>
        <source>{label}: {given} tokens asked, {used} tokens per step used — whole sequences of {seq} tokens on each of {dp:|data-parallel rank|data-parallel ranks}.</source>
        <translation>{label}：要求 {given} 个词元，每步实际 {used} 个词元——{dp} 个数据并行进程各取整数个 {seq} 词元的序列。</translation>
    </message>
    <message>
        <source>What to rent</source>
        <translation>租什么</translation>
    </message>
    <message>
        <source>Working out what to rent: the planner lays out every card the recommender may choose…</source>
        <translation>正在计算租什么：规划器为推荐器可选的每种卡排布…</translation>
    </message>
    <message>
        <source>Numbers taken differently from your answers</source>
        <translation>与您的回答不同的数字</translation>
    </message>
    <message>
        <source>None: every number you gave is used as given.</source>
        <translation>无：您给出的每个数字都按原样使用。</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>&lt;b&gt;Buy:&lt;/b&gt; {cards} of {card} in {servers}, plus {spares} ({spare_cards}) — {by}</source>
        <translation>&lt;b&gt;购买：&lt;/b&gt;{cards} {card}，共 {servers}，另加 {spares}（{spare_cards}）——{by}</translation>
    </message>
    <message numerus="yes">
        <source>%n spare server(s)</source>
        <translation>
            <numerusform>%n 台备用服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Rent:&lt;/b&gt; {cards} of {card} in {servers} — {by}</source>
        <translation>&lt;b&gt;租用：&lt;/b&gt;{cards} {card}，共 {servers}——{by}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost:&lt;/b&gt; rent {rate} per card-hour; {total} for the whole job (rent {date})</source>
        <translation>&lt;b&gt;成本：&lt;/b&gt;租金每卡每小时 {rate}；整个作业 {total}（租用价 {date}）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost:&lt;/b&gt; rent {rate} per card-hour; {total} an hour (rent {date})</source>
        <translation>&lt;b&gt;成本：&lt;/b&gt;租金每卡每小时 {rate}；每小时 {total}（租用价 {date}）</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <comment>before a card&apos;s name that counts chips</comment>
        <translation>
            <numerusform>%n 颗</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <comment>before a card&apos;s name</comment>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>your card price; other prices {date}</source>
        <translation>卡价为您输入的价格；其余价格 {date}</translation>
    </message>
    <message>
        <source>{date}: {flags}</source>
        <translation>{date}：{flags}</translation>
    </message>
    <message>
        <source>card price {card}; other prices {date}</source>
        <translation>卡价 {card}；其余价格 {date}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost:&lt;/b&gt; not known (no price for a part of the bill of materials)</source>
        <translation>&lt;b&gt;成本：&lt;/b&gt;未知（物料清单的部分项目没有价格）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost:&lt;/b&gt; capex {capex}; TCO over {period} {tco}, {cost} {per} ({dates})</source>
        <translation>&lt;b&gt;成本：&lt;/b&gt;资本支出 {capex}；{period}总拥有成本 {tco}，{per} {cost}（{dates}）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost:&lt;/b&gt; capex {capex}; TCO over {period} {tco} ({dates})</source>
        <translation>&lt;b&gt;成本：&lt;/b&gt;资本支出 {capex}；{period}总拥有成本 {tco}（{dates}）</translation>
    </message>
    <message>
        <source> — some lines have no price and are left out</source>
        <translation>——部分项目没有价格，未计入</translation>
    </message>
</context>
<context>
    <name>WhatFitsDialog</name>
    <message numerus="yes">
        <source> card(s)</source>
        <translation>
            <numerusform> 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>What fits my cards</source>
        <translation>我的卡能运行什么</translation>
    </message>
    <message>
        <source>&amp;Card</source>
        <translation>加速卡(&amp;C)</translation>
    </message>
    <message>
        <source>Cards o&amp;wned</source>
        <translation>已有卡数(&amp;W)</translation>
    </message>
    <message>
        <source>Con&amp;text per user</source>
        <translation>每用户上下文(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;First token within</source>
        <translation>首词元时限(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Each token within</source>
        <translation>每词元时限(&amp;E)</translation>
    </message>
    <message>
        <source>The card you own; type to search by name, vendor or class</source>
        <translation>您已有的加速卡；可按名称、厂商或类别输入搜索</translation>
    </message>
    <message>
        <source>How many of them you own</source>
        <translation>您已有的卡数</translation>
    </message>
    <message>
        <source>Tokens one served user&apos;s conversation may hold (prompt and answer)</source>
        <translation>一个用户的对话可容纳的词元数（提示与回答）</translation>
    </message>
    <message>
        <source>A served user counts while the first token comes within this (default: interactive chat)</source>
        <translation>首词元在此时间内返回的用户才计入（默认：交互式对话）</translation>
    </message>
    <message>
        <source>… and each next token within this (default: interactive chat, faster than a person reads)</source>
        <translation>……且其后每输出词元在此时间内返回（默认：交互式对话，快于人的阅读速度）</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Hide what does not fit</source>
        <translation>隐藏放不下的(&amp;H)</translation>
    </message>
    <message>
        <source>Show only the models and precisions the cards hold</source>
        <translation>只显示这些卡能放下的模型与精度</translation>
    </message>
    <message>
        <source>&amp;Open in the main window</source>
        <translation>在主窗口中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Make the selected row the scenario of the main window (undoable)</source>
        <translation>将所选行设为主窗口的方案（可撤销）</translation>
    </message>
    <message>
        <source>“{text}” is not taken as a budget: enter an amount, e.g. 500k, 2M or 50万元. It stays {value}.</source>
        <translation>“{text}”不能用作预算：请输入金额，如 500k、2M 或 50万元。仍为 {value}。</translation>
    </message>
    <message>
        <source>Planning every model on these cards…</source>
        <translation>正在这些卡上规划每个模型…</translation>
    </message>
    <message>
        <source>Pricing every card the region can take and planning the largest models on them…</source>
        <translation>正在为该地区可交付的每种加速卡计价，并规划其上可运行的最大模型…</translation>
    </message>
    <message>
        <source>Could not plan: {error}</source>
        <translation>无法规划：{error}</translation>
    </message>
    <message>
        <source>What fits: use {model}</source>
        <translation>能运行什么：使用 {model}</translation>
    </message>
    <message>
        <source>Or a &amp;budget</source>
        <translation>或按预算(&amp;B)</translation>
    </message>
    <message>
        <source>Deli&amp;ver to</source>
        <translation>交付到(&amp;V)</translation>
    </message>
    <message>
        <source>What a budget buys instead of the cards owned: every card the region can take, as many as the budget buys with servers, network and storage, and the largest model each task runs on them (—: the cards owned)</source>
        <translation>按预算而非已有加速卡提问：该地区可交付的每种加速卡，预算（含服务器、网络和存储）能买多少张，以及每项任务在其上能运行的最大模型（—：按已有加速卡）</translation>
    </message>
    <message>
        <source>Where the cards are delivered: cards that cannot be delivered there are left out</source>
        <translation>加速卡的交付地区：无法交付到该地区的加速卡不计入</translation>
    </message>
</context>
<context>
    <name>WizardInput</name>
    <message>
        <source>“{text}” is not taken: enter a number from {low} to {high}. It stays {value}.</source>
        <translation>不接受“{text}”：请输入 {low} 到 {high} 之间的数。保持为 {value}。</translation>
    </message>
</context>
<context>
    <name>WorkloadWizard</name>
    <message>
        <source>Workload wizard</source>
        <translation>负载向导</translation>
    </message>
    <message>
        <source>&amp;Use this</source>
        <translation>采用此方案(&amp;U)</translation>
    </message>
</context>
<context>
    <name>bom</name>
    <message>
        <source>spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <source>leaf tier</source>
        <translation>叶层</translation>
    </message>
    <message>
        <source>spine tier</source>
        <translation>脊层</translation>
    </message>
    <message>
        <source>core tier</source>
        <translation>核心层</translation>
    </message>
    <message>
        <source>for the network</source>
        <translation>网络用</translation>
    </message>
    <message>
        <source>bought whole</source>
        <translation>整机采购</translation>
    </message>
    <message>
        <source>already owned, not bought</source>
        <translation>已拥有，不再采购</translation>
    </message>
    <message>
        <source>sold with the server, not used by the layout</source>
        <translation>随服务器整机购买，当前布局未使用</translation>
    </message>
    <message>
        <source>whole boards, priced by the board</source>
        <translation>按整块板卡购买，按板卡计价</translation>
    </message>
    <message>
        <source>card catalog</source>
        <translation>加速卡目录</translation>
    </message>
    <message>
        <source>your price</source>
        <translation>您的价格</translation>
    </message>
    <message>
        <source>share of hardware cost</source>
        <translation>按硬件成本比例</translation>
    </message>
    <message>
        <source>included in the rack system&apos;s price</source>
        <translation>已含在整机柜价格中</translation>
    </message>
    <message>
        <source>your quote: {0}</source>
        <translation>您的报价：{0}</translation>
    </message>
    <message>
        <source>your quote</source>
        <translation>您的报价</translation>
    </message>
    <message>
        <source>{source} ({date})</source>
        <translation>{source}（{date}）</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price ({0})</source>
        <translation>单价（{0}）</translation>
    </message>
    <message>
        <source>Total ({0})</source>
        <translation>合计（{0}）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>{item} — {role}</source>
        <translation>{item}——{role}</translation>
    </message>
    <message>
        <source>{kind} (per year)</source>
        <translation>{kind}（每年）</translation>
    </message>
    <message>
        <source>{kind}: {item}</source>
        <translation>{kind}：{item}</translation>
    </message>
    <message>
        <source>no price — enter a quote</source>
        <translation>无价格——请输入报价</translation>
    </message>
    <message>
        <source>Capex {0}, opex {1} per year, TCO over {2} {3}</source>
        <translation>资本支出 {0}，运营支出每年 {1}，{2}总拥有成本 {3}</translation>
    </message>
    <message>
        <source>TCO over {0}</source>
        <translation>{0}总拥有成本</translation>
    </message>
    <message>
        <source>{totals} — {unpriced}</source>
        <translation>{totals}——{unpriced}</translation>
    </message>
    <message>
        <source>lines without a price, left out of the totals: {0}</source>
        <translation>无价格、未计入合计的条目：{0} 项</translation>
    </message>
    <message>
        <source>{0} per year</source>
        <translation>每年 {0}</translation>
    </message>
    <message>
        <source>Capex</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>电费</translation>
    </message>
    <message>
        <source>Support</source>
        <translation>维保</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>软件许可</translation>
    </message>
    <message>
        <source>Residual value</source>
        <translation>残值</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Renting instead</source>
        <translation>改为租用</translation>
    </message>
    <message>
        <source>Owning pays off above</source>
        <translation>自购更划算的利用率下限</translation>
    </message>
    <message>
        <source>— (no cloud price, or renting is cheaper)</source>
        <translation>—（无云租用价，或租用更便宜）</translation>
    </message>
    <message>
        <source>Goodput (interruptions, checkpoints)</source>
        <translation>有效训练时间占比（中断、检查点）</translation>
    </message>
    <message>
        <source>Own</source>
        <translation>自购</translation>
    </message>
    <message>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Utilisation [%]</source>
        <translation>利用率 [%]</translation>
    </message>
    <message>
        <source>Cost per year [{0}]</source>
        <translation>每年成本 [{0}]</translation>
    </message>
</context>
<context>
    <name>browser</name>
    <message>
        <source>Card</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Memory [GB]</source>
        <translation>显存 [GB]</translation>
    </message>
    <message>
        <source>Bandwidth [GB/s]</source>
        <translation>显存带宽 [GB/s]</translation>
    </message>
    <message>
        <source>BF16 [TFLOP/s]</source>
        <translation>BF16 [TFLOP/s]</translation>
    </message>
    <message>
        <source>FP8 [TFLOP/s]</source>
        <translation>FP8 [TFLOP/s]</translation>
    </message>
    <message>
        <source>INT8 [TOPS]</source>
        <translation>INT8 [TOPS]</translation>
    </message>
    <message>
        <source>FP4 [TFLOP/s]</source>
        <translation>FP4 [TFLOP/s]</translation>
    </message>
    <message>
        <source>Board power [W]</source>
        <translation>板卡功耗 [W]</translation>
    </message>
    <message>
        <source>FP32 [TFLOP/s]</source>
        <translation>FP32 [TFLOP/s]</translation>
    </message>
    <message>
        <source>NVENC</source>
        <translation>NVENC</translation>
    </message>
    <message>
        <source>RT cores</source>
        <translation>RT 核心</translation>
    </message>
    <message>
        <source>vGPU</source>
        <translation>vGPU</translation>
    </message>
    <message>
        <source>Card link</source>
        <translation>卡间互联</translation>
    </message>
    <message>
        <source>Link [GB/s]</source>
        <translation>互联 [GB/s]</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>年份</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>数据可信度</translation>
    </message>
    <message>
        <source>Low confidence: check a vendor datasheet before buying</source>
        <translation>可信度低：采购前请核对厂商规格书</translation>
    </message>
    <message>
        <source>Video engines</source>
        <translation>视频引擎</translation>
    </message>
    <message>
        <source>Peak at this precision</source>
        <translation>该精度峰值算力</translation>
    </message>
    <message>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>Export to China</source>
        <translation>对华出口</translation>
    </message>
    <message>
        <source>Board power per card</source>
        <translation>每卡板卡功耗</translation>
    </message>
    <message>
        <source>Price confidence</source>
        <translation>价格可信度</translation>
    </message>
    <message>
        <source>purchase</source>
        <translation>采购</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>云租用</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
</context>
<context>
    <name>charts</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>框架开销</translation>
    </message>
    <message>
        <source>Cache (given back)</source>
        <translation>缓存（可归还）</translation>
    </message>
    <message>
        <source>Memory per card</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Usable capacity</source>
        <translation>可用容量</translation>
    </message>
    <message>
        <source>stops scaling</source>
        <translation>不再扩展</translation>
    </message>
    <message>
        <source>Scaling with card count</source>
        <translation>随卡数的扩展</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>{card} ({card_class})</source>
        <translation>{card}（{card_class}）</translation>
    </message>
    <message>
        <source>Gradients (extra)</source>
        <translation>梯度（超出部分）</translation>
    </message>
    <message>
        <source>Activations/gradients</source>
        <translation>激活/梯度</translation>
    </message>
    <message>
        <source>Frame buffers, video, scene</source>
        <translation>帧缓冲、视频、场景</translation>
    </message>
    <message>
        <source>this scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>needed</source>
        <translation>需求</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>Needed</source>
        <translation>所需</translation>
    </message>
    <message>
        <source>Fit limit</source>
        <translation>容纳上限</translation>
    </message>
</context>
<context>
    <name>format</name>
    <message>
        <source>{0} ms</source>
        <translation>{0} ms</translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation>{0} 秒</translation>
    </message>
</context>
<context>
    <name>recommend</name>
    <message>
        <source>Lowest total cost of ownership (cards, servers, network, power, support)</source>
        <translation>总拥有成本最低（加速卡、服务器、网络、电力、维保）</translation>
    </message>
    <message>
        <source>Lowest cloud cost</source>
        <translation>云成本最低</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>Lowest energy</source>
        <translation>能耗最低</translation>
    </message>
    <message>
        <source>Fewest cards</source>
        <translation>卡数最少</translation>
    </message>
</context>
</TS>
