(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("fv-data").textContent);
  // The steps come in chunks beside the move list; a field left out is the
  // step before's (render/html/steps.rs). Link them: parent u, next n,
  // ply p, and what each inherits.
  var S = [];
  document.querySelectorAll("script.fv-steps").forEach(function (e) {
    JSON.parse(e.textContent).forEach(function (s) { S.push(s); });
  });
  S.forEach(function (s, i) {
    if (i === 0) { s.u = -1; s.p = 0; s.s = ""; s.ck = [null, null]; s.em = [null, null]; return; }
    if (s.u === undefined) { s.u = i - 1; }
    var q = S[s.u];
    if (!s.v && q.n === undefined) { q.n = i; }
    s.p = q.p + 1;
    if (s.t === undefined) { s.t = 1 - q.t; }
    ["f", "r", "c", "h", "l", "L"].forEach(function (k) { if (s[k] === undefined) { s[k] = q[k]; } });
    if (s.k === undefined) { s.k = -1; }
    // Each side's clock is its last [%clk]; the evaluation stays until the next.
    // Beside it, the time the side's last move took ([%emt]), if it says.
    s.ck = q.ck.slice();
    if (s.w !== undefined) { s.ck[q.t] = s.w; }
    s.em = q.em.slice();
    s.em[q.t] = s.x === undefined ? null : s.x;
    if (s.e === undefined && s.E === undefined) { s.e = q.e; s.E = q.E; }
  });
  S.forEach(function (s) { if (s.n === undefined) { s.n = -1; } });
  D.steps = S;
  // Boards are rebuilt from the nearest step that has one, and kept.
  function board(n) {
    var chain = [], i = n;
    while (S[i].b === undefined) { chain.push(i); i = S[i].u; }
    var b = S[i].b.split("");
    for (var j = chain.length - 1; j >= 0; j--) {
      var d = S[chain[j]].d;
      for (var k = 0; k < d.length; k += 2) { b[d[k]] = d[k + 1]; }
      // Every so often a board is kept, so a long jump is paid once.
      if (j % 256 === 0) { S[chain[j]].b = b.join(""); }
    }
    S[n].b = b.join("");
    return S[n].b;
  }
  function captionLines(P) {
    var first = (P.t ? "Black" : "White") + " to move";
    if (P.k >= 0) { first += ", in check (red)"; }
    if (P.s) { first += "; last move " + P.s + " (yellow)"; }
    return [first].concat(P.l);
  }
  var NS = "http://www.w3.org/2000/svg";
  var svg = document.getElementById("fv-board");
  var layer = document.getElementById("fv-layer");
  var caption = document.getElementById("fv-caption");
  var list = document.getElementById("fv-moves");
  var U = 100, M = 44, cur = 0, flip = false;

  function el(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) { e.setAttribute(k, attrs[k]); }
    parent.appendChild(e);
    return e;
  }
  function name(i, f) { return String.fromCharCode(97 + i % f) + (Math.floor(i / f) + 1); }
  // Coordinates and counts in the stroke font of render/glyphs.rs: no font needed.
  function label(text, x, y, h, colour, parent) {
    var k = h / 12, w = (text.length - 1) * 10 + 8;
    var g = el("g", { transform: "translate(" + (x - w * k / 2) + " " + (y - 12 * k) + ") scale(" + k + ")",
      fill: "none", stroke: colour, "stroke-width": 1.7, "stroke-linecap": "round", "stroke-linejoin": "round",
      "data-coordinate": text }, parent);
    text.split("").forEach(function (c, i) {
      if (D.glyphs[c]) { el("path", { d: D.glyphs[c], transform: "translate(" + i * 10 + " 0)" }, g); }
    });
  }
  function arrow(a, b, colour, id) {
    var x1 = a[0] + U / 2, y1 = a[1] + U / 2, x2 = b[0] + U / 2, y2 = b[1] + U / 2;
    var dx = x2 - x1, dy = y2 - y1, len = Math.sqrt(dx * dx + dy * dy);
    if (len < 1) {
      el("circle", { cx: x1, cy: y1, r: 42, fill: "none", stroke: colour, "stroke-opacity": ".8",
        "stroke-width": 8, "data-arrow": id }, layer);
      return;
    }
    var ux = dx / len, uy = dy / len, px = -uy, py = ux, hd = Math.min(42, len * 0.6);
    var bx = x2 - ux * hd, by = y2 - uy * hd;
    var pts = [[x1 + px * 9, y1 + py * 9], [bx + px * 9, by + py * 9], [bx + px * 24, by + py * 24], [x2, y2],
      [bx - px * 24, by - py * 24], [bx - px * 9, by - py * 9], [x1 - px * 9, y1 - py * 9]];
    el("polygon", { points: pts.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "),
      fill: colour, "fill-opacity": ".8", "data-arrow": id }, layer);
  }
  function clockText(t) {
    if (t === null || t === undefined) { return "–"; }
    var s = Math.floor(t), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var tenth = t < 20 && t !== s ? "." + Math.floor((t - s) * 10) : "";
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r + tenth;
  }
  // The clocks after the step and the bar of White's share (lichess's curve).
  function clocks(P) {
    if (D.clocks || D.emts) {
      document.querySelectorAll("#fv-clocks .clock").forEach(function (c) {
        var side = c.getAttribute("data-side") === "black" ? 1 : 0;
        c.textContent = (side ? "Black " : "White ") + clockText(P.ck[side]);
        if (D.emts && P.em[side] !== null) {
          var e = document.createElement("span");
          e.className = "emt";
          e.title = "time spent on the last move";
          e.textContent = "+" + clockText(P.em[side]);
          c.appendChild(e);
        }
        c.classList.toggle("run", P.t === side);
      });
      document.getElementById("fv-clocks").classList.toggle("flip", flip);
    }
    if (D.evals) {
      var share = 50, text = "–";
      if (P.E !== undefined) {
        share = P.E > 0 || (P.E === 0 && P.t === 1) ? 100 : 0;
        text = "#" + P.E;
      } else if (P.e !== undefined) {
        share = 50 + 50 * (2 / (1 + Math.exp(-0.368208 * P.e)) - 1);
        text = (P.e > 0 ? "+" : "") + P.e.toFixed(1);
      }
      var bar = document.getElementById("fv-evalbar");
      bar.setAttribute("data-white", share.toFixed(1));
      bar.classList.toggle("flip", flip);
      document.getElementById("fv-evalfill").style.height = share.toFixed(1) + "%";
      document.getElementById("fv-evaltext").textContent = text;
    }
  }
  // Copies through a text field the page owns (file:// pages may not reach
  // navigator.clipboard); the text stays in it, and the body says what was copied.
  function copy(kind, text) {
    var t = document.getElementById("fv-copy-text");
    t.value = text;
    t.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    if (!done && navigator.clipboard) { navigator.clipboard.writeText(text).catch(function () {}); }
    document.body.setAttribute("data-copied", kind);
    document.getElementById("fv-status").textContent = "Copied " + kind.toUpperCase();
  }
  // The FEN of a step: placement and pockets from its board and hands, as
  // notation/fen writes them, then the rest, which the step carries.
  function fen(P) {
    var rows = [], i, k;
    for (var ri = P.r - 1; ri >= 0; ri--) {
      var row = "", empty = 0;
      for (var fi = 0; fi < P.f; fi++) {
        var c = P.b[ri * P.f + fi];
        if (c === ".") { empty++; continue; }
        if (empty) { row += empty; empty = 0; }
        row += c === "*" ? "*" : piece(D.pieces[c]);
      }
      rows.push(empty ? row + empty : row);
    }
    var out = rows.join("/");
    if (D.hands) {
      out += "[";
      for (i = 0; i < 2; i++) {
        P.h[i].forEach(function (e) { for (k = 0; k < e[1]; k++) { out += piece(e[0]); } });
      }
      out += "]";
    }
    return out + P.F;
  }
  function piece(code) { return code.length > 1 ? "(" + code + ")" : code; }
  var PGN = "";
  document.querySelectorAll("script.fv-pgn").forEach(function (e) { PGN += JSON.parse(e.textContent); });

  // Mirrors render/svg.rs: the same layout, colours and data- attributes.
  function draw(n) {
    var P = D.steps[n], f = P.f, r = P.r, cols = D.hands ? D.handCols : 0;
    P.b = board(n);
    var W = 2 * M + f * U + 64 + (cols ? Math.max(cols * 112, 180) : 0), H = 2 * M + r * U;
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("data-step", n);
    function xy(i) {
      var fi = i % f, ri = Math.floor(i / f);
      return [M + (flip ? f - 1 - fi : fi) * U, M + (flip ? ri : r - 1 - ri) * U];
    }
    el("rect", { width: W, height: H, fill: "#fff" }, layer);
    var i, p;
    for (i = 0; i < f * r; i++) {
      if (P.b[i] === "*") {
        // Slide-chess: every hole is a free square of the ring (SC0).
        if (D.ring) {
          p = xy(i);
          el("rect", { x: p[0] + 4, y: p[1] + 4, width: U - 8, height: U - 8, rx: 10, fill: "#cfd7e1",
            stroke: "#8d9aab", "stroke-width": 3, "stroke-dasharray": "10 6", "data-ring": name(i, f) }, layer);
        }
        continue;
      }
      p = xy(i);
      el("rect", { x: p[0], y: p[1], width: U, height: U, "data-square": name(i, f),
        fill: ((i % f) + Math.floor(i / f)) % 2 === 0 ? D.dark : D.light }, layer);
    }
    if (P.L) {
      // Rank and File: the lines the side to move may move from (RF1).
      var lg = el("g", { "data-lines": P.L[0] ? "files" : "ranks" }, layer);
      for (i = 0; i < f * r; i++) {
        var line = P.L[0] ? i % f : Math.floor(i / f);
        if (P.b[i] === "*" || Math.floor(P.L[1] / Math.pow(2, line)) % 2 !== 1) { continue; }
        p = xy(i);
        el("rect", { x: p[0], y: p[1], width: U, height: U, fill: "#1f63e0", "fill-opacity": ".3",
          "data-line": name(i, f) }, lg);
      }
    }
    P.m.forEach(function (j) {
      if (P.b[j] === "*") { return; }
      var q = xy(j);
      el("rect", { x: q[0], y: q[1], width: U, height: U, fill: "#f4e04d", "fill-opacity": ".55",
        "data-mark": "last", "data-square": name(j, f) }, layer);
    });
    if (P.k >= 0) {
      p = xy(P.k);
      el("circle", { cx: p[0] + U / 2, cy: p[1] + U / 2, r: 46, fill: "#e8322b", "fill-opacity": ".75",
        "data-mark": "check", "data-square": name(P.k, f) }, layer);
    }
    if (D.grid) {
      for (i = 2; i < f; i += 2) {
        el("line", { x1: M + i * U, y1: M, x2: M + i * U, y2: M + r * U, stroke: "#1d2b53",
          "stroke-width": 7, "data-grid": "file" }, layer);
      }
      for (i = 2; i < r; i += 2) {
        el("line", { x1: M, y1: M + i * U, x2: M + f * U, y2: M + i * U, stroke: "#1d2b53",
          "stroke-width": 7, "data-grid": "rank" }, layer);
      }
      el("rect", { x: M, y: M, width: f * U, height: r * U, fill: "none", stroke: "#1d2b53",
        "stroke-width": 7 }, layer);
    }
    [0, 1].forEach(function (c) {
      if (P.c[c] < 0) { return; }
      var q = xy(P.c[c]);
      var g = el("g", { "data-cage": c ? "black" : "white", "data-square": name(P.c[c], f) }, layer);
      el("rect", { x: q[0] + 6, y: q[1] + 6, width: 88, height: 88, fill: "none", stroke: D.cage[c],
        "stroke-width": 9, "stroke-dasharray": "16 6" }, g);
      el("circle", { cx: q[0] + 16, cy: q[1] + 16, r: 11, fill: c ? "#1b1b1b" : "#fff",
        stroke: D.cage[c], "stroke-width": 4 }, g);
    });
    for (i = 0; i < f * r; i++) {
      var code = D.pieces[P.b[i]];
      if (!code) { continue; }
      p = xy(i);
      var inset = (i === P.c[0] || i === P.c[1]) ? 16 : 1;
      el("use", { href: "#p-" + code, x: p[0] + inset, y: p[1] + inset, width: U - 2 * inset,
        height: U - 2 * inset, "data-square": name(i, f), "data-piece": code }, layer);
    }
    (P.q || []).forEach(function (m) {
      var q = xy(m[0]);
      el("circle", { cx: q[0] + U / 2, cy: q[1] + U / 2, r: 44, fill: "none", stroke: D.brushes[m[1]],
        "stroke-opacity": ".85", "stroke-width": 9, "data-mark": "brush", "data-square": name(m[0], f) }, layer);
    });
    for (i = 0; i < f; i++) {
      var x = M + (flip ? f - 1 - i : i) * U + U / 2;
      [M - 14, M + r * U + 32].forEach(function (y) { label(String.fromCharCode(97 + i), x, y, 20, "#333", layer); });
    }
    for (i = 0; i < r; i++) {
      var y = M + (flip ? i : r - 1 - i) * U + U / 2 + 10;
      [M / 2, M + f * U + M / 2].forEach(function (xx) { label(String(i + 1), xx, y, 20, "#333", layer); });
    }
    var px = 2 * M + f * U, bottom = (P.t === 0) !== flip;
    el("circle", { cx: px + 32, cy: bottom ? M + r * U - 30 : M + 30, r: 20,
      fill: P.t ? "#1b1b1b" : "#fff", stroke: "#000", "stroke-width": 4,
      "data-turn": P.t ? "black" : "white" }, layer);
    if (D.hands) {
      var rows = Math.max(1, Math.floor((r * U / 2 - 40) / 92));
      [0, 1].forEach(function (c) {
        var top = ((c === 0) !== flip) ? M + r * U / 2 : M, x0 = px + 64;
        var g = el("g", { "data-hand": c ? "black" : "white" }, layer);
        var th = D.handTitleHeight;
        el("path", { d: D.handTitles[c], "data-title": "true", fill: "none", stroke: "#333", "stroke-width": 1.7,
          "stroke-linecap": "round", "stroke-linejoin": "round",
          transform: "translate(" + x0 + " " + (top + 28 - th) + ") scale(" + th / 12 + ")" }, g);
        if (!P.h[c].length) {
          var eg = el("g", { "data-empty": "true" }, g);
          el("rect", { x: x0 + 2, y: top + 42, width: 84, height: 84, rx: 12, fill: "#f3f3f3", stroke: "#888",
            "stroke-width": 4, "stroke-dasharray": "12 8" }, eg);
          el("path", { d: "M" + (x0 + 24) + " " + (top + 100) + "L" + (x0 + 62) + " " + (top + 64),
            stroke: "#888", "stroke-width": 5, "stroke-linecap": "round" }, eg);
        }
        P.h[c].forEach(function (e, k) {
          var hx = x0 + Math.floor(k / rows) * 112, hy = top + 40 + (k % rows) * 92;
          var hg = el("g", { "data-piece": e[0], "data-count": e[1] }, g);
          el("use", { href: "#p-" + e[0], x: hx, y: hy, width: 84, height: 84 }, hg);
          el("circle", { cx: hx + 84, cy: hy + 64, r: 21, fill: "#fff", stroke: "#222", "stroke-width": 3 }, hg);
          label(String(e[1]), hx + 84, hy + 75, 22, "#111", hg);
        });
      });
    }
    (P.a || []).forEach(function (a) { arrow(xy(a[0]), xy(a[1]), D.brushes[a[2]], name(a[0], f) + name(a[1], f)); });
    clocks(P);
    caption.textContent = "";
    captionLines(P).forEach(function (line) {
      var d = document.createElement("div");
      d.textContent = line;
      caption.appendChild(d);
    });
    var old = list.querySelector(".cur");
    if (old) { old.classList.remove("cur"); }
    var now = list.querySelector('[data-n="' + n + '"]');
    if (now) {
      now.classList.add("cur");
      if (now.scrollIntoView) { now.scrollIntoView({ block: "nearest" }); }
    }
    document.getElementById("fv-ply").textContent = P.s ? "Ply " + P.p + ": " + P.s : "Start";
    cur = n;
  }

  function go(n) { if (n >= 0 && n < D.steps.length) { draw(n); } }
  function end() { var n = cur; while (D.steps[n].n >= 0) { n = D.steps[n].n; } go(n); }
  document.getElementById("fv-first").addEventListener("click", function () { go(0); });
  document.getElementById("fv-prev").addEventListener("click", function () { go(D.steps[cur].u); });
  document.getElementById("fv-next").addEventListener("click", function () { go(D.steps[cur].n); });
  document.getElementById("fv-last").addEventListener("click", end);
  document.getElementById("fv-flip").addEventListener("click", function () { flip = !flip; draw(cur); });
  document.getElementById("fv-copy-pgn").addEventListener("click", function () { copy("pgn", PGN); });
  document.getElementById("fv-copy-fen").addEventListener("click", function () { copy("fen", fen(D.steps[cur])); });
  if (D.clocks || D.emts) { document.getElementById("fv-clocks").hidden = false; }
  if (D.evals) { document.getElementById("fv-evalbar").hidden = false; }
  list.addEventListener("click", function (ev) {
    var t = ev.target.closest("[data-n]");
    if (t) { go(Number(t.getAttribute("data-n"))); }
  });
  document.addEventListener("keydown", function (ev) {
    var k = ev.key;
    if (k === "ArrowLeft") { go(D.steps[cur].u); } else if (k === "ArrowRight") { go(D.steps[cur].n); }
    else if (k === "Home") { go(0); } else if (k === "End") { end(); }
    else if (k === "f") { flip = !flip; draw(cur); } else { return; }
    ev.preventDefault();
  });
  // `page.html#12` opens at step 12 (steps count every move, variations too).
  var first = Number(location.hash.slice(1));
  draw(first > 0 && first < D.steps.length ? Math.floor(first) : 0);
}());
