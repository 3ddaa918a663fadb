// An event's live boards: the round's games (an online event's live games, an
// over-the-board event's boards from their tablets' logs) as small boards and the top
// board large, with both clocks, kept up to date from GET /api/events/{id}/boards (named
// by the section's data-src) every few seconds while the page is shown. The running clock
// counts down between answers; each board links to its game (over the board: its round).
(function () {
  'use strict';
  var section = document.getElementById('event-boards');
  if (!section || !window.fetch || !window.ShatarBoard) {
    return;
  }
  var src = section.getAttribute('data-src');
  var grid = section.querySelector('.live-boards');
  var tiles = {};
  var pieceSet = localStorage.getItem('shatar-pieces') || 'shatar';

  function clock(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var sec = s % 60;
    var mm = (h > 0 && m < 10 ? '0' : '') + m;
    return (h > 0 ? h + ':' : '') + mm + ':' + (sec < 10 ? '0' : '') + sec;
  }

  function line(cls) {
    var p = document.createElement('p');
    p.className = 'live-player ' + cls;
    var name = document.createElement('span');
    name.className = 'name';
    var time = document.createElement('span');
    time.className = 'clock';
    p.appendChild(name);
    p.appendChild(time);
    return p;
  }

  function tile(b) {
    var a = document.createElement('a');
    a.className = 'live-board' + (b.board === 1 ? ' top' : '');
    a.setAttribute('data-board', String(b.board));
    var label = document.createElement('span');
    label.className = 'board-no';
    var top = line('black');
    var holder = document.createElement('div');
    holder.className = 'board small';
    var bottom = line('white');
    a.appendChild(label);
    a.appendChild(top);
    a.appendChild(holder);
    a.appendChild(bottom);
    grid.appendChild(a);
    var board = new window.ShatarBoard(holder, {
      pieceSet: pieceSet,
      onMove: function () {},
      onPromotion: function () {}
    });
    return { a: a, label: label, top: top, bottom: bottom, board: board, view: null, at: 0 };
  }

  function show(t) {
    var v = t.view;
    var running = v.status === 'started' ? v.clock.running : null;
    var gone = running ? Date.now() - t.at : 0;
    var ms = { white: v.clock.white_ms, black: v.clock.black_ms };
    if (running) ms[running] -= gone;
    [['white', t.bottom], ['black', t.top]].forEach(function (pair) {
      var c = pair[0];
      var p = pair[1];
      p.querySelector('.name').textContent = v[c];
      p.querySelector('.clock').textContent = v.status === 'started' ? clock(ms[c]) : '';
      p.classList.toggle('running', running === c);
    });
  }

  function update(j) {
    var seen = {};
    j.boards.forEach(function (b) {
      seen[b.board] = true;
      var t = tiles[b.board] || (tiles[b.board] = tile(b));
      t.view = b;
      t.at = Date.now();
      t.a.setAttribute('href', b.href);
      t.label.textContent = '#' + b.board + (b.result ? ' · ' + b.result : '');
      t.board.set({ board: b.board_men, last: b.last, check: b.check, turn: b.turn, ply: b.ply, status: b.status }, null);
      show(t);
    });
    Object.keys(tiles).forEach(function (k) {
      if (!seen[k]) {
        grid.removeChild(tiles[k].a);
        delete tiles[k];
      }
    });
    section.hidden = j.boards.length === 0;
  }

  function poll() {
    if (document.hidden) return;
    fetch(src, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (j) { if (j) update(j); })
      .catch(function () {});
  }
  poll();
  setInterval(poll, 3000);
  setInterval(function () {
    Object.keys(tiles).forEach(function (k) { show(tiles[k]); });
  }, 1000);
})();
