// The pai gow games' part of the page (static/js/casino.js does the clocks,
// "your turn" and the letter keys): the setting aid, keys 1–7 picking a card.
// The aid does no poker: the server lists, for the player's own cards, the
// names of every hand and the foul flag of every setting (data-settings,
// keyed by the card positions of each hand after the first: "i-j" for Pai Gow
// Poker's low hand, "i" for a one-card low, "i-j|k" for a medium and a low
// hand), the hands' keys, names and sizes (data-hands) and the message of each
// foul (data-fouls); this only looks the choice up.
(function () {
  "use strict";
  var WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven"];
  var picked = {hand: null, parts: {}, target: null};  // the choice being made, kept across swaps

  function setting() { return document.querySelector("#pg-me .pg-setting"); }
  function specs(box) { return JSON.parse(box.dataset.hands); }
  function cardsWord(n) { return WORDS[n] + (n === 1 ? " card" : " cards"); }

  function whereIs(index) {
    for (var key in picked.parts) {
      if (picked.parts[key].indexOf(index) >= 0) { return key; }
    }
    return null;
  }

  function reset(box) {
    picked = {hand: box ? box.dataset.hand : null, parts: {}, target: null};
  }

  function prepare(box) {
    if (picked.hand !== box.dataset.hand) { reset(box); }
    var others = specs(box).slice(1);
    others.forEach(function (h) { picked.parts[h.key] = picked.parts[h.key] || []; });
    if (!picked.target) { picked.target = others[0].key; }
    return others;
  }

  function showChoice() {
    var box = setting();
    if (!box) { reset(null); return; }
    var all = specs(box), others = prepare(box), first = all[0];
    box.querySelectorAll(".pg-target").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.target === picked.target ? "true" : "false");
    });
    var picks = box.querySelectorAll(".pg-pick"), rest = [];
    picks.forEach(function (b) {
      var where = whereIs(Number(b.dataset.index));
      b.setAttribute("aria-pressed", where ? "true" : "false");
      b.classList.toggle("low", !!where);
      if (where) { b.dataset.in = where; } else { delete b.dataset.in; rest.push(b.dataset.card); }
    });
    var complete = others.every(function (h) { return picked.parts[h.key].length === h.size; });
    var foul = box.querySelector(".pg-foul"), submit = box.querySelector(".pg-submit");
    var live = box.querySelector(".pg-live");
    function cardOf(index) { return box.querySelector('.pg-pick[data-index="' + index + '"]').dataset.card; }
    all.forEach(function (h, i) {
      var input = document.getElementById("pg-set-" + h.key);
      input.value = !complete ? "" : (i === 0 ? rest : picked.parts[h.key].map(cardOf)).join(" ");
    });
    if (!complete) {
      var any = others.some(function (h) { return picked.parts[h.key].length; });
      var missing = others.filter(function (h) { return picked.parts[h.key].length < h.size; }).map(function (h) {
        var more = h.size - picked.parts[h.key].length;
        return (any ? WORDS[more] + " more" + (more === 1 ? " card" : " cards") : cardsWord(more)) +
          " for the " + h.name.toLowerCase();
      });
      box.querySelector(".pg-" + first.key + "-name").textContent = any ? "pick " + missing.join(", ") : box.dataset.prompt;
      others.forEach(function (h) { box.querySelector(".pg-" + h.key + "-name").textContent = "—"; });
      foul.hidden = true;
      submit.disabled = true;
      return;
    }
    var key = others.map(function (h) {
      return picked.parts[h.key].slice().sort(function (a, b) { return a - b; }).join("-");
    }).join("|");
    var found = JSON.parse(box.dataset.settings)[key], fouled = !!found[all.length];
    all.forEach(function (h, i) { box.querySelector(".pg-" + h.key + "-name").textContent = found[i]; });
    var message = JSON.parse(box.dataset.fouls || "{}")[key];
    if (message) { foul.textContent = message; }
    foul.hidden = !fouled;
    submit.disabled = fouled;
    live.textContent = all.map(function (h, i) {
      return (i ? h.name.toLowerCase() : h.name) + " " + found[i];
    }).join(", ") + (fouled ? ". Foul: choose again." : ".");
  }

  function pick(index) {
    var box = setting();
    if (!box) { return; }
    var others = prepare(box), target = picked.target, where = whereIs(index);
    if (where) { picked.parts[where].splice(picked.parts[where].indexOf(index), 1); }
    if (where !== target) {
      var size = others.filter(function (h) { return h.key === target; })[0].size;
      picked.parts[target].push(index);
      if (picked.parts[target].length > size) { picked.parts[target].shift(); }
      if (picked.parts[target].length === size) {
        // A full hand passes the clicks on to the next hand that is not full yet.
        var next = others.filter(function (h) { return picked.parts[h.key].length < h.size; })[0];
        if (next) { picked.target = next.key; }
      }
    }
    showChoice();
  }

  document.addEventListener("htmx:wsAfterMessage", showChoice);
  document.addEventListener("DOMContentLoaded", showChoice);
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("#pg-me .pg-pick");
    if (button) { pick(Number(button.dataset.index)); return; }
    var target = e.target.closest && e.target.closest("#pg-me .pg-target");
    if (target && setting()) { prepare(setting()); picked.target = target.dataset.target; showChoice(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.altKey || e.metaKey || e.repeat) { return; }
    var typing = "input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable]";
    if (e.target.closest && e.target.closest(typing)) { return; }
    if (/^[1-7]$/.test(e.key) && setting()) {
      var card = setting().querySelector('.pg-pick[data-index="' + (Number(e.key) - 1) + '"]');
      if (card) { e.preventDefault(); pick(Number(e.key) - 1); }
    }
  });
})();
