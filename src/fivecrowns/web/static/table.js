// A game's table: a click (or a key) on a card or a pile posts the action to the API; the
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

game.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (button && !button.disabled) play(button.dataset.action);
});

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
