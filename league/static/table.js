// One table as a picture (SVG, drawn from /tables/NAME/live.json every 2 s): nobles, the
// market with its decks, the bank, and each seat's points, bonuses, tokens and reserved cards.
// Names are set with textContent only.
"use strict";
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const lang = document.documentElement.lang || "en";
  const table = document.getElementById("game").dataset.table;
  const POLL_MS = 2000;
  const FILL = {white: "#eeeae0", blue: "#2764c4", green: "#1e8c4e", red: "#c7302b",
                black: "#3a3a3a", gold: "#e0b534"};
  const INK = {white: "#222", blue: "#fff", green: "#fff", red: "#fff", black: "#fff", gold: "#222"};
  const GEMS = ["white", "blue", "green", "red", "black"];

  function s(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function fmt(pattern, n) { return pattern.replace("{n}", n); }
  function short(name, max) { return name.length > max ? name.slice(0, max - 1) + "…" : name; }

  function gem(g, x, y, r, colour, count) {
    g.appendChild(s("circle", {cx: x, cy: y, r: r, fill: FILL[colour], stroke: "#000",
                               "stroke-width": 2, "data-colour": colour}));
    g.appendChild(s("text", {x: x, y: y + r * 0.38, "text-anchor": "middle",
                             "font-size": r * 1.05, "font-weight": "bold", fill: INK[colour]},
                    count));
  }

  function card(g, c, x, y, w, h) {
    if (!c) {
      g.appendChild(s("rect", {x: x, y: y, width: w, height: h, rx: 10, fill: "none",
                               stroke: "#555", "stroke-dasharray": "8 6"}));
      return;
    }
    const cg = s("g", {class: "card", "data-card": c.id});
    cg.appendChild(s("rect", {x: x, y: y, width: w, height: h, rx: 10, fill: "#f7f3ea",
                              stroke: "#000", "stroke-width": 2}));
    cg.appendChild(s("rect", {x: x, y: y, width: w, height: 54, rx: 10, fill: FILL[c.bonus]}));
    if (c.points) cg.appendChild(s("text", {x: x + 12, y: y + 42, "font-size": 40,
                                            "font-weight": "bold", fill: INK[c.bonus]}, c.points));
    let k = 0;
    GEMS.forEach(function (colour) {
      const n = c.cost[colour];
      if (!n) return;
      gem(cg, x + 26, y + h - 26 - k * 44, 19, colour, n);
      k += 1;
    });
    g.appendChild(cg);
  }

  function noble(g, n, x, y, size, words) {
    const ng = s("g", {class: "noble", "data-noble": n.id});
    ng.appendChild(s("rect", {x: x, y: y, width: size, height: size, rx: 8, fill: "#d9c7a0",
                              stroke: "#000", "stroke-width": 2}));
    ng.appendChild(s("text", {x: x + 10, y: y + 36, "font-size": 32, "font-weight": "bold",
                              fill: "#222"}, n.points));
    let k = 0;
    GEMS.forEach(function (colour) {
      const need = n.requires[colour];
      if (!need) return;
      const cx = x + size - 28, cy = y + 14 + k * 32;
      ng.appendChild(s("rect", {x: cx - 14, y: cy, width: 28, height: 28, rx: 4,
                                fill: FILL[colour], stroke: "#000"}));
      ng.appendChild(s("text", {x: cx, y: cy + 21, "text-anchor": "middle", "font-size": 20,
                                "font-weight": "bold", fill: INK[colour]}, need));
      k += 1;
    });
    g.appendChild(ng);
  }

  // A seat's panel is drawn 600 x 213 and scaled into its place.
  function seat(g, p, left, top, scale, words) {
    const x = 0, y = 0, w = 600, h = 213;
    const pg = s("g", {class: "seat" + (p.active ? " active" : ""), "data-name": p.name,
                       transform: "translate(" + left + " " + top + ") scale(" + scale + ")"});
    pg.appendChild(s("rect", {x: x, y: y, width: w, height: h, rx: 12, fill: "#1f232c",
                              stroke: p.active ? "#f2c14e" : "#3a4150",
                              "stroke-width": p.active ? 6 : 2}));
    pg.appendChild(s("text", {x: x + 18, y: y + 42, "font-size": 34, "font-weight": "bold",
                              fill: p.active ? "#f2c14e" : "#f2f2f2", class: "seat-name"},
                     (p.winner ? "★ " : "") + short(p.name, 22)));
    pg.appendChild(s("text", {x: x + w - 18, y: y + 46, "text-anchor": "end", "font-size": 44,
                              "font-weight": "bold", fill: "#f2f2f2", class: "seat-points"},
                     fmt(words.pts, p.points)));
    // Bonuses (the cards bought, by colour) above, tokens below.
    GEMS.forEach(function (colour, i) {
      const bx = x + 18 + i * 66;
      pg.appendChild(s("rect", {x: bx, y: y + 62, width: 54, height: 62, rx: 6,
                                fill: FILL[colour], stroke: "#000"}));
      pg.appendChild(s("text", {x: bx + 27, y: y + 105, "text-anchor": "middle",
                                "font-size": 32, "font-weight": "bold", fill: INK[colour]},
                       p.bonuses[colour]));
    });
    ["white", "blue", "green", "red", "black", "gold"].forEach(function (colour, i) {
      gem(pg, x + 45 + i * 66, y + 162, 26, colour, p.tokens[colour]);
    });
    pg.appendChild(s("text", {x: x + w - 18, y: y + 104, "text-anchor": "end", "font-size": 26,
                              fill: "#a9b0bd"}, fmt(words.reserved, p.reserved)));
    pg.appendChild(s("text", {x: x + w - 18, y: y + 142, "text-anchor": "end", "font-size": 26,
                              fill: "#a9b0bd"}, fmt(words.cards, p.cards)));
    pg.appendChild(s("text", {x: x + w - 18, y: y + 180, "text-anchor": "end", "font-size": 26,
                              fill: "#a9b0bd"}, words.nobles + ": " + p.nobles.length));
    g.appendChild(pg);
  }

  function draw(data) {
    const svg = document.getElementById("picture");
    const g = s("g");
    const w = data.words;
    // Nobles along the top.
    data.nobles.forEach(function (n, i) { noble(g, n, 180 + i * 132, 12, 120, w); });
    // The market, level 3 on top as on the table; each row's deck on its left.
    [2, 1, 0].forEach(function (level, row) {
      const y = 150 + row * 248;
      g.appendChild(s("rect", {x: 12, y: y, width: 150, height: 232, rx: 10,
                               fill: ["#2f6b3a", "#a0822c", "#2d4f8f"][level], stroke: "#000"}));
      g.appendChild(s("text", {x: 87, y: y + 100, "text-anchor": "middle", "font-size": 30,
                               "font-weight": "bold", fill: "#fff"}, fmt(w.level, level + 1)));
      g.appendChild(s("text", {x: 87, y: y + 145, "text-anchor": "middle", "font-size": 26,
                               fill: "#fff"}, fmt(w.deck, data.decks[level])));
      data.market[level].forEach(function (c, k) { card(g, c, 180 + k * 165, y, 150, 232); });
    });
    // The bank.
    g.appendChild(s("text", {x: 900, y: 60, "text-anchor": "middle", "font-size": 28,
                             fill: "#a9b0bd"}, w.bank));
    ["white", "blue", "green", "red", "black", "gold"].forEach(function (colour, i) {
      gem(g, 900, 150 + i * 135, 48, colour, data.bank[colour]);
    });
    // The seats: down the right on a wide screen; two by two under the market on a phone.
    const portrait = window.innerWidth < 700;
    if (portrait) {
      const scale = 488 / 600, rows = Math.ceil(data.seats.length / 2);
      data.seats.forEach(function (p, i) {
        seat(g, p, 8 + (i % 2) * 496, 905 + Math.floor(i / 2) * (213 * scale + 10), scale, w);
      });
      svg.setAttribute("viewBox", "0 0 1000 " + Math.ceil(905 + rows * (213 * scale + 10)));
    } else {
      data.seats.forEach(function (p, i) { seat(g, p, 990, 6 + i * 223, 1, w); });
      svg.setAttribute("viewBox", "0 0 1600 900");
    }
    svg.replaceChildren(g);
  }

  async function poll() {
    try {
      const url = "/tables/" + encodeURIComponent(table) + "/live.json?lang=" +
        encodeURIComponent(lang);
      const r = await fetch(url, {cache: "no-store"});
      if (!r.ok) throw new Error(String(r.status));
      const data = await r.json();
      document.getElementById("offline").hidden = true;
      const none = document.getElementById("no-game");
      if (!data.game) {
        none.textContent = data.message;
        none.hidden = false;
      } else {
        none.hidden = true;
        document.getElementById("status").textContent =
          data.turn + (data.status ? " · " + data.status : "");
        document.getElementById("last-move").textContent = data.last_move;
        draw(data);
        document.body.dataset.revision = data.revision;
      }
      document.body.dataset.loaded = "1";
    } catch (e) {
      document.getElementById("offline").hidden = false;
    }
    setTimeout(poll, POLL_MS);
  }
  poll();
})();
