// Runs Material for MkDocs' own search worker under node against a built site and prints,
// for each query, the first result locations as JSON: {"query": [locations...]}.
// Usage: node search_probe.js SITE_DIR QUERY...
"use strict";
const fs = require("fs");
const path = require("path");
const site = process.argv[2];
const queries = process.argv.slice(3);
const dir = path.join(site, "assets/javascripts/workers");
const worker = fs.readdirSync(dir).find((f) => f.endsWith(".js"));
let handler = null;
const messages = [];
global.self = global;
global.addEventListener = (type, fn) => { if (type === "message") handler = fn; };
global.postMessage = (message) => messages.push(message);
global.importScripts = (...urls) => {
  for (const url of urls) {
    (0, eval)(fs.readFileSync(path.join(site, url.replace(/^.*?assets/, "assets")), "utf8"));
  }
};
(0, eval)(fs.readFileSync(path.join(dir, worker), "utf8"));
// The site ships the index once, as search_index.js ("var __index = {...}").
const script = fs.readFileSync(path.join(site, "search/search_index.js"), "utf8");
const index = JSON.parse(script.slice(script.indexOf("{"), script.lastIndexOf("}") + 1));
index.options = { suggest: false };
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  await handler({ data: { type: 0, data: index } });
  await wait(20);
  const out = {};
  for (const query of queries) {
    messages.length = 0;
    await handler({ data: { type: 2, data: query } });
    await wait(10);
    const result = messages.find((m) => m.type === 3);
    out[query] = result ? result.data.items.map((group) => group[0].location) : [];
  }
  process.stdout.write(JSON.stringify(out));
})();
