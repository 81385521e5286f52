// The analyser's palette: a click on a card adds it to the hand typed in the form.
"use strict";
const text = document.getElementById("hand-text");
for (const button of document.querySelectorAll("button.pick")) {
  button.addEventListener("click", () => {
    text.value = (text.value.trim() + " " + button.dataset.card).trim();
    text.focus();
  });
}
