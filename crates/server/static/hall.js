// The hall screen (routes/events/reports/hall.rs): its panels (pairings, live boards,
// standings) shown one at a time, each for data-every seconds. A panel marked hidden has
// nothing to show (event_boards.js hides the live boards while there are none) and is
// passed over. The page reloads itself when the event changes (live.js); the panel shown
// and since when are kept in sessionStorage so that the turn goes on after the reload.
// The arrow keys step through the panels, the space bar holds the one shown, a click
// asks for full screen. A panel longer than the screen scrolls through its time.
(function () {
  'use strict';
  var hall = document.getElementById('hall');
  if (!hall) {
    return;
  }
  var every = (Number(hall.getAttribute('data-every')) || 15) * 1000;
  var key = 'shatar-hall-' + hall.getAttribute('data-event');
  var panels = Array.prototype.slice.call(hall.querySelectorAll('.hall-panel'));
  var current = -1;
  var since = 0;
  var held = false;
  // The live boards are hidden until event_boards.js has its first answer: a panel kept
  // across a reload is given that long before it counts as empty.
  var loadedAt = Date.now();
  var FIRST_ANSWER_MS = 3000;

  function name(i) {
    return panels[i].getAttribute('data-panel');
  }

  function show(i, at) {
    current = i;
    since = at;
    panels.forEach(function (p, k) {
      p.classList.toggle('hall-current', k === i);
    });
    try {
      sessionStorage.setItem(key, JSON.stringify({ panel: name(i), since: at }));
    } catch (e) { /* private mode: the turn starts again after a reload */ }
  }

  // The next panel with something to show after `from`, `step` apart (1 or -1); the
  // one shown when none has.
  function next(from, step) {
    for (var k = 1; k <= panels.length; k++) {
      var i = (from + step * k + panels.length * k) % panels.length;
      if (!panels[i].hidden) {
        return i;
      }
    }
    return from < 0 ? 0 : from;
  }

  function resume() {
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(key) || 'null');
    } catch (e) { kept = null; }
    var now = Date.now();
    if (kept) {
      for (var i = 0; i < panels.length; i++) {
        if (name(i) === kept.panel && now - kept.since < every) {
          show(i, kept.since);
          return;
        }
      }
    }
    show(next(-1, 1), now);
  }

  // A panel taller than the screen (the standings of a large Swiss) scrolls down through
  // its time, so that every line is shown once.
  function scroll(now) {
    var over = document.documentElement.scrollHeight - window.innerHeight;
    if (over <= 0 || held) {
      return;
    }
    var part = Math.min(1, (now - since) / every);
    window.scrollTo(0, Math.round(over * part));
  }

  function tick() {
    var now = Date.now();
    scroll(now);
    if (current >= 0 && panels[current].hidden && now - loadedAt > FIRST_ANSWER_MS) {
      // The live boards are empty (or emptied while shown).
      show(next(current, 1), now);
    } else if (!held && now - since >= every) {
      show(next(current, 1), now);
    }
  }

  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'ArrowRight' || ev.key === 'PageDown') {
      show(next(current, 1), Date.now());
    } else if (ev.key === 'ArrowLeft' || ev.key === 'PageUp') {
      show(next(current, -1), Date.now());
    } else if (ev.key === ' ') {
      held = !held;
      hall.classList.toggle('held', held);
      since = Date.now();
    } else {
      return;
    }
    ev.preventDefault();
  });
  hall.addEventListener('click', function () {
    var root = document.documentElement;
    if (!document.fullscreenElement && root.requestFullscreen) {
      root.requestFullscreen().catch(function () {});
    }
  });
  resume();
  setInterval(tick, 250);
})();
