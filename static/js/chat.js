// The table chat (templates/chat/_panel.html). Its form sends over the
// table's websocket (htmx ws-send), which leaves what was typed in the
// field: empty it once sent, the focus kept there for the next message, and
// put the text back if the server refused it (a flash marked chat-refused:
// too fast, muted…). The refusal is about that message: the next one sent
// takes it off the screen (a new refusal comes back if it applies again).
// A log scrolled to its end follows the new lines.
(function () {
  "use strict";
  var unsent = null;  // the text of the last message sent, until its answer
  var refusal = null;  // the flash that refused the last message, while shown
  document.addEventListener("htmx:wsAfterSend", function (e) {
    var form = e.target.closest && e.target.closest("#chat-form");
    if (!form) { return; }
    var input = form.querySelector("#chat-text");
    unsent = input ? input.value : null;
    form.reset();
    if (input) { input.focus(); }
    if (refusal && refusal.isConnected) { refusal.textContent = ""; }
    refusal = null;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var refused = document.querySelector("#flash.chat-refused");
    var input = document.getElementById("chat-text");
    if (refused && input && unsent !== null && !input.value) { input.value = unsent; }
    if (refused) { refused.classList.remove("chat-refused"); unsent = null; refusal = refused; }
  });

  var following = true;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var log = document.getElementById("chat-log");
    following = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  var KEEP = 200;  // lines a page keeps (it joined with the last 100)
  document.addEventListener("htmx:wsAfterMessage", function () {
    var log = document.getElementById("chat-log");
    var list = document.getElementById("chat-list");
    while (list && list.children.length > KEEP) { list.removeChild(list.firstElementChild); }
    if (log && following) { log.scrollTop = log.scrollHeight; }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var log = document.getElementById("chat-log");
    if (log) { log.scrollTop = log.scrollHeight; }
  });
})();
