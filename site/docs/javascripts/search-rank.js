/* sgs-tools: an exact name match ranks first in the search results, in every language.
 *
 * lunr scores by term frequency, so "slash" can list Fire Slash before Slash. Each result
 * title is a page's names ("Slash · 杀 · 살", a version label in brackets after them); once
 * Material has drawn the results, they are re-ordered: a name equal to the query first,
 * then names containing it (shortest first), then the rest in lunr's order. Accents and
 * case are ignored ("lu bu" matches "Lü Bu"). */
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f\u200b]/g, "")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }
  function names(item) {
    var head = item.querySelector(".md-search-result__article h1, .md-search-result__article h2");
    if (!head) return [];
    var title = fold(head.textContent || "").replace(/\s*\([^()]*\)\s*$/, "");
    return title.split(" · ").map(function (n) { return n.trim(); });
  }
  function rank(item, query) {
    var best = [2, 0];
    names(item).forEach(function (name) {
      if (name === query) best = [0, 0];
      else if (best[0] > 1 && name.indexOf(query) >= 0) best = [1, name.length];
    });
    return best;
  }
  function reorder(list, input) {
    var query = fold(input.value || "");
    if (!query) return;
    var items = Array.prototype.slice.call(list.children);
    var keyed = items.map(function (item, i) { return [rank(item, query), i, item]; });
    keyed.sort(function (a, b) {
      return a[0][0] - b[0][0] || a[0][1] - b[0][1] || a[1] - b[1];
    });
    if (keyed.every(function (k, i) { return k[2] === items[i]; })) return;
    keyed.forEach(function (k) { list.appendChild(k[2]); });
  }
  function start() {
    var list = document.querySelector(".md-search-result__list");
    var input = document.querySelector("input.md-search__input");
    if (!list || !input) return;
    var busy = false;
    new MutationObserver(function () {
      if (busy) return;
      busy = true;
      try { reorder(list, input); } finally { busy = false; }
    }).observe(list, { childList: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
