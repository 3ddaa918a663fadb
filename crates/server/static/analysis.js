// The analysis board. It knows no rules: every position, its legal destinations and the
// move list in the visitor's notation come from /api/analysis/position; engine lines from
// /api/analysis/engine; imports are read by the server (/api/analysis/import). The set-up
// editor only places men and writes the FEN board field; the server validates the result.
(function () {
  'use strict';
  var cfgEl = document.getElementById('analysis-config');
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);
  var T = cfg.strings;
  var $ = function (id) { return document.getElementById(id); };
  var st = { ruleset: cfg.ruleset, fen: cfg.fen, moves: cfg.moves.slice(), ply: cfg.ply };
  var view = null;
  var editing = null; // { pieces: {sq: code}, man: 'wK' | '' }
  var FILES = 'abcdefgh';
  var FEN_LETTER = { K: 'k', B: 'q', R: 'r', C: 'b', H: 'n', P: 'p' };

  var board = new window.ShatarBoard($('board'), {
    pieceSet: localStorage.getItem('shatar-pieces') || 'shatar',
    onMove: function (uci) { play(uci); },
    onPromotion: function (choices) { showPromotion(choices); }
  });

  function query(s, extra) {
    var p = new URLSearchParams();
    p.set('ruleset', s.ruleset);
    p.set('fen', s.fen);
    p.set('moves', s.moves.join(','));
    p.set('ply', String(s.ply));
    if (extra) Object.keys(extra).forEach(function (k) { p.set(k, extra[k]); });
    return p.toString();
  }

  function showError(j) {
    var e = $('error');
    if (!j) { e.hidden = true; e.textContent = ''; return; }
    e.textContent = j.error || T['analysis-error'];
    e.setAttribute('data-field', j.field || '');
    e.hidden = false;
  }

  function getJson(url, opts) {
    return fetch(url, opts).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, body: j }; }, function () {
        return { ok: false, body: { error: T['analysis-error'] + ' (' + r.status + ')' } };
      });
    });
  }

  // Loads `next` (or the current state); on an error the previous state stays.
  function load(next) {
    var s = next || st;
    return getJson('/api/analysis/position?' + query(s)).then(function (r) {
      if (!r.ok) { showError(r.body); return false; }
      showError(null);
      st = s;
      st.ruleset = r.body.ruleset;
      view = r.body;
      // Lines of another position are stale.
      if (view.fen !== linesFen) clearLines();
      render();
      return true;
    });
  }

  function play(uci) {
    load({ ruleset: st.ruleset, fen: st.fen, moves: st.moves.slice(0, st.ply).concat([uci]), ply: st.ply + 1 });
  }

  function go(ply) {
    if (!view || editing) return;
    ply = Math.max(0, Math.min(st.moves.length, ply));
    if (ply === st.ply) return;
    load({ ruleset: st.ruleset, fen: st.fen, moves: st.moves, ply: ply });
  }

  function render() {
    board.set(view, view.status === 'started' ? view.turn : null);
    $('fen').value = view.fen;
    $('ruleset').value = st.ruleset;
    var status = view.end ? view.end : T['analysis-' + view.turn + '-to-move'];
    if (view.tuuxei) status += ' · ' + view.tuuxei;
    $('status').textContent = status;
    var list = $('analysis-moves');
    while (list.firstChild) list.removeChild(list.firstChild);
    var li = null;
    view.moves.forEach(function (m, k) {
      if (m.color === 'white' || k === 0) {
        li = document.createElement('li');
        var num = document.createElement('span');
        num.className = 'num';
        num.textContent = m.number + (m.color === 'white' ? '.' : '…');
        li.appendChild(num);
        list.appendChild(li);
      }
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv' + (m.ply === st.ply ? ' current' : '');
      b.setAttribute('data-ply', String(m.ply));
      b.setAttribute('data-uci', m.uci);
      b.textContent = m.text;
      b.addEventListener('click', function () { go(m.ply); });
      li.appendChild(b);
    });
    document.body.setAttribute('data-ply', String(st.ply));
  }

  var ROLE_NAMES = window.ShatarBoard.roleNames(T);
  function showPromotion(choices) {
    board.showPromotion($('promo'), choices, view.turn[0], ROLE_NAMES, play);
  }

  // Engine lines.
  function scoreText(score, turn) {
    if (score.mate !== undefined) {
      var n = turn === 'white' ? score.mate : -score.mate;
      return (n > 0 ? '+' : '-') + T['analysis-mate'].replace('{n}', String(Math.abs(n)));
    }
    var cp = turn === 'white' ? score.cp : -score.cp;
    return (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
  }

  var linesFen = null;
  var asked = 0;
  function clearLines() {
    var out = $('engine-lines');
    while (out.firstChild) out.removeChild(out.firstChild);
    $('engine-status').textContent = '';
    linesFen = null;
    asked++;
  }

  $('btn-analyse').addEventListener('click', function () {
    var out = $('engine-lines');
    clearLines();
    var mine = asked;
    $('engine-status').textContent = T['analysis-thinking'];
    var extra = { multipv: $('multipv').value, depth: $('depth').value };
    getJson('/api/analysis/engine?' + query(st, extra)).then(function (r) {
      // An answer for a position the board has left is dropped.
      if (mine !== asked) return;
      if (!r.ok) { $('engine-status').textContent = ''; showError(r.body); return; }
      linesFen = r.body.fen;
      showError(null);
      $('engine-status').textContent = T['analysis-depth'].replace('{depth}', String(r.body.depth));
      if (!r.body.lines.length) $('engine-status').textContent += ' · ' + T['analysis-no-lines'];
      r.body.lines.forEach(function (line) {
        var li = document.createElement('li');
        li.setAttribute('data-multipv', String(line.multipv));
        li.setAttribute('data-pv', line.pv.join(' '));
        var sc = document.createElement('strong');
        sc.className = 'score';
        sc.textContent = scoreText(line.score, r.body.turn);
        li.appendChild(sc);
        var d = document.createElement('span');
        d.className = 'meta';
        d.textContent = ' (' + T['analysis-depth'].replace('{depth}', String(line.depth)) + ') ';
        li.appendChild(d);
        var t = document.createElement('span');
        t.className = 'pv';
        t.textContent = line.text;
        li.appendChild(t);
        out.appendChild(li);
      });
    });
  });

  // Navigation.
  $('btn-first').addEventListener('click', function () { go(0); });
  $('btn-prev').addEventListener('click', function () { go(st.ply - 1); });
  $('btn-next').addEventListener('click', function () { go(st.ply + 1); });
  $('btn-last').addEventListener('click', function () { go(st.moves.length); });
  $('btn-flip').addEventListener('click', function () { board.flip(); });
  document.addEventListener('keydown', function (e) {
    if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    var to = { ArrowLeft: st.ply - 1, ArrowRight: st.ply + 1, Home: 0, End: st.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  // Set-up: a FEN typed, a ruleset chosen, or men placed in the editor.
  $('btn-load-fen').addEventListener('click', function () {
    load({ ruleset: $('ruleset').value, fen: $('fen').value.trim(), moves: [], ply: 0 });
  });
  $('ruleset').addEventListener('change', function () {
    if (editing) return;
    load({ ruleset: $('ruleset').value, fen: 'startpos', moves: [], ply: 0 });
  });

  function drawEditor() {
    board.set({ board: editing.pieces, last: null, check: null, turn: $('editor-turn').value === 'w' ? 'white' : 'black', ply: 0, status: 'setup' }, null);
    Array.prototype.forEach.call(document.querySelectorAll('.palette .man'), function (b) {
      b.classList.toggle('current', b.getAttribute('data-man') === editing.man);
    });
  }

  function editorFen() {
    var rows = [];
    for (var r = 8; r >= 1; r--) {
      var row = '', empty = 0;
      for (var f = 0; f < 8; f++) {
        var code = editing.pieces[FILES[f] + r];
        if (!code) { empty++; continue; }
        if (empty) { row += empty; empty = 0; }
        // A mark under a step-back ruleset: `P~` a returning pawn, `J` the weak bers.
        var letter = code[2] === '-' ? 'j' : FEN_LETTER[code[1]];
        row += (code[0] === 'w' ? letter.toUpperCase() : letter) + (code[2] === '~' ? '~' : '');
      }
      if (empty) row += empty;
      rows.push(row);
    }
    return rows.join('/') + ' ' + $('editor-turn').value + ' - - 0 1';
  }

  $('btn-edit').addEventListener('click', function () {
    if (!view) return;
    editing = { pieces: JSON.parse(JSON.stringify(view.board)), man: 'wP' };
    $('editor-turn').value = view.turn === 'white' ? 'w' : 'b';
    $('editor').hidden = false;
    $('status').textContent = T['analysis-editing'];
    drawEditor();
  });
  Array.prototype.forEach.call(document.querySelectorAll('.palette .man'), function (b) {
    b.addEventListener('click', function () {
      if (!editing) return;
      editing.man = b.getAttribute('data-man');
      drawEditor();
    });
  });
  $('editor-turn').addEventListener('change', function () { if (editing) drawEditor(); });
  // pointerup, not click: the board redraws its squares on pointerdown, so the pressed
  // element is gone before a click could be dispatched.
  board.svg.addEventListener('pointerup', function (ev) {
    if (!editing) return;
    var sq = board.squareAt(ev);
    if (!sq) return;
    if (editing.man && editing.pieces[sq] !== editing.man) editing.pieces[sq] = editing.man;
    else delete editing.pieces[sq];
    drawEditor();
  });
  $('btn-clear').addEventListener('click', function () { if (editing) { editing.pieces = {}; drawEditor(); } });
  $('btn-start').addEventListener('click', function () {
    if (!editing) return;
    getJson('/api/analysis/position?' + query({ ruleset: $('ruleset').value, fen: 'startpos', moves: [], ply: 0 })).then(function (r) {
      if (!r.ok) { showError(r.body); return; }
      editing.pieces = r.body.board;
      $('editor-turn').value = r.body.turn === 'white' ? 'w' : 'b';
      drawEditor();
    });
  });
  $('btn-done').addEventListener('click', function () {
    if (!editing) return;
    var fen = editorFen();
    load({ ruleset: $('ruleset').value, fen: fen, moves: [], ply: 0 }).then(function (ok) {
      if (ok) { editing = null; $('editor').hidden = true; render(); }
      else $('fen').value = fen;
    });
  });

  // Import of a PGN or a score sheet.
  $('btn-import').addEventListener('click', function () {
    var body = new URLSearchParams();
    body.set('text', $('import-text').value);
    body.set('ruleset', $('ruleset').value);
    getJson('/api/analysis/import', { method: 'POST', body: body }).then(function (r) {
      if (!r.ok) { showError(r.body); return; }
      load({ ruleset: r.body.ruleset, fen: r.body.fen, moves: r.body.moves, ply: r.body.moves.length });
    });
  });

  load();
})();
