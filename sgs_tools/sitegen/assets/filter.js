/* Filterable, sortable index tables: every <div class="sgs-filter" data-filters="A,B">
   gets a search box, one drop-down per named column and click-to-sort headers.
   No libraries, no network. Cells holding several values separate them with ", ".
   The search box ignores case and accents ("lu bu" finds Lü Bu) and reads hidden
   names too (a skill's Chinese and Korean names); the box and the drop-downs live in the
   URL (?q=…&kingdom=…), so a filtered table can be bookmarked or shared. */
(function () {
  "use strict";
  function fold(v) {
    return v.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ");
  }
  function cmp(a, b) {
    var x = parseFloat(a), y = parseFloat(b);
    if (!isNaN(x) && !isNaN(y)) { return x - y; }
    return a.localeCompare(b);
  }
  function values(cell) {
    return cell.textContent.split(",").map(function (v) { return v.trim(); })
      .filter(function (v) { return v !== ""; });
  }
  function setup(box) {
    var table = box.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length) { return; }
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var names = heads.map(function (th) { return th.textContent.trim(); });
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var bar = document.createElement("div");
    bar.className = "sgs-filter-bar";
    var text = document.createElement("input");
    text.type = "search";
    text.placeholder = "Filter (any language)";
    text.setAttribute("aria-label", "Filter the table");
    bar.appendChild(text);
    var selects = [];
    (box.getAttribute("data-filters") || "").split(",").forEach(function (name) {
      var col = names.indexOf(name.trim());
      if (col === -1) { return; }
      var seen = {};
      rows.forEach(function (r) { values(r.cells[col]).forEach(function (v) { seen[v] = 1; }); });
      var select = document.createElement("select");
      select.setAttribute("aria-label", name);
      select.add(new Option(name + ": all", ""));
      Object.keys(seen).sort(cmp).forEach(function (v) { select.add(new Option(v, v)); });
      select.setAttribute("data-col", String(col));
      bar.appendChild(select);
      selects.push(select);
    });
    var count = document.createElement("span");
    count.className = "sgs-filter-count";
    bar.appendChild(count);
    box.insertBefore(bar, box.firstChild);
    function apply() {
      var q = fold(text.value.trim());
      var shown = 0;
      rows.forEach(function (r) {
        if (r.sgsText === undefined) { r.sgsText = fold(r.textContent); }
        var ok = q === "" || r.sgsText.indexOf(q) !== -1;
        selects.forEach(function (s) {
          if (ok && s.value !== "") {
            ok = values(r.cells[Number(s.getAttribute("data-col"))]).indexOf(s.value) !== -1;
          }
        });
        r.hidden = !ok;
        if (ok) { shown += 1; }
      });
      count.textContent = shown + " of " + rows.length;
      var url = new URLSearchParams(window.location.search);
      if (text.value.trim()) { url.set("q", text.value.trim()); } else { url.delete("q"); }
      selects.forEach(function (s) {
        var key = s.getAttribute("aria-label").toLowerCase();
        if (s.value) { url.set(key, s.value); } else { url.delete(key); }
      });
      var query = url.toString();
      try {
        history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") +
                             window.location.hash);
      } catch (e) { /* file:// in some browsers */ }
    }
    text.addEventListener("input", apply);
    selects.forEach(function (s) { s.addEventListener("change", apply); });
    heads.forEach(function (th, col) {
      th.setAttribute("aria-sort", "none");
      th.setAttribute("title", "Sort by " + names[col]);
      th.style.cursor = "pointer";
      th.addEventListener("click", function () {
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        heads.forEach(function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
        rows.sort(function (a, b) {
          return dir * cmp(a.cells[col].textContent.trim(), b.cells[col].textContent.trim());
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("q") !== null) { text.value = params.get("q"); }
    selects.forEach(function (s) {
      var want = params.get(s.getAttribute("aria-label").toLowerCase());
      if (want !== null) { s.value = want; }
    });
    apply();
  }
  Array.prototype.forEach.call(document.querySelectorAll("div.sgs-filter"), setup);
})();
