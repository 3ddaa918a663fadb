// The live game page: one socket to the server, which sends the whole state after every
// step; this script only shows it and sends the player's acts. It also polls a seek page
// until the challenge is accepted.
(function () {
  'use strict';

  var wait = document.getElementById('seek-wait');
  if (wait) {
    var seek = wait.getAttribute('data-seek');
    var poll = setInterval(function () {
      fetch('/api/seeks/' + encodeURIComponent(seek)).then(function (r) { return r.json(); }).then(function (j) {
        if (j.game) window.location.href = '/game/' + encodeURIComponent(j.game);
        else if (j.expired) {
          clearInterval(poll);
          document.getElementById('seek-expired').hidden = false;
        }
      }).catch(function () {});
    }, 2000);
    return;
  }

  var cfgEl = document.getElementById('game-config');
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);
  var T = cfg.strings;
  var you = cfg.you;
  var state = null;
  var received = 0;
  var socket = null;
  var retry = 0;
  var $ = function (id) { return document.getElementById(id); };
  // The opponent's absence as the server last said it (`presence`), and when it said it.
  var presence = null;
  var presenceAt = 0;

  var board = new window.ShatarBoard($('board'), {
    pieceSet: localStorage.getItem('shatar-pieces') || 'shatar',
    onMove: function (uci) { send({ t: 'move', uci: uci, ply: state.ply }); },
    onPromotion: function (choices) { showPromotion(choices); }
  });
  if (you === 'black') board.flip();
  $('piece-set').value = board.pieceSet;
  $('piece-set').addEventListener('change', function (e) {
    localStorage.setItem('shatar-pieces', e.target.value);
    board.setPieceSet(e.target.value);
    if (state) render();
  });
  $('btn-flip').addEventListener('click', function () { board.flip(); render(); });
  [['btn-offer', 'draw-offer'], ['btn-accept', 'draw-accept'], ['btn-decline', 'draw-decline'],
   ['btn-claim', 'claim'], ['btn-claim-victory', 'claim-victory'], ['btn-abort', 'abort'], ['btn-resign', 'resign'],
   ['btn-rematch', 'rematch'], ['btn-berserk', 'berserk']].forEach(function (p) {
    $(p[0]).addEventListener('click', function () { send({ t: p[1] }); });
  });
  $('move-input').addEventListener('keydown', function (e) {
    if (e.key !== 'Enter' || !state) return;
    var text = e.target.value.trim().toLowerCase().replace(/[-x\s]/g, '');
    if (/^[a-h][1-8][a-h][1-8][a-z]?$/.test(text)) send({ t: 'move', uci: text, ply: state.ply });
    e.target.value = '';
  });

  var ROLE_NAMES = window.ShatarBoard.roleNames(T);
  function showPromotion(choices) {
    board.showPromotion($('promo'), choices, you === 'black' ? 'b' : 'w', ROLE_NAMES, function (uci) {
      send({ t: 'move', uci: uci, ply: state.ply });
    });
  }

  function send(msg) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(msg));
  }

  function fmt(ms) {
    ms = Math.max(0, ms);
    var s = Math.floor(ms / 1000);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var mm = (h ? String(m).padStart(2, '0') : String(m));
    var out = (h ? h + ':' : '') + mm + ':' + String(sec).padStart(2, '0');
    if (ms < 10000) out += '.' + Math.floor((ms % 1000) / 100);
    return out;
  }

  function clockOf(color) {
    if (!state) return 0;
    var c = state.clock;
    var ms = c[color + '_ms'];
    if (c.running === color && state.status === 'started') ms -= (performance.now() - received);
    return ms;
  }

  function tick() {
    if (!state) return;
    var bottom = board.orientation, top = bottom === 'white' ? 'black' : 'white';
    $('clock-bottom').textContent = fmt(clockOf(bottom));
    $('clock-top').textContent = fmt(clockOf(top));
    $('clock-bottom').classList.toggle('running', state.clock.running === bottom);
    $('clock-top').classList.toggle('running', state.clock.running === top);
  }
  setInterval(tick, 100);

  function resultText() {
    if (state.status === 'aborted') return T['game-aborted'] + (state.termination === 'no-start' ? ' (' + T['term-no-start'] + ')' : '');
    var r = state.result === '1-0' ? T['result-white-wins'] : state.result === '0-1' ? T['result-black-wins'] : T['result-draw'];
    var term = T['term-' + state.termination] || state.termination;
    return T['game-over'] + ': ' + r + ' (' + term + ')';
  }

  // The move list in the visitor's notation and language: the server's records library
  // writes it (the analysis API reads the game's moves); until its answer arrives a new
  // move shows in UCI. Each move keeps its UCI in data-uci.
  var written = { start: '', key: '', uci: [], texts: [] };
  var asked = '';
  function startOf(s) { return s.ruleset + ' ' + s.initial_fen; }
  function keyOf(s) { return startOf(s) + ' ' + s.moves.join(' '); }
  function showMoves(s) {
    var key = keyOf(s);
    var list = $('moves');
    while (list.firstChild) list.removeChild(list.firstChild);
    var li = null;
    var same = written.start === startOf(s);
    for (var i = 0; i < s.moves.length; i++) {
      if (i % 2 === 0) { li = document.createElement('li'); list.appendChild(li); }
      var span = document.createElement('span');
      span.className = 'mv';
      span.setAttribute('data-uci', s.moves[i]);
      // A written move holds while every move up to it is the same.
      same = same && written.uci[i] === s.moves[i];
      span.textContent = same ? written.texts[i] : s.moves[i];
      if (i % 2 === 1) li.appendChild(document.createTextNode(' '));
      li.appendChild(span);
    }
    list.scrollTop = list.scrollHeight;
    // One request per new move list: a re-render (flip, piece set) while it is answered
    // does not ask again.
    if (written.key === key || asked === key || s.moves.length === 0) return;
    asked = key;
    var url = '/api/analysis/position?ruleset=' + encodeURIComponent(s.ruleset) +
      '&fen=' + encodeURIComponent(s.initial_fen) + '&moves=' + encodeURIComponent(s.moves.join(' '));
    fetch(url, { credentials: 'same-origin' }).then(function (r) { return r.ok ? r.json() : null; }).then(function (j) {
      if (!j || !j.moves || !state || keyOf(state) !== key) return;
      written = {
        start: startOf(state),
        key: key,
        uci: j.moves.map(function (m) { return m.uci; }),
        texts: j.moves.map(function (m) { return m.text; })
      };
      showMoves(state);
    }).catch(function () {}).then(function () { if (asked === key) asked = ''; });
  }

  function render() {
    var s = state;
    board.set(s, you);
    var bottom = board.orientation, top = bottom === 'white' ? 'black' : 'white';
    // An arena game marks a side that berserked (half its clock, no increment).
    var mark = function (side) { return s.berserk && s.berserk[side] ? ' · ' + T['game-berserked'] : ''; };
    $('name-bottom').textContent = (s.players[bottom] || T['name-' + bottom] || '?') + ' · ' + T['color-' + bottom] + mark(bottom);
    $('name-top').textContent = (s.players[top] || T['name-' + top] || '?') + ' · ' + T['color-' + top] + mark(top);
    var status;
    if (s.status !== 'started') status = resultText();
    else if (!you) status = T['game-spectating'];
    else status = s.turn === you ? T['game-your-turn'] : T['game-their-turn'];
    if (s.status === 'started' && s.draw_offer && s.draw_offer !== you) status += ' · ' + T['game-draw-offered'];
    if (s.status === 'started' && you && s.draw_declined && s.draw_declined !== you) status += ' · ' + T['game-draw-declined'];
    if (s.status === 'started' && s.first_round) status += ' · ' + T['game-first-round'];
    $('status').textContent = status;
    showMoves(s);
    var live = s.status === 'started' && !!you;
    var show = function (id, on) { $(id).hidden = !on; };
    show('btn-offer', live && s.can_offer[you] && !s.draw_offer);
    show('btn-accept', live && s.draw_offer && s.draw_offer !== you);
    show('btn-decline', live && s.draw_offer && s.draw_offer !== you);
    show('btn-claim', live && s.claimable && s.turn === you);
    show('btn-abort', live && s.abortable);
    show('btn-resign', live && !s.abortable);
    // Berserk: an arena game, before one's own first move (White's at ply 0, Black's by 1).
    show('btn-berserk', live && !!s.berserk && s.berserk.allowed && !s.berserk[you] &&
      s.ply <= (you === 'white' ? 0 : 1));
    show('move-input', live);
    show('btn-rematch', !!you && s.status === 'ended' && !s.rematch.game && s.rematch.offer !== you);
    if (s.rematch.offer && s.rematch.offer !== you && !s.rematch.game && you) $('status').textContent += ' · ' + T['game-rematch-offered'];
    showPresence();
    if (s.rematch.game && you) window.location.href = '/game/' + encodeURIComponent(s.rematch.game);
    tick();
  }

  // The opponent has left: say so, count down to the claim, then offer it.
  function showPresence() {
    var gone = !!(presence && presence.opponent_gone_s !== null && state && state.status === 'started' && you);
    var wait = gone ? Math.max(0, Math.ceil(presence.claim_in_s - (performance.now() - presenceAt) / 1000)) : 0;
    $('btn-claim-victory').hidden = !gone || wait > 0;
    var note = $('presence');
    note.hidden = !gone;
    if (gone) note.textContent = T['game-opponent-left'] + (wait > 0 ? ' ' + T['game-claim-in'].replace('{s}', String(wait)) : '');
  }
  setInterval(showPresence, 1000);

  function connect() {
    var proto = window.location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(proto + window.location.host + '/game/' + encodeURIComponent(cfg.id) + '/ws');
    socket.onopen = function () { retry = 0; };
    socket.onmessage = function (ev) {
      var m = JSON.parse(ev.data);
      if (m.t === 'hello') { you = m.you; }
      else if (m.t === 'state') { state = m; received = performance.now(); render(); }
      else if (m.t === 'presence') { presence = m; presenceAt = performance.now(); showPresence(); }
      else if (m.t === 'error') { $('status').textContent = m.error; }
    };
    socket.onclose = function () {
      $('status').textContent = T['game-reconnecting'];
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * Math.pow(2, retry));
    };
  }
  connect();
})();
