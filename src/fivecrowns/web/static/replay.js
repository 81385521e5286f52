// The replay viewer: the saved game stays in the page; each step is rendered by the server
// (POST /replay/step), stepped with the buttons or the arrow keys. "Annotate" asks the API
// for the annotator's marks (POST /api/annotations, seconds for a whole game); then each
// step shows the mark of the move just played, and the biggest mistakes jump to their step.
"use strict";
let game = null;
let step = 0;
let steps = 0;
let notes = null; // the annotations by the index of their action
const message = document.getElementById("message");
const buttons = ["first", "back", "next", "last"].map((id) => document.getElementById(id));
const annotateButton = document.getElementById("annotate");
const reviewStatus = document.getElementById("review-status");

function seatName(seat) {
  return "player " + seat;
}

function describe(note) {
  const loss = note.loss.toFixed(1) + " points";
  const mark = note.mark === null ? "no mark" : note.mark;
  if (note.played === note.best) return "best move (" + note.played + ")";
  return mark + ": " + note.played + " loses " + loss + "; best: " + note.best;
}

function showMark() {
  const mark = document.getElementById("mark");
  const note = notes === null || step === 0 ? undefined : notes.get(step - 1);
  mark.dataset.mark = note === undefined ? "" : note.mark || "none";
  if (notes === null) mark.textContent = "";
  else if (note === undefined) mark.textContent = "No decision at this step.";
  else mark.textContent = "Step " + step + ", " + seatName(note.seat) + ": " + describe(note);
}

async function show(wanted) {
  const response = await fetch("/replay/step", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: game, step: wanted }),
  });
  const answer = await response.json();
  if (!response.ok) {
    message.textContent = answer.error;
    return;
  }
  message.textContent = "";
  step = answer.step;
  steps = answer.steps;
  document.getElementById("step").innerHTML = answer.html;
  buttons[0].disabled = buttons[1].disabled = step === 0;
  buttons[2].disabled = buttons[3].disabled = step === steps;
  showMark();
}

function showWorst(answer) {
  const list = document.getElementById("worst-list");
  list.replaceChildren();
  const marked = answer.worst.map((index) => notes.get(index)).filter((n) => n.mark !== null);
  for (const note of marked.slice(0, 10)) {
    const item = document.createElement("li");
    const jump = document.createElement("button");
    jump.className = "jump";
    jump.dataset.step = String(note.index + 1);
    jump.textContent =
      "Step " + (note.index + 1) + " (round " + note.round + "), " + seatName(note.seat) +
      ": " + describe(note);
    jump.addEventListener("click", () => show(note.index + 1));
    item.appendChild(jump);
    list.appendChild(item);
  }
  if (marked.length === 0) list.textContent = "No move is marked.";
  document.getElementById("worst").hidden = false;
}

async function annotate() {
  annotateButton.disabled = true;
  reviewStatus.textContent = "Annotating (a few seconds for a whole game)...";
  try {
    const response = await fetch("/api/annotations", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: game }),
    });
    const answer = await response.json();
    if (!response.ok) {
      reviewStatus.textContent = answer.error;
      annotateButton.disabled = false;
      return;
    }
    notes = new Map(answer.annotations.map((note) => [note.index, note]));
    const marked = answer.annotations.filter((note) => note.mark !== null).length;
    reviewStatus.textContent =
      answer.annotations.length + " decisions annotated, " + marked + " marked.";
    reviewStatus.dataset.done = "1";
    showWorst(answer);
    showMark();
  } catch (error) {
    reviewStatus.textContent = "the annotation failed: " + error;
    annotateButton.disabled = false;
  }
}

document.getElementById("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = document.getElementById("file").files[0];
  const text = file ? await file.text() : document.getElementById("text").value;
  try {
    game = JSON.parse(text);
  } catch (error) {
    message.textContent = "that is not JSON: open a saved game";
    return;
  }
  notes = null;
  reviewStatus.textContent = "";
  delete reviewStatus.dataset.done;
  document.getElementById("worst").hidden = true;
  await show(0);
  annotateButton.disabled = false;
});

annotateButton.addEventListener("click", annotate);
buttons[0].addEventListener("click", () => show(0));
buttons[1].addEventListener("click", () => show(Math.max(0, step - 1)));
buttons[2].addEventListener("click", () => show(Math.min(steps, step + 1)));
buttons[3].addEventListener("click", () => show(steps));
document.addEventListener("keydown", (event) => {
  if (game === null || event.target.tagName === "TEXTAREA") return;
  if (event.key === "ArrowRight" && step < steps) show(step + 1);
  if (event.key === "ArrowLeft" && step > 0) show(step - 1);
});
