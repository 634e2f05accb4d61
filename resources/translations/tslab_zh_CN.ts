<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../../views/sources.py" line="81"/>
        <source>{size} per step</source>
        <translation>每步 {size}</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="92"/>
        <source>makespan {makespan}, bubble {ratio:.1%} of rank-time</source>
        <translation>总时长 {makespan}，气泡占 rank 时间的 {ratio:.1%}</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="93"/>
        <source>makespan {makespan} time units, bubble {ratio:.1%} of rank-time</source>
        <translation>总时长 {makespan} 个时间单位，气泡占 rank 时间的 {ratio:.1%}</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="95"/>
        <source>no closed form</source>
        <translation>无闭式解</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="96"/>
        <source>Bubble of {kind}</source>
        <translation>{kind} 的气泡</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="105"/>
        <source>Time of the collective</source>
        <translation>集合通信耗时</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="106"/>
        <source>α per round + bytes sent / β, round by round</source>
        <translation>逐轮计算：每轮 α + 发送字节数 / β</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="108"/>
        <source>Bus bandwidth</source>
        <translation>总线带宽（busbw）</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="109"/>
        <source>busbw = algbw × {factor:g}, algbw = S / t</source>
        <translation>busbw = algbw × {factor:g}，其中 algbw = S / t</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="117"/>
        <source>Ulysses bytes per link per layer</source>
        <translation>Ulysses 每层每链路字节数</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="118"/>
        <source>(Q + K + V + output)·b·S/n, K and V at the KV heads&apos; width</source>
        <translation>(Q + K + V + output)·b·S/n，K 与 V 按 KV 头的宽度计</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="120"/>
        <source>Ring K/V bytes per step</source>
        <translation>Ring 每步 K/V 字节数</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="121"/>
        <source>2·b·(S/n)·H_kv per step, n − 1 steps</source>
        <translation>每步 2·b·(S/n)·H_kv，共 n − 1 步</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="122"/>
        <source>USP grid</source>
        <translation>USP 网格</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="131"/>
        <location filename="../../views/sources.py" line="183"/>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="131"/>
        <source>pipeline makespan + exposed DP/ZeRO + optimizer</source>
        <translation>流水线总时长 + 暴露的 DP/ZeRO 通信 + 优化器</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="133"/>
        <source>model FLOPs / (step time × GPUs × peak)</source>
        <translation>模型 FLOPs / (步时 × GPU 数 × 峰值)</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="135"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="151"/>
        <source>Where the numbers come from</source>
        <translation>数字从何而来</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="152"/>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="152"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="152"/>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="152"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="159"/>
        <source>Each number with its formula and primary source, from the models&apos; own results; a deterministic teaching model. Results a tab has not computed yet appear once it has.</source>
        <translation>每个数字及其公式与一手来源，取自模型自身的结果；确定性教学模型。某个标签页尚未计算的结果，会在该标签页计算后出现。</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="178"/>
        <location filename="../../views/sources.py" line="180"/>
        <location filename="../../views/sources.py" line="182"/>
        <source>This tab</source>
        <translation>当前标签页</translation>
    </message>
    <message>
        <location filename="../../views/sources.py" line="197"/>
        <source>not computed yet: open the tab that shows it</source>
        <translation>尚未计算：请打开显示它的标签页</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../desktop/app.py" line="119"/>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <location filename="../../desktop/app.py" line="120"/>
        <source>Something went wrong: {error}
The scenario is unchanged; save it and report the details printed in the terminal.</source>
        <translation>出错了：{error}
场景没有改变；请保存场景，并报告终端中打印的详细信息。</translation>
    </message>
