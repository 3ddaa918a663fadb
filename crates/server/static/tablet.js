// The board's tablet (At the board): the clock, the score sheet and the arbiter's actions
// of one over-the-board game, each action a line of the board's log on the server
// (routes/events/board_log.rs). The tablet is the clock: a line's time is the tablet's,
// counted from the log's time 0 (when the server opened the log).
//
// Nothing waits for the network. Every action is a line kept in localStorage first, shown
// at once (the clock arithmetic below is the arbiter library's, crates/arbiter/src/clock.rs),
// and sent in order; lines the server has are taken again without being doubled, so a line
// sent twice is harmless. Where the server refuses a line (a move entered offline that is
// not legal, say), the tablet stops sending and shows why, and the arbiter discards it
// and what came after it.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('tablet-config').textContent);
  var T = cfg.texts;
  var root = document.getElementById('tablet');
  var $ = function (sel) { return root.querySelector(sel); };

  // ---- What is kept on the device ------------------------------------------------------

  var kept = {};
  try { kept = JSON.parse(localStorage.getItem(cfg.storage)) || {}; } catch (e) { kept = {}; }
  var base = kept.base || null;         // the server's view after its stored lines
  var pending = kept.pending || [];     // lines not yet acknowledged, in order
  var origin = kept.origin || null;     // this device's Date.now() at the log's time 0
  var flipped = !!kept.flipped;         // White's half on top
  var refused = null;                   // {line, text}: the server refused a line
  var entered = null;                   // a move entered, waiting for its player's press
  var sending = false;
  var online = true;
  // The event's arbiter PIN once it unlocked this device (kept for the event's boards
  // until locked again); sent with every request, so lines made offline go with it.
  var pin = null;
  try { pin = localStorage.getItem(cfg.pin_storage); } catch (e) { pin = null; }
  if (pin) cfg.arbiter = true;

  function keep() {
    try {
      localStorage.setItem(cfg.storage, JSON.stringify({
        base: base, pending: pending, origin: origin, flipped: flipped
      }));
    } catch (e) { /* storage full: the lines stay in memory and are still sent */ }
  }

  // ---- The log's time ------------------------------------------------------------------

  function lastTime() {
    if (pending.length) return pending[pending.length - 1].t;
    return base ? base.now_ms : 0;
  }

  // Milliseconds since the log's time 0, never before the last line.
  function now() {
    var t = origin === null ? lastTime() : Math.round(Date.now() - origin);
    return Math.max(t, lastTime());
  }

  // ---- The clock: the arbiter library's faces, periods and bonuses ----------------------

  function other(c) { return c === 'white' ? 'black' : 'white'; }

  // Where a player's move number n falls: its period and the move that completes it.
  function stage(periods, n) {
    var start = 0;
    for (var i = 0; i < periods.length; i++) {
      var p = periods[i];
      if (p.moves === null) return { period: i, control: null };
      var end = start + p.moves;
      if (n <= end) return { period: i, control: end };
      if (i + 1 === periods.length) {
        var m = Math.max(p.moves, 1);
        return { period: i, control: end + Math.ceil((n - end) / m) * m };
      }
      start = end;
    }
    return null;
  }

  function bonus(c, color) {
    var s = stage(c.periods, c[color].moves + 1);
    if (!s) return { kind: 'none', ms: 0 };
    var p = c.periods[s.period];
    return { kind: p.bonus, ms: p.bonus_ms };
  }

  function controlBonus(c, n) {
    var s = stage(c.periods, n);
    if (!s || s.control !== n) return 0;
    var p = c.periods[s.period + 1] || c.periods[s.period];
    return p ? p.ms : 0;
  }

  function spent(c, t) {
    var r = c.running;
    return r ? r.carried_ms + Math.max(0, t - r.since_ms) : 0;
  }

  function remaining(c, color, t) {
    var f = c[color];
    var left = f.allowance_ms - f.used_ms;
    // The move's time so far: running, or stopped by an adjournment (the library's Clock).
    var s = c.running && c.running.color === color ? spent(c, t)
      : !c.running && c.stopped === color ? (c.stopped_ms || 0) : null;
    if (s !== null) {
      var b = bonus(c, color);
      left -= b.kind === 'delay' ? Math.max(0, s - b.ms) : s;
    }
    return left;
  }

  function flagInstant(c) {
    var r = c.running;
    if (!r) return null;
    var f = c[r.color];
    var left = f.allowance_ms - f.used_ms;
    var b = bonus(c, r.color);
    if (b.kind === 'delay') left += b.ms;
    return r.since_ms + Math.max(0, left) - r.carried_ms;
  }

  function charge(c, t) {
    var r = c.running;
    if (!r) return;
    var b = bonus(c, r.color);
    var delay = b.kind === 'delay' || b.kind === 'bronstein' ? b.ms : 0;
    c[r.color].used_ms += Math.max(0, spent(c, t) - delay);
    c.running = null;
  }

  function press(c, color, t) {
    var b = bonus(c, color);
    charge(c, t);
    var f = c[color];
    f.moves += 1;
    var credit = controlBonus(c, f.moves) + (b.kind === 'fischer' ? b.ms : 0);
    f.allowance_ms += credit;
    c.running = { color: other(color), since_ms: t, carried_ms: 0 };
    c.stopped = null;
    c.stopped_ms = null;
  }

  function halt(c, t) {
    var r = c.running;
    if (!r) return;
    var b = bonus(c, r.color);
    var s = spent(c, t);
    c[r.color].used_ms += b.kind === 'delay' ? Math.max(0, s - b.ms) : s;
    c.running = null;
  }

  // ---- The view: the server's, with the lines it has not answered yet -------------------

  // A move entered offline, drawn without the rules (the server checks it on arrival).
  function playUnchecked(pos, uci) {
    var from = uci.slice(0, 2), to = uci.slice(2, 4), promo = uci.slice(4, 5);
    var man = pos.board[from];
    if (!man) return;
    delete pos.board[from];
    // The bers a promotion makes: under a step-back ruleset `j` the weak one, `q` after a
    // returning pawn's steps the full one.
    if (promo === 'j') man = man[0] + 'B-';
    else if (promo) man = man[0] + (man.charAt(2) === '~' ? 'B+' : 'B');
    pos.board[to] = man;
    pos.last = [from, to];
    pos.check = null;
    pos.turn = other(pos.turn);
    pos.ply += 1;
    pos.dests = {};
    pos.promotions = {};
  }

  function applyLocal(v, e) {
    var ev = e.event, name = typeof ev === 'string' ? ev : Object.keys(ev)[0];
    var arg = typeof ev === 'string' ? null : ev[name];
    var c = v.clock;
    v.unchecked = true;
    switch (name) {
      case 'start':
        v.started = true;
        c.running = { color: v.position.turn, since_ms: e.t, carried_ms: 0 };
        break;
      case 'move':
        press(c, e.by, e.t);
        var prev = v.moves[v.moves.length - 1];
        var number = prev ? prev.number + (e.by === 'white' ? 1 : 0) : 1;
        v.moves.push({ ply: v.moves.length + 1, number: number, color: e.by, text: arg, uci: arg, unchecked: true });
        playUnchecked(v.position, arg);
        if (v.offer && v.offer !== e.by) v.offer = null;
        break;
      case 'press':
        // A clock-only board: the press is the move, written on the players' paper sheets.
        press(c, e.by, e.t);
        v.position.turn = other(e.by);
        if (v.offer && v.offer !== e.by) v.offer = null;
        break;
      case 'offer': v.offer = e.by; break;
      case 'accept': halt(c, e.t); v.result = '1/2-1/2'; break;
      case 'decline': v.offer = null; break;
      case 'resign': halt(c, e.t); v.result = e.by === 'white' ? '0-1' : '1-0'; break;
      case 'flag':
        // On a clock-only board the fallen flag loses (the position is not known); with a
        // record the server decides (a lone king cannot be beaten on time).
        var fallen = c.running && c.running.color;
        halt(c, e.t);
        v.result = v.clock_only && fallen ? (fallen === 'white' ? '0-1' : '1-0') : '?';
        break;
      case 'claim': v.claim = { by: e.by, kind: arg.kind, local: true }; halt(c, e.t); break;
      case 'add-time': c[arg.player].allowance_ms += arg.ms; break;
      case 'adjourn':
        // The clock stops with the move's time so far, as the library's Clock::stop.
        v.adjourned = true;
        if (c.running) { c.stopped = c.running.color; c.stopped_ms = spent(c, e.t); c.running = null; }
        break;
      case 'resume':
        v.adjourned = false;
        if (c.stopped) { c.running = { color: c.stopped, since_ms: e.t, carried_ms: c.stopped_ms || 0 }; c.stopped = null; c.stopped_ms = null; }
        break;
      case 'decide': halt(c, e.t); v.result = arg.result; break;
      default: break;
    }
    v.in_play = v.started && !v.adjourned && !v.claim && !v.result;
  }

  function view() {
    var v = JSON.parse(JSON.stringify(base));
    pending.forEach(function (e) { applyLocal(v, e); });
    return v;
  }

  // ---- Actions: each one a line ---------------------------------------------------------

  function add(by, event) {
    if (refused) return;
    pending.push({ v: 1, t: now(), by: by, event: event });
    keep();
    render();
    send();
  }

  // The request headers: the PIN when unlocked with it, and for a write its body's type
  // and the CSRF token.
  function headers(writes) {
    var h = { 'Accept': 'application/json' };
    if (writes) {
      h['Content-Type'] = 'application/json';
      if (cfg.csrf) h[cfg.csrf_header] = cfg.csrf;
    }
    if (pin) h[cfg.pin_header] = pin;
    return h;
  }

  // The origin of the log's time on this device, from the server's clock: its time 0 is
  // origin_ms on the server, and the server's clock read server_ms about mid-request.
  function anchor(state, asked, answered) {
    if (state.origin_ms === null || state.origin_ms === undefined) {
      if (origin === null) origin = Date.now() - state.now_ms;
      return;
    }
    var offset = state.server_ms - (asked + answered) / 2;
    origin = state.origin_ms - offset;
  }

  function fetchState() {
    var asked = Date.now();
    return fetch(cfg.state, { headers: headers(false) })
      .then(function (r) {
        return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; });
      })
      .then(function (res) {
        if (!res.ok && res.status === 403 && pin) {
          // Not (or no longer) the event's PIN: locked again, and read as the link.
          lockArbiter(res.body.error);
          return fetchState();
        }
        if (!res.ok) throw new Error(res.body.error || String(res.body));
        if (pin && res.body.arbiter) unlockArbiter();
        anchor(res.body, asked, Date.now());
        if (!base || res.body.lines >= base.lines) base = res.body;
        online = true;
        keep();
        render();
        send();
      });
  }

  var retryTimer = null;
  function retry(ms) {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; send(); }, ms);
  }

  function send() {
    if (sending || refused || !pending.length || !base) { render(); return; }
    sending = true;
    var batch = pending.slice(0, 500);
    var from = base.lines + 1;
    render();
    fetch(cfg.log, { method: 'POST', headers: headers(true), body: JSON.stringify({ from: from, lines: batch }) })
      .then(function (r) {
        var line = parseInt(r.headers.get('x-shatar-log-line') || '', 10);
        return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j, line: line }; });
      })
      .then(function (res) {
        sending = false;
        online = true;
        if (res.ok) {
          // Every line of the batch is stored now (sent before, or by this request).
          pending = pending.slice(batch.length);
          base = Object.assign(base, res.body.state);
          if (res.body.message) say(res.body.message);
          if (res.body.result_error) say(res.body.result_error);
          keep();
          render();
          if (pending.length) send();
          return;
        }
        if (res.status >= 500 || res.status === 429) { retry(3000); render(); return; }
        if (res.status === 403 && pin && isNaN(res.line)) {
          // The PIN was changed or removed: the lines go again as the link's.
          lockArbiter(res.body && res.body.error);
          send();
          return;
        }
        refused = {
          line: isNaN(res.line) ? from : res.line,
          text: (res.body && res.body.error) || String(res.status)
        };
        render();
      })
      .catch(function () {
        sending = false;
        online = false;
        render();
        retry(2000);
      });
  }

  // Drops the refused line and every line after it (the arbiter's choice), then reloads the
  // server's view.
  function discard() {
    if (!refused) return;
    var keepCount = Math.max(0, refused.line - (base.lines + 1));
    if (!window.confirm(T['discard-confirm'])) return;
    pending = pending.slice(0, keepCount);
    refused = null;
    keep();
    fetchState().catch(function () { render(); });
  }

  var note = null;
  function say(text) { note = text; render(); }

  // ---- Drawing -------------------------------------------------------------------------

  function clockText(ms) {
    var neg = ms < 0;
    ms = Math.abs(ms);
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    var sec = s % 60;
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    var text;
    if (h > 0) text = h + ':' + two(m) + ':' + two(sec);
    else if (ms < 10000) text = m + ':' + two(sec) + '.' + Math.floor((ms % 1000) / 100);
    else text = m + ':' + two(sec);
    return (neg ? '−' : '') + text;
  }

  var board = null;
  if (window.ShatarBoard && document.getElementById('board')) {
    board = new window.ShatarBoard(document.getElementById('board'), {
      onMove: function (uci) { entered = uci; render(); },
      onPromotion: function (choices) {
        var v = view();
        board.showPromotion(document.getElementById('tablet-promotion'), choices, v.position.turn === 'white' ? 'w' : 'b', null, function (uci) { entered = uci; render(); });
      }
    });
  }

  // Offline, the board takes any move of the side to move's men: the server checks it.
  function uncheckedDests(pos) {
    var d = {}, all = [];
    'abcdefgh'.split('').forEach(function (f) { for (var r = 1; r <= 8; r++) all.push(f + r); });
    var mine = pos.turn === 'white' ? 'w' : 'b';
    Object.keys(pos.board).forEach(function (sq) {
      if (pos.board[sq][0] !== mine) return;
      d[sq] = all.filter(function (to) { return !pos.board[to] || pos.board[to][0] !== mine; });
    });
    return d;
  }

  // The board is drawn again only when what it shows has changed (the clock ticks ten
  // times a second; a board drawn again under a finger loses the man picked up).
  var shownKey = null;
  function boardKey(v) {
    return [v.position.fen, v.position.ply, v.in_play, !!v.unchecked, flipped, entered].join('|');
  }

  function render() {
    if (!base) return;
    var v = view();
    var t = now();
    var c = v.clock;
    root.dataset.state = v.result ? 'over' : v.in_play ? 'playing' : v.started ? 'stopped' : 'ready';
    root.classList.toggle('flipped', flipped);
    ['white', 'black'].forEach(function (color) {
      var half = $('.half-' + color);
      var left = remaining(c, color, t);
      var running = !!(c.running && c.running.color === color && v.in_play);
      half.classList.toggle('running', running);
      half.classList.toggle('flagged', !c.untimed && left <= 0 && c.running && c.running.color === color);
      half.querySelector('.time').textContent = c.untimed ? '–' : clockText(left);
      var info = T.moves + ' ' + c[color].moves;
      if (running && entered) info += ' · ' + T.entered + ' ' + entered;
      half.querySelector('.info').textContent = info;
      var offer = half.querySelector('.act-offer');
      offer.textContent = v.offer && v.offer !== color ? T.accept : T.offer;
      offer.disabled = !v.in_play || v.offer === color || (!v.offer && !(v.may_offer && v.may_offer[color]) && !v.unchecked);
      half.querySelector('.act-claim').disabled = !v.in_play || v.position.turn !== color;
      half.querySelector('.act-resign').disabled = !v.started || !!v.result;
    });
    var start = document.getElementById('tablet-start');
    start.hidden = v.started || !!v.result;
    var prompt = '';
    if (!v.started) prompt = T['not-started'];
    else if (v.adjourned) prompt = T.adjourned;
    else if (v.claim) prompt = T['claim-waits'];
    else if (v.in_play) prompt = v.clock_only ? T['press-only'] : entered ? T.press : T['enter-move'];
    document.getElementById('tablet-prompt').textContent = note ? note + ' · ' + prompt : prompt;
    // The result.
    var res = document.getElementById('tablet-result');
    res.hidden = !v.result;
    if (v.result) res.textContent = v.result === '?' ? T.awaiting : T.result + ' ' + v.result + (v.reason && !v.unchecked ? ' — ' + v.reason : '');
    // The sync line.
    var sync = document.getElementById('tablet-sync');
    var state = refused ? 'refused' : !online ? 'offline' : pending.length ? 'sending' : 'saved';
    sync.dataset.sync = state;
    sync.textContent = state === 'offline' ? T.offline.replace('%n', pending.length)
      : state === 'sending' ? T.sending.replace('%n', pending.length)
      : state === 'refused' ? T.refused : T.saved;
    var problem = document.getElementById('tablet-problem');
    problem.hidden = !refused;
    if (refused) problem.querySelector('.problem-text').textContent = refused.text;
    // The score sheet.
    if (board && boardKey(v) !== shownKey) {
      shownKey = boardKey(v);
      var pos = v.position;
      pos.status = v.in_play ? 'started' : 'over';
      if (v.unchecked && v.in_play) pos.dests = uncheckedDests(pos);
      if (entered && !(pos.dests[entered.slice(0, 2)] || []).length) entered = null;
      board.orientation = flipped ? 'black' : 'white';
      board.set(pos, v.in_play ? pos.turn : null);
    }
    // The move list, a row a round: its number, White's move and Black's.
    var list = document.getElementById('tablet-moves');
    if (!list) { renderArbiter(v); return; }
    while (list.firstChild) list.removeChild(list.firstChild);
    var row = null;
    v.moves.forEach(function (m) {
      if (!row || m.color === 'white') {
        row = document.createElement('li');
        var n = document.createElement('span');
        n.className = 'n';
        n.textContent = m.number + '.';
        row.appendChild(n);
        if (m.color === 'black') row.appendChild(document.createElement('span'));
        list.appendChild(row);
      }
      var cell = document.createElement('span');
      cell.textContent = m.text;
      if (m.unchecked) { cell.className = 'unchecked'; cell.title = T.unchecked; }
      row.appendChild(cell);
    });
    list.scrollTop = list.scrollHeight;
    renderArbiter(v);
  }

  // ---- The players' buttons ------------------------------------------------------------

  root.addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b || b.disabled) return;
    var color = b.dataset.color;
    var v = base ? view() : null;
    if (!v) return;
    if (b.classList.contains('face')) {
      // A player presses their own half: their move, entered on the sheet, is made.
      if (!v.in_play || v.position.turn !== color) return;
      if (v.clock_only) { note = null; add(color, 'press'); return; }
      if (!entered) { say(T['enter-move']); return; }
      var mv = entered;
      entered = null;
      note = null;
      add(color, { move: mv });
    } else if (b.classList.contains('act-offer')) {
      if (v.offer && v.offer !== color) add(color, 'accept');
      else add(color, 'offer');
    } else if (b.classList.contains('act-resign')) {
      if (window.confirm(T['resign-confirm'])) add(color, 'resign');
    } else if (b.classList.contains('act-claim')) {
      claimMenu(color);
    } else if (b.id === 'tablet-start') {
      add('arbiter', 'start');
    } else if (b.id === 'tablet-swap') {
      flipped = !flipped; keep(); render();
    } else if (b.id === 'tablet-discard') {
      discard();
    } else if (b.id === 'tablet-retry') {
      refused = null; send();
    } else if (b.classList.contains('menu-close')) {
      document.getElementById('tablet-claims').hidden = true;
    }
  });

  function claimMenu(color) {
    var menu = document.getElementById('tablet-claims');
    var choices = menu.querySelector('.choices');
    while (choices.firstChild) choices.removeChild(choices.firstChild);
    menu.querySelector('.menu-title').textContent = T.claim + (entered ? ' · ' + T['claim-with-move'] + ' ' + entered : '');
    cfg.claims.forEach(function (k) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = k[1];
      b.dataset.kind = k[0];
      b.addEventListener('click', function () {
        menu.hidden = true;
        var claim = { kind: k[0] };
        if (entered) { claim.move = entered; entered = null; }
        add(color, { claim: claim });
      });
      choices.appendChild(b);
    });
    menu.hidden = false;
  }

  // ---- The arbiter's actions -----------------------------------------------------------

  var arbiterBuilt = false;
  function field(form, label, input) {
    var l = document.createElement('label');
    l.textContent = label + ' ';
    l.appendChild(input);
    form.appendChild(l);
    return input;
  }
  function select(options) {
    var s = document.createElement('select');
    options.forEach(function (o) {
      var opt = document.createElement('option');
      opt.value = o[0];
      opt.textContent = o[1];
      s.appendChild(opt);
    });
    return s;
  }
  function players() { return [['white', T['player-white']], ['black', T['player-black']]]; }
  function text(maxlen) {
    var i = document.createElement('input');
    i.type = 'text';
    i.maxLength = maxlen;
    return i;
  }
  function number(min, max, value) {
    var i = document.createElement('input');
    i.type = 'number'; i.min = min; i.max = max; i.value = value;
    return i;
  }
  function form(title, name, build) {
    var f = document.createElement('form');
    f.className = 'arbiter-form';
    f.dataset.action = name;
    var h = document.createElement('h3');
    h.textContent = title;
    f.appendChild(h);
    var make = build(f);
    var b = document.createElement('button');
    b.textContent = title;
    f.appendChild(b);
    f.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var event = make();
      if (event) add('arbiter', event);
    });
    return f;
  }

  function buildArbiter() {
    var box = document.getElementById('tablet-arbiter-forms');
    if (!box) return;
    arbiterBuilt = true;
    box.appendChild(form(T.violation, 'violation', function (f) {
      var p = field(f, T['player-white'] + ' / ' + T['player-black'], select(players()));
      var k = field(f, T.violation, select(cfg.violations));
      var n = field(f, T.note, text(200));
      return function () { return { violation: { player: p.value, kind: k.value, note: n.value } }; };
    }));
    box.appendChild(form(T['add-time'], 'add-time', function (f) {
      var p = field(f, T['player-white'] + ' / ' + T['player-black'], select(players()));
      var m = field(f, T.minutes, number(1, 120, 2));
      return function () {
        var ms = Math.round(parseFloat(m.value) * 60000);
        return ms > 0 ? { 'add-time': { player: p.value, ms: ms } } : null;
      };
    }));
    // A clock-only board has no record to correct.
    if (!base || !base.clock_only) box.appendChild(form(T.correct, 'correct', function (f) {
      var n = field(f, T['move-number'], number(1, 999, 1));
      var p = field(f, T['player-white'] + ' / ' + T['player-black'], select(players()));
      var r = field(f, T.note, text(200));
      return function () { return { correct: { move: parseInt(n.value, 10), side: p.value, note: r.value } }; };
    }));
    box.appendChild(form(T.decide, 'decide', function (f) {
      var r = field(f, T.result, select([['1-0', '1-0'], ['0-1', '0-1'], ['1/2-1/2', '½-½']]));
      var why = field(f, T.reason, text(200));
      why.required = true;
      return function () { return { decide: { result: r.value, reason: why.value } }; };
    }));
    box.appendChild(form(T['no-show'], 'no-show', function (f) {
      var p = field(f, T['player-white'] + ' / ' + T['player-black'], select(players()));
      return function () { return { 'no-show': { player: p.value } }; };
    }));
    var row = document.createElement('div');
    row.className = 'arbiter-row';
    [['adjourn', T.adjourn, 'adjourn'], ['resume', T.resume, 'resume'],
     ['granted', T['ruling-granted'], { ruling: { granted: true } }],
     ['refused', T['ruling-refused'], { ruling: { granted: false } }]].forEach(function (a) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'arbiter-' + a[0];
      b.textContent = a[1];
      b.addEventListener('click', function () { add('arbiter', a[2]); });
      row.appendChild(b);
    });
    box.insertBefore(row, box.firstChild);
  }

  function renderArbiter(v) {
    if (!cfg.arbiter) return;
    if (!arbiterBuilt) buildArbiter();
    var box = document.getElementById('tablet-arbiter-forms');
    if (!box) return;
    box.querySelector('.arbiter-adjourn').disabled = !v.in_play;
    box.querySelector('.arbiter-resume').disabled = !v.adjourned || !!v.result;
    box.querySelector('.arbiter-granted').disabled = !v.claim;
    box.querySelector('.arbiter-refused').disabled = !v.claim;
  }

  // ---- The arbiter PIN -----------------------------------------------------------------

  var pinForm = document.getElementById('tablet-pin');
  var lockButton = document.getElementById('tablet-lock');

  function showArbiter(on) {
    var box = document.getElementById('tablet-arbiter');
    var locked = document.getElementById('tablet-arbiter-locked');
    if (box) box.hidden = !on;
    if (locked) locked.hidden = on;
  }

  function unlockArbiter() {
    try { localStorage.setItem(cfg.pin_storage, pin); } catch (e) { /* kept in memory */ }
    cfg.arbiter = true;
    showArbiter(true);
    render();
  }

  function lockArbiter(why) {
    pin = null;
    try { localStorage.removeItem(cfg.pin_storage); } catch (e) { /* nothing kept */ }
    cfg.arbiter = false;
    showArbiter(false);
    var problem = pinForm && pinForm.parentNode.querySelector('.pin-problem');
    if (problem) {
      problem.textContent = why || '';
      problem.hidden = !why;
    }
    render();
  }

  if (pinForm) {
    pinForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var field = pinForm.elements.pin;
      pin = field.value.trim();
      field.value = '';
      fetchState().catch(function () { render(); });
    });
  }
  if (lockButton) {
    lockButton.addEventListener('click', function () { lockArbiter(null); });
  }
  showArbiter(!!cfg.arbiter);

  // ---- The clock's heartbeat -----------------------------------------------------------

  // The clock runs on the device whatever the network does; a face that reaches zero is a
  // fallen flag, a line like any other.
  setInterval(function () {
    if (!base) return;
    var v = view();
    var c = v.clock;
    if (v.in_play && !c.untimed && c.running) {
      var at = flagInstant(c);
      if (at !== null && now() >= at) add('arbiter', 'flag');
    }
    render();
  }, 100);

  window.addEventListener('online', function () { online = true; send(); });
  window.addEventListener('offline', function () { online = false; render(); });

  // The page itself goes into the worker's cache now (the worker only sees later loads),
  // so that it loads again without the network.
  var cached = false;
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/tablet-sw.js', { scope: '/events/' }).catch(function () {});
  }
  if (window.caches) {
    // The worker's cache (static/tablet-sw.js, CACHE).
    caches.open('shatar-tablet-1').then(function (c) { return c.add(location.href); })
      .then(function () { cached = true; }).catch(function () {});
  }

  render();
  fetchState().catch(function () {
    online = false;
    render();
    // Offline from the start: carry on with what this device kept, and keep trying.
    var again = setInterval(function () {
      fetchState().then(function () { clearInterval(again); }).catch(function () {});
    }, 5000);
  });

  // For the browser tests: what the page shows, and the lines it holds.
  window.shatarTablet = {
    view: function () { return base ? view() : null; },
    pending: function () { return pending.slice(); },
    now: now,
    get cached() { return cached; }
  };
})();
