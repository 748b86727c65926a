/* sgs-tools: the reader's language. A picker in the header (All / English / 中文 / 한국어)
 * remembered in localStorage. With a language chosen:
 *  - every rules text block shows that language's paragraph first and hides the others
 *    behind a "show all languages" button on the block;
 *  - page headings that list a name in three languages ("Cao Cao · 曹操 · 조조") lead
 *    with the chosen one;
 *  - the interface (search box, navigation tabs, section headings, table headers, the
 *    index filters) is shown in that language, from the table below.
 * Nothing is fetched: the table is in this file. Without a choice the page is as built. */
(function () {
  "use strict";
  var KEY = "sgs-lang";
  var CHOICES = [["", "All · 全部 · 전체"], ["en", "English"], ["zh", "中文"],
                 ["ko", "한국어"]];
  var UI = {
    "Search": ["搜索", "검색"],
    "Home": ["首页", "홈"], "Modes": ["模式", "모드"], "Rules": ["规则", "규칙"],
    "Generals": ["武将", "무장"], "Cards": ["卡牌", "카드"], "Skills": ["技能", "기술"],
    "DSL": ["DSL", "DSL"], "Reference": ["参考", "참조"],
    "Writing effects": ["编写效果", "효과 작성"], "Data format": ["数据格式", "데이터 형식"],
    "Rules and glossary": ["规则与术语", "규칙과 용어"],
    "1 Turns": ["1 回合", "1 턴"], "2 Terms": ["2 术语", "2 용어"],
    "3 Skill tags": ["3 技能标签", "3 기술 태그"],
    "Rules text": ["规则文字", "규칙 문구"], "Copies": ["牌张", "카드 장수"],
    "Abilities": ["能力", "능력"], "Names": ["名称", "이름"],
    "Other versions": ["其他版本", "다른 버전"], "Versions compared": ["版本对比", "버전 비교"],
    "Mentioned by": ["被提及", "언급하는 곳"], "Card face": ["牌面", "카드 앞면"],
    "General pool": ["武将池", "무장 풀"], "Decks": ["牌堆", "덱"],
    "General": ["武将", "무장"], "Card": ["卡牌", "카드"], "Mode": ["模式", "모드"],
    "Kingdom": ["势力", "세력"], "Health": ["体力", "체력"], "Gender": ["性别", "성별"],
    "Set": ["系列", "세트"], "Also in": ["也见于", "함께 수록"], "Edition": ["版本", "판"],
    "Lord": ["主公", "주공"], "Type": ["类型", "종류"], "Subtype": ["副类别", "하위 종류"],
    "Range": ["范围", "범위"], "Nature": ["属性", "속성"], "Suit": ["花色", "문양"],
    "Rank": ["点数", "숫자"], "Ranks": ["点数", "숫자"], "Name": ["名称", "이름"],
    "Skill": ["技能", "기술"], "Tags": ["标签", "태그"], "Has DSL": ["有DSL", "DSL 있음"],
    "HP": ["体力", "체력"], "Players": ["人数", "인원"], "Phase": ["阶段", "단계"],
    "Role": ["身份", "신분"], "Rule": ["规则", "규칙"], "Tag": ["标签", "태그"],
    "Meaning": ["含义", "뜻"], "Id": ["编号", "아이디"], "Deck": ["牌堆", "덱"],
    "Component": ["组件", "구성품"], "Count": ["数量", "수량"],
    "All": ["全部", "전체"], "Filter": ["筛选", "필터"],
    /* the Balance pages (sgs_tools/sitegen/balance.py) */
    "Balance": ["平衡", "밸런스"], "Outliers": ["异常值", "이상치"],
    "Focused generals": ["重点武将", "집중 무장"],
    "Win rate by general and role": ["各武将各身份胜率", "무장·신분별 승률"],
    "Win rate by general and faction": ["各武将各势力胜率", "무장·세력별 승률"],
    "Pairs of generals by faction": ["武将组合（按势力）", "무장 조합 (세력별)"],
    "By faction": ["按势力", "세력별"], "The lord by seat": ["主公座位", "주공 자리별"],
    "Per skill": ["各技能", "기술별"], "Win rate": ["胜率", "승률"], "Pool": ["其余", "나머지"],
    "Effect (points)": ["差值（百分点）", "차이 (%p)"], "Adj. p": ["校正p值", "보정 p"],
    "Games": ["局数", "판 수"], "95% CI": ["95%置信区间", "95% 신뢰구간"],
    "Paired difference (points)": ["配对差值（百分点）", "대응 차이 (%p)"],
    "95% CI (points)": ["95%置信区间（百分点）", "95% 신뢰구간 (%p)"],
    "Flagged": ["标记", "표시"], "Faction": ["势力", "세력"], "Wins": ["胜", "승"],
    "Seats": ["座位数", "자리 수"], "Seat": ["座位", "자리"], "Uses": ["发动次数", "사용 횟수"],
    "Cards drawn": ["摸牌", "뽑은 카드"], "Damage dealt": ["造成伤害", "입힌 피해"],
    "HP recovered": ["回复体力", "회복한 체력"], "Report": ["报告", "보고서"],
    "Agents": ["AI", "AI"], "Focus": ["重点", "집중"], "Date": ["日期", "날짜"],
    "Pair": ["组合", "조합"],
    "Table of contents": ["目录", "목차"], "Modes:": ["模式：", "모드:"]
  };
  var COL = { zh: 0, ko: 1 };

  function stored() { try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; } }
  function store(lang) { try { localStorage.setItem(KEY, lang); } catch (e) { /* private */ } }

  function textNode(el) {
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && n.nodeValue.trim()) return n;
    }
    return null;
  }
  function translate(el, lang) {
    var node = textNode(el);
    if (!node) return;
    if (node.sgsEn === undefined) node.sgsEn = node.nodeValue;
    var key = node.sgsEn.trim();
    var row = UI[key];
    node.nodeValue = lang in COL && row ? node.sgsEn.replace(key, row[COL[lang]]) : node.sgsEn;
  }
  function leadWith(el, lang) {  /* "Cao Cao · 曹操 · 조조 (Standard)" → chosen name first */
    var node = textNode(el);
    if (!node) return;
    if (node.sgsNames === undefined) node.sgsNames = node.nodeValue;
    var m = /^(.*?) · (.*?) · (.*?)( \([^()]*\))?(\s*)$/.exec(node.sgsNames);
    if (!m || !(lang in COL) && lang !== "en") { node.nodeValue = node.sgsNames; return; }
    var parts = [m[1], m[2], m[3]];
    var first = { en: 0, zh: 1, ko: 2 }[lang];
    var order = [parts[first]].concat(parts.filter(function (_, i) { return i !== first; }));
    node.nodeValue = order.join(" · ") + (m[4] || "") + m[5];
  }
  function apply(lang) {
    document.documentElement.setAttribute("data-sgs-lang", lang || "all");
    var ui = document.querySelectorAll(
      ".md-content h2, .md-content h3, .md-content th, .md-tabs__link, .md-nav__link, " +
      ".md-nav__title, .sgs-filter-bar label, .sgs-ui");
    Array.prototype.forEach.call(ui, function (el) { translate(el, lang); });
    Array.prototype.forEach.call(document.querySelectorAll(".md-content h1, .md-content h3"),
                                 function (el) { leadWith(el, lang); });
    var search = document.querySelector("input.md-search__input");
    if (search) {
      if (search.sgsEn === undefined) search.sgsEn = search.getAttribute("placeholder") || "";
      var row = UI[search.sgsEn];
      search.setAttribute("placeholder", lang in COL && row ? row[COL[lang]] : search.sgsEn);
    }
  }
  function picker(lang) {
    var select = document.createElement("select");
    select.className = "sgs-lang-picker";
    select.setAttribute("aria-label", "Language · 语言 · 언어");
    CHOICES.forEach(function (c) {
      var opt = document.createElement("option");
      opt.value = c[0]; opt.textContent = c[1];
      if (c[0] === lang) opt.selected = true;
      select.appendChild(opt);
    });
    select.addEventListener("change", function () { store(select.value); apply(select.value); });
    var where = document.querySelector(".md-header__inner .md-search") ||
                document.querySelector(".md-header__inner");
    if (where && where.parentNode) where.parentNode.insertBefore(select, where);
  }
  function toggles() {
    Array.prototype.forEach.call(document.querySelectorAll(".sgs-texts"), function (box) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sgs-more-langs";
      button.textContent = "⋯ English · 中文 · 한국어";
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", function () {
        var open = box.classList.toggle("sgs-all");
        button.setAttribute("aria-expanded", open ? "true" : "false");
      });
      box.appendChild(button);
    });
  }
  function start() {
    var lang = stored();
    picker(lang);
    toggles();
    apply(lang);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
