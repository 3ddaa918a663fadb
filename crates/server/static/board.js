// Shatar board: an SVG board that shows a position and lets the player pick a move by
// click-click or drag-and-drop. It knows no rules: the legal destinations ("dests") and the
// promotion choices come from the server with every position.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var FILES = 'abcdefgh';

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(e);
    return e;
  }

  function Board(root, opts) {
    this.root = root;
    this.onMove = opts.onMove;
    this.onPromotion = opts.onPromotion;
    this.orientation = 'white';
    this.pieceSet = opts.pieceSet || 'shatar';
    this.state = null;
    this.movable = null;
    this.selected = null;
    this.drag = null;
    this.svg = el('svg', { viewBox: '0 0 800 800', class: 'board-svg', role: 'img' }, root);
    this.squares = el('g', {}, this.svg);
    this.marks = el('g', {}, this.svg);
    this.pieces = el('g', {}, this.svg);
    this.hints = el('g', { 'pointer-events': 'none' }, this.svg);
    this.coords = el('g', { 'pointer-events': 'none', class: 'coords' }, this.svg);
    this.ghost = el('g', { 'pointer-events': 'none' }, this.svg);
    var self = this;
    this.svg.addEventListener('pointerdown', function (ev) { self.down(ev); });
    this.svg.addEventListener('pointermove', function (ev) { self.moveDrag(ev); });
    this.svg.addEventListener('pointerup', function (ev) { self.up(ev); });
    this.svg.addEventListener('pointercancel', function () { self.cancelDrag(); });
    this.render();
  }

  Board.prototype.xy = function (sq) {
    var f = FILES.indexOf(sq[0]);
    var r = parseInt(sq[1], 10) - 1;
    if (this.orientation === 'white') return [f * 100, (7 - r) * 100];
    return [(7 - f) * 100, r * 100];
  };

  Board.prototype.squareAt = function (ev) {
    var rect = this.svg.getBoundingClientRect();
    var x = Math.floor(((ev.clientX - rect.left) / rect.width) * 8);
    var y = Math.floor(((ev.clientY - rect.top) / rect.height) * 8);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    if (this.orientation === 'white') return FILES[x] + (8 - y);
    return FILES[7 - x] + (y + 1);
  };

  Board.prototype.set = function (state, movable) {
    this.state = state;
    this.movable = movable;
    if (this.selected && !this.destsOf(this.selected).length) this.selected = null;
    this.render();
  };

  Board.prototype.flip = function () {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.render();
  };

  Board.prototype.setPieceSet = function (name) {
    this.pieceSet = name;
    this.render();
  };

  Board.prototype.destsOf = function (sq) {
    var s = this.state;
    if (!s || !this.movable || s.turn !== this.movable || s.status !== 'started') return [];
    return (s.dests && s.dests[sq]) || [];
  };

  // The badge of a man's mark under a step-back ruleset (docs/rules.md §2): the code's third
  // letter, `~` a returning pawn, `-` a weak bers, `+` a full bers.
  var BADGES = { '~': '\u21ba', '-': '\u2212', '+': '+' };

  // A man drawn at (x, y) in a 100-unit square: its picture, and its mark's badge if any.
  function drawMan(parent, set, code, x, y) {
    var g = el('g', {}, parent);
    el('use', { href: '/static/pieces-' + set + '.svg#' + code.slice(0, 2), x: x, y: y, width: 100, height: 100 }, g);
    var badge = BADGES[code.charAt(2)];
    if (badge) {
      el('circle', { cx: x + 80, cy: y + 20, r: 17, class: 'badge' }, g);
      el('text', { x: x + 80, y: y + 27, 'text-anchor': 'middle', class: 'badge-text' }, g).textContent = badge;
    }
    return g;
  }

  Board.prototype.piece = function (code, x, y, parent) {
    return drawMan(parent, this.pieceSet, code, x, y);
  };

  Board.prototype.render = function () {
    var s = this.state;
    var self = this;
    [this.squares, this.marks, this.pieces, this.hints, this.coords].forEach(function (g) {
      while (g.firstChild) g.removeChild(g.firstChild);
    });
    for (var r = 1; r <= 8; r++) {
      for (var f = 0; f < 8; f++) {
        var sq = FILES[f] + r;
        var p = this.xy(sq);
        // h1 is light (docs/rules.md §1).
        var light = (f + r) % 2 === 1;
        el('rect', { x: p[0], y: p[1], width: 100, height: 100, class: light ? 'sq light' : 'sq dark' }, this.squares);
      }
    }
    if (s && s.last) {
      s.last.forEach(function (sq) {
        var p = self.xy(sq);
        el('rect', { x: p[0], y: p[1], width: 100, height: 100, class: 'mark last' }, self.marks);
      });
    }
    if (s && s.check) {
      var c = this.xy(s.check);
      el('circle', { cx: c[0] + 50, cy: c[1] + 50, r: 48, class: 'mark check' }, this.marks);
    }
    if (this.selected) {
      var q = this.xy(this.selected);
      el('rect', { x: q[0], y: q[1], width: 100, height: 100, class: 'mark selected' }, this.marks);
    }
    if (s && s.board) {
      Object.keys(s.board).forEach(function (sq) {
        if (self.drag && self.drag.from === sq) return;
        var p = self.xy(sq);
        self.piece(s.board[sq], p[0], p[1], self.pieces);
      });
    }
    if (this.selected) {
      this.destsOf(this.selected).forEach(function (to) {
        var p = self.xy(to);
        if (s.board[to]) el('circle', { cx: p[0] + 50, cy: p[1] + 50, r: 44, class: 'hint capture' }, self.hints);
        else el('circle', { cx: p[0] + 50, cy: p[1] + 50, r: 14, class: 'hint' }, self.hints);
      });
    }
    // Coordinates along the bottom and left edges.
    for (var i = 0; i < 8; i++) {
      var file = this.orientation === 'white' ? FILES[i] : FILES[7 - i];
      var rank = this.orientation === 'white' ? 8 - i : i + 1;
      el('text', { x: i * 100 + 92, y: 794, 'text-anchor': 'end' }, this.coords).textContent = file;
      el('text', { x: 4, y: i * 100 + 22 }, this.coords).textContent = String(rank);
    }
    this.root.setAttribute('data-ply', s ? String(s.ply) : '');
  };

  Board.prototype.tryMove = function (from, to) {
    var s = this.state;
    this.selected = null;
    if (this.destsOf(from).indexOf(to) < 0) { this.render(); return false; }
    var promo = s.promotions && s.promotions[from + to];
    this.render();
    if (promo && promo.length > 1) { this.onPromotion(promo); return true; }
    this.onMove(promo && promo.length === 1 ? promo[0][1] : from + to);
    return true;
  };

  // The promotion picker, one for every page: a button per choice in `box`'s `.choices`
  // (the man drawn in `color`, 'w' or 'b', and named by `names[code]` where the page gives
  // names: `B`, or under a step-back ruleset `B-` and `P~` for the first step back), `box`
  // shown; `pick(uci)` gets the chosen move once `box` is hidden again.
  Board.prototype.showPromotion = function (box, choices, color, names, pick) {
    var list = box.querySelector('.choices');
    while (list.firstChild) list.removeChild(list.firstChild);
    var set = this.pieceSet;
    choices.forEach(function (c) {
      var b = document.createElement('button');
      b.type = 'button';
      var name = (names && names[c[0]]) || c[0];
      b.title = name;
      var svg = document.createElementNS(NS, 'svg');
      svg.setAttribute('viewBox', '0 0 100 100');
      drawMan(svg, set, color + c[0], 0, 0);
      b.appendChild(svg);
      var label = document.createElement('span');
      label.textContent = name;
      b.appendChild(label);
      b.addEventListener('click', function () { box.hidden = true; pick(c[1]); });
      list.appendChild(b);
    });
    box.hidden = false;
  };

  Board.prototype.down = function (ev) {
    var sq = this.squareAt(ev);
    if (!sq) return;
    if (this.selected && this.selected !== sq && this.destsOf(this.selected).indexOf(sq) >= 0) {
      this.tryMove(this.selected, sq);
      return;
    }
    if (this.destsOf(sq).length) {
      this.selected = sq;
      this.drag = { from: sq, moved: false, code: this.state.board[sq] };
      this.svg.setPointerCapture(ev.pointerId);
      this.render();
      this.moveDrag(ev);
    } else {
      this.selected = null;
      this.render();
    }
  };

  Board.prototype.moveDrag = function (ev) {
    if (!this.drag) return;
    var rect = this.svg.getBoundingClientRect();
    var x = ((ev.clientX - rect.left) / rect.width) * 800 - 50;
    var y = ((ev.clientY - rect.top) / rect.height) * 800 - 50;
    while (this.ghost.firstChild) this.ghost.removeChild(this.ghost.firstChild);
    if (this.squareAt(ev) !== this.drag.from) this.drag.moved = true;
    this.piece(this.drag.code, x, y, this.ghost);
  };

  Board.prototype.cancelDrag = function () {
    this.drag = null;
    while (this.ghost.firstChild) this.ghost.removeChild(this.ghost.firstChild);
    this.render();
  };

  Board.prototype.up = function (ev) {
    if (!this.drag) return;
    var from = this.drag.from;
    var moved = this.drag.moved;
    this.drag = null;
    while (this.ghost.firstChild) this.ghost.removeChild(this.ghost.firstChild);
    var to = this.squareAt(ev);
    if (moved && to && to !== from) this.tryMove(from, to);
    else this.render(); // a click: the piece stays selected for click-click
  };

  // The names of the men the picker offers, from a page's translated messages `T`.
  Board.roleNames = function (T) {
    return {
      B: T['role-bers'], R: T['role-rook'], C: T['role-camel'], H: T['role-horse'],
      'B-': T['role-weak-bers'], 'B+': T['role-full-bers'], 'P~': T['role-returning-pawn']
    };
  };

  window.ShatarBoard = Board;
})();
