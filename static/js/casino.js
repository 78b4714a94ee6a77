// Client side of the table pages: clocks, the wheel's animation, screen-reader
// announcements (the table's events, and "your turn" for the viewer), the
// chip picker and the letter keys of the buttons that show one (data-key). Everything it shows comes from the
// server's fragments; it only animates them.
(function () {
  "use strict";
  var clockOffset = 0; // server time minus this browser's time, in ms

  function serverNow() { return Date.now() + clockOffset; }

  function syncClock() {
    var status = document.querySelector("[data-server-now]");
    if (status && status.dataset.serverNow) {
      clockOffset = Number(status.dataset.serverNow) - Date.now();
    }
  }

  function tickCountdowns() {
    document.querySelectorAll("[data-deadline-ms]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.dataset.deadlineMs) - serverNow()) / 1000));
      el.textContent = left + "s";
      el.classList.toggle("urgent", left <= 3);
    });
  }

  function easeOut(p) { return 1 - Math.pow(1 - p, 3); }

  // The rotation that puts section `index` under the pointer.
  function restAngle(index, step) { return -index * step; }

  function wheelAngle(rotor) {
    var spin = rotor.dataset.spin ? JSON.parse(rotor.dataset.spin) : null;
    if (!spin) { return Number(rotor.dataset.rest || 0); }
    var from = restAngle(spin.from, spin.step);
    var base = restAngle(spin.to, spin.step);
    var target;
    // At least spin.turns whole revolutions, in the drawn direction (§ 689a.2(b)).
    if (spin.direction > 0) {
      target = base; while (target < from + 360 * spin.turns) { target += 360; }
    } else {
      target = base; while (target > from - 360 * spin.turns) { target -= 360; }
    }
    var p = Math.min(1, Math.max(0, (serverNow() - spin.start_ms) / spin.duration_ms));
    return from + (target - from) * easeOut(p);
  }

  function animate() {
    var rotor = document.querySelector(".wheel-rotor");
    if (rotor) { rotor.style.transform = "rotate(" + wheelAngle(rotor) + "deg)"; }
    window.requestAnimationFrame(animate);
  }

  var lastAnnounced = null;
  function announce() {
    var src = document.getElementById("announce-src");
    var live = document.getElementById("announce");
    if (!src || !live) { return; }
    if (lastAnnounced === null) { lastAnnounced = src.dataset.id; return; }
    if (src.dataset.id !== lastAnnounced) {
      lastAnnounced = src.dataset.id;
      live.textContent = src.dataset.text;
    }
  }

  // The viewer's own "your turn" line ([data-turn-announce]): read out when
  // its id changes, not on the first page.
  var lastTurn = null;
  function announceTurn() {
    var mine = document.querySelector("[data-turn-announce]");
    var live = document.getElementById("announce");
    if (!mine || !live) { return; }
    if (lastTurn !== null && mine.dataset.id && mine.dataset.id !== lastTurn) { live.textContent = mine.dataset.text; }
    lastTurn = mine.dataset.id;
  }

  function rememberChip() {
    var picker = document.getElementById("chip-picker");
    if (!picker) { return; }
    var saved = window.localStorage.getItem("chip");
    if (saved) {
      var input = picker.querySelector('input[value="' + saved + '"]');
      if (input) { input.checked = true; }
    }
    picker.addEventListener("change", function (e) { window.localStorage.setItem("chip", e.target.value); });
  }

  function setConnection(text, ok) {
    var el = document.getElementById("connection");
    if (el) { el.textContent = text; el.classList.toggle("down", !ok); }
  }

  // Reconnecting. htmx's ws extension doubles its random delay up to 64 s, so
  // a page could stay stale for minutes after a few short outages: cap it at
  // 4 s, half of it random so that a restarted Daphne is not hit by every
  // browser in the same instant.
  htmx.config.wsReconnectDelay = function (retryCount) {
    var delay = Math.min(4000, 500 * Math.pow(2, retryCount));
    return delay / 2 + Math.random() * delay / 2;
  };

  // "?join=1" (the lobby's Join) seats the player when the socket first
  // opens. The extension reconnects to the URL it started with, so once a
  // socket has opened the join is dropped from later sockets (and from the
  // page's URL, for a reload): a player who left their seat is not sat again.
  function withoutJoin(url) {
    var parsed = new URL(url, window.location.href);
    parsed.searchParams.delete("join");
    parsed.search = parsed.searchParams.toString();
    // A path stays a path: the extension makes ws:// or wss:// of those.
    return url.charAt(0) === "/" ? parsed.pathname + parsed.search + parsed.hash : parsed.toString();
  }
  var opened = false;
  var createWebSocket = htmx.createWebSocket;
  if (createWebSocket) {
    htmx.createWebSocket = function (url) {
      return createWebSocket(opened ? withoutJoin(url) : url);
    };
  }

  document.addEventListener("htmx:wsOpen", function (e) {
    setConnection("Live", true);
    if (!opened) {
      opened = true;
      var socket = e.target.closest("[ws-connect]");
      if (socket) { socket.setAttribute("ws-connect", withoutJoin(socket.getAttribute("ws-connect"))); }
      if (/[?&]join=/.test(window.location.search)) {
        window.history.replaceState(window.history.state, "", withoutJoin(window.location.href));
      }
    }
  });
  document.addEventListener("htmx:wsClose", function () { setConnection("Reconnecting…", false); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    syncClock();
    announce();
    announceTurn();
    var flash = document.getElementById("flash");
    if (flash && flash.textContent.trim()) {
      clearTimeout(flash._timer);
      flash._timer = setTimeout(function () { flash.textContent = ""; }, 6000);
    }
  });

  // Where a key is the player's typing, not a table shortcut. A chip (a
  // radio button) or any button with focus still lets the keys through.
  var TYPING = "input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable]";

  function typing(e) {
    return e.ctrlKey || e.altKey || e.metaKey || e.repeat || (e.target.closest && e.target.closest(TYPING));
  }

  document.addEventListener("keydown", function (e) {
    // Number keys 1-6 pick the betting area, like clicking it.
    if (typing(e)) { return; }
    var spots = document.querySelectorAll("#dc-layout .spot");
    var n = Number(e.key);
    if (n >= 1 && n <= spots.length && !spots[n - 1].disabled) { e.preventDefault(); spots[n - 1].click(); }
  });

  document.addEventListener("keydown", function (e) {
    // A letter clicks the shown, enabled button that carries it (H hit, S stand…).
    if (typing(e) || !/^[a-z]$/i.test(e.key)) { return; }
    var button = document.querySelector('button[data-key="' + e.key.toUpperCase() + '"]:not(:disabled)');
    if (button) { e.preventDefault(); button.click(); }
  });

  document.addEventListener("submit", function (e) {
    // A form pushed over the websocket was rendered without a request, so
    // its CSRF token is empty: give it the page's.
    var form = e.target, meta = document.querySelector('meta[name="csrf-token"]');
    if (!meta || !meta.content || (form.method || "").toLowerCase() !== "post") { return; }
    var field = form.querySelector('input[name="csrfmiddlewaretoken"]');
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "csrfmiddlewaretoken";
      form.appendChild(field);
    }
    if (!field.value) { field.value = meta.content; }
  }, true);

  document.addEventListener("DOMContentLoaded", function () {
    syncClock();
    announce();
    announceTurn();
    rememberChip();
    setInterval(tickCountdowns, 250);
    window.requestAnimationFrame(animate);
  });
})();
