// The standings and live tables, polled every 2 s. Every name goes in as text (textContent),
// never as markup: names are the players' own text.
"use strict";
(function () {
  const lang = document.documentElement.lang || "en";
  const POLL_MS = 2000;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function drawStandings(rows) {
    const body = document.querySelector("#standings tbody");
    body.replaceChildren();
    rows.forEach(function (r, i) {
      const tr = el("tr");
      [i + 1, r.name, r.games, r.wins, r.points, r.average_points].forEach(function (v) {
        tr.appendChild(el("td", null, v));
      });
      body.appendChild(tr);
    });
    document.getElementById("no-standings").hidden = rows.length > 0;
    document.getElementById("standings").hidden = rows.length === 0;
  }

  function drawTables(tables, words) {
    const box = document.getElementById("tables");
    box.replaceChildren();
    tables.forEach(function (t) {
      const a = el("a", "card-table");
      a.href = "/tables/" + encodeURIComponent(t.table) + "?lang=" + encodeURIComponent(lang);
      a.dataset.table = t.table;
      a.dataset.revision = t.revision;
      const h = el("h3");
      h.appendChild(el("span", "name", t.heading));
      h.appendChild(el("span", "turn", t.turn));
      a.appendChild(h);
      const ul = el("ul");
      t.players.forEach(function (p) {
        const li = el("li", (p.active ? "active" : "") + (p.winner ? " winner" : ""));
        li.appendChild(el("span", "name", p.name));
        li.appendChild(el("span", "points", words.pts.replace("{n}", p.points)));
        ul.appendChild(li);
      });
      a.appendChild(ul);
      if (t.status) a.appendChild(el("p", "status", t.status));
      if (t.last_move) a.appendChild(el("p", "move", t.last_move));
      box.appendChild(a);
    });
    document.getElementById("no-tables").hidden = tables.length > 0;
  }

  async function poll() {
    try {
      const r = await fetch("/live.json?lang=" + encodeURIComponent(lang), {cache: "no-store"});
      if (!r.ok) throw new Error(String(r.status));
      const data = await r.json();
      drawStandings(data.standings);
      drawTables(data.tables, data.words);
      document.getElementById("offline").hidden = true;
      document.body.dataset.loaded = "1";
    } catch (e) {
      document.getElementById("offline").hidden = false;
    }
    setTimeout(poll, POLL_MS);
  }
  poll();
})();
