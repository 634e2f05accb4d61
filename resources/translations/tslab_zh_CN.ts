<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>App</name>
    <message>
        <location filename="../../desktop/app.py" line="75"/>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <location filename="../../desktop/app.py" line="76"/>
        <source>Something went wrong: {error}
The scenario is unchanged; save it and report the details printed in the terminal.</source>
        <translation>出错了：{error}
场景没有改变；请保存场景，并报告终端中打印的详细信息。</translation>
    </message>
</context>
<context>
    <name>CommFigure</name>
    <message>
        <location filename="../../views/comm/figure.py" line="39"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="39"/>
        <source>Sent</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="39"/>
        <source>Received</source>
        <translation>接收</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="45"/>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="45"/>
        <source>message size (bytes)</source>
        <translation>消息大小（字节）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="54"/>
        <source>time (ms)</source>
        <translation>时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="57"/>
        <source>source rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="57"/>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="60"/>
        <source>tokens received</source>
        <translation>收到的 Token 数</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="60"/>
        <source>EP rank</source>
        <translation>EP rank</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="68"/>
        <source>Deterministic α–β teaching model and seeded routing, not a measurement. Chunk squares fill as their final value arrives.</source>
        <translation>确定性 α–β 教学模型与固定种子的路由，并非实测。数据块方格随其最终值的到达而填满。</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="104"/>
        <source>{name} of {size} over {n} ranks ({algorithm})</source>
        <translation>{n} 个 rank 上 {size} 的 {name}（{algorithm}）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="107"/>
        <source>per rank sent {sent}, received {received}; {rounds} rounds; α–β time {time}; algbw {algbw} GB/s, busbw {busbw} GB/s (× {factor:g}, nccl-tests)</source>
        <translation>每 rank 发送 {sent}、接收 {received}；{rounds} 轮；α–β 时间 {time}；algbw {algbw} GB/s，busbw {busbw} GB/s（× {factor:g}，nccl-tests 口径）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="119"/>
        <source>{n} ranks: too many to animate (up to {limit})</source>
        <translation>{n} 个 rank：太多，无法动画演示（最多 {limit} 个）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="128"/>
        <source>compute {t:.2f} ms</source>
        <translation>计算 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="130"/>
        <source>hidden communication {t:.2f} ms</source>
        <translation>被隐藏的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="132"/>
        <source>exposed communication {t:.2f} ms</source>
        <translation>暴露的通信 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="133"/>
        <source> exposed {t:.2f} ms</source>
        <translation> 暴露 {t:.2f} ms</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="135"/>
        <source>comm</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="135"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="153"/>
        <source>ring</source>
        <translation>环（ring）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="153"/>
        <source>double binary tree</source>
        <translation>双二叉树</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="154"/>
        <source>hierarchical</source>
        <translation>分层</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="154"/>
        <source>halving-doubling</source>
        <translation>递归减半/倍增</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="172"/>
        <source> (this one)</source>
        <translation>（当前）</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="184"/>
        <source>this message</source>
        <translation>当前消息</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="186"/>
        <source>{before} → {after} at {size}</source>
        <translation>{before} → {after}：{size} 处</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="210"/>
        <source>rank {r}: {t:,} tokens before planning</source>
        <translation>rank {r}：规划前 {t:,} 个 Token</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="212"/>
        <source>rank {r}: {t:,} tokens after MoonEP, {e} redundant experts</source>
        <translation>rank {r}：MoonEP 规划后 {t:,} 个 Token，{e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="217"/>
        <source>rank {r} hosts {e} redundant experts</source>
        <translation>rank {r} 承载 {e} 个冗余专家</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="221"/>
        <source>S·K = {t:,}</source>
        <translation>S·K = {t:,}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="226"/>
        <source>Dispatch → experts → combine</source>
        <translation>Dispatch → 专家 → Combine</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="227"/>
        <source>imbalance max/mean {imb:.2f}; maxvio {vio:.2f}</source>
        <translation>不均衡度 max/mean {imb:.2f}；maxvio {vio:.2f}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="228"/>
        <source>MoonEP (▼ = redundant experts copied to a rank): every rank gets exactly S·K = {t:,}; at most {bound} redundant experts per rank (E/R); planned {most}</source>
        <translation>MoonEP（▼ = 复制到该 rank 的冗余专家）：每个 rank 恰好得到 S·K = {t:,}；每 rank 冗余专家至多 {bound} 个（E/R）；本次规划最多 {most} 个</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="231"/>
        <source>dispatch {d}, combine {c} per rank; across nodes {x}</source>
        <translation>每 rank dispatch {d}、combine {c}；跨节点 {x}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="234"/>
        <source>all-to-all time: dispatch {d}, combine {c}</source>
        <translation>All-to-All 时间：dispatch {d}，combine {c}</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="236"/>
        <source>receive buffer: worst case S·K·R = {w:,} tokens (DeepEP-style, copy-free) vs MoonEP&apos;s fixed S·K = {m:,} — a worst-case bound, not DeepEP&apos;s typical use</source>
        <translation>接收缓冲区：最坏情况 S·K·R = {w:,} 个 Token（DeepEP 式、零拷贝）对比 MoonEP 固定的 S·K = {m:,} —— 这是最坏情况上界，并非 DeepEP 的典型占用</translation>
    </message>
    <message>
        <location filename="../../views/comm/figure.py" line="239"/>
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
        <location filename="../../views/comm/tab.py" line="216"/>
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
        <location filename="../../views/comm/tab.py" line="189"/>
        <source>round {k} of {rounds}</source>
        <translation>第 {k} 轮，共 {rounds} 轮</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="216"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="234"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../../views/comm/tab.py" line="236"/>
        <source>MoE routing</source>
        <translation>MoE 路由</translation>
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
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="47"/>
        <source>Memory Ledger</source>
        <translation>内存账本</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <source>Parallel Mesh</source>
        <translation>并行网格</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <source>Pipeline Scheduler</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="50"/>
        <source>Communication / MoE</source>
        <translation>通信 / MoE</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="69"/>
        <source>Deterministic teaching model, not a benchmark</source>
        <translation>确定性教学模型，并非基准测试</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="83"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="86"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="89"/>
        <source>(custom scenario)</source>
        <translation>（自定义场景）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="98"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="99"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="101"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="102"/>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="103"/>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="105"/>
        <source>&amp;Export Current Tab</source>
        <translation>导出当前标签页(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="107"/>
        <source>PNG image (2× scale)…</source>
        <translation>PNG 图像（2× 缩放）…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="107"/>
        <source>SVG vector image…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="108"/>
        <source>PDF document…</source>
        <translation>PDF 文档…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="112"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="114"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="115"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="120"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="121"/>
        <source>&amp;About Training Systems Lab</source>
        <translation>关于 Training Systems Lab(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="156"/>
        <source>Invalid scenario: see the banner</source>
        <translation>场景无效：请查看顶部提示栏</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="159"/>
        <source>OOM</source>
        <translation>OOM</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="159"/>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="160"/>
        <source>Most-loaded GPU: {used} of {capacity} — {state}</source>
        <translation>负载最高的 GPU：{used} / {capacity} — {state}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="175"/>
        <source>Training Systems Lab</source>
        <translation>训练系统实验室</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="184"/>
        <source>Loaded preset {name}</source>
        <translation>已加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="191"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="192"/>
        <source>Scenario files (*.toml);;All files (*)</source>
        <translation>场景文件 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="200"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="206"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="216"/>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="217"/>
        <source>Scenario files (*.toml)</source>
        <translation>场景文件 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="228"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="232"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="240"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="240"/>
        <source>The scenario has unsaved changes. Save them first?</source>
        <translation>场景有未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="250"/>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="260"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="262"/>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="326"/>
        <source>About Training Systems Lab</source>
        <translation>关于 Training Systems Lab</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="327"/>
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
        <location filename="../../views/memory/figure.py" line="22"/>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/memory/common.py" line="22"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="64"/>
        <source>GiB on the most-loaded GPU</source>
        <translation>负载最高 GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="84"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="85"/>
        <source>GiB of model states</source>
        <translation>模型状态 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="86"/>
        <source>GiB on the GPU</source>
        <translation>GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="97"/>
        <source>Where the bytes live (tiers)</source>
        <translation>字节驻留位置（层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="98"/>
        <source>ZeRO stages 0–3, same rank</source>
        <translation>ZeRO 阶段 0–3，同一 rank</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="99"/>
        <source>GPU tier of each pipeline rank</source>
        <translation>各流水线 rank 的 GPU 层级</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="100"/>
        <source>Deterministic teaching model of byte counts, not a benchmark of a real cluster. Hover any bar for its formula and source.</source>
        <translation>字节数的确定性教学模型，并非真实集群的基准测试。将鼠标悬停在任一柱条上可查看其公式与来源。</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="130"/>
        <source>Invalid scenario — nothing to draw:</source>
        <translation>场景无效 — 无可绘制内容：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="147"/>
        <source>Most-loaded GPU: pipeline rank {rank} of {pp} · GPU tier {used} of {capacity} ({gpu})</source>
        <translation>负载最高的 GPU：流水线 rank {rank} / {pp} · GPU 层级 {used} / {capacity}（{gpu}）</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="151"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="156"/>
        <source>fits, {free} free</source>
        <translation>放得下，剩余 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="186"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="191"/>
        <source>first OOM: {name}</source>
        <translation>首个 OOM：{name}</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="203"/>
        <source>GiB:</source>
        <translation>GiB：</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="220"/>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {bytes} ({share:.1%}, {tier}) = {formula} · &lt;i&gt;{source}&lt;/i&gt;</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;：{bytes}（{share:.1%}，{tier}）= {formula} · &lt;i&gt;{source}&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="256"/>
        <location filename="../../views/memory/figure.py" line="295"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="263"/>
        <source>Total model states</source>
        <translation>模型状态合计</translation>
    </message>
    <message>
        <location filename="../../views/memory/figure.py" line="290"/>
        <source>Pipeline rank {rank}: {value} on the GPU</source>
        <translation>流水线 rank {rank}：GPU 上 {value}</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <location filename="../../views/memory/tab.py" line="79"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="82"/>
        <source>Precision and optimizer</source>
        <translation>精度与优化器</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="88"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="85"/>
        <source>Parallelism and ZeRO</source>
        <translation>并行与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/memory/tab.py" line="92"/>
        <source>GPU and allowances</source>
        <translation>GPU 与预留开销</translation>
    </message>
</context>
<context>
    <name>MeshFigure</name>
    <message>
        <location filename="../../views/mesh/figure.py" line="43"/>
        <source>Deterministic teaching model of groups and bytes, not a measurement. Hover a GPU for its coordinates and groups; click to pin it; drag and scroll to pan and zoom.</source>
        <translation>通信组与字节数的确定性教学模型，并非实测。鼠标悬停在 GPU 上可查看其坐标与所属组；单击可固定显示；拖动与滚轮可平移和缩放。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="60"/>
        <source>{world} GPUs = {nodes} nodes × {gpn} · {dims}</source>
        <translation>{world} 张 GPU = {nodes} 个节点 × {gpn} · {dims}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="63"/>
        <source>Groups that leave a node: {axes}</source>
        <translation>跨节点的组：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="65"/>
        <source>Invalid topology:</source>
        <translation>拓扑无效：</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="70"/>
        <source>per-layer traffic over the inter-node network: {axes}</source>
        <translation>逐层通信走节点间网络：{axes}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="81"/>
        <source>Colour = the {axis} group of each GPU ({count} groups of {size}); &lt;span style=&apos;color:#C00000&apos;&gt;red outline&lt;/span&gt; = the group spans several nodes; the ring joins the hovered GPU&apos;s group.</source>
        <translation>颜色 = 每张 GPU 所属的 {axis} 组（{count} 个组，每组 {size} 张）；&lt;span style=&apos;color:#C00000&apos;&gt;红色边框&lt;/span&gt; = 该组跨越多个节点；环线连接悬停 GPU 所在的组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/figure.py" line="85"/>
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
        <location filename="../../views/mesh/tab.py" line="41"/>
        <source>no comparison</source>
        <translation>不对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="49"/>
        <source>Colour by the groups of</source>
        <translation>按以下维度的组着色</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="52"/>
        <source>Compare with the order of</source>
        <translation>与以下框架的 rank 顺序对比</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="59"/>
        <location filename="../../views/mesh/tab.py" line="136"/>
        <source>Click a GPU to pin its coordinates and groups here.</source>
        <translation>单击一张 GPU，在此固定显示其坐标与所属组。</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="112"/>
        <source>Enumerating the groups of {world:,} GPUs…</source>
        <translation>正在枚举 {world:,} 块 GPU 的通信组…</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="119"/>
        <source>order {order}</source>
        <translation>顺序 {order}</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="121"/>
        <source>order {order} ({name})</source>
        <translation>顺序 {order}（{name}）</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="164"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="166"/>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <location filename="../../views/mesh/tab.py" line="169"/>
        <source>Model</source>
        <translation>模型</translation>
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
        <location filename="../../views/pipeline/panel.py" line="44"/>
        <source>{kind}: p = {p}, m = {m}, v = {v}</source>
        <translation>{kind}：p = {p}，m = {m}，v = {v}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="48"/>
        <source>{ops:,} ops: too many to draw one by one (more than {limit:,}); the numbers beside are exact</source>
        <translation>{ops:,} 个操作：太多，无法逐个绘制（超过 {limit:,} 个）；右侧数字是精确的</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="55"/>
        <source>makespan {value:g}</source>
        <translation>总时长 {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="56"/>
        <source>bubble ratio {value:.1%} (idle rank-time / ranks × makespan)</source>
        <translation>气泡率 {value:.1%}（空闲 rank 时间 / rank 数 × 总时长）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="57"/>
        <source>bubble time {value:g} (makespan − busiest rank&apos;s work {busy:g})</source>
        <translation>气泡时间 {value:g}（总时长 − 最忙 rank 的工作量 {busy:g}）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="65"/>
        <source>paper&apos;s bubble: {formula} = {value:g}</source>
        <translation>论文中的气泡：{formula} = {value:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="67"/>
        <source>peak activations per rank: {peaks}</source>
        <translation>各 rank 激活峰值：{peaks}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/panel.py" line="68"/>
        <source>parameter copies: {copies}×</source>
        <translation>参数副本：{copies}×</translation>
    </message>
</context>
<context>
    <name>PipelineTab</name>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="58"/>
        <source>{type} of micro-batch {mb}, stage {stage}</source>
        <translation>微批 {mb} 的 {type}，阶段 {stage}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="60"/>
        <source>rank {rank}: {start:g} → {end:g}</source>
        <translation>rank {rank}：{start:g} → {end:g}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="64"/>
        <source>waited for: {what}</source>
        <translation>等待：{what}</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="66"/>
        <source>started as soon as the rank was free</source>
        <translation>rank 空闲即开始</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/gantt.py" line="79"/>
        <source>time (units of the op durations)</source>
        <translation>时间（以操作时长为单位）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/activations.py" line="58"/>
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
        <location filename="../../views/pipeline/tab.py" line="154"/>
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
        <location filename="../../views/pipeline/tab.py" line="111"/>
        <source>Simulating {ops:,} operations…</source>
        <translation>正在模拟 {ops:,} 个操作…</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="154"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="201"/>
        <location filename="../../views/pipeline/tab.py" line="202"/>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="203"/>
        <source>Pipeline ranks p</source>
        <translation>流水线 rank 数 p</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="205"/>
        <source>Chunks per rank v (interleaved)</source>
        <translation>每 rank 块数 v（交错）</translation>
    </message>
    <message>
        <location filename="../../views/pipeline/tab.py" line="207"/>
        <source>Durations</source>
        <translation>时长</translation>
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
    <name>labels</name>
    <message>
        <location filename="../../views/labels.py" line="36"/>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="39"/>
        <location filename="../../views/labels.py" line="103"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="39"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="40"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="44"/>
        <source>Parameters Ψ (0 = from shape)</source>
        <translation>参数量 Ψ（0 = 按形状推算）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="45"/>
        <source>A dense parameter count to use directly, as in the ZeRO paper&apos;s Ψ</source>
        <translation>直接使用的稠密参数量，即 ZeRO 论文中的 Ψ</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="48"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="49"/>
        <source>Hidden size h</source>
        <translation>隐藏维度 h</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="50"/>
        <source>Attention heads a</source>
        <translation>注意力头数 a</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="51"/>
        <source>KV heads (GQA)</source>
        <translation>KV 头数（GQA）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="52"/>
        <source>FFN hidden</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="53"/>
        <source>Vocabulary V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="54"/>
        <source>Sequence length s</source>
        <translation>序列长度 s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="55"/>
        <source>Micro-batch size b</source>
        <translation>微批大小 b</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="56"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="57"/>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="58"/>
        <source>Routed experts E (0 = dense)</source>
        <translation>路由专家数 E（0 = 稠密）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="59"/>
        <source>Experts per token K</source>
        <translation>每 Token 专家数 K</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="61"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="62"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="63"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="64"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="65"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="66"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="67"/>
        <source>Adam (2 states)</source>
        <translation>Adam（2 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="68"/>
        <source>Muon (1 state)</source>
        <translation>Muon（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="69"/>
        <source>SGD momentum (1 state)</source>
        <translation>SGD 动量（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="71"/>
        <source>Tensor parallel TP</source>
        <translation>张量并行 TP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="72"/>
        <source>Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="73"/>
        <source>Context parallel CP</source>
        <translation>上下文并行 CP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="74"/>
        <source>Pipeline parallel PP</source>
        <translation>流水线并行 PP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="75"/>
        <source>Virtual stages per rank v</source>
        <translation>每 rank 虚拟流水线阶段数 v</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="76"/>
        <source>Data parallel DP</source>
        <translation>数据并行 DP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="77"/>
        <source>Expert parallel EP</source>
        <translation>专家并行 EP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="78"/>
        <source>Expert tensor parallel ETP</source>
        <translation>专家张量并行 ETP</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="79"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="80"/>
        <source>Rank order</source>
        <translation>Rank 顺序</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="83"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="84"/>
        <source>Micro-batches m</source>
        <translation>微批数 m</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="85"/>
        <source>Forward F</source>
        <translation>前向 F</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="86"/>
        <source>Backward B (= I + W)</source>
        <translation>反向 B（= I + W）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="87"/>
        <source>Weight-grad W</source>
        <translation>权重梯度 W</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="88"/>
        <source>Overlapped F&amp;B</source>
        <translation>重叠的 F&amp;B</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="89"/>
        <source>Point-to-point latency</source>
        <translation>点对点延迟</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="91"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="92"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="92"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="93"/>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="94"/>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="95"/>
        <source>Stored in FP8</source>
        <translation>以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="96"/>
        <source>Offloaded to CPU</source>
        <translation>卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="97"/>
        <source>Offloaded to a remote GPU</source>
        <translation>卸载到远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="99"/>
        <source>Optimizer and master on</source>
        <translation>优化器状态与主权重位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="100"/>
        <source>Parameters on</source>
        <translation>参数位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="101"/>
        <source>Gradients on</source>
        <translation>梯度位于</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="104"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="105"/>
        <source>HBM override (0 = catalogue)</source>
        <translation>HBM 覆盖值（0 = 按型号目录）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="107"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="108"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="109"/>
        <source>NVLink GB/s per GPU</source>
        <translation>每 GPU NVLink 带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="110"/>
        <source>Inter-node GB/s per GPU</source>
        <translation>每 GPU 节点间带宽 GB/s</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="111"/>
        <source>NVLink latency α (µs)</source>
        <translation>NVLink 延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="112"/>
        <source>Inter-node latency α (µs)</source>
        <translation>节点间延迟 α（µs）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="113"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="114"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="116"/>
        <source>Tokens per rank S</source>
        <translation>每 rank Token 数 S</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="117"/>
        <source>Routing</source>
        <translation>路由分布</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="118"/>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="118"/>
        <source>Zipf skew</source>
        <translation>Zipf 偏斜</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="119"/>
        <source>hot experts</source>
        <translation>热点专家</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="120"/>
        <source>node-limited</source>
        <translation>节点受限</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="121"/>
        <source>Nodes per token (node-limited)</source>
        <translation>每 Token 节点数（节点受限）</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="122"/>
        <source>Dispatch precision</source>
        <translation>Dispatch 精度</translation>
    </message>
    <message>
        <location filename="../../views/labels.py" line="124"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
</context>
<context>
    <name>ledger</name>
    <message>
        <location filename="../../models/memory/ledger.py" line="115"/>
        <source>{name} pushes the GPU past its capacity: {before} already used + {item} = {after} &gt; {capacity} (GPU tier in all: {total}).</source>
        <translation>{name} 使 GPU 超出容量：已用 {before} + {item} = {after} &gt; {capacity}（GPU 层级合计：{total}）。</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="151"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="153"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="156"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="161"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="192"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="196"/>
        <source>Activations stored in FP8</source>
        <translation>以 FP8 存储的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="202"/>
        <source>Activations offloaded to CPU</source>
        <translation>卸载到 CPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="206"/>
        <source>Activations on a remote GPU</source>
        <translation>位于远端 GPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="210"/>
        <source>Output logits (FP32)</source>
        <translation>输出 logits（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="240"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="246"/>
        <source>GPU gradient double buffer</source>
        <translation>GPU 梯度双缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory/ledger.py" line="252"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
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
        <location filename="../../models/mesh/groups.py" line="224"/>
        <source>Ulysses degree cp = {cp} exceeds the {kv} KV heads: Ulysses all-to-all hands each rank whole heads (Ring attention has no such limit)</source>
        <translation>Ulysses 并行度 cp = {cp} 超过了 {kv} 个 KV 头：Ulysses 的 all-to-all 让每个 rank 持有完整的头（Ring Attention 没有这一限制）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="234"/>
        <source>{world} GPUs are more than the mesh enumerates ({limit}); no groups are drawn</source>
        <translation>{world} 个 GPU 超过了 mesh 可枚举的上限（{limit}）；不绘制任何分组</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="258"/>
        <source>with order {order}, the expert layers (etp = {etp}, ep = {ep}, edp = {edp}) would put pipeline stages on other GPUs than the dense layers (dp = {dp}): put pp last or keep edp = dp</source>
        <translation>在顺序 {order} 下，专家层（etp = {etp}，ep = {ep}，edp = {edp}）会把流水线 stage 放到与稠密层（dp = {dp}）不同的 GPU 上：请把 pp 放在最后，或保持 edp = dp</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="275"/>
        <source>tp = {tp} is larger than a node of {gpn} GPUs: every TP group spans {nodes} nodes, so the TP collectives of every layer and every micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>tp = {tp} 大于一个节点的 {gpn} 个 GPU：每个 TP 组跨 {nodes} 个节点，因此每一层、每个 micro-batch 的 TP 集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="282"/>
        <source>{count} of {groups} TP groups span nodes with order {order} and {gpn} GPUs per node: their collectives of every layer and micro-batch cross the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>在顺序 {order}、每节点 {gpn} 个 GPU 下，{groups} 个 TP 组中有 {count} 个跨节点：它们在每一层、每个 micro-batch 的集合通信都要走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/groups.py" line="291"/>
        <source>EP groups of {ep} GPUs span up to {nodes} nodes: the MoE all-to-all (dispatch and combine, forward and backward, in every MoE layer) runs over the inter-node network ({inter:g} GB/s per GPU instead of NVLink&apos;s {intra:g} GB/s)</source>
        <translation>{ep} 个 GPU 的 EP 组最多跨 {nodes} 个节点：MoE 的 all-to-all（每个 MoE 层的 dispatch 与 combine，前向和反向）走节点间网络（每 GPU {inter:g} GB/s，而 NVLink 为 {intra:g} GB/s）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="144"/>
        <source>12 per layer per micro-batch (2 all-gathers and 2 reduce-scatters in each of forward, recomputed forward and backward)</source>
        <translation>每层每个 micro-batch 12 次（前向、重计算前向和反向各 2 次 all-gather 与 2 次 reduce-scatter）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="147"/>
        <source>8 per layer per micro-batch (2 all-gathers and 2 reduce-scatters forward, the same backward)</source>
        <translation>每层每个 micro-batch 8 次（前向 2 次 all-gather 与 2 次 reduce-scatter，反向相同）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="149"/>
        <source>all-gather + reduce-scatter</source>
        <translation>all-gather + reduce-scatter（全收集 + 规约分散）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="154"/>
        <source>6 per layer per micro-batch (2 forward, 2 recomputed forward, 2 backward)</source>
        <translation>每层每个 micro-batch 6 次（前向 2 次、重计算前向 2 次、反向 2 次）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="156"/>
        <source>4 per layer per micro-batch (2 forward, 2 backward)</source>
        <translation>每层每个 micro-batch 4 次（前向 2 次、反向 2 次）</translation>
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
        <translation>每层每个 micro-batch 4(cp − 1) 次（前向与重计算前向传递 K/V，反向传递 K/V 与 dK/dV）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="177"/>
        <source>3(cp − 1) per layer per micro-batch (cp − 1 K/V passes forward; cp − 1 K/V and cp − 1 dK/dV passes backward)</source>
        <translation>每层每个 micro-batch 3(cp − 1) 次（前向 cp − 1 次 K/V 传递；反向 cp − 1 次 K/V 与 cp − 1 次 dK/dV 传递）</translation>
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
        <translation>每个 MoE 层每个 micro-batch 6 次（前向、重计算前向和反向各一次 dispatch 与 combine）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="194"/>
        <source>4 per MoE layer per micro-batch (dispatch and combine, forward and backward)</source>
        <translation>每个 MoE 层每个 micro-batch 4 次（dispatch 与 combine，前向和反向）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="196"/>
        <source>all-to-all</source>
        <translation>all-to-all（全交换）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="207"/>
        <source>per micro-batch per stage boundary (activation forward, gradient backward)</source>
        <translation>每个 micro-batch、每个 stage 边界（前向传激活，反向传梯度）</translation>
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
        <translation>每个 micro-batch 一次 reduce-scatter，每个优化器步一次 all-gather</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="243"/>
        <source>per micro-batch (all-gather parameters forward and backward, reduce-scatter gradients)</source>
        <translation>每个 micro-batch（前向和反向各 all-gather 一次参数，reduce-scatter 梯度）</translation>
    </message>
    <message>
        <location filename="../../models/mesh/traffic.py" line="246"/>
        <source>reduce-scatter + all-gather</source>
        <translation>reduce-scatter + all-gather（规约分散 + 全收集）</translation>
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
        <location filename="../../models/validation.py" line="90"/>
        <source>top_k and shared_experts have no effect without experts</source>
        <translation>没有专家时，top_k 和 shared_experts 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="94"/>
        <source>{heads} attention heads are not divisible by tp = {tp}</source>
        <translation>{heads} 个注意力头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="97"/>
        <source>{kv} KV heads are not divisible by tp = {tp}</source>
        <translation>{kv} 个 KV 头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="100"/>
        <source>ffn_hidden {ffn} is not divisible by tp = {tp}</source>
        <translation>ffn_hidden {ffn} 不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="103"/>
        <source>vocabulary {vocab} is padded to a multiple of tp = {tp}</source>
        <translation>词表 {vocab} 将被填充为 tp = {tp} 的倍数</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="109"/>
        <source>{layers} layers cannot fill {stages} pipeline stages (pp × chunks)</source>
        <translation>{layers} 层填不满 {stages} 个流水线阶段（pp × chunks）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="113"/>
        <source>{layers} layers do not divide evenly over {stages} pipeline stages; some stages hold one layer more</source>
        <translation>{layers} 层无法均分到 {stages} 个流水线阶段；部分阶段会多一层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="117"/>
        <source>vpp = {vpp} is used only by the interleaved schedule</source>
        <translation>vpp = {vpp} 仅用于交错式调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="122"/>
        <source>interleaved 1F1B runs its {m} micro-batches in max(1, ⌊m/pp⌋) = {rounds} equal rounds: m must be a multiple of {rounds} to be scheduled</source>
        <translation>interleaved 1F1B 把 {m} 个 micro-batch 分成 max(1, ⌊m/pp⌋) = {rounds} 个相等的轮次：m 必须是 {rounds} 的倍数才能调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="128"/>
        <source>fewer micro-batches ({m}) than pipeline stages ({pp}): the bubble dominates</source>
        <translation>微批数（{m}）少于流水线阶段数（{pp}）：气泡占主导</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="132"/>
        <source>sequence length {seq} is not divisible by cp = {cp}</source>
        <translation>序列长度 {seq} 不能被 cp = {cp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="136"/>
        <source>sequence parallelism shares the TP group; with tp = 1 it does nothing</source>
        <translation>序列并行与 TP 共用通信组；tp = 1 时不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="140"/>
        <source>ep = {ep} needs an MoE model (experts &gt; 0)</source>
        <translation>ep = {ep} 需要 MoE 模型（experts &gt; 0）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="142"/>
        <source>{experts} experts are not divisible by ep = {ep}</source>
        <translation>{experts} 个专家不能被 ep = {ep} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="146"/>
        <source>expert_ffn_hidden {ffn} is not divisible by etp = {etp}</source>
        <translation>expert_ffn_hidden {ffn} 不能被 etp = {etp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="151"/>
        <source>tp·cp·dp = {width} is not divisible by etp·ep = {expert}: the expert grid does not tile the dense one</source>
        <translation>tp·cp·dp = {width} 不能被 etp·ep = {expert} 整除：专家网格无法铺满稠密网格</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="159"/>
        <source>tp·pp·dp·cp = {product} GPUs, but the cluster has {nodes} × {gpn} = {world}</source>
        <translation>tp·pp·dp·cp = {product} 个 GPU，但集群只有 {nodes} × {gpn} = {world} 个</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="166"/>
        <source>order {order} must list distinct axes from tp, cp, ep, dp, pp (at least tp, dp and pp)</source>
        <translation>order {order} 必须列出 tp、cp、ep、dp、pp 中互不重复的轴（至少包含 tp、dp 和 pp）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="173"/>
        <source>ZeRO-{zero} shards over data parallelism, which is 1 here</source>
        <translation>ZeRO-{zero} 沿数据并行分片，而此处数据并行度为 1</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="177"/>
        <source>offloading parameters is ZeRO-Infinity&apos;s ZeRO-3 feature</source>
        <translation>卸载参数是 ZeRO-Infinity 的 ZeRO-3 功能</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="179"/>
        <source>CPU gradient shards (Pipeline ZeRO-2) assume zero ≥ 2</source>
        <translation>CPU 梯度分片（Pipeline ZeRO-2）要求 zero ≥ 2</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="184"/>
        <source>CPU ({cpu:.0%}) and remote ({remote:.0%}) offload exceed all activations</source>
        <translation>CPU（{cpu:.0%}）与远端（{remote:.0%}）卸载之和超过了全部激活</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="189"/>
        <source>remote offload parks activations on other pipeline ranks; pp = 1 has none</source>
        <translation>远端卸载把激活暂存到其他流水线 rank 上；pp = 1 时没有其他 rank</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="194"/>
        <source>a custom GPU needs hbm_gib &gt; 0</source>
        <translation>自定义 GPU 需要 hbm_gib &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="196"/>
        <source>unknown GPU {gpu}</source>
        <translation>未知 GPU {gpu}</translation>
    </message>
</context>
</TS>
