// Tengen's web pages, browser side: draws Go boards as SVG with the look of the bot's PNG
// (src/render/), steps through a game's moves, and follows live games and events by
// server-sent events.
//
// Plain ES2020, one file, no dependency. The pages are served with a strict
// Content-Security-Policy: nothing here writes a style attribute or HTML from a string; names
// and other text from users only ever go in through textContent.
(function () {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  /** Column letters: A–T without I, as the bot writes points. */
  const LETTERS = 'ABCDEFGHJKLMNOPQRST';

  // The geometry and colours of src/render/layout.rs and src/render/assets.rs.
  const BOARD_PX = 720;
  const COORD_BAND = 38;
  const WOOD = 'rgb(220,179,92)';
  const INK = 'rgb(38,27,14)';
  const COORD_INK = 'rgb(70,48,20)';
  const CROSS_RED = 'rgb(200,30,20)';
  /** DejaVu Sans's height (ascent + descent) in ems: the PNG's text sizes are heights. */
  const FONT_HEIGHT_EM = 1.164;

  let nextId = 0;

  /** A new SVG element with its attributes, appended to `parent` when given. */
  function el(tag, attrs, parent) {
    const node = document.createElementNS(SVG_NS, tag);
    if (attrs) {
      for (const k of Object.keys(attrs)) node.setAttribute(k, String(attrs[k]));
    }
    if (parent) parent.appendChild(node);
    return node;
  }

  /** The layout of an n×n board on the 720 px square, as `Layout::of` computes it. */
  function layout(n) {
    const spanCells = Math.max(n - 1, 1);
    const cell = Math.floor((BOARD_PX - 2 * COORD_BAND) / (spanCells + 1));
    const line = cell >= 60 ? 2 : 1;
    let origin = Math.floor((BOARD_PX - cell * spanCells) / 2);
    if (line === 1) origin += 0.5;
    return {
      n,
      cell,
      line,
      origin,
      stone: Math.max(cell * 0.48, 2),
      x: (col) => origin + col * cell,
      y: (row) => origin + (n - 1 - Math.min(row, n - 1)) * cell,
      coordInset: Math.max((origin - cell / 2) / 2, 10),
    };
  }

  /** The star points of an n×n board, as `BoardSize::star_points`. */
  function starPoints(n) {
    if (n < 7) return n % 2 === 1 ? [[(n - 1) / 2, (n - 1) / 2]] : [];
    const edge = n < 12 ? 2 : 3;
    const far = n - 1 - edge;
    const mid = Math.floor(n / 2);
    const stars = [[edge, edge], [far, edge], [edge, far], [far, far]];
    if (n % 2 === 1 && n >= 9) stars.push([mid, mid]);
    if (n % 2 === 1 && n >= 15) stars.push([mid, edge], [mid, far], [edge, mid], [far, mid]);
    return stars;
  }

  /** `[3, 15]` → "D16". */
  function pointName(p) {
    return LETTERS.charAt(p[0]) + String(p[1] + 1);
  }

  /** Replaces `{key}` in a page's phrase. */
  function fill(template, values) {
    return String(template || '').replace(/\{(\w+)\}/g, (m, k) =>
      Object.prototype.hasOwnProperty.call(values, k) ? String(values[k]) : m);
  }

  // ---------------------------------------------------------------------------------------
  // Drawing

  /**
   * An SVG board of `n` lines drawn into `container` (its children are replaced). With
   * `coords`, the whole 720 px square with the coordinates on all four sides; without, only
   * the grid and half a cell around it (the small boards). Returns an object whose
   * `show(position)` draws a position:
   * `{stones: Map("col,row" → "b"|"w"), last: [c,r]|null, dead: [...], black: [...], white: [...]}`.
   */
  function createBoard(container, n, coords) {
    const l = layout(n);
    const id = 'tg' + (++nextId);
    const lo = l.x(0);
    const hi = l.x(n - 1);
    let vb;
    if (coords) {
      vb = [0, 0, BOARD_PX, BOARD_PX];
    } else {
      const m = l.cell * 0.62;
      vb = [lo - m, lo - m, hi - lo + 2 * m, hi - lo + 2 * m];
    }
    const svg = el('svg', {
      viewBox: vb.join(' '),
      class: 'goban',
      'aria-hidden': 'true',
      focusable: 'false',
      preserveAspectRatio: 'xMidYMid meet',
    });
    const defs = el('defs', null, svg);
    const grad = (name, fx, fy, stops, cx, cy, r) => {
      const g = el('radialGradient', {
        id: id + name, cx, cy, r, fx, fy, fr: 0,
      }, defs);
      for (const [offset, color, opacity] of stops) {
        el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity }, g);
      }
    };
    // The stones of assets.rs: lit from the upper left (the focus 0.35 r left, 0.4 r up).
    grad('b', 0.325, 0.3, [[0, 'rgb(98,98,98)', 1], [0.35, 'rgb(40,40,40)', 1],
      [1, 'rgb(10,10,10)', 1]], 0.5, 0.5, 0.5);
    grad('w', 0.325, 0.3, [[0, 'rgb(255,255,255)', 1], [0.55, 'rgb(240,240,240)', 1],
      [1, 'rgb(176,176,176)', 1]], 0.5, 0.5, 0.5);
    // The soft shadow: opaque to 80 % of its radius, then fading out.
    grad('s', 0.5, 0.5, [[0.8, 'rgb(0,0,0)', (90 / 255).toFixed(3)], [1, 'rgb(0,0,0)', 0]],
      0.5, 0.5, 0.5);

    el('rect', { x: vb[0], y: vb[1], width: vb[2], height: vb[3], fill: WOOD }, svg);

    // Grid: inner lines in one path, the border one unit heavier.
    let d = '';
    for (let i = 1; i < n - 1; i++) {
      const t = l.x(i);
      d += `M${t} ${lo}V${hi}M${lo} ${t}H${hi}`;
    }
    const grid = el('path', { d, stroke: INK, 'stroke-width': l.line, fill: 'none' }, svg);
    const border = el('rect', {
      x: lo, y: lo, width: hi - lo, height: hi - lo,
      stroke: INK, 'stroke-width': l.line + 1, fill: 'none',
    }, svg);
    const starR = Math.max(l.cell * 0.085, 2.5);
    const stars = starPoints(n).map(([c, r]) =>
      el('circle', { cx: l.x(c), cy: l.y(r), r: starR, fill: INK }, svg));
    const px = (n > 15 ? 17 : 19) / FONT_HEIGHT_EM;
    let labels = null;
    if (coords) {
      const g = el('g', {
        fill: COORD_INK,
        'font-family': 'DejaVu Sans, Verdana, Arial, sans-serif',
        'font-size': px.toFixed(2),
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      }, svg);
      labels = g;
      const inset = l.coordInset;
      const far = BOARD_PX - inset;
      for (let i = 0; i < n; i++) {
        const letter = LETTERS.charAt(i);
        const number = String(i + 1);
        for (const [x, y, text] of [
          [l.x(i), inset, letter], [l.x(i), far, letter],
          [inset, l.y(i), number], [far, l.y(i), number],
        ]) {
          const t = el('text', { x, y }, g);
          t.textContent = text;
        }
      }
    }
    const shadows = el('g', null, svg);
    const stones = el('g', null, svg);
    const marks = el('g', { fill: 'none' }, svg);
    container.replaceChildren(svg);

    const board = {
      svg,
      n,
      /**
       * Keeps the grid at least one screen pixel wide, the star points and the coordinates
       * readable, however small the board is drawn (a phone, a small board).
       */
      fitLines(width) {
        if (!(width > 0)) return;
        const perPx = vb[2] / width;
        grid.setAttribute('stroke-width', Math.max(l.line, perPx).toFixed(2));
        border.setAttribute('stroke-width', Math.max(l.line + 1, 1.6 * perPx).toFixed(2));
        const sr = Math.min(Math.max(starR, 1.6 * perPx), l.cell * 0.16).toFixed(2);
        for (const dot of stars) dot.setAttribute('r', sr);
        if (labels) {
          // At most what fits in the margin and between two lines.
          const size = Math.min(Math.max(px, 10 * perPx), l.cell * 0.62, l.coordInset * 1.1);
          labels.setAttribute('font-size', size.toFixed(2));
        }
      },
      show(pos) {
        drawPosition(l, id, shadows, stones, marks, pos);
      },
    };
    watchSize(board);
    return board;
  }

  let resizer = null;
  /** Refits a board's lines whenever its drawn width changes. */
  function watchSize(board) {
    if (typeof ResizeObserver === 'undefined') {
      board.fitLines(board.svg.getBoundingClientRect().width);
      return;
    }
    if (!resizer) {
      resizer = new ResizeObserver((entries) => {
        for (const e of entries) {
          if (e.target.tengenBoard) e.target.tengenBoard.fitLines(e.contentRect.width);
        }
      });
    }
    board.svg.tengenBoard = board;
    resizer.observe(board.svg);
  }

  /** Draws the stones and marks of `pos` into the board's layers (replacing what was there). */
  function drawPosition(l, id, shadowLayer, stoneLayer, markLayer, pos) {
    const shadows = document.createDocumentFragment();
    const stones = document.createDocumentFragment();
    const marks = document.createDocumentFragment();
    const r = l.stone;
    const mark = Math.max(l.cell * 0.07, 2);
    const dead = new Set((pos.dead || []).map((p) => p[0] + ',' + p[1]));
    const rim = Math.min(Math.max(r / 20, 0.8), 1.5);
    // Rows from the top, as the PNG blits them, so a lower stone's shadow falls on the wood.
    const keys = Array.from(pos.stones.keys()).sort((a, b) => {
      const [ac, ar] = a.split(',').map(Number);
      const [bc, br] = b.split(',').map(Number);
      return br - ar || ac - bc;
    });
    for (const key of keys) {
      const color = pos.stones.get(key);
      const [c, row] = key.split(',').map(Number);
      if (c < 0 || row < 0 || c >= l.n || row >= l.n) continue;
      const x = l.x(c);
      const y = l.y(row);
      const isDead = dead.has(key);
      el('circle', {
        cx: x + r * 0.06, cy: y + r * 0.1, r: r * 1.08, fill: `url(#${id}s)`,
        opacity: isDead ? 0.45 : 1,
      }, shadows);
      const attrs = {
        cx: x, cy: y, r, fill: `url(#${id}${color})`,
        'data-stone': color, 'data-point': pointName([c, row]),
      };
      if (color === 'w') {
        attrs.stroke = 'rgb(90,85,75)';
        attrs['stroke-opacity'] = (110 / 255).toFixed(3);
        attrs['stroke-width'] = rim;
      }
      if (isDead) {
        attrs.opacity = 0.45;
        attrs['data-dead'] = 'true';
      }
      el('circle', attrs, stones);
    }
    // Territory: a small square of the owner's colour, edged so White's reads on the wood.
    const h = Math.max(l.cell * 0.15, 3);
    for (const [list, fillColor, edge] of [
      [pos.black, 'rgb(16,16,16)', 'rgb(16,16,16)'],
      [pos.white, 'rgb(250,250,248)', 'rgb(60,60,60)'],
    ]) {
      for (const p of list || []) {
        el('rect', {
          x: l.x(p[0]) - h, y: l.y(p[1]) - h, width: 2 * h, height: 2 * h,
          fill: fillColor, stroke: edge, 'stroke-width': 1, 'data-territory': fillColor === 'rgb(16,16,16)' ? 'b' : 'w',
        }, marks);
      }
    }
    // Dead stones: a red cross.
    const ch = l.cell * 0.2;
    for (const key of dead) {
      if (!pos.stones.has(key)) continue;
      const [c, row] = key.split(',').map(Number);
      const x = l.x(c);
      const y = l.y(row);
      el('path', {
        d: `M${x - ch} ${y - ch}L${x + ch} ${y + ch}M${x + ch} ${y - ch}L${x - ch} ${y + ch}`,
        stroke: CROSS_RED, 'stroke-width': mark * 1.2, 'stroke-linecap': 'round',
      }, marks);
    }
    // The last stone played: a ring inside it in the other stone's colour.
    if (pos.last) {
      const key = pos.last[0] + ',' + pos.last[1];
      const color = pos.stones.get(key);
      if (color) {
        el('circle', {
          cx: l.x(pos.last[0]), cy: l.y(pos.last[1]), r: r * 0.5,
          stroke: color === 'b' ? 'rgb(245,245,245)' : 'rgb(20,20,20)',
          'stroke-width': mark, fill: 'none', 'data-last': 'true',
        }, marks);
      }
    }
    shadowLayer.replaceChildren(shadows);
    stoneLayer.replaceChildren(stones);
    markLayer.replaceChildren(marks);
  }

  // ---------------------------------------------------------------------------------------
  // Small boards (event and server pages)

  function drawMiniBoards(root) {
    for (const fig of root.querySelectorAll('.mini-board[data-position]')) {
      let data;
      try {
        data = JSON.parse(fig.getAttribute('data-position'));
      } catch (e) {
        continue;
      }
      const n = Number(data.size) || 19;
      const stones = new Map();
      for (const p of data.black || []) stones.set(p[0] + ',' + p[1], 'b');
      for (const p of data.white || []) stones.set(p[0] + ',' + p[1], 'w');
      if (!fig.hasAttribute('role')) fig.setAttribute('role', 'img');
      createBoard(fig, n, false).show({ stones, last: data.last || null });
    }
  }

  /**
   * Follows `url` (an event or server page's stream): on each `changed`, fetches this page
   * again and puts the new `<main>`'s children in place of the current ones. One fetch at a
   * time; a burst of events during a fetch costs one more fetch after it.
   */
  function followPage(main, url) {
    let busy = false;
    let again = false;
    const refresh = async () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          try {
            const res = await fetch(location.href, {
              method: 'GET',
              credentials: 'same-origin',
              cache: 'no-store',
              headers: { Accept: 'text/html' },
            });
            if (!res.ok) continue;
            const text = await res.text();
            const doc = new DOMParser().parseFromString(text, 'text/html');
            const fresh = doc.querySelector('main');
            if (!fresh) continue;
            const nodes = Array.from(fresh.childNodes, (node) => document.importNode(node, true));
            if (resizer) {
              for (const svg of main.querySelectorAll('svg.goban')) resizer.unobserve(svg);
            }
            main.replaceChildren(...nodes);
            drawMiniBoards(main);
          } catch (e) {
            // A failed fetch (the server restarting): the next event tries again.
          }
        } while (again);
      } finally {
        busy = false;
      }
    };
    const source = new EventSource(url);
    source.addEventListener('changed', refresh);
  }

  // ---------------------------------------------------------------------------------------
  // The game page

  function gamePage(main, dataEl) {
    const boardFig = document.getElementById('board');
    const controls = document.getElementById('controls');
    const moveNumber = document.getElementById('move-number');
    const statusEl = document.getElementById('status');
    const capturesEl = document.getElementById('captures');
    const clockEl = document.getElementById('clock');
    const list = document.getElementById('moves');

    let data = JSON.parse(dataEl.textContent);
    let n = 0;
    let board = null;
    let boardSize = 0;
    let positions = [];
    let announcement = null;

    const words = () => data.words || {};
    const total = () => (data.moves || []).length;
    const colorLetter = (c) => (c === 'W' || c === 'w' ? 'W' : 'B');
    const moveText = (m) => (m.p ? colorLetter(m.c) + ' ' + pointName(m.p) : colorLetter(m.c) + ' ' + (words().pass || 'Pass'));

    /** Every position from the setup (0) to the last move, and the captures at each. */
    function replay() {
      const stones = new Map();
      for (const p of data.setup || []) stones.set(p[0] + ',' + p[1], 'b');
      const caps = { b: 0, w: 0 };
      positions = [{ stones: new Map(stones), last: null, caps: { b: 0, w: 0 } }];
      for (const m of data.moves || []) {
        const color = colorLetter(m.c) === 'W' ? 'w' : 'b';
        if (m.p) stones.set(m.p[0] + ',' + m.p[1], color);
        for (const p of m.cap || []) stones.delete(p[0] + ',' + p[1]);
        caps[color] += (m.cap || []).length;
        positions.push({ stones: new Map(stones), last: m.p || null, caps: { b: caps.b, w: caps.w } });
      }
    }

    function ensureBoard() {
      const size = Number(data.size) || 19;
      if (!board || boardSize !== size) {
        board = createBoard(boardFig, size, true);
        boardSize = size;
      }
    }

    function moveItem(m, i) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.n = String(i + 1);
      b.textContent = (i + 1) + '. ' + moveText(m);
      li.appendChild(b);
      return li;
    }

    let listed = [];
    /** Keeps the move list in step with the moves, appending when the game only grew. */
    function syncList() {
      if (!list) return;
      const moves = data.moves || [];
      const key = (m) => (m.c || '') + (m.p ? m.p.join(',') : '-');
      let same = listed.length <= moves.length && list.children.length === listed.length;
      for (let i = 0; same && i < listed.length; i++) same = listed[i] === key(moves[i]);
      const frag = document.createDocumentFragment();
      if (!same) {
        list.replaceChildren();
        listed = [];
      }
      for (let i = listed.length; i < moves.length; i++) frag.appendChild(moveItem(moves[i], i));
      list.appendChild(frag);
      listed = moves.map(key);
    }

    /** Scrolls the list (and only the list) so that `item` shows. */
    function revealInList(item) {
      const box = list.getBoundingClientRect();
      const r = item.getBoundingClientRect();
      if (list.scrollHeight <= list.clientHeight + 1) return;
      if (r.top < box.top) list.scrollTop -= box.top - r.top + 4;
      else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom + 4;
    }

    function setText(node, text) {
      if (node && node.textContent !== text) node.textContent = text;
    }

    function render() {
      const t = total();
      n = Math.max(0, Math.min(n, t));
      ensureBoard();
      const pos = positions[n];
      const atEnd = n === t;
      const fin = atEnd && data.final ? data.final : null;
      board.show({
        stones: pos.stones,
        last: pos.last,
        dead: fin ? fin.dead : null,
        black: fin ? fin.black : null,
        white: fin ? fin.white : null,
      });
      const w = words();
      const current = n > 0 ? moveText(data.moves[n - 1]) : (w.start || '');
      let blacks = 0;
      let whites = 0;
      for (const c of pos.stones.values()) {
        if (c === 'b') blacks++;
        else whites++;
      }
      boardFig.setAttribute('role', 'img');
      boardFig.setAttribute('aria-label', fill(w.board, { n, total: t, move: current, black: blacks, white: whites }));
      if (moveNumber) {
        moveNumber.dataset.n = String(n);
        moveNumber.dataset.total = String(t);
        setText(moveNumber, n === 0 && w.start ? w.start : fill(w.move, { n, total: t }));
      }
      if (controls) {
        for (const b of controls.querySelectorAll('button[data-step]')) {
          const step = b.dataset.step;
          const off = (step === 'first' || step === 'prev') ? n === 0 : n === t;
          b.setAttribute('aria-disabled', off ? 'true' : 'false');
        }
      }
      const caps = atEnd
        ? { b: Number(data.captures_black) || 0, w: Number(data.captures_white) || 0 }
        : pos.caps;
      if (capturesEl && w.captures) setText(capturesEl, fill(w.captures, { b: caps.b, w: caps.w }));
      if (announcement && atEnd) announcement = null;
      if (statusEl) {
        const s = announcement || data.status;
        if (s != null) setText(statusEl, String(s));
      }
      if (clockEl && data.clock) {
        const parts = [data.clock.B, data.clock.W].filter((x) => x);
        setText(clockEl, parts.join(' · '));
      }
      if (list) {
        const prev = list.querySelector('[aria-current]');
        const item = n > 0 ? list.children[n - 1] : null;
        const btn = item ? item.querySelector('button') : null;
        if (prev && prev !== btn) prev.removeAttribute('aria-current');
        if (btn) {
          btn.setAttribute('aria-current', 'true');
          revealInList(item);
        } else if (n === 0) {
          list.scrollTop = 0;
        }
      }
    }

    function go(to) {
      const t = total();
      const next = Math.max(0, Math.min(to, t));
      if (next === n) return;
      n = next;
      render();
    }

    function load(next, first) {
      const wasAtEnd = first || n >= total();
      const before = total();
      data = next;
      replay();
      syncList();
      const t = total();
      if (wasAtEnd) {
        n = t;
        announcement = null;
      } else if (t > before) {
        const last = data.moves[t - 1];
        announcement = fill(words().new_move, { move: moveText(last) });
      }
      render();
    }

    load(data, true);

    if (controls) {
      controls.addEventListener('click', (e) => {
        const b = e.target.closest('button[data-step]');
        if (!b) return;
        const step = b.dataset.step;
        if (step === 'first') go(0);
        else if (step === 'prev') go(n - 1);
        else if (step === 'next') go(n + 1);
        else if (step === 'last') go(total());
      });
    }
    if (list) {
      list.addEventListener('click', (e) => {
        const b = e.target.closest('button[data-n]');
        if (b) go(Number(b.dataset.n));
      });
    }
    if (!boardFig.hasAttribute('tabindex')) boardFig.setAttribute('tabindex', '0');

    document.addEventListener('keydown', (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const t = e.target;
      if (t && t.closest && t.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return;
      let to = null;
      switch (e.key) {
        case 'ArrowLeft': to = n - 1; break;
        case 'ArrowRight': to = n + 1; break;
        case 'Home': to = 0; break;
        case 'End': to = total(); break;
        case 'PageUp': to = n - 10; break;
        case 'PageDown': to = n + 10; break;
        default: return;
      }
      e.preventDefault();
      go(to);
    });

    const url = main.dataset.live;
    if (url && data.result == null && typeof EventSource !== 'undefined') {
      const source = new EventSource(url);
      source.addEventListener('state', (e) => {
        let next;
        try {
          next = JSON.parse(e.data);
        } catch (err) {
          return;
        }
        load(next, false);
        // The game is over: the server ends the stream; stop EventSource from reconnecting.
        if (next.result != null) source.close();
      });
    }
  }

  function start() {
    const dataEl = document.getElementById('game-data');
    const game = document.getElementById('game');
    if (dataEl && game && document.getElementById('board')) {
      gamePage(game, dataEl);
    }
    drawMiniBoards(document);
    const main = document.querySelector('main[data-live]');
    if (main && !dataEl) followPage(main, main.dataset.live);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
