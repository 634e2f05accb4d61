<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>App</name>
    <message>
        <location filename="../../desktop/app.py" line="85"/>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <location filename="../../desktop/app.py" line="86"/>
        <source>Something went wrong: {error}
The scenario is unchanged; save it and report the details printed in the terminal.</source>
        <translation>出错了：{error}
场景没有改变；请保存场景，并报告终端中打印的详细信息。</translation>
    </message>
</context>
<context>
    <name>CommFigure</name>
    <message>
        <location filename="../../views/comm/figure.py" line="40"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="40"/>
        <source>Sent</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="40"/>
        <source>Received</source>
        <translation>接收</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="46"/>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="46"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="55"/>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="58"/>
        <source>source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="58"/>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="61"/>
        <source>tokens received</source>
        <translation>收到的 Token 数</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="61"/>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="69"/>
        <source>Deterministic α–β teaching model and seeded routing, not a measurement. Chunk squares fill as their final value arrives.</source>
        <translation>确定性 α–β 教学模型与固定种子的路由，并非实测。数据块方格随其最终值的到达而填满。</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="105"/>
        <source>{name} of {size} over {n} ranks ({algorithm})</source>
        <translation>{n} 个 rank 上 {size} 的 {name}（{algorithm}）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="108"/>
        <source>per rank sent {sent}, received {received}; {rounds} rounds; α–β time {time}; algbw {algbw} GB/s, busbw {busbw} GB/s (× {factor:g}, nccl-tests)</source>
        <translation>每 rank 发送 {sent}、接收 {received}；{rounds} 轮；α–β 时间 {time}；algbw {algbw} GB/s，busbw {busbw} GB/s（× {factor:g}，nccl-tests 口径）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="121"/>
        <source>{n} ranks: too many to animate (up to {limit})</source>
        <translation>{n} 个 rank：太多，无法动画演示（最多 {limit} 个）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="130"/>
        <source>compute {t:.2f} ms</source>
        <translation>计算 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="132"/>
        <source>hidden communication {t:.2f} ms</source>
        <translation>被隐藏的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="134"/>
        <source>exposed communication {t:.2f} ms</source>
        <translation>暴露的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="135"/>
        <source> exposed {t:.2f} ms</source>
        <translation> 暴露 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="137"/>
        <source>comm</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="137"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="155"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="155"/>
        <source>double binary tree</source>
        <translation>双二叉树</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="156"/>
        <source>hierarchical</source>
        <translation>分层</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="156"/>
        <source>halving-doubling</source>
        <translation>递归减半/倍增</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="174"/>
        <source> (this one)</source>
        <translation>（当前）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="186"/>
        <source>this message</source>
        <translation>当前消息</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="188"/>
        <source>{before} → {after} at {size}</source>
        <translation>{before} → {after}：{size} 处</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="214"/>
        <source>rank {r}: {t:,} tokens before planning</source>
        <translation>rank {r}：规划前 {t:,} 个 Token</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="216"/>
        <source>rank {r}: {t:,} tokens after MoonEP, {e} redundant experts</source>
        <translation>rank {r}：MoonEP 规划后 {t:,} 个 Token，{e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="221"/>
        <source>rank {r} hosts {e} redundant experts</source>
        <translation>rank {r} 承载 {e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="225"/>
        <source>S·K = {t:,}</source>
        <translation>S·K = {t:,}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="230"/>
        <source>Dispatch → experts → combine</source>
        <translation>Dispatch → 专家 → Combine</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="231"/>
        <source>imbalance max/mean {imb:.2f}; maxvio {vio:.2f}</source>
        <translation>不均衡度 max/mean {imb:.2f}；maxvio {vio:.2f}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="232"/>
        <source>MoonEP (▼ = redundant experts copied to a rank): every rank gets exactly S·K = {t:,}; at most {bound} redundant experts per rank (E/R); planned {most}</source>
        <translation>MoonEP（▼ = 复制到该 rank 的冗余专家）：每个 rank 恰好得到 S·K = {t:,}；每 rank 冗余专家至多 {bound} 个（E/R）；本次规划最多 {most} 个</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="235"/>
        <source>dispatch {d}, combine {c} per rank; across nodes {x}</source>
        <translation>每 rank dispatch {d}、combine {c}；跨节点 {x}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="238"/>
        <source>all-to-all time: dispatch {d}, combine {c}</source>
        <translation>All-to-All 时间：dispatch {d}，combine {c}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="240"/>
        <source>receive buffer: worst case S·K·R = {w:,} tokens (DeepEP-style, copy-free) vs MoonEP&apos;s fixed S·K = {m:,} — a worst-case bound, not DeepEP&apos;s typical use</source>
        <translation>接收缓冲区：最坏情况 S·K·R = {w:,} 个 Token（DeepEP 式、零拷贝）对比 MoonEP 固定的 S·K = {m:,} —— 这是最坏情况上界，并非 DeepEP 的典型占用</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="243"/>
        <source>expert-GEMM makespan on the busiest rank: fixed order {f:,.0f}, workload-aware {a:,.0f} (rank balance is not kernel balance)</source>
        <translation>最忙 rank 上专家 GEMM 的完成时间：固定顺序 {f:,.0f}，负载感知 {a:,.0f}（rank 均衡不等于 kernel 均衡）</translation>
    </message>
</context>
<context>
    <name>CommTab</name>
    <message>
        <location filename="../../views/comm/tab.py" line="43"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="43"/>
        <source>double binary tree</source>
        <translation>双二叉树</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="44"/>
        <source>hierarchical (node, then across)</source>
        <translation>分层（先节点内，再跨节点）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="45"/>
        <source>recursive halving/doubling</source>
        <translation>递归减半/倍增（Rabenseifner）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="72"/>
        <location filename="../../views/comm/tab.py" line="74"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="75"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="76"/>
        <source>Ranks n</source>
        <translation>rank 数 n</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="77"/>
        <source>Message size S</source>
        <translation>消息大小 S</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="78"/>
        <source>Compute to overlap with</source>
        <translation>可重叠的计算</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="79"/>
        <source>Share that can overlap</source>
        <translation>可重叠比例</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="90"/>
        <location filename="../../views/comm/tab.py" line="221"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="93"/>
        <source>Step one round</source>
        <translation>单步（一轮）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="165"/>
        <source>Routing {tokens:,} tokens…</source>
        <translation>正在路由 {tokens:,} 个 token…</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="172"/>
        <source>The MoE panels need a mixture-of-experts scenario (try the DeepSeek-V3 or Kimi K2 preset): {reason}</source>
        <translation>MoE 面板需要混合专家（MoE）场景（可试 DeepSeek-V3 或 Kimi K2 预设）：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="194"/>
        <source>round {k} of {rounds}</source>
        <translation>第 {k} 轮，共 {rounds} 轮</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="221"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="239"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="241"/>
        <source>MoE routing</source>
        <translation>MoE 路由</translation>
    </message>
</context>
<context>
    <name>ContextMemoryChart</name>
    <message>
        <location filename="../../views/memory/context_chart.py" line="28"/>
        <source>no CP (cp = 1)</source>
        <translation>无 CP（cp = 1）</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="29"/>
        <source>Ulysses</source>
        <translation>Ulysses</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="30"/>
        <source>Ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="31"/>
        <source>USP (Ulysses × Ring)</source>
        <translation>USP（Ulysses 与 Ring 结合）</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="52"/>
        <source>activation GiB per GPU (log scale)</source>
        <translation>每 GPU 激活 GiB（对数坐标）</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="53"/>
        <source>sequence length S (tokens, log scale)</source>
        <translation>序列长度 S（token 数，对数坐标）</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="103"/>
        <source>the same under full recompute</source>
        <translation>同一方案在全量重计算下</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="108"/>
        <source>HBM {size}</source>
        <translation>HBM {size}</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="115"/>
        <source>this scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="122"/>
        <source>Activation bytes per GPU from the ledger at each length, the sequence split over cp = {cp} ranks, plus each scheme&apos;s buffers for one layer (Ulysses: full-sequence Q/K/V of its heads; Ring: K/V blocks in flight). Not Megatron SP, which shards activations inside the TP group. A deterministic teaching model.</source>
        <translation>按账本计算的各长度下每 GPU 激活字节数（序列切分到 cp = {cp} 个 rank 上），加上各方案一层的缓冲区（Ulysses：所分得各头的全序列 Q/K/V；Ring：传输中的 K/V 块）。不含 Megatron SP，它在 TP 组内切分激活。确定性教学模型。</translation>
    </message>
</context>
<context>
    <name>ContextTab</name>
    <message>
        <location filename="../../views/context/tab.py" line="51"/>
        <source>Ulysses</source>
        <translation>Ulysses（头切分）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="51"/>
        <source>Ring</source>
        <translation>Ring（环形）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="51"/>
        <source>USP</source>
        <translation>USP</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="52"/>
        <source>Two-stage (V4)</source>
        <translation>两阶段（V4）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="52"/>
        <source>KDA (K3)</source>
        <translation>KDA（K3）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="66"/>
        <location filename="../../views/context/tab.py" line="219"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="68"/>
        <source>Play the steps; with reduced motion (set on the Pipeline tab) it jumps to the end</source>
        <translation>逐步播放；若开启减少动画（在流水线调度标签页设置），则直接跳到结尾</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="71"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="81"/>
        <source>Context parallelism</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="82"/>
        <location filename="../../views/context/tab.py" line="260"/>
        <source>Muon × ZeRO</source>
        <translation>Muon 与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="83"/>
        <location filename="../../views/context/tab.py" line="261"/>
        <source>Stochastic rounding</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="156"/>
        <source>Packing the dense matrices over {ranks:,} ZeRO ranks…</source>
        <translation>正在把稠密矩阵打包到 {ranks:,} 个 ZeRO rank 上…</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="176"/>
        <source>Rounding {samples:,} samples and accumulating {steps:,} updates…</source>
        <translation>正在舍入 {samples:,} 个样本并累加 {steps:,} 次更新…</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="219"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="257"/>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
</context>
<context>
    <name>KdaPanel</name>
    <message>
        <location filename="../../views/context/kda.py" line="29"/>
        <source>KDA all-gather vs softmax ring</source>
        <translation>KDA all-gather 对比 softmax 环</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="46"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the numbers are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；数字按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="50"/>
        <source>KDA all-gather</source>
        <translation>KDA 的 all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="51"/>
        <source>softmax ring</source>
        <translation>softmax 环</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="62"/>
        <source>{unit} per rank per layer</source>
        <translation>每 rank 每层 {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="66"/>
        <source>One fragment: {heads} heads × (d_k² + d_k·d_v) FP32 = {fragment}, whatever the sequence length; the ring passes K/V blocks that grow with S ({s:,} tokens per rank here).</source>
        <translation>一个片段：{heads} 个头 × (d_k² + d_k·d_v) 个 FP32 = {fragment}，与序列长度无关；环传递的 K/V 块随 S 增长（此处每 rank {s:,} 个 token）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="78"/>
        <source>Every rank runs the delta rule over its {s:,} tokens from a zero state, composing them into one fragment (transition, state).</source>
        <translation>每个 rank 从零状态出发，对自己的 {s:,} 个 token 运行 delta 规则，合成一个片段（转移，状态）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="81"/>
        <source>One all-gather: every rank receives the other {others} fragments ({bytes}).</source>
        <translation>一次 all-gather：每个 rank 收到其余 {others} 个片段（{bytes}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="84"/>
        <source>Prefix scan, step {j} of {steps}: rank r combines with rank r − {offset} (Hillis–Steele); then each rank finishes its tokens from its incoming state.</source>
        <translation>前缀扫描，第 {j} 步，共 {steps} 步：rank r 与 rank r − {offset} 合并（Hillis–Steele）；随后每个 rank 从传入的状态出发算完自己的 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="93"/>
        <source>rank {r} holds fragment {f}</source>
        <translation>rank {r} 持有片段 {f}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="94"/>
        <source>rank {r} has combined fragments {lo}–{hi}</source>
        <translation>rank {r} 已合并片段 {lo}–{hi}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="97"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="112"/>
        <source>fragment →</source>
        <translation>片段 →</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="118"/>
        <source>Kimi K3 KDA context parallelism over {n} ranks: S = {s:,} tokens</source>
        <translation>Kimi K3 KDA 在 {n} 个 rank 上的上下文并行：S = {s:,} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="124"/>
        <source>Each rank all-gathers {gather} of fixed-size fragments per layer, independent of S; a softmax ring over the same ranks would pass {ring}.</source>
        <translation>每个 rank 每层 all-gather {gather} 的定长片段，与 S 无关；在同样的 rank 上，softmax 环需传递 {ring}。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="127"/>
        <source>Prefix scan: {steps} steps; against the sequential recurrence it differs by {error:.1e} on a small seeded example. KDA layers only: K3&apos;s MLA layers keep other CP schemes.</source>
        <translation>前缀扫描：{steps} 步；在固定种子的小例子上与顺序递推相差 {error:.1e}。仅用于 KDA 层：K3 的 MLA 层仍用其他 CP 方案。</translation>
    </message>
</context>
<context>
    <name>LedgerTable</name>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="24"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="24"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="24"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="24"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="25"/>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="88"/>
        <source>Total (all tiers)</source>
        <translation>合计（所有层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="89"/>
        <source>GPU tier {gpu} of capacity {capacity}</source>
        <translation>GPU 层级 {gpu}，容量 {capacity}</translation>
    </message>
</context>
<context>
    <name>LoadScale</name>
    <message>
        <location filename="../../views/mesh/network.py" line="157"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="157"/>
        <source>bottleneck</source>
        <translation>瓶颈</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <source>Memory Ledger</source>
        <translation>内存账本</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="53"/>
        <source>Parallel Mesh</source>
        <translation>并行网格</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="53"/>
        <source>Pipeline Scheduler</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="53"/>
        <source>Communication / MoE</source>
        <translation>通信 / MoE</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="54"/>
        <source>Long Context &amp;&amp; V4</source>
        <translation>长上下文 &amp;&amp; V4</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="81"/>
        <location filename="../../desktop/main_window.py" line="321"/>
        <source>Step time and model FLOP utilisation of the step-time model; View → Step Time Panel (F6) shows where the time goes</source>
        <translation>步时模型给出的步时与模型 FLOP 利用率（MFU）；视图 → 步时面板（F6）显示时间花在了哪里</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="84"/>
        <source>Deterministic teaching model, not a benchmark</source>
        <translation>确定性教学模型，并非基准测试</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="98"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="101"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="104"/>
        <source>(custom scenario)</source>
        <translation>（自定义场景）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="113"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="114"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="116"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="117"/>
        <source>&amp;Import Hugging Face config…</source>
        <translation>导入 Hugging Face 配置(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="118"/>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="119"/>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="121"/>
        <source>&amp;Export Current Tab</source>
        <translation>导出当前标签页(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="123"/>
        <source>PNG image (2× scale)…</source>
        <translation>PNG 图像（2× 缩放）…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="123"/>
        <source>SVG vector image…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="124"/>
        <source>PDF document…</source>
        <translation>PDF 文档…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="128"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="130"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="131"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="136"/>
        <source>Step &amp;Time Panel</source>
        <translation>步时面板(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="138"/>
        <source>Step time, MFU and where each pipeline rank&apos;s time goes, beside every tab</source>
        <translation>步时、MFU 以及各流水线 rank 的时间去向，可与任一标签页并排显示</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="142"/>
        <source>P&amp;lan Configurations…</source>
        <translation>规划并行配置(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="144"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="145"/>
        <source>&amp;About Training Systems Lab</source>
        <translation>关于 Training Systems Lab(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="187"/>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="304"/>
        <location filename="../../desktop/main_window.py" line="315"/>
        <source>Step time: —</source>
        <translation>步时：—</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="305"/>
        <location filename="../../desktop/main_window.py" line="328"/>
        <source>Invalid scenario: see the banner</source>
        <translation>场景无效：请查看顶部提示栏</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="309"/>
        <source>Step time: timing…</source>
        <translation>步时：计算中…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="316"/>
        <source>The step-time model cannot time this scenario: {reason}</source>
        <translation>步时模型无法为此场景计时：{reason}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="319"/>
        <source>Step {step} · MFU {mfu}</source>
        <translation>步时 {step} · MFU {mfu}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="331"/>
        <source>OOM</source>
        <translation>OOM</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="331"/>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="332"/>
        <source>Most-loaded GPU: {used} of {capacity} — {state}</source>
        <translation>负载最高的 GPU：{used} / {capacity} — {state}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="347"/>
        <source>Training Systems Lab</source>
        <translation>训练系统实验室</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="356"/>
        <source>Loaded preset {name}</source>
        <translation>已加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="363"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="364"/>
        <source>Scenario files (*.toml);;All files (*)</source>
        <translation>场景文件 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="372"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="378"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="385"/>
        <source>Import Hugging Face config</source>
        <translation>导入 Hugging Face 配置</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="386"/>
        <source>Hugging Face configs (*.json);;All files (*)</source>
        <translation>Hugging Face 配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="398"/>
        <source>Cannot import Hugging Face config</source>
        <translation>无法导入 Hugging Face 配置</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="402"/>
        <source>Imported {path}</source>
        <translation>已导入 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="412"/>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="413"/>
        <source>Scenario files (*.toml)</source>
        <translation>场景文件 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="424"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="428"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="436"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="436"/>
        <source>The scenario has unsaved changes. Save them first?</source>
        <translation>场景有未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="446"/>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="456"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="458"/>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="522"/>
        <source>About Training Systems Lab</source>
        <translation>关于 Training Systems Lab</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="523"/>
        <source>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;Where every byte, bubble and collective of large-scale LLM training goes.&lt;br&gt;Every number is a deterministic teaching model with its formula and primary source; it is not a benchmark of a real cluster.</source>
        <translation>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;看清大规模 LLM 训练中的每个字节、每个气泡、每次集合通信都花在了哪里。&lt;br&gt;每个数字都来自附有公式与一手来源的确定性教学模型，并非真实集群的基准测试。</translation>
    </message>
</context>
<context>
    <name>MemoryFigure</name>
    <message>
        <location filename="../../views/memory/common.py" line="14"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="15"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="16"/>
        <source>Remote GPU</source>
        <translation>远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="17"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="25"/>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="22"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="67"/>
        <source>GiB on the most-loaded GPU</source>
        <translation>负载最高 GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="87"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="88"/>
        <source>GiB of model states</source>
        <translation>模型状态 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="89"/>
        <source>GiB on the GPU</source>
        <translation>GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="100"/>
        <source>Where the bytes live (tiers)</source>
        <translation>字节驻留位置（层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="101"/>
        <source>ZeRO stages 0–3, same rank</source>
        <translation>ZeRO 阶段 0–3，同一 rank</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="104"/>
        <source>GPU tier of each pipeline rank</source>
        <translation>各流水线 rank 的 GPU 层级</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="105"/>
        <source>Deterministic teaching model of byte counts, not a benchmark of a real cluster. Hover any bar for its formula and source.</source>
        <translation>字节数的确定性教学模型，并非真实集群的基准测试。将鼠标悬停在任一柱条上可查看其公式与来源。</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="135"/>
        <source>Invalid scenario — nothing to draw:</source>
        <translation>场景无效 — 无可绘制内容：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="152"/>
        <source>Most-loaded GPU: pipeline rank {rank} of {pp} · GPU tier {used} of {capacity} ({gpu})</source>
        <translation>负载最高的 GPU：流水线 rank {rank} / {pp} · GPU 层级 {used} / {capacity}（{gpu}）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="156"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="161"/>
        <source>fits, {free} free</source>
        <translation>放得下，剩余 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="191"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="196"/>
        <location filename="../../views/memory/timeline.py" line="281"/>
        <source>first OOM: {name}</source>
        <translation>首个 OOM：{name}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="213"/>
        <source>{count} smaller items {value}</source>
        <translation>其余 {count} 项较小条目 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="215"/>
        <source>GiB:</source>
        <translation>GiB：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="232"/>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {bytes} ({share:.1%}, {tier}) = {formula} · &lt;i&gt;{source}&lt;/i&gt;</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;：{bytes}（{share:.1%}，{tier}）= {formula} · &lt;i&gt;{source}&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="268"/>
        <location filename="../../views/memory/figure.py" line="320"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="275"/>
        <source>Total model states</source>
        <translation>模型状态合计</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="297"/>
        <source>ZeRO stages 0–3, rank {rank}
(most-loaded, most model states)</source>
        <translation>ZeRO 阶段 0–3，rank {rank}
（负载最高，模型状态也最多）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="301"/>
        <source>ZeRO stages 0–3, rank {rank} (most-loaded)
most states: rank {state_rank}, {bytes}</source>
        <translation>ZeRO 阶段 0–3，rank {rank}（负载最高）
模型状态最多：rank {state_rank}，{bytes}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="310"/>
        <source>Pipeline rank {rank}: {value} on the GPU</source>
        <translation>流水线 rank {rank}：GPU 上 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="315"/>
        <source>states</source>
        <translation>模型状态最多</translation>
    </message>
</context>
<context>
    <name>MemoryLanes</name>
    <message>
        <location filename="../../views/memory/timeline.py" line="58"/>
        <source>Pipeline rank {rank} at t = {time}</source>
        <translation>流水线 rank {rank}，t = {time}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="60"/>
        <source>GPU tier: {value} of {capacity}</source>
        <translation>GPU 层级：{value} / {capacity}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="62"/>
        <source>activation sets held: {sets} (at most {peak})</source>
        <translation>驻留的激活份数：{sets}（最多 {peak}）</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="65"/>
        <source>micro-batches&apos; logits held: {count}</source>
        <translation>驻留 logits 的微批数：{count}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="68"/>
        <source>running: {ops}</source>
        <translation>正在运行：{ops}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="70"/>
        <source>no op running (bubble)</source>
        <translation>没有正在运行的操作（气泡）</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="152"/>
        <source>No memory over time: {reason}</source>
        <translation>无法显示显存随时间的变化：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="191"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="195"/>
        <source>capacity {value}: above the scale, {free} over the highest peak</source>
        <translation>容量 {value}：超出刻度范围，比最高峰值多 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="201"/>
        <source>rank {rank}</source>
        <translation>rank {rank}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="208"/>
        <source>◆ most loaded: peak {value} on rank {rank}</source>
        <translation>◆ 负载最高：rank {rank}，峰值 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="211"/>
        <source>{shown} of {count} ranks shown, evenly chosen, with the first, the last and the most loaded.</source>
        <translation>显示 {count} 个 rank 中的 {shown} 个：均匀选取，并包含第一个、最后一个和负载最高的 rank。</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="224"/>
        <source>held all step</source>
        <translation>整步驻留</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="225"/>
        <source>activations over time</source>
        <translation>随时间变化的激活</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="227"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="228"/>
        <source>GPU memory over the step, per pipeline rank</source>
        <translation>一个训练步内各流水线 rank 的 GPU 显存</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="229"/>
        <source>(deterministic teaching model)</source>
        <translation>（确定性教学模型）</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="277"/>
        <source>peak {value} at t = {time} ({item})</source>
        <translation>峰值 {value}，t = {time}（{item}）</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <location filename="../../views/memory/tab.py" line="167"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="176"/>
        <source>Precision and optimizer</source>
        <translation>精度与优化器</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="184"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="179"/>
        <source>Parallelism and ZeRO</source>
        <translation>并行与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="43"/>
        <source>Ledger items</source>
        <translation>账本条目</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="47"/>
        <source>Memory over time</source>
        <translation>显存随时间变化</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="51"/>
        <source>Activation ladder</source>
        <translation>激活阶梯</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="56"/>
        <source>Long context</source>
        <translation>长上下文</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="120"/>
        <location filename="../../views/memory/tab.py" line="142"/>
        <source>the scenario has no ledger</source>
        <translation>该场景没有内存账本</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="170"/>
        <source>Model details</source>
        <translation>模型细节</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="190"/>
        <source>GPU and allowances</source>
        <translation>GPU 与预留开销</translation>
    </message>
</context>
<context>
    <name>MeshFigure</name>
    <message>
        <location filename="../../views/mesh/figure.py" line="64"/>
        <source>Deterministic teaching model of groups and bytes, not a measurement. Hover a GPU for its coordinates and groups; click to pin it; drag and scroll to pan and zoom.</source>
        <translation>通信组与字节数的确定性教学模型，并非实测。鼠标悬停在 GPU 上可查看其坐标与所属组；单击可固定显示；拖动与滚轮可平移和缩放。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="80"/>
        <source>{world} GPUs = {nodes} nodes × {gpn} · {dims}</source>
        <translation>{world} 张 GPU = {nodes} 个节点 × {gpn} · {dims}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="83"/>
        <source>Groups that leave a node: {axes}</source>
        <translation>跨节点的组：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="85"/>
        <source>Invalid topology:</source>
        <translation>拓扑无效：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="90"/>
        <source>per-layer traffic over the inter-node network: {axes}</source>
        <translation>逐层通信走节点间网络：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="101"/>
        <source>Colour = the {axis} group of each GPU ({count} groups of {size}); &lt;span style=&apos;color:#C00000&apos;&gt;red outline&lt;/span&gt; = the group spans several nodes; the ring joins the hovered GPU&apos;s group.</source>
        <translation>颜色 = 每张 GPU 所属的 {axis} 组（{count} 个组，每组 {size} 张）；&lt;span style=&apos;color:#C00000&apos;&gt;红色边框&lt;/span&gt; = 该组跨越多个节点；环线连接悬停 GPU 所在的组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="105"/>
        <source>{world} GPUs: one cell per node (click a node for its GPUs).</source>
        <translation>{world} 张 GPU：每个节点画成一格（单击节点查看其中的 GPU）。</translation>
    </message>
</context>
<context>
    <name>MeshTab</name>
    <message>
        <location filename="../../views/mesh/view.py" line="272"/>
        <source>Node {node} (GPUs {first}–{last}); its first GPU:</source>
        <translation>节点 {node}（GPU {first}–{last}）；其第一张 GPU：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="274"/>
        <source>GPU {rank}</source>
        <translation>GPU {rank}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="275"/>
        <source>node {node}, local {local}</source>
        <translation>节点 {node}，节点内序号 {local}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="285"/>
        <source>{count} nodes</source>
        <translation>{count} 个节点</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="86"/>
        <source>no comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="99"/>
        <source>Colour by the groups of</source>
        <translation>按以下维度的组着色</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="102"/>
        <source>Compare with the order of</source>
        <translation>与以下框架的 rank 顺序对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="105"/>
        <source>Links loaded by</source>
        <translation>链路负载按</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="112"/>
        <location filename="../../views/mesh/tab.py" line="221"/>
        <source>Click a GPU to pin its coordinates and groups here.</source>
        <translation>单击一张 GPU，在此固定显示其坐标与所属组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="179"/>
        <source>Enumerating the groups of {world:,} GPUs…</source>
        <translation>正在枚举 {world:,} 块 GPU 的通信组…</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="191"/>
        <source>order {order}</source>
        <translation>顺序 {order}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="193"/>
        <source>order {order} ({name})</source>
        <translation>顺序 {order}（{name}）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="209"/>
        <location filename="../../views/mesh/tab.py" line="254"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="252"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="257"/>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="260"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
</context>
<context>
    <name>MuonFigure</name>
    <message>
        <location filename="../../views/context/muon_figure.py" line="40"/>
        <source>elements (millions)</source>
        <translation>元素数（百万）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="40"/>
        <location filename="../../views/context/muon_figure.py" line="45"/>
        <source>ZeRO rank</source>
        <translation>ZeRO rank 序号</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="45"/>
        <source>Newton–Schulz cost (relative)</source>
        <translation>Newton–Schulz 开销（相对值）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="57"/>
        <source>A deterministic teaching model of shapes, packing and bytes, not a measurement; P_max is an input (DeepSeek-V4 does not disclose it). Embeddings, the LM head, norms and biases use AdamW and are not packed. Hover a segment for its matrix.</source>
        <translation>形状、打包与字节数的确定性教学模型，并非实测；P_max 是输入值（DeepSeek-V4 未公开）。嵌入、LM 输出头、归一化与偏置使用 AdamW，不参与打包。悬停在分段上可查看对应矩阵。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="98"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="98"/>
        <source>dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="98"/>
        <source>shared expert</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="99"/>
        <source>routed expert</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="107"/>
        <location filename="../../views/context/muon_figure.py" line="115"/>
        <source>Muon × ZeRO</source>
        <translation>Muon 与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="121"/>
        <source>No Muon × ZeRO packing for this scenario: {reason}</source>
        <translation>该场景无法进行 Muon 与 ZeRO 打包：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="130"/>
        <source>P_max = {p}, the fewest that fit</source>
        <translation>P_max = {p}，能容纳的最少值</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="130"/>
        <source>P_max = {p}</source>
        <translation>P_max = {p}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="131"/>
        <source>Muon × ZeRO: {count:,} dense matrices packed whole into {used} ranks ({p_max})</source>
        <translation>Muon 与 ZeRO：{count:,} 个稠密矩阵整块打包到 {used} 个 rank（{p_max}）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="134"/>
        <source>ZeRO shards the optimizer over {zero:,} ranks, but Newton–Schulz needs whole matrices: the dense ones go to at most P_max = {p} ranks (an input — the report does not disclose it), at most {most} per rank (the report&apos;s limit).</source>
        <translation>ZeRO 把优化器切分到 {zero:,} 个 rank 上，但 Newton–Schulz 需要完整矩阵：稠密矩阵最多分到 P_max = {p} 个 rank（输入值——报告未公开），每 rank 至多 {most} 个（报告给出的上限）。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="137"/>
        <source>Padding to equal shards costs {padding:.1%}; the busiest rank&apos;s Newton–Schulz work is {imbalance:.2f}× the mean; DP groups beyond P_max that repeat the same dense Muon work: {redundant:,}.</source>
        <translation>填充为等大分片的开销为 {padding:.1%}；最忙 rank 的 Newton–Schulz 计算量是平均值的 {imbalance:.2f}×；P_max 之外重复同样稠密 Muon 计算的 DP 组：{redundant:,} 个。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="150"/>
        <source>rank {r}: {name}, {rows:,} × {cols:,} = {elements:.2f} M elements ({kind})</source>
        <translation>rank {r}：{name}，{rows:,} × {cols:,} = {elements:.2f} M 个元素（{kind}）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="151"/>
        <source>rank {r}: padding to {padded:.2f} M elements</source>
        <translation>rank {r}：填充到 {padded:.2f} M 个元素</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="173"/>
        <source>The dense matrices, whole, per rank (≤ {most} each)</source>
        <translation>各 rank 上的完整稠密矩阵（每 rank ≤ {most} 个）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="179"/>
        <source>padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="191"/>
        <source>rank {r}: {share:.2f}× the mean Newton–Schulz cost ({count} matrices)</source>
        <translation>rank {r}：Newton–Schulz 开销为平均值的 {share:.2f}×（{count} 个矩阵）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="201"/>
        <source>Newton–Schulz work per rank, max(M,N)·min(M,N)² per matrix, over the mean (dashed): max/mean {imbalance:.2f}</source>
        <translation>各 rank 的 Newton–Schulz 计算量（每矩阵 max(M,N)·min(M,N)²）相对平均值（虚线）：max/mean {imbalance:.2f}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="206"/>
        <source>MoE experts</source>
        <translation>MoE 专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="207"/>
        <source>{matrices:,} expert matrices ({elements:.1f} M elements) split over {ranks:,} ranks: {per_rank:.1f} M per rank, padding {padding:.1%}.</source>
        <translation>{matrices:,} 个专家矩阵（{elements:.1f} M 个元素）分到 {ranks:,} 个 rank：每 rank {per_rank:.1f} M，填充 {padding:.1%}。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="211"/>
        <source>Why Newton–Schulz needs the whole matrix</source>
        <translation>为什么 Newton–Schulz 需要完整矩阵</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="212"/>
        <source>{name} is {rows:,} × {cols:,}. Cut into {shards} column shards M_i of {rows:,} × {shard_cols:,}, each M_i M_iᵀ is still {rows:,} × {rows:,} ({gram:,} elements): MMᵀ = Σ M_i M_iᵀ needs every shard. Newton–Schulz on the shards instead of the whole is off by {error:.0%} (a seeded small matrix of the same aspect).</source>
        <translation>{name} 为 {rows:,} × {cols:,}。按列切成 {shards} 个 {rows:,} × {shard_cols:,} 的分片 M_i，每个 M_i M_iᵀ 仍是 {rows:,} × {rows:,}（{gram:,} 个元素）：MMᵀ = Σ M_i M_iᵀ 需要所有分片。对各分片而非整个矩阵做 Newton–Schulz，结果偏差 {error:.0%}（用固定种子、长宽比相同的小矩阵计算）。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="217"/>
        <source>mHC</source>
        <translation>mHC</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="218"/>
        <source>The DeepSeek-V4 report&apos;s one figure: with fused kernels, selective checkpointing and the adjusted DualPipe 1F1B overlap, mHC&apos;s wall-time overhead is {overhead:.1%} of the overlapped 1F1B pipeline stage. The report gives no eager baseline and no breakdown, so none is shown.</source>
        <translation>DeepSeek-V4 报告给出的唯一数字：借助融合 kernel、选择性检查点和调整后的 DualPipe 1F1B 重叠，mHC 的墙钟时间开销为重叠 1F1B 流水线阶段的 {overhead:.1%}。报告未给出 eager 基线和分项数据，因此这里不作展示。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="224"/>
        <source>naive all-gather</source>
        <translation>朴素 all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="225"/>
        <source>K3 P2P fetch</source>
        <translation>K3 P2P 拉取</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="236"/>
        <source>{unit} per rank</source>
        <translation>每 rank {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="239"/>
        <source>Kimi K3: fetch only the shards a rank needs</source>
        <translation>Kimi K3：只拉取 rank 所需的分片</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="240"/>
        <source>over {ranks:,} ranks; buffers {naive} → {p2p}, pipelined over {chunks} model chunks.</source>
        <translation>共 {ranks:,} 个 rank；缓冲区 {naive} → {p2p}，按 {chunks} 个模型块流水化。</translation>
    </message>
</context>
<context>
    <name>NetworkView</name>
    <message>
        <location filename="../../views/mesh/network.py" line="67"/>
        <source>all axes</source>
        <translation>所有维度</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="344"/>
        <source>rail-optimised fat-tree</source>
        <translation>轨道优化胖树</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="344"/>
        <source>fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="345"/>
        <source>ECMP</source>
        <translation>ECMP 等价多路径</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="345"/>
        <source>rail rule (PXN)</source>
        <translation>轨道规则（PXN）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="346"/>
        <source>Network: {topology} · {leaves} leaves, {spines} spines, {ratio}:1 oversubscription · {routing}</source>
        <translation>网络：{topology} · {leaves} 台叶交换机、{spines} 台脊交换机，{ratio}:1 超额订阅 · {routing}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="390"/>
        <location filename="../../views/mesh/network.py" line="600"/>
        <source>rail {rail}</source>
        <translation>轨道 {rail}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="395"/>
        <source>spines</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="395"/>
        <source>leaves</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="395"/>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="396"/>
        <source>GPUs</source>
        <translation>GPU 卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="396"/>
        <source>NVSwitch</source>
        <translation>NVSwitch 交换</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="404"/>
        <source>node {node}</source>
        <translation>节点 {node}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="405"/>
        <source>nodes {first}–{last}</source>
        <translation>节点 {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="429"/>
        <source>{axis}, bytes per step on a link:</source>
        <translation>{axis}：每步在一条链路上的字节数：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="449"/>
        <source>{nodes} nodes in {boxes} boxes, the nodes under the same leaves (a line is a bundle of parallel links, coloured by its busiest). </source>
        <translation>{nodes} 个节点画成 {boxes} 个框，每框是挂在同一组叶交换机下的节点（一条线代表一束并行链路，按其中最忙的一条着色）。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="451"/>
        <source>Deterministic teaching model of routes and bytes (a fluid ECMP split, no congestion), not a measurement. Hover a link or switch.</source>
        <translation>路由与字节数的确定性教学模型（ECMP 按流体均分，不含拥塞），并非实测。悬停链路或交换机可查看详情。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="470"/>
        <source>{axis} sends nothing over the network in this scenario.</source>
        <translation>在此场景中 {axis} 不经网络发送任何数据。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="472"/>
        <source>No traffic between GPUs in this scenario.</source>
        <translation>此场景中 GPU 之间没有通信。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="475"/>
        <source>&lt;b&gt;Bottleneck&lt;/b&gt; of {axis}: {tier} link {a} — {b} ({bandwidth}), {bytes} per step → &lt;b&gt;{time}&lt;/b&gt; ({transfer} of bytes + {latency} of latency α)</source>
        <translation>{axis} 的&lt;b&gt;瓶颈&lt;/b&gt;：{tier} 链路 {a} — {b}（{bandwidth}），每步 {bytes} → &lt;b&gt;{time}&lt;/b&gt;（传输 {transfer} + 延迟 α {latency}）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="482"/>
        <source>{text} (the slowest axis of the step)</source>
        <translation>{text}（本步最慢的维度）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="487"/>
        <source>GPU {rank}</source>
        <translation>GPU {rank}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="587"/>
        <source>&lt;b&gt;nvswitch:{node}&lt;/b&gt; — the NVSwitch of node {node}</source>
        <translation>&lt;b&gt;nvswitch:{node}&lt;/b&gt; — 节点 {node} 的 NVSwitch 交换芯片</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="588"/>
        <source>&lt;b&gt;NVSwitch&lt;/b&gt; of each of nodes {first}–{last}</source>
        <translation>节点 {first}–{last} 各自的 &lt;b&gt;NVSwitch&lt;/b&gt; 交换芯片</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="597"/>
        <source>spine switch</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="597"/>
        <source>leaf switch</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="597"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="606"/>
        <source>GPU {local} of nodes {first}–{last} ({count} GPUs)</source>
        <translation>节点 {first}–{last} 的第 {local} 号 GPU（共 {count} 张）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="609"/>
        <source>&lt;b&gt;GPU {rank}&lt;/b&gt; — node {node}, local {local}</source>
        <translation>&lt;b&gt;GPU {rank}&lt;/b&gt; — 节点 {node}，节点内序号 {local}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="625"/>
        <source>{count} parallel links; the bottleneck, {a} — {b}:</source>
        <translation>{count} 条并行链路；瓶颈为 {a} — {b}：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="626"/>
        <source>{count} parallel links; the busiest, {a} — {b}:</source>
        <translation>{count} 条并行链路；最忙的是 {a} — {b}：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="628"/>
        <source>{bandwidth} each way</source>
        <translation>每个方向 {bandwidth}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="635"/>
        <source>{axis}: {bytes} per step, {time} at this bandwidth</source>
        <translation>{axis}：每步 {bytes}，按此带宽需 {time}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="639"/>
        <source>all axes: {bytes} per step</source>
        <translation>所有维度：每步 {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="640"/>
        <source>used by: {axes}</source>
        <translation>使用者：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="645"/>
        <source>idle: no axis sends over it</source>
        <translation>空闲：没有任何维度经此发送</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="647"/>
        <source>the bottleneck</source>
        <translation>瓶颈链路</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="667"/>
        <source>{axis} group {index} ({size} GPUs on {nodes} nodes)</source>
        <translation>{axis} 第 {index} 组（{size} 张 GPU，分布在 {nodes} 个节点）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="669"/>
        <source>GPU {rank} in: {groups}</source>
        <translation>GPU {rank} 所在：{groups}</translation>
    </message>
</context>
<context>
    <name>ParallelFigure</name>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="50"/>
        <source>A deterministic teaching model of data layout, bytes and α–β times for one layer&apos;s forward pass per TP rank, not a measurement. Hover a cell for what it holds.</source>
        <translation>每个 TP rank 上一层前向传播的数据布局、字节数与 α–β 时间的确定性教学模型，并非实测。悬停在单元格上可查看其内容。</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="81"/>
        <source>No context-parallel analysis for this scenario: {reason}</source>
        <translation>该场景无法进行上下文并行分析：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="95"/>
        <source>CP = 1: one rank holds the whole sequence and nothing is exchanged; raise Context parallel CP to split it.</source>
        <translation>CP = 1：一个 rank 持有整条序列，无需任何交换；调大“上下文并行 CP”即可切分序列。</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="107"/>
        <source>off: tp = 1, nothing to shard</source>
        <translation>关闭：tp = 1，无可切分</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="109"/>
        <source>on with tp = {tp}, saving {bytes} of activations per layer</source>
        <translation>已开启，tp = {tp}，每层节省 {bytes} 激活</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="112"/>
        <source>off; with tp = {tp} it would save {bytes} of activations per layer</source>
        <translation>关闭；若开启，tp = {tp} 时每层可节省 {bytes} 激活</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="114"/>
        <source>Megatron SP is not long-context CP.</source>
        <translation>Megatron SP 不是长上下文 CP。</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="115"/>
        <source>Megatron SP ({state}) is a companion of tensor parallelism: it shards the LayerNorm and dropout activations TP replicates. Long-context CP (here over {cp} ranks) splits one sample&apos;s sequence, attention included.</source>
        <translation>Megatron SP（{state}）是张量并行的配套手段：它切分 TP 中被复制的 LayerNorm 与 dropout 激活。长上下文 CP（此处跨 {cp} 个 rank）切分单个样本的序列，注意力也在其中。</translation>
    </message>
</context>
<context>
    <name>PipelineFigure</name>
    <message>
        <location filename="../../views/pipeline/figure.py" line="25"/>
        <source>forward F</source>
        <translation>前向 F</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="25"/>
        <source>backward B</source>
        <translation>反向 B</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="25"/>
        <source>input-grad I</source>
        <translation>输入梯度 I</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="26"/>
        <source>weight-grad W</source>
        <translation>权重梯度 W</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="26"/>
        <source>overlapped F&amp;B</source>
        <translation>重叠的 F&amp;B</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="27"/>
        <source>bubble (idle)</source>
        <translation>气泡（空闲）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="28"/>
        <source>darker: a rank&apos;s second chunk</source>
        <translation>较深颜色：rank 的第二个块</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="30"/>
        <source>Deterministic event simulation with the durations given, not a measurement. Hover an op for its times and what it waited for.</source>
        <translation>按给定时长的确定性事件模拟，并非实测。鼠标悬停在操作上可查看其起止时间和所等待的依赖。</translation>
    </message>
</context>
<context>
    <name>PipelinePanel</name>
    <message>
        <location filename="../../views/pipeline/panel.py" line="46"/>
        <source>{kind}: p = {p}, m = {m}, v = {v}</source>
        <translation>{kind}：p = {p}，m = {m}，v = {v}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="50"/>
        <source>{ops:,} ops: too many to draw one by one (more than {limit:,}); the numbers beside are exact</source>
        <translation>{ops:,} 个操作：太多，无法逐个绘制（超过 {limit:,} 个）；右侧数字是精确的</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="66"/>
        <source>makespan {value:g}</source>
        <translation>总时长 {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="59"/>
        <location filename="../../views/pipeline/panel.py" line="67"/>
        <source>bubble ratio {value:.1%} (idle rank-time / ranks × makespan)</source>
        <translation>气泡率 {value:.1%}（空闲 rank 时间 / rank 数 × 总时长）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="58"/>
        <source>makespan {value}</source>
        <translation>总时长 {value}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="61"/>
        <source>bubble time {value} (makespan − busiest rank&apos;s work {busy})</source>
        <translation>气泡时间 {value}（总时长 − 最忙 rank 的工作时间 {busy}）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="69"/>
        <source>bubble time {value:g} (makespan − busiest rank&apos;s work {busy:g})</source>
        <translation>气泡时间 {value:g}（总时长 − 最忙 rank 的工作量 {busy:g}）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="80"/>
        <source>paper&apos;s bubble: {formula} = {value}</source>
        <translation>论文中的气泡：{formula} = {value}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="83"/>
        <source>paper&apos;s bubble: {formula} = {value:g}</source>
        <translation>论文中的气泡：{formula} = {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="85"/>
        <source>peak activations per rank: {peaks}</source>
        <translation>各 rank 激活峰值：{peaks}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="86"/>
        <source>parameter copies: {copies}×</source>
        <translation>参数副本：{copies}×</translation>
    </message>
</context>
<context>
    <name>PipelineTab</name>
    <message>
        <location filename="../../views/memory/timeline.py" line="50"/>
        <location filename="../../views/pipeline/gantt.py" line="86"/>
        <source>{type} of micro-batch {mb}, stage {stage}</source>
        <translation>微批 {mb} 的 {type}，阶段 {stage}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="27"/>
        <source>time (ms, from the step-time model)</source>
        <translation>时间（ms，来自步时模型）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="35"/>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="89"/>
        <source>rank {rank}: {start} → {end}</source>
        <translation>rank {rank}：{start} → {end}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="92"/>
        <source>rank {rank}: {start:g} → {end:g}</source>
        <translation>rank {rank}：{start:g} → {end:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="96"/>
        <source>waited for: {what}</source>
        <translation>等待：{what}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="98"/>
        <source>started as soon as the rank was free</source>
        <translation>rank 空闲即开始</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="96"/>
        <location filename="../../views/pipeline/gantt.py" line="28"/>
        <source>time (units of the op durations)</source>
        <translation>时间（以操作时长为单位）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/activations.py" line="61"/>
        <source>activations held</source>
        <translation>驻留激活数</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="42"/>
        <source>no comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="47"/>
        <location filename="../../views/pipeline/tab.py" line="162"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="50"/>
        <source>Step one op</source>
        <translation>单步（一个操作）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="59"/>
        <source>Reduced motion</source>
        <translation>减少动画</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="60"/>
        <source>Play jumps from op to op instead of sweeping time</source>
        <translation>播放时逐个操作跳转，而不是连续扫过时间</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="64"/>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="69"/>
        <source>Compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="115"/>
        <source>the step-time model gives this scenario no op durations: {reason}</source>
        <translation>步时模型未能给出此场景的操作时长：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="118"/>
        <source>Simulating {ops:,} operations…</source>
        <translation>正在模拟 {ops:,} 个操作…</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="162"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="212"/>
        <location filename="../../views/pipeline/tab.py" line="213"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="214"/>
        <source>Pipeline ranks p</source>
        <translation>流水线 rank 数 p</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="216"/>
        <source>Chunks per rank v (interleaved)</source>
        <translation>每 rank 块数 v（交错）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="218"/>
        <source>Durations</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>PlannerDialog</name>
    <message>
        <location filename="../../views/time/planner.py" line="374"/>
        <source>Plan configurations</source>
        <translation>规划并行配置</translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../views/time/planner.py" line="112"/>
        <source>The GPUs to plan for (the cluster&apos;s by default); the global batch stays as the scenario has it</source>
        <translation>规划所用的 GPU 数（默认取集群的 GPU 数）；全局批大小保持场景中的设置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="114"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="117"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="125"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="134"/>
        <source>Search ranks every parallel configuration of this model that fits on the GPUs by its step time.</source>
        <translation>搜索会把此模型在这些 GPU 上放得下的每一种并行配置按步时排名。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="140"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="141"/>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="141"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="141"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="141"/>
        <source>Micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="142"/>
        <source>Micro-batches</source>
        <translation>微批数</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="142"/>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="142"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="142"/>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="143"/>
        <source>Cost stack</source>
        <translation>开销堆叠</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="148"/>
        <source>Each term averaged over the configuration&apos;s pipeline ranks, on one scale for the whole table; hover for the numbers</source>
        <translation>各分项取该配置所有流水线 rank 的平均值，整张表共用一个刻度；悬停可查看数值</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="166"/>
        <source>Load</source>
        <translation>载入</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="167"/>
        <source>Apply the selected configuration to the document (one edit: Undo is a reload of the file or preset)</source>
        <translation>把选中的配置应用到文档（作为一次编辑：撤销方式是重新加载文件或预设）</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="204"/>
        <source>Searching the configurations of {gpus:,} GPUs…</source>
        <translation>正在搜索 {gpus:,} 个 GPU 上的配置…</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="210"/>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="226"/>
        <source>{done:,} of {total:,} configurations settled</source>
        <translation>已完成 {done:,} / {total:,} 个配置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="230"/>
        <source>The search failed: {reason}</source>
        <translation>搜索失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="237"/>
        <source>The document changed after this search: search again to rank its configurations.</source>
        <translation>此次搜索之后文档已更改：请重新搜索以对其配置排名。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="245"/>
        <source>{total:,} configurations settled</source>
        <translation>已完成 {total:,} 个配置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="248"/>
        <source>&lt;b&gt;The {count} fastest of {considered:,} configurations on {gpus:,} GPUs&lt;/b&gt; at a global batch of {batch:,} sequences. Set aside: {memory:,} out of memory, {topology:,} invalid or not mapping onto the cluster, {other:,} the model cannot time, {bound:,} whose lower bound on the step time rules them out; {timed:,} timed.</source>
        <translation>&lt;b&gt;{gpus:,} 个 GPU 上 {considered:,} 个配置中最快的 {count} 个&lt;/b&gt;，全局批大小为 {batch:,} 个序列。已排除：{memory:,} 个显存不足，{topology:,} 个无效或无法映射到集群，{other:,} 个模型无法计时，{bound:,} 个因步时下界而被淘汰；已计时 {timed:,} 个。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="266"/>
        <source>Cost stack:</source>
        <translation>开销堆叠：</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="268"/>
        <source>No configuration fits on {gpus:,} GPUs.</source>
        <translation>没有配置能放进 {gpus:,} 个 GPU。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="270"/>
        <source>Select a row and press Load (or double-click it) to apply its settings to the document.</source>
        <translation>选中一行并点击“载入”（或双击该行），即可把其设置应用到文档。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="279"/>
        <source>The scenario&apos;s own configuration is not ranked: {reason}</source>
        <translation>场景自身的配置未参与排名：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="280"/>
        <source>it does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="285"/>
        <source>◆ &lt;b&gt;The scenario&apos;s own configuration ranks {rank:,}&lt;/b&gt;: {step} per step, the fastest</source>
        <translation>◆ &lt;b&gt;场景自身的配置排名第 {rank:,}&lt;/b&gt;：每步 {step}，为最快</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="288"/>
        <source>◆ &lt;b&gt;The scenario&apos;s own configuration ranks {rank:,}&lt;/b&gt;: {step} per step, {slower} slower than the fastest</source>
        <translation>◆ &lt;b&gt;场景自身的配置排名第 {rank:,}&lt;/b&gt;：每步 {step}，比最快者慢 {slower}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="293"/>
        <source>deciding term: &lt;b&gt;{term}&lt;/b&gt;</source>
        <translation>决定性分项：&lt;b&gt;{term}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="296"/>
        <source>The scenario&apos;s own configuration against the fastest, per term of the stack:</source>
        <translation>场景自身的配置与最快配置的对比，按堆叠的各分项：</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="297"/>
        <source>{term}: {sign}{gap}</source>
        <translation>{term}：{sign}{gap}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="319"/>
        <source>Rank {rank}: {step} per step (mean over {pp} pipeline ranks)</source>
        <translation>第 {rank} 名：每步 {step}（{pp} 个流水线 rank 的平均）</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="353"/>
        <source>Cannot load this configuration: {reason}</source>
        <translation>无法载入此配置：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="355"/>
        <source>Loaded the configuration ranked {rank:,}: every tab shows it now.</source>
        <translation>已载入排名第 {rank:,} 的配置：所有标签页现都显示该配置。</translation>
    </message>
</context>
<context>
    <name>PolicyEditor</name>
    <message>
        <location filename="../../views/memory/policy_table.py" line="39"/>
        <source>Manual (recompute setting only)</source>
        <translation>手动（仅按重计算设置）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="40"/>
        <source>Megatron-LM selective</source>
        <translation>Megatron-LM 选择性重计算</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="40"/>
        <source>Kimi K2</source>
        <translation>Kimi K2 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="41"/>
        <source>DeepSeek-V3</source>
        <translation>DeepSeek-V3 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="41"/>
        <source>DeepSeek-V4</source>
        <translation>DeepSeek-V4 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="45"/>
        <source>A named ladder of per-tensor steps applied over the recompute setting</source>
        <translation>命名的逐张量步骤阶梯，叠加在重计算设置之上</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="48"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="50"/>
        <source>Apply the first N steps of the ladder (0 = all)</source>
        <translation>应用阶梯的前 N 步（0 = 全部）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="52"/>
        <source>Activation policy</source>
        <translation>激活策略</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="53"/>
        <source>Steps applied</source>
        <translation>应用的步数</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="60"/>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="60"/>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="60"/>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="61"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="61"/>
        <source>remote GPU</source>
        <translation>远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="62"/>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="62"/>
        <source>MiB / dense layer</source>
        <translation>MiB / 稠密层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="62"/>
        <source>MiB / MoE layer</source>
        <translation>MiB / MoE 层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="63"/>
        <source>Backend</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="63"/>
        <source>Recompute GFLOP</source>
        <translation>重计算 GFLOP</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="65"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="65"/>
        <source>Saves MiB / layer</source>
        <translation>节省 MiB / 层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="65"/>
        <source>Saved so far</source>
        <translation>累计节省</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>Recompute GFLOP / layer, in all</source>
        <translation>重计算 GFLOP / 层（累计）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>Applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="67"/>
        <source>Per dense / MoE layer and micro-batch: the GPU memory each step frees, what the steps up to it free, and the layer&apos;s recompute FLOPs after it</source>
        <translation>按每个稠密层 / MoE 层、每个微批计：每一步释放的 GPU 显存、截至该步累计释放的显存，以及应用该步后该层的重计算 FLOPs</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="75"/>
        <source>Ladder, step by step (layers that follow the recompute setting)</source>
        <translation>逐步展开的阶梯（遵循重计算设置的层）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="152"/>
        <source>Base: recompute {recompute}</source>
        <translation>基础：重计算 {recompute}</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="155"/>
        <source>the first {n} layers of each pipeline chunk fully recomputed (checkpoint {mib} MiB per layer)</source>
        <translation>每个流水线块的前 {n} 层全量重计算（检查点每层 {mib} MiB）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="159"/>
        <source>{applied} of {count} ladder steps applied</source>
        <translation>已应用 {count} 个阶梯步骤中的 {applied} 个</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="162"/>
        <source>{n} per-tensor overrides</source>
        <translation>{n} 个逐张量覆盖</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="198"/>
        <source>the recompute setting</source>
        <translation>重计算设置</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="198"/>
        <source>an override</source>
        <translation>覆盖项</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="199"/>
        <source>ladder {step}</source>
        <translation>阶梯第 {step} 步</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="200"/>
        <source>Decided by {who}</source>
        <translation>由{who}决定</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="201"/>
        <source>Regenerated by: {ops}</source>
        <translation>由以下操作重新生成：{ops}</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="232"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="232"/>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>RingPanel</name>
    <message>
        <location filename="../../views/context/ring.py" line="49"/>
        <source>Causal blocks: query chunk × key chunk</source>
        <translation>因果块：查询块 × 键块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="51"/>
        <source>work (full blocks)</source>
        <translation>计算量（完整块）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="51"/>
        <location filename="../../views/context/ring.py" line="238"/>
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="91"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the numbers and the work per rank are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；数字与各 rank 计算量按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="102"/>
        <location filename="../../views/context/ring.py" line="200"/>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="102"/>
        <source>diagonal (half)</source>
        <translation>对角（一半）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="102"/>
        <source>masked (skipped)</source>
        <translation>被掩码（跳过）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="103"/>
        <source>Rows: query chunks, columns: key chunks. Colour: the rank that computes the block; outlined: this step.</source>
        <translation>行：查询块，列：键块。颜色：计算该块的 rank；描边：本步。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="115"/>
        <source>rank {r}, zigzag: {w:.2f} full blocks</source>
        <translation>rank {r}，之字形：{w:.2f} 个完整块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="116"/>
        <source>rank {r}, contiguous: {w:.2f} full blocks</source>
        <translation>rank {r}，连续：{w:.2f} 个完整块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="130"/>
        <source>Causal work per rank: {contiguous} contiguous (max/mean {c:.2f}) {zigzag} zigzag ({z:.2f})</source>
        <translation>各 rank 因果计算量：{contiguous} 连续（max/mean {c:.2f}） {zigzag} 之字形（{z:.2f}）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="147"/>
        <source>Step {k} of {steps}: every rank computes its queries with the K/V block it holds (rank 0 with rank {owner}&apos;s) while it passes that block on to its neighbour.</source>
        <translation>第 {k} 步，共 {steps} 步：每个 rank 用手中的 K/V 块计算自己的查询（rank 0 用的是 rank {owner} 的块），同时把该块传给相邻 rank。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="150"/>
        <source>Step {k} of {steps}: the last block; every rank has now seen every K/V block that its causal mask allows (rank 0 with rank {owner}&apos;s).</source>
        <translation>第 {k} 步，共 {steps} 步：最后一块；每个 rank 都已见过其因果掩码允许的全部 K/V 块（rank 0 用的是 rank {owner} 的块）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="163"/>
        <source>rank {r} holds query chunks {chunks}</source>
        <translation>rank {r} 持有查询块 {chunks}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="166"/>
        <source>rank {r} computes with the K/V of rank {owner} (chunks {chunks})</source>
        <translation>rank {r} 用 rank {owner} 的 K/V 计算（块 {chunks}）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="169"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="169"/>
        <source>Q {chunks} · KV {owner}</source>
        <translation>Q {chunks} · KV {owner}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="200"/>
        <source>diagonal</source>
        <translation>对角</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="200"/>
        <source>masked</source>
        <translation>被掩码</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="201"/>
        <source>query chunk {q} × key chunk {k}: {kind}</source>
        <translation>查询块 {q} × 键块 {k}：{kind}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="201"/>
        <source>rank {r} at step {t}</source>
        <translation>rank {r}，第 {t} 步</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="243"/>
        <source>Online softmax after step {k}</source>
        <translation>第 {k} 步后的在线 softmax</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="245"/>
        <source>(a demonstration on {d} ranks)</source>
        <translation>（在 {d} 个 rank 上演示）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="247"/>
        <source>each rank&apos;s first query row: running max m, denominator ℓ</source>
        <translation>每个 rank 的第一行查询：当前最大值 m，分母 ℓ</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="248"/>
        <source>ring attention = exact attention to {error:.1e} on a small seeded example</source>
        <translation>在固定种子的小例子上，环形注意力 = 精确注意力，误差 {error:.1e}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="253"/>
        <source>zigzag (head–tail) chunks</source>
        <translation>之字形（首尾）分块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="253"/>
        <source>contiguous chunks</source>
        <translation>连续分块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="254"/>
        <source>Ring attention over {n} ranks: S = {s:,} tokens, {layout}</source>
        <translation>{n} 个 rank 上的环形注意力：S = {s:,} 个 token，{layout}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="259"/>
        <source>compute hides the transfer</source>
        <translation>计算隐藏了传输</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="260"/>
        <source>the transfer is exposed</source>
        <translation>传输暴露在外</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="262"/>
        <source>{steps} P2P steps of {bytes} each (one K and one V block) on {tier}.</source>
        <translation>{steps} 个 P2P 步，每步 {bytes}（一个 K 块和一个 V 块），在{tier}上传输。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="265"/>
        <source>A block&apos;s attention takes {compute}, its transfer {transfer}: {verdict}.</source>
        <translation>一个块的注意力计算耗时 {compute}，传输耗时 {transfer}：{verdict}。</translation>
    </message>
</context>
<context>
    <name>SrFigure</name>
    <message>
        <location filename="../../views/context/sr_figure.py" line="42"/>
        <source>samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="42"/>
        <source>SR(x) in BF16</source>
        <translation>SR(x) 的 BF16 值</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="51"/>
        <source>running value</source>
        <translation>累加值</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="51"/>
        <source>updates</source>
        <translation>更新次数</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="59"/>
        <source>relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="59"/>
        <source>ranks n</source>
        <translation>rank 数 n</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="69"/>
        <source>One value rounded many times</source>
        <translation>同一个值多次舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="69"/>
        <source>Accumulating small updates</source>
        <translation>累加小更新</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="70"/>
        <source>A gradient reduced over n ranks</source>
        <translation>在 n 个 rank 上归约的梯度</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="75"/>
        <source>A deterministic teaching model: FP32 → BF16 rounding bit for bit, seeded random numbers, not a measurement of a training run.</source>
        <translation>确定性教学模型：逐位模拟 FP32 → BF16 舍入，使用固定种子的随机数，并非训练运行的实测。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="108"/>
        <location filename="../../views/context/sr_figure.py" line="114"/>
        <source>Stochastic rounding</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="119"/>
        <source>No stochastic-rounding analysis: {reason}</source>
        <translation>无法进行随机舍入分析：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="126"/>
        <source>Stochastic rounding of x = {x} from FP32 to BF16</source>
        <translation>x = {x} 从 FP32 到 BF16 的随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="137"/>
        <source>{count:,} samples rounded to {value}</source>
        <translation>{count:,} 个样本舍入为 {value}</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="151"/>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="151"/>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="152"/>
        <source>round to nearest</source>
        <translation>就近舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="155"/>
        <source>Neighbours {lower} and {upper}, ulp = {ulp:.3g}; up with p = (x − lower)/ulp = {p:.4f} ({up:,} of {n:,}).</source>
        <translation>相邻值 {lower} 与 {upper}，ulp = {ulp:.3g}；以概率 p = (x − lower)/ulp = {p:.4f} 向上舍入（{n:,} 次中 {up:,} 次）。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="158"/>
        <source>E[SR(x)] = x: mean {mean} (bias {bias:.2g}); round to nearest gives {rtn}.</source>
        <translation>E[SR(x)] = x：均值 {mean}（偏差 {bias:.2g}）；就近舍入得到 {rtn}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="160"/>
        <source>Var {var:.3g} ≈ p(1 − p)·ulp² = {bound:.3g} ≤ ulp²/4 = {quarter:.3g}.</source>
        <translation>方差 {var:.3g} ≈ p(1 − p)·ulp² = {bound:.3g} ≤ ulp²/4 = {quarter:.3g}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="163"/>
        <source>x is exactly representable in BF16: SR(x) = x, variance 0.</source>
        <translation>x 在 BF16 中可精确表示：SR(x) = x，方差为 0。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="181"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="182"/>
        <source>BF16 round to nearest</source>
        <translation>BF16 就近舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="183"/>
        <source>BF16 stochastic</source>
        <translation>BF16 随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="184"/>
        <source>{steps:,} updates of {u:.3g} from 1: FP32 {fp32}, BF16 round to nearest {rtn}, BF16 stochastic {sr}.</source>
        <translation>从 1 起累加 {steps:,} 次大小为 {u:.3g} 的更新：FP32 {fp32}，BF16 就近舍入 {rtn}，BF16 随机舍入 {sr}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="187"/>
        <source>Round to nearest stalls from update {k:,}: the update is below half an ulp of the sum.</source>
        <translation>就近舍入从第 {k:,} 次更新起停滞：更新量小于累加和的半个 ulp。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="189"/>
        <source>Round to nearest never stalls here.</source>
        <translation>此处就近舍入不会停滞。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="201"/>
        <source>BF16 ring</source>
        <translation>BF16 环</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="202"/>
        <source>V4: SR to BF16 on the wire, FP32 sums</source>
        <translation>V4：传输用 SR 转 BF16，求和用 FP32</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="203"/>
        <source>FP32 ring</source>
        <translation>FP32 环</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="205"/>
        <source>At n = {n}: BF16 ring {bf16:.2g}, V4 {sr:.2g}, FP32 {fp32:.2g}; on the wire {b16} instead of {b32} per rank ({elements:,} values).</source>
        <translation>n = {n} 时：BF16 环 {bf16:.2g}，V4 {sr:.2g}，FP32 {fp32:.2g}；每 rank 传输 {b16} 而非 {b32}（{elements:,} 个值）。</translation>
    </message>
</context>
<context>
    <name>StepTime</name>
    <message>
        <location filename="../../views/time/common.py" line="45"/>
        <source>exposed {axis} communication</source>
        <translation>暴露的 {axis} 通信</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="46"/>
        <source>compute (GEMMs)</source>
        <translation>计算（GEMM）</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="47"/>
        <source>memory-bound (element-wise)</source>
        <translation>访存受限（逐元素）</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="48"/>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="49"/>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="63"/>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="34"/>
        <source>A deterministic teaching model, not a benchmark of a real cluster. Hover a bar for its numbers.</source>
        <translation>确定性教学模型，并非真实集群的基准测试。悬停在条形上可查看其数值。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="184"/>
        <source>A deterministic teaching model, not a benchmark of a real cluster: configurations ranked by the step-time model, among those whose memory ledger fits and that validate without errors.</source>
        <translation>确定性教学模型，并非真实集群的基准测试：在显存账本放得下且校验无错误的配置中，按步时模型排序。</translation>
    </message>
</context>
<context>
    <name>StepTimePanel</name>
    <message>
        <location filename="../../views/time/panel.py" line="70"/>
        <source>Where each pipeline rank&apos;s step goes</source>
        <translation>各流水线 rank 一步的时间去向</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="72"/>
        <location filename="../../views/time/panel.py" line="81"/>
        <source>ms per step</source>
        <translation>每步 ms</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="79"/>
        <source>Communication per axis: exposed, or hidden under compute</source>
        <translation>各并行维度的通信：暴露的，或被计算隐藏的</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="87"/>
        <location filename="../../views/time/panel.py" line="303"/>
        <source>solid: exposed (the step waits for it) · light: hidden under compute</source>
        <translation>实色：暴露（训练步需等待它）· 浅色：被计算隐藏</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="90"/>
        <source>Model inputs</source>
        <translation>模型输入</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="91"/>
        <source>The GPU&apos;s peak FLOP/s and HBM bandwidth, the GEMM efficiency and which communication overlaps compute</source>
        <translation>GPU 的峰值 FLOP/s 与 HBM 带宽、GEMM 效率，以及哪些通信与计算重叠</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="101"/>
        <source>How the model counts</source>
        <translation>模型如何计算</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="193"/>
        <source>What the step-time model assumes</source>
        <translation>步时模型的假设</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="208"/>
        <source>Invalid scenario — nothing to time:</source>
        <translation>场景无效 — 无可计时内容：</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="213"/>
        <source>Timing the step…</source>
        <translation>正在计算步时…</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="225"/>
        <source>The step-time model cannot time this scenario: {reason}</source>
        <translation>步时模型无法为此场景计时：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="247"/>
        <source>&lt;span style=&apos;font-size:large&apos;&gt;&lt;b&gt;Step time {step}&lt;/b&gt;&lt;/span&gt;&lt;br&gt;{tokens} tokens/s · {tokens_per_step} tokens per step (global batch {batch})</source>
        <translation>&lt;span style=&apos;font-size:large&apos;&gt;&lt;b&gt;步时 {step}&lt;/b&gt;&lt;/span&gt;&lt;br&gt;{tokens} token/s · 每步 {tokens_per_step} 个 token（全局批大小 {batch}）</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="253"/>
        <source>&lt;b&gt;MFU {mfu}&lt;/b&gt; · &lt;b&gt;HFU {hfu}&lt;/b&gt;&lt;br&gt;MFU counts the model&apos;s own FLOPs per step ({model_flops}); HFU counts what the GPUs run, recomputed forward passes included ({hardware_flops}), so HFU ≥ MFU. Both are over {gpus} × {peak} peak.</source>
        <translation>&lt;b&gt;MFU {mfu}&lt;/b&gt; · &lt;b&gt;HFU {hfu}&lt;/b&gt;&lt;br&gt;MFU 只计模型自身每步的 FLOPs（{model_flops}）；HFU 计 GPU 实际执行的运算，含重计算的前向传播（{hardware_flops}），因此 HFU ≥ MFU。二者都以 {gpus} × {peak} 的峰值为分母。</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="259"/>
        <source>Pipeline {pipeline} + optimizer {optimizer} · {gpu}: {peak}/s BF16, HBM {hbm}/s</source>
        <translation>流水线 {pipeline} + 优化器 {optimizer} · {gpu}：BF16 {peak}/s，HBM {hbm}/s</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="275"/>
        <source>Pipeline rank {rank}: {total}</source>
        <translation>流水线 rank {rank}：{total}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="277"/>
        <source>rank {rank}</source>
        <translation>rank {rank}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="290"/>
        <source>&lt;b&gt;{axis}&lt;/b&gt;: {bytes} per rank per step&lt;br&gt;{time} in all: {exposed} exposed, {hidden} hidden under compute</source>
        <translation>&lt;b&gt;{axis}&lt;/b&gt;：每 rank 每步 {bytes}&lt;br&gt;共 {time}：暴露 {exposed}，被计算隐藏 {hidden}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="301"/>
        <source>No communication between GPUs in this configuration.</source>
        <translation>此配置下 GPU 之间没有通信。</translation>
    </message>
</context>
<context>
    <name>TrafficTable</name>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="17"/>
        <source>Axis</source>
        <translation>维度</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="17"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="17"/>
        <source>Group</source>
        <translation>组大小</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Per call</source>
        <translation>每次调用</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Sent per step</source>
        <translation>每步发送</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="19"/>
        <source>When</source>
        <translation>何时发生</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="31"/>
        <source>crosses nodes (up to {n})</source>
        <translation>跨节点（最多 {n} 个）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="32"/>
        <source>inside a node</source>
        <translation>节点内</translation>
    </message>
</context>
<context>
    <name>TwoStagePanel</name>
    <message>
        <location filename="../../views/context/two_stage.py" line="44"/>
        <source>Shapes and bytes per stage</source>
        <translation>各阶段的形状与字节数</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="66"/>
        <source>stage 1: send</source>
        <translation>阶段 1：发送</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="66"/>
        <source>stage 1: output</source>
        <translation>阶段 1：输出</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="67"/>
        <source>stage 2: all-gather</source>
        <translation>阶段 2：all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="68"/>
        <source>stage 2: select-and-pad</source>
        <translation>阶段 2：选择并填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="84"/>
        <source>{bytes} per rank</source>
        <translation>每 rank {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="90"/>
        <source>d_kv = {d}: one token&apos;s KV entry; the compressor itself is not modelled, only shapes and bytes.</source>
        <translation>d_kv = {d}：一个 token 的 KV 条目；不对压缩器本身建模，只计形状与字节数。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="93"/>
        <source>m = {m} does not divide s = {s:,}: ⌈s/m⌉ + 1 entries per rank; under plain CP {straddling} compression blocks straddle a rank boundary.</source>
        <translation>m = {m} 不能整除 s = {s:,}：每 rank ⌈s/m⌉ + 1 个条目；在普通 CP 下有 {straddling} 个压缩块跨越 rank 边界。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="97"/>
        <source>Each cell of a rank&apos;s upper row is a block of m = {m} tokens; the lower row its compressed entries: ▣ the bridge (from the previous rank&apos;s last m tokens), ▧ a pad.</source>
        <translation>每个 rank 的上排每格是 m = {m} 个 token 的一个块；下排是其压缩条目：▣ 桥接条目（来自前一个 rank 的最后 m 个 token），▧ 填充。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="109"/>
        <source>Plain CP: every rank holds s = {s:,} tokens, {blocks:,} compression blocks of m = {m}.</source>
        <translation>普通 CP：每个 rank 持有 s = {s:,} 个 token，即 {blocks:,} 个 m = {m} 的压缩块。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="112"/>
        <source>Stage 1: every rank sends its last m = {m} uncompressed KV entries ({bytes}) to the next rank.</source>
        <translation>阶段 1：每个 rank 把最后 m = {m} 个未压缩的 KV 条目（{bytes}）发给下一个 rank。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="115"/>
        <source>Stage 1: every rank compresses them into its bridge entry and its own blocks into one entry each: s/m + 1 = {count:,} entries per rank (rank 0&apos;s bridge is a pad).</source>
        <translation>阶段 1：每个 rank 把收到的条目压缩成桥接条目，并把自己的每个块各压缩成一个条目：每 rank s/m + 1 = {count:,} 个条目（rank 0 的桥接为填充）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="119"/>
        <source>Stage 2: an all-gather gives every rank all {ranks} × {count:,} = {gathered:,} entries ({bytes} received per rank).</source>
        <translation>阶段 2：一次 all-gather 让每个 rank 得到全部 {ranks} × {count:,} = {gathered:,} 个条目（每 rank 接收 {bytes}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="123"/>
        <source>Stage 2: select-and-pad keeps the {valid:,} valid entries in order and pads to {gathered:,} ({pads} pad).</source>
        <translation>阶段 2：“选择并填充”按顺序保留 {valid:,} 个有效条目，并填充到 {gathered:,} 个（{pads} 个填充）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="131"/>
        <source>rank {r}, block {b}: tokens {lo:,}–{hi:,}</source>
        <translation>rank {r}，块 {b}：token {lo:,}–{hi:,}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="132"/>
        <source>rank {r}: the compressed entry of block {b}</source>
        <translation>rank {r}：块 {b} 的压缩条目</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="133"/>
        <source>rank {r}: the bridge entry, from rank {p}&apos;s last {m} tokens</source>
        <translation>rank {r}：桥接条目，来自 rank {p} 的最后 {m} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="134"/>
        <source>rank 0: no predecessor, its bridge slot is a pad</source>
        <translation>rank 0：没有前驱，其桥接位为填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="138"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="164"/>
        <source>… {more} more ranks</source>
        <translation>… 另有 {more} 个 rank</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="183"/>
        <source>gathered</source>
        <translation>已收集</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="194"/>
        <location filename="../../views/context/two_stage.py" line="209"/>
        <source>from rank {r}</source>
        <translation>来自 rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="203"/>
        <source>selected</source>
        <translation>已选取</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="212"/>
        <source>pad</source>
        <translation>填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="214"/>
        <source>{valid:,} valid + {pads} pad = {gathered:,}</source>
        <translation>{valid:,} 有效 + {pads} 填充 = {gathered:,}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="220"/>
        <source>DeepSeek-V4 two-stage CP over {n} ranks: S = {s:,} tokens, compression m = {m}</source>
        <translation>DeepSeek-V4 在 {n} 个 rank 上的两阶段 CP：S = {s:,} 个 token，压缩比 m = {m}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="226"/>
        <source>s = S/cp = {s:,} tokens per rank → s/m + 1 = {count:,} compressed entries per rank (the +1 is the bridge).</source>
        <translation>每 rank s = S/cp = {s:,} 个 token → 每 rank s/m + 1 = {count:,} 个压缩条目（+1 即桥接条目）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="228"/>
        <source>Stage 1 sends {one} to the next rank; stage 2&apos;s all-gather receives {two} per rank.</source>
        <translation>阶段 1 向下一个 rank 发送 {one}；阶段 2 的 all-gather 每 rank 接收 {two}。</translation>
    </message>
</context>
<context>
    <name>UlyssesPanel</name>
    <message>
        <location filename="../../views/context/ulysses.py" line="54"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the numbers above are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；上方数字按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="65"/>
        <source>Each rank&apos;s grid: rows are sequence blocks, columns head groups; a cell is coloured by its sequence block; outlined: received in this round.</source>
        <translation>每个 rank 的网格：行是序列块，列是头组；单元格按所属序列块着色；描边：本轮收到。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="108"/>
        <source>Sequence-sharded: rank r holds sequence block r (S/n tokens) of every head.</source>
        <translation>按序列切分：rank r 持有所有头的序列块 r（S/n 个 token）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="110"/>
        <source>QKV all-to-all, round {k} of {rounds}: {pairs}</source>
        <translation>QKV all-to-all，第 {k} 轮，共 {rounds} 轮：{pairs}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="113"/>
        <source>Head-sharded: rank r holds head group r for the whole sequence; attention runs with no further communication.</source>
        <translation>按头切分：rank r 持有头组 r 的整条序列；注意力计算无需再通信。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="116"/>
        <source>Output all-to-all, round {k} of {rounds}: {pairs}</source>
        <translation>输出 all-to-all，第 {k} 轮，共 {rounds} 轮：{pairs}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="118"/>
        <source>Sequence-sharded again: the attention output of block r is back on rank r.</source>
        <translation>再次按序列切分：块 r 的注意力输出回到 rank r。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="140"/>
        <source>rank {r}: sequence block {b}, head group {g}</source>
        <translation>rank {r}：序列块 {b}，头组 {g}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="163"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="168"/>
        <source>DeepSpeed-Ulysses over {n} ranks: S = {s:,} tokens, {heads} heads</source>
        <translation>{n} 个 rank 上的 DeepSpeed-Ulysses：S = {s:,} 个 token，{heads} 个头</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="173"/>
        <source>attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="173"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="174"/>
        <source>Per layer every rank sends {total} per link: {qkv} of Q, K, V and {out} of output (4SH/n without GQA); both all-to-alls take {time} on {tier}.</source>
        <translation>每层每个 rank 在每条链路上发送 {total}：Q、K、V 共 {qkv}，输出 {out}（无 GQA 时为 4SH/n）；两次 all-to-all 在{tier}上共耗时 {time}。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="179"/>
        <source>The degree is at most {max}, set by the {limit} ({heads} attention heads, {kv} KV heads).</source>
        <translation>{limit}决定并行度至多为 {max}（{heads} 个注意力头，{kv} 个 KV 头）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="184"/>
        <source>Not feasible: {reason}</source>
        <translation>不可行：{reason}</translation>
    </message>
</context>
<context>
    <name>UspPanel</name>
    <message>
        <location filename="../../views/context/usp.py" line="32"/>
        <source>What one rank sends per layer</source>
        <translation>每个 rank 每层发送的数据量</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="49"/>
        <source>{n} GPUs: too many to draw (up to {limit}).</source>
        <translation>{n} 个 GPU：太多，无法绘制（最多 {limit} 个）。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="58"/>
        <source>Ulysses axis</source>
        <translation>Ulysses 轴</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="59"/>
        <source>Ring axis</source>
        <translation>Ring 轴</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="69"/>
        <source>{unit} per layer</source>
        <translation>每层 {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="74"/>
        <source>Ulysses ({u} ranks, 4(S/ring)H/ulysses): {tier}</source>
        <translation>Ulysses（{u} 个 rank，4(S/ring)H/ulysses）：{tier}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="76"/>
        <source>Ring ({r} ranks, {steps} steps of {bytes}): {tier}</source>
        <translation>Ring（{r} 个 rank，{steps} 步，每步 {bytes}）：{tier}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="79"/>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="80"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="89"/>
        <source>Sequence-sharded: every GPU holds S/{n} tokens of every head.</source>
        <translation>按序列切分：每个 GPU 持有所有头的 S/{n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="92"/>
        <source>QKV all-to-all inside every row ({u} GPUs): a row&apos;s GPUs trade heads for tokens, so each holds S/{r} tokens of 1/{u} of the heads.</source>
        <translation>每行内做 QKV all-to-all（{u} 个 GPU）：同一行的 GPU 以头换 token，于是每个 GPU 持有 1/{u} 的头的 S/{r} 个 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="97"/>
        <source>Ring step {j} of {steps}: every GPU computes with the K/V block it holds and passes that block down its column.</source>
        <translation>Ring 第 {j} 步，共 {steps} 步：每个 GPU 用手中的 K/V 块计算，并把该块沿所在列向下传递。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="99"/>
        <source>Ring step {j} of {steps}: every GPU computes with the last K/V block it has received.</source>
        <translation>Ring 第 {j} 步，共 {steps} 步：每个 GPU 用最后收到的 K/V 块计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="101"/>
        <source>Output all-to-all inside every row: back to sequence-sharded.</source>
        <translation>每行内做输出 all-to-all：恢复为按序列切分。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="112"/>
        <source>GPU {g}: Ulysses position {u} of row {row}, ring position {row} of column {u}</source>
        <translation>GPU {g}：第 {row} 行的 Ulysses 位置 {u}，第 {u} 列的 Ring 位置 {row}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="123"/>
        <source>Ulysses axis: {u} GPUs per row (all-to-all)</source>
        <translation>Ulysses 轴：每行 {u} 个 GPU（all-to-all）</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="125"/>
        <source>Ring axis (P2P):
{r} per column</source>
        <translation>Ring 轴（P2P）：
每列 {r} 个</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="141"/>
        <source>USP over {n} ranks: {u} Ulysses × {r} Ring, S = {s:,} tokens</source>
        <translation>{n} 个 rank 上的 USP：{u} Ulysses × {r} Ring，S = {s:,} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="146"/>
        <source>Per layer one rank sends {u} on the Ulysses axis and {r} on the Ring axis ({steps} steps of {step}).</source>
        <translation>每层一个 rank 在 Ulysses 轴上发送 {u}，在 Ring 轴上发送 {r}（{steps} 步，每步 {step}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="151"/>
        <source>The Ulysses axis lands on {u}; the Ring axis on {r}.</source>
        <translation>Ulysses 轴走{u}；Ring 轴走{r}。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="155"/>
        <source>Not feasible: {reason}</source>
        <translation>不可行：{reason}</translation>
    </message>
</context>
<context>
    <name>ValidationBanner</name>
    <message>
        <location filename="../../views/banner.py" line="40"/>
        <source>Invalid scenario ({count} errors):</source>
        <translation>场景无效（{count} 个错误）：</translation>
    </message>
    <message>
        <location filename="../../views/banner.py" line="43"/>
        <source>Warnings:</source>
        <translation>警告：</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <location filename="../../views/context/common.py" line="51"/>
        <source>NVLink inside one node</source>
        <translation>节点内 NVLink</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="52"/>
        <source>the network across {nodes} nodes</source>
        <translation>跨 {nodes} 个节点的网络</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="59"/>
        <source> per TP rank (tp = {tp})</source>
        <translation>（每个 TP rank，tp = {tp}）</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="61"/>
        <source>Ulysses degree {degree} exceeds the {count} KV heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 超过 {count} 个 KV 头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="65"/>
        <source>Ulysses degree {degree} exceeds the {count} attention heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 超过 {count} 个注意力头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="68"/>
        <source>Ulysses degree {degree} does not divide the {heads} attention heads and {kv} KV heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 不能整除 {heads} 个注意力头与 {kv} 个 KV 头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="76"/>
        <source>the Ulysses degree {u} does not divide cp = {cp}: no ulysses × ring grid</source>
        <translation>Ulysses 并行度 {u} 不能整除 cp = {cp}：无法构成 ulysses × ring 网格</translation>
    </message>
</context>
<context>
    <name>keys</name>
    <message>
        <location filename="../../models/keys.py" line="17"/>
        <source>The scenario&apos;s title, shown in the window and on every figure</source>
        <translation>场景标题，显示在窗口和每张图表上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="19"/>
        <source>The model&apos;s name, for people (no number depends on it)</source>
        <translation>模型名称，仅供人阅读（不影响任何数字）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="20"/>
        <source>Transformer layers l</source>
        <translation>Transformer 层数 l</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="21"/>
        <source>Hidden size h: the width of every token&apos;s residual stream</source>
        <translation>隐藏维度 h：每个 token 残差流的宽度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="22"/>
        <source>Attention (query) heads a</source>
        <translation>注意力（查询）头数 a</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="23"/>
        <source>Key/value heads (GQA); equal to heads for multi-head attention</source>
        <translation>键/值头数（GQA）；多头注意力时等于头数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="24"/>
        <source>Width of one attention head; 0 = hidden / heads (MLA: the query/key part without rotary positions)</source>
        <translation>单个注意力头的宽度；0 = hidden / heads（MLA：查询/键中不含旋转位置编码的部分）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="26"/>
        <source>Width of a dense layer&apos;s MLP (the FFN hidden size)</source>
        <translation>稠密层 MLP 的宽度（FFN 隐藏维度）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="27"/>
        <source>Vocabulary size V: rows of the embedding and of the output head</source>
        <translation>词表大小 V：嵌入层与输出头的行数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="28"/>
        <source>Sequence length s: tokens per sample</source>
        <translation>序列长度 s：每个样本的 token 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="29"/>
        <source>Micro-batch size b: samples per forward/backward pass</source>
        <translation>微批大小 b：每次前向/反向传播的样本数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="30"/>
        <source>The output head shares the input embedding&apos;s weights</source>
        <translation>输出头与输入嵌入共享权重</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="31"/>
        <source>MLP kind: GeLU (two matrices) or SwiGLU (three, gated)</source>
        <translation>MLP 类型：GeLU（两个矩阵）或 SwiGLU（三个矩阵，带门控）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="32"/>
        <source>Dropout is on, so its masks are saved for the backward pass</source>
        <translation>启用 Dropout，其掩码需保存供反向传播使用</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="33"/>
        <source>A dense parameter count Ψ that replaces the one from the shape; 0 = from the shape</source>
        <translation>直接指定的稠密参数量 Ψ，取代按形状推算的值；0 = 按形状推算</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="35"/>
        <source>Attention kind: multi-head/grouped (mha) or DeepSeek&apos;s multi-head latent attention (mla)</source>
        <translation>注意力类型：多头/分组查询注意力（mha）或 DeepSeek 的多头潜在注意力（mla）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="37"/>
        <source>MLA: rank of the compressed query; 0 = queries projected at full rank</source>
        <translation>MLA：压缩查询的秩；0 = 查询按满秩投影</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="39"/>
        <source>MLA: rank of the joint key/value latent (what the KV cache keeps)</source>
        <translation>MLA：键/值联合潜在向量的秩（即 KV cache 保存的内容）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="41"/>
        <source>MLA: width of each head&apos;s rotary-position part of query and key</source>
        <translation>MLA：每个头的查询与键中旋转位置编码部分的宽度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="43"/>
        <source>MLA: width of each head&apos;s value; 0 = head_dim</source>
        <translation>MLA：每个头的值向量宽度；0 = head_dim</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="44"/>
        <source>Routed experts E per MoE layer; 0 = a dense model</source>
        <translation>每个 MoE 层的路由专家数 E；0 = 稠密模型</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="45"/>
        <source>Experts each token is routed to (K)</source>
        <translation>每个 token 路由到的专家数（K）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="46"/>
        <source>Width of one routed expert&apos;s MLP</source>
        <translation>单个路由专家 MLP 的宽度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="47"/>
        <source>Shared experts every token passes through, besides the routed ones</source>
        <translation>除路由专家外，每个 token 都要经过的共享专家数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="49"/>
        <source>Leading layers with a dense MLP instead of experts</source>
        <translation>开头使用稠密 MLP 而非专家的层数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="50"/>
        <source>Megatron&apos;s make-vocab-size-divisible-by: the vocabulary is padded to a multiple of this × tp; 1 = no padding</source>
        <translation>Megatron 的 make-vocab-size-divisible-by：词表填充到该值 × tp 的倍数；1 = 不填充</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="53"/>
        <source>Normalization: RMSNorm (a weight) or LayerNorm (a weight and a bias)</source>
        <translation>归一化：RMSNorm（一个权重）或 LayerNorm（一个权重和一个偏置）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="55"/>
        <source>Biases on the query, key and value projections only (Qwen2)</source>
        <translation>仅在查询、键、值投影上加偏置（Qwen2）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="56"/>
        <source>A bias on every linear layer (GPT-2, GPT-3)</source>
        <translation>每个线性层都带偏置（GPT-2、GPT-3）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="57"/>
        <source>An RMSNorm on each head&apos;s query and key (Qwen3)</source>
        <translation>对每个头的查询和键各做一次 RMSNorm（Qwen3）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="58"/>
        <source>Positions: rotary (rope, no parameters) or a learned table</source>
        <translation>位置编码：旋转位置编码（rope，无参数）或可学习的位置表</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="60"/>
        <source>Rows of the learned position table; 0 = seq_len</source>
        <translation>可学习位置表的行数；0 = seq_len</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="61"/>
        <source>Every how many layers an MoE layer comes: layer l ≥ first_dense_layers has experts if l % freq = 0</source>
        <translation>每隔多少层出现一个 MoE 层：满足 l ≥ first_dense_layers 且 l % freq = 0 的第 l 层带专家</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="63"/>
        <source>Which layers have experts, one 0/1 per layer (&quot;0111…&quot; or &quot;[0]*3+[1]*58&quot;); empty = first_dense_layers and moe_layer_freq decide</source>
        <translation>哪些层带专家，每层一个 0/1（&quot;0111…&quot; 或 &quot;[0]*3+[1]*58&quot;）；留空 = 由 first_dense_layers 和 moe_layer_freq 决定</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="66"/>
        <source>Width of the shared-expert MLP; 0 = shared_experts × expert_ffn_hidden</source>
        <translation>共享专家 MLP 的宽度；0 = shared_experts × expert_ffn_hidden</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="68"/>
        <source>A sigmoid gate h → 1 scales the shared expert&apos;s output (Qwen2-MoE)</source>
        <translation>一个 h → 1 的 sigmoid 门控，缩放共享专家的输出（Qwen2-MoE）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="70"/>
        <source>A routing bias per expert for auxiliary-loss-free balancing (DeepSeek-V3)</source>
        <translation>每个专家一个路由偏置，用于无辅助损失的负载均衡（DeepSeek-V3）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="72"/>
        <source>DeepSeek-V3 multi-token-prediction modules, each one more layer on the last pipeline stage</source>
        <translation>DeepSeek-V3 的多 token 预测（MTP）模块，每个模块在最后一个流水线阶段上多出一层</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="75"/>
        <source>Storage precision of the working parameters</source>
        <translation>工作参数的存储精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="76"/>
        <source>Storage precision of the gradients</source>
        <translation>梯度的存储精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="77"/>
        <source>Precision of the optimizer&apos;s master copy of the weights</source>
        <translation>优化器所持主权重副本的精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="78"/>
        <source>Precision of the optimizer states (Adam&apos;s moments, momentum)</source>
        <translation>优化器状态的精度（Adam 的一阶/二阶矩、动量）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="80"/>
        <source>Precision of the activations saved for the backward pass</source>
        <translation>为反向传播保存的激活的精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="82"/>
        <source>Optimizer: Adam (two states per parameter), Muon or SGD with momentum (one)</source>
        <translation>优化器：Adam（每个参数两个状态）、Muon 或带动量的 SGD（一个状态）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="85"/>
        <source>Tensor-parallel degree: each layer&apos;s matrices split over this many GPUs</source>
        <translation>张量并行度：每层的矩阵切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="87"/>
        <source>Pipeline-parallel degree: the layers split into this many stages</source>
        <translation>流水线并行度：所有层切分成这么多个阶段</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="89"/>
        <source>Virtual pipeline stages (model chunks) per rank, for interleaved 1F1B</source>
        <translation>每个 rank 的虚拟流水线阶段数（模型块数），用于交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="91"/>
        <source>Data-parallel degree: model replicas, each on its own share of the batch</source>
        <translation>数据并行度：模型副本数，每个副本处理各自那一份批数据</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="93"/>
        <source>Context-parallel degree: each sequence split over this many GPUs</source>
        <translation>上下文并行度：每条序列切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="95"/>
        <source>Expert-parallel degree: the routed experts split over this many GPUs</source>
        <translation>专家并行度：路由专家分布到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="97"/>
        <source>Expert tensor-parallel degree: each expert&apos;s matrices split over this many GPUs</source>
        <translation>专家张量并行度：每个专家的矩阵切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="99"/>
        <source>Sequence parallelism: with TP, norms and dropout work on 1/tp of the tokens</source>
        <translation>序列并行：配合 TP，归一化与 dropout 只处理 1/tp 的 token</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="101"/>
        <source>ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also parameters over DP</source>
        <translation>ZeRO 阶段：在 DP 上，1 切分优化器状态，2 再切分梯度，3 再切分参数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="103"/>
        <source>Layers on the first pipeline stage; 0 = an even split</source>
        <translation>第一个流水线阶段的层数；0 = 均分</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="105"/>
        <source>Layers on the last pipeline stage; 0 = an even split</source>
        <translation>最后一个流水线阶段的层数；0 = 均分</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="107"/>
        <source>Count the embedding as one layer when splitting layers over stages</source>
        <translation>在各阶段间划分层时，把嵌入层计为一层</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="109"/>
        <source>Count the output head and loss as one layer when splitting layers over stages</source>
        <translation>在各阶段间划分层时，把输出头与损失计为一层</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="111"/>
        <source>Rank order of the mesh axes, fastest first (tp-cp-dp-pp), or a framework&apos;s name</source>
        <translation>mesh 各轴的 rank 顺序，变化最快的在前（tp-cp-dp-pp），或某个框架的名称</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="114"/>
        <source>Activation recomputation: none, selective (attention core) or full (each layer from its input)</source>
        <translation>激活重计算：none（不重计算）、selective（注意力核心）或 full（每层从其输入重算）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="116"/>
        <source>FlashAttention: no s × s attention matrix is saved</source>
        <translation>FlashAttention：不保存 s × s 的注意力矩阵</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="118"/>
        <source>Share of saved activations stored in FP8</source>
        <translation>以 FP8 存储的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="119"/>
        <source>Share of saved activations offloaded to CPU memory</source>
        <translation>卸载到 CPU 内存的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="121"/>
        <source>Share of saved activations offloaded to a peer GPU</source>
        <translation>卸载到对端 GPU 的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="123"/>
        <source>Layers per stage chunk recomputed in full (Megatron&apos;s --recompute-num-layers); 0 = all follow recompute</source>
        <translation>每个阶段块中全量重计算的层数（Megatron 的 --recompute-num-layers）；0 = 全部遵循 recompute 设置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="126"/>
        <source>Split the full-recompute checkpoints over the TP ranks</source>
        <translation>把全量重计算的检查点切分到各 TP rank 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="128"/>
        <source>A named per-tensor policy of what is saved, recomputed, stored in FP8 or offloaded</source>
        <translation>命名的逐张量策略：规定哪些张量保存、重计算、以 FP8 存储或卸载</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="130"/>
        <source>How many steps of the policy&apos;s ladder apply; 0 = all</source>
        <translation>应用策略阶梯的前几步；0 = 全部</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="132"/>
        <source>Per-tensor overrides after the policy, as tensor=backend</source>
        <translation>在策略之后生效的逐张量覆盖，格式为 tensor=backend</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="134"/>
        <source>Where the optimizer states and master weights live</source>
        <translation>优化器状态与主权重的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="135"/>
        <source>Where the parameters live between uses</source>
        <translation>参数在两次使用之间的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="136"/>
        <source>Where the gradient shards live</source>
        <translation>梯度分片的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="137"/>
        <source>How gradients reach the CPU: Pipeline ZeRO-2&apos;s chunk buffers or ZeRO-Offload&apos;s bucket stream</source>
        <translation>梯度如何传到 CPU：Pipeline ZeRO-2 的分块缓冲区，或 ZeRO-Offload 的分桶流式传输</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="139"/>
        <source>Elements reduced and moved to the CPU at a time (DeepSpeed&apos;s reduce_bucket_size)</source>
        <translation>每次归约并移到 CPU 的元素数（DeepSpeed 的 reduce_bucket_size）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="142"/>
        <source>Nodes in the cluster</source>
        <translation>集群中的节点数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="143"/>
        <source>GPUs in each node</source>
        <translation>每个节点的 GPU 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="144"/>
        <source>GPU model, from the catalogue (custom: set hbm_gib)</source>
        <translation>GPU 型号，取自型号目录（custom：需设置 hbm_gib）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="145"/>
        <source>GPU memory in GiB; 0 = the catalogue&apos;s</source>
        <translation>GPU 显存（GiB）；0 = 采用型号目录中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="146"/>
        <source>Bandwidth per GPU inside a node (NVLink), GB/s</source>
        <translation>节点内每 GPU 带宽（NVLink），GB/s</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="147"/>
        <source>Bandwidth per GPU between nodes (InfiniBand, RoCE), GB/s</source>
        <translation>节点间每 GPU 带宽（InfiniBand、RoCE），GB/s</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="149"/>
        <source>Latency α of one message inside a node, µs</source>
        <translation>节点内单条消息的延迟 α，µs</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="150"/>
        <source>Latency α of one message between nodes, µs</source>
        <translation>节点间单条消息的延迟 α，µs</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="151"/>
        <source>Scale-out network: a two-tier fat-tree, rail-optimised (NIC i of every node on rail i) or plain (a node&apos;s NICs on one leaf)</source>
        <translation>横向扩展网络：两层胖树，轨道优化（每个节点的第 i 块网卡接在第 i 条轨道上）或普通（一个节点的网卡接在同一台叶交换机上）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="153"/>
        <source>NICs per node; 0 = one per GPU</source>
        <translation>每节点网卡数；0 = 每张 GPU 一块</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="154"/>
        <source>Ports of a leaf switch facing NICs</source>
        <translation>叶交换机面向网卡的端口数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="155"/>
        <source>Leaf down- to uplink bandwidth; 1 = non-blocking</source>
        <translation>叶交换机下行与上行带宽之比；1 = 无阻塞</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="156"/>
        <source>GB/s of one leaf–spine link; 0 = a NIC&apos;s bandwidth</source>
        <translation>一条叶—脊链路的 GB/s；0 = 与网卡带宽相同</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="157"/>
        <source>Cross-node routes: ECMP over the shortest paths, or the rail rule (NVLink to the same-index GPU first)</source>
        <translation>跨节点路由：在最短路径上做 ECMP，或采用轨道规则（先经 NVLink 到同序号 GPU）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="159"/>
        <source>Dense BF16 TFLOP/s of one GPU; 0 = the GPU&apos;s data sheet</source>
        <translation>单个 GPU 的稠密 BF16 TFLOP/s；0 = 采用该 GPU 规格表中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="160"/>
        <source>HBM bandwidth of one GPU in GB/s; 0 = the GPU&apos;s data sheet</source>
        <translation>单个 GPU 的 HBM 带宽（GB/s）；0 = 采用该 GPU 规格表中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="162"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="163"/>
        <source>Micro-batches m per optimizer step</source>
        <translation>每个优化器步的微批数 m</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="164"/>
        <source>Time of one stage&apos;s forward pass F (schedule time units)</source>
        <translation>一个阶段前向传播的时间 F（调度时间单位）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="165"/>
        <source>Time of one stage&apos;s full backward pass B = I + W</source>
        <translation>一个阶段完整反向传播的时间 B = I + W</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="166"/>
        <source>Time of the weight-gradient part W of a backward pass</source>
        <translation>反向传播中权重梯度部分 W 的时间</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="167"/>
        <source>Time of an overlapped forward and backward pair (DualPipe)</source>
        <translation>一对重叠的前向与反向的时间（DualPipe）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="168"/>
        <source>Latency of one point-to-point transfer between stages</source>
        <translation>阶段间一次点对点传输的延迟</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="170"/>
        <source>Share of GPU memory lost to the allocator&apos;s fragmentation</source>
        <translation>因分配器碎片而损失的 GPU 显存占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="172"/>
        <source>Count the communication buffers (NCCL, DP buckets) in the ledger</source>
        <translation>在账本中计入通信缓冲区（NCCL、DP 分桶）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="174"/>
        <source>The CUDA context (with the cuBLAS workspaces) of the process on each GPU, MiB; 0 = not counted</source>
        <translation>每张 GPU 上进程的 CUDA 上下文（含 cuBLAS 工作区），MiB；0 = 不计入</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="176"/>
        <source>NCCL_BUFFSIZE: the Simple protocol&apos;s buffer per channel and peer, MiB; 0 = no NCCL buffers</source>
        <translation>NCCL_BUFFSIZE：Simple 协议每个通道、每个对端的缓冲区，MiB；0 = 不计 NCCL 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="178"/>
        <source>NCCL channels per communicator (NCCL picks them from the topology); 0 = no NCCL buffers</source>
        <translation>每个通信器的 NCCL 通道数（NCCL 根据拓扑选择）；0 = 不计 NCCL 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="180"/>
        <source>NCCL protocols enabled (NCCL_PROTO), each with its own buffers</source>
        <translation>启用的 NCCL 协议（NCCL_PROTO），每种协议有各自的缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="182"/>
        <source>DeepEP dispatch/combine buffers for ep &gt; 1: high-throughput (normal), low-latency, or none</source>
        <translation>ep &gt; 1 时 DeepEP 的 dispatch/combine 缓冲区：高吞吐（normal）、低延迟（low-latency）或不计（none）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="184"/>
        <source>SMs DeepEP&apos;s kernels use (Buffer.num_sms; two per channel)</source>
        <translation>DeepEP kernel 使用的 SM 数（Buffer.num_sms；每个通道两个）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="186"/>
        <source>FP8 copies of each weight kept for FP8 training: 0, 1 or 2 (with its transpose)</source>
        <translation>FP8 训练为每个权重保留的 FP8 副本数：0、1 或 2（含其转置）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="188"/>
        <source>FP8 scaling recipe, which sets the scaling state kept: delayed, current, blockwise or MXFP8</source>
        <translation>FP8 缩放方案，决定需要保留的缩放状态：延迟缩放（delayed）、当前缩放（current）、分块缩放（blockwise）或 MXFP8</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="190"/>
        <source>Delayed scaling: amax values remembered per tensor</source>
        <translation>延迟缩放：每个张量保留的 amax 历史值个数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="192"/>
        <source>Count the host buffers of CPU/NVMe offloading on the CPU tier</source>
        <translation>在 CPU 层级计入 CPU/NVMe 卸载的主机缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="194"/>
        <source>DeepSpeed offload_param buffer_count</source>
        <translation>DeepSpeed offload_param 的 buffer_count</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="195"/>
        <source>DeepSpeed offload_param buffer_size, elements</source>
        <translation>DeepSpeed offload_param 的 buffer_size，单位为元素</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="197"/>
        <source>DeepSpeed offload_optimizer buffer_count</source>
        <translation>DeepSpeed offload_optimizer 的 buffer_count</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="199"/>
        <source>DeepSpeed sub_group_size: elements the optimizer steps at a time, elements</source>
        <translation>DeepSpeed sub_group_size：优化器每次更新的元素数，单位为元素</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="202"/>
        <source>Tokens S each EP rank routes per MoE layer</source>
        <translation>每个 EP rank 在每个 MoE 层路由的 token 数 S</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="203"/>
        <source>How tokens choose experts: uniform, Zipf-skewed, hot experts or node-limited</source>
        <translation>token 如何选择专家：均匀、Zipf 偏斜、热点专家或节点受限</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="205"/>
        <source>Seed of the routing&apos;s random draws (same seed, same figure)</source>
        <translation>路由随机抽样的种子（种子相同，图就相同）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="206"/>
        <source>Node-limited routing: nodes one token&apos;s experts may span</source>
        <translation>节点受限路由：一个 token 的专家最多可跨越的节点数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="207"/>
        <source>Precision of the tokens sent in the dispatch all-to-all</source>
        <translation>dispatch all-to-all 中所发送 token 的精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="209"/>
        <source>Dispatch over the network: direct, or DeepSeek-V3&apos;s two hops (IB to the same-index GPU, then NVLink)</source>
        <translation>MoE 分发在网络上的路径：直达，或 DeepSeek-V3 的两跳（先经 IB 到同序号 GPU，再经 NVLink）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="212"/>
        <source>Op durations: the units typed (manual) or seconds from the step-time model (model)</source>
        <translation>操作时长：手动输入的单位（manual），或步时模型给出的秒数（model）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="214"/>
        <source>The DP/ZeRO gradient reduction runs under the backward pass</source>
        <translation>DP/ZeRO 梯度归约与反向传播重叠执行</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="215"/>
        <source>TP collectives run under the GEMMs (Megatron-LM --tp-comm-overlap)</source>
        <translation>TP 集合通信与 GEMM 重叠执行（Megatron-LM --tp-comm-overlap）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="217"/>
        <source>EP all-to-alls run under the expert GEMMs (DualPipe always overlaps them)</source>
        <translation>EP all-to-all 与专家 GEMM 重叠执行（DualPipe 始终将其重叠）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="219"/>
        <source>GEMM share of peak; 0 = the size-dependent default curve</source>
        <translation>GEMM 达到的峰值占比；0 = 随矩阵尺寸变化的默认曲线</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="220"/>
        <source>Share of the data-sheet HBM bandwidth that element-wise kernels reach (default 90 %)</source>
        <translation>逐元素 kernel 能达到的数据手册 HBM 带宽比例（默认 90 %）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="222"/>
        <source>Share of the NVLink bandwidth that NCCL&apos;s collectives reach (default 80 %, DeepSeek-V3 §3.2.2)</source>
        <translation>NCCL 集合通信能达到的 NVLink 带宽比例（默认 80 %，DeepSeek-V3 §3.2.2）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="225"/>
        <source>USP: the Ulysses (all-to-all) axis of the CP ranks; the Ring axis is cp / ulysses; 0 = the largest the heads allow</source>
        <translation>USP：CP rank 中 Ulysses（all-to-all）轴的大小；Ring 轴为 cp / ulysses；0 = 头数允许的最大值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="227"/>
        <source>Ring: each rank holds a head and a tail block of the causal sequence, balancing its work</source>
        <translation>Ring：每个 rank 持有因果序列首尾各一块，以均衡计算量</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="229"/>
        <source>DeepSeek-V4 compressed attention: m tokens&apos; KV compressed into one</source>
        <translation>DeepSeek-V4 压缩注意力：每 m 个 token 的 KV 压缩为一个</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="231"/>
        <source>Share of peak FLOP/s a block of attention reaches (an input of the teaching model)</source>
        <translation>一个注意力块达到的峰值 FLOP/s 占比（教学模型的输入）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="234"/>
        <source>Most ZeRO ranks the dense matrices are packed into (not disclosed by DeepSeek-V4: an input); 0 = the fewest that hold them at muon.max_matrices each</source>
        <translation>稠密矩阵最多打包到的 ZeRO rank 数（DeepSeek-V4 未公开：作为输入）；0 = 每 rank 放 muon.max_matrices 个时所需的最少 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="237"/>
        <source>Most whole matrices one rank updates (DeepSeek-V4: 5)</source>
        <translation>单个 rank 最多更新的完整矩阵数（DeepSeek-V4：5）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="238"/>
        <source>Newton–Schulz iterations per Muon update</source>
        <translation>每次 Muon 更新的 Newton–Schulz 迭代次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="240"/>
        <source>The FP32 value rounded to BF16</source>
        <translation>要舍入到 BF16 的 FP32 值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="241"/>
        <source>How many times it is stochastically rounded</source>
        <translation>对其随机舍入的次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="242"/>
        <source>Seed of the random draws</source>
        <translation>随机抽样的种子</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="243"/>
        <source>Small updates accumulated from 1 in BF16</source>
        <translation>在 BF16 中从 1 开始累加的小更新次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="244"/>
        <source>The size of each update</source>
        <translation>每次更新的大小</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="245"/>
        <source>Ranks a gradient is reduced over</source>
        <translation>梯度归约所跨的 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="247"/>
        <source>Where the scenario&apos;s numbers come from</source>
        <translation>场景中各数字的出处</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="248"/>
        <source>Which values are the lab&apos;s assumptions, not a source&apos;s</source>
        <translation>哪些值是本实验室的假设，而非出自来源</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="250"/>
        <source>The ledger item outlined in the stack; empty = none</source>
        <translation>在堆叠图中描边突出的账本条目；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="251"/>
        <source>The axis whose groups colour the GPUs; auto = the first of tp, ep, cp, pp, dp above 1</source>
        <translation>按其分组为 GPU 着色的轴；auto = tp、ep、cp、pp、dp 中第一个大于 1 的轴</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="253"/>
        <source>A framework rank order drawn beside the scenario&apos;s; empty = none</source>
        <translation>与场景的 rank 顺序并排绘制的某个框架的 rank 顺序；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="255"/>
        <source>The axis whose traffic colours the network&apos;s links; all = every axis</source>
        <translation>按哪个维度的通信量给网络链路着色；all = 所有维度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="257"/>
        <source>A second schedule on the same time axis; empty = none</source>
        <translation>在同一时间轴上对比的第二种调度；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="258"/>
        <source>The animation position in schedule time units; −1 = the end</source>
        <translation>动画位置，以调度时间单位计；−1 = 末尾</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="260"/>
        <source>The collective drawn</source>
        <translation>绘制的集合通信</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="261"/>
        <source>The collective&apos;s algorithm</source>
        <translation>集合通信的算法</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="262"/>
        <source>Ranks of the collective drawn</source>
        <translation>绘制的集合通信的 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="263"/>
        <source>Message size S in bytes (nccl-tests&apos; convention)</source>
        <translation>消息大小 S，单位为字节（nccl-tests 的约定）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="264"/>
        <source>Compute the collective may overlap with, ms</source>
        <translation>集合通信可与之重叠的计算，ms</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="265"/>
        <source>Share of that compute the collective can overlap</source>
        <translation>这段计算中集合通信可以重叠的比例</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="266"/>
        <source>The round shown; −1 = half way through</source>
        <translation>显示的轮次；−1 = 进行到一半</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="267"/>
        <source>The page shown: context parallelism, Muon × ZeRO or stochastic rounding</source>
        <translation>显示的页面：上下文并行、Muon 与 ZeRO 或随机舍入</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="269"/>
        <source>The context-parallel scheme drawn</source>
        <translation>绘制的上下文并行方案</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="270"/>
        <source>The animation step shown; −1 = the last</source>
        <translation>显示的动画步；−1 = 最后一步</translation>
    </message>
</context>
<context>
    <name>labels</name>
    <message>
        <location filename="../../views/labels.py" line="40"/>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="43"/>
        <location filename="../../views/labels.py" line="139"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="43"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="44"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="48"/>
        <source>Parameters Ψ (0 = from shape)</source>
        <translation>参数量 Ψ（0 = 按形状推算）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="49"/>
        <source>A dense parameter count to use directly, as in the ZeRO paper&apos;s Ψ</source>
        <translation>直接使用的稠密参数量，即 ZeRO 论文中的 Ψ</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="52"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="53"/>
        <source>Hidden size h</source>
        <translation>隐藏维度 h</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="54"/>
        <source>Attention heads a</source>
        <translation>注意力头数 a</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="55"/>
        <source>KV heads (GQA)</source>
        <translation>KV 头数（GQA）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="56"/>
        <source>FFN hidden</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="57"/>
        <source>Vocabulary V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="58"/>
        <source>Sequence length s</source>
        <translation>序列长度 s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="59"/>
        <source>Micro-batch size b</source>
        <translation>微批大小 b</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="60"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="61"/>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="62"/>
        <source>Routed experts E (0 = dense)</source>
        <translation>路由专家数 E（0 = 稠密）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="63"/>
        <source>Experts per token K</source>
        <translation>每 Token 专家数 K</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="64"/>
        <source>Vocabulary padded to k × TP</source>
        <translation>词表填充到 k × TP 的倍数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="65"/>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="67"/>
        <source>Q/K/V biases</source>
        <translation>Q/K/V 偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="68"/>
        <source>Linear-layer biases</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="69"/>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="70"/>
        <source>Positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="71"/>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="72"/>
        <source>Positions learned (0 = s)</source>
        <translation>可学习位置数（0 = s）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="73"/>
        <source>First dense layers</source>
        <translation>开头的稠密层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="74"/>
        <source>MoE every k-th layer</source>
        <translation>每 k 层一个 MoE 层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="75"/>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="76"/>
        <source>Shared-expert width</source>
        <translation>共享专家宽度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="77"/>
        <source>Shared-expert gate</source>
        <translation>共享专家门控</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="78"/>
        <source>Routing bias per expert</source>
        <translation>每专家路由偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="79"/>
        <source>MTP modules</source>
        <translation>MTP 模块数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="81"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="82"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="83"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="84"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="85"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="86"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="87"/>
        <source>Adam (2 states)</source>
        <translation>Adam（2 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="88"/>
        <source>Muon (1 state)</source>
        <translation>Muon（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="89"/>
        <source>SGD momentum (1 state)</source>
        <translation>SGD 动量（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="91"/>
        <source>Tensor parallel TP</source>
        <translation>张量并行 TP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="92"/>
        <source>Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="93"/>
        <source>Context parallel CP</source>
        <translation>上下文并行 CP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="94"/>
        <source>Pipeline parallel PP</source>
        <translation>流水线并行 PP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="95"/>
        <source>Virtual stages per rank v</source>
        <translation>每 rank 虚拟流水线阶段数 v</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="96"/>
        <source>Data parallel DP</source>
        <translation>数据并行 DP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="97"/>
        <source>Expert parallel EP</source>
        <translation>专家并行 EP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="98"/>
        <source>Expert tensor parallel ETP</source>
        <translation>专家张量并行 ETP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="99"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="100"/>
        <source>First-stage layers</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="101"/>
        <source>Last-stage layers</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="102"/>
        <source>Embedding counts as a layer</source>
        <translation>嵌入层计为一层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="103"/>
        <source>Loss counts as a layer</source>
        <translation>损失计为一层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="104"/>
        <source>Rank order</source>
        <translation>Rank 顺序</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="107"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="108"/>
        <source>Micro-batches m</source>
        <translation>微批数 m</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="109"/>
        <source>Forward F</source>
        <translation>前向 F</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="110"/>
        <source>Backward B (= I + W)</source>
        <translation>反向 B（= I + W）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="111"/>
        <source>Weight-grad W</source>
        <translation>权重梯度 W</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="112"/>
        <source>Overlapped F&amp;B</source>
        <translation>重叠的 F&amp;B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="113"/>
        <source>Point-to-point latency</source>
        <translation>点对点延迟</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="115"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="116"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="116"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="117"/>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="118"/>
        <source>Fully recomputed layers</source>
        <translation>全量重计算层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="119"/>
        <source>Checkpoints split over TP</source>
        <translation>检查点在 TP 上切分</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="120"/>
        <source>Activation ladder</source>
        <translation>激活阶梯</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="121"/>
        <source>manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="122"/>
        <source>Megatron selective</source>
        <translation>Megatron 选择性重计算</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="124"/>
        <source>Ladder steps (0 = all)</source>
        <translation>阶梯步数（0 = 全部）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="125"/>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="126"/>
        <source>Stored in FP8</source>
        <translation>以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="127"/>
        <source>Offloaded to CPU</source>
        <translation>卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="128"/>
        <source>Offloaded to a remote GPU</source>
        <translation>卸载到远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="130"/>
        <source>Optimizer and master on</source>
        <translation>优化器状态与主权重位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="131"/>
        <source>Parameters on</source>
        <translation>参数位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="132"/>
        <source>Gradients on</source>
        <translation>梯度位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="133"/>
        <source>Gradients to CPU as</source>
        <translation>梯度传到 CPU 的方式</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="134"/>
        <source>Pipeline ZeRO-2 (Kimi K3)</source>
        <translation>Kimi K3 的 Pipeline ZeRO-2</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="135"/>
        <source>ZeRO-Offload (DeepSpeed)</source>
        <translation>DeepSpeed 的 ZeRO-Offload</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="136"/>
        <source>Reduce bucket (elements)</source>
        <translation>归约分桶大小（元素数）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="140"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="141"/>
        <source>HBM override (0 = catalogue)</source>
        <translation>HBM 覆盖值（0 = 按型号目录）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="143"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="144"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="145"/>
        <source>NVLink GB/s per GPU</source>
        <translation>每 GPU NVLink 带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="146"/>
        <source>Inter-node GB/s per GPU</source>
        <translation>每 GPU 节点间带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="147"/>
        <source>NVLink latency α (µs)</source>
        <translation>NVLink 延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="148"/>
        <source>Inter-node latency α (µs)</source>
        <translation>节点间延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="149"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="150"/>
        <source>rail-optimised fat-tree</source>
        <translation>轨道优化胖树</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="151"/>
        <source>fat-tree (a node on one leaf)</source>
        <translation>胖树（一个节点接一台叶交换机）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="152"/>
        <source>NICs per node (0 = one per GPU)</source>
        <translation>每节点网卡数（0 = 每 GPU 一块）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="153"/>
        <source>Leaf ports (to NICs)</source>
        <translation>叶交换机端口（接网卡）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="154"/>
        <source>Oversubscription (leaf down : up)</source>
        <translation>超额订阅（叶下行 : 上行）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="156"/>
        <source>Leaf–spine GB/s (0 = a NIC&apos;s)</source>
        <translation>叶—脊 GB/s（0 = 同网卡）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="157"/>
        <source>Cross-node routes</source>
        <translation>跨节点路由</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="158"/>
        <source>ECMP (shortest paths)</source>
        <translation>ECMP（最短路径）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="159"/>
        <source>rail rule (NVLink first, PXN)</source>
        <translation>轨道规则（先走 NVLink，PXN）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="160"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="161"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="163"/>
        <source>Tokens per rank S</source>
        <translation>每 rank Token 数 S</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="164"/>
        <source>Routing</source>
        <translation>路由分布</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="165"/>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="165"/>
        <source>Zipf skew</source>
        <translation>Zipf 偏斜</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="166"/>
        <source>hot experts</source>
        <translation>热点专家</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="167"/>
        <source>node-limited</source>
        <translation>节点受限</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="168"/>
        <source>Nodes per token (node-limited)</source>
        <translation>每 Token 节点数（节点受限）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="169"/>
        <source>Dispatch precision</source>
        <translation>Dispatch 精度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="171"/>
        <source>Dispatch route</source>
        <translation>分发路径</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="172"/>
        <source>direct</source>
        <translation>直达</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="173"/>
        <source>two hops: IB, then NVLink</source>
        <translation>两跳：先 IB，再 NVLink</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="174"/>
        <location filename="../../views/labels.py" line="202"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="175"/>
        <source>Peak BF16 TFLOP/s (0 = data sheet)</source>
        <translation>峰值 BF16 TFLOP/s（0 = 规格表）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="176"/>
        <source>HBM GB/s (0 = data sheet)</source>
        <translation>HBM GB/s（0 = 规格表）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="177"/>
        <source>Op durations</source>
        <translation>操作时长</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="178"/>
        <source>typed units</source>
        <translation>手动输入单位</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="179"/>
        <source>step-time model</source>
        <translation>步时模型</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="180"/>
        <source>DP reduction under the backward</source>
        <translation>DP 归约与反向重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="181"/>
        <source>TP collectives under the GEMMs</source>
        <translation>TP 集合通信与 GEMM 重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="182"/>
        <source>EP all-to-alls under the expert GEMMs</source>
        <translation>EP all-to-all 与专家 GEMM 重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="183"/>
        <source>GEMM efficiency (0 = size curve)</source>
        <translation>GEMM 效率（0 = 尺寸曲线）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="185"/>
        <source>Element-wise share of HBM bandwidth</source>
        <translation>逐元素运算的 HBM 带宽比例</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="187"/>
        <source>NCCL share of NVLink bandwidth</source>
        <translation>NCCL 的 NVLink 带宽比例</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="190"/>
        <source>USP Ulysses degree (0 = auto)</source>
        <translation>USP 的 Ulysses 并行度（0 = 自动）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="191"/>
        <source>Ring: head–tail (zigzag) order</source>
        <translation>Ring：首尾（之字形）排布</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="192"/>
        <source>Compression ratio m (CSA/HCA)</source>
        <translation>压缩比 m（CSA/HCA）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="193"/>
        <source>Attention efficiency</source>
        <translation>注意力效率</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="196"/>
        <source>P_max (0 = fewest that fit; not disclosed)</source>
        <translation>P_max（0 = 能容纳的最少值；未公开）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="197"/>
        <source>Matrices per rank, at most</source>
        <translation>每 rank 最多矩阵数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="198"/>
        <source>Newton–Schulz steps</source>
        <translation>Newton–Schulz 步数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="200"/>
        <source>FP32 value x</source>
        <translation>FP32 值 x</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="201"/>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="203"/>
        <source>Updates accumulated</source>
        <translation>累加更新次数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="204"/>
        <source>Update size</source>
        <translation>更新大小</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="205"/>
        <source>Ranks reduced over</source>
        <translation>归约 rank 数</translation>
    </message>
</context>
<context>
    <name>ledger</name>
    <message>
        <location filename="../../models/memory/ledger.py" line="105"/>
        <source>{name} pushes the GPU past its capacity: {before} already used + {item} = {after} &gt; {capacity} (GPU tier in all: {total}).</source>
        <translation>{name} 使 GPU 超出容量：已用 {before} + {item} = {after} &gt; {capacity}（GPU 层级合计：{total}）。</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="137"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="139"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="142"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="147"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="114"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="119"/>
        <source>Activations stored in FP8</source>
        <translation>以 FP8 存储的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="126"/>
        <source>Activations offloaded to CPU</source>
        <translation>卸载到 CPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="132"/>
        <source>Activations on a remote GPU</source>
        <translation>位于远端 GPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="137"/>
        <source>Output logits (FP32)</source>
        <translation>输出 logits（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="144"/>
        <source>Recompute working set</source>
        <translation>重计算工作集</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="216"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="187"/>
        <source>GPU gradient double buffer</source>
        <translation>GPU 梯度双缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="225"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="98"/>
        <source>CUDA context and cuBLAS workspaces</source>
        <translation>CUDA 上下文与 cuBLAS 工作区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="147"/>
        <source>NCCL communicator buffers</source>
        <translation>NCCL 通信器缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="258"/>
        <source>DeepEP dispatch/combine buffers</source>
        <translation>DeepEP dispatch/combine 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="326"/>
        <source>FP8 weight copies</source>
        <translation>FP8 权重副本</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="345"/>
        <source>NVMe parameter swap buffers (pinned)</source>
        <translation>NVMe 参数交换缓冲区（锁页内存）</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="354"/>
        <source>NVMe optimizer swap buffers (pinned)</source>
        <translation>NVMe 优化器交换缓冲区（锁页内存）</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="362"/>
        <source>CPU gradient partition for the optimizer step</source>
        <translation>供优化器步使用的 CPU 梯度分区</translation>
    </message>
</context>
<context>
    <name>mesh</name>
    <message>
        <location filename="../../models/mesh/groups.py" line="216"/>
        <source>order {order} does not list cp, but cp = {cp}: the context-parallel axis has no place in the mesh</source>
        <translation>顺序 {order} 没有列出 cp，但 cp = {cp}：上下文并行轴在 mesh 中没有位置</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="226"/>
        <source>{world} GPUs are more than the mesh enumerates ({limit}); no groups are drawn</source>
        <translation>{world} 个 GPU 超过了 mesh 可枚举的上限（{limit}）；不绘制任何分组</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="250"/>
        <source>with order {order}, the expert layers (etp = {etp}, ep = {ep}, edp = {edp}) would put pipeline stages on other GPUs than the dense layers (dp = {dp}): put pp last or keep edp = dp</source>
        <translation>在顺序 {order} 下，专家层（etp = {etp}，ep = {ep}，edp = {edp}）会把流水线阶段放到与稠密层（dp = {dp}）不同的 GPU 上：请把 pp 放在最后，或保持 edp = dp</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="267"/>
        <source>tp = {tp} is larger than a node of {gpn} GPUs: every TP group spans {nodes} nodes, so the TP collectives of every layer and every micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>tp = {tp} 大于一个节点的 {gpn} 个 GPU：每个 TP 组跨 {nodes} 个节点，因此每一层、每个微批的 TP 集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="274"/>
        <source>{count} of {groups} TP groups span nodes with order {order} and {gpn} GPUs per node: their collectives of every layer and micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>在顺序 {order}、每节点 {gpn} 个 GPU 下，{groups} 个 TP 组中有 {count} 个跨节点：它们在每一层、每个微批的集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="283"/>
        <source>EP groups of {ep} GPUs span up to {nodes} nodes: the MoE all-to-all (dispatch and combine, forward and backward, in every MoE layer) runs over the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>{ep} 个 GPU 的 EP 组最多跨 {nodes} 个节点：MoE 的 all-to-all（每个 MoE 层的 dispatch 与 combine，前向和反向）走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="144"/>
        <source>12 per layer per micro-batch (2 all-gathers and 2 reduce-scatters in each of forward, recomputed forward and backward)</source>
        <translation>每层每个微批 12 次（前向、重计算前向和反向各 2 次 all-gather 与 2 次 reduce-scatter）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="147"/>
        <source>8 per layer per micro-batch (2 all-gathers and 2 reduce-scatters forward, the same backward)</source>
        <translation>每层每个微批 8 次（前向 2 次 all-gather 与 2 次 reduce-scatter，反向相同）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="149"/>
        <source>all-gather + reduce-scatter</source>
        <translation>all-gather + reduce-scatter（全收集 + 规约分散）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="154"/>
        <source>6 per layer per micro-batch (2 forward, 2 recomputed forward, 2 backward)</source>
        <translation>每层每个微批 6 次（前向 2 次、重计算前向 2 次、反向 2 次）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="156"/>
        <source>4 per layer per micro-batch (2 forward, 2 backward)</source>
        <translation>每层每个微批 4 次（前向 2 次、反向 2 次）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="157"/>
        <location filename="../../models/mesh/traffic.py" line="227"/>
        <source>all-reduce</source>
        <translation>all-reduce（全规约）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="175"/>
        <source>4(cp − 1) per layer per micro-batch (K/V passes in forward and recomputed forward, K/V and dK/dV passes backward)</source>
        <translation>每层每个微批 4(cp − 1) 次（前向与重计算前向传递 K/V，反向传递 K/V 与 dK/dV）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="177"/>
        <source>3(cp − 1) per layer per micro-batch (cp − 1 K/V passes forward; cp − 1 K/V and cp − 1 dK/dV passes backward)</source>
        <translation>每层每个微批 3(cp − 1) 次（前向 cp − 1 次 K/V 传递；反向 cp − 1 次 K/V 与 cp − 1 次 dK/dV 传递）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="179"/>
        <location filename="../../models/mesh/traffic.py" line="206"/>
        <source>send/recv</source>
        <translation>send/recv（点对点收发）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="192"/>
        <source>6 per MoE layer per micro-batch (dispatch and combine in forward, recomputed forward and backward)</source>
        <translation>每个 MoE 层每个微批 6 次（前向、重计算前向和反向各一次 dispatch 与 combine）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="194"/>
        <source>4 per MoE layer per micro-batch (dispatch and combine, forward and backward)</source>
        <translation>每个 MoE 层每个微批 4 次（dispatch 与 combine，前向和反向）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="196"/>
        <source>all-to-all</source>
        <translation>all-to-all（全交换）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="207"/>
        <source>per micro-batch per stage boundary (activation forward, gradient backward)</source>
        <translation>每个微批、每个阶段边界（前向传激活，反向传梯度）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="228"/>
        <source>per optimizer step</source>
        <translation>每个优化器步</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="234"/>
        <source>per optimizer step (reduce-scatter gradients, all-gather updated parameters)</source>
        <translation>每个优化器步（reduce-scatter 梯度，all-gather 更新后的参数）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="239"/>
        <source>reduce-scatter per micro-batch, all-gather per optimizer step</source>
        <translation>每个微批一次 reduce-scatter，每个优化器步一次 all-gather</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="243"/>
        <source>per micro-batch (all-gather parameters forward and backward, reduce-scatter gradients)</source>
        <translation>每个微批（前向和反向各 all-gather 一次参数，reduce-scatter 梯度）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="246"/>
        <source>reduce-scatter + all-gather</source>
        <translation>reduce-scatter + all-gather（规约分散 + 全收集）</translation>
    </message>
</context>
<context>
    <name>network</name>
    <message>
        <location filename="../../models/network/load.py" line="397"/>
        <source>NVLink (GPU–NVSwitch)</source>
        <translation>NVLink（GPU 到 NVSwitch）</translation>
    </message>
    <message>
        <location filename="../../models/network/load.py" line="398"/>
        <source>PCIe (GPU–NIC)</source>
        <translation>PCIe（GPU—网卡）</translation>
    </message>
    <message>
        <location filename="../../models/network/load.py" line="399"/>
        <source>NIC–leaf</source>
        <translation>网卡—叶交换机</translation>
    </message>
    <message>
        <location filename="../../models/network/load.py" line="400"/>
        <source>leaf–spine</source>
        <translation>叶—脊</translation>
    </message>
</context>
<context>
    <name>pipeline</name>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="17"/>
        <source>(p − 1)(F + B)/v with F, B of a rank&apos;s whole stage = (p − 1)(F + B) per chunk op</source>
        <translation>(p − 1)(F + B)/v，其中 F、B 为 rank 整个阶段的时长 = 按每个块操作计的 (p − 1)(F + B)</translation>
    </message>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="20"/>
        <source>(p − 1)(F + B − 2W), B = I + W, valid when W ≤ F</source>
        <translation>(p − 1)(F + B − 2W)，B = I + W，在 W ≤ F 时成立</translation>
    </message>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="28"/>
        <source>(p − 1)·max(F, I − F, F + B − 3W), B = I + W: (p − 1)F when F = I = W, the last rank&apos;s warm-up under a synchronous flush (m ≥ 2p − 1)</source>
        <translation>(p − 1)·max(F, I − F, F + B − 3W)，B = I + W：F = I = W 时为 (p − 1)F，即同步刷新下最后一个 rank 的预热（m ≥ 2p − 1）</translation>
    </message>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="34"/>
        <source>(p − 1)(F + B − 3W) + (p − 1)F, B = I + W: ≈ 0 per rank when F = I = W, plus the last rank&apos;s warm-up under a synchronous flush (teaching estimate)</source>
        <translation>(p − 1)(F + B − 3W) + (p − 1)F，B = I + W：F = I = W 时每个 rank 约为 0，再加上同步 flush 下最后一个 rank 的预热（教学估计）</translation>
    </message>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="39"/>
        <source>(PP/2 − 1)(F&amp;B + B − 3W), PP = p (DeepSeek-V3 Table 2)</source>
        <translation>(PP/2 − 1)(F&amp;B + B − 3W)，PP = p（DeepSeek-V3 表 2）</translation>
    </message>
    <message>
        <location filename="../../models/pipeline/closed_forms.py" line="41"/>
        <source>(PP/2 − 1)(F&amp;B + B − 3W), PP = 2p stages (DeepSeek-V3 Table 2)</source>
        <translation>(PP/2 − 1)(F&amp;B + B − 3W)，PP = 2p 个阶段（DeepSeek-V3 表 2）</translation>
    </message>
</context>
<context>
    <name>policy</name>
    <message>
        <location filename="../../models/memory/policy.py" line="55"/>
        <source>Layer input (recompute checkpoint)</source>
        <translation>层输入（重计算检查点）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="56"/>
        <source>Norm 1 input (layer input)</source>
        <translation>归一化 1 的输入（即层输入）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="57"/>
        <source>QKV input (norm 1 output)</source>
        <translation>QKV 输入（归一化 1 的输出）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="58"/>
        <source>Q, K</source>
        <translation>Q、K</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="59"/>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="60"/>
        <source>Attention output (out-proj input)</source>
        <translation>注意力输出（输出投影的输入）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="61"/>
        <source>MLA latents c_q, c_kv, k_rope</source>
        <translation>MLA 潜在向量 c_q、c_kv、k_rope</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="62"/>
        <source>Softmax statistics (FP32)</source>
        <translation>Softmax 统计量（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="63"/>
        <source>Softmax output</source>
        <translation>Softmax 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="64"/>
        <source>Attention dropout mask</source>
        <translation>注意力 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="65"/>
        <source>Attention dropout output</source>
        <translation>注意力 dropout 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="66"/>
        <source>Attention-out dropout mask</source>
        <translation>注意力输出的 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="67"/>
        <source>Norm 2 input</source>
        <translation>归一化 2 的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="68"/>
        <source>MLP input (norm 2 output)</source>
        <translation>MLP 输入（归一化 2 的输出）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="69"/>
        <source>MLP activation input</source>
        <translation>MLP 激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="70"/>
        <source>MLP down-proj input</source>
        <translation>MLP 下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="71"/>
        <source>Router probabilities (FP32)</source>
        <translation>路由概率（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="72"/>
        <source>Dispatched expert inputs</source>
        <translation>分发后的专家输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="73"/>
        <source>Expert activation input</source>
        <translation>专家激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="74"/>
        <source>Expert down-proj input</source>
        <translation>专家下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="75"/>
        <source>Shared-expert activation input</source>
        <translation>共享专家激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="76"/>
        <source>Shared-expert down-proj input</source>
        <translation>共享专家下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="77"/>
        <source>MLP dropout mask</source>
        <translation>MLP dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="126"/>
        <source>Recompute the attention core</source>
        <translation>重计算注意力核心</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="131"/>
        <source>Recompute RMSNorm</source>
        <translation>重计算 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="134"/>
        <source>Recompute the MLA up-projections</source>
        <translation>重计算 MLA 上投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="138"/>
        <source>MoE SwiGLU: input in FP8, output recomputed</source>
        <translation>MoE SwiGLU：输入以 FP8 缓存，输出重计算</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="143"/>
        <source>Linear inputs cached in FP8</source>
        <translation>Linear 的输入以 FP8 缓存</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="154"/>
        <source>Recompute LayerNorm, SwiGLU and MLA up-projections</source>
        <translation>重计算 LayerNorm、SwiGLU 与 MLA 上投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="157"/>
        <source>Recompute the MoE down-projections</source>
        <translation>重计算 MoE 下投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="162"/>
        <source>FP8 storage of insensitive activations</source>
        <translation>不敏感的激活以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="166"/>
        <source>CPU offload of the rest</source>
        <translation>其余激活卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="172"/>
        <source>Recompute every normalised layer input</source>
        <translation>重计算所有经归一化的层输入</translation>
    </message>
</context>
<context>
    <name>time</name>
    <message>
        <location filename="../../models/planner/search.py" line="378"/>
        <source>the scenario&apos;s own configuration lies outside the search space; it is ranked against it</source>
        <translation>场景自身的配置不在搜索空间内；它与搜索结果一起排名</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="649"/>
        <source>Step time and every term of it are {model}.</source>
        <translation>步时间及其每一项都是{model}。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="650"/>
        <source>step = simulated pipeline makespan + DP/ZeRO communication not hidden + optimizer step.</source>
        <translation>步时间 = 模拟的流水线总时长 + 未被隐藏的 DP/ZeRO 通信 + 优化器步。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="653"/>
        <source>GEMMs at {share:.0%} of the peak FLOP/s (time.gemm_efficiency).</source>
        <translation>GEMM 按峰值 FLOP/s 的 {share:.0%} 计（time.gemm_efficiency）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="656"/>
        <source>GEMMs at {share:.0%} of the peak FLOP/s times their tile and wave quantisation on {sms} SMs, or at HBM bandwidth when thinner.</source>
        <translation>GEMM 按峰值 FLOP/s 的 {share:.0%} 乘以其在 {sms} 个 SM 上的 tile 与 wave 量化效率计；更瘦的 GEMM 按 HBM 带宽计。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="659"/>
        <source>Element-wise work at {hbm:.0%} of the data-sheet HBM bandwidth (time.hbm_efficiency): optimistic where kernels are short (launch latency).</source>
        <translation>逐元素运算按数据手册 HBM 带宽的 {hbm:.0%} 计（time.hbm_efficiency）：kernel 很短时偏乐观（启动延迟）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="662"/>
        <source>Communication on the α–β link tiers, NVLink at {nvlink:.0%} of its bandwidth (time.nvlink_efficiency), the network at its data-sheet rate, without contention between concurrent collectives; hidden communication takes no SM time from the GEMMs here: both optimistic.</source>
        <translation>通信按 α–β 链路层级计，NVLink 取其带宽的 {nvlink:.0%}（time.nvlink_efficiency），网络取数据手册速率，不计并发集合通信之间的争用；被隐藏的通信在此不占用 GEMM 的 SM 时间：两者都偏乐观。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="667"/>
        <source>MFU counts the causal half of the attention scores (6·N·tokens + attention); HFU the FLOPs executed: recompute, FlashAttention&apos;s diagonal blocks and its backward&apos;s recomputed QKᵀ.</source>
        <translation>MFU 只计注意力分数的因果一半（6·N·tokens + 注意力）；HFU 计实际执行的 FLOPs：重计算、FlashAttention 的对角块及其反向中重算的 QKᵀ。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="671"/>
        <source>MFU counts the causal half of the attention scores (6·N·tokens + attention); HFU the FLOPs executed: recompute, the full s×s scores (no FlashAttention).</source>
        <translation>MFU 只计注意力分数的因果一半（6·N·tokens + 注意力）；HFU 计实际执行的 FLOPs：重计算、完整的 s×s 分数（未用 FlashAttention）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="674"/>
        <source>Every GEMM is timed at the BF16 peak: the scenario has no FP8-compute key, so FP8 training (DeepSeek-V3&apos;s) would run faster than this.</source>
        <translation>每个 GEMM 都按 BF16 峰值计时：场景没有 FP8 计算的键，因此 FP8 训练（如 DeepSeek-V3）会比这里更快。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="677"/>
        <source>The offloaded optimizer step is timed as its PCIe transfers only (the CPU update is not modelled): optimistic.</source>
        <translation>卸载的优化器步只计其 PCIe 传输时间（未建模 CPU 上的更新）：偏乐观。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="680"/>
        <source>Muon&apos;s Newton–Schulz iterations are not timed, only its update&apos;s memory traffic: optimistic.</source>
        <translation>未计 Muon 的 Newton–Schulz 迭代时间，只计其更新的访存流量：偏乐观。</translation>
    </message>
</context>
<context>
    <name>validation</name>
    <message>
        <location filename="../../models/validation.py" line="62"/>
        <source>hidden size {hidden} is not divisible by {heads} heads</source>
        <translation>隐藏维度 {hidden} 不能被 {heads} 个头整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="66"/>
        <source>{heads} query heads cannot be grouped over {kv} KV heads</source>
        <translation>{heads} 个查询头无法均分到 {kv} 个 KV 头的分组中</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="69"/>
        <source>more KV heads ({kv}) than query heads ({heads})</source>
        <translation>KV 头数（{kv}）多于查询头数（{heads}）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="72"/>
        <source>latent attention (mla) needs kv_lora_rank &gt; 0</source>
        <translation>潜在注意力（mla）需要 kv_lora_rank &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="75"/>
        <source>top_k must be between 1 and the {experts} experts</source>
        <translation>top_k 必须介于 1 与专家数 {experts} 之间</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="79"/>
        <source>an MoE model needs expert_ffn_hidden &gt; 0</source>
        <translation>MoE 模型需要 expert_ffn_hidden &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="82"/>
        <source>{dense} dense layers but only {layers} layers</source>
        <translation>设置了 {dense} 个稠密层，但总共只有 {layers} 层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="86"/>
        <source>params overrides a dense model&apos;s size; set experts = 0 or params = 0</source>
        <translation>params 只用于覆盖稠密模型的规模；请设置 experts = 0 或 params = 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="96"/>
        <source>the MoE layer pattern must list each of the {layers} layers once (it lists {count})</source>
        <translation>MoE 层模式必须为 {layers} 层中的每一层各列一次（当前列了 {count} 个）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="101"/>
        <source>shared_ffn_hidden has no effect without shared experts</source>
        <translation>没有共享专家时，shared_ffn_hidden 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="104"/>
        <source>top_k and shared_experts have no effect without experts</source>
        <translation>没有专家时，top_k 和 shared_experts 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="108"/>
        <source>sequence length {seq} exceeds the {positions} learned positions</source>
        <translation>序列长度 {seq} 超过了 {positions} 个可学习位置</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="112"/>
        <source>MTP modules are counted from the shape; set params = 0</source>
        <translation>MTP 模块按形状计数；请设置 params = 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="116"/>
        <source>{heads} attention heads are not divisible by tp = {tp}</source>
        <translation>{heads} 个注意力头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="119"/>
        <source>{kv} KV heads are not divisible by tp = {tp}</source>
        <translation>{kv} 个 KV 头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="122"/>
        <source>ffn_hidden {ffn} is not divisible by tp = {tp}</source>
        <translation>ffn_hidden {ffn} 不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="125"/>
        <source>vocabulary {vocab} is padded to a multiple of tp = {tp}</source>
        <translation>词表 {vocab} 将被填充为 tp = {tp} 的倍数</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="131"/>
        <source>{layers} layers cannot fill {stages} pipeline stages (pp × chunks)</source>
        <translation>{layers} 层填不满 {stages} 个流水线阶段（pp × chunks）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="136"/>
        <source>set a stage&apos;s layers or count the embedding/loss in the split, not both</source>
        <translation>要么设定某个阶段的层数，要么在划分中把嵌入/损失计为一层，不能两者都用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="146"/>
        <source>uneven pipeline stages: {reason}</source>
        <translation>流水线阶段不均匀：{reason}</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="149"/>
        <source>{layers} layers do not divide evenly over {stages} pipeline stages; some stages hold one layer more</source>
        <translation>{layers} 层无法均分到 {stages} 个流水线阶段；部分阶段会多一层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="153"/>
        <source>vpp = {vpp} is used only by the interleaved schedule</source>
        <translation>vpp = {vpp} 仅用于交错式调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="158"/>
        <source>interleaved 1F1B runs its {m} micro-batches in max(1, ⌊m/pp⌋) = {rounds} equal rounds: m must be a multiple of {rounds} to be scheduled</source>
        <translation>interleaved 1F1B 把 {m} 个微批分成 max(1, ⌊m/pp⌋) = {rounds} 个相等的轮次：m 必须是 {rounds} 的倍数才能调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="164"/>
        <source>fewer micro-batches ({m}) than pipeline stages ({pp}): the bubble dominates</source>
        <translation>微批数（{m}）少于流水线阶段数（{pp}）：气泡占主导</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="168"/>
        <source>sequence length {seq} is not divisible by cp = {cp}</source>
        <translation>序列长度 {seq} 不能被 cp = {cp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="172"/>
        <source>sequence parallelism shares the TP group; with tp = 1 it does nothing</source>
        <translation>序列并行与 TP 共用通信组；tp = 1 时不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="176"/>
        <source>ep = {ep} needs an MoE model (experts &gt; 0)</source>
        <translation>ep = {ep} 需要 MoE 模型（experts &gt; 0）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="178"/>
        <source>{experts} experts are not divisible by ep = {ep}</source>
        <translation>{experts} 个专家不能被 ep = {ep} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="182"/>
        <source>expert_ffn_hidden {ffn} is not divisible by etp = {etp}</source>
        <translation>expert_ffn_hidden {ffn} 不能被 etp = {etp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="187"/>
        <source>tp·cp·dp = {width} is not divisible by etp·ep = {expert}: the expert grid does not tile the dense one</source>
        <translation>tp·cp·dp = {width} 不能被 etp·ep = {expert} 整除：专家网格无法铺满稠密网格</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="195"/>
        <source>tp·pp·dp·cp = {product} GPUs, but the cluster has {nodes} × {gpn} = {world}</source>
        <translation>tp·pp·dp·cp = {product} 个 GPU，但集群只有 {nodes} × {gpn} = {world} 个</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="202"/>
        <source>order {order} must list distinct axes from tp, cp, ep, dp, pp (at least tp, dp and pp)</source>
        <translation>order {order} 必须列出 tp、cp、ep、dp、pp 中互不重复的轴（至少包含 tp、dp 和 pp）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="209"/>
        <source>ZeRO-{zero} shards over data parallelism, which is 1 here</source>
        <translation>ZeRO-{zero} 沿数据并行分片，而此处数据并行度为 1</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="213"/>
        <source>offloading parameters is ZeRO-Infinity&apos;s ZeRO-3 feature</source>
        <translation>卸载参数是 ZeRO-Infinity 的 ZeRO-3 功能</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="215"/>
        <source>CPU gradient shards (Pipeline ZeRO-2) assume zero ≥ 2</source>
        <translation>CPU 梯度分片（Pipeline ZeRO-2）要求 zero ≥ 2</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="218"/>
        <source>ZeRO-Offload moves the gradients to the optimizer on the CPU: set offload.optimizer = cpu (or nvme)</source>
        <translation>ZeRO-Offload 把梯度移到 CPU 上的优化器：请设置 offload.optimizer = cpu（或 nvme）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="224"/>
        <source>CPU ({cpu:.0%}) and remote ({remote:.0%}) offload exceed all activations</source>
        <translation>CPU（{cpu:.0%}）与远端（{remote:.0%}）卸载之和超过了全部激活</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="229"/>
        <source>remote offload parks activations on other pipeline ranks; pp = 1 has none</source>
        <translation>远端卸载把激活暂存到其他流水线 rank 上；pp = 1 时没有其他 rank</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="234"/>
        <source>a custom GPU needs hbm_gib &gt; 0</source>
        <translation>自定义 GPU 需要 hbm_gib &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="236"/>
        <source>unknown GPU {gpu}</source>
        <translation>未知 GPU {gpu}</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="671"/>
        <source>{entry}: unknown tensor {tensor} (known: {known})</source>
        <translation>{entry}：未知张量 {tensor}（已知：{known}）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="675"/>
        <source>{entry}: unknown backend {backend} (one of {backends})</source>
        <translation>{entry}：未知的处理方式 {backend}（应为 {backends} 之一）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="679"/>
        <source>{entry}: {tensor} is the layer&apos;s input, which nothing in the layer computes; a fully recomputed layer restores it from its checkpoint</source>
        <translation>{entry}：{tensor} 是层的输入，层内没有任何操作计算它；全量重计算的层从检查点恢复它</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="685"/>
        <source>policy_steps = {wanted} is beyond the {count} steps of the {policy} ladder</source>
        <translation>policy_steps = {wanted} 超出了 {policy} 阶梯的 {count} 个步骤</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="694"/>
        <source>{tensor} is set {count} times; the last one applies</source>
        <translation>{tensor} 被设置了 {count} 次；以最后一次为准</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="699"/>
        <source>this model&apos;s layers do not save {tensor}: {tensor}={backend} has no effect</source>
        <translation>该模型的层不保存 {tensor}：{tensor}={backend} 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="704"/>
        <source>{tensor} is a 1-byte mask or FP32 statistics, which FP8 storage does not compress</source>
        <translation>{tensor} 是 1 字节掩码或 FP32 统计量，FP8 存储无法压缩它</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="710"/>
        <source>distribute_saved has no effect with sequence parallelism, which splits the checkpoint over TP already (Megatron-LM refuses the two together)</source>
        <translation>启用序列并行时 distribute_saved 不起作用：序列并行已把检查点切分到 TP 上（Megatron-LM 不允许二者同时启用）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="714"/>
        <source>distribute_saved has no effect without tp &gt; 1 and a fully recomputed layer</source>
        <translation>只有在 tp &gt; 1 且存在全量重计算的层时，distribute_saved 才起作用</translation>
    </message>
    <message>
        <location filename="../../models/network/topology.py" line="74"/>
        <source>{nics} NICs per node but only {gpn} GPUs: every NIC needs a GPU that sends through it</source>
        <translation>每节点 {nics} 块网卡，但只有 {gpn} 张 GPU：每块网卡都需要有 GPU 经它发送</translation>
    </message>
    <message>
        <location filename="../../models/network/topology.py" line="78"/>
        <source>{gpn} GPUs per node do not split evenly over {nics} NICs: rails need the same GPUs on every NIC (the rail-optimised tree and the rail rule pair local index with NIC)</source>
        <translation>每节点 {gpn} 张 GPU 无法均分到 {nics} 块网卡上：轨道要求每块网卡对应相同数量的 GPU（轨道优化树和轨道规则按节点内序号配对网卡）</translation>
    </message>
    <message>
        <location filename="../../models/network/topology.py" line="83"/>
        <source>a leaf of {ports} ports cannot take one node&apos;s {nics} NICs (a plain fat-tree puts all of a node&apos;s NICs on one leaf)</source>
        <translation>{ports} 个端口的叶交换机容纳不下一个节点的 {nics} 块网卡（普通胖树把一个节点的所有网卡接到同一台叶交换机上）</translation>
    </message>
    <message>
        <location filename="../../models/network/topology.py" line="88"/>
        <source>the rail rule on a plain fat-tree: a node&apos;s NICs share one leaf, so the NVLink hop to the destination&apos;s local index reaches no other rail</source>
        <translation>在普通胖树上使用轨道规则：一个节点的网卡共用一台叶交换机，经 NVLink 跳到目标的节点内序号并不能到达另一条轨道</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="153"/>
        <source>the Ulysses degree {ulysses} does not divide cp = {cp}: USP needs ulysses × ring = cp</source>
        <translation>Ulysses 并行度 {ulysses} 不能整除 cp = {cp}：USP 要求 ulysses × ring = cp</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="166"/>
        <source>USP&apos;s Ulysses degree {ulysses} does not hand each rank whole heads: {heads} KV heads per TP rank allow a degree dividing {largest}</source>
        <translation>USP 的 Ulysses 并行度 {ulysses} 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个 KV 头只允许整除 {largest} 的并行度</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="168"/>
        <source>USP&apos;s Ulysses degree {ulysses} does not hand each rank whole heads: {heads} attention heads per TP rank allow a degree dividing {largest}</source>
        <translation>USP 的 Ulysses 并行度 {ulysses} 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个注意力头只允许整除 {largest} 的并行度</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="174"/>
        <source>Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} KV heads per TP rank allow a degree dividing {largest} (Ring and USP still apply)</source>
        <translation>在全部 cp = {cp} 个 rank 上做 Ulysses 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个 KV 头只允许整除 {largest} 的并行度（Ring 与 USP 仍可用）</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="177"/>
        <source>Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} attention heads per TP rank allow a degree dividing {largest} (Ring and USP still apply)</source>
        <translation>在全部 cp = {cp} 个 rank 上做 Ulysses 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个注意力头只允许整除 {largest} 的并行度（Ring 与 USP 仍可用）</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="186"/>
        <source>the compression ratio m = {m} does not divide the {tokens} tokens per CP rank: DeepSeek-V4&apos;s two-stage CP is laid out for whole blocks (ceil(s/m) + 1 entries here)</source>
        <translation>压缩比 m = {m} 不能整除每个 CP rank 的 {tokens} 个 token：DeepSeek-V4 的两阶段 CP 按整块布局（此处为 ceil(s/m) + 1 个条目）</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="191"/>
        <source>cp = {cp} is more than the {limit} context-parallel ranks the long-context model lays out</source>
        <translation>cp = {cp} 超过了长上下文模型可布局的 {limit} 个上下文并行 rank</translation>
    </message>
    <message>
        <location filename="../../models/context/analysis.py" line="195"/>
        <source>a custom GPU has no catalogue FLOP/s: set cluster.peak_tflops for Ring attention&apos;s compute time</source>
        <translation>自定义 GPU 没有型号目录中的 FLOP/s：请设置 cluster.peak_tflops，以计算 Ring 注意力的计算时间</translation>
    </message>
    <message>
        <location filename="../../models/muon/analysis.py" line="183"/>
        <source>{matrices} dense matrices on the most loaded pipeline stage do not fit muon.p_max = {p_max} ranks × muon.max_matrices = {max} per rank: muon.p_max must be at least {needed}</source>
        <translation>负载最高的流水线阶段上有 {matrices} 个稠密矩阵，放不进 muon.p_max = {p_max} 个 rank × 每 rank muon.max_matrices = {max} 个：muon.p_max 至少须为 {needed}</translation>
    </message>
    <message>
        <location filename="../../models/muon/analysis.py" line="187"/>
        <source>{matrices} dense matrices on the most loaded pipeline stage do not fit the {ranks} ZeRO ranks (dp × cp) × muon.max_matrices = {max} per rank: they need muon.p_max ≥ {needed} and as many ZeRO ranks, or muon.max_matrices ≥ {least_max} (muon.p_max = {p_max})</source>
        <translation>负载最高的流水线阶段上有 {matrices} 个稠密矩阵，放不进 {ranks} 个 ZeRO rank（dp × cp）× 每 rank muon.max_matrices = {max} 个：需要 muon.p_max ≥ {needed} 且有同样多的 ZeRO rank，或 muon.max_matrices ≥ {least_max}（muon.p_max = {p_max}）</translation>
    </message>
    <message>
        <location filename="../../models/muon/analysis.py" line="212"/>
        <source>zero = 0 keeps the whole optimizer on every data-parallel rank: each of the {ranks} ranks runs Newton–Schulz on every matrix instead of sharing the matrices out</source>
        <translation>zero = 0 时每个数据并行 rank 都保存完整的优化器：{ranks} 个 rank 各自对每个矩阵运行 Newton–Schulz，而不是分摊这些矩阵</translation>
    </message>
</context>
</TS>
