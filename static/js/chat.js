// The table chat (templates/chat/_panel.html). Its form sends over the
// table's websocket (htmx ws-send), which leaves what was typed in the
// field: empty it once sent, the focus kept there for the next message. And
// a log scrolled to its end follows the new lines as they come.
(function () {
  "use strict";
  document.addEventListener("htmx:wsAfterSend", function (e) {
    var form = e.target.closest && e.target.closest("#chat-form");
    if (!form) { return; }
    form.reset();
    var input = form.querySelector("#chat-text");
    if (input) { input.focus(); }
  });

  var following = true;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var log = document.getElementById("chat-log");
    following = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var log = document.getElementById("chat-log");
    if (log && following) { log.scrollTop = log.scrollHeight; }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var log = document.getElementById("chat-log");
    if (log) { log.scrollTop = log.scrollHeight; }
  });
})();
