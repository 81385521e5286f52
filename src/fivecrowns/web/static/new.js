// The new-game form: send the options to the API, then open the game's page.
"use strict";
document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const rules = {};
  for (const input of form.querySelectorAll("[data-rule]")) {
    const kind = input.dataset.rule;
    if (kind === "bool") {
      rules[input.name] = input.checked;
    } else if (input.value !== input.dataset.default) {
      try {
        rules[input.name] = kind === "number" ? Number(input.value) : JSON.parse(input.value);
      } catch (error) {
        rules[input.name] = input.value;
      }
    }
  }
  const body = {
    players: Number(form.players.value),
    difficulty: form.difficulty.value,
    rules: rules,
  };
  const response = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    document.getElementById("message").textContent = answer.error;
    return;
  }
  window.location.assign("/games/" + answer.id);
});
