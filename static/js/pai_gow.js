// Pai Gow Poker's part of the page (static/js/casino.js does the clocks,
// "your turn" and the letter keys): the setting aid, keys 1–7 picking a card. The aid
// does no poker: the server lists, for the player's own seven cards, the names
// of both hands and the foul flag of all 21 settings (data-settings, keyed
// "i-j" by the low hand's card positions); this only looks the choice up.
(function () {
  "use strict";
  var picked = {hand: null, order: []};  // the low hand being chosen, kept across swaps

  function setting() { return document.querySelector("#pg-me .pg-setting"); }

  function showChoice() {
    var box = setting();
    if (!box) { picked = {hand: null, order: []}; return; }
    if (picked.hand !== box.dataset.hand) { picked = {hand: box.dataset.hand, order: []}; }
    var picks = box.querySelectorAll(".pg-pick");
    picks.forEach(function (b) {
      var on = picked.order.indexOf(Number(b.dataset.index)) >= 0;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("low", on);
    });
    var highName = box.querySelector(".pg-high-name"), lowName = box.querySelector(".pg-low-name");
    var foul = box.querySelector(".pg-foul"), submit = box.querySelector(".pg-submit");
    var live = box.querySelector(".pg-live");
    var high = [], low = [];
    picks.forEach(function (b) {
      (picked.order.indexOf(Number(b.dataset.index)) >= 0 ? low : high).push(b.dataset.card);
    });
    document.getElementById("pg-set-high").value = low.length === 2 ? high.join(" ") : "";
    document.getElementById("pg-set-low").value = low.length === 2 ? low.join(" ") : "";
    if (low.length !== 2) {
      highName.textContent = low.length ? "pick one more card for the low hand" : "pick two cards for the low hand";
      lowName.textContent = "—";
      foul.hidden = true;
      submit.disabled = true;
      return;
    }
    var order = picked.order.slice().sort(function (a, b) { return a - b; });
    var found = JSON.parse(box.dataset.settings)[order[0] + "-" + order[1]];
    highName.textContent = found[0];
    lowName.textContent = found[1];
    foul.hidden = !found[2];
    submit.disabled = !!found[2];
    live.textContent = "High hand " + found[0] + ", low hand " + found[1] + (found[2] ? ". Foul: choose again." : ".");
  }

  function pick(index) {
    var at = picked.order.indexOf(index);
    if (at >= 0) { picked.order.splice(at, 1); }
    else {
      picked.order.push(index);
      if (picked.order.length > 2) { picked.order.shift(); }
    }
    showChoice();
  }

  document.addEventListener("htmx:wsAfterMessage", showChoice);
  document.addEventListener("DOMContentLoaded", showChoice);
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("#pg-me .pg-pick");
    if (button) { pick(Number(button.dataset.index)); }
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
