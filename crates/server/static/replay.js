// The replay page: every position of the game comes from the server with the page, so
// stepping through needs no request. Buttons, arrow keys (Home/End too) and clicks on the
// moves choose the ply shown.
(function () {
  'use strict';
  var cfgEl = document.getElementById('replay-config');
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);
  var $ = function (id) { return document.getElementById(id); };
  var last = cfg.plies.length - 1;
  var ply = Math.min(cfg.start, last);
  var board = new window.ShatarBoard($('board'), {
    pieceSet: localStorage.getItem('shatar-pieces') || 'shatar',
    onMove: function () {},
    onPromotion: function () {}
  });
  var buttons = Array.prototype.slice.call(document.querySelectorAll('#replay-moves button.mv'));

  function show(n) {
    ply = Math.max(0, Math.min(last, n));
    var s = cfg.plies[ply];
    board.set({ board: s.board, last: s.last, check: s.check, turn: s.turn, ply: s.ply, status: 'ended' }, null);
    buttons.forEach(function (b) {
      var on = parseInt(b.getAttribute('data-ply'), 10) === ply;
      b.classList.toggle('current', on);
      if (on) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
    });
    var a = $('analyse');
    if (a) a.setAttribute('href', cfg.analysis + ply);
    document.body.setAttribute('data-ply', String(ply));
  }

  $('btn-first').addEventListener('click', function () { show(0); });
  $('btn-prev').addEventListener('click', function () { show(ply - 1); });
  $('btn-next').addEventListener('click', function () { show(ply + 1); });
  $('btn-last').addEventListener('click', function () { show(last); });
  $('btn-flip').addEventListener('click', function () { board.flip(); });
  buttons.forEach(function (b) {
    b.addEventListener('click', function () { show(parseInt(b.getAttribute('data-ply'), 10)); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(ply);
})();