</context>
<context>
    <name>CommFigure</name>
    <message>
        <location filename="../../views/comm/figure.py" line="45"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="45"/>
        <source>Sent</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="45"/>
        <source>Received</source>
        <translation>接收</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="51"/>
        <source>Bytes sent and received per rank</source>
        <translation>每个 rank 发送与接收的字节数</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="53"/>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="53"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="63"/>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="69"/>
        <source>source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="69"/>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="72"/>
        <source>tokens received</source>
        <translation>收到的 Token 数</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="72"/>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="84"/>
        <source>Deterministic α–β teaching model and seeded routing, not a measurement. Chunk squares fill as their final value arrives.</source>
        <translation>确定性 α–β 教学模型与固定种子的路由，并非实测。数据块方格随其最终值的到达而填满。</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="126"/>
        <source>{name} of {size} over {n} ranks ({algorithm})</source>
        <translation>{n} 个 rank 上 {size} 的 {name}（{algorithm}）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="131"/>
        <source>per rank sent {sent}, received {received}; {rounds} rounds; α–β time {time}; algbw {algbw} GB/s, busbw {busbw} GB/s (× {factor:g}, nccl-tests)</source>
        <translation>每 rank 发送 {sent}、接收 {received}；{rounds} 轮；α–β 时间 {time}；algbw {algbw} GB/s，busbw {busbw} GB/s（× {factor:g}，nccl-tests 口径）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="144"/>
        <source>{n} ranks: too many to animate (up to {limit})</source>
        <translation>{n} 个 rank：太多，无法动画演示（最多 {limit} 个）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="153"/>
        <source>compute {t:.2f} ms</source>
        <translation>计算 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="155"/>
        <source>hidden communication {t:.2f} ms</source>
        <translation>被隐藏的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="157"/>
        <source>exposed communication {t:.2f} ms</source>
        <translation>暴露的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="158"/>
        <source> exposed {t:.2f} ms</source>
        <translation> 暴露 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="160"/>
        <source>comm</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="160"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="194"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="194"/>
        <source>double binary tree</source>
        <translation>双二叉树</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="195"/>
        <source>hierarchical</source>
        <translation>分层</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="195"/>
        <source>halving-doubling</source>
        <translation>递归减半/倍增</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="213"/>
        <source> (this one)</source>
        <translation>（当前）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="225"/>
        <source>this message</source>
        <translation>当前消息</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="227"/>
        <source>{before} → {after} at {size}</source>
        <translation>{before} → {after}：{size} 处</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="257"/>
        <source>rank {r}: {t:,} tokens before planning</source>
        <translation>rank {r}：规划前 {t:,} 个 Token</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="259"/>
        <source>rank {r}: {t:,} tokens after MoonEP, {e} redundant experts</source>
        <translation>rank {r}：MoonEP 规划后 {t:,} 个 Token，{e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="264"/>
        <source>rank {r} hosts {e} redundant experts</source>
        <translation>rank {r} 承载 {e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="268"/>
        <source>S·K = {t:,}</source>
        <translation>S·K = {t:,}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="273"/>
        <source>Dispatch → experts → combine</source>
        <translation>Dispatch → 专家 → Combine</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="274"/>
        <source>imbalance max/mean {imb:.2f}; maxvio {vio:.2f}</source>
        <translation>不均衡度 max/mean {imb:.2f}；maxvio {vio:.2f}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="275"/>
        <source>MoonEP (▼ = redundant experts copied to a rank): every rank gets exactly S·K = {t:,}; at most {bound} redundant experts per rank (E/R); planned {most}</source>
        <translation>MoonEP（▼ = 复制到该 rank 的冗余专家）：每个 rank 恰好得到 S·K = {t:,}；每 rank 冗余专家至多 {bound} 个（E/R）；本次规划最多 {most} 个</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="278"/>
        <source>dispatch {d}, combine {c} per rank; across nodes {x}</source>
        <translation>每 rank dispatch {d}、combine {c}；跨节点 {x}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="281"/>
        <source>all-to-all time: dispatch {d}, combine {c}</source>
        <translation>All-to-All 时间：dispatch {d}，combine {c}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="283"/>
        <source>receive buffer: worst case S·K·R = {w:,} tokens (DeepEP-style, copy-free) vs MoonEP&apos;s fixed S·K = {m:,} — a worst-case bound, not DeepEP&apos;s typical use</source>
        <translation>接收缓冲区：最坏情况 S·K·R = {w:,} 个 Token（DeepEP 式、零拷贝）对比 MoonEP 固定的 S·K = {m:,} —— 这是最坏情况上界，并非 DeepEP 的典型占用</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="286"/>
        <source>expert-GEMM makespan on the busiest rank, in full tiles of {tile} tokens on {sms} SMs: round-robin tile order {f:,g}, workload-aware (longest tile first) {a:,g} (rank balance is not kernel balance)</source>
        <translation>最忙 rank 的专家 GEMM 完工时间（以 {tile} 个 Token 的整 tile 为单位，{sms} 个 SM）：轮转 tile 顺序 {f:,g}，负载感知（最长 tile 优先）{a:,g}（rank 均衡不等于 kernel 均衡）</translation>
    </message>
</context>
<context>
    <name>CommTab</name>
    <message>
        <location filename="../../views/comm/tab.py" line="47"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="47"/>
        <source>double binary tree</source>
        <translation>双二叉树</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="48"/>
        <source>hierarchical (node, then across)</source>
        <translation>分层（先节点内，再跨节点）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="49"/>
        <source>recursive halving/doubling</source>
        <translation>递归减半/倍增（Rabenseifner）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="76"/>
        <location filename="../../views/comm/tab.py" line="81"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="81"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="82"/>
        <source>Ranks n</source>
        <translation>rank 数 n</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="82"/>
        <source>Message size S</source>
        <translation>消息大小 S</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="83"/>
        <source>Compute to overlap with</source>
        <translation>可重叠的计算</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="84"/>
        <source>Share that can overlap</source>
        <translation>可重叠比例</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="98"/>
        <location filename="../../views/comm/tab.py" line="251"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="100"/>
        <source>Play the rounds; with reduced motion (View → Reduced Motion) it jumps to the last round</source>
        <translation>逐轮播放；开启减少动画（视图 → 减少动画）时直接跳到最后一轮</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="103"/>
        <source>Step one round</source>
        <translation>单步（一轮）</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="106"/>
        <source>Round shown</source>
        <translation>当前显示的轮次</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="178"/>
        <source>Routing {tokens:,} tokens…</source>
        <translation>正在路由 {tokens:,} 个 token…</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="182"/>
        <source>The MoE panels need a mixture-of-experts scenario (try the DeepSeek-V3 or Kimi K2 preset): {reason}</source>
        <translation>MoE 面板需要混合专家（MoE）场景（可试 DeepSeek-V3 或 Kimi K2 预设）：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="224"/>
        <source>round {k} of {rounds}</source>
        <translation>第 {k} 轮，共 {rounds} 轮</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="251"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="293"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="295"/>
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
        <location filename="../../views/memory/context_chart.py" line="104"/>
        <source>the same under full recompute</source>
        <translation>同一方案在全量重计算下</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="109"/>
        <source>HBM {size}</source>
        <translation>HBM {size}</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="116"/>
        <source>this scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <location filename="../../views/memory/context_chart.py" line="123"/>
        <source>Activation bytes per GPU from the ledger at each length, the sequence split over cp = {cp} ranks, plus each scheme&apos;s buffers for one layer (Ulysses: full-sequence Q/K/V of its heads; Ring: K/V blocks in flight). Not Megatron SP, which shards activations inside the TP group. A deterministic teaching model.</source>
        <translation>按账本计算的各长度下每 GPU 激活字节数（序列切分到 cp = {cp} 个 rank 上），加上各方案一层的缓冲区（Ulysses：所分得各头的全序列 Q/K/V；Ring：传输中的 K/V 块）。不含 Megatron SP，它在 TP 组内切分激活。确定性教学模型。</translation>
    </message>
</context>
<context>
    <name>ContextTab</name>
    <message>
        <location filename="../../views/context/tab.py" line="45"/>
        <source>Ulysses</source>
        <translation>Ulysses（头切分）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="45"/>
        <source>Ring</source>
        <translation>Ring（环形）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="45"/>
        <source>USP</source>
        <translation>USP</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="46"/>
        <source>Two-stage (V4)</source>
        <translation>两阶段（V4）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="46"/>
        <source>KDA (K3)</source>
        <translation>KDA（K3）</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="56"/>
        <location filename="../../views/context/tab.py" line="221"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="58"/>
        <source>Play the steps; with reduced motion (View → Reduced Motion) it jumps to the end</source>
        <translation>逐步播放；开启减少动画（视图 → 减少动画）时直接跳到结尾</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="61"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="67"/>
        <source>Step shown</source>
        <translation>当前显示的步骤</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="69"/>
        <source>CP shown</source>
        <translation>展示的 CP</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="73"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="69"/>
        <source>CP degree shown</source>
        <translation>展示的 CP 度</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="70"/>
        <source>The context-parallel degree the figure teaches when the scenario trains without CP (cp = 1): auto is the largest of 8, 4, 2 that its model and cluster allow; 1 shows the scenario as it is</source>
        <translation>场景训练不用 CP（cp = 1）时，图中用来讲解的上下文并行度：自动取模型与集群所允许的 8、4、2 中最大者；1 表示按场景原样展示</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="83"/>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="85"/>
        <source>Context parallelism</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="86"/>
        <location filename="../../views/context/tab.py" line="286"/>
        <source>Muon × ZeRO</source>
        <translation>Muon 与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="87"/>
        <location filename="../../views/context/tab.py" line="287"/>
        <source>Stochastic rounding</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="165"/>
        <source>Packing the dense matrices over {ranks:,} ZeRO ranks…</source>
        <translation>正在把稠密矩阵打包到 {ranks:,} 个 ZeRO rank 上…</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="180"/>
        <source>Rounding {samples:,} samples and accumulating {steps:,} updates…</source>
        <translation>正在舍入 {samples:,} 个样本并累加 {steps:,} 次更新…</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="221"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/context/tab.py" line="283"/>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
</context>
<context>
    <name>DocumentModel</name>
    <message>
        <location filename="../../views/document_model.py" line="261"/>
        <source>Set {count} keys</source>
        <translation>设置 {count} 个键</translation>
    </message>
    <message>
        <location filename="../../views/document_model.py" line="262"/>
        <source>{setting} {old} → {new}</source>
        <translation>{setting} {old} → {new}</translation>
    </message>
</context>
<context>
    <name>ExportAllDialog</name>
    <message>
        <location filename="../../desktop/gallery.py" line="208"/>
        <location filename="../../desktop/gallery.py" line="264"/>
        <source>Export All Figures</source>
        <translation>导出全部图</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="210"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="211"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="212"/>
        <source>Browse for the folder</source>
        <translation>浏览并选择文件夹</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="216"/>
        <source>PNG images, one per figure</source>
        <translation>PNG 图像，每张图一个</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="217"/>
        <source>SVG vector images, one per figure</source>
        <translation>SVG 矢量图，每张图一个</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="218"/>
        <source>PDF documents, one per figure</source>
        <translation>PDF 文档，每张图一个</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="219"/>
        <source>Handout PDF: title page, a page per figure, reading list</source>
        <translation>讲义 PDF：标题页、每张图一页、阅读清单</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="220"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="222"/>
        <source>PNG scale</source>
        <translation>PNG 缩放</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="223"/>
        <source>Device pixels per logical pixel: 2 × gives 2800 × 1720 PNGs</source>
        <translation>每个逻辑像素对应的设备像素数：2× 得到 2800 × 1720 的 PNG</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="225"/>
        <source>As the app ({language})</source>
        <translation>与应用一致（{language}）</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="229"/>
        <source>Language of the figures</source>
        <translation>图的语言</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="232"/>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="233"/>
        <source>O&amp;utput:</source>
        <translation>输出(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="234"/>
        <source>PNG &amp;scale:</source>
        <translation>PNG 缩放(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="235"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="236"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="257"/>
        <source>Writes one file: {path}</source>
        <translation>写入一个文件：{path}</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="259"/>
        <source>Writes {count} files into {folder}: one NAME.{suffix} per figure</source>
        <translation>向 {folder} 写入 {count} 个文件：每张图一个 NAME.{suffix}</translation>
    </message>
</context>
<context>
    <name>FigureExportDialog</name>
    <message>
        <location filename="../../desktop/gallery.py" line="105"/>
        <source>Export Figure {number}</source>
        <translation>导出图 {number}</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="109"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="111"/>
        <source>PNG scale</source>
        <translation>PNG 缩放</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="112"/>
        <source>Device pixels per logical pixel: 2 × gives a 2800 × 1720 PNG</source>
        <translation>每个逻辑像素对应的设备像素数：2× 得到一张 2800 × 1720 的 PNG</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="114"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="115"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="116"/>
        <source>Browse for the file</source>
        <translation>浏览并选择文件</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="119"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="120"/>
        <source>PNG &amp;scale:</source>
        <translation>PNG 缩放(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="121"/>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="122"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="151"/>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
</context>
<context>
    <name>GalleryDialog</name>
    <message>
        <location filename="../../views/gallery/view.py" line="118"/>
        <source>Figure Gallery</source>
        <translation>图库</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="161"/>
        <source>Figures</source>
        <translation>图列表</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="162"/>
        <source>Every figure of the course; Enter opens the one selected</source>
        <translation>本课程的全部图；按 Enter 打开所选的图</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="164"/>
        <source>Enter or a double-click opens a figure; in a figure, PageUp and PageDown go to the previous and next one, Escape back to all figures.</source>
        <translation>按 Enter 或双击打开一张图；在图中，PageUp 和 PageDown 切换到上一张和下一张，Escape 返回全部图。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="168"/>
        <source>Export All Figures…</source>
        <translation>导出全部图…</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="169"/>
        <source>Write every figure, or the handout PDF, to a folder</source>
        <translation>把每张图或讲义 PDF 写入一个文件夹</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="172"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="172"/>
        <source>Close the gallery</source>
        <translation>关闭图库</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="187"/>
        <source>All Figures</source>
        <translation>全部图</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="187"/>
        <source>Back to every figure (Escape)</source>
        <translation>返回全部图（Escape）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="189"/>
        <source>Previous</source>
        <translation>上一张</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="189"/>
        <source>The previous figure (PageUp)</source>
        <translation>上一张图（PageUp）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="191"/>
        <source>Next</source>
        <translation>下一张</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="191"/>
        <source>The next figure (PageDown)</source>
        <translation>下一张图（PageDown）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="194"/>
        <source>Figure shown</source>
        <translation>当前显示的图</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="195"/>
        <source>Open in Its Tab</source>
        <translation>在所属标签页中打开</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="198"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="198"/>
        <source>Export this figure as PNG, SVG or PDF</source>
        <translation>将此图导出为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="248"/>
        <source>drawing…</source>
        <translation>正在绘制…</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="284"/>
        <source>This figure cannot be drawn for this scenario</source>
        <translation>此图无法针对当前场景绘制</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="286"/>
        <source>{summary}

Not drawn for this scenario: {reason}</source>
        <translation>{summary}

未针对当前场景绘制：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="337"/>
        <source>Figure {number} cannot be drawn for this scenario: {reason}</source>
        <translation>图 {number} 无法针对当前场景绘制：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="345"/>
        <source>Figure {number} of {count}: {title}</source>
        <translation>图 {number} / {count}：{title}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="351"/>
        <source>Figure {number} is a diagram of the reports&apos; stated facts: no tab computes it</source>
        <translation>图 {number} 是报告所述事实的示意图：没有标签页计算它</translation>
    </message>
    <message>
        <location filename="../../views/gallery/view.py" line="355"/>
        <source>Open the tab that makes this figure live</source>
        <translation>打开能实时生成此图的标签页</translation>
    </message>
</context>
<context>
    <name>GalleryExport</name>
    <message>
        <location filename="../../desktop/gallery.py" line="56"/>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="57"/>
        <source>SVG vector image</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="58"/>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="171"/>
        <location filename="../../desktop/gallery.py" line="181"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="172"/>
        <source>{path} names another format than {format}</source>
        <translation>{path} 的后缀表示的格式不是 {format}</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="275"/>
        <location filename="../../desktop/gallery.py" line="288"/>
        <location filename="../../desktop/gallery.py" line="304"/>
        <location filename="../../desktop/gallery.py" line="340"/>
        <source>Export All Figures</source>
        <translation>导出全部图</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="276"/>
        <source>There are no figures to export.</source>
        <translation>没有可导出的图。</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="289"/>
        <source>{count} of the files exist in {folder} already. Replace them?</source>
        <translation>{folder} 中已存在其中 {count} 个文件。是否替换？</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="301"/>
        <source>Drawing figure {number} of {count}: {title}</source>
        <translation>正在绘制图 {number} / {count}：{title}</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="303"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="344"/>
        <source>Cancelled: the handout was not written.</source>
        <translation>已取消：讲义未写入。</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="346"/>
        <source>Cancelled. The {count} files written before are kept in {folder}.</source>
        <translation>已取消。此前写入的 {count} 个文件保留在 {folder} 中。</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="350"/>
        <source>Not every figure was written: {problem}. {count} files were written.</source>
        <translation>并非所有图都已写入：{problem}。已写入 {count} 个文件。</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="353"/>
        <source>Wrote the handout: {path}</source>
        <translation>已写出讲义：{path}</translation>
    </message>
    <message>
        <location filename="../../desktop/gallery.py" line="355"/>
        <source>Wrote {count} files into {folder}.</source>
        <translation>已向 {folder} 写入 {count} 个文件。</translation>
    </message>
</context>
<context>
    <name>KdaPanel</name>
    <message>
        <location filename="../../views/context/kda.py" line="28"/>
        <source>KDA all-gather vs softmax ring</source>
        <translation>KDA all-gather 对比 softmax 环</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="41"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the numbers are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；数字按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="45"/>
        <source>KDA all-gather</source>
        <translation>KDA 的 all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="46"/>
        <source>softmax ring</source>
        <translation>softmax 环</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="47"/>
        <source>{unit} per rank per layer</source>
        <translation>每 rank 每层 {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="49"/>
        <source>One fragment: {heads} heads × (d_k² + d_k·d_v) FP32 = {fragment}, whatever the sequence length; the ring passes K/V blocks that grow with S ({s:,} tokens per rank here).</source>
        <translation>一个片段：{heads} 个头 × (d_k² + d_k·d_v) 个 FP32 = {fragment}，与序列长度无关；环传递的 K/V 块随 S 增长（此处每 rank {s:,} 个 token）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="61"/>
        <source>Every rank runs the delta rule over its {s:,} tokens from a zero state, composing them into one fragment (transition, state).</source>
        <translation>每个 rank 从零状态出发，对自己的 {s:,} 个 token 运行 delta 规则，合成一个片段（转移，状态）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="64"/>
        <source>One all-gather: every rank receives the other {others} fragments ({bytes}).</source>
        <translation>一次 all-gather：每个 rank 收到其余 {others} 个片段（{bytes}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="67"/>
        <source>Prefix scan, step {j} of {steps}: rank r combines with rank r − {offset} (Hillis–Steele); then each rank finishes its tokens from its incoming state.</source>
        <translation>前缀扫描，第 {j} 步，共 {steps} 步：rank r 与 rank r − {offset} 合并（Hillis–Steele）；随后每个 rank 从传入的状态出发算完自己的 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="77"/>
        <source>rank {r} holds fragment {f}</source>
        <translation>rank {r} 持有片段 {f}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="78"/>
        <source>rank {r} has combined fragments {lo}–{hi}</source>
        <translation>rank {r} 已合并片段 {lo}–{hi}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="81"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="96"/>
        <source>fragment →</source>
        <translation>片段 →</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="103"/>
        <source>Kimi K3 KDA context parallelism over {n} ranks: S = {s:,} tokens</source>
        <translation>Kimi K3 KDA 在 {n} 个 rank 上的上下文并行：S = {s:,} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="110"/>
        <source>Each rank all-gathers {gather} of fixed-size fragments per layer, independent of S; a softmax ring over the same ranks would pass {ring}.</source>
        <translation>每个 rank 每层 all-gather {gather} 的定长片段，与 S 无关；在同样的 rank 上，softmax 环需传递 {ring}。</translation>
    </message>
    <message>
        <location filename="../../views/context/kda.py" line="113"/>
        <source>Prefix scan: {steps} steps; against the sequential recurrence it differs by {error:.1e} on a small seeded example. KDA layers only: K3&apos;s MLA layers keep other CP schemes.</source>
        <translation>前缀扫描：{steps} 步；在固定种子的小例子上与顺序递推相差 {error:.1e}。仅用于 KDA 层：K3 的 MLA 层仍用其他 CP 方案。</translation>
    </message>
</context>
<context>
    <name>LedgerTable</name>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="25"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="25"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="25"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="25"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="26"/>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="100"/>
        <source>Total (all tiers)</source>
        <translation>合计（所有层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory/ledger_table.py" line="101"/>
        <source>GPU tier {gpu} of capacity {capacity}</source>
        <translation>GPU 层级 {gpu}，容量 {capacity}</translation>
    </message>
</context>
<context>
    <name>LoadScale</name>
    <message>
        <location filename="../../views/mesh/network_items.py" line="115"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network_items.py" line="115"/>
        <source>bottleneck</source>
        <translation>瓶颈</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="84"/>
        <source>Tabs</source>
        <translation>标签页</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="89"/>
        <source>Memory Ledger</source>
        <translation>内存账本</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="92"/>
        <source>Parallel Mesh</source>
        <translation>并行网格</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="92"/>
        <source>Pipeline Scheduler</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="92"/>
        <source>Communication / MoE</source>
        <translation>通信 / MoE</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="93"/>
        <source>Long Context &amp;&amp; V4</source>
        <translation>长上下文 &amp;&amp; V4</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="126"/>
        <source>Step time and model FLOP utilisation of the step-time model; View → Step Time Panel (F6) shows where the time goes</source>
        <translation>步时模型给出的步时与模型 FLOP 利用率（MFU）；视图 → 步时面板（F6）显示时间花在了哪里</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="129"/>
        <source>Deterministic teaching model, not a benchmark</source>
        <translation>确定性教学模型，并非基准测试</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="142"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="145"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="148"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="150"/>
        <source>(custom scenario)</source>
        <translation>（自定义场景）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="159"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="160"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="162"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="163"/>
        <source>&amp;Import Hugging Face config…</source>
        <translation>导入 Hugging Face 配置(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="164"/>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="165"/>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="167"/>
        <source>&amp;Export Current Tab</source>
        <translation>导出当前标签页(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="169"/>
        <source>PNG image (2× scale)…</source>
        <translation>PNG 图像（2× 缩放）…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="169"/>
        <source>SVG vector image…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="170"/>
        <source>PDF document…</source>
        <translation>PDF 文档…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="173"/>
        <source>Export All &amp;Figures…</source>
        <translation>导出全部图(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="174"/>
        <source>Every figure of the gallery, or the lecture handout PDF, into a folder</source>
        <translation>把图库中的每张图，或课程讲义 PDF，导出到一个文件夹</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="177"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="180"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="183"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="187"/>
        <source>Presentation &amp;Scale</source>
        <translation>演示缩放(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="188"/>
        <source>How much larger the type is in presentation mode</source>
        <translation>演示模式下文字放大的倍数</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="192"/>
        <source>&amp;Hide Inputs</source>
        <translation>隐藏输入栏(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="194"/>
        <source>Fold every tab&apos;s input column away, so the figure takes the whole width</source>
        <translation>收起每个标签页的输入栏，让图占满整个宽度</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="199"/>
        <source>Step &amp;Time Panel</source>
        <translation>步时面板(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="201"/>
        <source>Step time, MFU and where each pipeline rank&apos;s time goes, beside every tab</source>
        <translation>步时、MFU 以及各流水线 rank 的时间去向，可与任一标签页并排显示</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="205"/>
        <source>P&amp;lan Configurations…</source>
        <translation>规划并行配置(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="206"/>
        <source>Figure &amp;Gallery…</source>
        <translation>图库(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="207"/>
        <source>The course&apos;s twelve figures, drawn for this scenario: open one full size, step through them, export them</source>
        <translation>课程的十二张图，按当前场景绘制：可全尺寸打开、逐张浏览、导出</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="209"/>
        <source>S&amp;ources Panel</source>
        <translation>来源面板(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="211"/>
        <source>Where the numbers of the current tab come from: formula and primary source of each</source>
        <translation>当前标签页中数字的来源：每个数字的公式与一手来源</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="216"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="217"/>
        <source>Colours of the window; the figures stay on white paper, as they are exported for slides</source>
        <translation>窗口的配色；图始终保持白底，与导出到幻灯片时一致</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="222"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="222"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="226"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="229"/>
        <source>English</source>
        <translation>English（英语）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="231"/>
        <source>Reduced &amp;Motion</source>
        <translation>减少动画(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="232"/>
        <source>Animations step from state to state instead of moving smoothly (every tab that plays one)</source>
        <translation>动画在状态之间跳变，而不是平滑移动（适用于所有播放动画的标签页）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="238"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="239"/>
        <source>&amp;About Training Systems Lab</source>
        <translation>关于 Training Systems Lab(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="243"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="245"/>
        <location filename="../../desktop/main_window.py" line="426"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="248"/>
        <location filename="../../desktop/main_window.py" line="429"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="262"/>
        <source>Reset to &amp;Preset</source>
        <translation>重置为预设(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="374"/>
        <source>Invalid scenario: see the banner</source>
        <translation>场景无效：请查看顶部提示栏</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="377"/>
        <source>OOM</source>
        <translation>OOM</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="377"/>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="378"/>
        <source>Most-loaded GPU: {used} of {capacity} — {state}</source>
        <translation>负载最高的 GPU：{used} / {capacity} — {state}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="397"/>
        <source>Back to the preset {title}</source>
        <translation>恢复为预设 {title}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="398"/>
        <source>The document comes from no preset</source>
        <translation>该文档不是来自预设</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="402"/>
        <source>Training Systems Lab</source>
        <translation>训练系统实验室</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="412"/>
        <source>Load preset {name}</source>
        <translation>加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="415"/>
        <source>Loaded preset {name}</source>
        <translation>已加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="426"/>
        <source>&amp;Undo {edit}</source>
        <translation>撤销 {edit}(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="429"/>
        <source>&amp;Redo {edit}</source>
        <translation>重做 {edit}(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="439"/>
        <location filename="../../desktop/main_window.py" line="440"/>
        <source>Reset to preset {name}</source>
        <translation>重置为预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="629"/>
        <source>About Training Systems Lab</source>
        <translation>关于 Training Systems Lab</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="630"/>
        <source>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;Where every byte, bubble and collective of large-scale LLM training goes.&lt;br&gt;Every number is a deterministic teaching model with its formula and primary source; it is not a benchmark of a real cluster.</source>
        <translation>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;看清大规模 LLM 训练中的每个字节、每个气泡、每次集合通信都花在了哪里。&lt;br&gt;每个数字都来自附有公式与一手来源的确定性教学模型，并非真实集群的基准测试。</translation>
    </message>
</context>
<context>
    <name>MemoryFigure</name>
    <message>
        <location filename="../../views/memory/common.py" line="13"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="14"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="15"/>
        <source>Remote GPU</source>
        <translation>远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="16"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="26"/>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="21"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="60"/>
        <source>GiB on the most-loaded GPU</source>
        <translation>负载最高 GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="71"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="72"/>
        <source>GiB of model states</source>
        <translation>模型状态 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="73"/>
        <source>GiB on the GPU</source>
        <translation>GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="88"/>
        <source>Where the bytes live (tiers)</source>
        <translation>字节驻留位置（层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="90"/>
        <source>ZeRO stages 0–3, same rank</source>
        <translation>ZeRO 阶段 0–3，同一 rank</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="91"/>
        <source>GPU tier of each pipeline rank</source>
        <translation>各流水线 rank 的 GPU 层级</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="92"/>
        <source>Deterministic teaching model of byte counts, not a benchmark of a real cluster. Hover any bar for its formula and source.</source>
        <translation>字节数的确定性教学模型，并非真实集群的基准测试。将鼠标悬停在任一柱条上可查看其公式与来源。</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="152"/>
        <source>Invalid scenario — nothing to draw:</source>
        <translation>场景无效 — 无可绘制内容：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="169"/>
        <source>Most-loaded GPU: pipeline rank {rank} of {pp} · GPU tier {used} of {capacity} ({gpu})</source>
        <translation>负载最高的 GPU：流水线 rank {rank} / {pp} · GPU 层级 {used} / {capacity}（{gpu}）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="173"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="178"/>
        <source>fits, {free} free</source>
        <translation>放得下，剩余 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="208"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="214"/>
        <location filename="../../views/memory/timeline.py" line="282"/>
        <source>first OOM: {name}</source>
        <translation>首个 OOM：{name}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="231"/>
        <source>{count} smaller items {value}</source>
        <translation>其余 {count} 项较小条目 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="233"/>
        <source>GiB:</source>
        <translation>GiB：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="250"/>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {bytes} ({share:.1%}, {tier}) = {formula} · &lt;i&gt;{source}&lt;/i&gt;</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;：{bytes}（{share:.1%}，{tier}）= {formula} · &lt;i&gt;{source}&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="286"/>
        <location filename="../../views/memory/figure.py" line="341"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="293"/>
        <source>Total model states</source>
        <translation>模型状态合计</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="315"/>
        <source>ZeRO stages 0–3, rank {rank}
(most-loaded, most model states)</source>
        <translation>ZeRO 阶段 0–3，rank {rank}
（负载最高，模型状态也最多）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="319"/>
        <source>ZeRO stages 0–3, rank {rank} (most-loaded)
most states: rank {state_rank}, {bytes}</source>
        <translation>ZeRO 阶段 0–3，rank {rank}（负载最高）
模型状态最多：rank {state_rank}，{bytes}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="328"/>
        <source>Pipeline rank {rank}: {value} on the GPU</source>
        <translation>流水线 rank {rank}：GPU 上 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="337"/>
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
        <location filename="../../views/memory/timeline.py" line="153"/>
        <source>No memory over time: {reason}</source>
        <translation>无法显示显存随时间的变化：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="192"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="196"/>
        <source>capacity {value}: above the scale, {free} over the highest peak</source>
        <translation>容量 {value}：超出刻度范围，比最高峰值多 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="202"/>
        <source>rank {rank}</source>
        <translation>rank {rank}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="209"/>
        <source>◆ most loaded: peak {value} on rank {rank}</source>
        <translation>◆ 负载最高：rank {rank}，峰值 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="212"/>
        <source>{shown} of {count} ranks shown, evenly chosen, with the first, the last and the most loaded.</source>
        <translation>显示 {count} 个 rank 中的 {shown} 个：均匀选取，并包含第一个、最后一个和负载最高的 rank。</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="225"/>
        <source>held all step</source>
        <translation>整步驻留</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="226"/>
        <source>activations over time</source>
        <translation>随时间变化的激活</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="228"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="229"/>
        <source>GPU memory over the step, per pipeline rank</source>
        <translation>一个训练步内各流水线 rank 的 GPU 显存</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="230"/>
        <source>(deterministic teaching model)</source>
        <translation>（确定性教学模型）</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="278"/>
        <source>peak {value} at t = {time} ({item})</source>
        <translation>峰值 {value}，t = {time}（{item}）</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <location filename="../../views/memory/tab.py" line="191"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="200"/>
        <source>Precision and optimizer</source>
        <translation>精度与优化器</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="209"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="203"/>
        <source>Parallelism and ZeRO</source>
        <translation>并行与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="44"/>
        <location filename="../../views/memory/tab.py" line="48"/>
        <source>Ledger items</source>
        <translation>账本条目</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="47"/>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="53"/>
        <source>Memory over time</source>
        <translation>显存随时间变化</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="57"/>
        <source>Activation ladder</source>
        <translation>激活阶梯</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="63"/>
        <source>Long context</source>
        <translation>长上下文</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="127"/>
        <source>the scenario has no ledger</source>
        <translation>该场景没有内存账本</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="146"/>
        <source>Computing the ledgers of every sequence length…</source>
        <translation>正在计算每个序列长度的显存账本…</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="172"/>
        <source>Simulating the schedule…</source>
        <translation>正在模拟流水线调度…</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="194"/>
        <source>Model details</source>
        <translation>模型细节</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="215"/>
        <source>MoE tokens on the busiest GPU</source>
        <translation>最忙 GPU 上的 MoE Token</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="218"/>
        <source>GPU and allowances</source>
        <translation>GPU 与预留开销</translation>
    </message>
</context>
<context>
    <name>MeshFigure</name>
    <message>
        <location filename="../../views/mesh/figure.py" line="43"/>
        <source>Mesh of GPUs</source>
        <translation>GPU 网格</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="43"/>
        <source>Compared mesh of GPUs</source>
        <translation>用于对比的 GPU 网格</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="50"/>
        <source>GPUs of the chosen node</source>
        <translation>所选节点的 GPU</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="80"/>
        <source>Traffic per axis</source>
        <translation>各并行维度的通信量</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="82"/>
        <source>Deterministic teaching model of groups and bytes, not a measurement. Hover a GPU for its coordinates and groups; click to pin it; drag and scroll to pan and zoom.</source>
        <translation>通信组与字节数的确定性教学模型，并非实测。鼠标悬停在 GPU 上可查看其坐标与所属组；单击可固定显示；拖动与滚轮可平移和缩放。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="105"/>
        <source>Node {node}: GPUs {first}–{last}</source>
        <translation>节点 {node}：GPU {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="116"/>
        <source>{world} GPUs = {nodes} nodes × {gpn} · {dims}</source>
        <translation>{world} 张 GPU = {nodes} 个节点 × {gpn} · {dims}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="119"/>
        <source>Groups that leave a node: {axes}</source>
        <translation>跨节点的组：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="121"/>
        <source>Invalid topology:</source>
        <translation>拓扑无效：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="128"/>
        <source>Asked: {asked} = {gpus:,} GPUs; drawn: {drawn}, what the cluster holds</source>
        <translation>所设：{asked} = {gpus:,} 块 GPU；画出：{drawn}，即集群容纳得下的部分</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="135"/>
        <source>per-layer traffic over the inter-node network: {axes}</source>
        <translation>逐层通信走节点间网络：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="154"/>
        <source>Colour = the {axis} group of each GPU ({count} groups of {size}); &lt;span style=&apos;color:#C00000&apos;&gt;red outline&lt;/span&gt; = the group spans several nodes; the ring joins the hovered GPU&apos;s group.</source>
        <translation>颜色 = 每张 GPU 所属的 {axis} 组（{count} 个组，每组 {size} 张）；&lt;span style=&apos;color:#C00000&apos;&gt;红色边框&lt;/span&gt; = 该组跨越多个节点；环线连接悬停 GPU 所在的组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="158"/>
        <source>{world} GPUs: one cell per node, nodes of one colour holding the same {axis} groups; click a node, or choose it under “Zoom into node”, for its GPUs.</source>
        <translation>{world} 张 GPU：每个节点画成一格，同色的节点持有相同的 {axis} 组；单击节点，或在“放大节点”中选择，即可查看其中的 GPU。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="161"/>
        <source>A cell: its GPU&apos;s global rank r and index on each axis of size &gt; 1.</source>
        <translation>每个单元格：其 GPU 的全局 rank r，以及在每个大小 &gt; 1 的维度上的序号。</translation>
    </message>
</context>
<context>
    <name>MeshTab</name>
    <message>
        <location filename="../../views/mesh/view.py" line="467"/>
        <source>Node {node} (GPUs {first}–{last}); its first GPU:</source>
        <translation>节点 {node}（GPU {first}–{last}）；其第一张 GPU：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="469"/>
        <source>GPU {rank}</source>
        <translation>GPU {rank}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="470"/>
        <source>node {node}, local {local}</source>
        <translation>节点 {node}，节点内序号 {local}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/view.py" line="480"/>
        <source>{count} nodes</source>
        <translation>{count} 个节点</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="56"/>
        <source>no comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="73"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="75"/>
        <source>The node whose GPUs are drawn beside the mesh, each with its rank and coordinates; none = the nodes alone</source>
        <translation>在网格旁逐一画出其 GPU（含各自的 rank 与坐标）的节点；无 = 只画节点</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="78"/>
        <source>Colour by the groups of</source>
        <translation>按以下维度的组着色</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="79"/>
        <source>Compare with the order of</source>
        <translation>与以下框架的 rank 顺序对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="80"/>
        <source>Links loaded by</source>
        <translation>链路负载按</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="87"/>
        <source>Zoom into node</source>
        <translation>放大节点</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="98"/>
        <location filename="../../views/mesh/tab.py" line="241"/>
        <source>Click a GPU to pin its coordinates and groups here.</source>
        <translation>单击一张 GPU，在此固定显示其坐标与所属组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="174"/>
        <source>Enumerating the groups of {world:,} GPUs…</source>
        <translation>正在枚举 {world:,} 块 GPU 的通信组…</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="186"/>
        <source>order {order}</source>
        <translation>顺序 {order}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="188"/>
        <source>order {order} ({name})</source>
        <translation>顺序 {order}（{name}）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="206"/>
        <location filename="../../views/mesh/tab.py" line="263"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="261"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="266"/>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="269"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
</context>
<context>
    <name>MeshView</name>
    <message>
        <location filename="../../views/mesh/view.py" line="63"/>
        <source>r{rank}</source>
        <translation>r{rank}</translation>
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
        <location filename="../../views/context/muon_figure.py" line="87"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="87"/>
        <source>dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="87"/>
        <source>shared expert</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="88"/>
        <source>routed expert</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="96"/>
        <location filename="../../views/context/muon_figure.py" line="104"/>
        <source>Muon × ZeRO</source>
        <translation>Muon 与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="110"/>
        <source>No Muon × ZeRO packing for this scenario: {reason}</source>
        <translation>该场景无法进行 Muon 与 ZeRO 打包：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="119"/>
        <source>P_max = {p}, the fewest that fit</source>
        <translation>P_max = {p}，能容纳的最少值</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="119"/>
        <source>P_max = {p}</source>
        <translation>P_max = {p}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="120"/>
        <source>Muon × ZeRO: {count:,} dense matrices packed whole into {used} ranks ({p_max})</source>
        <translation>Muon 与 ZeRO：{count:,} 个稠密矩阵整块打包到 {used} 个 rank（{p_max}）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="123"/>
        <source>ZeRO shards the optimizer over {zero:,} ranks, but Newton–Schulz needs whole matrices: the dense ones go to at most P_max = {p} ranks (an input — the report does not disclose it), at most {most} per rank (the report&apos;s limit).</source>
        <translation>ZeRO 把优化器切分到 {zero:,} 个 rank 上，但 Newton–Schulz 需要完整矩阵：稠密矩阵最多分到 P_max = {p} 个 rank（输入值——报告未公开），每 rank 至多 {most} 个（报告给出的上限）。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="126"/>
        <source>Padding to equal shards costs {padding:.1%}; the busiest rank&apos;s Newton–Schulz work is {imbalance:.2f}× the mean; DP groups beyond P_max that repeat the same dense Muon work: {redundant:,}.</source>
        <translation>填充为等大分片的开销为 {padding:.1%}；最忙 rank 的 Newton–Schulz 计算量是平均值的 {imbalance:.2f}×；P_max 之外重复同样稠密 Muon 计算的 DP 组：{redundant:,} 个。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="139"/>
        <source>rank {r}: {name}, {rows:,} × {cols:,} = {elements:.2f} M elements ({kind})</source>
        <translation>rank {r}：{name}，{rows:,} × {cols:,} = {elements:.2f} M 个元素（{kind}）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="140"/>
        <source>rank {r}: padding to {padded:.2f} M elements</source>
        <translation>rank {r}：填充到 {padded:.2f} M 个元素</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="162"/>
        <source>The dense matrices, whole, per rank (≤ {most} each)</source>
        <translation>各 rank 上的完整稠密矩阵（每 rank ≤ {most} 个）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="168"/>
        <source>padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="177"/>
        <source>rank {r}: {share:.2f}× the mean Newton–Schulz cost ({count} matrices)</source>
        <translation>rank {r}：Newton–Schulz 开销为平均值的 {share:.2f}×（{count} 个矩阵）</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="187"/>
        <source>Newton–Schulz work per rank, max(M,N)·min(M,N)² per matrix, over the mean (dashed): max/mean {imbalance:.2f}</source>
        <translation>各 rank 的 Newton–Schulz 计算量（每矩阵 max(M,N)·min(M,N)²）相对平均值（虚线）：max/mean {imbalance:.2f}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="192"/>
        <source>MoE experts</source>
        <translation>MoE 专家</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="193"/>
        <source>{matrices:,} expert matrices ({elements:.1f} M elements) split over {ranks:,} ranks: {per_rank:.1f} M per rank, padding {padding:.1%}.</source>
        <translation>{matrices:,} 个专家矩阵（{elements:.1f} M 个元素）分到 {ranks:,} 个 rank：每 rank {per_rank:.1f} M，填充 {padding:.1%}。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="197"/>
        <source>Why Newton–Schulz needs the whole matrix</source>
        <translation>为什么 Newton–Schulz 需要完整矩阵</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="198"/>
        <source>{name} is {rows:,} × {cols:,}. Cut into {shards} column shards M_i of {rows:,} × {shard_cols:,}, each M_i M_iᵀ is still {rows:,} × {rows:,} ({gram:,} elements): MMᵀ = Σ M_i M_iᵀ needs every shard. Newton–Schulz on the shards instead of the whole is off by {error:.0%} (a seeded small matrix of the same aspect).</source>
        <translation>{name} 为 {rows:,} × {cols:,}。按列切成 {shards} 个 {rows:,} × {shard_cols:,} 的分片 M_i，每个 M_i M_iᵀ 仍是 {rows:,} × {rows:,}（{gram:,} 个元素）：MMᵀ = Σ M_i M_iᵀ 需要所有分片。对各分片而非整个矩阵做 Newton–Schulz，结果偏差 {error:.0%}（用固定种子、长宽比相同的小矩阵计算）。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="203"/>
        <source>mHC</source>
        <translation>mHC</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="204"/>
        <source>The DeepSeek-V4 report&apos;s one figure: with fused kernels, selective checkpointing and the adjusted DualPipe 1F1B overlap, mHC&apos;s wall-time overhead is {overhead:.1%} of the overlapped 1F1B pipeline stage. The report gives no eager baseline and no breakdown, so none is shown.</source>
        <translation>DeepSeek-V4 报告给出的唯一数字：借助融合 kernel、选择性检查点和调整后的 DualPipe 1F1B 重叠，mHC 的墙钟时间开销为重叠 1F1B 流水线阶段的 {overhead:.1%}。报告未给出 eager 基线和分项数据，因此这里不作展示。</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="210"/>
        <source>naive all-gather</source>
        <translation>朴素 all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="211"/>
        <source>K3 P2P fetch</source>
        <translation>K3 P2P 拉取</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="222"/>
        <source>{unit} per rank</source>
        <translation>每 rank {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="225"/>
        <source>Kimi K3: fetch only the shards a rank needs</source>
        <translation>Kimi K3：只拉取 rank 所需的分片</translation>
    </message>
    <message>
        <location filename="../../views/context/muon_figure.py" line="226"/>
        <source>over {ranks:,} ranks; buffers {naive} → {p2p}, pipelined over {chunks} model chunks.</source>
        <translation>共 {ranks:,} 个 rank；缓冲区 {naive} → {p2p}，按 {chunks} 个模型块流水化。</translation>
    </message>
</context>
<context>
    <name>NetworkView</name>
    <message>
        <location filename="../../views/mesh/network.py" line="40"/>
        <source>all axes</source>
        <translation>所有维度</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="172"/>
        <source>rail-optimised fat-tree</source>
        <translation>轨道优化胖树</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="172"/>
        <source>fat-tree</source>
        <translation>胖树</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="173"/>
        <source>ECMP</source>
        <translation>ECMP 等价多路径</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="173"/>
        <source>rail rule (PXN)</source>
        <translation>轨道规则（PXN）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="174"/>
        <source>Network: {topology} · {leaves} leaves, {spines} spines, {ratio}:1 oversubscription · {routing}</source>
        <translation>网络：{topology} · {leaves} 台叶交换机、{spines} 台脊交换机，{ratio}:1 超额订阅 · {routing}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="219"/>
        <location filename="../../views/mesh/network.py" line="450"/>
        <source>rail {rail}</source>
        <translation>轨道 {rail}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="234"/>
        <source>spines</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="234"/>
        <source>leaves</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="236"/>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="234"/>
        <source>GPUs</source>
        <translation>GPU 卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="61"/>
        <source>Network links and their load</source>
        <translation>网络链路及其负载</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="236"/>
        <source>NVSwitch</source>
        <translation>NVSwitch 交换</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="245"/>
        <source>node {node}</source>
        <translation>节点 {node}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="246"/>
        <source>nodes {first}–{last}</source>
        <translation>节点 {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="271"/>
        <source>{axis}, bytes per step on a link:</source>
        <translation>{axis}：每步在一条链路上的字节数：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="291"/>
        <source>{nodes} nodes in {boxes} boxes, the nodes under the same leaves (a line is a bundle of parallel links, coloured by its busiest). </source>
        <translation>{nodes} 个节点画成 {boxes} 个框，每框是挂在同一组叶交换机下的节点（一条线代表一束并行链路，按其中最忙的一条着色）。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="293"/>
        <source>Deterministic teaching model of routes and bytes (a fluid ECMP split, no congestion), not a measurement. Hover a link or switch.</source>
        <translation>路由与字节数的确定性教学模型（ECMP 按流体均分，不含拥塞），并非实测。悬停链路或交换机可查看详情。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="312"/>
        <source>{axis} sends nothing over the network in this scenario.</source>
        <translation>在此场景中 {axis} 不经网络发送任何数据。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="314"/>
        <source>No traffic between GPUs in this scenario.</source>
        <translation>此场景中 GPU 之间没有通信。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="317"/>
        <source>&lt;b&gt;Bottleneck&lt;/b&gt; of {axis}: {tier} link {a} — {b} ({bandwidth}), {bytes} per step → &lt;b&gt;{time}&lt;/b&gt; ({transfer} of bytes + {latency} of latency α)</source>
        <translation>{axis} 的&lt;b&gt;瓶颈&lt;/b&gt;：{tier} 链路 {a} — {b}（{bandwidth}），每步 {bytes} → &lt;b&gt;{time}&lt;/b&gt;（传输 {transfer} + 延迟 α {latency}）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="324"/>
        <source>{text} (the slowest axis of the step)</source>
        <translation>{text}（本步最慢的维度）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="329"/>
        <source>GPU {rank}</source>
        <translation>GPU {rank}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="436"/>
        <source>&lt;b&gt;nvswitch:{node}&lt;/b&gt; — the NVSwitch of node {node}</source>
        <translation>&lt;b&gt;nvswitch:{node}&lt;/b&gt; — 节点 {node} 的 NVSwitch 交换芯片</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="437"/>
        <source>&lt;b&gt;NVSwitch&lt;/b&gt; of each of nodes {first}–{last}</source>
        <translation>节点 {first}–{last} 各自的 &lt;b&gt;NVSwitch&lt;/b&gt; 交换芯片</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="447"/>
        <source>spine switch</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="447"/>
        <source>leaf switch</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="447"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="457"/>
        <source>GPU {local} of nodes {first}–{last} ({count} GPUs)</source>
        <translation>节点 {first}–{last} 的第 {local} 号 GPU（共 {count} 张）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="460"/>
        <source>&lt;b&gt;GPU {rank}&lt;/b&gt; — node {node}, local {local}</source>
        <translation>&lt;b&gt;GPU {rank}&lt;/b&gt; — 节点 {node}，节点内序号 {local}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="477"/>
        <source>{count} parallel links; the bottleneck, {a} — {b}:</source>
        <translation>{count} 条并行链路；瓶颈为 {a} — {b}：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="478"/>
        <source>{count} parallel links; the busiest, {a} — {b}:</source>
        <translation>{count} 条并行链路；最忙的是 {a} — {b}：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="480"/>
        <source>{bandwidth} each way</source>
        <translation>每个方向 {bandwidth}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="487"/>
        <source>{axis}: {bytes} per step, {time} at this bandwidth</source>
        <translation>{axis}：每步 {bytes}，按此带宽需 {time}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="491"/>
        <source>all axes: {bytes} per step</source>
        <translation>所有维度：每步 {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="492"/>
        <source>used by: {axes}</source>
        <translation>使用者：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="497"/>
        <source>idle: no axis sends over it</source>
        <translation>空闲：没有任何维度经此发送</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="499"/>
        <source>the bottleneck</source>
        <translation>瓶颈链路</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="519"/>
        <source>{axis} group {index} ({size} GPUs on {nodes} nodes)</source>
        <translation>{axis} 第 {index} 组（{size} 张 GPU，分布在 {nodes} 个节点）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/network.py" line="521"/>
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
        <location filename="../../views/context/parallel_figure.py" line="98"/>
        <source>&lt;b&gt;The scenario trains without context parallelism (CP = {own})&lt;/b&gt;: shown at CP = {cp} to teach how the sequence would be split (CP shown, above: auto is the largest of 8, 4, 2 that its model and cluster allow).</source>
        <translation>&lt;b&gt;该场景训练时不使用上下文并行（CP = {own}）&lt;/b&gt;：此处以 CP = {cp} 展示，讲解序列会如何切分（见上方“展示的 CP”：自动取模型与集群所允许的 8、4、2 中最大者）。</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="112"/>
        <source>off: tp = 1, nothing to shard</source>
        <translation>关闭：tp = 1，无可切分</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="114"/>
        <source>on with tp = {tp}, saving {bytes} of activations per layer</source>
        <translation>已开启，tp = {tp}，每层节省 {bytes} 激活</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="117"/>
        <source>off; with tp = {tp} it would save {bytes} of activations per layer</source>
        <translation>关闭；若开启，tp = {tp} 时每层可节省 {bytes} 激活</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="119"/>
        <source>Megatron SP is not long-context CP.</source>
        <translation>Megatron SP 不是长上下文 CP。</translation>
    </message>
    <message>
        <location filename="../../views/context/parallel_figure.py" line="120"/>
        <source>Megatron SP ({state}) is a companion of tensor parallelism: it shards the LayerNorm and dropout activations TP replicates. Long-context CP (here over {cp} ranks) splits one sample&apos;s sequence, attention included.</source>
        <translation>Megatron SP（{state}）是张量并行的配套手段：它切分 TP 中被复制的 LayerNorm 与 dropout 激活。长上下文 CP（此处跨 {cp} 个 rank）切分单个样本的序列，注意力也在其中。</translation>
    </message>
</context>
<context>
    <name>PipelineFigure</name>
    <message>
        <location filename="../../views/pipeline/figure.py" line="26"/>
        <source>forward F</source>
        <translation>前向 F</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="26"/>
        <source>backward B</source>
        <translation>反向 B</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="26"/>
        <source>input-grad I</source>
        <translation>输入梯度 I</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="27"/>
        <source>weight-grad W</source>
        <translation>权重梯度 W</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="27"/>
        <source>overlapped F&amp;B</source>
        <translation>重叠的 F&amp;B</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="121"/>
        <location filename="../../views/pipeline/figure.py" line="28"/>
        <source>bubble (idle)</source>
        <translation>气泡（空闲）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="29"/>
        <source>darker: a rank&apos;s second chunk</source>
        <translation>较深颜色：rank 的第二个块</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/figure.py" line="32"/>
        <source>Deterministic event simulation with the durations given, not a measurement. Hover an op for its times and what it waited for.</source>
        <translation>按给定时长的确定性事件模拟，并非实测。鼠标悬停在操作上可查看其起止时间和所等待的依赖。</translation>
    </message>
</context>
<context>
    <name>PipelinePanel</name>
    <message>
        <location filename="../../views/pipeline/panel.py" line="50"/>
        <source>{kind}: p = {p}, m = {m}, v = {v}</source>
        <translation>{kind}：p = {p}，m = {m}，v = {v}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="54"/>
        <source>{ops:,} ops: too many to draw one by one (more than {limit:,}); the numbers beside are exact</source>
        <translation>{ops:,} 个操作：太多，无法逐个绘制（超过 {limit:,} 个）；右侧数字是精确的</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="71"/>
        <source>makespan {value:g}</source>
        <translation>总时长 {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="64"/>
        <location filename="../../views/pipeline/panel.py" line="72"/>
        <source>bubble ratio {value:.1%} (idle rank-time / ranks × makespan)</source>
        <translation>气泡率 {value:.1%}（空闲 rank 时间 / rank 数 × 总时长）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="28"/>
        <source>Schedule chart</source>
        <translation>调度图</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="29"/>
        <source>Activations held chart</source>
        <translation>驻留激活图</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="63"/>
        <source>makespan {value}</source>
        <translation>总时长 {value}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="66"/>
        <source>bubble time {value} (makespan − busiest rank&apos;s work {busy})</source>
        <translation>气泡时间 {value}（总时长 − 最忙 rank 的工作时间 {busy}）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="74"/>
        <source>bubble time {value:g} (makespan − busiest rank&apos;s work {busy:g})</source>
        <translation>气泡时间 {value:g}（总时长 − 最忙 rank 的工作量 {busy:g}）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="85"/>
        <source>paper&apos;s bubble: {formula} = {value}</source>
        <translation>论文中的气泡：{formula} = {value}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="88"/>
        <source>paper&apos;s bubble: {formula} = {value:g}</source>
        <translation>论文中的气泡：{formula} = {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="90"/>
        <source>peak activations per rank: {peaks}</source>
        <translation>各 rank 激活峰值：{peaks}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="91"/>
        <source>parameter copies: {copies}×</source>
        <translation>参数副本：{copies}×</translation>
    </message>
</context>
<context>
    <name>PipelineTab</name>
    <message>
        <location filename="../../views/memory/timeline.py" line="50"/>
        <location filename="../../views/pipeline/gantt.py" line="87"/>
        <source>{type} of micro-batch {mb}, stage {stage}</source>
        <translation>微批 {mb} 的 {type}，阶段 {stage}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="28"/>
        <source>time (ms, from the step-time model)</source>
        <translation>时间（ms，来自步时模型）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="36"/>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="90"/>
        <source>rank {rank}: {start} → {end}</source>
        <translation>rank {rank}：{start} → {end}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="93"/>
        <source>rank {rank}: {start:g} → {end:g}</source>
        <translation>rank {rank}：{start:g} → {end:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="97"/>
        <source>waited for: {what}</source>
        <translation>等待：{what}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="99"/>
        <source>started as soon as the rank was free</source>
        <translation>rank 空闲即开始</translation>
    </message>
    <message>
        <location filename="../../views/memory/timeline.py" line="96"/>
        <location filename="../../views/pipeline/gantt.py" line="29"/>
        <source>time (units of the op durations)</source>
        <translation>时间（以操作时长为单位）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/activations.py" line="71"/>
        <source>activations held</source>
        <translation>驻留激活数</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="45"/>
        <source>no comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="50"/>
        <location filename="../../views/pipeline/tab.py" line="239"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="53"/>
        <source>Step one op</source>
        <translation>单步（一个操作）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="67"/>
        <source>Reduced motion</source>
        <translation>减少动画</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="68"/>
        <source>Play jumps from op to op instead of sweeping time</source>
        <translation>播放时逐个操作跳转，而不是连续扫过时间</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="59"/>
        <location filename="../../views/pipeline/tab.py" line="82"/>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="60"/>
        <location filename="../../views/pipeline/tab.py" line="84"/>
        <source>Compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="63"/>
        <source>Animation time</source>
        <translation>动画时间</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="73"/>
        <source>PP shown</source>
        <translation>展示的 PP</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="77"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="73"/>
        <source>PP degree shown</source>
        <translation>展示的 PP 并行度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="74"/>
        <source>The pipeline degree the figure teaches when the scenario trains without pipeline parallelism (pp = 1): auto is the largest of 8, 4, 2 that splits its layers and fits its cluster; 1 shows the scenario as it is</source>
        <translation>场景训练时不使用流水线并行（pp = 1）时，图中讲解所用的流水线并行度：自动取能整除其层数且集群容纳得下的 8、4、2 中最大者；1 则按场景原样展示</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="133"/>
        <source>the step-time model gives this scenario no op durations: {reason}</source>
        <translation>步时模型未能给出此场景的操作时长：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="137"/>
        <source>Simulating {ops:,} operations…</source>
        <translation>正在模拟 {ops:,} 个操作…</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="152"/>
        <source>&lt;b&gt;The scenario trains without pipeline parallelism (PP = {own})&lt;/b&gt;: shown at PP = {pp}, DP {dp} → {shown_dp} giving up the ranks; the global batch stays, {m} micro-batches per pipeline (“PP shown” above; 1 = the scenario as it is)</source>
        <translation>&lt;b&gt;该场景训练时不使用流水线并行（PP = {own}）&lt;/b&gt;：此处以 PP = {pp} 展示，DP 由 {dp} 变为 {shown_dp} 让出 rank；全局批次不变，每条流水线 {m} 个微批（见上方“展示的 PP”；1 = 按场景原样）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="159"/>
        <source>the schedule is simulated from p, m, v and the durations alone</source>
        <translation>调度仅按 p、m、v 与各操作时长模拟</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="199"/>
        <source>From the step-time model (op durations: step-time model), the first stage&apos;s, read only; choose typed durations to edit them</source>
        <translation>来自步时模型（操作时长：步时模型），为第一个阶段的值，只读；改选手动输入时长即可编辑</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="239"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="313"/>
        <location filename="../../views/pipeline/tab.py" line="314"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="315"/>
        <source>Pipeline ranks p</source>
        <translation>流水线 rank 数 p</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="318"/>
        <source>Chunks per rank v (interleaved)</source>
        <translation>每 rank 块数 v（交错）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="320"/>
        <source>Durations</source>
        <translation>时长</translation>
    </message>
</context>
<context>
    <name>PlannerDialog</name>
    <message>
        <location filename="../../views/time/planner.py" line="422"/>
        <source>Plan configurations</source>
        <translation>规划并行配置</translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <location filename="../../views/time/planner.py" line="115"/>
        <source>The GPUs to plan for (the cluster&apos;s by default); the global batch stays as the scenario has it</source>
        <translation>规划所用的 GPU 数（默认取集群的 GPU 数）；全局批大小保持场景中的设置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="117"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="120"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="114"/>
        <location filename="../../views/time/planner.py" line="128"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="137"/>
        <source>Search ranks every parallel configuration of this model that fits on the GPUs by its step time.</source>
        <translation>搜索会把此模型在这些 GPU 上放得下的每一种并行配置按步时排名。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="143"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="144"/>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="144"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="144"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="144"/>
        <source>Micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="145"/>
        <source>Micro-batches</source>
        <translation>微批数</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="145"/>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="145"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="145"/>
        <source>Peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="146"/>
        <source>Cost stack</source>
        <translation>开销堆叠</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="152"/>
        <source>Each term averaged over the configuration&apos;s pipeline ranks, on one scale for the whole table; hover for the numbers</source>
        <translation>各分项取该配置所有流水线 rank 的平均值，整张表共用一个刻度；悬停可查看数值</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="159"/>
        <source>Configurations by step time</source>
        <translation>按步时间排序的配置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="172"/>
        <source>Load</source>
        <translation>载入</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="173"/>
        <source>Apply the selected configuration to the document (one edit: Undo is a reload of the file or preset)</source>
        <translation>把选中的配置应用到文档（作为一次编辑：撤销方式是重新加载文件或预设）</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="214"/>
        <source>Searching the configurations of {gpus:,} GPUs…</source>
        <translation>正在搜索 {gpus:,} 个 GPU 上的配置…</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="228"/>
        <source>Search cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="244"/>
        <source>{done:,} of {total:,} configurations settled</source>
        <translation>已完成 {done:,} / {total:,} 个配置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="248"/>
        <source>The search failed: {reason}</source>
        <translation>搜索失败：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="260"/>
        <source>The document changed after this search: search again to rank its configurations.</source>
        <translation>此次搜索之后文档已更改：请重新搜索以对其配置排名。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="268"/>
        <source>{total:,} configurations settled</source>
        <translation>已完成 {total:,} 个配置</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="271"/>
        <source>&lt;b&gt;The {count} fastest of {considered:,} configurations on {gpus:,} GPUs&lt;/b&gt; at a global batch of {batch:,} sequences. Set aside: {memory:,} out of memory, {topology:,} invalid or not mapping onto the cluster, {other:,} the model cannot time, {bound:,} whose lower bound on the step time rules them out; {timed:,} timed.</source>
        <translation>&lt;b&gt;{gpus:,} 个 GPU 上 {considered:,} 个配置中最快的 {count} 个&lt;/b&gt;，全局批大小为 {batch:,} 个序列。已排除：{memory:,} 个显存不足，{topology:,} 个无效或无法映射到集群，{other:,} 个模型无法计时，{bound:,} 个因步时下界而被淘汰；已计时 {timed:,} 个。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="278"/>
        <source>{faster:,} more counted faster than the scenario&apos;s own configuration by an upper bound on their step time, without timing them.</source>
        <translation>另有 {faster:,} 个由步时上界证明比场景自身配置更快，未逐一计时。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="292"/>
        <source>Cost stack:</source>
        <translation>开销堆叠：</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="294"/>
        <source>No configuration fits on {gpus:,} GPUs.</source>
        <translation>没有配置能放进 {gpus:,} 个 GPU。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="296"/>
        <source>Select a row and press Load (or double-click it) to apply its settings to the document.</source>
        <translation>选中一行并点击“载入”（或双击该行），即可把其设置应用到文档。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="309"/>
        <source>The scenario&apos;s own configuration is not ranked: {reason}</source>
        <translation>场景自身的配置未参与排名：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="310"/>
        <source>it does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="326"/>
        <source>the fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="328"/>
        <source>{slower} slower than the fastest</source>
        <translation>比最快的慢 {slower}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="335"/>
        <source>Against the fastest:</source>
        <translation>与最快的相比：</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="336"/>
        <source>{term} {sign}{gap}</source>
        <translation>{term} {sign}{gap}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="331"/>
        <source>deciding term: &lt;b&gt;{term}&lt;/b&gt;</source>
        <translation>决定性分项：&lt;b&gt;{term}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="316"/>
        <source>{low:,} to {high:,}</source>
        <translation>{low:,} 至 {high:,}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="319"/>
        <source>◆ The scenario&apos;s own configuration does not fit in the GPU&apos;s memory. &lt;b&gt;Its layout with {changes} ranks {rank}&lt;/b&gt;: {step} per step</source>
        <translation>◆ 场景自身的配置放不进 GPU 显存。&lt;b&gt;其布局改为 {changes} 后排名第 {rank}&lt;/b&gt;：每步 {step}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="323"/>
        <source>◆ &lt;b&gt;The scenario&apos;s own configuration ranks {rank}&lt;/b&gt;: {step} per step</source>
        <translation>◆ &lt;b&gt;场景自身的配置排名第 {rank}&lt;/b&gt;：每步 {step}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="354"/>
        <source>{policy}, {layers} in full</source>
        <translation>{policy}，另有 {layers} 层完整重计算</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="361"/>
        <source>Rank {rank}: {step} per step (mean over {pp} pipeline ranks)</source>
        <translation>第 {rank} 名：每步 {step}（{pp} 个流水线 rank 的平均）</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="390"/>
        <source>&lt;b&gt;Check&lt;/b&gt; (rank {rank}): {note}</source>
        <translation>&lt;b&gt;请核查&lt;/b&gt;（第 {rank} 名）：{note}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="401"/>
        <source>Cannot load this configuration: {reason}</source>
        <translation>无法载入此配置：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="403"/>
        <source>Loaded the configuration ranked {rank:,}: every tab shows it now.</source>
        <translation>已载入排名第 {rank:,} 的配置：所有标签页现都显示该配置。</translation>
    </message>
</context>
<context>
    <name>PolicyEditor</name>
    <message>
        <location filename="../../views/memory/policy_table.py" line="40"/>
        <source>Manual (recompute setting only)</source>
        <translation>手动（仅按重计算设置）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="41"/>
        <source>Megatron-LM selective</source>
        <translation>Megatron-LM 选择性重计算</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="42"/>
        <source>Kimi K2</source>
        <translation>Kimi K2 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="42"/>
        <source>Megatron-LM recompute modules</source>
        <translation>Megatron-LM 重计算模块</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="43"/>
        <source>DeepSeek-V3</source>
        <translation>DeepSeek-V3 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="43"/>
        <source>DeepSeek-V4</source>
        <translation>DeepSeek-V4 方案</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="47"/>
        <source>A named ladder of per-tensor steps applied over the recompute setting</source>
        <translation>命名的逐张量步骤阶梯，叠加在重计算设置之上</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="50"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="52"/>
        <source>Apply the first N steps of the ladder (0 = all)</source>
        <translation>应用阶梯的前 N 步（0 = 全部）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="53"/>
        <location filename="../../views/memory/policy_table.py" line="56"/>
        <source>Activation policy</source>
        <translation>激活策略</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="54"/>
        <location filename="../../views/memory/policy_table.py" line="57"/>
        <source>Steps applied</source>
        <translation>应用的步数</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="64"/>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="64"/>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="64"/>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="65"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="65"/>
        <source>remote GPU</source>
        <translation>远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>MiB / dense layer</source>
        <translation>MiB / 稠密层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="66"/>
        <source>MiB / MoE layer</source>
        <translation>MiB / MoE 层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="67"/>
        <source>Backend</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="67"/>
        <source>Recompute GFLOP</source>
        <translation>重计算 GFLOP</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="68"/>
        <source>Saved tensors</source>
        <translation>保存的张量</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="70"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="70"/>
        <source>Saves MiB / layer</source>
        <translation>节省 MiB / 层</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="70"/>
        <source>Saved so far</source>
        <translation>累计节省</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="71"/>
        <source>Recompute GFLOP / layer, in all</source>
        <translation>重计算 GFLOP / 层（累计）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="71"/>
        <source>Applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="71"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="72"/>
        <source>Ladder steps</source>
        <translation>策略阶梯的各步</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="73"/>
        <source>Per dense / MoE layer and micro-batch: the GPU memory each step frees, what the steps up to it free, and the layer&apos;s recompute FLOPs after it</source>
        <translation>按每个稠密层 / MoE 层、每个微批计：每一步释放的 GPU 显存、截至该步累计释放的显存，以及应用该步后该层的重计算 FLOPs</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="81"/>
        <source>Ladder, step by step (layers that follow the recompute setting)</source>
        <translation>逐步展开的阶梯（遵循重计算设置的层）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="165"/>
        <source>Base: recompute {recompute}</source>
        <translation>基础：重计算 {recompute}</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="168"/>
        <source>the first {n} layers of each pipeline chunk fully recomputed (checkpoint {mib} MiB per layer)</source>
        <translation>每个流水线块的前 {n} 层全量重计算（检查点每层 {mib} MiB）</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="172"/>
        <source>{applied} of {count} ladder steps applied</source>
        <translation>已应用 {count} 个阶梯步骤中的 {applied} 个</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="175"/>
        <source>{n} per-tensor overrides</source>
        <translation>{n} 个逐张量覆盖</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="199"/>
        <source>Backend of {tensor}</source>
        <translation>{tensor} 的存放方式</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="212"/>
        <source>the recompute setting</source>
        <translation>重计算设置</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="212"/>
        <source>an override</source>
        <translation>覆盖项</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="213"/>
        <source>ladder {step}</source>
        <translation>阶梯第 {step} 步</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="214"/>
        <source>Decided by {who}</source>
        <translation>由{who}决定</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="215"/>
        <source>Regenerated by: {ops}</source>
        <translation>由以下操作重新生成：{ops}</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="246"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../views/memory/policy_table.py" line="246"/>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>RingPanel</name>
    <message>
        <location filename="../../views/context/ring.py" line="48"/>
        <source>Causal blocks: query chunk × key chunk</source>
        <translation>因果块：查询块 × 键块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="50"/>
        <source>work (full blocks)</source>
        <translation>计算量（完整块）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="50"/>
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="81"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the numbers and the work per rank are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；数字与各 rank 计算量按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="92"/>
        <location filename="../../views/context/ring.py" line="190"/>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="92"/>
        <source>diagonal (half)</source>
        <translation>对角（一半）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="92"/>
        <source>masked (skipped)</source>
        <translation>被掩码（跳过）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="93"/>
        <source>Rows: query chunks, columns: key chunks. Colour: the rank that computes the block; outlined: this step.</source>
        <translation>行：查询块，列：键块。颜色：计算该块的 rank；描边：本步。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="106"/>
        <source>rank {r}, zigzag: {w:.2f} full blocks</source>
        <translation>rank {r}，之字形：{w:.2f} 个完整块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="107"/>
        <source>rank {r}, contiguous: {w:.2f} full blocks</source>
        <translation>rank {r}，连续：{w:.2f} 个完整块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="118"/>
        <source>Causal work per rank: {contiguous} contiguous (max/mean {c:.2f}) {zigzag} zigzag ({z:.2f})</source>
        <translation>各 rank 因果计算量：{contiguous} 连续（max/mean {c:.2f}） {zigzag} 之字形（{z:.2f}）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="135"/>
        <source>Step {k} of {steps}: every rank computes its queries with the K/V block it holds (rank 0 with rank {owner}&apos;s) while it passes that block on to its neighbour.</source>
        <translation>第 {k} 步，共 {steps} 步：每个 rank 用手中的 K/V 块计算自己的查询（rank 0 用的是 rank {owner} 的块），同时把该块传给相邻 rank。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="138"/>
        <source>Step {k} of {steps}: the last block; every rank has now seen every K/V block that its causal mask allows (rank 0 with rank {owner}&apos;s).</source>
        <translation>第 {k} 步，共 {steps} 步：最后一块；每个 rank 都已见过其因果掩码允许的全部 K/V 块（rank 0 用的是 rank {owner} 的块）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="152"/>
        <source>rank {r} holds query chunks {chunks}</source>
        <translation>rank {r} 持有查询块 {chunks}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="155"/>
        <source>rank {r} computes with the K/V of rank {owner} (chunks {chunks})</source>
        <translation>rank {r} 用 rank {owner} 的 K/V 计算（块 {chunks}）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="158"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="158"/>
        <source>Q {chunks} · KV {owner}</source>
        <translation>Q {chunks} · KV {owner}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="190"/>
        <source>diagonal</source>
        <translation>对角</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="190"/>
        <source>masked</source>
        <translation>被掩码</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="191"/>
        <source>query chunk {q} × key chunk {k}: {kind}</source>
        <translation>查询块 {q} × 键块 {k}：{kind}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="191"/>
        <source>rank {r} at step {t}</source>
        <translation>rank {r}，第 {t} 步</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="257"/>
        <source>Online softmax after step {k}</source>
        <translation>第 {k} 步后的在线 softmax</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="259"/>
        <source>(a demonstration on {d} ranks)</source>
        <translation>（在 {d} 个 rank 上演示）</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="261"/>
        <source>each rank&apos;s first query row: running max m, denominator ℓ</source>
        <translation>每个 rank 的第一行查询：当前最大值 m，分母 ℓ</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="262"/>
        <source>ring attention = exact attention to {error:.1e} on a small seeded example</source>
        <translation>在固定种子的小例子上，环形注意力 = 精确注意力，误差 {error:.1e}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="268"/>
        <source>zigzag (head–tail) chunks</source>
        <translation>之字形（首尾）分块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="268"/>
        <source>contiguous chunks</source>
        <translation>连续分块</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="269"/>
        <source>Ring attention over {n} ranks: S = {s:,} tokens, {layout}</source>
        <translation>{n} 个 rank 上的环形注意力：S = {s:,} 个 token，{layout}</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="275"/>
        <source>compute hides the transfer</source>
        <translation>计算隐藏了传输</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="276"/>
        <source>the transfer is exposed</source>
        <translation>传输暴露在外</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="278"/>
        <source>{steps} P2P steps of {bytes} each (one K and one V block) on {tier}.</source>
        <translation>{steps} 个 P2P 步，每步 {bytes}（一个 K 块和一个 V 块），在{tier}上传输。</translation>
    </message>
    <message>
        <location filename="../../views/context/ring.py" line="281"/>
        <source>A block&apos;s attention takes {compute}, its transfer {transfer}: {verdict}.</source>
        <translation>一个块的注意力计算耗时 {compute}，传输耗时 {transfer}：{verdict}。</translation>
    </message>
</context>
<context>
    <name>RingView</name>
    <message>
        <location filename="../../views/comm/ring.py" line="59"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
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
        <location filename="../../views/context/sr_figure.py" line="71"/>
        <source>One value rounded many times</source>
        <translation>同一个值多次舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="71"/>
        <source>Accumulating small updates</source>
        <translation>累加小更新</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="72"/>
        <source>A gradient reduced over n ranks</source>
        <translation>在 n 个 rank 上归约的梯度</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="77"/>
        <source>A deterministic teaching model: FP32 → BF16 rounding bit for bit, seeded random numbers, not a measurement of a training run.</source>
        <translation>确定性教学模型：逐位模拟 FP32 → BF16 舍入，使用固定种子的随机数，并非训练运行的实测。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="105"/>
        <location filename="../../views/context/sr_figure.py" line="111"/>
        <source>Stochastic rounding</source>
        <translation>随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="116"/>
        <source>No stochastic-rounding analysis: {reason}</source>
        <translation>无法进行随机舍入分析：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="123"/>
        <source>Stochastic rounding of x = {x} from FP32 to BF16</source>
        <translation>x = {x} 从 FP32 到 BF16 的随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="134"/>
        <source>{count:,} samples rounded to {value}</source>
        <translation>{count:,} 个样本舍入为 {value}</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="148"/>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="148"/>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="149"/>
        <source>round to nearest</source>
        <translation>就近舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="152"/>
        <source>Neighbours {lower} and {upper}, ulp = {ulp:.3g}; up with p = (x − lower)/ulp = {p:.4f} ({up:,} of {n:,}).</source>
        <translation>相邻值 {lower} 与 {upper}，ulp = {ulp:.3g}；以概率 p = (x − lower)/ulp = {p:.4f} 向上舍入（{n:,} 次中 {up:,} 次）。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="155"/>
        <source>E[SR(x)] = x: mean {mean} (bias {bias:.2g}); round to nearest gives {rtn}.</source>
        <translation>E[SR(x)] = x：均值 {mean}（偏差 {bias:.2g}）；就近舍入得到 {rtn}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="157"/>
        <source>Var {var:.3g} ≈ p(1 − p)·ulp² = {bound:.3g} ≤ ulp²/4 = {quarter:.3g}.</source>
        <translation>方差 {var:.3g} ≈ p(1 − p)·ulp² = {bound:.3g} ≤ ulp²/4 = {quarter:.3g}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="160"/>
        <source>x is exactly representable in BF16: SR(x) = x, variance 0.</source>
        <translation>x 在 BF16 中可精确表示：SR(x) = x，方差为 0。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="178"/>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="179"/>
        <source>BF16 round to nearest</source>
        <translation>BF16 就近舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="180"/>
        <source>BF16 stochastic</source>
        <translation>BF16 随机舍入</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="181"/>
        <source>{steps:,} updates of {u:.3g} from 1: FP32 {fp32}, BF16 round to nearest {rtn}, BF16 stochastic {sr}.</source>
        <translation>从 1 起累加 {steps:,} 次大小为 {u:.3g} 的更新：FP32 {fp32}，BF16 就近舍入 {rtn}，BF16 随机舍入 {sr}。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="184"/>
        <source>Round to nearest stalls from update {k:,}: the update is below half an ulp of the sum.</source>
        <translation>就近舍入从第 {k:,} 次更新起停滞：更新量小于累加和的半个 ulp。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="186"/>
        <source>Round to nearest never stalls here.</source>
        <translation>此处就近舍入不会停滞。</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="198"/>
        <source>BF16 ring</source>
        <translation>BF16 环</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="199"/>
        <source>V4: SR to BF16 on the wire, FP32 sums</source>
        <translation>V4：传输用 SR 转 BF16，求和用 FP32</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="200"/>
        <source>FP32 ring</source>
        <translation>FP32 环</translation>
    </message>
    <message>
        <location filename="../../views/context/sr_figure.py" line="202"/>
        <source>At n = {n}: BF16 ring {bf16:.2g}, V4 {sr:.2g}, FP32 {fp32:.2g}; on the wire {b16} instead of {b32} per rank ({elements:,} values).</source>
        <translation>n = {n} 时：BF16 环 {bf16:.2g}，V4 {sr:.2g}，FP32 {fp32:.2g}；每 rank 传输 {b16} 而非 {b32}（{elements:,} 个值）。</translation>
    </message>
</context>
<context>
    <name>StepTime</name>
    <message>
        <location filename="../../views/time/common.py" line="44"/>
        <source>exposed {axis} communication</source>
        <translation>暴露的 {axis} 通信</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="45"/>
        <source>compute (GEMMs)</source>
        <translation>计算（GEMM）</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="46"/>
        <source>memory-bound (element-wise)</source>
        <translation>访存受限（逐元素）</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="47"/>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="48"/>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <location filename="../../views/time/common.py" line="62"/>
        <source>{value} ms</source>
        <translation>{value} ms</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="32"/>
        <source>A deterministic teaching model, not a benchmark of a real cluster. Hover a bar for its numbers.</source>
        <translation>确定性教学模型，并非真实集群的基准测试。悬停在条形上可查看其数值。</translation>
    </message>
    <message>
        <location filename="../../views/time/planner.py" line="194"/>
        <source>A deterministic teaching model, not a benchmark of a real cluster: configurations ranked by the step-time model, among those whose memory ledger fits and that validate without errors.</source>
        <translation>确定性教学模型，并非真实集群的基准测试：在显存账本放得下且校验无错误的配置中，按步时模型排序。</translation>
    </message>
</context>
<context>
    <name>StepTimePanel</name>
    <message>
        <location filename="../../views/time/panel.py" line="68"/>
        <source>Where each pipeline rank&apos;s step goes</source>
        <translation>各流水线 rank 一步的时间去向</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="70"/>
        <location filename="../../views/time/panel.py" line="79"/>
        <source>ms per step</source>
        <translation>每步 ms</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="77"/>
        <source>Communication per axis: exposed, or hidden under compute</source>
        <translation>各并行维度的通信：暴露的，或被计算隐藏的</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="85"/>
        <location filename="../../views/time/panel.py" line="292"/>
        <source>solid: exposed (the step waits for it) · light: hidden under compute</source>
        <translation>实色：暴露（训练步需等待它）· 浅色：被计算隐藏</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="88"/>
        <source>Model inputs</source>
        <translation>模型输入</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="89"/>
        <source>The GPU&apos;s peak FLOP/s and HBM bandwidth, the GEMM efficiency and which communication overlaps compute</source>
        <translation>GPU 的峰值 FLOP/s 与 HBM 带宽、GEMM 效率，以及哪些通信与计算重叠</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="99"/>
        <source>How the model counts</source>
        <translation>模型如何计算</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="177"/>
        <source>What the step-time model assumes</source>
        <translation>步时模型的假设</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="194"/>
        <source>Invalid scenario — nothing to time:</source>
        <translation>场景无效 — 无可计时内容：</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="199"/>
        <source>Timing the step…</source>
        <translation>正在计算步时…</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="211"/>
        <source>The step-time model cannot time this scenario: {reason}</source>
        <translation>步时模型无法为此场景计时：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="233"/>
        <source>&lt;span style=&apos;font-size:large&apos;&gt;&lt;b&gt;Step time {step}&lt;/b&gt;&lt;/span&gt;&lt;br&gt;{tokens} tokens/s · {tokens_per_step} tokens per step (global batch {batch})</source>
        <translation>&lt;span style=&apos;font-size:large&apos;&gt;&lt;b&gt;步时 {step}&lt;/b&gt;&lt;/span&gt;&lt;br&gt;{tokens} token/s · 每步 {tokens_per_step} 个 token（全局批大小 {batch}）</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="239"/>
        <source>&lt;b&gt;MFU {mfu}&lt;/b&gt; · &lt;b&gt;HFU {hfu}&lt;/b&gt;&lt;br&gt;MFU counts the model&apos;s own FLOPs per step ({model_flops}); HFU counts what the GPUs run, recomputed forward passes included ({hardware_flops}), so HFU ≥ MFU. Both are over {gpus} × {peak} peak.</source>
        <translation>&lt;b&gt;MFU {mfu}&lt;/b&gt; · &lt;b&gt;HFU {hfu}&lt;/b&gt;&lt;br&gt;MFU 只计模型自身每步的 FLOPs（{model_flops}）；HFU 计 GPU 实际执行的运算，含重计算的前向传播（{hardware_flops}），因此 HFU ≥ MFU。二者都以 {gpus} × {peak} 的峰值为分母。</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="245"/>
        <source>Pipeline {pipeline} + optimizer {optimizer} · {gpu}: {peak}/s BF16, HBM {hbm}/s</source>
        <translation>流水线 {pipeline} + 优化器 {optimizer} · {gpu}：BF16 {peak}/s，HBM {hbm}/s</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="249"/>
        <source> · linear layers in FP8 ({peak}/s)</source>
        <translation> · 线性层为 FP8（{peak}/s）</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="264"/>
        <source>Pipeline rank {rank}: {total}</source>
        <translation>流水线 rank {rank}：{total}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="266"/>
        <source>rank {rank}</source>
        <translation>rank {rank}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="279"/>
        <source>&lt;b&gt;{axis}&lt;/b&gt;: {bytes} per rank per step&lt;br&gt;{time} in all: {exposed} exposed, {hidden} hidden under compute</source>
        <translation>&lt;b&gt;{axis}&lt;/b&gt;：每 rank 每步 {bytes}&lt;br&gt;共 {time}：暴露 {exposed}，被计算隐藏 {hidden}</translation>
    </message>
    <message>
        <location filename="../../views/time/panel.py" line="290"/>
        <source>No communication between GPUs in this configuration.</source>
        <translation>此配置下 GPU 之间没有通信。</translation>
    </message>
</context>
<context>
    <name>TrafficTable</name>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Axis</source>
        <translation>维度</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="18"/>
        <source>Group</source>
        <translation>组大小</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="19"/>
        <source>Per call</source>
        <translation>每次调用</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="19"/>
        <source>Sent per step</source>
        <translation>每步发送</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="19"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="20"/>
        <source>When</source>
        <translation>何时发生</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="36"/>
        <source>crosses nodes (up to {n})</source>
        <translation>跨节点（最多 {n} 个）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/traffic_table.py" line="37"/>
        <source>inside a node</source>
        <translation>节点内</translation>
    </message>
</context>
<context>
    <name>TwoStagePanel</name>
    <message>
        <location filename="../../views/context/two_stage.py" line="43"/>
        <source>Shapes and bytes per stage</source>
        <translation>各阶段的形状与字节数</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="59"/>
        <source>stage 1: send</source>
        <translation>阶段 1：发送</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="59"/>
        <source>stage 1: output</source>
        <translation>阶段 1：输出</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="60"/>
        <source>stage 2: all-gather</source>
        <translation>阶段 2：all-gather</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="61"/>
        <source>stage 2: select-and-pad</source>
        <translation>阶段 2：选择并填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="77"/>
        <source>{bytes} per rank</source>
        <translation>每 rank {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="83"/>
        <source>d_kv = {d}: one token&apos;s KV entry; the compressor itself is not modelled, only shapes and bytes.</source>
        <translation>d_kv = {d}：一个 token 的 KV 条目；不对压缩器本身建模，只计形状与字节数。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="86"/>
        <source>m = {m} does not divide s = {s:,}: ⌈s/m⌉ + 1 entries per rank; under plain CP {straddling} compression blocks straddle a rank boundary.</source>
        <translation>m = {m} 不能整除 s = {s:,}：每 rank ⌈s/m⌉ + 1 个条目；在普通 CP 下有 {straddling} 个压缩块跨越 rank 边界。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="90"/>
        <source>Each cell of a rank&apos;s upper row is a block of m = {m} tokens; the lower row its compressed entries: ▣ the bridge (from the previous rank&apos;s last m tokens), ▧ a pad.</source>
        <translation>每个 rank 的上排每格是 m = {m} 个 token 的一个块；下排是其压缩条目：▣ 桥接条目（来自前一个 rank 的最后 m 个 token），▧ 填充。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="102"/>
        <source>Plain CP: every rank holds s = {s:,} tokens, {blocks:,} compression blocks of m = {m}.</source>
        <translation>普通 CP：每个 rank 持有 s = {s:,} 个 token，即 {blocks:,} 个 m = {m} 的压缩块。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="105"/>
        <source>Stage 1: every rank sends its last m = {m} uncompressed KV entries ({bytes}) to the next rank.</source>
        <translation>阶段 1：每个 rank 把最后 m = {m} 个未压缩的 KV 条目（{bytes}）发给下一个 rank。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="108"/>
        <source>Stage 1: every rank compresses them into its bridge entry and its own blocks into one entry each: s/m + 1 = {count:,} entries per rank (rank 0&apos;s bridge is a pad).</source>
        <translation>阶段 1：每个 rank 把收到的条目压缩成桥接条目，并把自己的每个块各压缩成一个条目：每 rank s/m + 1 = {count:,} 个条目（rank 0 的桥接为填充）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="112"/>
        <source>Stage 2: an all-gather gives every rank all {ranks} × {count:,} = {gathered:,} entries ({bytes} received per rank).</source>
        <translation>阶段 2：一次 all-gather 让每个 rank 得到全部 {ranks} × {count:,} = {gathered:,} 个条目（每 rank 接收 {bytes}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="116"/>
        <source>Stage 2: select-and-pad keeps the {valid:,} valid entries in order and pads to {gathered:,} ({pads} pad).</source>
        <translation>阶段 2：“选择并填充”按顺序保留 {valid:,} 个有效条目，并填充到 {gathered:,} 个（{pads} 个填充）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="125"/>
        <source>rank {r}, block {b}: tokens {lo:,}–{hi:,}</source>
        <translation>rank {r}，块 {b}：token {lo:,}–{hi:,}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="126"/>
        <source>rank {r}: the compressed entry of block {b}</source>
        <translation>rank {r}：块 {b} 的压缩条目</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="127"/>
        <source>rank {r}: the bridge entry, from rank {p}&apos;s last {m} tokens</source>
        <translation>rank {r}：桥接条目，来自 rank {p} 的最后 {m} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="128"/>
        <source>rank 0: no predecessor, its bridge slot is a pad</source>
        <translation>rank 0：没有前驱，其桥接位为填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="132"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="158"/>
        <source>… {more} more ranks</source>
        <translation>… 另有 {more} 个 rank</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="178"/>
        <source>gathered</source>
        <translation>已收集</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="189"/>
        <location filename="../../views/context/two_stage.py" line="204"/>
        <source>from rank {r}</source>
        <translation>来自 rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="198"/>
        <source>selected</source>
        <translation>已选取</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="207"/>
        <source>pad</source>
        <translation>填充</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="209"/>
        <source>{valid:,} valid + {pads} pad = {gathered:,}</source>
        <translation>{valid:,} 有效 + {pads} 填充 = {gathered:,}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="216"/>
        <source>DeepSeek-V4 two-stage CP over {n} ranks: S = {s:,} tokens, compression m = {m}</source>
        <translation>DeepSeek-V4 在 {n} 个 rank 上的两阶段 CP：S = {s:,} 个 token，压缩比 m = {m}</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="223"/>
        <source>s = S/cp = {s:,} tokens per rank → s/m + 1 = {count:,} compressed entries per rank (the +1 is the bridge).</source>
        <translation>每 rank s = S/cp = {s:,} 个 token → 每 rank s/m + 1 = {count:,} 个压缩条目（+1 即桥接条目）。</translation>
    </message>
    <message>
        <location filename="../../views/context/two_stage.py" line="225"/>
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
        <location filename="../../views/context/ulysses.py" line="109"/>
        <source>Sequence-sharded: rank r holds sequence block r (S/n tokens) of every head.</source>
        <translation>按序列切分：rank r 持有所有头的序列块 r（S/n 个 token）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="111"/>
        <source>QKV all-to-all, round {k} of {rounds}: {pairs}</source>
        <translation>QKV all-to-all，第 {k} 轮，共 {rounds} 轮：{pairs}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="114"/>
        <source>Head-sharded: rank r holds head group r for the whole sequence; attention runs with no further communication.</source>
        <translation>按头切分：rank r 持有头组 r 的整条序列；注意力计算无需再通信。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="117"/>
        <source>Output all-to-all, round {k} of {rounds}: {pairs}</source>
        <translation>输出 all-to-all，第 {k} 轮，共 {rounds} 轮：{pairs}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="119"/>
        <source>Sequence-sharded again: the attention output of block r is back on rank r.</source>
        <translation>再次按序列切分：块 r 的注意力输出回到 rank r。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="142"/>
        <source>rank {r}: sequence block {b}, head group {g}</source>
        <translation>rank {r}：序列块 {b}，头组 {g}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="166"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="172"/>
        <source>DeepSpeed-Ulysses over {n} ranks: S = {s:,} tokens, {heads} heads</source>
        <translation>{n} 个 rank 上的 DeepSpeed-Ulysses：S = {s:,} 个 token，{heads} 个头</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="178"/>
        <source>attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="178"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="179"/>
        <source>Per layer every rank sends {total} per link: {qkv} of Q, K, V and {out} of output (4SH/n without GQA); both all-to-alls take {time} on {tier}.</source>
        <translation>每层每个 rank 在每条链路上发送 {total}：Q、K、V 共 {qkv}，输出 {out}（无 GQA 时为 4SH/n）；两次 all-to-all 在{tier}上共耗时 {time}。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="184"/>
        <source>The degree is at most {max}, set by the {limit} ({heads} attention heads, {kv} KV heads).</source>
        <translation>{limit}决定并行度至多为 {max}（{heads} 个注意力头，{kv} 个 KV 头）。</translation>
    </message>
    <message>
        <location filename="../../views/context/ulysses.py" line="189"/>
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
        <location filename="../../views/context/usp.py" line="45"/>
        <source>{n} GPUs: too many to draw (up to {limit}).</source>
        <translation>{n} 个 GPU：太多，无法绘制（最多 {limit} 个）。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="56"/>
        <source>Ulysses axis</source>
        <translation>Ulysses 轴</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="57"/>
        <source>Ring axis</source>
        <translation>Ring 轴</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="57"/>
        <source>{unit} per layer</source>
        <translation>每层 {unit}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="59"/>
        <source>Ulysses ({u} ranks, 4(S/ring)H/ulysses): {tier}</source>
        <translation>Ulysses（{u} 个 rank，4(S/ring)H/ulysses）：{tier}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="61"/>
        <source>Ring ({r} ranks, {steps} steps of {bytes}): {tier}</source>
        <translation>Ring（{r} 个 rank，{steps} 步，每步 {bytes}）：{tier}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="64"/>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="65"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="74"/>
        <source>Sequence-sharded: every GPU holds S/{n} tokens of every head.</source>
        <translation>按序列切分：每个 GPU 持有所有头的 S/{n} 个 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="77"/>
        <source>QKV all-to-all inside every row ({u} GPUs): a row&apos;s GPUs trade heads for tokens, so each holds S/{r} tokens of 1/{u} of the heads.</source>
        <translation>每行内做 QKV all-to-all（{u} 个 GPU）：同一行的 GPU 以头换 token，于是每个 GPU 持有 1/{u} 的头的 S/{r} 个 token。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="82"/>
        <source>Ring step {j} of {steps}: every GPU computes with the K/V block it holds and passes that block down its column.</source>
        <translation>Ring 第 {j} 步，共 {steps} 步：每个 GPU 用手中的 K/V 块计算，并把该块沿所在列向下传递。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="84"/>
        <source>Ring step {j} of {steps}: every GPU computes with the last K/V block it has received.</source>
        <translation>Ring 第 {j} 步，共 {steps} 步：每个 GPU 用最后收到的 K/V 块计算。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="86"/>
        <source>Output all-to-all inside every row: back to sequence-sharded.</source>
        <translation>每行内做输出 all-to-all：恢复为按序列切分。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="98"/>
        <source>GPU {g}: Ulysses position {u} of row {row}, ring position {row} of column {u}</source>
        <translation>GPU {g}：第 {row} 行的 Ulysses 位置 {u}，第 {u} 列的 Ring 位置 {row}</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="109"/>
        <source>Ulysses axis: {u} GPUs per row (all-to-all)</source>
        <translation>Ulysses 轴：每行 {u} 个 GPU（all-to-all）</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="111"/>
        <source>Ring axis (P2P):
{r} per column</source>
        <translation>Ring 轴（P2P）：
每列 {r} 个</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="128"/>
        <source>USP over {n} ranks: {u} Ulysses × {r} Ring, S = {s:,} tokens</source>
        <translation>{n} 个 rank 上的 USP：{u} Ulysses × {r} Ring，S = {s:,} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="134"/>
        <source>Per layer one rank sends {u} on the Ulysses axis and {r} on the Ring axis ({steps} steps of {step}).</source>
        <translation>每层一个 rank 在 Ulysses 轴上发送 {u}，在 Ring 轴上发送 {r}（{steps} 步，每步 {step}）。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="139"/>
        <source>The Ulysses axis lands on {u}; the Ring axis on {r}.</source>
        <translation>Ulysses 轴走{u}；Ring 轴走{r}。</translation>
    </message>
    <message>
        <location filename="../../views/context/usp.py" line="143"/>
        <source>Not feasible: {reason}</source>
        <translation>不可行：{reason}</translation>
    </message>
</context>
<context>
    <name>ValidationBanner</name>
    <message>
        <location filename="../../views/banner.py" line="92"/>
        <source>{problem} (+{count} more: click for all)</source>
        <translation>{problem}（另有 {count} 条：点击查看全部）</translation>
    </message>
    <message>
        <location filename="../../views/banner.py" line="101"/>
        <source>Invalid scenario ({count} errors):</source>
        <translation>场景无效（{count} 个错误）：</translation>
    </message>
    <message>
        <location filename="../../views/banner.py" line="104"/>
        <source>Warnings:</source>
        <translation>警告：</translation>
    </message>
</context>
<context>
    <name>WindowFiles</name>
    <message>
        <location filename="../../desktop/window_files.py" line="48"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="48"/>
        <source>Scenario files (*.toml);;All files (*)</source>
        <translation>场景文件 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="55"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="60"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="65"/>
        <source>Import Hugging Face config</source>
        <translation>导入 Hugging Face 配置</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="66"/>
        <source>Hugging Face configs (*.json);;All files (*)</source>
        <translation>Hugging Face 配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="86"/>
        <source>Cannot import Hugging Face config</source>
        <translation>无法导入 Hugging Face 配置</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="89"/>
        <source>Imported {path}</source>
        <translation>已导入 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="99"/>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="100"/>
        <source>Scenario files (*.toml)</source>
        <translation>场景文件 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="111"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="115"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="123"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="123"/>
        <source>The scenario has unsaved changes. Save them first?</source>
        <translation>场景有未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="133"/>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="143"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../desktop/window_files.py" line="145"/>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
</context>
<context>
    <name>WindowPanels</name>
    <message>
        <location filename="../../desktop/window_panels.py" line="61"/>
        <source>Step time</source>
        <translation>步时</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="178"/>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="268"/>
        <location filename="../../desktop/window_panels.py" line="279"/>
        <source>Step time: —</source>
        <translation>步时：—</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="269"/>
        <source>Invalid scenario: see the banner</source>
        <translation>场景无效：请查看顶部提示栏</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="273"/>
        <source>Step time: timing…</source>
        <translation>步时：计算中…</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="280"/>
        <source>The step-time model cannot time this scenario: {reason}</source>
        <translation>步时模型无法为此场景计时：{reason}</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="283"/>
        <source>Step {step} · MFU {mfu}</source>
        <translation>步时 {step} · MFU {mfu}</translation>
    </message>
    <message>
        <location filename="../../desktop/window_panels.py" line="285"/>
        <source>Step time and model FLOP utilisation of the step-time model; View → Step Time Panel (F6) shows where the time goes</source>
        <translation>步时模型给出的步时与模型 FLOP 利用率（MFU）；视图 → 步时面板（F6）显示时间花在了哪里</translation>
    </message>
</context>
<context>
    <name>comm</name>
    <message>
        <location filename="../../models/comm/chain.py" line="86"/>
        <source>pipelined chain (ring) rooted at rank 0 in k = {k} chunks (k* = √(βS(n−2)/α), at most {limit}), n − 2 + k rounds; bytes sent per rank S</source>
        <translation>以 rank 0 为根的流水化链（环），分 k = {k} 块（k* = √(βS(n−2)/α)，至多 {limit}），共 n − 2 + k 轮；每 rank 发送字节数 S</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="131"/>
        <source>Rabenseifner: recursive-halving reduce-scatter + recursive-doubling all-gather over p&apos; = {p} ranks in p&apos; blocks, the first {folded} ranks folded in pairs (3 more rounds); bytes sent per rank 2(p&apos;−1)/p&apos;·S (+ 3S/2 for a folded pair)</source>
        <translation>Rabenseifner：在 p&apos; = {p} 个 rank 上分 p&apos; 块做递归减半 reduce-scatter + 递归倍增 all-gather，前 {folded} 个 rank 两两折叠（多 3 轮）；每 rank 发送字节数 2(p&apos;−1)/p&apos;·S（折叠对另加 3S/2）</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="137"/>
        <source>Rabenseifner: recursive-halving reduce-scatter + recursive-doubling all-gather over p&apos; = {p} ranks in p&apos; blocks; bytes sent per rank 2(p&apos;−1)/p&apos;·S (+ 3S/2 for a folded pair)</source>
        <translation>Rabenseifner：在 p&apos; = {p} 个 rank 上分 p&apos; 块做递归减半 reduce-scatter + 递归倍增 all-gather；每 rank 发送字节数 2(p&apos;−1)/p&apos;·S（折叠对另加 3S/2）</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="152"/>
        <source>recursive-doubling all-gather over p&apos; = {p} ranks, S = full array in n chunks, the first {folded} ranks folded in pairs (2 more rounds); bytes sent per rank (max)</source>
        <translation>在 p&apos; = {p} 个 rank 上做递归倍增 all-gather，S = 分成 n 块的完整数组，前 {folded} 个 rank 两两折叠（多 2 轮）；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="156"/>
        <source>recursive-doubling all-gather over p&apos; = {p} ranks, S = full array in n chunks; bytes sent per rank (max)</source>
        <translation>在 p&apos; = {p} 个 rank 上做递归倍增 all-gather，S = 分成 n 块的完整数组；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="159"/>
        <source>recursive-halving reduce-scatter over p&apos; = {p} ranks, S = full array in n chunks, the first {folded} ranks folded in pairs (3 more rounds); bytes sent per rank (max)</source>
        <translation>在 p&apos; = {p} 个 rank 上做递归减半 reduce-scatter，S = 分成 n 块的完整数组，前 {folded} 个 rank 两两折叠（多 3 轮）；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/halving.py" line="164"/>
        <source>recursive-halving reduce-scatter over p&apos; = {p} ranks, S = full array in n chunks; bytes sent per rank (max)</source>
        <translation>在 p&apos; = {p} 个 rank 上做递归减半 reduce-scatter，S = 分成 n 块的完整数组；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/hierarchical.py" line="49"/>
        <source>intra-node ring reduce-scatter, inter-node ring all-reduce of each S/g shard, intra-node ring all-gather; chunk j·g + l; bytes sent per rank (max)</source>
        <translation>节点内环形 reduce-scatter，节点间对每个 S/g 分片做环形 all-reduce，节点内环形 all-gather；块编号 j·g + l；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/hierarchical.py" line="60"/>
        <source>intra-node then inter-node ring reduce-scatter; S = full array; bytes sent per rank (max)</source>
        <translation>先节点内、后节点间的环形 reduce-scatter；S = 完整数组；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/hierarchical.py" line="63"/>
        <source>inter-node then intra-node ring all-gather; S = full gathered array; bytes sent per rank (max)</source>
        <translation>先节点间、后节点内的环形 all-gather；S = 收集后的完整数组；每 rank 发送字节数（最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/hierarchical.py" line="82"/>
        <source>pipelined chain over node leaders, then inside every node (k = {k} chunks); bytes sent per rank S</source>
        <translation>先在各节点的主 rank 之间、再在每个节点内做流水化链（k = {k} 块）；每 rank 发送字节数 S</translation>
    </message>
    <message>
        <location filename="../../models/comm/hierarchical.py" line="85"/>
        <source>pipelined chain reduce inside every node to its leader, then over leaders to rank 0 (k = {k} chunks); bytes sent per rank S</source>
        <translation>先在每个节点内以流水化链归约到节点主 rank，再在各主 rank 之间归约到 rank 0（k = {k} 块）；每 rank 发送字节数 S</translation>
    </message>
    <message>
        <location filename="../../models/comm/p2p.py" line="15"/>
        <source>one send of S from rank 0 to rank 1; sent/recv bytes = S</source>
        <translation>从 rank 0 向 rank 1 发送一次 S；发送/接收字节数 = S</translation>
    </message>
    <message>
        <location filename="../../models/comm/pairwise.py" line="56"/>
        <source>pairwise exchange, n−1 rounds of S/n; S = per-rank buffer; bytes sent per rank (n−1)/n·S</source>
        <translation>两两交换，n−1 轮，每轮 S/n；S = 每 rank 缓冲区；每 rank 发送字节数 (n−1)/n·S</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="81"/>
        <source>ranks must be an integer &gt;= 1, got {ranks!r}</source>
        <translation>ranks 必须是 ≥ 1 的整数，实际为 {ranks!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="83"/>
        <source>{ranks:,} ranks exceed the planner&apos;s limit of {limit:,} ranks; plan at most {limit:,} ranks</source>
        <translation>{ranks:,} 个 rank 超过规划器 {limit:,} 个 rank 的上限；最多规划 {limit:,} 个 rank</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="86"/>
        <source>bytes must be an integer &gt;= 0, got {size!r}</source>
        <translation>bytes 必须是 ≥ 0 的整数，实际为 {size!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="88"/>
        <source>a size of {size:,} B exceeds the planner&apos;s limit of {limit:,} B (64 TiB, more than any GPU holds); use a smaller size</source>
        <translation>{size:,} B 的大小超过规划器 {limit:,} B 的上限（64 TiB，超过任何 GPU 的容量）；请使用更小的大小</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="92"/>
        <source>gpus_per_node must be &gt;= 1, got {gpus}</source>
        <translation>gpus_per_node 必须 ≥ 1，实际为 {gpus}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="94"/>
        <source>intra bandwidth must be a finite number &gt; 0, got {value!r}</source>
        <translation>节点内带宽必须是大于 0 的有限数，实际为 {value!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="96"/>
        <source>inter bandwidth must be a finite number &gt; 0, got {value!r}</source>
        <translation>节点间带宽必须是大于 0 的有限数，实际为 {value!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="100"/>
        <source>intra latency must be a finite number &gt;= 0, got {value!r}</source>
        <translation>节点内延迟必须是 ≥ 0 的有限数，实际为 {value!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="102"/>
        <source>inter latency must be a finite number &gt;= 0, got {value!r}</source>
        <translation>节点间延迟必须是 ≥ 0 的有限数，实际为 {value!r}</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="108"/>
        <source>p2p needs ranks &gt;= 2 (rank 0 sends to rank 1)</source>
        <translation>p2p 需要 ranks ≥ 2（rank 0 发送给 rank 1）</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="111"/>
        <source>hierarchical needs ranks ({ranks}) to be a multiple of gpus_per_node ({gpus})</source>
        <translation>hierarchical（分层）要求 ranks（{ranks}）是 gpus_per_node（{gpus}）的倍数</translation>
    </message>
    <message>
        <location filename="../../models/comm/planner.py" line="139"/>
        <source>; S is the nccl-tests size ({size} B)</source>
        <translation>；S 为 nccl-tests 口径的大小（{size} B）</translation>
    </message>
    <message>
        <location filename="../../models/comm/registry.py" line="38"/>
        <source>tree is not defined for {collective}: ring used instead; </source>
        <translation>{collective} 没有树算法：改用环；</translation>
    </message>
    <message>
        <location filename="../../models/comm/registry.py" line="39"/>
        <source>hierarchical is not defined for {collective}: flat algorithm used; </source>
        <translation>{collective} 没有分层算法：改用扁平算法；</translation>
    </message>
    <message>
        <location filename="../../models/comm/registry.py" line="40"/>
        <source>halving-doubling is not defined for {collective}: ring used instead; </source>
        <translation>{collective} 没有递归减半/倍增算法：改用环；</translation>
    </message>
    <message>
        <location filename="../../models/comm/ring.py" line="81"/>
        <source>ring reduce-scatter + all-gather; bytes sent per rank 2(n−1)/n·S</source>
        <translation>环形 reduce-scatter + all-gather；每 rank 发送字节数 2(n−1)/n·S</translation>
    </message>
    <message>
        <location filename="../../models/comm/ring.py" line="88"/>
        <source>ring, S = full gathered array; bytes sent per rank (n−1)/n·S</source>
        <translation>环形，S = 收集后的完整数组；每 rank 发送字节数 (n−1)/n·S</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="126"/>
        <source>double binary tree over the ranks</source>
        <translation>在各 rank 上构建双二叉树</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="127"/>
        <source>double binary tree over {nodes} nodes, a chain of {gpus} inside each</source>
        <translation>在 {nodes} 个节点上构建双二叉树，每个节点内为 {gpus} 个 GPU 组成的链</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="227"/>
        <source>{layout}; each tree carries S/2 in k = {k} pipelined chunks (k* = √(βS(D−1)/α), at most {limit}), depth D = {depth}; {what}; chunk t·k + j is chunk j of tree t; bytes sent per rank (max over ranks)</source>
        <translation>{layout}；每棵树以 k = {k} 个流水化块传输 S/2（k* = √(βS(D−1)/α)，至多 {limit}），深度 D = {depth}；{what}；块 t·k + j 即树 t 的第 j 块；每 rank 发送字节数（各 rank 中的最大值）</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="237"/>
        <source>reduce to rank 0, then broadcast, 2(k + D − 1) rounds</source>
        <translation>先归约到 rank 0，再广播，共 2(k + D − 1) 轮</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="247"/>
        <source>reduce to rank 0, k + D − 1 rounds</source>
        <translation>归约到 rank 0，共 k + D − 1 轮</translation>
    </message>
    <message>
        <location filename="../../models/comm/tree.py" line="248"/>
        <source>broadcast from rank 0, k + D − 1 rounds</source>
        <translation>从 rank 0 广播，共 k + D − 1 轮</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <location filename="../../views/context/common.py" line="54"/>
        <source>NVLink inside one node</source>
        <translation>节点内 NVLink</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="55"/>
        <source>the network across {nodes} nodes</source>
        <translation>跨 {nodes} 个节点的网络</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="62"/>
        <source> per TP rank (tp = {tp})</source>
        <translation>（每个 TP rank，tp = {tp}）</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="64"/>
        <source>Ulysses degree {degree} exceeds the {count} KV heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 超过 {count} 个 KV 头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="68"/>
        <source>Ulysses degree {degree} exceeds the {count} attention heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 超过 {count} 个注意力头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="71"/>
        <source>Ulysses degree {degree} does not divide the {heads} attention heads and {kv} KV heads{per_tp}: the all-to-all hands each rank whole heads</source>
        <translation>Ulysses 并行度 {degree} 不能整除 {heads} 个注意力头与 {kv} 个 KV 头{per_tp}：all-to-all 要给每个 rank 完整的头</translation>
    </message>
    <message>
        <location filename="../../views/context/common.py" line="79"/>
        <source>the Ulysses degree {u} does not divide cp = {cp}: no ulysses × ring grid</source>
        <translation>Ulysses 并行度 {u} 不能整除 cp = {cp}：无法构成 ulysses × ring 网格</translation>
    </message>
</context>
<context>
    <name>gallery</name>
    <message>
        <location filename="../../desktop/handout.py" line="309"/>
        <location filename="../../views/gallery/figure.py" line="25"/>
        <location filename="../../views/gallery/view.py" line="256"/>
        <source>Figure {number}. {title}</source>
        <translation>图 {number}&#x3000;{title}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="75"/>
        <source>{value} GB</source>
        <translation>{value} GB</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="79"/>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="80"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="81"/>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="82"/>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="83"/>
        <source>Adam momentum m</source>
        <translation>Adam 动量 m</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="84"/>
        <source>Adam variance v</source>
        <translation>Adam 方差 v</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="90"/>
        <source>optimizer states (m + v)</source>
        <translation>优化器状态（m + v）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="91"/>
        <source>optimizer states (ZeRO&apos;s example: Adam&apos;s m + v; this scenario&apos;s {optimizer}: one momentum)</source>
        <translation>优化器状态（ZeRO 的例子：Adam 的 m + v；本场景的 {optimizer}：一个动量）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="97"/>
        <source>no ZeRO (DDP)</source>
        <translation>无 ZeRO（DDP）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="98"/>
        <source>ZeRO-1 (P_os)</source>
        <translation>ZeRO-1（P_os）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="99"/>
        <source>ZeRO-2 (P_os+g)</source>
        <translation>ZeRO-2（P_os+g）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="100"/>
        <source>ZeRO-3 (P_os+g+p)</source>
        <translation>ZeRO-3（P_os+g+p）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="106"/>
        <source>“2 bytes”: the BF16 parameter</source>
        <translation>“2 字节”：BF16 参数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="107"/>
        <source>+ its BF16 gradient</source>
        <translation>+ 它的 BF16 梯度</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="108"/>
        <source>+ the FP32 master weight</source>
        <translation>+ FP32 主权重</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="109"/>
        <source>+ Adam momentum m (FP32)</source>
        <translation>+ Adam 动量 m（FP32）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="110"/>
        <source>+ Adam variance v (FP32)</source>
        <translation>+ Adam 方差 v（FP32）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="116"/>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="118"/>
        <source>{n} B</source>
        <translation>{n} B</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="120"/>
        <source>{n} B = 2 + 2 + K with K = 12</source>
        <translation>{n} B = 2 + 2 + K，其中 K = 12</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="134"/>
        <source>{total} = {formula}</source>
        <translation>{total} = {formula}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="137"/>
        <source>{total} ← this scenario</source>
        <translation>{total} ← 本场景</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="156"/>
        <source>One parameter in mixed-precision Adam training</source>
        <translation>混合精度 Adam 训练中的一个参数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="157"/>
        <source>bytes per parameter</source>
        <translation>每参数字节数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="159"/>
        <source>ZeRO&apos;s example: Ψ = 7.5B, N_d = 64 (per GPU)</source>
        <translation>ZeRO 论文的例子：Ψ = 7.5B，N_d = 64（每 GPU）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="160"/>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="166"/>
        <source>GB per GPU</source>
        <translation>每 GPU GB</translation>
    </message>
    <message>
        <location filename="../../views/gallery/bytes_per_parameter.py" line="163"/>
        <source>This scenario: {title} (per GPU)</source>
        <translation>本场景：{title}（每 GPU）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="81"/>
        <source>pairwise exchange</source>
        <translation>两两交换</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="82"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="109"/>
        <source>sent per rank {sent}</source>
        <translation>每 rank 发送 {sent}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="111"/>
        <source>= {formula} · S</source>
        <translation>= {formula} · S</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="113"/>
        <source>busbw = algbw × {factor:g}</source>
        <translation>busbw（总线带宽）= algbw × {factor:g}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="150"/>
        <source>from</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="151"/>
        <source>chunk</source>
        <translation>块</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="158"/>
        <source>rank {r}</source>
        <translation>rank {r}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="180"/>
        <location filename="../../views/gallery/kimi_diagrams.py" line="342"/>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="182"/>
        <source>round {k}: result</source>
        <translation>第 {k} 轮：结果</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="184"/>
        <source>after round {k}</source>
        <translation>第 {k} 轮后</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="239"/>
        <source>rank {r}: the block from rank {c} has not arrived yet</source>
        <translation>rank {r}：来自 rank {c} 的块尚未到达</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="241"/>
        <source>rank {r} holds the block rank {c} sent it</source>
        <translation>rank {r} 持有 rank {c} 发给它的块</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="244"/>
        <source>rank {r}, chunk {c}: nothing yet</source>
        <translation>rank {r}，块 {c}：尚无数据</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="247"/>
        <source>rank {r}, chunk {c}: data of ranks {ranks}</source>
        <translation>rank {r}，块 {c}：含 rank {ranks} 的数据</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="257"/>
        <source>chunk {c} (All-to-All: from rank {c})</source>
        <translation>块 {c}（All-to-All：来自 rank {c}）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/collective_frames.py" line="261"/>
        <source>Digits: the ranks whose data a chunk holds (a reduction adds them; stronger fill = more summed); Σ: all four. c→r: the block rank c sends to rank r. Dashed outline: written in that round; bold outline: the result.</source>
        <translation>数字：块中含有其数据的 rank（归约把它们相加；填色越深 = 累加得越多）；Σ：全部四个。c→r：rank c 发给 rank r 的块。虚线框：该轮写入；粗框：结果。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="33"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="34"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="35"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="36"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="37"/>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="41"/>
        <source>GEMM compute at the efficiency curve</source>
        <translation>按效率曲线计的 GEMM 计算</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="42"/>
        <source>element-wise work at HBM bandwidth</source>
        <translation>按 HBM 带宽计的逐元素运算</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="43"/>
        <source>communication not hidden under compute</source>
        <translation>未被计算隐藏的通信</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="44"/>
        <source>pipeline bubble, waiting for the slowest rank</source>
        <translation>流水线气泡，等待最慢的 rank</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="45"/>
        <source>the optimizer step, its own segment</source>
        <translation>优化器步，单独一段</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="113"/>
        <source>pipeline rank {rank}: {total}</source>
        <translation>流水线 rank {rank}：{total}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="116"/>
        <source>rank {rank}</source>
        <translation>rank {rank}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="136"/>
        <source>{layer}: {what}</source>
        <translation>{layer}：{what}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="138"/>
        <source>{time} · {share}</source>
        <translation>{time} · {share}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="149"/>
        <source>&lt;b&gt;Step time {step}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;MFU {mfu}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; {tokens} tokens/s &amp;nbsp;·&amp;nbsp; {title} &amp;nbsp;·&amp;nbsp; PP = {ranks}, {gpus} GPUs</source>
        <translation>&lt;b&gt;步时 {step}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; &lt;b&gt;MFU {mfu}&lt;/b&gt; &amp;nbsp;·&amp;nbsp; {tokens} token/s &amp;nbsp;·&amp;nbsp; {title} &amp;nbsp;·&amp;nbsp; PP = {ranks}，{gpus} 个 GPU</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="154"/>
        <source>time within one optimizer step (ms); every rank&apos;s bar adds up to the step time</source>
        <translation>一个优化器步内的时间（ms）；每个 rank 的条形之和等于步时</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="174"/>
        <source>The layers of the stack, mean over the {ranks} pipeline ranks</source>
        <translation>堆叠的各层，{ranks} 个流水线 rank 的平均</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="177"/>
        <source>The layers of the stack</source>
        <translation>堆叠的各层</translation>
    </message>
    <message>
        <location filename="../../views/gallery/cost_stack.py" line="178"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="221"/>
        <source>DP replica {d}</source>
        <translation>DP 副本 {d}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="222"/>
        <source>DP replicas {low}–{high}</source>
        <translation>DP 副本 {low}–{high}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="286"/>
        <source>PP stage {stage}</source>
        <translation>PP 阶段 {stage}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="308"/>
        <source>node {node}</source>
        <translation>节点 {node}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="388"/>
        <source>GPU {rank} on node {node}: tp {t}, pp {p}, dp {d}&lt;br&gt;TP group {tp}&lt;br&gt;PP chain {pp}&lt;br&gt;DP group {dp}</source>
        <translation>节点 {node} 上的 GPU {rank}：tp {t}，pp {p}，dp {d}&lt;br&gt;TP 组 {tp}&lt;br&gt;PP 链 {pp}&lt;br&gt;DP 组 {dp}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="404"/>
        <source>TP group: {tp} GPUs share every layer&apos;s matrices (all-reduce per layer: inside a node, on NVLink)</source>
        <translation>TP 组：{tp} 个 GPU 分担每一层的矩阵（每层 all-reduce：在节点内，走 NVLink）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="407"/>
        <source>PP chain: {pp} stages hold consecutive layers; activations go forward, gradients back</source>
        <translation>PP 链：{pp} 个阶段持有连续的层；激活向前传，梯度向后传</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="410"/>
        <source>fill: DP replica (a whole copy of the model, {dp} in all); the GPUs with the same (tp, pp) in every replica all-reduce their gradients</source>
        <translation>填色：DP 副本（模型的完整副本，共 {dp} 个）；各副本中 (tp, pp) 相同的 GPU 对梯度做 all-reduce</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="413"/>
        <source>each GPU: its rank, then (tp, pp, dp): its place in each group</source>
        <translation>每个 GPU：先是其 rank，再是 (tp, pp, dp)：它在各组中的位置</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="431"/>
        <source>This scenario: {world} GPUs, a cell per node; nodes of one colour hold the same {axis} groups, outlined in red where those span nodes</source>
        <translation>本场景：{world} 张 GPU，每个节点一格；同色的节点持有相同的 {axis} 组，跨节点的组以红框标出</translation>
    </message>
    <message>
        <location filename="../../views/gallery/device_mesh.py" line="445"/>
        <source>Node {node}: GPUs {first}–{last}</source>
        <translation>节点 {node}：GPU {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="224"/>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="252"/>
        <source>EP rank r
S = {s:,} tokens, each to K = {k} experts</source>
        <translation>EP rank r
S = {s:,} 个 token × K = {k} 个专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="254"/>
        <source>E/R = {epr} experts per rank
(+ MoonEP&apos;s redundant copies)</source>
        <translation>每 rank E/R = {epr} 个专家
（+ MoonEP 的冗余副本）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="256"/>
        <source>back on rank r: K outputs
per token, weighted and summed</source>
        <translation>回到 rank r：每个 token 的
K 个输出加权求和</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="257"/>
        <source>dispatch all-to-all
≤ {bytes} per rank ({precision}), {inter} across nodes</source>
        <translation>dispatch all-to-all
每 rank ≤ {bytes}（{precision}），跨节点 {inter}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="261"/>
        <source>combine all-to-all
≤ {bytes} per rank ({precision})</source>
        <translation>combine all-to-all
每 rank ≤ {bytes}（{precision}）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="318"/>
        <source>to ranks on the same node (NVLink)</source>
        <translation>发往同节点的 rank（NVLink）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="319"/>
        <source>to other nodes (network)</source>
        <translation>发往其他节点（网络）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="308"/>
        <source>rank {rank}: {value:,} bytes</source>
        <translation>rank {rank}：{value:,} 字节</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="317"/>
        <source>Dispatch: bytes each EP rank sends to the experts&apos; ranks</source>
        <translation>Dispatch：每个 EP rank 发往专家所在 rank 的字节数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="314"/>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="322"/>
        <source>back to the same node</source>
        <translation>返回同一节点</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="323"/>
        <source>back to other nodes</source>
        <translation>返回其他节点</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="321"/>
        <source>Combine: bytes each EP rank sends back to the tokens&apos; ranks</source>
        <translation>Combine：每个 EP rank 发回 token 所在 rank 的字节数</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="324"/>
        <source>rank {rank}: {value:+,} tokens against S·K</source>
        <translation>rank {rank}：相对 S·K {value:+,} 个 token</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="326"/>
        <source>Tokens each EP rank&apos;s experts receive, minus S·K = {target:,}</source>
        <translation>每个 EP rank 的专家收到的 token 数减去 S·K = {target:,}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="328"/>
        <source>home placement</source>
        <translation>初始放置</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="330"/>
        <source>after MoonEP: {exact} of {ranks} ranks at exactly S·K (the dashed line)</source>
        <translation>MoonEP 之后：{ranks} 个 rank 中有 {exact} 个恰好为 S·K（虚线）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="334"/>
        <source>tokens − S·K</source>
        <translation>token 数 − S·K</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="337"/>
        <source>MoonEP: redundant experts copied to each EP rank</source>
        <translation>MoonEP：复制到各 EP rank 的冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="338"/>
        <source>redundant experts</source>
        <translation>冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="339"/>
        <source>rank {rank}: {value:g} redundant experts</source>
        <translation>rank {rank}：{value:g} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="341"/>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/moe_all_to_all.py" line="342"/>
        <source>bound E/R = {bound}</source>
        <translation>上限 E/R = {bound}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="69"/>
        <source>bubble {share}</source>
        <translation>气泡 {share}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="70"/>
        <source>makespan {time:g}</source>
        <translation>总时长 {time:g}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="71"/>
        <source>activations ≤ {count:g} micro-batches</source>
        <translation>激活 ≤ {count:g} 个微批</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="74"/>
        <source>{copies} copies of the parameters</source>
        <translation>{copies} 份参数副本</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="104"/>
        <source>time (units: F = 1, B = I + W = 2 per stage; a rank&apos;s chunks share them)</source>
        <translation>时间（单位：每阶段 F = 1，B = I + W = 2；一个 rank 的各块分摊）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/schedules.py" line="123"/>
        <source>Darker: a rank&apos;s second chunk (interleaved chunk 2, DualPipe&apos;s second direction). The numbers on the ops are micro-batches.</source>
        <translation>较深颜色：rank 的第二个块（交错式的第 2 块，DualPipe 的第二个方向）。操作上的数字是微批编号。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="31"/>
        <source>Kept in HBM</source>
        <translation>保留在 HBM</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="31"/>
        <source>Stored in FP8 (HBM)</source>
        <translation>以 FP8 存储（HBM）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="32"/>
        <source>Offloaded to CPU</source>
        <translation>卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="32"/>
        <source>On a remote GPU</source>
        <translation>放在远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="33"/>
        <source>Dropped, recomputed</source>
        <translation>丢弃，重计算</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="37"/>
        <source>held at the activation precision until its backward</source>
        <translation>以激活精度保存，直到其反向传播</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="38"/>
        <source>quantised after the forward (1×128 tiles, FP32 scales), dequantised for the backward</source>
        <translation>前向后量化（1×128 分块、FP32 缩放），反向前反量化</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="40"/>
        <source>copied to host memory after the forward, fetched back before the backward</source>
        <translation>前向后复制到主机内存，反向前取回</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="41"/>
        <source>parked in another pipeline rank&apos;s GPU memory, fetched back before the backward</source>
        <translation>暂存在另一个流水线 rank 的 GPU 显存中，反向前取回</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="43"/>
        <source>not held: regenerated from its inputs during the layer&apos;s backward</source>
        <translation>不保存：在该层反向时由其输入重新生成</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="98"/>
        <source>What happens to it</source>
        <translation>如何处理</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="99"/>
        <source>Saved tensor</source>
        <translation>保存的张量</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="101"/>
        <source>Bytes → stored</source>
        <translation>字节数 → 存储量</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="102"/>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="104"/>
        <source>Held until the backward (other layers run)</source>
        <translation>保存至反向（期间其他层运行）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="105"/>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="148"/>
        <source>not used by this scenario: no saved tensor of this layer goes here</source>
        <translation>本场景未使用：该层没有张量走这条路径</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="163"/>
        <source>{bytes} rematerialised in the backward</source>
        <translation>反向时重新生成 {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="166"/>
        <source>{bytes} per layer</source>
        <translation>每层 {bytes}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="173"/>
        <source>{name} (ladder step {step})</source>
        <translation>{name}（阶梯第 {step} 步）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="175"/>
        <source>{name} (override)</source>
        <translation>{name}（覆盖项）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="181"/>
        <source>{bytes} → none</source>
        <translation>{bytes} → 无</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="183"/>
        <source>{bytes} → {stored}</source>
        <translation>{bytes} → {stored}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="198"/>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="221"/>
        <source>The current scenario keeps every saved tensor of a layer in one state ({state}): drawn for DeepSeek-V3 and its activation ladder instead.</source>
        <translation>当前场景把一层保存的所有张量都置于同一状态（{state}）：因此改为按 DeepSeek-V3 及其激活阶梯绘制。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="224"/>
        <source>MoE layer</source>
        <translation>MoE 层</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="224"/>
        <source>dense layer</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="229"/>
        <source>One {kind} of {title}, per micro-batch on one GPU, from the per-tensor activation policy (the {policy} ladder, {steps} steps applied): kept in HBM {keep}, stored in FP8 {fp8}, offloaded to CPU {cpu}, on a remote GPU {remote}; recomputed during the backward {recompute} (+{flops:,.1f} GFLOP of forward).</source>
        <translation>{title}：{kind}（单个 GPU、每个微批），依据逐张量激活策略（{policy} 阶梯，已应用 {steps} 步）：保留在 HBM {keep}，以 FP8 存储 {fp8}，卸载到 CPU {cpu}，放在远端 GPU {remote}；反向时重计算 {recompute}（额外 {flops:,.1f} GFLOP 前向计算）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="236"/>
        <source>One {kind} of {title}, per micro-batch on one GPU, from the per-tensor activation policy (recompute = {recompute_mode}, no named ladder): kept in HBM {keep}, stored in FP8 {fp8}, offloaded to CPU {cpu}, on a remote GPU {remote}; recomputed during the backward {recompute} (+{flops:,.1f} GFLOP of forward).</source>
        <translation>{title}：{kind}（单个 GPU、每个微批），依据逐张量激活策略（recompute = {recompute_mode}，无命名阶梯）：保留在 HBM {keep}，以 FP8 存储 {fp8}，卸载到 CPU {cpu}，放在远端 GPU {remote}；反向时重计算 {recompute}（额外 {flops:,.1f} GFLOP 前向计算）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/activation_lifecycle.py" line="244"/>
        <source>The memory ledger applies the scenario&apos;s fractions on top of this (FP8 {fp8:.0%}, CPU {cpu:.0%}, remote {remote:.0%} of the kept bytes).</source>
        <translation>内存账本在此基础上再应用场景设定的比例（在保留的字节中 FP8 占 {fp8:.0%}、CPU 占 {cpu:.0%}、远端占 {remote:.0%}）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="81"/>
        <source>Ulysses: sequence shard ↔ head shard</source>
        <translation>Ulysses：序列切分 ↔ 头切分</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="82"/>
        <source>Ring: fixed Q blocks, K/V blocks rotate</source>
        <translation>Ring：Q 块固定，K/V 块轮转</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="83"/>
        <source>USP: a {u} × {r} mesh (Ulysses × Ring)</source>
        <translation>USP：{u} × {r} 网格（Ulysses × Ring）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="87"/>
        <source>Before: rank r holds sequence block r of every head group. The QKV all-to-all hands rank r head group r for the whole sequence; attention runs locally; a second all-to-all returns the output.</source>
        <translation>之前：rank r 持有每个头组的序列块 r。QKV all-to-all 把整条序列的头组 r 交给 rank r；注意力在本地计算；第二次 all-to-all 把输出送回。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="90"/>
        <source>Every rank keeps its own Q block; the K/V blocks travel one rank on around the ring, {steps} P2P steps, each block folded into the online softmax.</source>
        <translation>每个 rank 保留自己的 Q 块；K/V 块沿环每次前进一个 rank，共 {steps} 个 P2P 步，每个块都并入在线 softmax。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="93"/>
        <source>A row is one Ulysses group (all-to-all inside the row), a column one ring (K/V passed down the column); ulysses × ring = cp = {cp}.</source>
        <translation>一行是一个 Ulysses 组（行内 all-to-all），一列是一个环（K/V 沿列向下传递）；ulysses × ring = cp = {cp}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="97"/>
        <source>The Ulysses degree is the largest the heads allow (context.ulysses = 0).</source>
        <translation>Ulysses 并行度取头数允许的最大值（context.ulysses = 0）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="110"/>
        <source>{n} ranks: too many to draw one by one (up to {limit}); the bytes below are for all of them.</source>
        <translation>{n} 个 rank：太多，无法逐个绘制（最多 {limit} 个）；下方字节数按全部 rank 计算。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="126"/>
        <location filename="../../views/gallery/context_schemes.py" line="221"/>
        <source>Not feasible for this scenario: {reason}.</source>
        <translation>本场景不可行：{reason}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="146"/>
        <source>sequence-sharded: rows = sequence blocks</source>
        <translation>按序列切分：行 = 序列块</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="147"/>
        <source>head-sharded: columns = head groups</source>
        <translation>按头切分：列 = 头组</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="156"/>
        <source>all-to-all</source>
        <translation>all-to-all（全交换）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="158"/>
        <source>cell number = the rank holding it</source>
        <translation>单元格中的数字 = 持有它的 rank</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="159"/>
        <source>colour = the rank holding the cell</source>
        <translation>颜色 = 持有该单元格的 rank</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="188"/>
        <source>rank r keeps Q chunks r and 2n − 1 − r (zigzag); its K/V go on to rank r + 1</source>
        <translation>rank r 保留 Q 块 r 与 2n − 1 − r（之字形）；其 K/V 传给 rank r + 1</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="191"/>
        <source>rank r keeps Q block r; its K/V go on to rank r + 1</source>
        <translation>rank r 保留 Q 块 r；其 K/V 传给 rank r + 1</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="198"/>
        <source>K/V block each rank holds, step by step</source>
        <translation>每一步各 rank 持有的 K/V 块</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="210"/>
        <source>rank →</source>
        <translation>rank →</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="214"/>
        <source>step {t}</source>
        <translation>第 {t} 步</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="227"/>
        <source>{n} GPUs: too many to draw (up to {limit}).</source>
        <translation>{n} 个 GPU：太多，无法绘制（最多 {limit} 个）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="248"/>
        <source>↔ Ulysses axis (u = {u}): all-to-all inside a row</source>
        <translation>↔ Ulysses 轴（u = {u}）：行内 all-to-all</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="254"/>
        <source>↓ Ring axis (r = {r}): P2P down a column</source>
        <translation>↓ Ring 轴（r = {r}）：沿列向下 P2P</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="262"/>
        <source>Bytes per link per layer (forward pass, one TP rank)</source>
        <translation>每层每链路字节数（前向传播，单个 TP rank）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="265"/>
        <source>the network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="276"/>
        <source>Ulysses over {n} ranks</source>
        <translation>{n} 个 rank 上的 Ulysses</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="277"/>
        <source>Ring over {n} ranks</source>
        <translation>{n} 个 rank 上的 Ring</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="278"/>
        <source>USP {u} × {r}</source>
        <translation>USP {u} × {r}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="280"/>
        <source>{total}: {qkv} of Q, K, V and {out} of output (4SH/n without GQA); {tier}</source>
        <translation>{total}：Q、K、V 共 {qkv}，输出 {out}（无 GQA 时为 4SH/n）；{tier}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="285"/>
        <source>no link: one rank</source>
        <translation>无链路：仅一个 rank</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="287"/>
        <location filename="../../views/gallery/context_schemes.py" line="297"/>
        <source>not feasible: {reason}</source>
        <translation>不可行：{reason}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="288"/>
        <source>{total}: {steps} × {step} (one K and one V block per step); {tier}</source>
        <translation>{total}：{steps} × {step}（每步一个 K 块和一个 V 块）；{tier}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="292"/>
        <source>{ulysses} on the Ulysses axis + {ring} on the Ring axis ({steps} × {step})</source>
        <translation>Ulysses 轴 {ulysses} + Ring 轴 {ring}（{steps} × {step}）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="331"/>
        <source>The current scenario&apos;s context parallelism cannot be laid out ({reason}): drawn for the labelled example {preset} with cp = {cp}, dp = {dp} and USP as {u} Ulysses × {r} Ring.</source>
        <translation>当前场景的上下文并行无法布局（{reason}）：改为按标注的示例 {preset} 绘制，cp = {cp}，dp = {dp}，USP 为 {u} Ulysses × {r} Ring。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="336"/>
        <source>The current scenario has no context parallelism (cp = 1): drawn for the labelled example {preset} with cp = {cp}, dp = {dp} and USP as {u} Ulysses × {r} Ring.</source>
        <translation>当前场景没有上下文并行（cp = 1）：改为按标注的示例 {preset} 绘制，cp = {cp}，dp = {dp}，USP 为 {u} Ulysses × {r} Ring。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="343"/>
        <source>{title}: S = {s:,} tokens over cp = {cp} ranks (tp = {tp}), one layer&apos;s forward pass per TP rank, from the long-context model. Ulysses sends {ulysses} per link, Ring {ring} per link ({steps} steps).</source>
        <translation>{title}：S = {s:,} 个 token 分到 cp = {cp} 个 rank（tp = {tp}），每个 TP rank 上一层的前向传播，来自长上下文模型。Ulysses 每链路发送 {ulysses}，Ring 每链路发送 {ring}（{steps} 步）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="348"/>
        <source>{title}: S = {s:,} tokens over cp = {cp} ranks (tp = {tp}), one layer&apos;s forward pass per TP rank, from the long-context model. Ulysses over all {cp} ranks cannot hand each rank whole heads; Ring sends {ring} per link ({steps} steps).</source>
        <translation>{title}：S = {s:,} 个 token 分到 cp = {cp} 个 rank（tp = {tp}），每个 TP rank 上一层的前向传播，来自长上下文模型。Ulysses 跨全部 {cp} 个 rank 时无法给每个 rank 完整的头；Ring 每链路发送 {ring}（{steps} 步）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="353"/>
        <source>USP with a Ulysses degree of 1 is Ring attention: {usp_r} per link on its Ring axis.</source>
        <translation>Ulysses 并行度为 1 的 USP 即 Ring 注意力：其 Ring 轴每链路 {usp_r}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/context_schemes.py" line="356"/>
        <source>USP as {u} Ulysses × {r} Ring sends {usp_u} per link on its Ulysses axis ({u_tier}) and {usp_r} on its Ring axis ({r_tier}).</source>
        <translation>{u} Ulysses × {r} Ring 的 USP 在 Ulysses 轴（{u_tier}）上每链路发送 {usp_u}，在 Ring 轴（{r_tier}）上每链路发送 {usp_r}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="47"/>
        <source>MLP (B) ▲</source>
        <translation>MLP (B) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="47"/>
        <source>MLP (W) ▲</source>
        <translation>MLP (W) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="48"/>
        <source>MLP (F) △</source>
        <translation>MLP (F) △</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="48"/>
        <source>ATTN (B) ▲</source>
        <translation>ATTN (B) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="49"/>
        <source>ATTN (W) ▲</source>
        <translation>ATTN (W) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="49"/>
        <source>ATTN (F) △</source>
        <translation>ATTN (F) △</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="50"/>
        <source>DISPATCH (F) △</source>
        <translation>DISPATCH (F) △</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="50"/>
        <source>DISPATCH (B) ▲</source>
        <translation>DISPATCH (B) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="51"/>
        <source>COMBINE (F) △</source>
        <translation>COMBINE (F) △</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="51"/>
        <source>COMBINE (B) ▲</source>
        <translation>COMBINE (B) ▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="52"/>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="193"/>
        <source>Compute stream</source>
        <translation>计算流</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="194"/>
        <source>Communication stream: all-to-all (EP)</source>
        <translation>通信流：all-to-all（EP）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="195"/>
        <source>Communication stream: PP send / receive</source>
        <translation>通信流：PP 发送 / 接收</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="229"/>
        <source>the all-to-alls add {t}</source>
        <translation>All-to-All 增加 {t}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="295"/>
        <source>The four all-to-alls ({a2a}: {towards} each towards the experts, {back} each back; {bytes} per call at the activations&apos; precision) outlast the pair&apos;s computation ({compute}) on the SMs they leave it: {hidden} run under it, {exposed} are added.</source>
        <translation>四次 All-to-All（共 {a2a}：发往专家每次 {towards}，返回每次 {back}；按激活精度每次 {bytes}）比这一对在剩余 SM 上的计算（{compute}）更长：{hidden} 在计算之下运行，增加 {exposed}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="300"/>
        <source>The four all-to-alls ({a2a}: {towards} each towards the experts, {back} each back; {bytes} per call at the activations&apos; precision) fit under the pair&apos;s computation ({compute}), which runs on the SMs they leave it: {hidden} hidden, {exposed} added by the {share:.0%} of the SMs they hold.</source>
        <translation>四次 All-to-All（共 {a2a}：发往专家每次 {towards}，返回每次 {back}；按激活精度每次 {bytes}）被这一对的计算（{compute}，在它们留下的 SM 上运行）覆盖：隐藏 {hidden}，因其占用 {share:.0%} 的 SM 而增加 {exposed}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="308"/>
        <source>The slowest stage chunk: F = {f}, B = {b}, overlapped as one pair FB = max(all-to-alls, the rest + all-to-alls × SM share) = {fb}; PP sends and receives take {p2p} each, priced by the schedule.</source>
        <translation>最慢的阶段块：F = {f}，B = {b}，重叠为一对 FB = max(All-to-All，其余部分 + All-to-All × SM 占比) = {fb}；PP 的每次发送与接收耗时 {p2p}，由调度计价。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="247"/>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="252"/>
        <source>forward chunk △</source>
        <translation>前向块 △</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="253"/>
        <source>backward for input ▲</source>
        <translation>反向（输入梯度）▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="254"/>
        <source>backward for weights ▲</source>
        <translation>反向（权重梯度）▲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="255"/>
        <source>PP communication</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="256"/>
        <source>exposed (the model)</source>
        <translation>暴露（按模型）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="270"/>
        <source>The slowest stage chunk pair (step-time model)</source>
        <translation>最慢的阶段块对（步时模型）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="272"/>
        <source>F then B: {t}</source>
        <translation>先 F 后 B：{t}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="273"/>
        <source>overlapped FB: {t}</source>
        <translation>重叠的 FB：{t}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="312"/>
        <source>Over the whole step the most loaded rank&apos;s all-to-alls take {time} ({bytes} sent): {hidden} hidden, {exposed} exposed; only the steady phase pairs forward and backward chunks.</source>
        <translation>在整个训练步中，负载最高的 rank 的 all-to-all 耗时 {time}（发送 {bytes}）：隐藏 {hidden}，暴露 {exposed}；只有稳定阶段才把前向块与反向块配对。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="334"/>
        <source>The current scenario is not a DualPipe MoE scenario the step-time model can time: drawn for DeepSeek-V3 instead.</source>
        <translation>当前场景不是步时模型能计时的 DualPipe MoE 场景：改为按 DeepSeek-V3 绘制。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/dualpipe_strip.py" line="336"/>
        <source>{title}: one MoE layer of a forward chunk overlapped with one of a backward chunk in the order of the report&apos;s Figure 4, durations from the step-time model ({kind}, ep = {ep}, pp = {pp}). The report&apos;s “near-zero all-to-all overhead” is about the critical path: the all-to-alls still move their bytes, hidden only where the other chunk&apos;s computation is long enough.</source>
        <translation>{title}：按报告图 4 的顺序，前向块的一个 MoE 层与反向块的一个 MoE 层重叠，时长来自步时模型（{kind}，ep = {ep}，pp = {pp}）。报告所说的“近乎零的 all-to-all 开销”指的是关键路径：all-to-all 仍要传输其字节，只有在另一个块的计算足够长时才被隐藏。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="30"/>
        <source>Kimi K2</source>
        <translation>Kimi K2</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="30"/>
        <source>Kimi K2 technical report (arXiv 2507.20534)</source>
        <translation>Kimi K2 技术报告（arXiv 2507.20534）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="31"/>
        <source>Kimi K2.5</source>
        <translation>Kimi K2.5</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="31"/>
        <source>Kimi K2.5 technical report (arXiv 2602.02276)</source>
        <translation>Kimi K2.5 技术报告（arXiv 2602.02276）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="32"/>
        <source>Kimi K3</source>
        <translation>Kimi K3</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="32"/>
        <source>Kimi K3 technical report (arXiv 2607.24653)</source>
        <translation>Kimi K3 技术报告（arXiv 2607.24653）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="37"/>
        <source>K2.5 report</source>
        <translation>K2.5 报告</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="37"/>
        <source>K3 report</source>
        <translation>K3 报告</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="39"/>
        <source>Parallel layout and schedule</source>
        <translation>并行布局与调度</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="40"/>
        <source>16-way PP with virtual stages, 16-way EP, ZeRO-1 DP on H800 nodes (8 × 400 Gbps RoCE between nodes), on any multiple of 32 nodes. Not DualPipe: it doubles the memory of parameters and gradients; interleaved 1F1B with more warm-up micro-batches overlaps the EP all-to-all, and the weight gradients overlap PP communication.</source>
        <translation>16 路带虚拟阶段的 PP、16 路 EP、ZeRO-1 DP，运行在 H800 节点上（节点间 8 × 400 Gbps RoCE），节点数为 32 的任意倍数。不用 DualPipe：它使参数与梯度的显存翻倍；采用交错式 1F1B 并增加预热微批来重叠 EP all-to-all，权重梯度计算与 PP 通信重叠。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="45"/>
        <source>K2 report §2.4.2</source>
        <translation>K2 报告 §2.4.2</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="46"/>
        <source>The backbone keeps K2&apos;s layout: 16-way PP with virtual stages, 16-way EP, ZeRO-1.</source>
        <translation>主干沿用 K2 的布局：16 路带虚拟阶段的 PP、16 路 EP、ZeRO-1。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="48"/>
        <source>PP with virtual stages, EP and ZeRO-1 DP, plus Pipeline ZeRO-2 (gradient shards in CPU memory, a double gradient buffer on the GPU), context parallelism and MoonEP: every EP rank receives exactly S × K assignments. Per-Head Muon: each rank fetches point to point only the parameter shards it updates.</source>
        <translation>带虚拟阶段的 PP、EP 与 ZeRO-1 DP，外加 Pipeline ZeRO-2（梯度分片放在 CPU 内存，GPU 上有一个梯度双缓冲区）、上下文并行与 MoonEP：每个 EP rank 恰好收到 S × K 个分配。Per-Head Muon：每个 rank 以点对点方式只拉取它要更新的参数分片。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="52"/>
        <source>K3 report §5.2.1, Appendix E; MoonshotAI/MoonEP</source>
        <translation>K3 报告 §5.2.1、附录 E；MoonshotAI/MoonEP</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="54"/>
        <source>Activations and memory</source>
        <translation>激活与显存</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="55"/>
        <source>Cheapest first: recompute LayerNorm, SwiGLU and the MLA up-projections, then the MoE down-projections; store insensitive activations in FP8-E4M3 (1 × 128 tiles, FP32 scales; FP8 for storage, not compute); offload the rest to CPU, one forward micro-batch offloaded while the next backward micro-batch is prefetched. About 30 GB per GPU for states: about 6 TB of BF16 parameters and FP32 gradient buffer over 256 GPUs.</source>
        <translation>先做最便宜的：重计算 LayerNorm、SwiGLU 与 MLA 上投影，再重计算 MoE 下投影；把不敏感的激活以 FP8-E4M3 存储（1 × 128 分块，FP32 缩放因子；FP8 只用于存储，不用于计算）；其余卸载到 CPU，卸载一个前向微批的同时预取下一个反向微批。状态约占每 GPU 30 GB：约 6 TB 的 BF16 参数与 FP32 梯度缓冲区分布在 256 个 GPU 上。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="61"/>
        <source>K2 report §2.4.2–§2.4.3</source>
        <translation>K2 报告 §2.4.2–§2.4.3</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="62"/>
        <source>Selective recomputation, FP8 activation storage and CPU streaming, as in K2.</source>
        <translation>与 K2 相同：选择性重计算、FP8 激活存储与 CPU 流式卸载。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="64"/>
        <source>A unified activation manager: every tensor saved for the backward is bound to a backend, recomputation, block-wise FP8, local offload or remote offload (another PP rank&apos;s memory over the Mooncake Transfer Engine), composed per tensor; prefetch layer by layer, overlapped with compute.</source>
        <translation>统一的激活管理器：每个为反向保存的张量都绑定一种后端——重计算、分块 FP8、本地卸载或远程卸载（经 Mooncake Transfer Engine 放到另一个 PP rank 的显存），逐张量组合；逐层预取，与计算重叠。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="68"/>
        <source>K3 report (unified activation manager)</source>
        <translation>K3 报告（统一激活管理器）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="70"/>
        <source>Multimodal</source>
        <translation>多模态</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="72"/>
        <source>The Decoupled Encoder Process: the vision forward balanced over all GPUs, its intermediate activations dropped and its outputs gathered to PP stage 0; the backbone trains as a text pipeline; then the vision forward is recomputed and its backward run. About 90 % of text-only training efficiency in the report&apos;s setting.</source>
        <translation>解耦编码器流程（Decoupled Encoder Process）：视觉前向在所有 GPU 上均衡执行，丢弃其中间激活，输出收集到 PP 阶段 0；主干按纯文本流水线训练；随后重计算视觉前向并执行其反向。在报告的设置下约达纯文本训练效率的 90%。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="77"/>
        <source>The ViT inside the text pipeline: the first ViT forwards run synchronously, the rest fill the pipeline&apos;s bubbles, and the backward likewise; dynamic CP splits large images by patches. The report: most ViT compute hidden in PP bubbles.</source>
        <translation>ViT 放在文本流水线内：最初的几次 ViT 前向同步执行，其余填入流水线的气泡，反向亦然；动态 CP 按 patch 切分大图。报告称：大部分 ViT 计算隐藏在 PP 气泡中。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="82"/>
        <source>RL system</source>
        <translation>RL 系统</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="83"/>
        <source>Co-located training and inference engines on the same workers; a checkpoint engine reshards the parameters: each worker takes its local parameters and broadcasts the full set, each inference worker keeps the shards it needs, pipelined parameter by parameter. A full update of the 1T model in under 30 s, as the report states.</source>
        <translation>训练引擎与推理引擎共置在同一批 worker 上；checkpoint engine 负责参数重切分：每个 worker 取本地参数并广播完整参数集，每个推理 worker 只保留所需分片，按参数逐个流水化。据报告，1T 模型完整更新一次不到 30 s。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="87"/>
        <source>K2 report; MoonshotAI/checkpoint-engine</source>
        <translation>K2 报告；MoonshotAI/checkpoint-engine</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="88"/>
        <source>Agentic RL as asynchronous coroutines, one per agent task: the Rollout Manager runs up to 100,000 concurrent agent tasks (the report&apos;s figure).</source>
        <translation>智能体 RL 以异步协程实现，每个智能体任务一个协程：Rollout Manager 最多同时运行 100,000 个智能体任务（报告给出的数字）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="91"/>
        <source>1M-token co-located RL within a few hundred GPUs per experiment, partial rollout for the long tail of trajectories: an external KV pool written back to CPU DRAM, request auto-throttling, gradient-buffer reuse (figure 11) and AgentENV&apos;s microVM sandboxes (figure 12).</source>
        <translation>每次实验在数百个 GPU 内完成 1M token 的共置 RL，对长尾轨迹做部分 rollout：写回 CPU DRAM 的外部 KV 池、请求自动限流、梯度缓冲区复用（图 11），以及 AgentENV 的 microVM 沙箱（图 12）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="95"/>
        <source>K3 report; kvcache-ai/AgentENV</source>
        <translation>K3 报告；kvcache-ai/AgentENV</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="185"/>
        <source>Rollout: the inference engine decodes on the same GPUs (co-located)</source>
        <translation>Rollout：推理引擎在同一批 GPU 上解码（共置）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="186"/>
        <source>Training iteration: forward-only models (the reference) and the policy&apos;s forward and backward</source>
        <translation>训练迭代：仅前向的模型（参考模型）与策略模型的前向、反向</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="188"/>
        <source>After the training iteration, before the next rollout</source>
        <translation>训练迭代之后、下一次 rollout 之前</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="198"/>
        <source>Model and optimizer states</source>
        <translation>模型与优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="198"/>
        <source>External KV pool</source>
        <translation>外部 KV 池</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="199"/>
        <source>Gradient buffer (policy, FP32)</source>
        <translation>梯度缓冲区（策略模型，FP32）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="200"/>
        <source>Requests admitted to the inference engine</source>
        <translation>进入推理引擎的请求</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="214"/>
        <source>GPU HBM</source>
        <translation>GPU 显存（HBM）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="214"/>
        <source>CPU DRAM</source>
        <translation>CPU 内存（DRAM）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="215"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="216"/>
        <source>in use by training</source>
        <translation>训练占用</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="220"/>
        <source>Schematic: heights are relative; the sources give no sizes.</source>
        <translation>示意图：高度为相对值；来源未给出大小。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="237"/>
        <source>on NVMe: offloaded after the last training iteration, so CPU DRAM is free for the external KV pool</source>
        <translation>位于 NVMe：在上一次训练迭代后卸载，让 CPU DRAM 空出来给外部 KV 池</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="239"/>
        <source>used by the training iteration</source>
        <translation>训练迭代使用</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="240"/>
        <source>offloaded to NVMe</source>
        <translation>卸载到 NVMe</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="249"/>
        <source>active decode blocks stay on the GPU</source>
        <translation>活跃的解码块留在 GPU 上</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="250"/>
        <source>the pool in CPU DRAM: reusable idle prefixes, written only when the GPU evicts them (write-back, not write-through); KDA states live and die with their MLA KV blocks</source>
        <translation>CPU DRAM 中的池：可复用的空闲前缀，仅在 GPU 逐出时写入（写回，而非写穿）；KDA 状态与其 MLA KV 块同生共灭</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="253"/>
        <source>→ written back when the GPU evicts an idle prefix
← prefetched before it is reused</source>
        <translation>→ GPU 逐出空闲前缀时写回
← 复用前预取</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="265"/>
        <source>released after the rollout: it does not compete with training for resources</source>
        <translation>rollout 结束后释放：不与训练争夺资源</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="275"/>
        <source>① holds the weights of a forward-only model (the reference, kept in CPU memory) when it runs</source>
        <translation>① 仅前向的模型（参考模型，平时存于 CPU 内存）运行时，存放其权重</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="277"/>
        <source>② overwritten by the real gradients before the backward: the lifetimes never overlap; two VPP-chunk slots per GPU, one computing, one prefetching</source>
        <translation>② 反向前被真正的梯度覆盖：两者生命周期从不重叠；每个 GPU 两个 VPP 块槽位，一个计算，一个预取</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="296"/>
        <source>auto-throttling reads the active and queued requests and the KV utilisation: more requests early, while contexts are short, fewer later as the KV pressure rises</source>
        <translation>自动限流依据活跃请求、排队请求与 KV 利用率：早期上下文较短时多放请求，后期随 KV 压力上升而减少</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="300"/>
        <source>rollout time →</source>
        <translation>rollout 时间 →</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="316"/>
        <source>Creating</source>
        <translation>创建中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="317"/>
        <source>the microVM boots from a template snapshot or an OCI image</source>
        <translation>microVM 从模板快照或 OCI 镜像启动</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="319"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="320"/>
        <source>a Firecracker microVM: commands run, its timeout ticks</source>
        <translation>一个 Firecracker microVM：执行命令，超时计时</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="322"/>
        <source>Snapshotting</source>
        <translation>快照中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="323"/>
        <source>a persistent snapshot: a template new sandboxes start from</source>
        <translation>持久化快照：新沙箱的启动模板</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="325"/>
        <source>Forking</source>
        <translation>派生中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="326"/>
        <source>cloned into up to 16 child sandboxes on the same node</source>
        <translation>在同一节点上克隆出至多 16 个子沙箱</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="328"/>
        <source>Pausing</source>
        <translation>暂停中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="328"/>
        <source>memory and disk snapshots captured</source>
        <translation>捕获内存与磁盘快照</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="330"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="331"/>
        <source>VM stopped, snapshot stored: no memory or CPU consumed</source>
        <translation>VM 已停止，快照已保存：不占用内存和 CPU</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="333"/>
        <source>Resuming</source>
        <translation>恢复中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="334"/>
        <source>restored from its paused snapshot, processes and connections included</source>
        <translation>从暂停快照恢复，含进程与连接</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="336"/>
        <source>Killing</source>
        <translation>销毁中</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="336"/>
        <source>torn down, resources released</source>
        <translation>拆除，释放资源</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="343"/>
        <source>pause / TTL expiry</source>
        <translation>暂停 / TTL 到期</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="344"/>
        <source>resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="345"/>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="346"/>
        <source>fork</source>
        <translation>派生</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="347"/>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="354"/>
        <source>Incremental checkpoint as fast as 133 ms, resume as fast as 49 ms.</source>
        <translation>增量检查点最快 133 ms，恢复最快 49 ms。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="355"/>
        <source>Waiting for inference takes up to 98 % of a sandbox&apos;s lifetime in the report&apos;s scenario.</source>
        <translation>报告的场景中，等待推理最多占沙箱生命周期的 98%。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="357"/>
        <source>Memory overcommit up to 6.5× in real workloads.</source>
        <translation>在真实负载中内存超售最高达 6.5×。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="358"/>
        <source>51,219,741 sandboxes created across 1,505,678 images for K3&apos;s training and evaluation.</source>
        <translation>为 K3 的训练与评测，基于 1,505,678 个镜像共创建了 51,219,741 个沙箱。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="422"/>
        <source>The K3 report&apos;s production statistics</source>
        <translation>K3 报告的生产统计数据</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="423"/>
        <source>These are the K3 team&apos;s figures for its own workloads, not a general microVM benchmark.</source>
        <translation>这些是 K3 团队针对自身负载给出的数字，并非通用的 microVM 基准测试。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="426"/>
        <source>What it is built on</source>
        <translation>构建基础</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="427"/>
        <source>Firecracker microVMs: stronger isolation than ordinary containers and closer to a real system; OverlayBD, a custom ublk, storage sharing and P2P (the K3 report).</source>
        <translation>Firecracker microVM：隔离性强于普通容器，更接近真实系统；OverlayBD、定制的 ublk、存储共享与 P2P（K3 报告）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/kimi_diagrams.py" line="430"/>
        <source>The repository&apos;s README states: snapshot-backed environments boot or resume in under 50 ms and pause in under 100 ms; incremental snapshots complete in under 100 ms.</source>
        <translation>仓库的 README 称：基于快照的环境启动或恢复不到 50 ms，暂停不到 100 ms；增量快照在 100 ms 内完成。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figure.py" line="12"/>
        <source>A deterministic teaching model, not a benchmark of a real cluster.</source>
        <translation>确定性教学模型，并非真实集群的基准测试。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figure.py" line="48"/>
        <source>Sources: {sources}</source>
        <translation>来源：{sources}</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figure.py" line="50"/>
        <source>A diagram of what the sources state, not a model&apos;s output.</source>
        <translation>依据来源所述事实绘制的示意图，并非模型的输出。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="57"/>
        <source>Drawn for {title}: the current scenario cannot show this figure ({reason}).</source>
        <translation>按 {title} 绘制：当前场景无法显示此图（{reason}）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="87"/>
        <source>The first {shown} of {ranks} pipeline ranks are drawn.</source>
        <translation>只绘制了 {ranks} 个流水线 rank 中的前 {shown} 个。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="89"/>
        <source>Each bar is one pipeline rank&apos;s optimizer step of {title}: FLOPs (GEMMs at the model&apos;s efficiency curve), HBM (element-wise work at memory bandwidth), network (communication not hidden under compute, per axis), idle (the pipeline bubble and waiting for the slowest rank) and the optimizer step add up to the step time {step} on every rank. Averaged over the ranks: FLOPs {flops}, HBM {hbm}, network {network}, idle {idle}, optimizer {optimizer}. MFU {mfu} = model FLOPs per step / (step time × peak FLOP/s of {gpus} GPUs).</source>
        <translation>每个条形是 {title} 一个流水线 rank 的一个优化器步：FLOPs（按模型效率曲线计的 GEMM）、HBM（按显存带宽计的逐元素运算）、网络（未被计算隐藏的通信，按维度）、空闲（流水线气泡及等待最慢的 rank）与优化器步相加，在每个 rank 上都等于步时 {step}。各 rank 平均：FLOPs {flops}，HBM {hbm}，网络 {network}，空闲 {idle}，优化器 {optimizer}。MFU {mfu} = 每步模型 FLOPs / (步时 × {gpus} 个 GPU 的峰值 FLOP/s)。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="114"/>
        <source>Mixed-precision Adam keeps 2 + 2 + 4 + 4 + 4 = 16 bytes per parameter, not 2: the BF16 parameter and gradient, an FP32 master copy and Adam&apos;s two FP32 moments. ZeRO&apos;s example (Ψ = 7.5B, N_d = 64) needs {p0}, {p1}, {p2} and {p3} per GPU at ZeRO 0, 1, 2 and 3. This scenario ({title}: Ψ = {psi} parameters on the GPU of pipeline rank {rank}, N_d = {nd}) keeps {bpp} bytes per parameter and needs {s0}, {s1}, {s2} and {s3} at ZeRO 0–3; it runs ZeRO-{zero}. Model states only (parameters, gradients, master weights, optimizer states) on every tier; GB = 10⁹ bytes.</source>
        <translation>混合精度 Adam 每个参数占 2 + 2 + 4 + 4 + 4 = 16 字节，而不是 2 字节：BF16 参数与梯度、一份 FP32 主权重副本，以及 Adam 的两个 FP32 矩。ZeRO 论文的例子（Ψ = 7.5B，N_d = 64）在 ZeRO 0、1、2、3 下每 GPU 分别需要 {p0}、{p1}、{p2} 与 {p3}。本场景（{title}：流水线 rank {rank} 的 GPU 上 Ψ = {psi} 个参数，N_d = {nd}）每个参数占 {bpp} 字节，在 ZeRO 0–3 下分别需要 {s0}、{s1}、{s2} 与 {s3}；它运行的是 ZeRO-{zero}。仅计模型状态（参数、梯度、主权重、优化器状态），包含所有层级；GB = 10⁹ 字节。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="154"/>
        <source>tp = {tp}, pp = {pp}, dp = {dp} on {nodes} nodes × {gpn} GPUs (rank order {order})</source>
        <translation>tp = {tp}，pp = {pp}，dp = {dp}，{nodes} 个节点 × 每节点 {gpn} 个 GPU（rank 顺序 {order}）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="158"/>
        <source>This scenario&apos;s mesh, {title}: {shape}.</source>
        <translation>本场景的网格，{title}：{shape}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="161"/>
        <source>A small example, {shape}: this scenario ({title}: tp = {tp}, pp = {pp}, dp = {dp}, cp = {cp}, {gpus} GPUs) is drawn only with TP, PP and DP all above 1, no CP and at most {limit} GPUs.</source>
        <translation>小例子，{shape}：本场景（{title}：tp = {tp}，pp = {pp}，dp = {dp}，cp = {cp}，{gpus} 个 GPU）只有在 TP、PP、DP 都大于 1、没有 CP 且至多 {limit} 个 GPU 时才按其本身绘制。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="170"/>
        <source>Right: this scenario&apos;s own mesh, a cell per node of {gpn} GPUs, as the Parallel Mesh tab draws it (view.mesh.node chooses the node drawn GPU by GPU).</source>
        <translation>右：本场景自己的网格，每 {gpn} 张 GPU 的节点画成一格，与“并行网格”标签页的画法相同（view.mesh.node 选择逐 GPU 画出的节点）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="174"/>
        <source>{inside} of {tp_groups} TP groups stay inside one node (their per-layer all-reduces on NVLink); {crossing} of {pp_groups} PP chains cross nodes (a send per micro-batch between stages); each of the {dp} DP replicas is a whole copy of the model. Groups from models.mesh, as Megatron-LM&apos;s rank generator builds them.</source>
        <translation>{tp_groups} 个 TP 组中有 {inside} 个位于单个节点内（其每层 all-reduce 走 NVLink）；{pp_groups} 条 PP 链中有 {crossing} 条跨节点（阶段之间每个微批一次发送）；{dp} 个 DP 副本各是模型的完整副本。分组来自 models.mesh，与 Megatron-LM 的 rank 生成器构建方式相同。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="191"/>
        <source>p = {p} pipeline ranks and m = {m} micro-batches, as in this scenario</source>
        <translation>p = {p} 个流水线 rank，m = {m} 个微批，与本场景相同</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="193"/>
        <source>p = {p} pipeline ranks and m = {m} micro-batches, the classroom default (this scenario&apos;s p = {pp}, m = {mm} is not drawn: p from 2 to 8, m up to 16, valid for every schedule)</source>
        <translation>p = {p} 个流水线 rank，m = {m} 个微批，课堂默认值（本场景的 p = {pp}，m = {mm} 不予绘制：要求 p 为 2 到 8，m 至多 16，且对每种调度都有效）</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="198"/>
        <source>Five schedules on {where}, simulated op by op with F = 1 and B = I + W = 2 time units per stage (interleaved 1F1B: v = 2 chunks per rank, each at half those units, so every schedule does the same work per rank). Bubble = idle share of p × makespan: {bubbles}. 1F1B has GPipe&apos;s bubble but holds at most p micro-batches&apos; activations instead of m; splitting the backward into I and W (ZB-H1) fills most of the rest; DualPipe runs micro-batches from both ends with two copies of the parameters.</source>
        <translation>五种调度，取 {where}，逐个操作模拟，每阶段 F = 1、B = I + W = 2 个时间单位（交错式 1F1B：每 rank v = 2 个块，每块各为一半时长，因此每种调度在每个 rank 上的工作量相同）。气泡 = 空闲时间占 p × 总时长的比例：{bubbles}。1F1B 的气泡与 GPipe 相同，但最多只驻留 p 个微批的激活，而不是 m 个；把反向拆成 I 和 W（ZB-H1）可填满剩余气泡的大部分；DualPipe 从两端同时送入微批，需要两份参数副本。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="218"/>
        <source>The four collectives on n = 4 ranks, round by round, as models.comm plans them and runs them on data: ring AllReduce is a ReduceScatter (3 rounds) then an AllGather (3 rounds); All-to-All is a pairwise exchange. With S = {size} (the nccl-tests size: the per-rank buffer, for ReduceScatter and AllGather the whole gathered array), each rank sends {ar} in {arname} (2(n−1)/n · S), {rs} in {rsname}, {ag} in {agname} and {aa} in {aaname} ((n−1)/n · S each); busbw = algbw × {arf} for {arname}, × {rsf} for the others.</source>
        <translation>四种集合通信在 n = 4 个 rank 上逐轮展示，由 models.comm 规划并在真实数据上运行：环形 AllReduce 即先 ReduceScatter（3 轮）再 AllGather（3 轮）；All-to-All 是两两交换。取 S = {size}（nccl-tests 口径：每 rank 的缓冲区；对 ReduceScatter 和 AllGather 是收集后的完整数组），每个 rank 在 {arname} 中发送 {ar}（2(n−1)/n · S），在 {rsname} 中发送 {rs}，在 {agname} 中发送 {ag}，在 {aaname} 中发送 {aa}（各为 (n−1)/n · S）；{arname} 的 busbw = algbw × {arf}，其余为 × {rsf}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="235"/>
        <source>Drawn for {title}: the current scenario has no MoE all-to-all ({reason}).</source>
        <translation>按 {title} 绘制：当前场景没有 MoE all-to-all（{reason}）。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="244"/>
        <source>One MoE layer of {title}: E = {experts} experts on R = {ranks} EP ranks, S = {tokens:,} tokens per rank, each routed to K = {k} experts ({routing} routing, seed {seed}). Dispatch sends one hidden vector of {hidden:,} values per (token, expert) to the expert&apos;s rank in {dprec} — at most {dispatch} per rank, {inter} of it across nodes; combine returns them in {cprec}, at most {combine} per rank. With experts on their home ranks the busiest rank receives {most:,} tokens, {imbalance:.2f}× the mean; MoonEP copies at most {planned} redundant experts to a rank (bound E/R = {bound}) so that every rank receives exactly S·K = {target:,}.</source>
        <translation>{title} 的一个 MoE 层：E = {experts} 个专家分布在 R = {ranks} 个 EP rank 上，每 rank S = {tokens:,} 个 token，各路由到 K = {k} 个专家（{routing} 路由，种子 {seed}）。Dispatch 为每个 (token, 专家) 对以 {dprec} 向专家所在 rank 发送一个含 {hidden:,} 个值的隐藏向量——每 rank 至多 {dispatch}，其中 {inter} 跨节点；combine 以 {cprec} 将其送回，每 rank 至多 {combine}。专家位于初始 rank 时，最忙的 rank 收到 {most:,} 个 token，是平均值的 {imbalance:.2f}×；MoonEP 向每个 rank 至多复制 {planned} 个冗余专家（上限 E/R = {bound}），使每个 rank 恰好收到 S·K = {target:,}。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="266"/>
        <source>The cost stack: FLOPs, HBM, network, idle</source>
        <translation>开销堆叠：FLOPs、HBM、网络、空闲</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="267"/>
        <source>Every pipeline rank&apos;s step split into the four layers of cost — FLOPs, HBM, network, idle — and the optimizer step, from the step-time model.</source>
        <translation>每个流水线 rank 的一步拆分为四层开销——FLOPs、HBM、网络、空闲——以及优化器步，来自步时模型。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="274"/>
        <source>Bytes per parameter: 2 is really 16</source>
        <translation>每参数字节数：2 其实是 16</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="275"/>
        <source>The “2 bytes per parameter” misconception unfolded into mixed-precision Adam&apos;s 16 bytes, then ZeRO-1/2/3 per GPU for the paper&apos;s example and this scenario.</source>
        <translation>把“每参数 2 字节”的误解展开为混合精度 Adam 的 16 字节，再给出论文示例与本场景在 ZeRO-1/2/3 下的每 GPU 用量。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="282"/>
        <source>The 3D device mesh: TP in the node, PP across nodes, DP across replicas</source>
        <translation>3D 设备网格：TP 在节点内，PP 跨节点，DP 跨副本</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="283"/>
        <source>Every GPU with its rank and (tp, pp, dp) coordinates in its node, the TP groups, the PP chains and the DP replicas, from the mesh model.</source>
        <translation>每个 GPU 在其节点中的 rank 与 (tp, pp, dp) 坐标，以及 TP 组、PP 链与 DP 副本，来自网格模型。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="290"/>
        <source>Pipeline schedules side by side</source>
        <translation>流水线调度并排对比</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="291"/>
        <source>GPipe, 1F1B, interleaved 1F1B, zero bubble (ZB-H1) and DualPipe on the same ranks and time axis, each with its bubble.</source>
        <translation>GPipe、1F1B、交错式 1F1B、零气泡（ZB-H1）与 DualPipe 在同样的 rank 与时间轴上，各自标出其气泡。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="298"/>
        <source>Collectives round by round</source>
        <translation>集合通信逐轮展示</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="299"/>
        <source>Ring AllReduce, ReduceScatter, AllGather and All-to-All on four ranks: every rank&apos;s chunks after every round, with the bytes each rank sends and the bus-bandwidth factor.</source>
        <translation>四个 rank 上的环形 AllReduce、ReduceScatter、AllGather 与 All-to-All：每轮之后各 rank 的数据块，以及每个 rank 发送的字节数与总线带宽系数。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="308"/>
        <source>MoE&apos;s two all-to-alls and MoonEP&apos;s redundant experts</source>
        <translation>MoE 的两次 all-to-all 与 MoonEP 的冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_training.py" line="309"/>
        <source>Dispatch (tokens to experts) and combine (back) per EP rank, then MoonEP&apos;s redundant experts, which give every rank exactly S·K tokens.</source>
        <translation>每个 EP rank 的 dispatch（token 发往专家）与 combine（送回），以及 MoonEP 的冗余专家——它们让每个 rank 恰好收到 S·K 个 token。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="94"/>
        <source>Context parallelism: Ulysses, Ring and USP</source>
        <translation>上下文并行：Ulysses、Ring 与 USP</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="95"/>
        <source>Ulysses&apos; sequence ↔ head all-to-all, Ring&apos;s rotating K/V blocks and USP&apos;s 2-D mesh side by side, with each scheme&apos;s bytes per link per layer.</source>
        <translation>并排展示 Ulysses 的序列 ↔ 头 all-to-all、Ring 轮转的 K/V 块与 USP 的二维网格，并给出各方案每层每链路的字节数。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="103"/>
        <source>The activation lifecycle: store, recompute, compress, offload</source>
        <translation>激活的生命周期：存储、重计算、压缩、卸载</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="104"/>
        <source>Every tensor one layer saves for its backward, with its bytes and what happens to it between forward and backward: kept in HBM, stored in FP8, offloaded to CPU, parked on a remote GPU, or recomputed.</source>
        <translation>一层为反向保存的每个张量，及其字节数和在前向与反向之间的去向：保留在 HBM、以 FP8 存储、卸载到 CPU、暂存到远端 GPU，或重计算。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="116"/>
        <source>DeepSeek-V3&apos;s execution strip: DualPipe overlaps a forward and a backward chunk</source>
        <translation>DeepSeek-V3 的执行条带：DualPipe 重叠一个前向块与一个反向块</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="118"/>
        <source>One overlapped forward and backward chunk pair of DualPipe: the compute stream and the all-to-all and PP communication, what the step-time model hides and what it exposes.</source>
        <translation>DualPipe 中一对重叠的前向块与反向块：计算流以及 all-to-all 与 PP 通信，步时模型隐藏了哪些、暴露了哪些。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="72"/>
        <source>What each Kimi report states it changed in the training system, K2 → K2.5 → K3, each cell with its source; the figures quoted are the reports&apos; own.</source>
        <translation>各份 Kimi 报告自述的训练系统改动，K2 → K2.5 → K3，每格都注明来源；引用的数字均出自报告本身。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="78"/>
        <source>Kimi K3&apos;s 1M-token co-located RL: where the model and optimizer states, the external KV pool and the policy&apos;s gradient buffer are in each phase of one iteration, as the report states it. Schematic: the heights are relative and there is no numeric axis, because the report gives no sizes.</source>
        <translation>Kimi K3 的 1M token 共置 RL：按报告所述，一次迭代的各阶段中模型与优化器状态、外部 KV 池和策略模型的梯度缓冲区分别位于何处。示意图：高度为相对值，没有数值坐标轴，因为报告未给出大小。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="86"/>
        <source>An AgentENV sandbox&apos;s states and transitions as the repository documents them (run → pause → snapshot / fork → resume); the numbers are the K3 report&apos;s production statistics and the README&apos;s own statement, not a general microVM benchmark.</source>
        <translation>按仓库文档所述的 AgentENV 沙箱状态与转换（运行 → 暂停 → 快照 / 派生 → 恢复）；数字来自 K3 报告的生产统计与 README 自身的说明，并非通用的 microVM 基准测试。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="127"/>
        <source>Kimi K2 → K2.5 → K3: what each changed in the training system</source>
        <translation>Kimi K2 → K2.5 → K3：各自对训练系统的改动</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="128"/>
        <source>Three columns of the reports&apos; stated facts: parallel layout, activations, multimodal training and the RL system of K2, K2.5 and K3.</source>
        <translation>三列报告所述事实：K2、K2.5 与 K3 的并行布局、激活、多模态训练与 RL 系统。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="136"/>
        <source>Kimi K3&apos;s 1M-token RL: the memory seesaw of one iteration</source>
        <translation>Kimi K3 的 1M token RL：一次迭代中的内存跷跷板</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="137"/>
        <source>Training states on NVMe while the external KV pool fills CPU DRAM during rollout, the pool released for training, the gradient buffer reused: a schematic of the report&apos;s statements.</source>
        <translation>rollout 期间训练状态放在 NVMe，外部 KV 池占满 CPU DRAM；训练时释放该池，梯度缓冲区被复用：依据报告陈述绘制的示意图。</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="145"/>
        <source>AgentENV: a sandbox&apos;s lifecycle</source>
        <translation>AgentENV：沙箱的生命周期</translation>
    </message>
    <message>
        <location filename="../../views/gallery/figures_systems.py" line="146"/>
        <source>Run, pause, snapshot, fork and resume of AgentENV&apos;s Firecracker sandboxes, with the K3 report&apos;s production statistics labelled as such.</source>
        <translation>AgentENV 的 Firecracker 沙箱的运行、暂停、快照、派生与恢复，并标明哪些是 K3 报告的生产统计数据。</translation>
    </message>
</context>
<context>
    <name>handout</name>
    <message>
        <location filename="../../desktop/handout.py" line="59"/>
        <source>{name}: {total} parameters, {activated} activated per token ({experts} experts, {top_k} per token)</source>
        <translation>{name}：{total} 参数，每 token 激活 {activated}（{experts} 个专家，每 token {top_k} 个）</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="64"/>
        <source>{name}: {total} parameters</source>
        <translation>{name}：{total} 参数</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="66"/>
        <source>{layers} layers, hidden size {hidden}, {heads} attention heads ({kv_heads} key/value heads), FFN {ffn}, vocabulary {vocab}; sequence {seq} tokens, micro-batch {micro}</source>
        <translation>{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头（{kv_heads} 个键/值头），FFN {ffn}，词表 {vocab}；序列 {seq} 个 token，微批 {micro}</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="71"/>
        <source>TP {tp} × PP {pp} × DP {dp} × CP {cp} (VPP {vpp}, EP {ep}, ZeRO-{zero}); schedule {kind} with {microbatches} micro-batches</source>
        <translation>TP {tp} × PP {pp} × DP {dp} × CP {cp}（VPP {vpp}，EP {ep}，ZeRO-{zero}）；调度为 {kind}，{microbatches} 个微批</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="77"/>
        <source>{gpus} GPUs: {nodes} nodes × {per_node} {gpu} ({hbm} HBM each); {intra} GB/s inside a node, {inter} GB/s per GPU between nodes</source>
        <translation>{gpus} 个 GPU：{nodes} 个节点 × {per_node} 块 {gpu}（每块 HBM {hbm}）；节点内 {intra} GB/s，节点间每 GPU {inter} GB/s</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="84"/>
        <source>(custom scenario)</source>
        <translation>（自定义场景）</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="85"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="85"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="86"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="87"/>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="87"/>
        <source>GPUs and cluster</source>
        <translation>GPU 与集群</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="137"/>
        <source>Page {page} of {pages}</source>
        <translation>第 {page} 页，共 {pages} 页</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="241"/>
        <location filename="../../desktop/handout.py" line="275"/>
        <source>Training Systems Lab — lecture handout</source>
        <translation>训练系统实验室 — 课程讲义</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="242"/>
        <source>Training Systems Lab — {scenario} — a deterministic teaching model</source>
        <translation>训练系统实验室 — {scenario} — 确定性教学模型</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="245"/>
        <source>Reading list</source>
        <translation>阅读清单</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="246"/>
        <source>The papers and repositories the lab models, in the order they appeared, with what each changed.</source>
        <translation>本实验室所建模的论文与代码仓库，按出现顺序排列，并注明各自带来的改变。</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="286"/>
        <source>Exported</source>
        <translation>导出时间</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="289"/>
        <source>Every figure is drawn from the lab&apos;s models for this scenario, or for the preset its caption names where the scenario cannot show it.</source>
        <translation>每张图都由本实验室的模型针对当前场景绘制；当前场景无法显示时，则按图注中指明的预设绘制。</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="301"/>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <location filename="../../desktop/handout.py" line="332"/>
        <source>This figure cannot be drawn for this scenario: {reason}</source>
        <translation>此图无法针对当前场景绘制：{reason}</translation>
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
        <source>Precision the linear layers&apos; GEMMs run in: bf16, or fp8 at the FP8 tensor-core peak (DeepSeek-V3); attention, embedding, output head and router stay BF16</source>
        <translation>线性层 GEMM 的计算精度：bf16，或按 FP8 Tensor Core 峰值计的 fp8（DeepSeek-V3）；注意力、嵌入、输出头与路由器保持 BF16</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="83"/>
        <source>Precision of the activations saved for the backward pass</source>
        <translation>为反向传播保存的激活的精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="85"/>
        <source>Optimizer: Adam (two states per parameter), Muon or SGD with momentum (one)</source>
        <translation>优化器：Adam（每个参数两个状态）、Muon 或带动量的 SGD（一个状态）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="88"/>
        <source>Tensor-parallel degree: each layer&apos;s matrices split over this many GPUs</source>
        <translation>张量并行度：每层的矩阵切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="90"/>
        <source>Pipeline-parallel degree: the layers split into this many stages</source>
        <translation>流水线并行度：所有层切分成这么多个阶段</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="92"/>
        <source>Virtual pipeline stages (model chunks) per rank, for interleaved 1F1B</source>
        <translation>每个 rank 的虚拟流水线阶段数（模型块数），用于交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="94"/>
        <source>Data-parallel degree: model replicas, each on its own share of the batch; 0 = the rest of the cluster, GPUs / (tp · pp · cp)</source>
        <translation>数据并行度：模型副本数，每个副本处理批次的一份；0 = 集群的其余部分，GPU 数 / (tp · pp · cp)</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="166"/>
        <source>Micro-batches m per optimizer step; follows from the global batch: global_batch / (dp × micro_batch)</source>
        <translation>每个优化器步的微批数 m；由全局批次得出：global_batch / (dp × micro_batch)</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="168"/>
        <source>Global batch: sequences per optimizer step; micro-batches per step follow as global_batch / (dp × micro_batch)</source>
        <translation>全局批次：每个优化器步的序列数；每步微批数由 global_batch / (dp × micro_batch) 得出</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="244"/>
        <source>Share of peak FLOP/s a fused attention kernel reaches, in the Long Context tab and the step time (an input of the teaching model)</source>
        <translation>融合注意力 kernel 达到的峰值 FLOP/s 占比，用于长上下文页与步时（教学模型的一个输入）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="96"/>
        <source>Context-parallel degree: each sequence split over this many GPUs</source>
        <translation>上下文并行度：每条序列切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="98"/>
        <source>Expert-parallel degree: the routed experts split over this many GPUs</source>
        <translation>专家并行度：路由专家分布到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="100"/>
        <source>Expert tensor-parallel degree: each expert&apos;s matrices split over this many GPUs</source>
        <translation>专家张量并行度：每个专家的矩阵切分到这么多张 GPU 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="102"/>
        <source>Sequence parallelism: with TP, norms and dropout work on 1/tp of the tokens</source>
        <translation>序列并行：配合 TP，归一化与 dropout 只处理 1/tp 的 token</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="104"/>
        <source>ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also parameters over DP</source>
        <translation>ZeRO 阶段：在 DP 上，1 切分优化器状态，2 再切分梯度，3 再切分参数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="106"/>
        <source>Layers on the first pipeline stage; 0 = an even split</source>
        <translation>第一个流水线阶段的层数；0 = 均分</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="108"/>
        <source>Layers on the last pipeline stage; 0 = an even split</source>
        <translation>最后一个流水线阶段的层数；0 = 均分</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="110"/>
        <source>Count the embedding as one layer when splitting layers over stages</source>
        <translation>在各阶段间划分层时，把嵌入层计为一层</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="112"/>
        <source>Count the output head and loss as one layer when splitting layers over stages</source>
        <translation>在各阶段间划分层时，把输出头与损失计为一层</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="114"/>
        <source>Rank order of the mesh axes, fastest first (tp-cp-dp-pp), or a framework&apos;s name</source>
        <translation>mesh 各轴的 rank 顺序，变化最快的在前（tp-cp-dp-pp），或某个框架的名称</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="117"/>
        <source>Activation recomputation: none, selective (attention core) or full (each layer from its input)</source>
        <translation>激活重计算：none（不重计算）、selective（注意力核心）或 full（每层从其输入重算）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="119"/>
        <source>FlashAttention: no s × s attention matrix is saved</source>
        <translation>FlashAttention：不保存 s × s 的注意力矩阵</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="121"/>
        <source>Share of saved activations stored in FP8</source>
        <translation>以 FP8 存储的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="122"/>
        <source>Share of saved activations offloaded to CPU memory</source>
        <translation>卸载到 CPU 内存的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="124"/>
        <source>Share of saved activations offloaded to a peer GPU</source>
        <translation>卸载到对端 GPU 的已保存激活占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="126"/>
        <source>Layers per stage chunk recomputed in full (Megatron&apos;s --recompute-num-layers); 0 = all follow recompute</source>
        <translation>每个阶段块中全量重计算的层数（Megatron 的 --recompute-num-layers）；0 = 全部遵循 recompute 设置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="129"/>
        <source>Split the full-recompute checkpoints over the TP ranks</source>
        <translation>把全量重计算的检查点切分到各 TP rank 上</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="131"/>
        <source>A named per-tensor policy of what is saved, recomputed, stored in FP8 or offloaded</source>
        <translation>命名的逐张量策略：规定哪些张量保存、重计算、以 FP8 存储或卸载</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="133"/>
        <source>How many steps of the policy&apos;s ladder apply; 0 = all</source>
        <translation>应用策略阶梯的前几步；0 = 全部</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="135"/>
        <source>Per-tensor overrides after the policy, as tensor=backend</source>
        <translation>在策略之后生效的逐张量覆盖，格式为 tensor=backend</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="137"/>
        <source>Where the optimizer states and master weights live</source>
        <translation>优化器状态与主权重的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="138"/>
        <source>Where the parameters live between uses</source>
        <translation>参数在两次使用之间的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="139"/>
        <source>Where the gradient shards live</source>
        <translation>梯度分片的存放位置</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="140"/>
        <source>How gradients reach the CPU: Pipeline ZeRO-2&apos;s chunk buffers or ZeRO-Offload&apos;s bucket stream</source>
        <translation>梯度如何传到 CPU：Pipeline ZeRO-2 的分块缓冲区，或 ZeRO-Offload 的分桶流式传输</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="142"/>
        <source>Elements reduced and moved to the CPU at a time (DeepSpeed&apos;s reduce_bucket_size)</source>
        <translation>每次归约并移到 CPU 的元素数（DeepSpeed 的 reduce_bucket_size）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="145"/>
        <source>Nodes in the cluster</source>
        <translation>集群中的节点数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="146"/>
        <source>GPUs in each node</source>
        <translation>每个节点的 GPU 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="147"/>
        <source>GPU model, from the catalogue (custom: set hbm_gib)</source>
        <translation>GPU 型号，取自型号目录（custom：需设置 hbm_gib）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="148"/>
        <source>GPU memory in GiB; 0 = the catalogue&apos;s</source>
        <translation>GPU 显存（GiB）；0 = 采用型号目录中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="149"/>
        <source>Bandwidth per GPU inside a node (NVLink), GB/s</source>
        <translation>节点内每 GPU 带宽（NVLink），GB/s</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="150"/>
        <source>Bandwidth per GPU between nodes (InfiniBand, RoCE), GB/s</source>
        <translation>节点间每 GPU 带宽（InfiniBand、RoCE），GB/s</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="152"/>
        <source>Latency α of one message inside a node, µs</source>
        <translation>节点内单条消息的延迟 α，µs</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="153"/>
        <source>Latency α of one message between nodes, µs</source>
        <translation>节点间单条消息的延迟 α，µs</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="154"/>
        <source>Scale-out network: a two-tier fat-tree, rail-optimised (NIC i of every node on rail i) or plain (a node&apos;s NICs on one leaf)</source>
        <translation>横向扩展网络：两层胖树，轨道优化（每个节点的第 i 块网卡接在第 i 条轨道上）或普通（一个节点的网卡接在同一台叶交换机上）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="156"/>
        <source>NICs per node; 0 = one per GPU</source>
        <translation>每节点网卡数；0 = 每张 GPU 一块</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="157"/>
        <source>Ports of a leaf switch facing NICs</source>
        <translation>叶交换机面向网卡的端口数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="158"/>
        <source>Leaf down- to uplink bandwidth; 1 = non-blocking</source>
        <translation>叶交换机下行与上行带宽之比；1 = 无阻塞</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="159"/>
        <source>GB/s of one leaf–spine link; 0 = a NIC&apos;s bandwidth</source>
        <translation>一条叶—脊链路的 GB/s；0 = 与网卡带宽相同</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="160"/>
        <source>Cross-node routes: ECMP over the shortest paths, or the rail rule (NVLink to the same-index GPU first)</source>
        <translation>跨节点路由：在最短路径上做 ECMP，或采用轨道规则（先经 NVLink 到同序号 GPU）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="162"/>
        <source>Dense BF16 TFLOP/s of one GPU; 0 = the GPU&apos;s data sheet</source>
        <translation>单个 GPU 的稠密 BF16 TFLOP/s；0 = 采用该 GPU 规格表中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="163"/>
        <source>HBM bandwidth of one GPU in GB/s; 0 = the GPU&apos;s data sheet</source>
        <translation>单个 GPU 的 HBM 带宽（GB/s）；0 = 采用该 GPU 规格表中的值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="165"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="170"/>
        <source>Time of one stage&apos;s forward pass F (schedule time units)</source>
        <translation>一个阶段前向传播的时间 F（调度时间单位）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="171"/>
        <source>Time of one stage&apos;s full backward pass B = I + W</source>
        <translation>一个阶段完整反向传播的时间 B = I + W</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="172"/>
        <source>Time of the weight-gradient part W of a backward pass</source>
        <translation>反向传播中权重梯度部分 W 的时间</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="173"/>
        <source>Time of an overlapped forward and backward pair (DualPipe)</source>
        <translation>一对重叠的前向与反向的时间（DualPipe）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="174"/>
        <source>Latency of one point-to-point transfer between stages</source>
        <translation>阶段间一次点对点传输的延迟</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="176"/>
        <source>Share of GPU memory lost to the allocator&apos;s fragmentation</source>
        <translation>因分配器碎片而损失的 GPU 显存占比</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="178"/>
        <source>Count the communication buffers (NCCL, DP buckets) in the ledger</source>
        <translation>在账本中计入通信缓冲区（NCCL、DP 分桶）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="180"/>
        <source>The CUDA context (with the cuBLAS workspaces) of the process on each GPU, MiB; 0 = not counted</source>
        <translation>每张 GPU 上进程的 CUDA 上下文（含 cuBLAS 工作区），MiB；0 = 不计入</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="182"/>
        <source>NCCL_BUFFSIZE: the Simple protocol&apos;s buffer per channel and peer, MiB; 0 = no NCCL buffers</source>
        <translation>NCCL_BUFFSIZE：Simple 协议每个通道、每个对端的缓冲区，MiB；0 = 不计 NCCL 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="184"/>
        <source>NCCL channels per communicator (NCCL picks them from the topology); 0 = no NCCL buffers</source>
        <translation>每个通信器的 NCCL 通道数（NCCL 根据拓扑选择）；0 = 不计 NCCL 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="186"/>
        <source>NCCL protocols enabled (NCCL_PROTO), each with its own buffers</source>
        <translation>启用的 NCCL 协议（NCCL_PROTO），每种协议有各自的缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="188"/>
        <source>DeepEP dispatch/combine buffers for ep &gt; 1: high-throughput (normal), low-latency, or none</source>
        <translation>ep &gt; 1 时 DeepEP 的 dispatch/combine 缓冲区：高吞吐（normal）、低延迟（low-latency）或不计（none）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="190"/>
        <source>SMs DeepEP&apos;s kernels use (Buffer.num_sms; two per channel)</source>
        <translation>DeepEP kernel 使用的 SM 数（Buffer.num_sms；每个通道两个）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="192"/>
        <source>FP8 copies of each weight kept for FP8 training: 0, 1 or 2 (with its transpose)</source>
        <translation>FP8 训练为每个权重保留的 FP8 副本数：0、1 或 2（含其转置）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="194"/>
        <source>FP8 scaling recipe, which sets the scaling state kept: delayed, current, blockwise or MXFP8</source>
        <translation>FP8 缩放方案，决定需要保留的缩放状态：延迟缩放（delayed）、当前缩放（current）、分块缩放（blockwise）或 MXFP8</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="196"/>
        <source>Delayed scaling: amax values remembered per tensor</source>
        <translation>延迟缩放：每个张量保留的 amax 历史值个数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="198"/>
        <source>Count the host buffers of CPU/NVMe offloading on the CPU tier</source>
        <translation>在 CPU 层级计入 CPU/NVMe 卸载的主机缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="200"/>
        <source>DeepSpeed offload_param buffer_count</source>
        <translation>DeepSpeed offload_param 的 buffer_count</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="201"/>
        <source>DeepSpeed offload_param buffer_size, elements</source>
        <translation>DeepSpeed offload_param 的 buffer_size，单位为元素</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="203"/>
        <source>DeepSpeed offload_optimizer buffer_count</source>
        <translation>DeepSpeed offload_optimizer 的 buffer_count</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="205"/>
        <source>DeepSpeed sub_group_size: elements the optimizer steps at a time, elements</source>
        <translation>DeepSpeed sub_group_size：优化器每次更新的元素数，单位为元素</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="208"/>
        <source>Tokens S each EP rank routes per MoE layer</source>
        <translation>每个 EP rank 在每个 MoE 层路由的 token 数 S</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="209"/>
        <source>How tokens choose experts: uniform, Zipf-skewed, hot experts or node-limited</source>
        <translation>token 如何选择专家：均匀、Zipf 偏斜、热点专家或节点受限</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="211"/>
        <source>Seed of the routing&apos;s random draws (same seed, same figure)</source>
        <translation>路由随机抽样的种子（种子相同，图就相同）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="212"/>
        <source>Node-limited routing: nodes one token&apos;s experts may span</source>
        <translation>节点受限路由：一个 token 的专家最多可跨越的节点数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="213"/>
        <source>Precision of the tokens sent in the dispatch all-to-all</source>
        <translation>dispatch all-to-all 中所发送 token 的精度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="215"/>
        <source>Dispatch over the network: direct, or DeepSeek-V3&apos;s two hops (IB to the same-index GPU, then NVLink)</source>
        <translation>MoE 分发在网络上的路径：直达，或 DeepSeek-V3 的两跳（先经 IB 到同序号 GPU，再经 NVLink）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="217"/>
        <source>Expert capacity factor: an expert keeps at most this many times its mean tokens; 0 = dropless</source>
        <translation>专家容量因子：每个专家最多保留其平均 Token 数的这么多倍；0 = 不丢弃（dropless）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="219"/>
        <source>Pad every expert&apos;s tokens up to its capacity (with a capacity factor)</source>
        <translation>把每个专家的 Token 填充到其容量（配合容量因子）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="221"/>
        <source>Where the routing weights multiply the expert outputs: at the combine (keeps the outputs; FP32 in torchtitan) or in the expert activation</source>
        <translation>路由权重在何处乘到专家输出上：在 combine 处（需保留输出；torchtitan 中为 FP32），或在专家激活函数中</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="225"/>
        <source>Op durations: the units typed (manual) or seconds from the step-time model (model)</source>
        <translation>操作时长：手动输入的单位（manual），或步时模型给出的秒数（model）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="227"/>
        <source>The DP/ZeRO gradient reduction runs under the backward pass</source>
        <translation>DP/ZeRO 梯度归约与反向传播重叠执行</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="228"/>
        <source>TP collectives run under the GEMMs (Megatron-LM --tp-comm-overlap)</source>
        <translation>TP 集合通信与 GEMM 重叠执行（Megatron-LM --tp-comm-overlap）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="230"/>
        <source>EP all-to-alls run under the expert GEMMs (DualPipe always overlaps them)</source>
        <translation>EP all-to-all 与专家 GEMM 重叠执行（DualPipe 始终将其重叠）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="232"/>
        <source>GEMM share of peak; 0 = the size-dependent default curve</source>
        <translation>GEMM 达到的峰值占比；0 = 随矩阵尺寸变化的默认曲线</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="233"/>
        <source>Share of the data-sheet HBM bandwidth that element-wise kernels reach (default 90 %)</source>
        <translation>逐元素 kernel 能达到的数据手册 HBM 带宽比例（默认 90 %）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="235"/>
        <source>Share of the NVLink bandwidth that NCCL&apos;s collectives reach (default 80 %, DeepSeek-V3 §3.2.2)</source>
        <translation>NCCL 集合通信能达到的 NVLink 带宽比例（默认 80 %，DeepSeek-V3 §3.2.2）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="238"/>
        <source>USP: the Ulysses (all-to-all) axis of the CP ranks; the Ring axis is cp / ulysses; 0 = the largest the heads allow</source>
        <translation>USP：CP rank 中 Ulysses（all-to-all）轴的大小；Ring 轴为 cp / ulysses；0 = 头数允许的最大值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="240"/>
        <source>Ring: each rank holds a head and a tail block of the causal sequence, balancing its work</source>
        <translation>Ring：每个 rank 持有因果序列首尾各一块，以均衡计算量</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="242"/>
        <source>DeepSeek-V4 compressed attention: m tokens&apos; KV compressed into one</source>
        <translation>DeepSeek-V4 压缩注意力：每 m 个 token 的 KV 压缩为一个</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="248"/>
        <source>Most ZeRO ranks the dense matrices are packed into (not disclosed by DeepSeek-V4: an input); 0 = the fewest that hold them at muon.max_matrices each</source>
        <translation>稠密矩阵最多打包到的 ZeRO rank 数（DeepSeek-V4 未公开：作为输入）；0 = 每 rank 放 muon.max_matrices 个时所需的最少 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="251"/>
        <source>Most whole matrices one rank updates (DeepSeek-V4: 5)</source>
        <translation>单个 rank 最多更新的完整矩阵数（DeepSeek-V4：5）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="252"/>
        <source>Newton–Schulz iterations per Muon update</source>
        <translation>每次 Muon 更新的 Newton–Schulz 迭代次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="254"/>
        <source>The FP32 value rounded to BF16</source>
        <translation>要舍入到 BF16 的 FP32 值</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="255"/>
        <source>How many times it is stochastically rounded</source>
        <translation>对其随机舍入的次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="256"/>
        <source>Seed of the random draws</source>
        <translation>随机抽样的种子</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="257"/>
        <source>Small updates accumulated from 1 in BF16</source>
        <translation>在 BF16 中从 1 开始累加的小更新次数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="258"/>
        <source>The size of each update</source>
        <translation>每次更新的大小</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="259"/>
        <source>Ranks a gradient is reduced over</source>
        <translation>梯度归约所跨的 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="261"/>
        <source>Where the scenario&apos;s numbers come from</source>
        <translation>场景中各数字的出处</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="262"/>
        <source>Which values are the lab&apos;s assumptions, not a source&apos;s</source>
        <translation>哪些值是本实验室的假设，而非出自来源</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="264"/>
        <source>The ledger item outlined in the stack; empty = none</source>
        <translation>在堆叠图中描边突出的账本条目；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="265"/>
        <source>The axis whose groups colour the GPUs; auto = the first of tp, ep, cp, pp, dp above 1</source>
        <translation>按其分组为 GPU 着色的轴；auto = tp、ep、cp、pp、dp 中第一个大于 1 的轴</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="267"/>
        <source>A framework rank order drawn beside the scenario&apos;s; empty = none</source>
        <translation>与场景的 rank 顺序并排绘制的某个框架的 rank 顺序；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="269"/>
        <source>The axis whose traffic colours the network&apos;s links; all = every axis</source>
        <translation>按哪个维度的通信量给网络链路着色；all = 所有维度</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="271"/>
        <source>The node whose GPUs are drawn beside a mesh drawn a cell per node (above 1,024 GPUs); −1 = none</source>
        <translation>网格按节点画格时（超过 1,024 张 GPU），在其旁逐一画出 GPU 的节点；−1 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="273"/>
        <source>A second schedule on the same time axis; empty = none</source>
        <translation>在同一时间轴上对比的第二种调度；留空 = 无</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="274"/>
        <source>The animation position in schedule time units; −1 = the end</source>
        <translation>动画位置，以调度时间单位计；−1 = 末尾</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="276"/>
        <source>The PP degree taught when the scenario has pp = 1; 0 = the largest of 8, 4, 2 that fits, 1 = the scenario as it is</source>
        <translation>场景 pp = 1 时讲解所用的 PP 并行度；0 = 可行的 8、4、2 中最大者，1 = 按场景原样</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="278"/>
        <source>The collective drawn</source>
        <translation>绘制的集合通信</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="279"/>
        <source>The collective&apos;s algorithm</source>
        <translation>集合通信的算法</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="280"/>
        <source>Ranks of the collective drawn</source>
        <translation>绘制的集合通信的 rank 数</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="281"/>
        <source>Message size S in bytes (nccl-tests&apos; convention)</source>
        <translation>消息大小 S，单位为字节（nccl-tests 的约定）</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="282"/>
        <source>Compute the collective may overlap with, ms</source>
        <translation>集合通信可与之重叠的计算，ms</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="283"/>
        <source>Share of that compute the collective can overlap</source>
        <translation>这段计算中集合通信可以重叠的比例</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="284"/>
        <source>The round shown; −1 = half way through</source>
        <translation>显示的轮次；−1 = 进行到一半</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="285"/>
        <source>The page shown: context parallelism, Muon × ZeRO or stochastic rounding</source>
        <translation>显示的页面：上下文并行、Muon 与 ZeRO 或随机舍入</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="287"/>
        <source>The context-parallel scheme drawn</source>
        <translation>绘制的上下文并行方案</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="288"/>
        <source>The animation step shown; −1 = the last</source>
        <translation>显示的动画步；−1 = 最后一步</translation>
    </message>
    <message>
        <location filename="../../models/keys.py" line="289"/>
        <source>The CP degree taught when the scenario has cp = 1; 0 = the largest of 8, 4, 2 that fits, 1 = the scenario as it is</source>
        <translation>场景 cp = 1 时用于讲解的 CP 度；0 = 可行的 8、4、2 中最大者，1 = 按场景原样</translation>
    </message>
</context>
<context>
    <name>labels</name>
    <message>
        <location filename="../../views/labels.py" line="77"/>
        <source>= {tokens} tokens</source>
        <translation>= {tokens} 个 Token</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="78"/>
        <source>{tokens} tokens per optimizer step: {batch} sequences × {seq} tokens</source>
        <translation>每个优化器步 {tokens} 个 Token：{batch} 条序列 × {seq} 个 Token</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="84"/>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="87"/>
        <location filename="../../views/labels.py" line="186"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="87"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="88"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="92"/>
        <source>Parameters Ψ (0 = from shape)</source>
        <translation>参数量 Ψ（0 = 按形状推算）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="93"/>
        <source>A dense parameter count to use directly, as in the ZeRO paper&apos;s Ψ</source>
        <translation>直接使用的稠密参数量，即 ZeRO 论文中的 Ψ</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="96"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="97"/>
        <source>Hidden size h</source>
        <translation>隐藏维度 h</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="98"/>
        <source>Attention heads a</source>
        <translation>注意力头数 a</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="99"/>
        <source>KV heads (GQA)</source>
        <translation>KV 头数（GQA）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="100"/>
        <source>FFN hidden</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="101"/>
        <source>Vocabulary V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="102"/>
        <source>Sequence length s</source>
        <translation>序列长度 s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="103"/>
        <source>Micro-batch size b</source>
        <translation>微批大小 b</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="104"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="105"/>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="106"/>
        <source>Routed experts E (0 = dense)</source>
        <translation>路由专家数 E（0 = 稠密）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="107"/>
        <source>Experts per token K</source>
        <translation>每 Token 专家数 K</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="108"/>
        <source>Vocabulary padded to k × TP</source>
        <translation>词表填充到 k × TP 的倍数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="109"/>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="111"/>
        <source>Q/K/V biases</source>
        <translation>Q/K/V 偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="112"/>
        <source>Linear-layer biases</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="113"/>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="114"/>
        <source>Positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="115"/>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="116"/>
        <source>Positions learned (0 = s)</source>
        <translation>可学习位置数（0 = s）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="117"/>
        <source>First dense layers</source>
        <translation>开头的稠密层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="118"/>
        <source>MoE every k-th layer</source>
        <translation>每 k 层一个 MoE 层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="119"/>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="120"/>
        <source>Shared-expert width</source>
        <translation>共享专家宽度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="121"/>
        <source>Shared-expert gate</source>
        <translation>共享专家门控</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="122"/>
        <source>Routing bias per expert</source>
        <translation>每专家路由偏置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="123"/>
        <source>MTP modules</source>
        <translation>MTP 模块数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="125"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="126"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="127"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="128"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="129"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="130"/>
        <source>GEMM compute</source>
        <translation>GEMM 计算精度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="131"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="132"/>
        <source>Adam (2 states)</source>
        <translation>Adam（2 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="133"/>
        <source>Muon (1 state)</source>
        <translation>Muon（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="134"/>
        <source>SGD momentum (1 state)</source>
        <translation>SGD 动量（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="136"/>
        <source>Tensor parallel TP</source>
        <translation>张量并行 TP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="137"/>
        <source>Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="138"/>
        <source>Context parallel CP</source>
        <translation>上下文并行 CP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="139"/>
        <source>Pipeline parallel PP</source>
        <translation>流水线并行 PP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="140"/>
        <source>Virtual stages per rank v</source>
        <translation>每 rank 虚拟流水线阶段数 v</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="141"/>
        <source>Data parallel DP</source>
        <translation>数据并行 DP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="142"/>
        <source>Expert parallel EP</source>
        <translation>专家并行 EP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="143"/>
        <source>Expert tensor parallel ETP</source>
        <translation>专家张量并行 ETP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="144"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="145"/>
        <source>First-stage layers</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="146"/>
        <source>Last-stage layers</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="147"/>
        <source>Embedding counts as a layer</source>
        <translation>嵌入层计为一层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="148"/>
        <source>Loss counts as a layer</source>
        <translation>损失计为一层</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="149"/>
        <source>Rank order</source>
        <translation>Rank 顺序</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="152"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="153"/>
        <source>Global batch (sequences)</source>
        <translation>全局批次（序列数）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="154"/>
        <source>Micro-batches m</source>
        <translation>微批数 m</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="155"/>
        <source>Forward F</source>
        <translation>前向 F</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="156"/>
        <source>Backward B (= I + W)</source>
        <translation>反向 B（= I + W）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="157"/>
        <source>Weight-grad W</source>
        <translation>权重梯度 W</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="158"/>
        <source>Overlapped F&amp;B</source>
        <translation>重叠的 F&amp;B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="159"/>
        <source>Point-to-point latency</source>
        <translation>点对点延迟</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="161"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="162"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="162"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="163"/>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="164"/>
        <source>Fully recomputed layers</source>
        <translation>全量重计算层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="165"/>
        <source>Checkpoints split over TP</source>
        <translation>检查点在 TP 上切分</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="166"/>
        <source>Activation ladder</source>
        <translation>激活阶梯</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="167"/>
        <source>manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="168"/>
        <source>Megatron selective</source>
        <translation>Megatron 选择性重计算</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="169"/>
        <source>Megatron recompute modules</source>
        <translation>Megatron 重计算模块</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="171"/>
        <source>Ladder steps (0 = all)</source>
        <translation>阶梯步数（0 = 全部）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="172"/>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="173"/>
        <source>Stored in FP8</source>
        <translation>以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="174"/>
        <source>Offloaded to CPU</source>
        <translation>卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="175"/>
        <source>Offloaded to a remote GPU</source>
        <translation>卸载到远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="177"/>
        <source>Optimizer and master on</source>
        <translation>优化器状态与主权重位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="178"/>
        <source>Parameters on</source>
        <translation>参数位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="179"/>
        <source>Gradients on</source>
        <translation>梯度位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="180"/>
        <source>Gradients to CPU as</source>
        <translation>梯度传到 CPU 的方式</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="181"/>
        <source>Pipeline ZeRO-2 (Kimi K3)</source>
        <translation>Kimi K3 的 Pipeline ZeRO-2</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="182"/>
        <source>ZeRO-Offload (DeepSpeed)</source>
        <translation>DeepSpeed 的 ZeRO-Offload</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="183"/>
        <source>Reduce bucket (elements)</source>
        <translation>归约分桶大小（元素数）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="187"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="188"/>
        <source>HBM override (0 = catalogue)</source>
        <translation>HBM 覆盖值（0 = 按型号目录）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="190"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="191"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="192"/>
        <source>NVLink GB/s per GPU</source>
        <translation>每 GPU NVLink 带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="193"/>
        <source>Inter-node GB/s per GPU</source>
        <translation>每 GPU 节点间带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="194"/>
        <source>NVLink latency α (µs)</source>
        <translation>NVLink 延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="195"/>
        <source>Inter-node latency α (µs)</source>
        <translation>节点间延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="196"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="197"/>
        <source>rail-optimised fat-tree</source>
        <translation>轨道优化胖树</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="198"/>
        <source>fat-tree (a node on one leaf)</source>
        <translation>胖树（一个节点接一台叶交换机）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="199"/>
        <source>NICs per node (0 = one per GPU)</source>
        <translation>每节点网卡数（0 = 每 GPU 一块）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="200"/>
        <source>Leaf ports (to NICs)</source>
        <translation>叶交换机端口（接网卡）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="201"/>
        <source>Oversubscription (leaf down : up)</source>
        <translation>超额订阅（叶下行 : 上行）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="203"/>
        <source>Leaf–spine GB/s (0 = a NIC&apos;s)</source>
        <translation>叶—脊 GB/s（0 = 同网卡）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="204"/>
        <source>Cross-node routes</source>
        <translation>跨节点路由</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="205"/>
        <source>ECMP (shortest paths)</source>
        <translation>ECMP（最短路径）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="206"/>
        <source>rail rule (NVLink first, PXN)</source>
        <translation>轨道规则（先走 NVLink，PXN）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="207"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="208"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="210"/>
        <source>Tokens per rank S</source>
        <translation>每 rank Token 数 S</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="211"/>
        <source>Routing</source>
        <translation>路由分布</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="212"/>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="212"/>
        <source>Zipf skew</source>
        <translation>Zipf 偏斜</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="213"/>
        <source>hot experts</source>
        <translation>热点专家</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="214"/>
        <source>node-limited</source>
        <translation>节点受限</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="215"/>
        <source>Nodes per token (node-limited)</source>
        <translation>每 Token 节点数（节点受限）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="216"/>
        <source>Dispatch precision</source>
        <translation>Dispatch 精度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="218"/>
        <source>Dispatch route</source>
        <translation>分发路径</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="219"/>
        <source>direct</source>
        <translation>直达</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="220"/>
        <source>two hops: IB, then NVLink</source>
        <translation>两跳：先 IB，再 NVLink</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="221"/>
        <location filename="../../views/labels.py" line="255"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="222"/>
        <source>Expert capacity factor (0 = dropless)</source>
        <translation>专家容量因子（0 = 不丢弃）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="223"/>
        <source>Pad experts to capacity</source>
        <translation>专家填充到容量</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="224"/>
        <source>Routing weights applied</source>
        <translation>路由权重作用位置</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="225"/>
        <source>at the combine</source>
        <translation>在 combine 处</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="226"/>
        <source>at the combine, in FP32</source>
        <translation>在 combine 处（FP32）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="227"/>
        <source>in the expert activation</source>
        <translation>在专家激活函数中</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="228"/>
        <source>Peak BF16 TFLOP/s (0 = data sheet)</source>
        <translation>峰值 BF16 TFLOP/s（0 = 规格表）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="229"/>
        <source>HBM GB/s (0 = data sheet)</source>
        <translation>HBM GB/s（0 = 规格表）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="230"/>
        <source>Op durations</source>
        <translation>操作时长</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="231"/>
        <source>typed units</source>
        <translation>手动输入单位</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="232"/>
        <source>step-time model</source>
        <translation>步时模型</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="233"/>
        <source>DP reduction under the backward</source>
        <translation>DP 归约与反向重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="234"/>
        <source>TP collectives under the GEMMs</source>
        <translation>TP 集合通信与 GEMM 重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="235"/>
        <source>EP all-to-alls under the expert GEMMs</source>
        <translation>EP all-to-all 与专家 GEMM 重叠</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="236"/>
        <source>GEMM efficiency (0 = size curve)</source>
        <translation>GEMM 效率（0 = 尺寸曲线）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="238"/>
        <source>Element-wise share of HBM bandwidth</source>
        <translation>逐元素运算的 HBM 带宽比例</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="240"/>
        <source>NCCL share of NVLink bandwidth</source>
        <translation>NCCL 的 NVLink 带宽比例</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="243"/>
        <source>USP Ulysses degree (0 = auto)</source>
        <translation>USP 的 Ulysses 并行度（0 = 自动）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="244"/>
        <source>Ring: head–tail (zigzag) order</source>
        <translation>Ring：首尾（之字形）排布</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="245"/>
        <source>Compression ratio m (CSA/HCA)</source>
        <translation>压缩比 m（CSA/HCA）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="246"/>
        <source>Attention efficiency</source>
        <translation>注意力效率</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="249"/>
        <source>P_max (0 = fewest that fit; not disclosed)</source>
        <translation>P_max（0 = 能容纳的最少值；未公开）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="250"/>
        <source>Matrices per rank, at most</source>
        <translation>每 rank 最多矩阵数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="251"/>
        <source>Newton–Schulz steps</source>
        <translation>Newton–Schulz 步数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="253"/>
        <source>FP32 value x</source>
        <translation>FP32 值 x</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="254"/>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="256"/>
        <source>Updates accumulated</source>
        <translation>累加更新次数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="257"/>
        <source>Update size</source>
        <translation>更新大小</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="258"/>
        <source>Ranks reduced over</source>
        <translation>归约 rank 数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="289"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="289"/>
        <source>off</source>
        <translation>关</translation>
    </message>
</context>
<context>
    <name>ledger</name>
    <message>
        <location filename="../../models/memory/ledger.py" line="107"/>
        <source>{name} pushes the GPU past its capacity: {before} already used + {item} = {after} &gt; {capacity} (GPU tier in all: {total}).</source>
        <translation>{name} 使 GPU 超出容量：已用 {before} + {item} = {after} &gt; {capacity}（GPU 层级合计：{total}）。</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="139"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="141"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="144"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="149"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="56"/>
        <source>Router probabilities (FP32)</source>
        <translation>路由概率（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="57"/>
        <source>Load-balancing loss scores (FP32)</source>
        <translation>负载均衡损失的分数（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="58"/>
        <source>Router top-k scores and indices</source>
        <translation>路由 top-k 分数与索引</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="59"/>
        <source>MoE routing map</source>
        <translation>MoE 路由表</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="60"/>
        <source>MoE permutation row ids</source>
        <translation>MoE 重排行号</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="61"/>
        <source>MoE permuted tokens (expert FC1 input)</source>
        <translation>MoE 重排后的 Token（专家 FC1 输入）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="62"/>
        <source>MoE routing weights per copy (FP32)</source>
        <translation>MoE 每份副本的路由权重（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="63"/>
        <source>Expert FC1 output</source>
        <translation>专家 FC1 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="64"/>
        <source>Expert activation output</source>
        <translation>专家激活函数输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="66"/>
        <source>Expert outputs before the weighted combine</source>
        <translation>加权 combine 之前的专家输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="67"/>
        <source>Shared-expert FC1 output</source>
        <translation>共享专家 FC1 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="68"/>
        <source>Shared-expert activation output</source>
        <translation>共享专家激活函数输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="70"/>
        <source>Shared-expert output before its gate</source>
        <translation>门控之前的共享专家输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="193"/>
        <source>Embedding: token ids and dropout mask</source>
        <translation>嵌入：Token ID 与 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="205"/>
        <source>Final norm and output-layer inputs</source>
        <translation>最终归一化与输出层的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="282"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="297"/>
        <source>Activations stored in FP8</source>
        <translation>以 FP8 存储的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="310"/>
        <source>Activations offloaded to CPU</source>
        <translation>卸载到 CPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="318"/>
        <source>Activations on a remote GPU</source>
        <translation>位于远端 GPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="329"/>
        <source>Output logits (FP32)</source>
        <translation>输出 logits（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/stored.py" line="337"/>
        <source>Recompute working set</source>
        <translation>重计算工作集</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="221"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="189"/>
        <source>GPU gradient double buffer</source>
        <translation>GPU 梯度双缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="232"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="99"/>
        <source>CUDA context and cuBLAS workspaces</source>
        <translation>CUDA 上下文与 cuBLAS 工作区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="149"/>
        <source>NCCL communicator buffers</source>
        <translation>NCCL 通信器缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="259"/>
        <source>DeepEP dispatch/combine buffers</source>
        <translation>DeepEP dispatch/combine 缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="327"/>
        <source>FP8 weight copies</source>
        <translation>FP8 权重副本</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="346"/>
        <source>NVMe parameter swap buffers (pinned)</source>
        <translation>NVMe 参数交换缓冲区（锁页内存）</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="355"/>
        <source>NVMe optimizer swap buffers (pinned)</source>
        <translation>NVMe 优化器交换缓冲区（锁页内存）</translation>
    </message>
    <message>
        <location filename="../../models/memory/overheads.py" line="363"/>
        <source>CPU gradient partition for the optimizer step</source>
        <translation>供优化器步使用的 CPU 梯度分区</translation>
    </message>
</context>
<context>
    <name>mesh</name>
    <message>
        <location filename="../../models/mesh/groups.py" line="318"/>
        <source>order {order} does not list cp, but cp = {cp}: the context-parallel axis has no place in the mesh</source>
        <translation>顺序 {order} 没有列出 cp，但 cp = {cp}：上下文并行轴在 mesh 中没有位置</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="328"/>
        <source>{world} GPUs are more than the mesh enumerates ({limit}); no groups are drawn</source>
        <translation>{world} 个 GPU 超过了 mesh 可枚举的上限（{limit}）；不绘制任何分组</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="346"/>
        <source>with order {order}, the expert layers (etp = {etp}, ep = {ep}, edp = {edp}) would put pipeline stages on other GPUs than the dense layers (dp = {dp}): put pp last or keep edp = dp</source>
        <translation>在顺序 {order} 下，专家层（etp = {etp}，ep = {ep}，edp = {edp}）会把流水线阶段放到与稠密层（dp = {dp}）不同的 GPU 上：请把 pp 放在最后，或保持 edp = dp</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="362"/>
        <source>tp = {tp} is larger than a node of {gpn} GPUs: every TP group spans {nodes} nodes, so the TP collectives of every layer and every micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>tp = {tp} 大于一个节点的 {gpn} 个 GPU：每个 TP 组跨 {nodes} 个节点，因此每一层、每个微批的 TP 集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="369"/>
        <source>{count} of {groups} TP groups span nodes with order {order} and {gpn} GPUs per node: their collectives of every layer and micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>在顺序 {order}、每节点 {gpn} 个 GPU 下，{groups} 个 TP 组中有 {count} 个跨节点：它们在每一层、每个微批的集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="378"/>
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
        <location filename="../../models/mesh/traffic.py" line="155"/>
        <source>6 per layer per micro-batch (2 forward, 2 recomputed forward, 2 backward)</source>
        <translation>每层每个微批 6 次（前向 2 次、重计算前向 2 次、反向 2 次）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="157"/>
        <source>4 per layer per micro-batch (2 forward, 2 backward)</source>
        <translation>每层每个微批 4 次（前向 2 次、反向 2 次）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="158"/>
        <location filename="../../models/mesh/traffic.py" line="233"/>
        <source>all-reduce</source>
        <translation>all-reduce（全规约）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="177"/>
        <source>4(cp − 1) per layer per micro-batch (K/V passes in forward and recomputed forward, K/V and dK/dV passes backward)</source>
        <translation>每层每个微批 4(cp − 1) 次（前向与重计算前向传递 K/V，反向传递 K/V 与 dK/dV）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="179"/>
        <source>3(cp − 1) per layer per micro-batch (cp − 1 K/V passes forward; cp − 1 K/V and cp − 1 dK/dV passes backward)</source>
        <translation>每层每个微批 3(cp − 1) 次（前向 cp − 1 次 K/V 传递；反向 cp − 1 次 K/V 与 cp − 1 次 dK/dV 传递）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="181"/>
        <location filename="../../models/mesh/traffic.py" line="210"/>
        <source>send/recv</source>
        <translation>send/recv（点对点收发）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="195"/>
        <source>6 per MoE layer per micro-batch (dispatch and combine in forward, recomputed forward and backward)</source>
        <translation>每个 MoE 层每个微批 6 次（前向、重计算前向和反向各一次 dispatch 与 combine）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="197"/>
        <source>4 per MoE layer per micro-batch (dispatch and combine, forward and backward)</source>
        <translation>每个 MoE 层每个微批 4 次（dispatch 与 combine，前向和反向）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="199"/>
        <source>all-to-all</source>
        <translation>all-to-all（全交换）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="211"/>
        <source>per micro-batch per stage boundary (activation forward, gradient backward)</source>
        <translation>每个微批、每个阶段边界（前向传激活，反向传梯度）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="234"/>
        <source>per optimizer step</source>
        <translation>每个优化器步</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="241"/>
        <source>per optimizer step (reduce-scatter gradients, all-gather updated parameters)</source>
        <translation>每个优化器步（reduce-scatter 梯度，all-gather 更新后的参数）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="247"/>
        <source>reduce-scatter per micro-batch, all-gather per optimizer step</source>
        <translation>每个微批一次 reduce-scatter，每个优化器步一次 all-gather</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="252"/>
        <source>per micro-batch (all-gather parameters forward and backward, reduce-scatter gradients)</source>
        <translation>每个微批（前向和反向各 all-gather 一次参数，reduce-scatter 梯度）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="256"/>
        <source>reduce-scatter + all-gather</source>
        <translation>reduce-scatter + all-gather（规约分散 + 全收集）</translation>
    </message>
</context>
<context>
    <name>moe</name>
    <message>
        <location filename="../../models/moe/analysis.py" line="36"/>
        <source>Kimi K3 technical report §5.2.1 and MoonEP (github.com/MoonshotAI/MoonEP): S·K·R is the receive buffer under the report&apos;s worst-case imbalance and copy-free path, S·K is MoonEP&apos;s fixed shape; this is a bound under K3&apos;s comparison conditions, not the typical occupancy of every DeepEP configuration (DeepEP sizes its buffers from its own size hint for the MoE settings: github.com/deepseek-ai/DeepEP, README, &quot;Buffer initialization&quot;).</source>
        <translation>Kimi K3 技术报告 §5.2.1 与 MoonEP（github.com/MoonshotAI/MoonEP）：S·K·R 是报告中最坏不均衡与零拷贝路径下的接收缓冲区，S·K 是 MoonEP 的固定形状；这是 K3 对比条件下的上界，并非每种 DeepEP 配置的典型占用（DeepEP 按自身针对 MoE 设置的大小提示确定缓冲区：github.com/deepseek-ai/DeepEP，README，“Buffer initialization”）。</translation>
    </message>
    <message>
        <location filename="../../models/moe/analysis.py" line="182"/>
        <source>model.experts is 0: the MoE analysis needs an MoE model (set model.experts and model.top_k)</source>
        <translation>model.experts（专家数）为 0：MoE 分析需要 MoE 模型（请设置 model.experts 与 model.top_k）</translation>
    </message>
    <message>
        <location filename="../../models/moe/analysis.py" line="185"/>
        <source>parallel.ep is {ep}: the MoE all-to-all needs an expert-parallel degree ep ≥ 2 (each EP rank hosts E/ep experts)</source>
        <translation>parallel.ep 为 {ep}：MoE all-to-all 需要专家并行度 ep ≥ 2（每个 EP rank 承载 E/ep 个专家）</translation>
    </message>
    <message>
        <location filename="../../models/moe/analysis.py" line="189"/>
        <location filename="../../models/moe/settings.py" line="50"/>
        <source>model.experts {experts} is not a multiple of parallel.ep {ranks}: each EP rank must host E/R experts</source>
        <translation>model.experts {experts} 不是 parallel.ep {ranks} 的倍数：每个 EP rank 必须承载 E/R 个专家</translation>
    </message>
    <message>
        <location filename="../../models/moe/routing.py" line="285"/>
        <source>routing R·S = {tokens:,} tokens to K = {top_k} distinct experts ({routing}) takes about {draws:,} random draws, over the {limit:,}-draw limit of the MoE analysis; lower moe.tokens_per_rank, parallel.ep or model.top_k</source>
        <translation>把 R·S = {tokens:,} 个 token 路由到 K = {top_k} 个不同专家（{routing}）约需 {draws:,} 次随机抽样，超过 MoE 分析 {limit:,} 次抽样的上限；请调低 moe.tokens_per_rank、parallel.ep 或 model.top_k</translation>
    </message>
    <message>
        <location filename="../../models/moe/routing.py" line="408"/>
        <source>node-limited routing: {nodes} nodes hold fewer than top_k = {top_k} experts</source>
        <translation>节点受限路由：{nodes} 个节点上的专家少于 top_k = {top_k} 个</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="41"/>
        <source>moe.routing {routing!r}: expected one of {routings}</source>
        <translation>moe.routing {routing!r}：应为 {routings} 之一</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="44"/>
        <source>moe.tokens_per_rank {tokens}: must be ≥ 1</source>
        <translation>moe.tokens_per_rank {tokens}：必须 ≥ 1</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="47"/>
        <source>model.experts is 0: the MoE view needs an MoE model (model.experts ≥ 1)</source>
        <translation>model.experts（专家数）为 0：MoE 视图需要 MoE 模型（model.experts ≥ 1）</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="54"/>
        <source>model.top_k {top_k}: must be between 1 and model.experts {experts}</source>
        <translation>model.top_k {top_k}：必须介于 1 与 model.experts（专家数）{experts} 之间</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="58"/>
        <source>a routing matrix of R·E = {ranks:,} × {experts:,} = {cells:,} cells exceeds the {limit:,}-cell limit of the MoE analysis; lower parallel.ep or model.experts</source>
        <translation>R·E = {ranks:,} × {experts:,} = {cells:,} 个单元的路由矩阵超过 MoE 分析 {limit:,} 个单元的上限；请调低 parallel.ep 或 model.experts（专家数）</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="64"/>
        <source>moe.zipf_s {value}: must be ≥ 0</source>
        <translation>moe.zipf_s {value}：必须 ≥ 0</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="67"/>
        <source>moe.hot_experts {value}: must be ≥ 1</source>
        <translation>moe.hot_experts {value}：必须 ≥ 1</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="70"/>
        <source>moe.hot_share {value}: must be in [0, 1)</source>
        <translation>moe.hot_share {value}：必须在 [0, 1) 内</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="73"/>
        <source>moe.max_nodes {value}: must be ≥ 1</source>
        <translation>moe.max_nodes {value}：必须 ≥ 1</translation>
    </message>
    <message>
        <location filename="../../models/moe/settings.py" line="76"/>
        <source>moe.sm_workers and moe.tile_tokens must be ≥ 1</source>
        <translation>moe.sm_workers 与 moe.tile_tokens 必须 ≥ 1</translation>
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
        <location filename="../../models/memory/policy.py" line="58"/>
        <source>Layer input (recompute checkpoint)</source>
        <translation>层输入（重计算检查点）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="59"/>
        <source>Norm 1 input (layer input)</source>
        <translation>归一化 1 的输入（即层输入）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="60"/>
        <source>QKV input (norm 1 output)</source>
        <translation>QKV 输入（归一化 1 的输出）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="61"/>
        <source>Q, K</source>
        <translation>Q、K</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="62"/>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="63"/>
        <source>Attention output (out-proj input)</source>
        <translation>注意力输出（输出投影的输入）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="64"/>
        <source>MLA latents c_q, c_kv, k_rope</source>
        <translation>MLA 潜在向量 c_q、c_kv、k_rope</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="65"/>
        <source>Softmax statistics (FP32)</source>
        <translation>Softmax 统计量（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="66"/>
        <source>Softmax output</source>
        <translation>Softmax 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="67"/>
        <source>Attention dropout mask</source>
        <translation>注意力 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="68"/>
        <source>Attention dropout output</source>
        <translation>注意力 dropout 输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="69"/>
        <source>Attention-out dropout mask</source>
        <translation>注意力输出的 dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="70"/>
        <source>Norm 2 input</source>
        <translation>归一化 2 的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="71"/>
        <source>MLP input (norm 2 output)</source>
        <translation>MLP 输入（归一化 2 的输出）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="72"/>
        <source>MLP activation input</source>
        <translation>MLP 激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="73"/>
        <source>MLP down-proj input</source>
        <translation>MLP 下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="74"/>
        <source>Router probabilities (FP32)</source>
        <translation>路由概率（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="75"/>
        <source>Load-balancing loss scores (FP32)</source>
        <translation>负载均衡损失的分数（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="76"/>
        <source>Top-k scores and expert indices</source>
        <translation>top-k 分数与专家索引</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="77"/>
        <source>Routing map (1 byte per token and expert)</source>
        <translation>路由表（每个 Token 与专家 1 字节）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="78"/>
        <source>Permutation row ids (integers)</source>
        <translation>重排行号（整数）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="79"/>
        <source>Dispatched expert inputs</source>
        <translation>分发后的专家输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="80"/>
        <source>Routing weights per routed copy (FP32)</source>
        <translation>每份路由副本的路由权重（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="81"/>
        <source>Expert activation input</source>
        <translation>专家激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="82"/>
        <source>Expert down-proj input</source>
        <translation>专家下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="83"/>
        <source>Expert outputs before the weighted combine</source>
        <translation>加权 combine 之前的专家输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="84"/>
        <source>Shared-expert activation input</source>
        <translation>共享专家激活函数的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="85"/>
        <source>Shared-expert down-proj input</source>
        <translation>共享专家下投影的输入</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="86"/>
        <source>Shared-expert output before its gate</source>
        <translation>门控之前的共享专家输出</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="87"/>
        <source>MLP dropout mask</source>
        <translation>MLP dropout 掩码</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="120"/>
        <source>Recompute the attention core</source>
        <translation>重计算注意力核心</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="129"/>
        <source>core_attn: recompute the attention core</source>
        <translation>core_attn：重计算注意力核心</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="132"/>
        <source>moe_act: recompute the expert activation</source>
        <translation>moe_act：重计算专家激活函数</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="135"/>
        <source>layernorm: recompute both norms</source>
        <translation>layernorm：重计算两个归一化</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="137"/>
        <source>mla_up_proj: recompute the MLA up-projections</source>
        <translation>mla_up_proj：重计算 MLA 上投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="140"/>
        <source>mlp: recompute the dense MLP</source>
        <translation>mlp：重计算稠密 MLP</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="143"/>
        <source>shared_experts: recompute the shared experts</source>
        <translation>shared_experts：重计算共享专家</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="147"/>
        <source>moe: recompute the MoE layer</source>
        <translation>moe：重计算整个 MoE 层</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="154"/>
        <source>Recompute RMSNorm</source>
        <translation>重计算 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="157"/>
        <source>Recompute the MLA up-projections</source>
        <translation>重计算 MLA 上投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="161"/>
        <source>MoE SwiGLU: input in FP8, output recomputed</source>
        <translation>MoE SwiGLU：输入以 FP8 缓存，输出重计算</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="166"/>
        <source>Linear inputs cached in FP8</source>
        <translation>Linear 的输入以 FP8 缓存</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="177"/>
        <source>Recompute LayerNorm, SwiGLU and MLA up-projections</source>
        <translation>重计算 LayerNorm、SwiGLU 与 MLA 上投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="180"/>
        <source>Recompute the MoE down-projections</source>
        <translation>重计算 MoE 下投影</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="186"/>
        <source>FP8 storage of insensitive activations</source>
        <translation>不敏感的激活以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="190"/>
        <source>CPU offload of the rest</source>
        <translation>其余激活卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="196"/>
        <source>Recompute every normalised layer input</source>
        <translation>重计算所有经归一化的层输入</translation>
    </message>
</context>
<context>
    <name>texts</name>
    <message>
        <location filename="../../views/texts.py" line="46"/>
        <source>Invalid scenario:</source>
        <translation>场景无效：</translation>
    </message>
</context>
<context>
    <name>time</name>
    <message>
        <location filename="../../models/planner/search.py" line="85"/>
        <source>the search stopped at its CPU limit (MAX_PLAN_CPU_S) before it had counted every configuration faster than the reference: its rank is a range</source>
        <translation>搜索在数完所有比参考配置更快的配置之前已达到其 CPU 上限（MAX_PLAN_CPU_S）：其排名为一个区间</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="174"/>
        <source>MFU {mfu:.1%} is above what published dense runs reach (Llama 3 405B: 38–43 % on 8,192 and 16,384 GPUs, Table 4; Korthikanti et al.: at most 56 %, Table 5); the model&apos;s large GEMMs run at 80 % of the peak, the optimistic end: read it as an upper bound</source>
        <translation>MFU {mfu:.1%} 高于已发表的稠密训练所达到的水平（Llama 3 405B：在 8,192 和 16,384 块 GPU 上为 38–43 %，表 4；Korthikanti 等：最高 56 %，表 5）；模型中大型 GEMM 按峰值的 80 % 运行，属于乐观的一端：请把它当作上限</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="180"/>
        <source>CP {cp} on a sequence of {seq:,} tokens leaves {block:,} tokens per rank: Llama 3 split sequences only in its long-context stage, with 8,192 tokens per rank (§3.3.2); check that the ring&apos;s K/V exchange hides under attention blocks this short</source>
        <translation>在 {seq:,} 个 token 的序列上用 CP {cp}，每个 rank 只剩 {block:,} 个 token：Llama 3 只在长上下文阶段切分序列，每个 rank 保留 8,192 个 token（§3.3.2）；请核查环形 K/V 交换能否藏在这么短的注意力块之下</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="186"/>
        <source>{kind} splits the backward into I and W and defers W (Qi et al., ICLR&apos;24): each deferred micro-batch keeps its activations until its W, which the ledger counts; the framework must run the split backward</source>
        <translation>{kind} 把反向拆成 I 和 W 并推迟 W（Qi 等，ICLR&apos;24）：每个被推迟的微批次在其 W 完成前一直保留激活，账本已计入；训练框架必须支持拆分的反向</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="191"/>
        <source>DualPipe keeps two copies of the parameters and gradients of the rank&apos;s stages (DeepSeek-V3 §3.2.1), which the ledger counts</source>
        <translation>DualPipe 为该 rank 的各阶段保留两份参数和梯度（DeepSeek-V3 §3.2.1），账本已计入</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="196"/>
        <source>TP {tp} spans {nodes} nodes of {gpn} GPUs: every layer&apos;s TP collectives cross the network</source>
        <translation>TP {tp} 跨越 {nodes} 个各有 {gpn} 块 GPU 的节点：每一层的 TP 集合通信都要经过网络</translation>
    </message>
    <message>
        <location filename="../../models/planner/search.py" line="421"/>
        <source>the scenario&apos;s own configuration lies outside the search space; it is ranked against it</source>
        <translation>场景自身的配置不在搜索空间内；它与搜索结果一起排名</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="418"/>
        <source>Step time and every term of it are {model}.</source>
        <translation>步时间及其每一项都是{model}。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="419"/>
        <source>step = simulated pipeline makespan + DP/ZeRO communication not hidden + optimizer step.</source>
        <translation>步时间 = 模拟的流水线总时长 + 未被隐藏的 DP/ZeRO 通信 + 优化器步。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="422"/>
        <source>GEMMs at {share:.0%} of the peak FLOP/s (time.gemm_efficiency).</source>
        <translation>GEMM 按峰值 FLOP/s 的 {share:.0%} 计（time.gemm_efficiency）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="425"/>
        <source>GEMMs at {share:.0%} of the peak FLOP/s times their tile and wave quantisation on {sms} SMs, or at HBM bandwidth when thinner.</source>
        <translation>GEMM 按峰值 FLOP/s 的 {share:.0%} 乘以其在 {sms} 个 SM 上的 tile 与 wave 量化效率计；更瘦的 GEMM 按 HBM 带宽计。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="429"/>
        <source>FlashAttention&apos;s kernels at {share:.0%} of the peak FLOP/s (context.attention_efficiency).</source>
        <translation>FlashAttention 的 kernel 按峰值 FLOP/s 的 {share:.0%} 计（context.attention_efficiency）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="432"/>
        <source>Element-wise work at {hbm:.0%} of the data-sheet HBM bandwidth (time.hbm_efficiency).</source>
        <translation>逐元素计算按规格表 HBM 带宽的 {hbm:.0%} 计（time.hbm_efficiency）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="434"/>
        <source>Communication on the α–β link tiers, NVLink at {nvlink:.0%} of its bandwidth (time.nvlink_efficiency), the network at its data-sheet rate, without contention between concurrent collectives: optimistic.</source>
        <translation>通信按 α–β 链路层级计，NVLink 取其带宽的 {nvlink:.0%}（time.nvlink_efficiency），网络取规格表速率，不计并发集合通信之间的争用：偏乐观。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="439"/>
        <source>Communication hidden under computation still slows it: NCCL holds {nccl:.0%} of the SMs while it runs (memory.nccl_channels), DeepEP {deepep:.0%} (memory.deepep_sms); every kernel adds a {gap:.0f} µs launch gap.</source>
        <translation>被计算覆盖的通信仍会拖慢计算：NCCL 运行时占用 {nccl:.0%} 的 SM（memory.nccl_channels），DeepEP 占 {deepep:.0%}（memory.deepep_sms）；每个 kernel 另加 {gap:.0f} µs 的启动间隙。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="452"/>
        <source>precision.compute is fp8, but the {gpu} has no FP8 tensor cores: its GEMMs are timed in BF16.</source>
        <translation>precision.compute 为 fp8，但 {gpu} 没有 FP8 Tensor Core：其 GEMM 按 BF16 计时。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="455"/>
        <source>FP8 compute: the linear layers&apos; GEMMs at {share:.0%} of the FP8 peak (DeepGEMM&apos;s published rate) with their casts as memory-bound passes; attention, embedding, output head and router in BF16.</source>
        <translation>FP8 计算：线性层 GEMM 按 FP8 峰值的 {share:.0%} 计（DeepGEMM 公布的速率），其类型转换按访存受限的遍历计；注意力、嵌入、输出头与路由器为 BF16。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="461"/>
        <source>Routed experts as grouped GEMMs on the busiest EP rank, which receives {imbalance:.2f}× the mean under {routing} routing (moe.routing, moe.seed); all-to-alls towards the experts in {precision}, {route} route (moe.dispatch_precision, moe.dispatch_route).</source>
        <translation>路由专家按最忙 EP rank 上的分组 GEMM 计，在 {routing} 路由下它收到平均值的 {imbalance:.2f}×（moe.routing、moe.seed）；发往专家的 All-to-All 为 {precision}，{route} 路径（moe.dispatch_precision、moe.dispatch_route）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="444"/>
        <source>MFU counts the causal half of the attention scores (6·N·tokens + attention); HFU the FLOPs executed: recompute, FlashAttention&apos;s diagonal blocks and its backward&apos;s recomputed QKᵀ.</source>
        <translation>MFU 只计注意力分数的因果一半（6·N·tokens + 注意力）；HFU 计实际执行的 FLOPs：重计算、FlashAttention 的对角块及其反向中重算的 QKᵀ。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="448"/>
        <source>MFU counts the causal half of the attention scores (6·N·tokens + attention); HFU the FLOPs executed: recompute, the full s×s scores (no FlashAttention).</source>
        <translation>MFU 只计注意力分数的因果一半（6·N·tokens + 注意力）；HFU 计实际执行的 FLOPs：重计算、完整的 s×s 分数（未用 FlashAttention）。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="469"/>
        <source>The offloaded optimizer step is timed as its PCIe transfers only (the CPU update is not modelled): optimistic.</source>
        <translation>卸载的优化器步只计其 PCIe 传输时间（未建模 CPU 上的更新）：偏乐观。</translation>
    </message>
    <message>
        <location filename="../../models/time/step.py" line="472"/>
        <source>Muon&apos;s Newton–Schulz iterations are not timed, only its update&apos;s memory traffic: optimistic.</source>
        <translation>未计 Muon 的 Newton–Schulz 迭代时间，只计其更新的访存流量：偏乐观。</translation>
    </message>
</context>
<context>
    <name>validation</name>
    <message>
        <location filename="../../models/validation.py" line="49"/>
        <source>hidden size {hidden} is not divisible by {heads} heads</source>
        <translation>隐藏维度 {hidden} 不能被 {heads} 个头整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="53"/>
        <source>{heads} query heads cannot be grouped over {kv} KV heads</source>
        <translation>{heads} 个查询头无法均分到 {kv} 个 KV 头的分组中</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="56"/>
        <source>more KV heads ({kv}) than query heads ({heads})</source>
        <translation>KV 头数（{kv}）多于查询头数（{heads}）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="59"/>
        <source>latent attention (mla) needs kv_lora_rank &gt; 0</source>
        <translation>潜在注意力（mla）需要 kv_lora_rank &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="62"/>
        <source>top_k must be between 1 and the {experts} experts</source>
        <translation>top_k 必须介于 1 与专家数 {experts} 之间</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="66"/>
        <source>an MoE model needs expert_ffn_hidden &gt; 0</source>
        <translation>MoE 模型需要 expert_ffn_hidden &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="69"/>
        <source>{dense} dense layers but only {layers} layers</source>
        <translation>设置了 {dense} 个稠密层，但总共只有 {layers} 层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="73"/>
        <source>params overrides a dense model&apos;s size; set experts = 0 or params = 0</source>
        <translation>params 只用于覆盖稠密模型的规模；请设置 experts = 0 或 params = 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="82"/>
        <source>the MoE layer pattern must list each of the {layers} layers once (it lists {count})</source>
        <translation>MoE 层模式必须为 {layers} 层中的每一层各列一次（当前列了 {count} 个）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="87"/>
        <source>shared_ffn_hidden has no effect without shared experts</source>
        <translation>没有共享专家时，shared_ffn_hidden 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="90"/>
        <source>top_k and shared_experts have no effect without experts</source>
        <translation>没有专家时，top_k 和 shared_experts 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="94"/>
        <source>sequence length {seq} exceeds the {positions} learned positions</source>
        <translation>序列长度 {seq} 超过了 {positions} 个可学习位置</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="98"/>
        <source>MTP modules are counted from the shape; set params = 0</source>
        <translation>MTP 模块按形状计数；请设置 params = 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="102"/>
        <source>{heads} attention heads are not divisible by tp = {tp}</source>
        <translation>{heads} 个注意力头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="105"/>
        <source>{kv} KV heads are not divisible by tp = {tp}</source>
        <translation>{kv} 个 KV 头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="108"/>
        <source>ffn_hidden {ffn} is not divisible by tp = {tp}</source>
        <translation>ffn_hidden {ffn} 不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="111"/>
        <source>vocabulary {vocab} is padded to a multiple of tp = {tp}</source>
        <translation>词表 {vocab} 将被填充为 tp = {tp} 的倍数</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="117"/>
        <source>{layers} layers cannot fill {stages} pipeline stages (pp × chunks)</source>
        <translation>{layers} 层填不满 {stages} 个流水线阶段（pp × chunks）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="122"/>
        <source>set a stage&apos;s layers or count the embedding/loss in the split, not both</source>
        <translation>要么设定某个阶段的层数，要么在划分中把嵌入/损失计为一层，不能两者都用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="131"/>
        <source>uneven pipeline stages: {reason}</source>
        <translation>流水线阶段不均匀：{reason}</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="134"/>
        <source>{layers} layers do not divide evenly over {stages} pipeline stages; some stages hold one layer more</source>
        <translation>{layers} 层无法均分到 {stages} 个流水线阶段；部分阶段会多一层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="138"/>
        <source>vpp = {vpp} is used only by the interleaved schedule</source>
        <translation>vpp = {vpp} 仅用于交错式调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="143"/>
        <source>interleaved 1F1B runs its {m} micro-batches in max(1, ⌊m/pp⌋) = {rounds} equal rounds: m must be a multiple of {rounds} to be scheduled</source>
        <translation>interleaved 1F1B 把 {m} 个微批分成 max(1, ⌊m/pp⌋) = {rounds} 个相等的轮次：m 必须是 {rounds} 的倍数才能调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="149"/>
        <source>fewer micro-batches ({m}) than pipeline stages ({pp}): the bubble dominates</source>
        <translation>微批数（{m}）少于流水线阶段数（{pp}）：气泡占主导</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="153"/>
        <source>sequence length {seq} is not divisible by cp = {cp}</source>
        <translation>序列长度 {seq} 不能被 cp = {cp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="157"/>
        <source>sequence parallelism shares the TP group; with tp = 1 it does nothing</source>
        <translation>序列并行与 TP 共用通信组；tp = 1 时不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="161"/>
        <source>ep = {ep} needs an MoE model (experts &gt; 0)</source>
        <translation>ep = {ep} 需要 MoE 模型（experts &gt; 0）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="163"/>
        <source>{experts} experts are not divisible by ep = {ep}</source>
        <translation>{experts} 个专家不能被 ep = {ep} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="167"/>
        <source>expert_ffn_hidden {ffn} is not divisible by etp = {etp}</source>
        <translation>expert_ffn_hidden {ffn} 不能被 etp = {etp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="172"/>
        <source>tp·cp·dp = {width} is not divisible by etp·ep = {expert}: the expert grid does not tile the dense one</source>
        <translation>tp·cp·dp = {width} 不能被 etp·ep = {expert} 整除：专家网格无法铺满稠密网格</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="180"/>
        <source>tp·pp·dp·cp = {product} GPUs, but the cluster has {nodes} × {gpn} = {world}</source>
        <translation>tp·pp·dp·cp = {product} 个 GPU，但集群只有 {nodes} × {gpn} = {world} 个</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="187"/>
        <source>the global batch of {batch:,} sequences is not a multiple of dp {dp} × micro-batch {mb}</source>
        <translation>全局批次 {batch:,} 条序列不是 dp {dp} × 微批 {mb} 的整数倍</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="192"/>
        <source>the global batch of {batch:,} sequences needs {needed:,} micro-batches per step (dp {dp} × micro-batch {mb} each), more than the {most:,} a step can have</source>
        <translation>全局批次 {batch:,} 条序列每步需要 {needed:,} 个微批（每个 dp {dp} × 微批 {mb}），超过一步最多可有的 {most:,} 个</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="200"/>
        <source>order {order} must list distinct axes from tp, cp, ep, dp, pp (at least tp, dp and pp)</source>
        <translation>order {order} 必须列出 tp、cp、ep、dp、pp 中互不重复的轴（至少包含 tp、dp 和 pp）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="207"/>
        <source>ZeRO-{zero} shards over data parallelism, which is 1 here</source>
        <translation>ZeRO-{zero} 沿数据并行分片，而此处数据并行度为 1</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="211"/>
        <source>offloading parameters is ZeRO-Infinity&apos;s ZeRO-3 feature</source>
        <translation>卸载参数是 ZeRO-Infinity 的 ZeRO-3 功能</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="213"/>
        <source>CPU gradient shards (Pipeline ZeRO-2) assume zero ≥ 2</source>
        <translation>CPU 梯度分片（Pipeline ZeRO-2）要求 zero ≥ 2</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="216"/>
        <source>ZeRO-Offload moves the gradients to the optimizer on the CPU: set offload.optimizer = cpu (or nvme)</source>
        <translation>ZeRO-Offload 把梯度移到 CPU 上的优化器：请设置 offload.optimizer = cpu（或 nvme）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="222"/>
        <source>CPU ({cpu:.0%}) and remote ({remote:.0%}) offload exceed all activations</source>
        <translation>CPU（{cpu:.0%}）与远端（{remote:.0%}）卸载之和超过了全部激活</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="227"/>
        <source>remote offload parks activations on other pipeline ranks; pp = 1 has none</source>
        <translation>远端卸载把激活暂存到其他流水线 rank 上；pp = 1 时没有其他 rank</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="232"/>
        <source>a custom GPU needs hbm_gib &gt; 0</source>
        <translation>自定义 GPU 需要 hbm_gib &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="234"/>
        <source>unknown GPU {gpu}</source>
        <translation>未知 GPU {gpu}</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="528"/>
        <source>{entry}: unknown tensor {tensor} (known: {known})</source>
        <translation>{entry}：未知张量 {tensor}（已知：{known}）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="532"/>
        <source>{entry}: unknown backend {backend} (one of {backends})</source>
        <translation>{entry}：未知的处理方式 {backend}（应为 {backends} 之一）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="536"/>
        <source>{entry}: {tensor} is the layer&apos;s input, which nothing in the layer computes; a fully recomputed layer restores it from its checkpoint</source>
        <translation>{entry}：{tensor} 是层的输入，层内没有任何操作计算它；全量重计算的层从检查点恢复它</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="542"/>
        <source>policy_steps = {wanted} is beyond the {count} steps of the {policy} ladder</source>
        <translation>policy_steps = {wanted} 超出了 {policy} 阶梯的 {count} 个步骤</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="553"/>
        <source>{tensor} is set {count} times; the last one applies</source>
        <translation>{tensor} 被设置了 {count} 次；以最后一次为准</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="558"/>
        <source>this model&apos;s layers do not save {tensor}: {tensor}={backend} has no effect</source>
        <translation>该模型的层不保存 {tensor}：{tensor}={backend} 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="562"/>
        <source>{tensor} is a 1-byte mask or FP32 statistics, which FP8 storage does not compress</source>
        <translation>{tensor} 是 1 字节掩码或 FP32 统计量，FP8 存储无法压缩它</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="568"/>
        <source>distribute_saved has no effect with sequence parallelism, which splits the checkpoint over TP already (Megatron-LM refuses the two together)</source>
        <translation>启用序列并行时 distribute_saved 不起作用：序列并行已把检查点切分到 TP 上（Megatron-LM 不允许二者同时启用）</translation>
    </message>
    <message>
        <location filename="../../models/memory/policy.py" line="572"/>
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
        <location filename="../../models/context/checks.py" line="21"/>
        <source>the Ulysses degree {ulysses} does not divide cp = {cp}: USP needs ulysses × ring = cp</source>
        <translation>Ulysses 并行度 {ulysses} 不能整除 cp = {cp}：USP 要求 ulysses × ring = cp</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="34"/>
        <source>USP&apos;s Ulysses degree {ulysses} does not hand each rank whole heads: {heads} KV heads per TP rank allow a degree dividing {largest}</source>
        <translation>USP 的 Ulysses 并行度 {ulysses} 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个 KV 头只允许整除 {largest} 的并行度</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="36"/>
        <source>USP&apos;s Ulysses degree {ulysses} does not hand each rank whole heads: {heads} attention heads per TP rank allow a degree dividing {largest}</source>
        <translation>USP 的 Ulysses 并行度 {ulysses} 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个注意力头只允许整除 {largest} 的并行度</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="42"/>
        <source>Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} KV heads per TP rank allow a degree dividing {largest} (Ring and USP still apply)</source>
        <translation>在全部 cp = {cp} 个 rank 上做 Ulysses 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个 KV 头只允许整除 {largest} 的并行度（Ring 与 USP 仍可用）</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="45"/>
        <source>Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} attention heads per TP rank allow a degree dividing {largest} (Ring and USP still apply)</source>
        <translation>在全部 cp = {cp} 个 rank 上做 Ulysses 不能给每个 rank 完整的头：每个 TP rank 的 {heads} 个注意力头只允许整除 {largest} 的并行度（Ring 与 USP 仍可用）</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="54"/>
        <source>the compression ratio m = {m} does not divide the {tokens} tokens per CP rank: DeepSeek-V4&apos;s two-stage CP is laid out for whole blocks (ceil(s/m) + 1 entries here)</source>
        <translation>压缩比 m = {m} 不能整除每个 CP rank 的 {tokens} 个 token：DeepSeek-V4 的两阶段 CP 按整块布局（此处为 ceil(s/m) + 1 个条目）</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="59"/>
        <source>cp = {cp} is more than the {limit} context-parallel ranks the long-context model lays out</source>
        <translation>cp = {cp} 超过了长上下文模型可布局的 {limit} 个上下文并行 rank</translation>
    </message>
    <message>
        <location filename="../../models/context/checks.py" line="63"/>
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
