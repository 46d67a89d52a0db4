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
    if (i === 0) { s.u = -1; s.p = 0; s.s = ""; return; }
    if (s.u === undefined) { s.u = i - 1; }
    var q = S[s.u];
    if (!s.v && q.n === undefined) { q.n = i; }
    s.p = q.p + 1;
    if (s.t === undefined) { s.t = 1 - q.t; }
    ["f", "r", "c", "h", "l"].forEach(function (k) { if (s[k] === undefined) { s[k] = q[k]; } });
    if (s.k === undefined) { s.k = -1; }
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

  // Mirrors render/svg.rs: the same layout, colours and data- attributes.
  function draw(n) {
    var P = D.steps[n], f = P.f, r = P.r, cols = D.hands ? D.handCols : 0;
    P.b = board(n);
    var W = 2 * M + f * U + 64 + (cols ? Math.max(cols * 130, 180) : 0), H = 2 * M + r * U;
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
      if (P.b[i] === "*") { continue; }
      p = xy(i);
      el("rect", { x: p[0], y: p[1], width: U, height: U, "data-square": name(i, f),
        fill: ((i % f) + Math.floor(i / f)) % 2 === 0 ? D.dark : D.light }, layer);
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
      var inset = (i === P.c[0] || i === P.c[1]) ? 16 : 6;
      el("use", { href: "#p-" + code, x: p[0] + inset, y: p[1] + inset, width: U - 2 * inset,
        height: U - 2 * inset, "data-square": name(i, f), "data-piece": code }, layer);
    }
    for (i = 0; i < f; i++) {
      var x = M + (flip ? f - 1 - i : i) * U + U / 2;
      [M - 12, M + r * U + 34].forEach(function (y) {
        el("text", { x: x, y: y, "font-size": 28, "text-anchor": "middle", fill: "#333" }, layer)
          .textContent = String.fromCharCode(97 + i);
      });
    }
    for (i = 0; i < r; i++) {
      var y = M + (flip ? i : r - 1 - i) * U + U / 2 + 10;
      [M / 2, M + f * U + M / 2].forEach(function (xx) {
        el("text", { x: xx, y: y, "font-size": 28, "text-anchor": "middle", fill: "#333" }, layer)
          .textContent = String(i + 1);
      });
    }
    var px = 2 * M + f * U, bottom = (P.t === 0) !== flip;
    el("circle", { cx: px + 32, cy: bottom ? M + r * U - 30 : M + 30, r: 20,
      fill: P.t ? "#1b1b1b" : "#fff", stroke: "#000", "stroke-width": 4,
      "data-turn": P.t ? "black" : "white" }, layer);
    if (D.hands) {
      var rows = Math.max(1, Math.floor((r * U / 2 - 40) / 64));
      [0, 1].forEach(function (c) {
        var top = ((c === 0) !== flip) ? M + r * U / 2 : M, x0 = px + 64;
        var g = el("g", { "data-hand": c ? "black" : "white" }, layer);
        el("text", { x: x0, y: top + 28, "font-size": 24, fill: "#333" }, g).textContent =
          (c ? "Black's" : "White's") + " hand";
        P.h[c].forEach(function (e, k) {
          var hx = x0 + Math.floor(k / rows) * 130, hy = top + 40 + (k % rows) * 64;
          var hg = el("g", { "data-piece": e[0], "data-count": e[1] }, g);
          el("use", { href: "#p-" + e[0], x: hx, y: hy, width: 60, height: 60 }, hg);
          el("text", { x: hx + 62, y: hy + 42, "font-size": 26, fill: "#222" }, hg).textContent = "\u00d7" + e[1];
        });
      });
    }
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
