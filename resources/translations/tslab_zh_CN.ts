<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>LedgerTable</name>
    <message>
        <location filename="../../views/memory_tab.py" line="300"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="300"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="300"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="300"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="301"/>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="347"/>
        <source>Total (all tiers)</source>
        <translation>合计（所有层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="348"/>
        <source>GPU tier {gpu} of capacity {capacity}</source>
        <translation>GPU 层级 {gpu}，容量 {capacity}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../desktop/main_window.py" line="44"/>
        <source>Memory Ledger</source>
        <translation>内存账本</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="59"/>
        <source>Deterministic teaching model, not a benchmark</source>
        <translation>确定性教学模型，并非基准测试</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="73"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="76"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="79"/>
        <source>(custom scenario)</source>
        <translation>（自定义场景）</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="88"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="89"/>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="91"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="92"/>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="93"/>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="95"/>
        <source>&amp;Export Current Tab</source>
        <translation>导出当前标签页(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="97"/>
        <source>PNG image (2× scale)…</source>
        <translation>PNG 图像（2× 缩放）…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="97"/>
        <source>SVG vector image…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="98"/>
        <source>PDF document…</source>
        <translation>PDF 文档…</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="102"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="104"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="105"/>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="110"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="111"/>
        <source>&amp;About Training Systems Lab</source>
        <translation>关于 Training Systems Lab(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="125"/>
        <source>Invalid scenario: see the banner</source>
        <translation>场景无效：请查看顶部提示栏</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="128"/>
        <source>OOM</source>
        <translation>OOM</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="128"/>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="129"/>
        <source>Most-loaded GPU: {used} of {capacity} — {state}</source>
        <translation>负载最高的 GPU：{used} / {capacity} — {state}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="144"/>
        <source>Training Systems Lab</source>
        <translation>训练系统实验室</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="153"/>
        <source>Loaded preset {name}</source>
        <translation>已加载预设 {name}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="160"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="161"/>
        <source>Scenario files (*.toml);;All files (*)</source>
        <translation>场景文件 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="169"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="175"/>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="185"/>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="186"/>
        <source>Scenario files (*.toml)</source>
        <translation>场景文件 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="197"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="201"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="209"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="209"/>
        <source>The scenario has unsaved changes. Save them first?</source>
        <translation>场景有未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="219"/>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="229"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="231"/>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="295"/>
        <source>About Training Systems Lab</source>
        <translation>关于 Training Systems Lab</translation>
    </message>
    <message>
        <location filename="../../desktop/main_window.py" line="296"/>
        <source>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;Where every byte, bubble and collective of large-scale LLM training goes.&lt;br&gt;Every number is a deterministic teaching model with its formula and primary source; it is not a benchmark of a real cluster.</source>
        <translation>&lt;b&gt;Training Systems Lab&lt;/b&gt; {version}&lt;br&gt;看清大规模 LLM 训练中的每个字节、每个气泡、每次集合通信都花在了哪里。&lt;br&gt;每个数字都来自附有公式与一手来源的确定性教学模型，并非真实集群的基准测试。</translation>
    </message>
</context>
<context>
    <name>MemoryFigure</name>
    <message>
        <location filename="../../views/memory_tab.py" line="26"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="27"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="28"/>
        <source>Remote GPU</source>
        <translation>远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="29"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="36"/>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="57"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="84"/>
        <source>GiB on the most-loaded GPU</source>
        <translation>负载最高 GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="94"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="95"/>
        <source>GiB of model states</source>
        <translation>模型状态 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="96"/>
        <source>GiB on the GPU</source>
        <translation>GPU 上的 GiB</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="107"/>
        <source>Where the bytes live (tiers)</source>
        <translation>字节驻留位置（层级）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="108"/>
        <source>ZeRO stages 0–3, same rank</source>
        <translation>ZeRO 阶段 0–3，同一 rank</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="109"/>
        <source>GPU tier of each pipeline rank</source>
        <translation>各流水线 rank 的 GPU 层级</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="110"/>
        <source>Deterministic teaching model of byte counts, not a benchmark of a real cluster. Hover any bar for its formula and source.</source>
        <translation>字节数的确定性教学模型，并非真实集群的基准测试。将鼠标悬停在任一柱条上可查看其公式与来源。</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="146"/>
        <source>Invalid scenario — nothing to draw:</source>
        <translation>场景无效 — 无可绘制内容：</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="159"/>
        <source>Most-loaded GPU: pipeline rank {rank} of {pp} · GPU tier {used} of {capacity} ({gpu})</source>
        <translation>负载最高的 GPU：流水线 rank {rank} / {pp} · GPU 层级 {used} / {capacity}（{gpu}）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="163"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="168"/>
        <source>fits, {free} free</source>
        <translation>放得下，剩余 {free}</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="195"/>
        <source>capacity {value}</source>
        <translation>容量 {value}</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="200"/>
        <source>first OOM: {name}</source>
        <translation>首个 OOM：{name}</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="212"/>
        <source>GiB:</source>
        <translation>GiB：</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="246"/>
        <location filename="../../views/memory_tab.py" line="284"/>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="253"/>
        <source>Total model states</source>
        <translation>模型状态合计</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="280"/>
        <source>Pipeline rank {rank}: {value} on the GPU</source>
        <translation>流水线 rank {rank}：GPU 上 {value}</translation>
    </message>
</context>
<context>
    <name>MemoryTab</name>
    <message>
        <location filename="../../views/memory_tab.py" line="416"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="416"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="416"/>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="417"/>
        <source>Adam (2 states)</source>
        <translation>Adam（2 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="417"/>
        <source>Muon (1 state)</source>
        <translation>Muon（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="418"/>
        <source>SGD momentum (1 state)</source>
        <translation>SGD 动量（1 个状态）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="419"/>
        <location filename="../../views/memory_tab.py" line="473"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="419"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="419"/>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="420"/>
        <source>Interleaved 1F1B</source>
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="423"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="425"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="426"/>
        <source>Parameters Ψ (0 = from shape)</source>
        <translation>参数量 Ψ（0 = 按形状推算）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="427"/>
        <source>A dense parameter count to use directly, as in the ZeRO paper&apos;s Ψ</source>
        <translation>直接使用的稠密参数量，即 ZeRO 论文中的 Ψ</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="429"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="430"/>
        <source>Hidden size h</source>
        <translation>隐藏维度 h</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="431"/>
        <source>Attention heads a</source>
        <translation>注意力头数 a</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="432"/>
        <source>KV heads (GQA)</source>
        <translation>KV 头数（GQA）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="433"/>
        <source>FFN hidden</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="434"/>
        <source>Vocabulary V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="435"/>
        <source>Sequence length s</source>
        <translation>序列长度 s</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="436"/>
        <source>Micro-batch size b</source>
        <translation>微批大小 b</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="437"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="438"/>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="439"/>
        <source>Routed experts E (0 = dense)</source>
        <translation>路由专家数 E（0 = 稠密）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="440"/>
        <source>Experts per token K</source>
        <translation>每 Token 专家数 K</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="442"/>
        <source>Precision and optimizer</source>
        <translation>精度与优化器</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="443"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="444"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="445"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="446"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="447"/>
        <location filename="../../views/memory_tab.py" line="462"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="448"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="450"/>
        <source>Parallelism and ZeRO</source>
        <translation>并行与 ZeRO</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="451"/>
        <source>Tensor parallel TP</source>
        <translation>张量并行 TP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="452"/>
        <source>Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="453"/>
        <source>Pipeline parallel PP</source>
        <translation>流水线并行 PP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="454"/>
        <source>Virtual stages per rank v</source>
        <translation>每 rank 虚拟流水线阶段数 v</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="455"/>
        <source>Data parallel DP</source>
        <translation>数据并行 DP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="456"/>
        <source>Context parallel CP</source>
        <translation>上下文并行 CP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="457"/>
        <source>Expert parallel EP</source>
        <translation>专家并行 EP</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="458"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="459"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="460"/>
        <source>Micro-batches m</source>
        <translation>微批数 m</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="463"/>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="464"/>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="465"/>
        <source>Stored in FP8</source>
        <translation>以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="466"/>
        <source>Offloaded to CPU</source>
        <translation>卸载到 CPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="467"/>
        <source>Offloaded to a remote GPU</source>
        <translation>卸载到远端 GPU</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="468"/>
        <source>Optimizer and master on</source>
        <translation>优化器状态与主权重位于</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="469"/>
        <source>Parameters on</source>
        <translation>参数位于</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="470"/>
        <source>Gradients on</source>
        <translation>梯度位于</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="472"/>
        <source>GPU and allowances</source>
        <translation>GPU 与预留开销</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="474"/>
        <source>HBM override (0 = catalogue)</source>
        <translation>HBM 覆盖值（0 = 按型号目录）</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="475"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="476"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="477"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <location filename="../../views/memory_tab.py" line="478"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
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
    <name>ledger</name>
    <message>
        <location filename="../../models/memory.py" line="376"/>
        <source>{name} pushes the GPU past its capacity: {before} already used + {item} = {after} &gt; {capacity} (GPU tier in all: {total}).</source>
        <translation>{name} 使 GPU 超出容量：已用 {before} + {item} = {after} &gt; {capacity}（GPU 层级合计：{total}）。</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="442"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="444"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="447"/>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="452"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="485"/>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="488"/>
        <source>Activations stored in FP8</source>
        <translation>以 FP8 存储的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="493"/>
        <source>Activations offloaded to CPU</source>
        <translation>卸载到 CPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="496"/>
        <source>Activations on a remote GPU</source>
        <translation>位于远端 GPU 的激活</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="500"/>
        <source>Output logits (FP32)</source>
        <translation>输出 logits（FP32）</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="530"/>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="535"/>
        <source>GPU gradient double buffer</source>
        <translation>GPU 梯度双缓冲区</translation>
    </message>
    <message>
        <location filename="../../models/memory.py" line="540"/>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
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
        <location filename="../../models/validation.py" line="65"/>
        <source>{heads} query heads cannot be grouped over {kv} KV heads</source>
        <translation>{heads} 个查询头无法均分到 {kv} 个 KV 头的分组中</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="68"/>
        <source>more KV heads ({kv}) than query heads ({heads})</source>
        <translation>KV 头数（{kv}）多于查询头数（{heads}）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="71"/>
        <source>latent attention (mla) needs kv_lora_rank &gt; 0</source>
        <translation>潜在注意力（mla）需要 kv_lora_rank &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="74"/>
        <source>top_k must be between 1 and the {experts} experts</source>
        <translation>top_k 必须介于 1 与专家数 {experts} 之间</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="77"/>
        <source>an MoE model needs expert_ffn_hidden &gt; 0</source>
        <translation>MoE 模型需要 expert_ffn_hidden &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="79"/>
        <source>{dense} dense layers but only {layers} layers</source>
        <translation>设置了 {dense} 个稠密层，但总共只有 {layers} 层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="82"/>
        <source>params overrides a dense model&apos;s size; set experts = 0 or params = 0</source>
        <translation>params 只用于覆盖稠密模型的规模；请设置 experts = 0 或 params = 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="85"/>
        <source>top_k and shared_experts have no effect without experts</source>
        <translation>没有专家时，top_k 和 shared_experts 不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="89"/>
        <source>{heads} attention heads are not divisible by tp = {tp}</source>
        <translation>{heads} 个注意力头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="92"/>
        <source>{kv} KV heads are not divisible by tp = {tp}</source>
        <translation>{kv} 个 KV 头不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="94"/>
        <source>ffn_hidden {ffn} is not divisible by tp = {tp}</source>
        <translation>ffn_hidden {ffn} 不能被 tp = {tp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="96"/>
        <source>vocabulary {vocab} is padded to a multiple of tp = {tp}</source>
        <translation>词表 {vocab} 将被填充为 tp = {tp} 的倍数</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="101"/>
        <source>{layers} layers cannot fill {stages} pipeline stages (pp × chunks)</source>
        <translation>{layers} 层填不满 {stages} 个流水线阶段（pp × chunks）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="104"/>
        <source>{layers} layers do not divide evenly over {stages} pipeline stages; some stages hold one layer more</source>
        <translation>{layers} 层无法均分到 {stages} 个流水线阶段；部分阶段会多一层</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="107"/>
        <source>vpp = {vpp} is used only by the interleaved schedule</source>
        <translation>vpp = {vpp} 仅用于交错式调度</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="109"/>
        <source>interleaved 1F1B wants micro-batches ({m}) divisible by pp = {pp}</source>
        <translation>交错式 1F1B 要求微批数（{m}）能被 pp = {pp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="112"/>
        <source>fewer micro-batches ({m}) than pipeline stages ({pp}): the bubble dominates</source>
        <translation>微批数（{m}）少于流水线阶段数（{pp}）：气泡占主导</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="115"/>
        <source>sequence length {seq} is not divisible by cp = {cp}</source>
        <translation>序列长度 {seq} 不能被 cp = {cp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="117"/>
        <source>sequence parallelism shares the TP group; with tp = 1 it does nothing</source>
        <translation>序列并行与 TP 共用通信组；tp = 1 时不起作用</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="121"/>
        <source>ep = {ep} needs an MoE model (experts &gt; 0)</source>
        <translation>ep = {ep} 需要 MoE 模型（experts &gt; 0）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="123"/>
        <source>{experts} experts are not divisible by ep = {ep}</source>
        <translation>{experts} 个专家不能被 ep = {ep} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="125"/>
        <source>expert_ffn_hidden {ffn} is not divisible by etp = {etp}</source>
        <translation>expert_ffn_hidden {ffn} 不能被 etp = {etp} 整除</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="129"/>
        <source>tp·cp·dp = {width} is not divisible by etp·ep = {expert}: the expert grid does not tile the dense one</source>
        <translation>tp·cp·dp = {width} 不能被 etp·ep = {expert} 整除：专家网格无法铺满稠密网格</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="136"/>
        <source>tp·pp·dp·cp = {product} GPUs, but the cluster has {nodes} × {gpn} = {world}</source>
        <translation>tp·pp·dp·cp = {product} 个 GPU，但集群只有 {nodes} × {gpn} = {world} 个</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="141"/>
        <source>order {order} must list distinct axes from tp, cp, ep, dp, pp (at least tp, dp and pp)</source>
        <translation>order {order} 必须列出 tp、cp、ep、dp、pp 中互不重复的轴（至少包含 tp、dp 和 pp）</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="146"/>
        <source>ZeRO-{zero} shards over data parallelism, which is 1 here</source>
        <translation>ZeRO-{zero} 沿数据并行分片，而此处数据并行度为 1</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="148"/>
        <source>offloading parameters is ZeRO-Infinity&apos;s ZeRO-3 feature</source>
        <translation>卸载参数是 ZeRO-Infinity 的 ZeRO-3 功能</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="150"/>
        <source>CPU gradient shards (Pipeline ZeRO-2) assume zero ≥ 2</source>
        <translation>CPU 梯度分片（Pipeline ZeRO-2）要求 zero ≥ 2</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="155"/>
        <source>CPU ({cpu:.0%}) and remote ({remote:.0%}) offload exceed all activations</source>
        <translation>CPU（{cpu:.0%}）与远端（{remote:.0%}）卸载之和超过了全部激活</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="159"/>
        <source>remote offload parks activations on other pipeline ranks; pp = 1 has none</source>
        <translation>远端卸载把激活暂存到其他流水线 rank 上；pp = 1 时没有其他 rank</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="163"/>
        <source>a custom GPU needs hbm_gib &gt; 0</source>
        <translation>自定义 GPU 需要 hbm_gib &gt; 0</translation>
    </message>
    <message>
        <location filename="../../models/validation.py" line="165"/>
        <source>unknown GPU {gpu}</source>
        <translation>未知 GPU {gpu}</translation>
    </message>
</context>
</TS>
