// artemis serve: the page asks the server for news at the bots' pace and reloads when the
// game moved on; the account opens at its news; a click on a board element opens its step
// in the chooser; the replay's slider opens the step it is let go at; the new-game form
// shows a seat row per player. No library.
(function () {
  "use strict";
  var body = document.body;
  var game = body.dataset.game;
  if (game && body.dataset.poll) {
    var seen = body.dataset.actions;
    var every = Math.max(300, Math.min(2000, 1000 * parseFloat(body.dataset.pace || "1")));
    var ask = function () {
      fetch("/g/" + game + "/poll", {headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (news) {
          if (String(news.actions) !== seen) { location.reload(); return; }
          if (!news.over) { setTimeout(ask, every); }
        })
        .catch(function () { setTimeout(ask, 5000); });
    };
    setTimeout(ask, every);
  }
  // the account opens at its newest lines, or where the news since this seat's last
  // decision begins when it is longer than the box
  var account = document.getElementById("account");
  if (account) {
    var mark = document.getElementById("news");
    account.scrollTop = mark ? mark.offsetTop : account.scrollHeight;
  }
  // the replay's slider: the step under it is shown as it moves, and opened when let go
  var scrub = document.getElementById("scrub");
  if (scrub && scrub.form) {
    var shown = document.getElementById("scrub-value");
    scrub.addEventListener("input", function () { if (shown) { shown.textContent = scrub.value; } });
    scrub.addEventListener("change", function () { scrub.form.submit(); });
  }
  // the new-game form shows a seat row for each player of the count
  var count = document.querySelector("form.new-game input[name=players]");
  if (count) {
    var rows = function () {
      var n = parseInt(count.value, 10) || 0;
      document.querySelectorAll("form.new-game .seat-row").forEach(function (row) {
        row.hidden = parseInt(row.dataset.seat, 10) >= n;
      });
    };
    count.addEventListener("input", rows);
    rows();
  }
  // a board element marked data-choice="KEY" (the game's board template) opens the step
  // keyed KEY under the chooser's open first step, and shuts its siblings
  document.querySelectorAll("[data-choice]").forEach(function (el) {
    el.addEventListener("click", function () {
      var open = document.querySelector(".chooser details.step[data-depth='0'][open]") ||
                 document.querySelector(".chooser details.step[data-depth='0']");
      if (!open) { return; }
      open.open = true;
      open.querySelectorAll(":scope > details.step").forEach(function (d) {
        d.open = d.dataset.key === el.dataset.choice;
      });
      document.querySelectorAll(".chosen").forEach(function (h) { h.classList.remove("chosen"); });
      el.classList.add("chosen");
    });
  });
})();
