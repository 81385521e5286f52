// A game's table: a click (or a key) on a card or a pile, or a drag (mouse or touch: a pile
// dragged onto the hand draws from it, a hand card dragged onto the discard pile discards it)
// posts the action to the API; the
// moves that follow (the bots' replies) are shown one by one with a pause, then the table
// is fetched again from the server, which renders it.
"use strict";
const game = document.getElementById("game");
const gameId = game.dataset.id;
const PAUSE_MS = Number(new URLSearchParams(window.location.search).get("pause") || 600);
let busy = false;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function seatName(seat) {
  return seat === 0 ? "You" : "Bot " + seat;
}

async function refresh() {
  const response = await fetch("/games/" + gameId + "/table");
  game.innerHTML = await response.text();
  const first = game.querySelector("button:not([disabled])");
  if (first && document.activeElement === document.body) first.focus();
}

async function play(action) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  const message = document.getElementById("message");
  message.textContent = "";
  try {
    const response = await fetch("/api/games/" + gameId + "/actions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: action }),
    });
    const answer = await response.json();
    if (!response.ok) {
      message.textContent = answer.error;
      return;
    }
    const moves = document.getElementById("moves");
    for (const [seat, move] of answer.moves) {
      if (seat === 0) continue;
      moves.textContent = seatName(seat) + ": " + move;
      await sleep(PAUSE_MS);
    }
    await refresh();
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

let dragged = false; // (a drag just ended: the click that follows it is not a click)

game.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (dragged) {
    dragged = false;
    return;
  }
  if (button && !button.disabled) play(button.dataset.action);
});

// Drag and drop by pointer events (a mouse, a pen or a finger). The drag starts once the
// pointer has moved 8 px; a ghost of the card follows it; on release, the element under the
// pointer says where it was dropped.
let drag = null;

function dropZone(source) {
  return source.classList.contains("pile") ? "hand" : "discard";
}

function zoneAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under === null ? null : under.closest("#hand, #discard");
}

game.addEventListener("pointerdown", (event) => {
  const source = event.target.closest(".pile[data-action], #hand .hand-card[data-action]");
  if (busy || !source || source.disabled || event.button !== 0) return;
  drag = { source: source, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
});

document.addEventListener("pointermove", (event) => {
  if (drag === null || event.pointerId !== drag.id) return;
  if (drag.ghost === null) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
    drag.ghost = drag.source.firstElementChild.cloneNode(true);
    drag.ghost.classList.add("drag-ghost");
    document.body.appendChild(drag.ghost);
    document.getElementById(dropZone(drag.source)).classList.add("drop-target");
  }
  drag.ghost.style.left = event.clientX - 20 + "px";
  drag.ghost.style.top = event.clientY - 30 + "px";
  event.preventDefault();
});

function endDrag(event, dropped) {
  if (drag === null || event.pointerId !== drag.id) return;
  const { source, ghost } = drag;
  drag = null;
  if (ghost === null) return; // (a click, handled as one)
  ghost.remove();
  document.querySelectorAll(".drop-target").forEach((zone) => zone.classList.remove("drop-target"));
  dragged = true;
  setTimeout(() => (dragged = false), 0);
  const zone = dropped ? zoneAt(event.clientX, event.clientY) : null;
  if (zone !== null && zone.id === dropZone(source)) play(source.dataset.action);
}

document.addEventListener("pointerup", (event) => endDrag(event, true));
document.addEventListener("pointercancel", (event) => endDrag(event, false));

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT") return;
  const key = event.key.toLowerCase();
  if (key === "d") play("draw");
  else if (key === "t") play("take");
  else if (key === "arrowright" || key === "arrowleft") {
    const cards = Array.from(game.querySelectorAll(".hand-card"));
    const at = cards.indexOf(document.activeElement);
    const step = key === "arrowright" ? 1 : -1;
    const next = cards[(at + step + cards.length) % cards.length];
    if (next) next.focus();
    event.preventDefault();
  }
});
