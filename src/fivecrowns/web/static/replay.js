// The replay viewer: the saved game stays in the page; each step is rendered by the server
// (POST /replay/step), stepped with the buttons or the arrow keys.
"use strict";
let game = null;
let step = 0;
let steps = 0;
const message = document.getElementById("message");
const buttons = ["first", "back", "next", "last"].map((id) => document.getElementById(id));

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
  await show(0);
});

buttons[0].addEventListener("click", () => show(0));
buttons[1].addEventListener("click", () => show(Math.max(0, step - 1)));
buttons[2].addEventListener("click", () => show(Math.min(steps, step + 1)));
buttons[3].addEventListener("click", () => show(steps));
document.addEventListener("keydown", (event) => {
  if (game === null || event.target.tagName === "TEXTAREA") return;
  if (event.key === "ArrowRight" && step < steps) show(step + 1);
  if (event.key === "ArrowLeft" && step > 0) show(step - 1);
});
