/// The frame both HTML pages share: a self-contained document whose Content-Security-Policy
/// forbids every fetch and every script, so a report opened from disk never touches the network
/// and text from a transcript can never run, and one stylesheet for light, dark and print.
enum HTMLPage {
    /// Only inline styles are allowed; images, fonts, scripts and connections are all refused.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="savvy \(SavvyCLI.version)">
        <title>\(HTMLText.escape(title))</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// Colours are the Okabe–Ito set (Okabe & Ito 2008), distinguishable with the common colour
    /// vision deficiencies; bands also carry a word and a shape so colour is never the only cue.
    static let stylesheet = """
    :root{--bg:#fff;--fg:#1b1b1b;--muted:#5f6368;--line:#d0d4d9;--lane:#f4f6f8;--card:#fafbfc;\
    --oi-orange:#E69F00;--oi-sky:#56B4E9;--oi-green:#009E73;--oi-yellow:#F0E442;--oi-blue:#0072B2;\
    --oi-vermillion:#D55E00;--oi-purple:#CC79A7;--good:#009E73;--fair:#E69F00;--poor:#D55E00;\
    --pitch:#0072B2;--env:#8a96a3;--pace:#1b1b1b;--mark:#fde9a9;--watch:#cde7f7}
    @media (prefers-color-scheme: dark){:root{--bg:#15181c;--fg:#e8eaed;--muted:#a0a6ad;--line:#3a4048;\
    --lane:#1e2227;--card:#1c2025;--pitch:#56B4E9;--env:#6b7785;--pace:#f0f0f0;--mark:#5c4a12;--watch:#173d57}}
    *{box-sizing:border-box}
    body{margin:0 auto;max-width:1100px;padding:24px;background:var(--bg);color:var(--fg);\
    font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
    h1{font-size:1.5em;margin:0 0 4px}h2{font-size:1.15em;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
    a{color:var(--oi-blue)}@media (prefers-color-scheme: dark){a{color:var(--oi-sky)}}
    .muted,.note-line{color:var(--muted)}
    .prompt{font-style:italic;margin:4px 0 12px}
    .facts{display:flex;flex-wrap:wrap;gap:6px 22px;margin:0;padding:0;list-style:none;color:var(--muted)}
    .facts b{color:var(--fg);font-weight:600}
    .overall{display:flex;align-items:baseline;gap:18px;flex-wrap:wrap;margin:14px 0 0}
    .overall .big{font-size:2.4em;font-weight:700}.overall .big small{font-size:.45em;color:var(--muted)}
    svg{width:100%;height:auto;display:block}
    svg text{fill:var(--fg);font-size:11px;font-family:inherit}
    svg .lane{fill:var(--lane)}svg .lane-label{font-weight:600}
    svg .axis-line,svg .tick{stroke:var(--muted);stroke-width:1}svg .grid{stroke:var(--line);stroke-width:.6}
    svg .tick-label,svg .note{fill:var(--muted);font-size:10px}
    svg .envelope{fill:var(--env)}
    svg .pitch{fill:none;stroke:var(--pitch);stroke-width:1.6;stroke-linecap:round;stroke-linejoin:round}
    svg .monotone{fill:var(--oi-purple);opacity:.22}
    svg .pace{fill:none;stroke:var(--pace);stroke-width:1.6;stroke-linecap:round;stroke-linejoin:round}
    svg .pace-band{fill:var(--oi-green);opacity:.22}svg .pace-fast{fill:var(--oi-vermillion)}svg .pace-slow{fill:var(--oi-sky)}
    svg .pause-normal{fill:var(--oi-sky)}svg .pause-long{fill:var(--oi-orange)}svg .pause-stall{fill:var(--oi-vermillion)}
    svg .filler-mark{stroke:var(--oi-vermillion);stroke-width:2.2;stroke-linecap:round}
    svg .filler-acoustic{stroke-dasharray:2 2}
    svg .cluster{fill:var(--oi-vermillion);opacity:.5}
    svg .sec-label{font-weight:600;fill:#000}
    .sec-0{fill:var(--oi-orange);--sec:var(--oi-orange)}.sec-1{fill:var(--oi-sky);--sec:var(--oi-sky)}\
    .sec-2{fill:var(--oi-green);--sec:var(--oi-green)}.sec-3{fill:var(--oi-yellow);--sec:var(--oi-yellow)}\
    .sec-4{fill:var(--oi-purple);--sec:var(--oi-purple)}.sec-5{fill:var(--oi-blue);--sec:var(--oi-blue)}\
    .sec-6{fill:var(--oi-vermillion);--sec:var(--oi-vermillion)}
    svg .sec{opacity:.85}svg a:hover .sec{opacity:1;stroke:var(--fg)}
    svg .sentence-tick{stroke:var(--fg);stroke-width:1.4;opacity:.55}svg a:hover .sentence-tick,svg :target .sentence-tick{opacity:1;stroke-width:3}
    .legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:6px 0 0 8.5%;font-size:.85em;color:var(--muted);padding:0;list-style:none}
    .sw{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:-1px;margin-right:4px;background:var(--sec)}
    .sw.filler{width:3px;background:var(--oi-vermillion)}.sw.normal{background:var(--oi-sky)}.sw.long{background:var(--oi-orange)}\
    .sw.stall{background:var(--oi-vermillion)}.sw.mono{background:var(--oi-purple);opacity:.4}.sw.band{background:var(--oi-green);opacity:.35}\
    .sw.pitch{height:3px;background:var(--pitch)}.sw.cluster{height:3px;background:var(--oi-vermillion);opacity:.5}.sw.env{background:var(--env)}
    .transcript{line-height:1.8}
    .transcript h3{font-size:.95em;margin:14px 0 2px;padding-left:8px;border-left:6px solid var(--sec,var(--line))}
    .sentence{border-left:3px solid var(--sec,transparent);padding-left:6px;margin:2px 0;display:block}
    .sentence:target{background:var(--lane)}
    .time{font-size:.78em;color:var(--muted);text-decoration:none;margin-right:6px;font-variant-numeric:tabular-nums}
    .w:hover{background:var(--lane);outline:1px solid var(--line)}
    mark{color:inherit;border-radius:3px;padding:0 2px}
    mark.filler{background:var(--mark);box-shadow:inset 0 -2px 0 var(--oi-vermillion)}
    mark.filler.acoustic{font-style:italic}
    mark.watch{background:var(--watch);box-shadow:inset 0 -2px 0 var(--oi-blue)}
    .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:10px}
    .card{background:var(--card);border:1px solid var(--line);border-left:6px solid var(--band);border-radius:6px;padding:8px 12px}
    .card h3{margin:0;font-size:1em;display:flex;justify-content:space-between}
    .card .score{font-weight:700}.card p{margin:4px 0 0;font-size:.92em}.card .tier{color:var(--muted);font-size:.8em}
    .card.not-judged{--band:var(--line)}.card.not-judged .score{color:var(--muted)}
    .band-green{--band:var(--good)}.band-amber{--band:var(--fair)}.band-red{--band:var(--poor)}
    .badge{font-size:.78em;font-weight:600;padding:0 6px;border-radius:9px;border:1px solid var(--band);white-space:nowrap}
    .badge.band-green::before{content:"● "}.badge.band-amber::before{content:"▲ "}.badge.band-red::before{content:"■ "}
    .badge.band-green::after{content:"good"}.badge.band-amber::after{content:"fair"}.badge.band-red::after{content:"work on"}
    table{border-collapse:collapse;width:100%;font-size:.92em}
    th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
    td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    #sessions td:first-child,#sessions td:last-child{white-space:nowrap}
    .tips li{margin:0 0 8px}.evidence{color:var(--muted);font-size:.9em}
    .warning{color:var(--oi-vermillion);font-weight:600}
    .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:14px}
    .chart h3{margin:0 0 4px;font-size:1em}
    svg .series{fill:none;stroke:var(--pitch);stroke-width:1.8;stroke-linejoin:round;stroke-linecap:round}
    svg .point{fill:var(--pitch)}svg .best{fill:var(--oi-orange);stroke:var(--fg);stroke-width:1}
    svg .baseline{stroke:var(--oi-vermillion);stroke-width:1.4;stroke-dasharray:5 4}
    svg .band-fill{fill:var(--oi-green);opacity:.2}
    footer{margin-top:28px;font-size:.88em;color:var(--muted)}
    @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--lane:#f2f2f2;--card:#fff;--pitch:#0072B2;--env:#b0b8c0;--pace:#000}\
    body{max-width:none;padding:0;font-size:11pt}a{color:inherit;text-decoration:none}\
    section,.card,.chart,tr{break-inside:avoid}h2{break-after:avoid}.w:hover{outline:none}}
    """
}
