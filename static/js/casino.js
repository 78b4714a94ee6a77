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
      el.classList.toggle("soon", left > 3 && left <= 5);
    });
  }

  // The countdown for screen readers. Its number is aria-hidden (it changes
  // every second); a polite live region of its own says "10 seconds left to
  // bet" and "5 seconds left…" as a clock crosses them, nothing in between,
  // and nothing on the first look at a clock.
  var SAY_AT = [10, 5];
  var saidLeft = {};  // deadline -> seconds left at the last look
  function sayCountdown() {
    var live = document.getElementById("announce-clock");
    var el = document.querySelector("[data-deadline-ms]");
    if (!live || !el) { return; }
    var deadline = el.dataset.deadlineMs;
    var left = Math.ceil((Number(deadline) - serverNow()) / 1000);
    var before = saidLeft[deadline];
    saidLeft = {};
    saidLeft[deadline] = left;
    if (before === undefined) { return; }
    var what = el.closest(".phase-betting") ? " seconds left to bet." : " seconds left on the clock.";
    SAY_AT.forEach(function (at) {
      if (before > at && left <= at && left > 0) { live.textContent = at + what; }
    });
  }

  // The wheel. While a spin turns, the page knows only that it turns (where
  // it will stop is not sent before it has stopped, § 689a.2(c)): it spins
  // freely. The push telling where it stopped (data-land) eases it onto that
  // section, and what that push shows of the result ([data-reveal], the
  // announcement) waits until the wheel is there (html.wheel-landing).
  var SPIN_SPEED = 0.42; // degrees per ms at full speed
  var SPIN_UP_MS = 900;
  var EASE_MIN_MS = 1200;
  var EASE_MAX_MS = 2500;
  var HOLD_MS = 1000; // a landed multiplier stays in view before the bonus spin
  var motion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var wheel = { mode: "rest", angle: null, id: null, landed: {} };

  function reducedMotion() { return !!(motion && motion.matches); }

  function parsed(text) { return text ? JSON.parse(text) : null; }

  function spinAngle(now) {
    var t = now - wheel.t0, turned;
    if (reducedMotion()) { return wheel.from; }
    turned = t < SPIN_UP_MS ? wheel.speed * t * t / (2 * SPIN_UP_MS) : wheel.speed * (t - SPIN_UP_MS / 2);
    return wheel.from + wheel.direction * turned;
  }

  function startSpin(now, spin) {
    // At least three revolutions in the spin's time (§ 689a.2(b)), in its direction.
    wheel.mode = "spin"; wheel.id = spin.id; wheel.t0 = now; wheel.from = wheel.angle;
    wheel.direction = spin.direction < 0 ? -1 : 1;
    wheel.speed = Math.max(SPIN_SPEED, 3 * 360 / Math.max(1000, spin.duration_ms - SPIN_UP_MS));
  }

  // From the turning wheel onto land.angle: a cubic ease-out whose starting
  // speed is the wheel's (it slows down, never jerks), at least EASE_MIN_MS long.
  function startEase(now, land) {
    var t = now - wheel.t0, speed = reducedMotion() ? 0 : wheel.speed * Math.min(1, t / SPIN_UP_MS);
    var distance = ((wheel.direction * (land.angle - wheel.angle)) % 360 + 360) % 360;
    if (speed > 0) { while (distance < speed * EASE_MIN_MS / 3) { distance += 360; } }
    wheel.mode = "ease"; wheel.id = land.id; wheel.t0 = now; wheel.from = wheel.angle;
    wheel.distance = distance;
    wheel.duration = speed > 0 ? Math.min(EASE_MAX_MS, Math.max(EASE_MIN_MS, 3 * distance / speed)) : 0;
  }

  function easeAngle(now) {
    var p = wheel.duration ? Math.min(1, (now - wheel.t0) / wheel.duration) : 1;
    return { angle: wheel.from + wheel.direction * wheel.distance * (1 - Math.pow(1 - p, 3)), done: p >= 1 };
  }

  function stepWheel(now) {
    var rotor = document.querySelector(".wheel-rotor");
    if (!rotor) { return; }
    var spin = parsed(rotor.dataset.spin), land = parsed(rotor.dataset.land);
    if (wheel.angle === null) {
      // The page as it opened: a stop it shows has happened already.
      wheel.angle = Number(rotor.dataset.rest || 0);
      if (land) { wheel.landed[land.id] = true; }
    }
    if (wheel.mode === "spin") {
      if (spin && spin.id === wheel.id) {
        wheel.angle = spinAngle(now);
      } else if (land && !wheel.landed[land.id]) {
        // Its stop (or, after a missed push, a later one): ease onto it.
        wheel.angle = spinAngle(now);
        if (wheel.id !== land.id) { wheel.landed[wheel.id] = true; }
        startEase(now, land);
      } else {
        wheel.mode = "rest";
      }
    }
    if (wheel.mode === "ease") {
      var eased = easeAngle(now);
      wheel.angle = eased.angle;
      if (eased.done) {
        wheel.landed[wheel.id] = true;
        wheel.mode = "hold"; wheel.until = now + HOLD_MS;
      }
    }
    if (wheel.mode === "hold" && now >= wheel.until) { wheel.mode = "rest"; }
    if (wheel.mode === "rest") {
      if (land && !wheel.landed[land.id]) {
        // A stop whose spin this page did not show (it was still on the last one).
        wheel.t0 = now - SPIN_UP_MS; wheel.speed = wheel.speed || SPIN_SPEED; wheel.direction = wheel.direction || 1;
        startEase(now, land);
      } else if (spin && !wheel.landed[spin.id]) {
        startSpin(now, spin);
      } else {
        wheel.angle = Number(rotor.dataset.rest || 0);
      }
    }
    rotor.style.transform = "rotate(" + wheel.angle + "deg)";
    var landing = !!(land && !wheel.landed[land.id]);
    var root = document.documentElement;
    if (root.classList.contains("wheel-landing") !== landing) {
      root.classList.toggle("wheel-landing", landing);
      if (!landing && sayTimer === null) { sayNext(); }
    }
  }

  function animate(now) {
    stepWheel(now);
    window.requestAnimationFrame(animate);
  }

  // What screen readers hear (#announce). Every line a push brings is queued
  // as it arrives and read out in order, one a second (a polite live region
  // replaced sooner may never be read). A table line that came with a wheel
  // stop waits until the wheel is there (html.wheel-landing), and the lines
  // behind it wait with it: the next round can open while a slow page is
  // still landing the last one, and its result must still be heard first.
  var SAY_GAP_MS = 1000;
  var QUEUE_MAX = 8; // a page in the background does not pile up old news
  var said = { table: null, turn: null };
  var queue = [];
  var sayTimer = null;
  var nextSayAt = 0;

  function enqueue(kind, el) {
    if (!el) { return; }
    var id = el.dataset.id || "", before = said[kind];
    said[kind] = id;
    // Nothing on the first look at a page, nor when the line has not changed.
    if (before === null || !id || before === id || !el.dataset.text) { return; }
    queue.push({ text: el.dataset.text, held: kind === "table" });
    if (queue.length > QUEUE_MAX) { queue.splice(0, queue.length - QUEUE_MAX); }
  }

  function sayNext() {
    sayTimer = null;
    var live = document.getElementById("announce");
    if (!live || !queue.length) { return; }
    var now = Date.now();
    if (queue[0].held && document.documentElement.classList.contains("wheel-landing")) {
      return; // stepWheel calls again when the wheel is there
    }
    if (now < nextSayAt) {
      sayTimer = setTimeout(sayNext, nextSayAt - now);
      return;
    }
    live.textContent = queue.shift().text;
    nextSayAt = now + SAY_GAP_MS;
    if (queue.length) { sayTimer = setTimeout(sayNext, SAY_GAP_MS); }
  }

  function announce() {
    enqueue("table", document.getElementById("announce-src"));
    // The viewer's own "your turn" line ([data-turn-announce]).
    enqueue("turn", document.querySelector("[data-turn-announce]"));
    if (sayTimer === null) { sayNext(); }
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
  // The extension comes back only after an abnormal close or a restart
  // (1006, 1011-1013). The casino's own closes (removed or banned by a host,
  // a message too big, too many windows: docs/protocol.md) say why in the
  // flash, and the page is not coming back by itself: say so, not
  // "Reconnecting…" forever.
  var RECONNECTS = [1006, 1011, 1012, 1013];
  var FLASH_MS = 6000;
  document.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail && e.detail.event ? e.detail.event.code : 1006;
    if (RECONNECTS.indexOf(code) >= 0) { setConnection("Reconnecting…", false); }
    else { setConnection("Disconnected: reload the page to come back", false); }
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    syncClock();
    tickCountdowns(); // a pushed clock arrives empty: fill it before it is drawn, so it never blinks out
    stepWheel(window.performance.now()); // a stop just pushed hides its result before it is read out
    announce();
    // A flash goes a few seconds after it came. Each one arrives as a new
    // #flash element (an out-of-band swap): the table's updates meanwhile
    // leave its clock running, or a busy table would keep it on screen.
    var flash = document.getElementById("flash");
    if (flash && flash.textContent.trim() && !flash._timer) {
      flash._timer = setTimeout(function () { flash.textContent = ""; }, FLASH_MS);
    }
  });

  // A control that cannot be undone (a host's Ban, Close, Make host: data-confirm)
  // asks first; declined, nothing is sent.
  document.addEventListener("htmx:wsConfigSend", function (e) {
    var asks = e.target.closest && e.target.closest("[data-confirm]");
    if (asks && !window.confirm(asks.dataset.confirm)) { e.preventDefault(); }
  });
  // The same for a form's button (a host's Ban from the waiting list, a new link).
  document.addEventListener("submit", function (e) {
    var asks = e.submitter && e.submitter.closest("[data-confirm]");
    if (asks && !window.confirm(asks.dataset.confirm)) { e.preventDefault(); }
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
    // A letter or digit clicks the shown, enabled button that carries it (H hit, S stand…;
    // a poker Play of several sizes: 1 for Play 1×, 3 for Play 3×).
    if (typing(e) || !/^[a-z0-9]$/i.test(e.key)) { return; }
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

  // A phone's sticky strips (casino.css): each sticks under the ones above
  // it, whose heights change as the status wraps and the cards come.
  function stuckHeight(el) {
    return el && window.getComputedStyle(el).position === "sticky" ? el.getBoundingClientRect().height : 0;
  }

  function measureStrips() {
    var root = document.documentElement.style;
    root.setProperty("--status-h", (stuckHeight(document.querySelector(".table-status")) || 48) + "px");
    root.setProperty("--dealer-h", stuckHeight(document.querySelector(".table-dealer")) + "px");
    root.setProperty("--board-h", stuckHeight(document.querySelector(".pk-board")) + "px");
  }

  document.addEventListener("htmx:wsAfterMessage", measureStrips);
  window.addEventListener("resize", measureStrips);

  document.addEventListener("DOMContentLoaded", function () {
    measureStrips();
    syncClock();
    announce();
    rememberChip();
    tickCountdowns();
    setInterval(tickCountdowns, 250);
    if (document.getElementById("table-socket") && !document.getElementById("announce-clock")) {
      var clockLive = document.createElement("div");
      clockLive.id = "announce-clock";
      clockLive.className = "sr-only";
      clockLive.setAttribute("aria-live", "polite");
      document.getElementById("table-socket").appendChild(clockLive);
    }
    setInterval(sayCountdown, 250);
    // Also without animation frames (a page in the background gets none): the
    // wheel still lands and its result is still shown and read out.
    setInterval(function () { stepWheel(window.performance.now()); }, 250);
    window.requestAnimationFrame(animate);
  });
})();

// A private table's "Copy link" (issue 19): shown only where a script runs;
// the link stays in its read-only field, selected, for copying by hand.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      button.hidden = false;
    });
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) { return; }
    var field = document.getElementById(button.dataset.copy);
    var said = button.parentNode.querySelector("[data-copied]");
    field.select();
    function tell(text) { if (said) { said.textContent = text; } }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(
        function () { tell("Copied."); },
        function () { tell("Select the link and copy it."); }
      );
    } else {
      tell(document.execCommand && document.execCommand("copy") ? "Copied." : "Select the link and copy it.");
    }
  });
})();
